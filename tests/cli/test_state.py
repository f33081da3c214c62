"""``mqsc state path|backup|reset``: the state database can be found, copied and reset."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from mqsc.cli import main
from mqsc.store.home import open_qmgr, state_path


def test_path_names_the_default_database(mqsc_home: Path, capsys) -> None:
    assert main(["state", "path"]) == 0
    assert capsys.readouterr().out.strip() == str(mqsc_home / "qmgrs" / "QMZ1" / "state.db")


def test_backup_is_a_usable_copy_made_while_in_use(tmp_path: Path, capsys) -> None:
    assert main(["put", "USER1.ABAR.QUEUE", "-n", "7", "--persistent"]) == 0
    holder = open_qmgr()  # another session has the queue manager open meanwhile
    try:
        target = tmp_path / "copy.db"
        assert main(["state", "backup", str(target)]) == 0
    finally:
        holder.close()
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o600
    copy = open_qmgr(state=target)
    try:
        assert copy.state.tables["messages"]["USER1.ABAR.QUEUE"].depth == 7
    finally:
        copy.close()
    capsys.readouterr()
    assert main(["state", "backup", str(target)]) == 2  # never overwrites
    assert "already exists" in capsys.readouterr().err


def test_reset_starts_afresh(capsys) -> None:
    assert main(["put", "USER1.ABAR.QUEUE", "-n", "5", "--persistent"]) == 0
    assert main(["state", "reset", "--yes"]) == 0
    assert not state_path("QMZ1").exists()
    qm = open_qmgr()
    try:
        assert "USER1.ABAR.QUEUE" not in qm.state.tables["messages"]
    finally:
        qm.close()


def test_reset_refused_while_in_use(capsys) -> None:
    holder = open_qmgr()
    try:
        # The holder is this very process: simulate another by registering a live pid.
        holder.gate.conn.execute("INSERT INTO session VALUES (1, 'mqsc console', 'now')")
        assert main(["state", "reset", "--yes"]) == 2
        assert "in use by process 1 (mqsc console" in capsys.readouterr().err
        assert state_path("QMZ1").exists()
    finally:
        holder.gate.conn.execute("DELETE FROM session WHERE pid = 1")
        holder.close()


def test_foreign_file_is_refused_untouched(tmp_path: Path, capsys) -> None:
    foreign = tmp_path / "notes.db"
    foreign.write_bytes(b"not a database at all" * 100)
    before = foreign.read_bytes()
    assert main(["state", "reset", "--yes", "--state", str(foreign)]) == 2
    assert "left untouched" in capsys.readouterr().err
    assert foreign.read_bytes() == before


def test_reset_without_yes_and_no_terminal_is_refused(monkeypatch, capsys) -> None:
    import io

    assert main(["put", "USER1.ABAR.QUEUE", "-n", "1", "--persistent"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))  # not a terminal: nobody to ask
    assert main(["state", "reset"]) == 2
    assert "add --yes" in capsys.readouterr().err
    assert state_path("QMZ1").exists()


def _pty_reset(mqsc_home: Path, answer: str) -> tuple[int, str]:
    import shutil
    import sys
    import time

    from tests.repl.pty_driver import Terminal

    binary = shutil.which("mqsc", path=str(Path(sys.executable).parent))
    if binary is None or sys.platform == "win32":
        import pytest

        pytest.skip("needs the installed mqsc script and a POSIX pty")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(mqsc_home),
           "MQSC_HOME": str(mqsc_home), "NO_COLOR": "1", "LANG": "C.UTF-8"}
    terminal = Terminal([binary, "state", "reset"], env)
    terminal.wait_for("[y/N]", timeout=30)
    terminal.type(answer + "\r")
    deadline = time.perf_counter() + 30
    while terminal.process.poll() is None and time.perf_counter() < deadline:
        terminal.pump(0.05)
    while terminal.pump(0.05) and terminal.process.poll() is None:
        pass
    status = terminal.process.wait(5)
    os.close(terminal.fd)
    return status, terminal.screen


def test_reset_asks_on_a_terminal(mqsc_home: Path) -> None:
    assert main(["put", "USER1.ABAR.QUEUE", "-n", "1", "--persistent"]) == 0
    status, screen = _pty_reset(mqsc_home, "n")
    assert status == 1 and "nothing removed" in screen
    assert state_path("QMZ1").exists()
    status, screen = _pty_reset(mqsc_home, "y")
    assert status == 0 and "removed" in screen
    assert not state_path("QMZ1").exists()
