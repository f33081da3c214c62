"""Creating a queue manager's state is atomic: a kill during the very first command leaves
no database or a whole one, and the next command works."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mqsc.cli import main
from mqsc.store.home import open_qmgr, qmgr_dir

ROOT = Path(__file__).resolve().parents[2]
KILLS = int(os.environ.get("MQSC_KILLS", "12"))


def _kill_when(proc: subprocess.Popen, appeared, limit: float = 30) -> bool:
    """SIGKILL ``proc`` as soon as ``appeared()`` is true; whether it was still running."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and proc.poll() is None:
        if appeared():
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            return True
        time.sleep(0.0005)
    proc.kill()
    proc.wait()
    return False


@pytest.mark.slow
def test_kill_during_creation_leaves_a_usable_queue_manager(tmp_path: Path) -> None:
    caught = 0
    for attempt in range(KILLS):
        db = tmp_path / f"qm-{attempt}.db"
        # The first command creates the database; kill it the moment any file of the
        # database appears beside it (in the middle of creating it), a little later each time
        # (0-22 ms: a creation now takes little more than that after its first file appears).
        delay = (attempt % 12) * 0.002
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "mqsc",
                "put",
                "USER1.ABAR.QUEUE",
                "-n",
                "5",
                "--state",
                str(db),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=ROOT,
        )
        seen: list[float] = []

        def appeared() -> bool:
            if not seen and any(
                p.name.startswith(db.name) and p.name != f"{db.name}-lock"
                for p in tmp_path.iterdir()
            ):
                seen.append(time.monotonic())
            return bool(seen) and time.monotonic() - seen[0] >= delay

        caught += _kill_when(proc, appeared)
        qm = open_qmgr("QMZ1", state=db)  # never "not a usable database"
        try:
            assert qm.execute("DEFINE QLOCAL(AFTER.KILL)").ok
            depth = qm.state.tables["messages"].get("USER1.ABAR.QUEUE")
            assert depth is None or depth.depth in (0, 5)
        finally:
            qm.close()
    print(f"\ncreation: {KILLS} kills, {caught} during creation, all left a usable queue manager")
    assert caught >= KILLS // 2, "too few kills landed during creation to prove anything"


def test_definition_files_are_written_whole(mqsc_home: Path) -> None:
    """mqsc.toml is written aside and renamed: a leftover temporary file is never read."""
    open_qmgr("QMZ1").close()
    directory = qmgr_dir("QMZ1")
    leftovers = [p.name for p in directory.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []
    (directory / ".mqsc.toml.99999.tmp").write_text("[queue_manager\nname = ")
    assert main(["state", "reset", "--yes"]) == 0
    qm = open_qmgr()
    qm.close()


def test_an_unfinished_creation_left_beside_is_swept(tmp_path: Path) -> None:
    db = tmp_path / "qm.db"
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    ).stdout.strip()
    leftover = tmp_path / f"qm.db.creating-{dead}"
    leftover.write_bytes(b"half a database")
    open_qmgr("QMZ1", state=db).close()
    assert not leftover.exists()


def _empty_file(db: Path) -> None:
    db.write_bytes(b"")


def _no_tables(db: Path) -> None:
    import sqlite3

    conn = sqlite3.connect(db)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE t (x)")
    conn.execute("DROP TABLE t")
    conn.close()


@pytest.mark.parametrize("leftover", [_empty_file, _no_tables])
def test_what_an_unfinished_creation_of_older_mqsc_left_is_redone(
    leftover, mqsc_home: Path, capsys
) -> None:
    """mqsc before atomic creation left an empty file, or a database without tables, that
    every later command refused until deleted by hand."""
    db = qmgr_dir("QMZ1") / "state.db"
    open_qmgr().close()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    leftover(db)
    assert main(["put", "USER1.ABAR.QUEUE", "-n", "2"]) == 0
    assert main(["state", "reset", "--yes"]) == 0
    leftover(db)
    assert main(["state", "reset", "--yes"]) == 0
    assert not db.exists()
