"""The MQ administrative REST API over loopback: runCommand, runCommandJSON, installation,
qmgr, with the bodies of IBM's documentation ("POST - plain text MQSC command", "POST - JSON
formatted command"), by httpx and by curl."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from mqsc.catalog import product
from tests.serve.conftest import USERS, Server

CSRF = {"ibm-mq-rest-csrf-token": "mqsc"}


def run_command(server: Server, text: str, qmgr: str = "QMZ1", version: str = "v2") -> dict:
    with server.client() as client:
        reply = client.post(
            f"{server.mq(version)}/admin/action/qmgr/{qmgr}/mqsc",
            headers=CSRF,
            json={"type": "runCommand", "parameters": {"command": text}},
        )
    assert reply.status_code == 200, reply.text
    return reply.json()


def run_json(server: Server, body: dict, qmgr: str = "QMZ1") -> dict:
    with server.client() as client:
        reply = client.post(
            f"{server.mq()}/admin/action/qmgr/{qmgr}/mqsc",
            headers=CSRF,
            json={"type": "runCommandJSON", **body},
        )
    assert reply.status_code == 200, reply.text
    return reply.json()


def test_run_command_display_usage_answers_the_zos_reply_lines(server: Server) -> None:
    out = run_command(server, "DIS USAGE PSID(11)", version="v1")
    assert out["overallCompletionCode"] == 0 and out["overallReasonCode"] == 0
    [response] = out["commandResponse"]
    assert response["completionCode"] == 0 and response["reasonCode"] == 0
    text = response["text"]
    assert text[0].startswith("CSQN205I   COUNT=") and "RETURN=00000000" in text[0]
    assert any(line.startswith("CSQI010I QMZ1 Page set usage") for line in text)
    assert text[-1] == "CSQ9022I QMZ1 CSQIDUSE ' DISPLAY USAGE' NORMAL COMPLETION"


def test_run_command_define_changes_state_and_a_failure_says_so(server: Server) -> None:
    out = run_command(server, "DEFINE QLOCAL(REST.PLAIN.Q1) MAXDEPTH(500)", version="v3")
    assert out["overallCompletionCode"] == 0
    shown = run_command(server, "DISPLAY QLOCAL(REST.PLAIN.Q1) MAXDEPTH")
    assert any(
        re.search(r"MAXDEPTH\( *500\)", line) for line in shown["commandResponse"][0]["text"]
    )
    again = run_command(server, "DEFINE QLOCAL(REST.PLAIN.Q1)")
    assert again["overallCompletionCode"] == 2 and again["overallReasonCode"] == 3008
    [response] = again["commandResponse"]
    assert response["completionCode"] == 2
    assert "RETURN=0000000C" in response["text"][0]
    assert response["text"][-1].startswith("CSQ9023E")
    # the failed DEFINE left the queue as it was
    shown = run_command(server, "DISPLAY QLOCAL(REST.PLAIN.Q1) MAXDEPTH")
    assert any(
        re.search(r"MAXDEPTH\( *500\)", line) for line in shown["commandResponse"][0]["text"]
    )


def test_run_command_syntax_error_is_a_failed_command_not_an_http_error(server: Server) -> None:
    out = run_command(server, "DEFINE QLOCAL(")
    assert out["overallCompletionCode"] == 2
    assert any(line.startswith("CSQ9") for line in out["commandResponse"][0]["text"])


def test_run_command_json_define_display_delete(server: Server) -> None:
    made = run_json(
        server,
        {
            "command": "define",
            "qualifier": "qlocal",
            "name": "REST.JSON.Q1",
            "parameters": {"descr": "Payroll in", "maxdepth": 2000},
        },
    )
    assert made["overallCompletionCode"] == 0
    assert made["commandResponse"][0]["message"][-1].startswith("CSQ9022I")
    shown = run_json(
        server,
        {
            "command": "display",
            "qualifier": "qlocal",
            "name": "REST.JSON.*",
            "responseParameters": ["descr", "maxdepth", "curdepth"],
        },
    )
    [item] = shown["commandResponse"]
    assert item["parameters"]["queue"] == "REST.JSON.Q1"
    assert item["parameters"]["descr"] == "Payroll in"
    assert item["parameters"]["maxdepth"] == 2000 and item["parameters"]["curdepth"] == 0
    gone = run_json(server, {"command": "delete", "qualifier": "qlocal", "name": "REST.JSON.Q1"})
    assert gone["overallCompletionCode"] == 0
    missing = run_json(
        server, {"command": "display", "qualifier": "qlocal", "name": "REST.JSON.Q1"}
    )
    # nothing matched: 2085 (MQRC_UNKNOWN_OBJECT_NAME), with the z/OS CSQM297I line
    assert missing["overallCompletionCode"] == 2
    assert missing["commandResponse"][0]["reasonCode"] == 2085
    assert missing["commandResponse"][0]["message"][0].startswith("CSQM297I")


def test_run_command_json_keeps_a_lower_case_name(server: Server) -> None:
    # SUB('mysub') is a name in lower case: unquoted, MQSC would fold it to MYSUB and the
    # subscription could not be altered or deleted by the name DISPLAY answers.
    made = run_command(
        server, "DEFINE SUB('rest.mysub') TOPICSTR('rest/low') DEST(SYSTEM.DEFAULT.LOCAL.QUEUE)"
    )
    assert made["overallCompletionCode"] == 0, made
    altered = run_json(
        server,
        {
            "command": "alter",
            "qualifier": "sub",
            "name": "rest.mysub",
            "parameters": {"expiry": 500},
        },
    )
    assert altered["overallCompletionCode"] == 0, altered
    shown = run_json(
        server,
        {
            "command": "display",
            "qualifier": "sub",
            "name": "rest.mysub",
            "responseParameters": ["expiry"],
        },
    )
    assert shown["commandResponse"][0]["parameters"]["expiry"] in (500, "500"), shown
    gone = run_json(server, {"command": "delete", "qualifier": "sub", "name": "rest.mysub"})
    assert gone["overallCompletionCode"] == 0, gone
    left = run_command(server, "DISPLAY SUB('rest.mysub')")
    assert any("CSQM297I" in line for line in left["commandResponse"][0]["text"]), left


def test_run_command_json_refuses_what_mqweb_refuses(server: Server) -> None:
    with server.client() as client:
        reply = client.post(
            f"{server.mq()}/admin/action/qmgr/QMZ1/mqsc",
            headers=CSRF,
            json={"type": "runCommandJSON", "command": "display", "qualifier": "usage"},
        )
    assert reply.status_code == 400
    assert reply.json()["error"][0]["msgId"] == "MQSC906E"


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"type": "runCommand"},
        {"type": "runCommand", "parameters": {"command": 5}},
        {"type": "runCommandJSON", "command": "display"},
        {
            "type": "runCommandJSON",
            "command": "define",
            "qualifier": "qlocal",
            "name": "X",
            "parameters": {"descr": {"nested": 1}},
        },
        [1, 2],
    ],
)
def test_bodies_that_are_not_commands_get_400_and_change_nothing(
    server: Server, body: object
) -> None:
    with server.client() as client:
        reply = client.post(f"{server.mq()}/admin/action/qmgr/QMZ1/mqsc", headers=CSRF, json=body)
        assert reply.status_code == 400
        # mqsc's own ids: no IBM id was found for these (docs/messages.md).
        assert reply.json()["error"][0]["msgId"] in ("MQSC905E", "MQSC907E")
        broken = client.post(
            f"{server.mq()}/admin/action/qmgr/QMZ1/mqsc", headers=CSRF, content=b"{not json"
        )
        assert broken.status_code == 400
        assert broken.json()["error"][0]["msgId"] == "MQSC905E"
    out = run_command(server, "DISPLAY QLOCAL(X)")
    assert out["commandResponse"][0]["text"][1].startswith("CSQM297I")


def test_a_method_the_resource_does_not_take_is_405(server: Server) -> None:
    with server.client("reader") as client:
        reply = client.request("PUT", f"{server.mq()}/admin/installation", headers=CSRF)
    assert reply.status_code == 405
    error = reply.json()["error"][0]
    assert error["msgId"] == "MQSC909E" and error["message"].startswith("MQSC909E: The HTTP")


def test_unknown_queue_manager_is_404_mqsc904e(server: Server) -> None:
    with server.client() as client:
        reply = client.post(
            f"{server.mq()}/admin/action/qmgr/NOPE/mqsc",
            headers=CSRF,
            json={"type": "runCommand", "parameters": {"command": "DIS QMGR"}},
        )
        assert reply.status_code == 404
        assert (
            reply.json()["error"][0]["message"]
            == "MQSC904E: Could not find the queue manager 'NOPE'."
        )
        assert client.get(f"{server.mq()}/admin/qmgr/NOPE").status_code == 404
        assert client.get(f"{server.mq()}/no/such/thing").json()["error"][0]["msgId"] == "MQSC908E"


def test_installation_and_qmgr(server: Server) -> None:
    with server.client("reader") as client:
        inst = client.get(f"{server.mq('v1')}/admin/installation").json()["installation"][0]
        assert inst["platform"] == "zos"
        names = [q["name"] for q in client.get(f"{server.mq()}/admin/qmgr").json()["qmgr"]]
        assert "QMZ1" in names
        one = client.get(f"{server.mq('v3')}/admin/qmgr/QMZ1").json()["qmgr"]
        assert one[0]["name"] == "QMZ1" and one[0]["state"] == "running"
    # The installation's level is the queue manager's: DISPLAY QMGR over the same server.
    qmgr = run_json(
        server,
        {"command": "display", "qualifier": "qmgr", "responseParameters": ["cmdlevel", "version"]},
    )
    attrs = qmgr["commandResponse"][0]["parameters"]
    assert inst["maximumCommandLevel"] == attrs["cmdlevel"] == product.COMMAND_LEVEL
    assert inst["version"] == product.MQ_VERSION
    assert attrs["version"] == product.version_attribute(inst["version"])


def test_chunked_request_body_is_accepted(server: Server) -> None:
    body = json.dumps(
        {"type": "runCommand", "parameters": {"command": "DIS QLOCAL(REST.NONE.*)"}}
    ).encode()

    def chunks():
        yield body[:10]
        yield body[10:]

    with server.client() as client:
        reply = client.post(
            f"{server.mq()}/admin/action/qmgr/QMZ1/mqsc",
            headers={**CSRF, "Content-Type": "application/json"},
            content=chunks(),
        )
    assert reply.status_code == 200
    assert reply.json()["commandResponse"][0]["text"][0].startswith("CSQN205I")


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
def test_curl_with_ibm_documented_bodies(server: Server) -> None:
    """The examples of IBM's documentation, as curl sends them."""
    user = f"admin:{USERS['admin'][0]}"
    url = f"{server.url}/ibmmq/rest/v2/admin/action/qmgr/QMZ1/mqsc"

    def curl(body: str) -> dict:
        done = subprocess.run(
            [
                "curl",
                "-s",
                "-u",
                user,
                "-X",
                "POST",
                "-H",
                "Content-Type: application/json",
                "-H",
                "ibm-mq-rest-csrf-token: value",
                url,
                "--data",
                body,
            ],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        return json.loads(done.stdout)

    made = curl(
        '{"type": "runCommand", "parameters": '
        '{"command": "DEFINE QLOCAL(CURL.Q1) DESCR(\'made by curl\')"}}'
    )
    assert made["overallCompletionCode"] == 0
    shown = curl(
        '{"type": "runCommandJSON", "command": "display", "qualifier": "qlocal", '
        '"name": "CURL.Q1", "responseParameters": ["descr"]}'
    )
    assert shown["commandResponse"][0]["parameters"]["descr"] == "made by curl"
    gone = curl(
        '{"type": "runCommandJSON", "command": "delete", "qualifier": "qlocal", "name": "CURL.Q1"}'
    )
    assert gone["overallCompletionCode"] == 0
