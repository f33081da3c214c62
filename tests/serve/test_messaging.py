"""The messaging REST API with real curl against a real ``mqsc serve`` (docs/serve.md#messaging):
put, browse, destructive get, selection by message and correlation id, wait, the MQ failures
(and that they change nothing), roles and CSRF, and messages kept across a server restart.

(pymqrest 1.2.2 wraps only the administrative API's MQSC resource: it has no messaging calls.)
"""

from __future__ import annotations

import json
import subprocess
import threading

import pytest

from tests.serve.conftest import USERS, Server, start_server, stop

TEXT = "Content-Type: text/plain;charset=utf-8"


def curl(
    server: Server, method: str, path: str, *args: str, user: str | None = "app", csrf: bool = True
) -> tuple[int, dict[str, str], str]:
    """(status, lower-cased headers, body) of one curl request."""
    command = ["curl", "-s", "-i", "-X", method, f"{server.url}{path}"]
    if user:
        command += ["-u", f"{user}:{USERS[user][0]}"]
    if csrf:
        command += ["-H", "ibm-mq-rest-csrf-token: value"]
    out = subprocess.run([*command, *args], capture_output=True, check=True).stdout
    head, _, body = out.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return status, headers, body.decode("utf-8")


def mqsc(server: Server, command: str) -> list[str]:
    body = json.dumps({"type": "runCommand", "parameters": {"command": command}})
    status, _, out = curl(
        server,
        "POST",
        "/ibmmq/rest/v2/admin/action/qmgr/QMZ1/mqsc",
        "-H",
        "Content-Type: application/json",
        "-d",
        body,
        user="admin",
    )
    assert status == 200, out
    return [line for item in json.loads(out)["commandResponse"] for line in item["text"]]


def depth(server: Server, queue: str) -> int:
    [line] = [t for t in mqsc(server, f"DISPLAY QLOCAL({queue}) CURDEPTH") if "CURDEPTH" in t]
    return int(line.split("CURDEPTH(")[1].split(")")[0])


def message_path(queue: str, version: str = "v2") -> str:
    return f"/ibmmq/rest/{version}/messaging/qmgr/QMZ1/queue/{queue}/message"


@pytest.fixture(scope="module")
def queues(server: Server) -> Server:
    mqsc(server, "DEFINE QLOCAL(MSG.Q1) REPLACE")
    mqsc(server, "DEFINE QLOCAL(MSG.FULL) MAXDEPTH(1) REPLACE")
    mqsc(server, "DEFINE QLOCAL(MSG.NOPUT) PUT(DISABLED) REPLACE")
    mqsc(server, "DEFINE QLOCAL(MSG.NOGET) GET(DISABLED) REPLACE")
    mqsc(server, "DEFINE QALIAS(MSG.ALIAS) TARGET(MSG.Q1) REPLACE")
    return server


def test_put_browse_get_round_trip(queues: Server) -> None:
    path = message_path("MSG.Q1")
    correl = "0123456789abcdef" * 3
    status, headers, body = curl(
        queues,
        "POST",
        path,
        "-H",
        TEXT,
        "-d",
        "Hello World!",
        "-H",
        "ibm-mq-md-persistence: persistent",
        "-H",
        f"ibm-mq-md-correlationId: {correl}",
        "-H",
        "ibm-mq-md-replyTo: REPLY.Q@QMZ1",
        "-H",
        "ibm-mq-md-expiry: 60000",
    )
    assert (status, body) == (201, "")
    msgid = headers["ibm-mq-md-messageid"]
    # z/OS MsgIds start "CSQ " and the queue manager name, in EBCDIC.
    assert len(msgid) == 48 and msgid.startswith("c3e2d840d8d4e9f1")
    assert depth(queues, "MSG.Q1") == 1
    status, headers, body = curl(queues, "GET", path)
    assert (status, body) == (200, "Hello World!")
    assert headers["ibm-mq-md-messageid"] == msgid
    assert headers["ibm-mq-md-correlationid"] == correl
    assert headers["ibm-mq-md-persistence"] == "persistent"
    assert headers["ibm-mq-md-replyto"] == "REPLY.Q@QMZ1"
    # What is left of the expiry (put times are kept to the second).
    assert 58_000 <= int(headers["ibm-mq-md-expiry"]) <= 60_000
    assert headers["content-type"].startswith("text/plain")
    assert depth(queues, "MSG.Q1") == 1  # a browse leaves it there
    status, headers, body = curl(queues, "DELETE", path)
    assert (status, body, headers["ibm-mq-md-messageid"]) == (200, "Hello World!", msgid)
    assert depth(queues, "MSG.Q1") == 0
    assert curl(queues, "DELETE", path)[0] == 204
    assert curl(queues, "GET", path)[0] == 204


