"""Progress of long ``check``/``plan``/``dump`` work: rich's display on standard error when it
is a terminal, nothing otherwise."""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path

import pytest

from mqsc.cli import main, progress

DECK = "".join(
    f"DEFINE QLOCAL(APP.Q{i:05d}) MAXDEPTH(100) DESCR('queue {i}')\n" for i in range(20000)
)


@pytest.mark.parametrize("command", [["check"], ["plan"], ["dump"]])
def test_nothing_on_stderr_when_it_is_not_a_terminal(
    command, tmp_path, capsys, monkeypatch
) -> None:
    monkeypatch.setenv("MQSC_PROGRESS_DELAY", "0")  # shown at once, if it were shown at all
    monkeypatch.setattr(progress, "EVERY", 1)
    deck = tmp_path / "deck.mqsc"
    deck.write_text("".join(DECK.splitlines(keepends=True)[:30]))
    files = [] if command == ["dump"] else [str(deck)]
    assert main([*command, "--memory", *files]) == 0
    err = capsys.readouterr().err
    assert "Checking" not in err and "Planning" not in err and "Opening" not in err
    assert "\x1b[" not in err


def _in_a_terminal(argv: list[str], home: Path) -> tuple[int, str]:
    from tests.repl.pty_driver import Terminal

    # Shown from the start: whether the work lasts half a second depends on the machine.
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "MQSC_HOME": str(home),
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        "MQSC_PROGRESS_DELAY": "0",
    }
    terminal = Terminal(argv, env, rows=24, columns=100)
    deadline = time.perf_counter() + 120
    while terminal.process.poll() is None and time.perf_counter() < deadline:
        terminal.pump(0.05)
    while terminal.pump(0.05):
        pass
    status = terminal.process.wait(5)
    os.close(terminal.fd)
    return status, terminal.screen


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")
def test_progress_on_a_terminal_then_gone(tmp_path, mqsc_home) -> None:
    binary = shutil.which("mqsc", path=str(Path(sys.executable).parent))
    if binary is None:
        pytest.skip("needs the installed mqsc script")
    deck = tmp_path / "deck.mqsc"
    deck.write_text(DECK)
    status, screen = _in_a_terminal([binary, "check", "--memory", str(deck)], mqsc_home)
    assert status == 0, screen[-2000:]
    assert "Checking" in screen and "/20001" in screen, screen[-2000:]  # lines done of all
    assert "20000 commands in 1 file: 0 errors, 0 warnings" in screen
