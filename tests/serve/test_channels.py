"""Channels under a real ``mqsc serve`` (docs/channels.md, docs/serve.md): the queue managers
the server holds reach each other, so a sender started through runCommand runs and a message
put through the messaging REST API on QMZ1 is got through it on QMZ2."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator

import httpx
import pytest

from tests.serve.conftest import ROOT, Server, start_server, stop

CSRF = {"ibm-mq-rest-csrf-token": "mqsc"}
TEXT = {**CSRF, "Content-Type": "text/plain;charset=utf-8"}

QMZ2_DECK = ["DEFINE QLOCAL(PAY.IN)", "DEFINE CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(RCVR) TRPTYPE(TCP)"]
QMZ1_DECK = [
    "START CHINIT",
    "DEFINE QLOCAL(QMZ2) USAGE(XMITQ)",
    "DEFINE QREMOTE(PAY.OUT) RNAME(PAY.IN) RQMNAME(QMZ2) XMITQ(QMZ2)",
    "DEFINE CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(SDR) TRPTYPE(TCP) "
    "CONNAME('zos2.example.com(1415)') XMITQ(QMZ2)",
]


def cli(env: dict[str, str], *argv: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mqsc", *argv],
        input=stdin,
        env=env,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def home_env(home) -> dict[str, str]:
    env = {
        **os.environ,
        "MQSC_HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "MQSC_CLOCK": "2026-03-02T10:15:00",
    }
    env.pop("MQSC_STRICT", None)
    return env


@pytest.fixture()
def two(tmp_path) -> Iterator[Server]:
    """A server over a home with QMZ1 and QMZ2 (its channel initiator listening on 1415)."""
    made = cli(home_env(tmp_path), "create", "QMZ2", "--listener", "1415")
    assert made.returncode == 0, made.stderr
    process, server = start_server(tmp_path)
    try:
        yield server
    finally:
        stop(process)


def command(client: httpx.Client, qmgr: str, text: str) -> list[str]:
    reply = client.post(
        f"/ibmmq/rest/v2/admin/action/qmgr/{qmgr}/mqsc",
        headers=CSRF,
        json={"type": "runCommand", "parameters": {"command": text}},
    )
    assert reply.status_code == 200, reply.text
    return [line for item in reply.json()["commandResponse"] for line in item["text"]]


def message_url(qmgr: str, queue: str) -> str:
    return f"/ibmmq/rest/v2/messaging/qmgr/{qmgr}/queue/{queue}/message"


def curdepth(client: httpx.Client, qmgr: str, queue: str) -> int:
    [line] = [
        t for t in command(client, qmgr, f"DISPLAY QLOCAL({queue}) CURDEPTH") if "CURDEPTH(" in t
    ]
    return int(line.split("CURDEPTH(")[1].split(")")[0])


def test_started_sender_runs_and_moves_rest_messages(two: Server) -> None:
    with two.client("admin") as admin, two.client("app") as app:
        for text in QMZ2_DECK:
            command(admin, "QMZ2", text)
        for text in QMZ1_DECK:
            command(admin, "QMZ1", text)
        started = command(admin, "QMZ1", "START CHANNEL(QMZ1.TO.QMZ2)")
        assert any("MQSC534I" in line for line in started), started
        status = command(admin, "QMZ1", "DISPLAY CHSTATUS(QMZ1.TO.QMZ2) STATUS")
        assert any("STATUS(RUNNING " in line for line in status), status
        put = app.post(
            message_url("QMZ1", "PAY.OUT"),
            content=b"pay 1",
            headers={**TEXT, "ibm-mq-md-persistence": "persistent"},
        )
        assert put.status_code == 201, put.text
        assert curdepth(admin, "QMZ1", "QMZ2") == 0  # the transmission queue drained
        got = app.delete(message_url("QMZ2", "PAY.IN"), headers=CSRF)
        assert (got.status_code, got.text) == (200, "pay 1")
        assert curdepth(admin, "QMZ2", "PAY.IN") == 0
        # The receiver runs while its sender does (DISPLAY CHSTATUS on QMZ2).
        status = command(admin, "QMZ2", "DISPLAY CHSTATUS(QMZ1.TO.QMZ2) STATUS")
        assert any("STATUS(RUNNING " in line for line in status), status
        # A stopped receiver: the sender retries and messages wait on the transmission
        # queue; started again, they move on.
        command(admin, "QMZ2", "STOP CHANNEL(QMZ1.TO.QMZ2)")
        for n in range(3):
            assert (
                app.post(
                    message_url("QMZ1", "PAY.OUT"), content=f"later {n}".encode(), headers=TEXT
                ).status_code
                == 201
            )
        status = command(admin, "QMZ1", "DISPLAY CHSTATUS(QMZ1.TO.QMZ2) STATUS")
        assert any("STATUS(RETRYING " in line for line in status), status
        assert curdepth(admin, "QMZ1", "QMZ2") == 3
        command(admin, "QMZ2", "START CHANNEL(QMZ1.TO.QMZ2)")
        command(admin, "QMZ1", "START CHANNEL(QMZ1.TO.QMZ2)")
        assert curdepth(admin, "QMZ1", "QMZ2") == 0
        assert curdepth(admin, "QMZ2", "PAY.IN") == 3


def test_messages_moved_by_the_server_are_on_disk(tmp_path) -> None:
    """What the channel moved while the server held both queue managers is committed: after
    the server stops, `mqsc run` finds it on QMZ2 and QMZ1's transmission queue empty."""
    env = home_env(tmp_path)
    assert cli(env, "create", "QMZ2", "--listener", "1415").returncode == 0
    process, server = start_server(tmp_path)
    try:
        with server.client("admin") as admin:
            for text in QMZ2_DECK:
                command(admin, "QMZ2", text)
            for text in [*QMZ1_DECK, "START CHANNEL(QMZ1.TO.QMZ2)"]:
                command(admin, "QMZ1", text)
        put = cli(env, "put", "PAY.OUT", "--count", "5", "--persistent")
        # The server holds QMZ1: the CLI waits for it (MQSC_LOCK_TIMEOUT) or is refused;
        # either way nothing is half done. The REST API is the way in while it runs.
        with server.client("app") as app:
            for n in range(4):
                assert (
                    app.post(
                        message_url("QMZ1", "PAY.OUT"),
                        content=f"m{n}".encode(),
                        headers={**TEXT, "ibm-mq-md-persistence": "persistent"},
                    ).status_code
                    == 201
                )
    finally:
        stop(process)
    moved = 4 + (5 if put.returncode == 0 else 0)
    assert cli_depth(env, "QMZ2", "PAY.IN") == moved
    assert cli_depth(env, "QMZ1", "QMZ2") == 0


