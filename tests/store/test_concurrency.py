"""Two processes on one queue manager: serialised through SQLite, each seeing the other's work;
a process that holds it too long gets a clear "in use" message naming the holder."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from mqsc.store import StoreBusy
from mqsc.store.home import open_qmgr

ROOT = Path(__file__).resolve().parents[2]


def test_each_session_sees_what_the_other_committed(tmp_path: Path) -> None:
    db = tmp_path / "qm.db"
    console = open_qmgr("QMZ1", state=db)
    batch = open_qmgr("QMZ1", state=db)
    assert console.execute("DEFINE QLOCAL(FROM.CONSOLE)").ok
    assert batch.execute("DISPLAY QLOCAL(FROM.CONSOLE)").objects
    assert batch.execute("DELETE QLOCAL(FROM.CONSOLE)").ok
    assert not console.execute("DISPLAY QLOCAL(FROM.CONSOLE)").objects
    assert batch.put("USER1.ABAR.QUEUE", 10, 100).done == 10
    (queue,) = console.execute("DISPLAY QLOCAL(USER1.ABAR.QUEUE) CURDEPTH").objects
    assert queue.get("CURDEPTH") == 10
    console.close()
    batch.close()


def _run(db: Path, deck: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "mqsc", "run", "--state", str(db), *extra, str(deck)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "MQSC_LOCK_TIMEOUT": "60"},
    )


@pytest.mark.slow
def test_two_processes_define_concurrently(tmp_path: Path) -> None:
    db = tmp_path / "qm.db"
    open_qmgr("QMZ1", state=db).close()
    decks = []
    for prefix in ("A", "B"):
        deck = tmp_path / f"{prefix}.mqsc"
        deck.write_text("".join(f"DEFINE QLOCAL({prefix}.{i:03d})\n" for i in range(150)))
        decks.append(deck)
    procs = [_run(db, decks[0], "--commit-every", "1"), _run(db, decks[1], "--commit-every", "7")]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [o[1] for o in outs]
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    qm = open_qmgr("QMZ1", state=db)
    names = set(qm.state.tables["qlocal"])
    assert {f"A.{i:03d}" for i in range(150)} <= names
    assert {f"B.{i:03d}" for i in range(150)} <= names
    qm.close()


HOLDER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from mqsc.store.home import open_qmgr
    qm = open_qmgr("QMZ1", state=Path(sys.argv[1]))
    qm.gate.enter(qm)          # hold the queue manager, as a long grouped commit would
    print("holding", flush=True)
    time.sleep(30)
""")


@pytest.mark.slow
def test_a_long_holder_is_named(tmp_path: Path) -> None:
    db = tmp_path / "qm.db"
    open_qmgr("QMZ1", state=db).close()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(db)], stdout=subprocess.PIPE, cwd=ROOT, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "holding"
        deck = tmp_path / "d.mqsc"
        deck.write_text("DISPLAY QMGR\n")
        start = time.monotonic()
        result = subprocess.run(
            [sys.executable, "-m", "mqsc", "run", "--state", str(db), str(deck)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, "MQSC_LOCK_TIMEOUT": "0.5"},
        )
        assert time.monotonic() - start < 15
        assert result.returncode == 20
        assert f"is in use by process {holder.pid}" in result.stderr
    finally:
        holder.kill()
        holder.wait()


def test_in_process_busy_raises_store_busy(tmp_path: Path) -> None:
    db = tmp_path / "qm.db"
    first = open_qmgr("QMZ1", state=db)
    second = open_qmgr("QMZ1", state=db)
    second.gate.timeout = 0.2
    first.gate.enter(first)
    try:
        with pytest.raises(StoreBusy, match="in use"):
            second.execute("DISPLAY QMGR")
    finally:
        first.gate.leave(first)
    assert second.execute("DISPLAY QMGR").ok
    first.close()
    second.close()