def test_gets_by_message_and_correlation_id(queues: Server) -> None:
    path = message_path("MSG.ALIAS")
    ids = []
    for n in range(3):
        correl = f"{n:048x}"
        status, headers, _ = curl(
            queues,
            "POST",
            path,
            "-H",
            TEXT,
            "-d",
            f"m{n}",
            "-H",
            f"ibm-mq-md-correlationId: {correl}",
        )
        assert status == 201
        ids.append(headers["ibm-mq-md-messageid"])
    status, _, body = curl(queues, "DELETE", f"{path}?messageId={ids[2]}")
    assert (status, body) == (200, "m2")
    status, _, body = curl(queues, "DELETE", f"{path}?correlationId={1:048x}")
    assert (status, body) == (200, "m1")
    assert curl(queues, "DELETE", f"{path}?messageId={ids[2]}")[0] == 204
    status, _, body = curl(queues, "DELETE", path)
    assert (status, body) == (200, "m0")


def test_v3_ids_and_priority(queues: Server) -> None:
    path = message_path("MSG.Q1", "v3")
    curl(queues, "POST", path, "-H", TEXT, "-d", "low", "-H", "ibm-mq-md-priority: 1")
    status, headers, _ = curl(
        queues,
        "POST",
        path,
        "-H",
        TEXT,
        "-d",
        "high",
        "-H",
        "ibm-mq-md-priority: 8",
        "-H",
        f"ibm-mq-md-correlationId: ID:{'ff' * 24}",
    )
    assert status == 201 and headers["ibm-mq-md-messageid"].startswith("ID:c3e2d840")
    status, headers, body = curl(queues, "DELETE", path)  # MSGDLVSQ(PRIORITY): high first
    assert (status, body, headers["ibm-mq-md-priority"]) == (200, "high", "8")
    assert headers["ibm-mq-md-correlationid"] == "ID:" + "ff" * 24
    # v2 has no priority header.
    status, _, out = curl(
        queues, "POST", message_path("MSG.Q1"), "-H", TEXT, "-d", "x", "-H", "ibm-mq-md-priority: 8"
    )
    assert status == 400 and json.loads(out)["error"][0]["msgId"] == "MQWB0302E"
    assert curl(queues, "DELETE", path)[2] == "low"


def test_wait_returns_a_message_put_meanwhile(queues: Server) -> None:
    path = message_path("MSG.Q1")
    timer = threading.Timer(0.3, lambda: curl(queues, "POST", path, "-H", TEXT, "-d", "late"))
    timer.start()
    try:
        status, _, body = curl(queues, "DELETE", f"{path}?wait=20000")
    finally:
        timer.join()
    assert (status, body) == (200, "late")


@pytest.mark.parametrize(
    ("queue", "args", "status", "msg_id", "reason"),
    [
        ("NO.SUCH.QUEUE", (), 404, "MQWB0300E", 2085),
        ("MSG.NOPUT", (), 500, "MQWB0303E", 2051),
        ("MSG.Q1", ("-H", "ibm-mq-md-persistence: sometimes"), 400, "MQWB0302E", 0),
        ("MSG.Q1", ("-H", "ibm-mq-md-correlationId: 1234"), 400, "MQWB0302E", 0),  # v2: hex only
        ("MSG.Q1", ("-H", "ibm-mq-md-expiry: soon"), 400, "MQWB0302E", 0),
    ],
)
def test_put_failures_change_nothing(
    queues: Server, queue: str, args: tuple[str, ...], status: int, msg_id: str, reason: int
) -> None:
    before = depth(queues, "MSG.Q1")
    got, _, out = curl(queues, "POST", message_path(queue), "-H", TEXT, "-d", "x", *args)
    error = json.loads(out)["error"][0]
    assert (got, error["msgId"], error["reasonCode"]) == (status, msg_id, reason)
    assert depth(queues, "MSG.Q1") == before


