"""RACF behind ``mqsc serve`` (docs/security.md#rest-and-the-web-console): each REST user acts
as its z/OS user id (mqweb's started task user opening for it by alternate user authority),
the administrative API and the web console as the mqweb server's started task user; what the
security manager refuses is mqweb's 403, MQWB0103E with MQRC 2035; the web console shows the
profiles that cover a queue."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tests.serve.conftest import ROOT, Server, start_server, stop

CSRF = {"ibm-mq-rest-csrf-token": "mqsc"}
RACF = [
    "ADDGROUP MQAPPS",
    "ADDUSER APP DFLTGRP(MQAPPS)",
    "ADDUSER MQWEB",
    "RDELETE MQADMIN QMZ1.NO.SUBSYS.SECURITY",
    "RDEFINE MQADMIN QMZ1.NO.CMD.RESC.CHECKS",
    "RDEFINE MQCMDS QMZ1.** UACC(NONE)",
    "PERMIT QMZ1.** CLASS(MQCMDS) ID(MQWEB) ACCESS(ALTER)",
    "RDEFINE MQCONN QMZ1.BATCH UACC(NONE)",
    "PERMIT QMZ1.BATCH CLASS(MQCONN) ID(MQAPPS MQWEB) ACCESS(READ)",
    "RDEFINE MQQUEUE QMZ1.** UACC(NONE)",
    "RDEFINE MQQUEUE QMZ1.OPEN.* UACC(NONE)",
    "PERMIT QMZ1.OPEN.* CLASS(MQQUEUE) ID(MQAPPS) ACCESS(UPDATE)",
    # mqweb acts for its MQWebUser users by alternate user authority.
    "RDEFINE MQADMIN QMZ1.ALTERNATE.USER.** UACC(NONE)",
    "PERMIT QMZ1.ALTERNATE.USER.** CLASS(MQADMIN) ID(MQWEB) ACCESS(UPDATE)",
    "SETROPTS RACLIST(MQADMIN MQCMDS MQCONN MQQUEUE) REFRESH",
]


def mqsc(server: Server, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mqsc", *args],
        env=server.env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def command(server: Server, text: str) -> tuple[int, list[str]]:
    with server.client() as client:
        reply = client.post(
            f"{server.mq()}/admin/action/qmgr/QMZ1/mqsc",
            headers=CSRF,
            json={"type": "runCommand", "parameters": {"command": text}},
        )
    lines = [t for item in reply.json().get("commandResponse", []) for t in item["text"]]
    return reply.status_code, lines


def put(server: Server, queue: str) -> tuple[int, dict]:
    with server.client("app") as client:
        reply = client.post(
            f"/ibmmq/rest/v2/messaging/qmgr/QMZ1/queue/{queue}/message",
            headers={**CSRF, "Content-Type": "text/plain;charset=utf-8"},
            content="hello",
        )
    return reply.status_code, (reply.json() if reply.content else {})


@pytest.fixture(scope="module")
def secured(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """QMZ1 with queue security on: APP (group MQAPPS) may put to QMZ1.OPEN.* only."""
    process, server = start_server(tmp_path_factory.mktemp("racf-home"))
    try:
        for queue in ("OPEN.Q", "SHUT.Q"):
            assert command(server, f"DEFINE QLOCAL({queue})")[0] == 200
    finally:
        stop(process)
    done = mqsc(server, "racf", *RACF)
    assert done.returncode == 0, done.stdout + done.stderr
    started = mqsc(server, "restart")
    assert started.returncode == 0, started.stderr
    assert "CSQH021I" in started.stdout  # the switches, read at START QMGR
    process, server = start_server(server.home, users=False)
    try:
        yield server
    finally:
        stop(process)


def test_messaging_refused_is_403_with_reason_2035(secured: Server) -> None:
    assert put(secured, "OPEN.Q")[0] == 201
    status, body = put(secured, "SHUT.Q")
    assert status == 403
    [error] = body["error"]
    assert (error["msgId"], error["reasonCode"], error["completionCode"]) == ("MQWB0103E", 2035, 2)
    # Nothing was put.
    shown = command(secured, "DISPLAY QLOCAL(SHUT.Q) CURDEPTH")[1]
    assert any(re.search(r"CURDEPTH\(\s*0\)", line) for line in shown)


def test_messaging_needs_mqwebs_alternate_user_authority(secured: Server) -> None:
    """The messaging REST API connects as mqweb's started task user and opens for the REST
    user by alternate user authority: without MQADMIN hlq.ALTERNATE.USER.user UPDATE for
    mqweb's user, the REST user's own access does not help."""

    def racf(*texts: str) -> None:
        done = mqsc(secured, "racf", *texts, "SETROPTS RACLIST(MQADMIN) REFRESH")
        assert done.returncode == 0, done.stdout
        assert command(secured, "REFRESH SECURITY(MQADMIN)")[0] == 200

    racf("PERMIT QMZ1.ALTERNATE.USER.** CLASS(MQADMIN) ID(MQWEB) DELETE")
    status, body = put(secured, "OPEN.Q")
    assert (status, body["error"][0]["reasonCode"]) == (403, 2035)
    racf("PERMIT QMZ1.ALTERNATE.USER.** CLASS(MQADMIN) ID(MQWEB) ACCESS(UPDATE)")
    assert put(secured, "OPEN.Q")[0] == 201


def test_web_console_lists_the_covering_profiles(secured: Server) -> None:
    with secured.client("reader") as client:
        reply = client.get("/ibmmq/console/api/qmgr/QMZ1/queue/OPEN.Q/profiles")
    assert reply.status_code == 200
    body = reply.json()
    assert (body["class"], body["subsystem"], body["queueChecks"]) == ("MQQUEUE", True, True)
    assert [(p["name"], p["used"]) for p in body["profiles"]] == [
        ("QMZ1.OPEN.*", True),
        ("QMZ1.**", False),
    ]
    # RDEFINE puts its issuer on the access list with ALTER, as RACF does.
    assert body["profiles"][0]["accessList"] == [
        {"id": "IBMUSER", "access": "ALTER"},
        {"id": "MQAPPS", "access": "UPDATE"},
    ]
    assert body["inStorage"] == "QMZ1.OPEN.*"


def test_refused_console_display_is_403(secured: Server) -> None:
    with secured.client() as client:
        assert client.get("/ibmmq/console/api/qmgr/QMZ1/queues").status_code == 200
    lost = mqsc(
        secured,
        "racf",
        "PERMIT QMZ1.** CLASS(MQCMDS) ID(MQWEB) DELETE",
        "SETROPTS RACLIST(MQCMDS) REFRESH",
    )
    assert lost.returncode == 0, lost.stdout
    assert command(secured, "REFRESH SECURITY(MQCMDS)")[0] == 200
    with secured.client() as client:
        reply = client.get("/ibmmq/console/api/qmgr/QMZ1/queues")
        assert reply.status_code == 403
        [error] = reply.json()["error"]
        assert (error["msgId"], error["reasonCode"]) == ("MQWB0103E", 2035)
    # The administrative API answers with the queue manager's own words.
    status, lines = command(secured, "DISPLAY QLOCAL(OPEN.Q)")
    assert any(line.startswith("CSQ9016E") for line in lines), (status, lines)
