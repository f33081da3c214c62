"""A queue sharing group behind one server: CMDSCOPE(*) through runCommand gives one
commandResponse per reply set (one per queue manager), and /admin/qmgr lists the members."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.serve.conftest import ROOT, start_server, stop

CSRF = {"ibm-mq-rest-csrf-token": "mqsc"}


@pytest.fixture(scope="module")
def group_server(tmp_path_factory: pytest.TempPathFactory):
    home = tmp_path_factory.mktemp("qsg-home")
    env = {**os.environ, "MQSC_HOME": str(home), "XDG_CONFIG_HOME": str(home / "config")}
    for name in ("QSA1", "QSA2"):
        subprocess.run(
            [sys.executable, "-m", "mqsc", "create", name, "--qsg", "QSG1"],
            env=env,
            check=True,
            capture_output=True,
            cwd=ROOT,
            timeout=120,
        )
    process, running = start_server(home)
    try:
        yield running
    finally:
        stop(process)


def test_cmdscope_star_answers_per_queue_manager(group_server) -> None:
    with group_server.client() as client:
        names = {q["name"]: q for q in client.get("/ibmmq/rest/v2/admin/qmgr").json()["qmgr"]}
        assert names["QSA1"]["extended"]["queueSharingGroupName"] == "QSG1"
        reply = client.post(
            "/ibmmq/rest/v2/admin/action/qmgr/QSA1/mqsc",
            headers=CSRF,
            json={
                "type": "runCommand",
                "parameters": {"command": "DISPLAY QLOCAL(SYSTEM.COMMAND.INPUT) CMDSCOPE(*)"},
            },
        )
        out = reply.json()
    assert out["overallCompletionCode"] == 0
    texts = [r["text"] for r in out["commandResponse"]]
    assert any("command responses from QSA1" in t[1] for t in texts)
    assert any("command responses from QSA2" in t[1] for t in texts)
    assert texts[-1][1].startswith("MQSC122I")
    assert all(t[0].startswith("CSQN205I") for t in texts)


def test_a_stopped_queue_manager_is_ended_normally(group_server) -> None:
    with group_server.client() as client:
        stop = client.post(
            "/ibmmq/rest/v2/admin/action/qmgr/QSA2/mqsc",
            headers=CSRF,
            json={"type": "runCommand", "parameters": {"command": "STOP QMGR"}},
        ).json()
        assert stop["overallCompletionCode"] == 0, stop
        state = client.get("/ibmmq/rest/v2/admin/qmgr/QSA2").json()["qmgr"][0]["state"]
        assert state == "ended normally"
        refused = client.post(
            "/ibmmq/rest/v2/admin/action/qmgr/QSA2/mqsc",
            headers=CSRF,
            json={"type": "runCommand", "parameters": {"command": "DIS QMGR"}},
        ).json()
        assert refused["overallCompletionCode"] == 2
        assert refused["commandResponse"][0]["text"][1].startswith("CSQ3106E")
        # START QMGR comes from the z/OS console only (the command server is down), as here
        started = client.put(
            "/zosmf/restconsoles/consoles/defcn",
            headers={"X-CSRF-ZOSMF-HEADER": "true"},
            json={"cmd": "QSA2 START QMGR"},
        ).json()["cmd-response"]
        assert "CSQY022I QSA2 QUEUE MANAGER INITIALIZATION COMPLETE" in started.split("\r")
        assert client.get("/ibmmq/rest/v2/admin/qmgr/QSA2").json()["qmgr"][0]["state"] == "running"


def test_run_command_json_with_cmdscope_star_lists_every_member(group_server) -> None:
    with group_server.client() as client:
        out = client.post(
            "/ibmmq/rest/v2/admin/action/qmgr/QSA1/mqsc",
            headers=CSRF,
            json={
                "type": "runCommandJSON",
                "command": "display",
                "qualifier": "qlocal",
                "name": "SYSTEM.COMMAND.INPUT",
                "parameters": {"cmdscope": "*"},
                "responseParameters": ["maxdepth"],
            },
        ).json()
    assert out["overallCompletionCode"] == 0
    objects = [r for r in out["commandResponse"] if "parameters" in r]
    assert len(objects) == 2  # one per queue manager of the group
    assert all(r["parameters"]["queue"] == "SYSTEM.COMMAND.INPUT" for r in objects)
    assert any(
        r.get("message", [""])[0].startswith("MQSC137I")
        for r in out["commandResponse"]
        if "message" in r
    )
