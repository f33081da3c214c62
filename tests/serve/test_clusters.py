"""A cluster under a real ``mqsc serve`` (docs/clusters.md, docs/serve.md): the server's queue
managers form one network, so cluster channels run as the others do: the cluster is defined
through runCommand, a message put through the messaging REST API to a cluster queue on the
partial repository goes to an instance on another queue manager, where it is got with its
data, and DISPLAY CLUSQMGR through runCommandJSON lists the members."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.serve.conftest import Server, start_server, stop
from tests.serve.test_channels import CSRF, TEXT, cli, command, home_env, message_url

DECKS = {
    "QMZ1": [
        "START CHINIT",
        "START LISTENER PORT(1414)",
        "ALTER QMGR REPOS(DEMO)",
        "DEFINE CHANNEL(TO.QMZ1) CHLTYPE(CLUSRCVR) CONNAME('zos1.example.com(1414)') CLUSTER(DEMO)",
    ],
    "QMZ2": [
        "ALTER QMGR REPOS(DEMO)",
        "DEFINE CHANNEL(TO.QMZ2) CHLTYPE(CLUSRCVR) CONNAME('zos2.example.com(1415)') CLUSTER(DEMO)",
        "DEFINE CHANNEL(TO.QMZ1) CHLTYPE(CLUSSDR) CONNAME('zos1.example.com(1414)') CLUSTER(DEMO)",
        "DEFINE QLOCAL(PAY.IN) CLUSTER(DEMO)",
    ],
    "QMZ3": [
        "DEFINE CHANNEL(TO.QMZ3) CHLTYPE(CLUSRCVR) CONNAME('zos3.example.com(1416)') CLUSTER(DEMO)",
        "DEFINE CHANNEL(TO.QMZ1) CHLTYPE(CLUSSDR) CONNAME('zos1.example.com(1414)') CLUSTER(DEMO)",
    ],
}


@pytest.fixture()
def three(tmp_path) -> Iterator[Server]:
    env = home_env(tmp_path)
    for name, port in (("QMZ2", 1415), ("QMZ3", 1416)):
        made = cli(env, "create", name, "--listener", str(port))
        assert made.returncode == 0, made.stderr
    process, server = start_server(tmp_path)
    try:
        yield server
    finally:
        stop(process)


def display(client: httpx.Client, qmgr: str, body: dict) -> list[dict]:
    reply = client.post(
        f"/ibmmq/rest/v2/admin/action/qmgr/{qmgr}/mqsc",
        headers=CSRF,
        json={"type": "runCommandJSON", **body},
    )
    assert reply.status_code == 200, reply.text
    return [r["parameters"] for r in reply.json()["commandResponse"] if "parameters" in r]


def test_cluster_channels_run_under_the_server(three: Server) -> None:
    with three.client("admin") as admin, three.client("app") as app:
        for qmgr, deck in DECKS.items():
            for text in deck:
                lines = command(admin, qmgr, text)
                assert any("CSQ9022I" in line for line in lines), (text, lines)
        members = display(
            admin,
            "QMZ1",
            {
                "command": "display",
                "qualifier": "clusqmgr",
                "name": "*",
                "responseParameters": ["qmtype", "deftype", "status"],
            },
        )
        assert {(m["clusqmgr"], m["qmtype"], m["deftype"]) for m in members} == {
            ("QMZ1", "REPOS", "CLUSRCVR"),
            ("QMZ2", "REPOS", "CLUSSDRA"),
            ("QMZ3", "NORMAL", "CLUSSDRA"),
        }
        put = app.post(
            message_url("QMZ3", "PAY.IN"),
            content=b"to the cluster",
            headers={**TEXT, "ibm-mq-md-persistence": "persistent"},
        )
        assert put.status_code == 201, put.text
        got = app.delete(message_url("QMZ2", "PAY.IN"), headers=CSRF)
        assert (got.status_code, got.text) == (200, "to the cluster")
        queues = display(
            admin,
            "QMZ3",
            {"command": "display", "qualifier": "qcluster", "name": "*"},
        )
        assert [(q["queue"], q["clusqmgr"]) for q in queues] == [("PAY.IN", "QMZ2")]