def test_queue_full_refuses_the_second_message(queues: Server) -> None:
    path = message_path("MSG.FULL")
    assert curl(queues, "POST", path, "-H", TEXT, "-d", "one")[0] == 201
    status, _, out = curl(queues, "POST", path, "-H", TEXT, "-d", "two")
    assert status == 500 and json.loads(out)["error"][0]["reasonCode"] == 2053
    assert depth(queues, "MSG.FULL") == 1
    assert curl(queues, "DELETE", path)[2] == "one"


def test_get_inhibited_and_media_types(queues: Server) -> None:
    status, _, out = curl(queues, "DELETE", message_path("MSG.NOGET"))
    assert status == 500 and json.loads(out)["error"][0]["reasonCode"] == 2016
    status, _, out = curl(
        queues,
        "POST",
        message_path("MSG.Q1"),
        "-d",
        "x",
        "-H",
        "Content-Type: application/octet-stream",
    )
    assert status == 415 and json.loads(out)["error"][0]["msgId"] == "MQWB0306E"
    status, _, out = curl(
        queues,
        "POST",
        message_path("MSG.Q1"),
        "-d",
        "x",
        "-H",
        "Content-Type: text/plain;charset=iso-8859-1",
    )
    assert status == 415 and json.loads(out)["error"][0]["msgId"] == "MQWB0305E"
    status, _, out = curl(queues, "DELETE", message_path("MSG.Q1") + "?messageId=zz")
    assert status == 400


def test_roles_and_csrf(queues: Server) -> None:
    path = message_path("MSG.Q1")
    # IBM: messaging needs MQWebUser; MQWebAdmin and MQWebAdminRO do not apply.
    for user in ("admin", "reader"):
        assert curl(queues, "GET", path, user=user)[0] == 403
    assert curl(queues, "POST", path, "-H", TEXT, "-d", "x", csrf=False)[0] == 403
    assert curl(queues, "DELETE", path, csrf=False)[0] == 403
    assert curl(queues, "GET", path, user=None)[0] == 401
    assert depth(queues, "MSG.Q1") == 0


def test_persistent_messages_outlive_the_server(tmp_path) -> None:
    process, server = start_server(tmp_path)
    try:
        mqsc(server, "DEFINE QLOCAL(KEEP.Q)")
        for text in ("first", "second"):
            assert (
                curl(
                    server,
                    "POST",
                    message_path("KEEP.Q"),
                    "-H",
                    TEXT,
                    "-d",
                    text,
                    "-H",
                    "ibm-mq-md-persistence: persistent",
                )[0]
                == 201
            )
    finally:
        stop(process)
    process, server = start_server(tmp_path, users=False)
    try:
        assert [curl(server, "DELETE", message_path("KEEP.Q"))[2] for _ in range(2)] == [
            "first",
            "second",
        ]
        assert curl(server, "DELETE", message_path("KEEP.Q"))[0] == 204
    finally:
        stop(process)


def test_messagelist_summarises_without_removing(queues: Server) -> None:
    mqsc(queues, "DEFINE QLOCAL(MSG.LIST) REPLACE")
    path = message_path("MSG.LIST")
    ids = [
        curl(
            queues,
            "POST",
            path,
            "-H",
            TEXT,
            "-d",
            f"m{n}",
            "-H",
            "ibm-mq-md-persistence: persistent",
        )[1]["ibm-mq-md-messageid"]
        for n in range(3)
    ]
    listing = path + "list"
    status, _, out = curl(queues, "GET", listing)
    messages = json.loads(out)["messages"]
    assert status == 200 and [m["messageId"] for m in messages] == ids
    assert all(m["persistence"] == "persistent" and "data" not in m for m in messages)
    assert [
        m["messageId"] for m in json.loads(curl(queues, "GET", listing + "?limit=2")[2])["messages"]
    ] == ids[:2]
    one = json.loads(curl(queues, "GET", f"{listing}?messageId={ids[1]}")[2])["messages"]
    assert [m["messageId"] for m in one] == [ids[1]]
    assert depth(queues, "MSG.LIST") == 3
    assert curl(queues, "GET", listing + "?limit=0")[0] == 400
    assert json.loads(curl(queues, "GET", message_path("MSG.NOGET") + "list")[2]) == {
        "messages": []
    }
    assert curl(queues, "GET", message_path("NO.SUCH") + "list")[0] == 404


