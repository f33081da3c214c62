"""A real second process holding a queue manager, for the refusals every subcommand gives."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

HOLDER = textwrap.dedent("""
    import sys
    from mqsc.store.home import open_qmgr
    qm = open_qmgr("QMZ1")
    qm.gate.enter(qm)          # hold the queue manager, as a long grouped commit would
    print("holding", flush=True)
    sys.stdin.read()           # until the test closes our standard input
""")


@pytest.fixture
def holder(mqsc_home: Path, monkeypatch: pytest.MonkeyPatch):
    """A process holding QMZ1's write lock (in this test's MQSC_HOME) until the test ends;
    commands in this process give up after 0.3 s."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        cwd=ROOT,
        text=True,
        env={**os.environ, "MQSC_HOME": str(mqsc_home)},
    )
    try:
        assert proc.stdout.readline().strip() == "holding"
        monkeypatch.setenv("MQSC_LOCK_TIMEOUT", "0.3")
        yield proc
    finally:
        proc.kill()
        proc.wait()
        proc.stdout.close()
        proc.stdin.close()