def cli_depth(env: dict[str, str], qmgr: str, queue: str) -> int:
    out = cli(env, "run", "-m", qmgr, "-", stdin=f"DISPLAY QLOCAL({queue}) CURDEPTH\n")
    [depth] = re.findall(r"CURDEPTH\(\s*(\d+)\)", out.stdout)
    return int(depth)


def test_concurrent_requests_on_both_sides_move_every_message(two: Server) -> None:
    """Puts to the remote queue on QMZ1 and commands on QMZ2 at the same time (each queue
    manager's commands on its own thread): no request waits on another for good, and every
    message arrives once, the channel still running."""
    import threading

    with two.client("admin") as admin:
        for text in QMZ2_DECK:
            command(admin, "QMZ2", text)
        for text in [*QMZ1_DECK, "START CHANNEL(QMZ1.TO.QMZ2)"]:
            command(admin, "QMZ1", text)
    failures: list[str] = []

    def putter(n: int) -> None:
        with two.client("app") as app:
            for i in range(10):
                reply = app.post(
                    message_url("QMZ1", "PAY.OUT"), content=f"{n}.{i}".encode(), headers=TEXT
                )
                if reply.status_code != 201:
                    failures.append(reply.text)

    def displayer() -> None:
        with two.client("admin") as admin:
            for _ in range(20):
                command(admin, "QMZ2", "DISPLAY QLOCAL(PAY.IN) CURDEPTH")

    threads = [threading.Thread(target=putter, args=(n,)) for n in range(4)]
    threads += [threading.Thread(target=displayer) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures
    with two.client("admin") as admin:
        status = command(admin, "QMZ1", "DISPLAY CHSTATUS(QMZ1.TO.QMZ2) STATUS")
        assert any("STATUS(RUNNING " in line for line in status), status
        assert curdepth(admin, "QMZ1", "QMZ2") == 0
        assert curdepth(admin, "QMZ2", "PAY.IN") == 40
        with two.client("app") as app:
            got = {app.delete(message_url("QMZ2", "PAY.IN"), headers=CSRF).text for _ in range(40)}
        assert got == {f"{n}.{i}" for n in range(4) for i in range(10)}


def test_a_job_submitted_to_the_server_starts_a_running_channel(two: Server) -> None:
    """A job through z/OSMF's REST jobs interface (the server's registry): its CSQUTIL
    START CHANNEL runs, the OEMPUTX step's messages move, the CHECK step sees them on QMZ2."""
    from tests.cli.test_job_channels import JOB

    z = {"X-CSRF-ZOSMF-HEADER": "true", "Content-Type": "text/plain"}
    with two.client("admin") as admin:
        for text in QMZ2_DECK:
            command(admin, "QMZ2", text)
        made = admin.put("/zosmf/restjobs/jobs", content=JOB, headers=z)
        assert made.status_code == 201, made.text
        job = made.json()
        files = admin.get(f"/zosmf/restjobs/jobs/{job['jobname']}/{job['jobid']}/files").json()
        spool = "".join(admin.get(f["records-url"].removeprefix(two.url)).text for f in files)
        assert "STATUS(RUNNING " in spool, spool
        assert "CURDEPTH(3)" in spool.replace(" ", ""), spool
        assert curdepth(admin, "QMZ2", "PAY.IN") == 3
        assert curdepth(admin, "QMZ1", "QMZ2") == 0