def test_v3_application_specific_correlation_id(queues: Server) -> None:
    path = message_path("MSG.Q1", "v3")
    assert (
        curl(
            queues,
            "POST",
            path,
            "-H",
            TEXT,
            "-d",
            "order",
            "-H",
            "ibm-mq-md-correlationId: order-4711",
        )[0]
        == 201
    )
    status, headers, body = curl(queues, "DELETE", f"{path}?correlationId=order-4711")
    assert (status, body, headers["ibm-mq-md-correlationid"]) == (200, "order", "order-4711")
    # v2 shows the same CorrelId as its 24 bytes in hexadecimal.
    curl(
        queues, "POST", path, "-H", TEXT, "-d", "again", "-H", "ibm-mq-md-correlationId: order-4711"
    )
    status, headers, _ = curl(queues, "DELETE", message_path("MSG.Q1"))
    assert headers["ibm-mq-md-correlationid"] == (b"order-4711".hex() + "00" * 14)


HUGE = "9" * 5000  # int() refuses strings this long


@pytest.mark.parametrize("query", ["wait=%C2%B2", f"wait={HUGE}"])
def test_non_ascii_or_huge_numbers_in_the_query_are_400(queues: Server, query: str) -> None:
    # str.isdigit() takes "²" (and int() then fails): the parameter is refused, not a 500.
    status, _, out = curl(queues, "DELETE", f"{message_path('MSG.Q1')}?{query}")
    assert status == 400 and json.loads(out)["error"][0]["msgId"] == "MQSC907E"
    status, _, out = curl(
        queues, "GET", f"{message_path('MSG.Q1')}list?" + query.replace("wait", "limit")
    )
    assert status == 400 and json.loads(out)["error"][0]["msgId"] == "MQSC907E"


@pytest.mark.parametrize(
    ("header", "value"),
    [
        ("ibm-mq-md-priority", "²"),
        ("ibm-mq-md-priority", HUGE),
        ("ibm-mq-md-expiry", HUGE),
        ("ibm-mq-md-expiry", "²"),
    ],
)
def test_non_ascii_or_huge_numbers_in_headers_are_400(
    queues: Server, header: str, value: str
) -> None:
    before = depth(queues, "MSG.Q1")
    status, _, out = curl(
        queues,
        "POST",
        message_path("MSG.Q1", "v3"),
        "-H",
        TEXT,
        "-d",
        "x",
        "-H",
        f"{header}: {value}",
    )
    assert status == 400 and json.loads(out)["error"][0]["msgId"] == "MQWB0302E"
    assert depth(queues, "MSG.Q1") == before


def test_a_put_or_get_while_the_log_is_suspended_is_not_done(queues: Server) -> None:
    # SUSPEND QMGR LOG comes from the console (the z/OSMF console service); z/OS would hold
    # the MQI call until RESUME QMGR LOG and documents no reason code: 503, no MQ reason, and
    # the queue as it was.
    def console(command: str) -> str:
        with queues.client() as client:
            answer = client.put(
                "/zosmf/restconsoles/consoles/defcn",
                headers={"X-CSRF-ZOSMF-HEADER": "true"},
                json={"cmd": f"QMZ1 {command}"},
            )
        return answer.json()["cmd-response"]

    path = message_path("MSG.Q1")
    before = depth(queues, "MSG.Q1")
    assert "MQSC661I" in console("SUSPEND QMGR LOG")
    try:
        persistent = ("-H", "ibm-mq-md-persistence: persistent")
        status, _, body = curl(queues, "POST", path, "-H", TEXT, *persistent, "-d", "held")
        assert status == 503
        [entry] = json.loads(body)["error"]
        assert entry["msgId"] == "MQSC910E"
        assert entry["reasonCode"] == 0 and entry["completionCode"] == 0
        assert "log is suspended" in entry["message"]
    finally:
        assert "MQSC661I" in console("RESUME QMGR LOG")
    assert depth(queues, "MSG.Q1") == before
