"""Guidance on wrong input at the command line: JCL given to ``mqsc run``, standard input on a
terminal, a deck in another encoding, mistyped words (the z/OS reply stays as it is)."""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path

import pytest

from mqsc.cli import main

ROOT = Path(__file__).resolve().parents[2]
JCL = str(ROOT / "samples" / "l02" / "V8NOIO11.jcl")


@pytest.mark.parametrize("command", ["run", "check", "plan"])
def test_jcl_is_pointed_at_mqsc_job(command, capsys) -> None:
    status = main([command, "--memory", JCL])
    assert status in (2, 20)
    captured = capsys.readouterr()
    assert f"run the job with: mqsc job {JCL}" in captured.err
    assert "CSQ9" not in captured.out  # nothing was run as MQSC


def test_a_deck_in_another_encoding_suggests_encoding(tmp_path, capsys) -> None:
    deck = tmp_path / "ebcdic.mqsc"
    deck.write_bytes("DEFINE QLOCAL(A)\n".encode("cp1047"))
    assert main(["run", "--memory", str(deck)]) == 20
    assert "--encoding cp1047" in capsys.readouterr().err
    assert main(["run", "--memory", "--encoding", "cp1047", str(deck)]) == 0


def test_mistyped_words_get_did_you_mean_on_stderr(tmp_path, capsys) -> None:
    deck = tmp_path / "typo.mqsc"
    deck.write_text("DEFINE QLOCAL(A) MAXDEPHT(5)\nDEFINE QLOCALL(B)\nDEFINE QLOCAL(C)\n")
    assert main(["run", "--memory", str(deck)]) == 10
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        f"mqsc run: {deck}:1: 'MAXDEPHT': did you mean MAXDEPTH?",
        f"mqsc run: {deck}:2: 'QLOCALL': did you mean QLOCAL?",
    ]
    assert "did you mean" not in captured.out  # the SYSPRINT-like replies are untouched
    assert main(["check", "--memory", str(deck)]) == 1
    out = capsys.readouterr().out
    assert "^~~~~~~~\nhint: 'MAXDEPHT': did you mean MAXDEPTH?\n" in out


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")
def test_run_from_a_terminal_says_it_reads_standard_input(mqsc_home: Path) -> None:
    from tests.repl.pty_driver import Terminal

    binary = shutil.which("mqsc", path=str(Path(sys.executable).parent))
    if binary is None:
        pytest.skip("needs the installed mqsc script")
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(mqsc_home),
        "MQSC_HOME": str(mqsc_home),
        "NO_COLOR": "1",
        "LANG": "C.UTF-8",
    }
    terminal = Terminal([binary, "run", "--memory"], env)
    terminal.wait_for("reading MQSC commands from standard input; end with Ctrl-D", timeout=30)
    terminal.type("DISPLAY QMGR\r\x04")
    terminal.wait_for("CSQ9022I QMZ1", timeout=30)
    deadline = time.perf_counter() + 10
    while terminal.process.poll() is None and time.perf_counter() < deadline:
        terminal.pump(0.05)
    assert terminal.process.wait(5) == 0
    os.close(terminal.fd)


def test_a_refused_value_is_followed_by_the_values_the_keyword_takes(
    tmp_path: Path, capsys
) -> None:
    # CSQ9011E says only that the value is invalid; the hint line (outside the z/OS framing)
    # says what the keyword takes, from the catalog.
    deck = tmp_path / "values.mqsc"
    deck.write_text("DEFINE QLOCAL(A) DEFPSIST(MAYBE)\nDEFINE QLOCAL(B) MAXDEPTH(LOTS)\n")
    assert main(["run", "--memory", str(deck)]) == 10
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        f"mqsc run: {deck}:1: 'DEFPSIST' takes NO|YES",
        f"mqsc run: {deck}:2: 'MAXDEPTH' takes integer 0-999,999,999",
    ]
    assert "takes" not in captured.out
    assert main(["check", "--memory", str(deck)]) == 1
    out = capsys.readouterr().out
    assert "hint: 'DEFPSIST' takes NO|YES\n" in out


