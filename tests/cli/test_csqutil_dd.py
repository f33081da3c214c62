"""``mqsc csqutil --dd NAME=PATH`` says what is wrong with a path that can be no data set (a
directory, a device, a pipe, a file in a directory that does not exist) in one line before
anything runs, an input DD that does not exist included."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mqsc.cli import main

SYSIN = "  COMMAND DDNAME(CMDINP) MAKEDEF(OUTDEF)\n"


@pytest.fixture
def sysin(tmp_path: Path) -> str:
    path = tmp_path / "sysin.txt"
    path.write_text(SYSIN)
    return str(path)


def _err_lines(capsys) -> list[str]:
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return captured.err.strip().splitlines()


@pytest.mark.parametrize(
    "kind, said",
    [
        ("directory", "a directory, not a data set"),
        ("device", "a device, not a data set"),
        ("fifo", "a pipe, not a data set"),
        ("no directory", "no such directory"),
        ("dangling link", "which does not exist"),
    ],
)
@pytest.mark.parametrize("dd", ["CMDINP", "OUTDEF"])
def test_a_path_that_can_be_no_data_set_stops_the_step(
    kind: str, said: str, dd: str, sysin: str, tmp_path: Path, capsys
) -> None:
    deck = tmp_path / "deck.mqsc"
    deck.write_text("  DISPLAY QMGR\n")
    path = {
        "directory": tmp_path,
        "device": Path("/dev/null"),
        "fifo": tmp_path / "fifo",
        "no directory": tmp_path / "missing" / "x.mqsc",
        "dangling link": tmp_path / "link",
    }[kind]
    if kind == "fifo":
        os.mkfifo(path)
    if kind == "dangling link":
        path.symlink_to(tmp_path / "nowhere")
    paths = {"CMDINP": deck, "OUTDEF": tmp_path / "out.mqsc", dd: path}
    status = main(["csqutil", sysin, "--memory", *[f"--dd={n}={p}" for n, p in paths.items()]])
    captured = capsys.readouterr()
    assert status == 12
    assert captured.out == ""  # nothing ran: no SYSPRINT
    [line] = captured.err.strip().splitlines()
    assert line.startswith(f"mqsc csqutil: --dd {dd}={path}: ") and said in line
    assert line.endswith("nothing was run")


def test_a_missing_input_stops_the_step_before_it_runs(sysin: str, tmp_path: Path, capsys) -> None:
    """SYSIN reads CMDINP: a path that does not exist is refused as the other bad paths are
    (no listing claiming the DD statement is missing); OUTDEF, written, may be a new file."""
    missing = tmp_path / "missing.mqsc"
    status = main(
        [
            "csqutil",
            sysin,
            "--memory",
            f"--dd=CMDINP={missing}",
            f"--dd=OUTDEF={tmp_path / 'out.mqsc'}",
        ]
    )
    captured = capsys.readouterr()
    assert status == 12
    assert captured.out == ""  # nothing ran: no SYSPRINT
    [line] = captured.err.strip().splitlines()
    assert line == (
        f"mqsc csqutil: --dd CMDINP={missing}: no such file (an input data set must exist); "
        "nothing was run"
    )
    assert not (tmp_path / "out.mqsc").exists()


def test_a_dd_no_statement_reads_may_be_missing(sysin: str, tmp_path: Path, capsys) -> None:
    deck = tmp_path / "deck.mqsc"
    deck.write_text("  DISPLAY QMGR\n")
    status = main(
        [
            "csqutil",
            sysin,
            "--memory",
            f"--dd=CMDINP={deck}",
            f"--dd=OUTDEF={tmp_path / 'out.mqsc'}",
            f"--dd=UNUSED={tmp_path / 'not-there.mqsc'}",
        ]
    )
    assert status == 0, capsys.readouterr()


def test_an_output_that_cannot_be_written_is_one_line_and_rc_12(
    sysin: str, tmp_path: Path, capsys
) -> None:
    deck = tmp_path / "deck.mqsc"
    deck.write_text("  DEFINE QLOCAL(MADE.HERE)\n")
    target = tmp_path / "precious.txt"
    target.write_text("keep")
    (tmp_path / "out.mqsc").symlink_to(target)
    status = main(
        [
            "csqutil",
            sysin,
            "--memory",
            f"--dd=CMDINP={deck}",
            f"--dd=OUTDEF={tmp_path / 'out.mqsc'}",
        ]
    )
    lines = _err_lines(capsys)
    assert status == 12 and len(lines) == 1
    assert "out.mqsc is a symbolic link to" in lines[0]
    assert target.read_text() == "keep"


def test_usable_paths_still_work(sysin: str, tmp_path: Path, capsys) -> None:
    deck = tmp_path / "deck.mqsc"
    deck.write_text("  DISPLAY QLOCAL(SYSTEM.DEFAULT.LOCAL.QUEUE) ALL\n")
    out = tmp_path / "out.mqsc"
    assert main(["csqutil", sysin, "--memory", f"--dd=CMDINP={deck}", f"--dd=OUTDEF={out}"]) == 0
    assert out.read_text().startswith("DEFINE QLOCAL(SYSTEM.DEFAULT.LOCAL.QUEUE) NOREPLACE")
    assert _err_lines(capsys) == []
