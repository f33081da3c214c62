"""Crash safety: a batch run killed with SIGKILL at random moments, many times.

After every kill the database opens, passes SQLite's integrity check, and holds exactly the
commands whose completion had been reported, plus at most the group in flight (one command
with --commit-every 1), wholly or not at all.
"""

from __future__ import annotations

import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mqsc.store.home import open_qmgr

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = 1500
KILLS = int(os.environ.get("MQSC_KILLS", "12"))


def durable_queues(db: Path) -> list[int]:
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    keys = [row[0] for row in conn.execute(
        "SELECT key FROM entity WHERE tbl = 'qlocal' AND key LIKE '\"K.%'")]
    conn.close()
    return sorted(int(k.strip('"')[2:]) for k in keys)


@pytest.mark.slow
@pytest.mark.parametrize("group", [1, 40])
def test_sigkill_loop(tmp_path: Path, group: int) -> None:
    deck = tmp_path / "deck.mqsc"
    deck.write_text("".join(f"DEFINE QLOCAL(K.{i:05d}) DESCR('kill test {i}')\n"
                            for i in range(COMMANDS)))
    rng = random.Random(1234 + group)
    landed_mid_run = 0
    for attempt in range(KILLS):
        db = tmp_path / f"qm-{attempt}.db"
        open_qmgr("QMZ1", state=db).close()
        proc = subprocess.Popen(
            [sys.executable, "-m", "mqsc", "run", "--state", str(db), "--commit-every",
             str(group), str(deck)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT)
        time.sleep(rng.uniform(0.4, 2.5))
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate()
        reported = len(re.findall(rb"CSQ9022I QMZ1 CSQMAQLC ' DEFINE QLOCAL'", out))
        durable = durable_queues(db)
        assert durable == list(range(len(durable))), "durable commands are not a prefix"
        assert reported <= len(durable) <= reported + group, (reported, len(durable))
        if 0 < len(durable) < COMMANDS:
            landed_mid_run += 1
        # The database is usable after the crash.
        qm = open_qmgr("QMZ1", state=db)
        assert qm.execute("DEFINE QLOCAL(AFTER.CRASH)").ok
        qm.close()
    assert landed_mid_run >= KILLS // 2, "too few kills landed mid-run to prove anything"
