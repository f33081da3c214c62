"""The server as an operator sees it: the first start, the access log, and commands from
many clients at once serialised per queue manager without losing any."""

from __future__ import annotations

import re
import stat
import threading
import time

import httpx
import pytest

from tests.serve.conftest import Server, start_server, stop

CSRF = {"ibm-mq-rest-csrf-token": "mqsc"}


def test_first_start_creates_admin_with_an_owner_only_password(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    home = tmp_path_factory.mktemp("first-home")
    process, server = start_server(home, "--memory", users=False)
    try:
        secret = home / "config" / "mqsc" / "admin-password"
        assert stat.S_IMODE(secret.stat().st_mode) == 0o600
        password = secret.read_text().strip()
        with httpx.Client(base_url=server.url, auth=("admin", password)) as client:
            assert client.get("/ibmmq/rest/v2/login").json()["user"][0]["role"] == ["MQWebAdmin"]
    finally:
        stop(process)
    log = server.log.read_text()
    assert "created user 'admin'" in log and password not in log


def test_every_request_is_logged(server: Server) -> None:
    with server.client("reader") as client:
        client.get(f"{server.mq()}/admin/installation")
    with server.client(None) as client:
        client.get(f"{server.mq()}/admin/installation")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        log = server.log.read_text()
        if re.search(r'127\.0\.0\.1 - "GET /ibmmq/rest/v2/admin/installation" 401', log):
            break
        time.sleep(0.1)
    assert re.search(
        r'127\.0\.0\.1 reader "GET /ibmmq/rest/v2/admin/installation" 200 '
        r"[0-9.]+ms",
        log,
    )
    assert re.search(r'127\.0\.0\.1 - "GET /ibmmq/rest/v2/admin/installation" 401', log)


def test_concurrent_commands_are_serialised_and_none_is_lost(server: Server) -> None:
    failures: list[str] = []

    def client(index: int) -> None:
        with server.client() as http:
            for i in range(5):
                reply = http.post(
                    f"{server.mq()}/admin/action/qmgr/QMZ1/mqsc",
                    headers=CSRF,
                    json={
                        "type": "runCommand",
                        "parameters": {"command": f"DEFINE QLOCAL(CONC.{index:02d}.{i})"},
                    },
                )
                if reply.json()["overallCompletionCode"] != 0:
                    failures.append(reply.text)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures
    with server.client() as http:
        shown = http.post(
            f"{server.mq()}/admin/action/qmgr/QMZ1/mqsc",
            headers=CSRF,
            json={
                "type": "runCommandJSON",
                "command": "display",
                "qualifier": "qlocal",
                "name": "CONC.*",
            },
        ).json()
    assert len(shown["commandResponse"]) == 60


def test_an_address_in_use_is_exit_2_without_a_traceback(mqsc_home) -> None:
    import socket
    import subprocess
    import sys

    from tests.serve.conftest import ROOT

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "mqsc", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
    assert done.returncode == 2
    assert "could not start" in done.stderr and "listening" not in done.stderr
    assert "Traceback" not in done.stderr


def test_state_is_shared_with_the_other_mqsc_commands(server: Server) -> None:
    import subprocess
    import sys

    from tests.serve.conftest import ROOT

    with server.client() as http:
        made = http.post(
            f"{server.mq()}/admin/action/qmgr/QMZ1/mqsc",
            headers=CSRF,
            json={"type": "runCommand", "parameters": {"command": "DEFINE QLOCAL(SHARED.BY.REST)"}},
        )
        assert made.json()["overallCompletionCode"] == 0
    deck = "DISPLAY QLOCAL(SHARED.BY.REST)\nDEFINE QLOCAL(SHARED.BY.CLI)\n"
    done = subprocess.run(
        [sys.executable, "-m", "mqsc", "run", "-"],
        input=deck,
        text=True,
        capture_output=True,
        env=server.env,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "QUEUE(SHARED.BY.REST" in done.stdout
    with server.client() as http:
        shown = http.post(
            f"{server.mq()}/admin/action/qmgr/QMZ1/mqsc",
            headers=CSRF,
            json={
                "type": "runCommandJSON",
                "command": "display",
                "qualifier": "qlocal",
                "name": "SHARED.BY.*",
            },
        ).json()
    assert [r["parameters"]["queue"] for r in shown["commandResponse"]] == [
        "SHARED.BY.CLI",
        "SHARED.BY.REST",
    ]


def test_the_default_queue_manager_is_loaded_before_the_server_listens(mqsc_home) -> None:
    from mqsc.serve.server import Options, prepare

    registry, _, _ = prepare(Options())
    try:
        assert registry.is_open("QMZ1") and not registry.is_open("QMZ2")
        # The request finds the state loaded: a command runs on that very queue manager.
        opened = registry._open["QMZ1"]
        assert registry.run("qmz1", lambda qm: qm) is opened
    finally:
        registry.close()
    assert not registry.is_open("QMZ1")


def test_a_default_queue_manager_that_cannot_open_is_noted_not_fatal(mqsc_home) -> None:
    from mqsc.serve.server import Options, prepare

    broken = mqsc_home / "qmgrs" / "QMZ1"
    broken.mkdir(parents=True)
    (broken / "mqsc.toml").write_text("name = [unclosed\n")
    registry, _, notes = prepare(Options())
    try:
        assert not registry.is_open("QMZ1")
        assert any("QMZ1 not opened at start" in note for note in notes)
    finally:
        registry.close()


def test_the_start_lines_name_the_console_and_the_service_roots(server: Server) -> None:
    # A newcomer reads where to point the browser, curl and a Zowe profile from the start.
    deadline = time.monotonic() + 10
    while "z/OSMF:" not in server.log.read_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    log = server.log.read_text()
    assert f"mqsc serve: listening on {server.url}\n" in log
    assert f"  web console:  {server.url}/ibmmq/console/\n" in log
    assert f"  MQ REST API:  {server.url}/ibmmq/rest/v2 (also v1 and v3)\n" in log
    assert f"  z/OSMF:       {server.url}/zosmf " in log
    with server.client() as http:  # and each is what it says
        assert "<title>" in http.get("/ibmmq/console/").text
        assert http.get("/zosmf/info").status_code == 200
