"""The real ``mqsc`` binary in a pseudo-terminal: the first prompt, a command with its CPF, and
Tab completing DEF to DEFINE, read back from the screen."""

from __future__ import annotations

import os
import re
import shutil
import stat
import sys
import time
from pathlib import Path

import pytest

from tests.repl.pty_driver import Terminal
from tests.repl.pty_driver import plain as plain_text

BINARY = shutil.which("mqsc", path=str(Path(sys.executable).parent))


@pytest.mark.skipif(
    BINARY is None or sys.platform == "win32",
    reason="needs the installed mqsc script and a POSIX pty",
)
def test_real_binary_in_a_pty(mqsc_home: Path) -> None:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(mqsc_home),
        "MQSC_HOME": str(mqsc_home),
        "XDG_CONFIG_HOME": str(mqsc_home / "config"),
        "TERM": "xterm-256color",
        "NO_COLOR": "1",
        "LANG": "C.UTF-8",
    }
    terminal = Terminal([BINARY], env)  # no arguments: the console on QMZ1
    try:
        terminal.wait_for("QMZ1>", timeout=30)
        terminal.type("/QMZ1 DIS USAGE\r")
        terminal.wait_for("CSQ9022I QMZ1 CSQIDUSE ' DISPLAY USAGE' NORMAL COMPLETION")
        assert "CSQI065I QMZ1 Buffer pool attributes" in terminal.screen
        mark = len(terminal.screen)
        terminal.type("DEF")
        terminal.wait_for("(DEF) create an object", after=mark)  # the completion menu
        terminal.type("\t")
        terminal.wait_for("INE", after=mark)  # Tab wrote the rest of DEFINE
        # Prove the buffer now says DEFINE: a bad command's CSQ9023E quotes the words as typed.
        terminal.type(" QL(PTY.Q) NOSUCH\r")
        terminal.wait_for("CSQ9023E QMZ1 CSQ9SCND 'DEFINE QL' ABNORMAL COMPLETION", after=mark)
        assert "CSQ9001E QMZ1 'NOSUCH' is invalid" in terminal.screen[mark:]
    finally:
        status = terminal.close()
    assert status == 0
    assert (mqsc_home / "history" / "QMZ1").exists()
    # Owner-only, like the state database: the history holds every command typed.
    assert stat.S_IMODE((mqsc_home / "history" / "QMZ1").stat().st_mode) == 0o600


def _console(mqsc_home: Path, **extra: str) -> Terminal:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(mqsc_home),
        "MQSC_HOME": str(mqsc_home),
        "XDG_CONFIG_HOME": str(mqsc_home / "config"),
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        **extra,
    }  # colour on: no NO_COLOR
    terminal = Terminal([BINARY, "--memory"], env, rows=24, columns=100)
    terminal.wait_for("QMZ1>", timeout=30)
    return terminal


def _settle(terminal: Terminal, seconds: float = 0.5) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        terminal.pump(0.05)


@pytest.mark.skipif(
    BINARY is None or sys.platform == "win32" or shutil.which("less") is None,
    reason="needs the installed mqsc script, a POSIX pty and less",
)
def test_pager_is_less_SRXF_keeps_the_answer_and_can_be_turned_off(mqsc_home: Path) -> None:
    # Under 85 rows, DISPLAY QLOCAL(*) of QMZ1 (88 lines) is longer than the screen.
    terminal = _console(mqsc_home)
    try:
        mark = len(terminal.raw)
        terminal.type("DISPLAY QLOCAL(*)\r")
        terminal.wait_for("QLOCAL FOUND MATCHING REQUEST CRITERIA", after=len(terminal.screen))
        _settle(terminal)
        paged = terminal.raw[mark:]
        assert b"ESC[" not in paged  # -R: colours pass through, not shown as raw codes
        assert re.search(rb"\x1b\[[0-9;]*mCSQM293I", paged)  # in colour
        assert b"\x1b[?1049h" not in paged  # -X: no alternate screen that q would take away
        assert b"NORMAL COMPLETION" not in paged  # the rest waits in the pager
        terminal.type("q")
        terminal.wait_for(
            "QMZ1>", after=len(plain_text(terminal.raw[:mark].decode("utf-8", "replace")))
        )
        _settle(terminal)
        after_q = terminal.raw[mark:]
        assert b"\x1b[?1049l" not in after_q and b"\x1b[2J" not in after_q  # left on screen

        mark = len(terminal.screen)
        terminal.type("\\pager off\r")
        terminal.wait_for("QMZ1>", after=mark + 12)
        mark = len(terminal.screen)
        terminal.type("DISPLAY QLOCAL(*)\r")
        # No pager: the whole answer comes at once, without a key press.
        terminal.wait_for("' DISPLAY QLOCAL' NORMAL COMPLETION", after=mark)
    finally:
        terminal.close()


@pytest.mark.skipif(
    BINARY is None or sys.platform == "win32",
    reason="needs the installed mqsc script and a POSIX pty",
)
def test_pager_honours_PAGER(mqsc_home: Path) -> None:
    terminal = _console(mqsc_home, PAGER="sed s/^/PAGED:/", NO_COLOR="1")
    try:
        mark = len(terminal.screen)
        terminal.type("DISPLAY QLOCAL(*)\r")
        terminal.wait_for(
            "PAGED:CSQ9022I QMZ1 CSQMDRTS ' DISPLAY QLOCAL' NORMAL COMPLETION", after=mark
        )
        assert re.search(r"PAGED:CSQM293I QMZ1 CSQMDRTS +\d+ QLOCAL FOUND", terminal.screen[mark:])
    finally:
        terminal.close()


@pytest.mark.skipif(
    BINARY is None or sys.platform == "win32",
    reason="needs the installed mqsc script and a POSIX pty",
)
def test_continuation_lines_start_at_the_margin(mqsc_home: Path) -> None:
    # An indented continuation line: the next one starts at the margin again, not under the
    # previous one's indentation (prompt_toolkit copies it by default: the lines drifted).
    terminal = _console(mqsc_home, NO_COLOR="1")
    try:
        terminal.type("DEFINE QLOCAL(PTY.CONT) +\r")
        terminal.wait_for("...")
        terminal.type("    MAXDEPTH(10) +\r")
        _settle(terminal)
        terminal.type("DESCR('x')\r")
        terminal.wait_for("CSQ9022I")
        screen = plain_text(terminal.raw.decode("utf-8", "replace"))
        assert re.search(r"\.\.\. *DESCR\('x'\)", screen), screen[-600:]
        assert not re.search(r"\.\.\. {5,}DESCR", screen), screen[-600:]
    finally:
        terminal.close()
