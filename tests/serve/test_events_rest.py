"""Command events of commands sent through the MQ REST API (runCommand over loopback by
httpx), read by ``mqsc events`` in a second process on the server's home: the REST user is
the EventUserId, the command came as a message (MQEVO_MSG) from mqweb."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.serve.conftest import ROOT, Server
from tests.serve.test_mqrest import run_command


def events(server: Server, queue: str) -> list[dict]:
    done = subprocess.run(
        [sys.executable, "-m", "mqsc", "events", queue, "--format", "json"],
        capture_output=True,
        text=True,
        env=server.env,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def members(event: dict, group: int) -> dict:
    return {m["parameter"]: m for m in event["parameters"][group]["members"]}


def test_rest_commands_make_command_events_naming_the_rest_user(server: Server) -> None:
    events(server, "SYSTEM.ADMIN.COMMAND.EVENT")  # whatever earlier tests left
    try:
        assert run_command(server, "ALTER QMGR CMDEV(ENABLED)")["overallCompletionCode"] == 0
        assert run_command(server, "DEFINE QLOCAL(REST.EVENT.Q)")["overallCompletionCode"] == 0
    finally:
        run_command(server, "ALTER QMGR CMDEV(DISABLED)")
    found = events(server, "SYSTEM.ADMIN.COMMAND.EVENT")
    texts = [members(e, 1)["MQCACF_COMMAND_MQSC"]["value"] for e in found]
    assert texts == [
        "ALTER QMGR CMDEV(ENABLED)",
        "DEFINE QLOCAL(REST.EVENT.Q)",
        "ALTER QMGR CMDEV(DISABLED)",
    ]
    context = members(found[1], 0)
    assert context["MQCACF_EVENT_USER_ID"]["value"] == "ADMIN"
    assert context["MQIACF_EVENT_ORIGIN"]["constant"] == "MQEVO_MSG"
    assert context["MQCACF_EVENT_APPL_NAME"]["value"] == "MQWEB"
    assert context["MQIACF_COMMAND"]["constant"] == "MQCMD_CREATE_Q"