def test_a_second_error_on_the_line_is_shown_too(tmp_path: Path, capsys) -> None:
    # z/OS answers a command's first error only (here the apostrophe left open); the run says
    # the others beside the reply, and the check lists each with its own position.
    deck = tmp_path / "two.mqsc"
    deck.write_text("DEFINE QLOCAL(A) MAXDEPHT(5) DESCR('unbalanced\n")
    assert main(["run", "--memory", str(deck)]) == 10
    captured = capsys.readouterr()
    assert "CSQ9003E QMZ1 'DESCR' parameter contains unbalanced apostrophes" in captured.out
    assert "MAXDEPHT" not in captured.out.split("\n", 1)[1]  # the reply is z/OS's
    assert captured.err.splitlines() == [
        f"mqsc run: {deck}:1: also: CSQ9001E 'MAXDEPHT' is invalid",
        f"mqsc run: {deck}:1: 'MAXDEPHT': did you mean MAXDEPTH?",
    ]
    assert main(["check", "--memory", str(deck)]) == 1
    out = capsys.readouterr().out
    assert f"{deck}:1:18: CSQ9001E 'MAXDEPHT' is invalid\n" in out
    assert f"{deck}:1:36: CSQ9003E 'DESCR' parameter contains unbalanced apostrophes\n" in out


#: Each deck line with the exact (column, message) list ``mqsc check`` gives for it: a
#: required keyword present with a bad value is not also "missing", and an error inside a
#: keyword's value is not repeated as the keyword's own.
BAD_VALUES = [
    (
        "DEFINE CHANNEL(X) CHLTYPE(BAD) TRPTYPE(TCP)",
        [(19, "MQSC011E 'CHLTYPE' parameter value is invalid")],
    ),
    ("RESET QMGR TYPE(X)", [(12, "MQSC011E 'TYPE' parameter value is invalid")]),
    ("RESOLVE INDOUBT(A) ACTION(X)", [(20, "MQSC011E 'ACTION' parameter value is invalid")]),
    (
        "CLEAR TOPICSTR('a') CLRTYPE(X)",
        [(21, "MQSC011E 'CLRTYPE' parameter value is invalid")],
    ),
    ("DEFINE LOG(A) COPY(3)", [(15, "MQSC592E CSQJC001 COPY(3) VALUE INVALID OR OUT OF RANGE")]),
    ("DISPLAY QLOCAL(*) WHERE(FOO EQ 1)", [(25, "CSQ9001E 'FOO' is invalid")]),
    # Real second errors still come: another bad value, a required keyword truly missing,
    # an unknown keyword after a bad WHERE.
    (
        "DEFINE CHANNEL(X) CHLTYPE(BAD) TRPTYPE(XYZ)",
        [
            (19, "MQSC011E 'CHLTYPE' parameter value is invalid"),
            (32, "MQSC011E 'TRPTYPE' parameter value is invalid"),
        ],
    ),
    (
        "DEFINE CHANNEL(X) TRPTYPE(XYZ)",
        [
            (1, "MQSC010E Required parameter for 'CHLTYPE' is missing"),
            (19, "MQSC011E 'TRPTYPE' parameter value is invalid"),
        ],
    ),
    (
        "DISPLAY QLOCAL(*) WHERE(FOO EQ 1) BADKW",
        [(25, "CSQ9001E 'FOO' is invalid"), (35, "CSQ9001E 'BADKW' is invalid")],
    ),
]


@pytest.mark.parametrize(("line", "expected"), BAD_VALUES, ids=[b[0] for b in BAD_VALUES])
def test_check_lists_exactly_the_errors_a_command_has(
    tmp_path: Path, capsys, line: str, expected: list[tuple[int, str]]
) -> None:
    deck = tmp_path / "deck.mqsc"
    deck.write_text(line + "\n")
    assert main(["check", "--memory", str(deck)]) == 1
    captured = capsys.readouterr()
    out = captured.out
    prefix = f"{deck}:1:"
    found = [
        (int(rest.split(":", 1)[0]), rest.split(": ", 1)[1])
        for rest in (row[len(prefix) :] for row in out.splitlines() if row.startswith(prefix))
    ]
    assert found == expected
    plural = "s" if len(expected) > 1 else ""
    assert f" in 1 file: {len(expected)} error{plural}," in captured.err


def test_run_says_no_false_missing_beside_a_bad_value(tmp_path: Path, capsys) -> None:
    deck = tmp_path / "deck.mqsc"
    deck.write_text("DEFINE CHANNEL(X) CHLTYPE(BAD) TRPTYPE(TCP)\n")
    assert main(["run", "--memory", str(deck)]) == 10
    captured = capsys.readouterr()
    assert "MQSC011E QMZ1 'CHLTYPE' parameter value is invalid" in captured.out
    assert "MQSC010E" not in captured.out + captured.err
