"""Inputs that never end, or are far too long, end promptly with a one-line error:
``mqsc run /dev/zero``, ``mqsc check /dev/zero``, standard input, the piped console
and its ``\\read``; a command longer than z/OS takes is refused with MQSC005E, the rest run."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from mqsc.cli import main
from mqsc.support import bounded

ZERO = "/dev/zero"
needs_dev_zero = pytest.mark.skipif(not Path(ZERO).exists(), reason="no /dev/zero")


@pytest.fixture
def small_ceiling(monkeypatch):
    """A ceiling of 1 MiB, so an endless input is refused after 1 MiB, not 64."""
    monkeypatch.setattr(bounded, "MAX_INPUT_BYTES", 1024 * 1024)


@needs_dev_zero
@pytest.mark.parametrize(
    "argv, status", [(["run", "--memory"], 20), (["check"], 2), (["plan", "--memory"], 2)]
)
def test_an_endless_file_is_refused_on_one_line(argv, status, small_ceiling, capsys) -> None:
    assert main([*argv, ZERO]) == status
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        f"mqsc {argv[0]}: {ZERO}: larger than 1 MiB, the most mqsc reads from one input"
    ]
    assert "Traceback" not in captured.out


def test_endless_standard_input_is_refused(small_ceiling, monkeypatch, capsys) -> None:
    class Endless(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def readinto(self, buffer) -> int:
            buffer[:] = b"A" * len(buffer)
            return len(buffer)

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(Endless())))
    assert main(["check", "-"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "mqsc check: -: larger than 1 MiB, the most mqsc reads from one input"
    ]


@needs_dev_zero
def test_the_piped_console_stops_at_a_line_that_is_not_mqsc(monkeypatch, capsys) -> None:
    with open(ZERO, encoding="utf-8") as zero:
        monkeypatch.setattr(sys, "stdin", zero)
        assert main(["--memory"]) == 2
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == (
        "Line longer than 65536 characters: this is not MQSC; the console stops reading."
    )


@needs_dev_zero
def test_read_of_an_endless_file_at_the_console(small_ceiling, monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"\\read {ZERO}\nDIS QMGR\n"))
    assert main(["--memory"]) == 0
    out = capsys.readouterr().out
    assert f"\\read: {ZERO}: larger than 1 MiB, the most mqsc reads from one input" in out
    assert "CSQ9022I QMZ1 CSQMDRTS ' DISPLAY QMGR' NORMAL COMPLETION" in out


def test_a_typed_command_longer_than_the_console_takes(monkeypatch, capsys) -> None:
    typed = "DEFINE QLOCAL(LONG) DESCR('" + "x" * 60 + "') " + "MAXDEPTH(5) " * 4
    assert len(typed.rstrip()) > 126
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed + "\nDIS QL(LONG)\n"))
    assert main(["--memory"]) == 10
    out = capsys.readouterr().out
    assert (
        "MQSC005E QMZ1 Command longer than 126 characters, the most z/OS takes from a "
        "console: not processed"
    ) in out
    assert "NO QLOCAL FOUND MATCHING REQUEST CRITERIA" in out  # nothing was defined


def test_run_refuses_the_long_command_and_runs_the_rest(tmp_path, capsys) -> None:
    deck = tmp_path / "deck.mqsc"
    deck.write_text("DEFINE QLOCAL(A) DESCR('" + "x" * 10_000_000 + "')\nDEFINE QLOCAL(B)\n")
    assert main(["run", "--memory", str(deck)]) == 10
    out = capsys.readouterr().out
    assert "MQSC005E" in out and "' DEFINE QLOCAL' NORMAL COMPLETION" in out
    assert len(out) < 2 * 32_762 + 2_000  # the echo stops at the limit too
