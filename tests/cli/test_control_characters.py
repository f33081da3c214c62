"""Terminal escape injection: control characters in a quoted value are kept
as typed, but never reach a terminal raw (run, --style console, the console, dump on a
terminal, check), and a CI report holding one stays valid XML."""

from __future__ import annotations

import io
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from mqsc.cli import main
from mqsc.render.visible import visible, xml_text

#: OSC 52 (write the clipboard) ended by BEL, an SGR colour, a NUL and a carriage return.
HOSTILE = "\x1b]52;c;aGVsbG8=\x07 \x1b[31mred\x00\r"
DECK = f"DEFINE QLOCAL(EVIL) DESCR('{HOSTILE}')\nDISPLAY QLOCAL(EVIL) DESCR\n"
RAW = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    path = tmp_path / "evil.mqsc"
    path.write_text(DECK, newline="")
    return path


@pytest.mark.parametrize("style", ["server", "console"])
def test_run_shows_control_characters(deck: Path, style: str, capsys) -> None:
    assert main(["run", "--memory", "--style", style, str(deck)]) == 0
    out = capsys.readouterr().out
    assert RAW.search(out) is None
    assert "DESCR(\\x1B]52;c;aGVsbG8=\\x07 \\x1B[31mred\\x00" in out
    assert "DESCR('\\x1B]52;c;aGVsbG8=\\x07 \\x1B[31mred\\x00\\x0D')" in out  # the echo


def test_the_value_is_kept_as_typed(tmp_path: Path) -> None:
    from mqsc import open_qmgr

    qm = open_qmgr("QMZ1", memory=True)
    qm.execute(f"DEFINE QLOCAL(EVIL) DESCR('{HOSTILE}')")
    (queue,) = qm.execute("DISPLAY QLOCAL(EVIL) DESCR").objects
    # As typed (trailing blanks are not significant in MQ's blank-padded fields; CR is one).
    assert queue.get("DESCR") == HOSTILE.rstrip()


def test_the_console_shows_control_characters(deck: Path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(DECK))
    main(["--memory"])
    out = capsys.readouterr().out
    assert RAW.search(out) is None and "\\x1B]52" in out


def test_dump_on_a_terminal_shows_them_and_into_a_file_keeps_them(
    deck, tmp_path, monkeypatch, capsys
) -> None:
    state = tmp_path / "qm.db"
    main(["run", "--state", str(state), str(deck)])
    capsys.readouterr()

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    assert main(["dump", "--state", str(state)]) == 0
    assert RAW.search(terminal.getvalue()) is None and "\\x1B]52" in terminal.getvalue()
    monkeypatch.undo()
    target = tmp_path / "dump.mqsc"
    assert main(["dump", "--state", str(state), "--output", str(target)]) == 0
    assert "\x1b]52" in target.read_text()  # the deck stays replayable exactly


@pytest.mark.parametrize("command", ["check", "run"])
def test_a_junit_report_stays_valid_xml(deck: Path, command: str, capsys) -> None:
    extra = ["--memory"] if command == "run" else []
    main([command, *extra, "--format", "junit", str(deck)])
    report = capsys.readouterr().out
    root = ET.fromstring(report)  # raised "not well-formed" before
    assert root.tag == "testsuites"
    assert "\\x1B]52" in report


def test_check_text_and_github_output(deck: Path, tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.mqsc"
    bad.write_text(f"DEFINE QLOCAL(EVIL) DESCR('{HOSTILE}') FOO\n", newline="")
    main(["check", "--syntax-only", str(bad)])
    main(["check", "--syntax-only", "--format", "github", str(bad)])
    assert RAW.search(capsys.readouterr().out) is None


def test_visible_and_xml_text() -> None:
    assert visible("a\tb") == "a\tb" and visible("\x9b31m") == "\\x9B31m"
    assert xml_text("\ufffe\x1b") == "\\uFFFE\\x1B"
