"""What keeps the server safe: credentials, roles, CSRF, login tokens, rate-limited password
guessing, bounded bodies, no tracebacks, and no plain-HTTP listening beyond loopback."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import stat
import subprocess
import sys

import httpx
import pytest

from mqsc.serve import users as users_file
from mqsc.serve.app import Guard
from mqsc.serve.server import Options, ServeError, check
from tests.conftest import GOLDEN
from tests.serve.conftest import ROOT, USERS, Server

CSRF = {"ibm-mq-rest-csrf-token": "mqsc"}
DEFINE = {"type": "runCommand", "parameters": {"command": "DEFINE QLOCAL(SEC.Q1)"}}
SHOW = {"type": "runCommand", "parameters": {"command": "DISPLAY QLOCAL(SEC.Q1)"}}


def _action(server: Server) -> str:
    return f"{server.mq()}/admin/action/qmgr/QMZ1/mqsc"


def _exists(server: Server) -> bool:
    with server.client() as client:
        text = client.post(_action(server), headers=CSRF, json=SHOW).json()
    return not text["commandResponse"][0]["text"][1].startswith("CSQM297I")


def test_no_credentials_401(server: Server) -> None:
    with server.client(None) as client:
        reply = client.get(f"{server.mq()}/admin/qmgr")
        assert reply.status_code == 401
        assert reply.json()["error"][0]["msgId"] == "MQWB0104E"
        assert reply.headers["www-authenticate"].startswith("Basic")
        assert client.post(_action(server), headers=CSRF, json=DEFINE).status_code == 401
    with httpx.Client(base_url=server.url, auth=("admin", "wrong")) as client:
        assert client.get(f"{server.mq()}/admin/qmgr").status_code == 401
    assert not _exists(server)


def test_read_only_role_cannot_change_state(server: Server) -> None:
    with server.client("reader") as client:
        reply = client.post(_action(server), headers=CSRF, json=DEFINE)
        assert reply.status_code == 403
        assert reply.json()["error"][0]["msgId"] == "MQWB0103E"
        json_define = {
            "type": "runCommandJSON",
            "command": "define",
            "qualifier": "qlocal",
            "name": "SEC.Q1",
        }
        assert client.post(_action(server), headers=CSRF, json=json_define).status_code == 403
        assert client.post(_action(server), headers=CSRF, json=SHOW).status_code == 200
    assert not _exists(server)
    with server.client("app") as client:  # MQWebUser: messaging only
        assert client.post(_action(server), headers=CSRF, json=SHOW).status_code == 403
        assert client.get(f"{server.mq()}/admin/qmgr").status_code == 403


def test_missing_csrf_header_403(server: Server) -> None:
    with server.client() as client:
        reply = client.post(_action(server), json=DEFINE)
        assert reply.status_code == 403
        assert (
            reply.json()["error"][0]["message"]
            == "MQWB0100E: The CSRF header 'ibm-mq-rest-csrf-token' was omitted from the request."
        )
        put = client.put("/zosmf/restconsoles/consoles/defcn", json={"cmd": "QMZ1 DIS QMGR"})
        assert put.status_code == 403
    assert not _exists(server)


def test_login_token_cookie(server: Server) -> None:
    with httpx.Client(base_url=server.url) as client:
        password = USERS["admin"][0]
        bad = client.post(
            f"{server.mq('v1')}/login", json={"username": "admin", "password": "nope"}
        )
        assert bad.status_code == 401
        made = client.post(
            f"{server.mq('v1')}/login", json={"username": "admin", "password": password}
        )
        assert made.status_code == 204 and "LtpaToken2" in client.cookies
        who = client.get(f"{server.mq('v1')}/login").json()
        assert who == {"user": [{"name": "admin", "role": ["MQWebAdmin"]}]}
        shown = client.post(_action(server), headers=CSRF, json=SHOW)
        assert shown.status_code == 200
        assert client.delete(f"{server.mq('v1')}/login").status_code == 403  # no CSRF header
        assert client.delete(f"{server.mq('v1')}/login", headers=CSRF).status_code == 204
        stale = httpx.Client(
            base_url=server.url, cookies={"LtpaToken2": made.cookies["LtpaToken2"]}
        )
        assert stale.get(f"{server.mq('v1')}/login").status_code == 401
        stale.close()


def test_wrong_passwords_are_rate_limited(server: Server) -> None:
    url = f"{server.mq()}/admin/qmgr"
    with httpx.Client(base_url=server.url, auth=("victim", "guess")) as client:
        codes = [client.get(url).status_code for _ in range(8)]
    assert codes[:5] == [401] * 5
    assert 429 in codes[5:]
    with httpx.Client(base_url=server.url, auth=("victim", USERS["victim"][0])) as client:
        locked = client.get(url)
        assert locked.status_code == 429  # even the right password waits
        assert int(locked.headers["retry-after"]) >= 1
    with server.client() as client:  # other users are not affected
        assert client.get(url).status_code == 200


def _raw(server: Server, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as s:
        s.sendall(request)
        out = b""
        while True:
            try:
                chunk = s.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            out += chunk
            if b"\r\n\r\n" in out and b"}]}" in out:
                break
    return out


def test_a_100_mb_body_is_refused_413(server: Server) -> None:
    auth = httpx.BasicAuth("admin", USERS["admin"][0])._auth_header
    head = (
        f"POST {_action(server)} HTTP/1.1\r\nHost: x\r\nAuthorization: {auth}\r\n"
        "ibm-mq-rest-csrf-token: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {100 * 1024 * 1024}\r\n\r\n"
    ).encode()
    out = _raw(server, head + b'{"type": "runCommand", ')
    assert out.startswith(b"HTTP/1.1 413"), out[:200]
    assert b"MQSC901E" in out
    # a chunked body that grows past the bound is refused too
    chunk = b"x" * 65536
    head = (
        f"POST {_action(server)} HTTP/1.1\r\nHost: x\r\nAuthorization: {auth}\r\n"
        "ibm-mq-rest-csrf-token: x\r\nTransfer-Encoding: chunked\r\n\r\n"
    ).encode()
    body = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(80))
    out = _raw(server, head + body)
    assert out.startswith(b"HTTP/1.1 413"), out[:200]


def test_a_failure_inside_answers_500_without_a_traceback(caplog) -> None:
    async def broken(scope, receive, send):
        raise RuntimeError("secret detail /etc/passwd")

    async def call() -> httpx.Response:
        transport = httpx.ASGITransport(app=Guard(broken, 1024))
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            return await client.get("/ibmmq/rest/v2/admin/qmgr")

    with caplog.at_level("ERROR", logger="mqsc.serve"):
        reply = asyncio.run(call())
    assert reply.status_code == 500
    assert reply.json()["error"][0]["msgId"] == "MQWB0000E"
    assert "secret" not in reply.text and "Traceback" not in reply.text
    assert "secret detail" in caplog.text  # the operator's log has it


def test_non_loopback_without_tls_is_refused(tmp_path) -> None:
    with pytest.raises(ServeError, match="without TLS"):
        check(Options(host="0.0.0.0"), users_present=True)
    with pytest.raises(ServeError, match="users file"):
        check(Options(host="0.0.0.0", cert=tmp_path / "c", key=tmp_path / "k"), users_present=False)
    check(Options(host="127.0.0.1"), users_present=False)
    check(Options(host="::1"), users_present=False)
    done = subprocess.run(
        [sys.executable, "-m", "mqsc", "serve", "--host", "0.0.0.0", "--port", "1"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 2
    assert "refusing to listen on 0.0.0.0 without TLS" in done.stderr
    assert "Traceback" not in done.stderr


def test_users_file_and_first_admin_password_are_owner_only(mqsc_home) -> None:
    made = users_file.first_admin()
    assert made is not None
    password, secret = made
    for path in (users_file.users_path(), secret):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert secret.read_text().strip() == password
    text = users_file.users_path().read_text()
    assert password not in text and "scrypt" in text
    users = users_file.load()
    assert users["admin"].check(password) and not users["admin"].check(password + "x")
    assert users_file.first_admin() is None  # only on the first start


def test_users_command(mqsc_home) -> None:
    def mqsc(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "mqsc", *args],
            input=stdin,
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
        )

    assert (
        mqsc(
            "users", "add", "ops1", "--role", "MQWebAdminRO", "--password-stdin", stdin="pw-one\n"
        ).returncode
        == 0
    )
    assert (
        mqsc(
            "users", "add", "ops1", "--role", "MQWebAdmin", "--password-stdin", stdin="x\n"
        ).returncode
        == 2
    )  # exists: unchanged
    assert "ops1                 MQWebAdminRO" in mqsc("users", "list").stdout
    assert mqsc("users", "passwd", "ops1", "--password-stdin", stdin="pw-two\n").returncode == 0
    assert users_file.load()["ops1"].check("pw-two")
    assert users_file.load()["ops1"].role == "MQWebAdminRO"
    bad = mqsc("users", "add", "bad name", "--role", "MQWebAdmin", "--password-stdin", stdin="x\n")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert mqsc("users", "remove", "ops1").returncode == 0
    assert mqsc("users", "remove", "ops1").returncode == 2
    assert users_file.load() == {}


def _normalised(body: dict, *pairs: tuple[str, str]) -> str:
    text = json.dumps(body, indent=1, sort_keys=True) + "\n"
    for old, new in pairs:
        text = text.replace(old, new)
    return re.sub(r"try again in \d+ seconds", "try again in N seconds", text)


def test_mqsc_error_bodies_golden(server: Server, golden) -> None:
    """mqsc's own error bodies, exactly (413, 429, 503)."""
    env = {**server.env}
    subprocess.run(
        [sys.executable, "-m", "mqsc", "create", "QMBD"],
        env=env,
        check=True,
        capture_output=True,
        cwd=ROOT,
        timeout=120,
    )
    (server.home / "qmgrs" / "QMBD" / "state.db").write_text("not a database\n")
    bodies = {}
    auth = httpx.BasicAuth("admin", USERS["admin"][0])._auth_header
    head = (
        f"POST {_action(server)} HTTP/1.1\r\nHost: x\r\nAuthorization: {auth}\r\n"
        f"ibm-mq-rest-csrf-token: x\r\nContent-Length: {100 * 1024 * 1024}\r\n\r\n"
    )
    raw = _raw(server, head.encode())
    bodies["413"] = json.loads(raw.split(b"\r\n\r\n", 1)[1])
    with httpx.Client(base_url=server.url, auth=("locked", "guess")) as client:
        for _ in range(7):
            reply = client.get(f"{server.mq()}/admin/qmgr")
        bodies["429"] = reply.json()
    with server.client() as client:
        reply = client.post(f"{server.mq()}/admin/action/qmgr/QMBD/mqsc", headers=CSRF, json=SHOW)
        assert reply.status_code == 503
        bodies["503"] = reply.json()
    text = _normalised(bodies, (str(server.home), "$MQSC_HOME"))
    golden(GOLDEN / "serve" / "mqsc-errors.json", text)


def test_not_authorized_says_which_role_is_needed(server: Server) -> None:
    # mqweb's MQWB0103E is bare ("Not authorized."): its text stays as mqweb writes it, and a
    # hint beside it names the role the request needs and the one the user has.
    message = "/ibmmq/rest/v2/messaging/qmgr/QMZ1/queue/SYSTEM.DEFAULT.LOCAL.QUEUE/message"
    with server.client("admin") as client:
        refused = client.get(message).json()["error"][0]
    assert refused["message"] == "MQWB0103E: Not authorized."
    assert refused["hint"] == (
        "the messaging REST API needs the MQWebUser role; this user has MQWebAdmin"
    )
    with server.client("reader") as client:
        refused = client.post(_action(server), headers=CSRF, json=DEFINE).json()["error"][0]
    assert refused["message"] == "MQWB0103E: Not authorized."
    assert "needs the MQWebAdmin role; this user has MQWebAdminRO" in refused["hint"]
    with server.client("app") as client:
        refused = client.get(f"{server.mq()}/admin/qmgr").json()["error"][0]
    assert refused["hint"] == (
        "the administrative REST API needs the MQWebAdmin or "
        "MQWebAdminRO role; this user has MQWebUser"
    )
