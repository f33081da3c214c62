"""Crash safety: batch runs and puts killed with SIGKILL at chosen moments, many times.

The child's output is read while it runs (a full pipe would stop it at one place), and kills
are aimed: after a random number of printed completions, the moment the WAL grows (inside a
commit), and during the very first command, which creates the database. After every kill the
database opens, passes SQLite's integrity check, and holds exactly the commands whose
completion had been reported, plus at most the group in flight (one command with
--commit-every 1), wholly or not at all; a put is kept whole or not at all.
"""

from __future__ import annotations

import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from mqsc.store.home import open_qmgr

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = 1500
KILLS = int(os.environ.get("MQSC_KILLS", "12"))
COMPLETION = rb"CSQ9022I QMZ1 CSQMAQLC ' DEFINE QLOCAL'"


class Child:
    """A child process whose standard output is drained by a thread while it runs."""

    def __init__(self, args: list[str]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mqsc", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=ROOT,
        )
        self.out = b""
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._drain, daemon=True)
        self.thread.start()

    def _drain(self) -> None:
        for chunk in iter(lambda: self.proc.stdout.read1(65536), b""):
            with self.lock:
                self.out += chunk

    def count(self, pattern: bytes) -> int:
        with self.lock:
            return len(re.findall(pattern, self.out))

    def running(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> bytes:
        if self.running():
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.thread.join(timeout=30)
        self.proc.stdout.close()
        return self.out


def _wait(condition, child: Child, limit: float = 60) -> None:
    deadline = time.monotonic() + limit
    while child.running() and not condition() and time.monotonic() < deadline:
        time.sleep(0.0005)


def _wal_grows(db: Path):
    """A condition true once ``db``'s WAL is written after this call: a commit writing (the
    size alone stays the same once SQLite reuses the WAL from its start)."""
    wal = Path(f"{db}-wal")

    def stamp() -> tuple[int, int]:
        try:
            info = wal.stat()
        except FileNotFoundError:
            return (-1, -1)
        return (info.st_size, info.st_mtime_ns)

    start = stamp()
    return lambda: stamp() != start


def _creating(db: Path):
    """True once any file of the database (or the one being built aside) exists."""
    return lambda: any(
        p.name.startswith(db.name) and not p.name.endswith("-lock") for p in db.parent.iterdir()
    )


def durable_queues(db: Path) -> list[int]:
    if not db.exists():
        return []
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    keys = [
        row[0]
        for row in conn.execute("SELECT key FROM entity WHERE tbl = 'qlocal' AND key LIKE '\"K.%'")
    ]
    conn.close()
    return sorted(int(k.strip('"')[2:]) for k in keys)


@pytest.mark.slow
@pytest.mark.parametrize("group", [1, 40])
def test_sigkill_loop(tmp_path: Path, group: int) -> None:
    deck = tmp_path / "deck.mqsc"
    deck.write_text(
        "".join(f"DEFINE QLOCAL(K.{i:05d}) DESCR('kill test {i}')\n" for i in range(COMMANDS))
    )
    rng = random.Random(1234 + group)
    landed_mid_run = aimed_mid_run = lost = 0
    for attempt in range(KILLS):
        db = tmp_path / f"qm-{attempt}.db"
        how = ("creation", "after completions", "inside a commit")[attempt % 3]
        if how != "creation":
            open_qmgr("QMZ1", state=db).close()
        child = Child(["run", "--state", str(db), "--commit-every", str(group), str(deck)])
        if how == "creation":
            _wait(_creating(db), child)
            time.sleep(rng.uniform(0, 0.05))
        else:
            aimed_mid_run += 1
            target = rng.randrange(1, COMMANDS - 2 * group)
            _wait(lambda: child.count(COMPLETION) >= target, child)
            if how == "inside a commit":
                _wait(_wal_grows(db), child)
        out = child.kill()
        reported = len(re.findall(COMPLETION, out))
        durable = durable_queues(db)
        lost += max(0, reported - len(durable))
        assert durable == list(range(len(durable))), "durable commands are not a prefix"
        assert reported <= len(durable) <= reported + group, (how, reported, len(durable))
        if how != "creation" and 0 < len(durable) < COMMANDS:
            landed_mid_run += 1
        # The database is usable after the crash (created afresh if the kill came first).
        qm = open_qmgr("QMZ1", state=db)
        assert qm.execute("DEFINE QLOCAL(AFTER.CRASH)").ok
        qm.close()
    print(
        f"\n--commit-every {group}: {KILLS} kills, {aimed_mid_run} aimed mid-run, "
        f"{landed_mid_run} landed mid-run; lost completions: {lost}"
    )
    assert landed_mid_run >= aimed_mid_run * 3 // 4, (
        f"only {landed_mid_run} of {aimed_mid_run} kills landed mid-run"
    )


PUT = 20_000


@pytest.mark.slow
def test_sigkill_during_put(tmp_path: Path) -> None:
    rng = random.Random(99)
    whole = none = 0
    for attempt in range(KILLS):
        db = tmp_path / f"put-{attempt}.db"
        how = ("creation", "inside a commit", "at random", "after the summary")[attempt % 4]
        if how != "creation":
            open_qmgr("QMZ1", state=db).close()
        child = Child(
            [
                "put",
                "USER1.ABAR.QUEUE",
                "--count",
                str(PUT),
                "--size",
                "100",
                "--persistent",
                "--state",
                str(db),
            ]
        )
        if how == "creation":
            _wait(_creating(db), child)
        elif how == "inside a commit":
            _wait(_wal_grows(db), child)
        elif how == "at random":
            time.sleep(rng.uniform(0.05, 1.5))
        else:
            _wait(lambda: child.count(rb"Completion  ") > 0, child)
        out = child.kill()
        qm = open_qmgr("QMZ1", state=db)
        try:
            store = qm.state.tables["messages"].get("USER1.ABAR.QUEUE")
            depth = store.depth if store is not None else 0
            assert depth in (0, PUT), "a put was kept in part"
            if f"Messages put        : {PUT} of {PUT}".encode() in out:
                assert depth == PUT, "a put was reported but not kept"
            whole += depth == PUT
            none += depth == 0
            assert qm.put("USER1.ABAR.QUEUE", 1, 100, persistent=True).done == 1
        finally:
            qm.close()
        assert sqlite3.connect(db).execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    print(f"\nput: {KILLS} kills, {whole} kept whole, {none} not kept, 0 in part")
    assert none > 0 and whole > 0, "every kill landed on the same side of the commit"
