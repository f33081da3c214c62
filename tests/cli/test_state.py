"""``mqsc state path|backup|reset``: the state database can be found, copied and reset."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

from mqsc.cli import main
from mqsc.store.home import open_qmgr, state_path
from tests.cli.conftest import HOLDER, ROOT

RUN_COMMANDS = 20_000


class Drain:
    """Reads a child's output while it runs (a full pipe would stop it)."""

    def __init__(self, stream) -> None:
        self.data = b""
        self.stream = stream
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        for chunk in iter(lambda: self.stream.read1(65536), b""):
            self.data += chunk

    def wait_for(self, text: bytes, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while text not in self.data and time.monotonic() < deadline:
            time.sleep(0.02)
        return text in self.data

    def join(self) -> None:
        self.thread.join(timeout=30)


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


def test_reset_refused_while_a_run_that_waited_for_the_lock_is_running(
    tmp_path: Path, mqsc_home: Path, capsys
) -> None:
    """Found by review: a run that started while another process held the queue manager
    never registered itself, and reset deleted the database under it. Real processes: the
    holder, then the run, then the reset."""
    open_qmgr().close()
    env = {**os.environ, "MQSC_HOME": str(mqsc_home), "MQSC_LOCK_TIMEOUT": "60"}
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        cwd=ROOT,
        text=True,
        env=env,
    )
    deck = tmp_path / "long.mqsc"
    deck.write_text("".join(f"DEFINE QLOCAL(R.{i:05d})\n" for i in range(RUN_COMMANDS)))
    run = None
    try:
        assert holder.stdout.readline().strip() == "holding"
        run = subprocess.Popen(
            [sys.executable, "-m", "mqsc", "run", "--commit-every", "20", str(deck)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            env=env,
        )
        output = Drain(run.stdout)
        time.sleep(1.0)  # the run has opened the queue manager and waits for the lock
        holder.kill()
        holder.wait()
        assert output.wait_for(b"CSQ9022I", 60), "the run never got going"
        assert run.poll() is None, "the deck is too short to catch the run mid-way"
        capsys.readouterr()
        assert main(["state", "reset", "--yes"]) == 2
        err = capsys.readouterr().err
        assert f"in use by process {run.pid} (mqsc run, since " in err
        assert "nothing was removed" in err
        assert state_path("QMZ1").exists()
        assert run.wait(timeout=300) == 0
        output.join()
    finally:
        for proc in (holder, run):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait()
    printed = output.data.count(b"CSQ9022I")
    assert printed == RUN_COMMANDS
    qm = open_qmgr()
    try:
        kept = [n for n in qm.state.tables["qlocal"] if n.startswith("R.")]
    finally:
        qm.close()
    assert len(kept) == RUN_COMMANDS, "completions were printed for commands not kept"
    assert main(["state", "reset", "--yes"]) == 0  # no one uses it now
    assert not state_path("QMZ1").exists()


def test_reset_refused_while_this_process_has_it_open(capsys) -> None:
    holder = open_qmgr()
    try:
        assert main(["state", "reset", "--yes"]) == 2
        assert f"in use by process {os.getpid()}" in capsys.readouterr().err
        assert state_path("QMZ1").exists()
    finally:
        holder.close()
    assert main(["state", "reset", "--yes"]) == 0


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
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(mqsc_home),
        "MQSC_HOME": str(mqsc_home),
        "NO_COLOR": "1",
        "LANG": "C.UTF-8",
    }
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


def test_reset_on_a_fresh_home_is_nothing_to_do(mqsc_home, capsys) -> None:
    # The docs' `mqsc state reset --yes` before anything was kept: QMZ1 is as first installed.
    from mqsc.cli import main

    assert main(["state", "reset", "--yes"]) == 0
    assert "as first installed" in capsys.readouterr().out
    assert main(["state", "reset", "--yes", "-m", "NOSUCH"]) == 2
