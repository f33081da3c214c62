"""``mqsc get --show`` streams each message as it is got, and an interrupt (a real SIGINT to
the real binary in a pseudo-terminal) leaves every message it did not show on the queue."""

from __future__ import annotations

import os
import re
import shutil
import signal
import sys
import time
from pathlib import Path

import pytest

from mqsc.cli import main
from tests.repl.pty_driver import Terminal

BINARY = shutil.which("mqsc", path=str(Path(sys.executable).parent))
QUEUE = "SYSTEM.DEFAULT.LOCAL.QUEUE"
MESSAGES = 3000


def _depth() -> int:
    from mqsc.store.home import open_qmgr

    qm = open_qmgr("QMZ1")
    try:
        record = qm.execute(f"DISPLAY QLOCAL({QUEUE}) CURDEPTH").records[0]
    finally:
        qm.close()
    return dict(record.attrs)["CURDEPTH"]


def _ended(terminal: Terminal, timeout: float = 60) -> int:
    deadline = time.perf_counter() + timeout
    while terminal.process.poll() is None and time.perf_counter() < deadline:
        terminal.pump(0.05)
    for _ in range(20):  # what is still in the pty
        if not terminal.pump(0.02):
            break
    return terminal.process.wait(timeout=5)


@pytest.mark.skipif(
    BINARY is None or sys.platform == "win32",
    reason="needs the installed mqsc script and a POSIX pty",
)
def test_an_interrupt_leaves_every_message_not_shown_on_the_queue(mqsc_home: Path, capsys) -> None:
    assert main(["put", QUEUE, "--count", str(MESSAGES), "--size", "40"]) == 0
    capsys.readouterr()
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(mqsc_home),
        "MQSC_HOME": str(mqsc_home),
        "XDG_CONFIG_HOME": str(mqsc_home / "config"),
        "TERM": "xterm-256color",
        "NO_COLOR": "1",
        "LANG": "C.UTF-8",
    }
    terminal = Terminal([BINARY, "get", QUEUE, "--show"], env)
    try:
        # Streamed: the first messages are on the screen while the run goes on (no summary).
        terminal.wait_for(" Message 20 ", timeout=60)
        assert "Messages got" not in terminal.screen
        # A slow terminal: nothing is read for a while, so the writer blocks on a full pty;
        # then Ctrl-C's signal.
        time.sleep(1.0)
        assert terminal.process.poll() is None, "the get ended before it was interrupted"
        os.kill(terminal.process.pid, signal.SIGINT)
        status = _ended(terminal)
    finally:
        if terminal.process.poll() is None:
            terminal.process.kill()
    screen = terminal.screen
    assert status == 130, screen[-2000:]
    found = re.search(r"interrupted: (\d+) message\(s\) shown and removed", screen)
    assert found, screen[-2000:]
    removed = int(found[1])
    # A message counts as shown when its whole block (the data line after the MQMD lines)
    # reached the screen.
    complete = len(
        re.findall(
            r" Message \d+ +: MsgId [0-9A-F]+\n +CorrelId [0-9A-F]+\n"
            r" +nonpersistent, [^\n]+\n +X'0{2,}'",
            screen,
        )
    )
    assert 20 <= removed < MESSAGES
    assert removed in (complete, complete - 1)  # the last may be on screen, not yet counted
    assert _depth() == MESSAGES - removed


@pytest.mark.parametrize("command", ["put", "get"])
def test_help_describes_every_option(command: str, capsys) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = capsys.readouterr().out
    body = text[text.index("positional arguments:") :]
    # Every argument line (two spaces, then a name) is followed by its description on the
    # same line or an indented next line.
    entries = re.findall(r"^  (\S[^\n]*)\n((?:\s{6,}\S[^\n]*\n)*)", body, re.M)
    assert entries
    bare = [
        name for name, more in entries if not re.search(r"\S\s{2,}\S", name) and not more.strip()
    ]
    assert not bare, bare


def test_put_and_get_show_the_same_priority(mqsc_home: Path, capsys) -> None:
    # Put without --priority: the message takes the queue's DEFPRTY; the put's line says which
    # priority that was, as the get's line says it.
    assert main(["put", QUEUE, "--data", "hello"]) == 0
    put = re.search(r"priority (\S+),", capsys.readouterr().out)[1]
    assert main(["get", QUEUE, "--show"]) == 0
    got = re.search(r"priority (\S+),", capsys.readouterr().out)[1]
    assert put == got == "0"
