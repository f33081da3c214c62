"""Connections of real processes on one home (docs/connections.md): a REST messaging client of
a real ``mqsc serve`` and a job run by ``mqsc job`` in another process are connected at once,
DISPLAY CONN(*) shows both with their user ids (and DISPLAY QSTATUS TYPE(HANDLE) the job's
handle), the job's MGET gets what the REST client puts while it waits, and when the job ends
its connection goes. A process killed while connected has its connection ended by the next
command of another process.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from tests.serve.conftest import ROOT, Server, start_server, stop
from tests.serve.test_messaging import TEXT, curl, message_path, mqsc

JCL = """//CONNJOB  JOB (ACCT),'WAIT FOR WORK',CLASS=A,MSGCLASS=H
//GETQ     EXEC PGM=MGET,PARM='-mQMZ1 -qCONN.WORK -n2 -w30'
//SYSPRINT DD SYSOUT=*
"""


@pytest.fixture(scope="module")
def home_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    process, running = start_server(tmp_path_factory.mktemp("conn-home"))
    try:
        mqsc(running, "DEFINE QLOCAL(CONN.WORK) REPLACE")
        yield running
    finally:
        stop(process)


def blocks(lines: list[str]) -> list[dict[str, str]]:
    """The objects of a command-server reply (one MQSC4nnI message each, as runCommand
    returns them), as attribute -> value."""
    return [
        {name: value.strip() for name, value in re.findall(r"([A-Z]+)\(([^)]*)\)", line)}
        for line in lines
        if re.match(r"(CSQM|MQSC)4\d\dI ", line)
    ]


def connections(server: Server) -> list[dict[str, str]]:
    return blocks(mqsc(server, "DISPLAY CONN(*) ALL"))


def wait_for(predicate, seconds: float = 30.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = predicate()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError("timed out")


def test_a_job_and_a_rest_client_connected_at_once(home_server: Server, tmp_path) -> None:
    server = home_server
    status, _, _ = curl(server, "POST", message_path("CONN.WORK"), "-H", TEXT, "-d", "first")
    assert status == 201
    # The REST user's connection: mqweb's, with the REST user's id.
    [rest] = [c for c in connections(server) if c.get("USERID") == "APP"]
    assert rest["APPLTAG"] == "MQWEB" and rest["APPLTYPE"] == "BATCH"
    # The administrator's runCommand comes through mqweb's connection for that user too.
    [admin] = [c for c in connections(server) if c.get("USERID") == "ADMIN"]
    assert admin["APPLTAG"] == "MQWEB" and admin["ASID"] == rest["ASID"]  # one mqweb

    jcl = tmp_path / "connjob.jcl"
    jcl.write_text(JCL)
    job = subprocess.Popen(
        [sys.executable, "-m", "mqsc", "job", str(jcl), "--user", "OPER7"],
        env=server.env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        # The job got the first message and waits for the second: both are connected.
        both = wait_for(lambda: [c for c in connections(server) if c.get("APPLTAG") == "CONNJOB"])
        [batch] = both
        assert batch["USERID"] == "OPER7" and batch["APPLTYPE"] == "BATCH"
        assert batch["ASID"] != rest["ASID"]  # two address spaces
        tags = {c["APPLTAG"] for c in connections(server)}
        assert {"MQWEB", "CONNJOB"} <= tags
        # Its handle, seen the same from both sides.
        handles = blocks(mqsc(server, "DISPLAY CONN(*) TYPE(HANDLE) ALL"))
        [held] = [h for h in handles if h["CONN"] == batch["CONN"]]
        assert held["OBJNAME"] == "CONN.WORK" and "MQOO_INPUT_AS_Q_DEF" in held["OPENOPTS"]
        [status_handle] = blocks(mqsc(server, "DISPLAY QSTATUS(CONN.WORK) TYPE(HANDLE)"))
        assert (status_handle["APPLTAG"], status_handle["USERID"]) == ("CONNJOB", "OPER7")
        [queue_status] = blocks(mqsc(server, "DISPLAY QSTATUS(CONN.WORK) IPPROCS"))
        assert queue_status["IPPROCS"] == "1"
        # The REST client's put reaches the waiting job, which then ends (-n2).
        status, _, _ = curl(server, "POST", message_path("CONN.WORK"), "-H", TEXT, "-d", "second")
        assert status == 201
        out, err = job.communicate(timeout=60)
    finally:
        if job.poll() is None:
            job.kill()
            job.wait()
    assert job.returncode == 0, err
    assert "Total Messages : 2" in out
    after = connections(server)
    assert sorted(c["USERID"] for c in after) == ["ADMIN", "APP"]
    assert {c["APPLTAG"] for c in after} == {"MQWEB"}
    [queue_status] = blocks(mqsc(server, "DISPLAY QSTATUS(CONN.WORK) IPPROCS CURDEPTH"))
    assert (queue_status["IPPROCS"], queue_status["CURDEPTH"]) == ("0", "0")
    # What the engine counted, whoever put and got: two in, two out.
    [stats] = blocks(mqsc(server, "RESET QSTATS(CONN.WORK)"))
    assert (stats["MSGIN"], stats["MSGOUT"]) == ("2", "2")


def test_a_killed_process_loses_its_connection(home_server: Server, tmp_path) -> None:
    server = home_server
    jcl = tmp_path / "killed.jcl"
    jcl.write_text(JCL.replace("CONNJOB ", "KILLJOB "))
    job = subprocess.Popen(
        [sys.executable, "-m", "mqsc", "job", str(jcl)],
        env=server.env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(lambda: [c for c in connections(server) if c.get("APPLTAG") == "KILLJOB"])
    finally:
        job.kill()
        job.wait()
    # Its process is gone: the next command (of the server's process) ends the connection.
    assert {c["APPLTAG"] for c in connections(server)} == {"MQWEB"}
