"""The real ``mqsc`` binary in a pseudo-terminal: the first prompt, a command with its CPF, and
Tab completing DEF to DEFINE, read back from the screen."""

from __future__ import annotations

import os
import shutil
import stat
import sys
from pathlib import Path

import pytest

from tests.repl.pty_driver import Terminal

BINARY = shutil.which("mqsc", path=str(Path(sys.executable).parent))


@pytest.mark.skipif(BINARY is None or sys.platform == "win32",
                    reason="needs the installed mqsc script and a POSIX pty")
def test_real_binary_in_a_pty(mqsc_home: Path) -> None:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(mqsc_home),
           "MQSC_HOME": str(mqsc_home), "XDG_CONFIG_HOME": str(mqsc_home / "config"),
           "TERM": "xterm-256color", "NO_COLOR": "1", "LANG": "C.UTF-8"}
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
