"""Programs in other processes as connections (docs/connections.md), with real processes on one
mqsc home: ``mqsc run``'s commands carry its connection (the command server acts for its
user), a trigger monitor run by another process is a connection DISPLAY CONN shows and ends
with its process, and an ended connection's final record waits for accounting."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from mqsc.engine import connregistry
from mqsc.engine.state import Txn
from mqsc.store.home import open_qmgr

ROOT = Path(__file__).resolve().parents[2]

MONITOR = textwrap.dedent("""
    import sys
    from mqsc.store.home import open_qmgr
    qm = open_qmgr("QMZ1")
    out = qm.trigger_monitor("CICS.INITQ", appltag="CICSPRD1", userid="CICSSTC")
    print("monitoring", out.reason, flush=True)
    sys.stdin.read()           # until the test kills us
""")


def mqsc(home: Path, *args: str, user: str = "OPER9", stdin: str | None = None) -> str:
    env = {**os.environ, "MQSC_HOME": str(home), "MQSC_USER": user}
    done = subprocess.run(
        [sys.executable, "-m", "mqsc", *args],
        input=stdin,
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode in (0, 10), done.stderr
    return done.stdout


def test_the_commands_of_mqsc_run_act_for_its_user(mqsc_home: Path) -> None:
    out = mqsc(mqsc_home, "run", "-", stdin="DISPLAY CONN(*) ALL\nSTOP QMGR\n")
    # Its own connection, and STOP QMGR accepted from the user of that connection.
    assert "APPLTAG(MQSCRUN" in out and "USERID(OPER9" in out
    assert "COMMAND ACCEPTED FROM USER(OPER9)" in out


def test_an_ended_run_leaves_its_final_record_for_accounting(mqsc_home: Path) -> None:
    mqsc(mqsc_home, "run", "-", stdin="DEFINE QLOCAL(ACCT.Q) REPLACE\n", user="OPER8")
    mqsc(mqsc_home, "put", "ACCT.Q", "--count", "3", user="OPER8")
    qm = open_qmgr("QMZ1")
    try:
        with qm.session():
            ended = connregistry.ended(Txn(qm.state))
    finally:
        qm.close()
    by_tag = {e.connection.appltag: e for e in ended}
    assert {"MQSCRUN", "MQSCPUT"} <= set(by_tag)
    put = by_tag["MQSCPUT"]
    assert put.connection.userid == "OPER8" and not put.abnormal
    assert put.connection.activity_on("ACCT.Q").puts == 3


def test_a_trigger_monitor_of_another_process_is_a_connection(mqsc_home: Path) -> None:
    mqsc(mqsc_home, "run", "-", stdin="DEFINE QLOCAL(CICS.INITQ) REPLACE\n")
    monitor = subprocess.Popen(
        [sys.executable, "-c", MONITOR],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        cwd=ROOT,
        text=True,
        env={**os.environ, "MQSC_HOME": str(mqsc_home)},
    )
    try:
        assert monitor.stdout.readline().split() == ["monitoring", "0"]
        out = mqsc(mqsc_home, "run", "-", stdin="DISPLAY CONN(*) ALL\n")
        assert "APPLTAG(CICSPRD1" in out and "APPLTYPE(CICS" in out and "USERID(CICSSTC" in out
        out = mqsc(mqsc_home, "run", "-", stdin="DISPLAY QSTATUS(CICS.INITQ) TYPE(HANDLE) ALL\n")
        assert "APPLTAG(CICSPRD1" in out and "INPUT(SHARED" in out
        refused = mqsc(mqsc_home, "run", "-", stdin="DELETE QLOCAL(CICS.INITQ)\n")
        assert "MQSC501E" in refused  # open for input by the monitor
    finally:
        monitor.kill()
        monitor.wait()
        monitor.stdout.close()
        monitor.stdin.close()
    # Its process is gone: the next command ends its connection, and the queue is free.
    out = mqsc(mqsc_home, "run", "-", stdin="DISPLAY CONN(*) ALL\nDELETE QLOCAL(CICS.INITQ)\n")
    assert "CICSPRD1" not in out and "MQSC501E" not in out
