"""A real ``mqsc serve`` on a free loopback port, started as users start it (a subprocess of
the ``mqsc`` command), with its own mqsc home and users; tests talk to it with real clients.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
#: Users of the test server: name -> (password, role).
USERS = {
    "admin": ("adm-pass-1", "MQWebAdmin"),
    "reader": ("read-pass-1", "MQWebAdminRO"),
    "app": ("app-pass-1", "MQWebUser"),
    "victim": ("victim-pass-1", "MQWebAdmin"),
}


def serve_python() -> str:
    """The interpreter that runs ``mqsc serve`` in these tests: the README's plain install
    when .ci/run made one (MQSC_SERVE_PYTHON, without the test extras), else this one."""
    return os.environ.get("MQSC_SERVE_PYTHON") or sys.executable


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    url: str
    port: int
    home: Path
    env: dict[str, str]
    log: Path

    def client(self, user: str | None = "admin", **options) -> httpx.Client:
        auth = (user, USERS[user][0]) if user else None
        return httpx.Client(base_url=self.url, auth=auth, timeout=60, **options)

    def mq(self, version: str = "v2") -> str:
        return f"/ibmmq/rest/{version}"


def start_server(home: Path, *extra: str, users: bool = True) -> tuple[subprocess.Popen, Server]:
    env = {
        **os.environ,
        "MQSC_HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "MQSC_CLOCK": "2026-03-02T10:15:00",
    }
    env.pop("MQSC_STRICT", None)
    from mqsc.serve import users as users_file

    if users:
        path = home / "config" / "mqsc" / "users.json"
        users_file.save(
            {
                name: users_file.make_user(name, role, password)
                for name, (password, role) in USERS.items()
            },
            path,
        )
    port = free_port()
    log = home / "serve.log"
    process = subprocess.Popen(
        [serve_python(), "-m", "mqsc", "serve", "--port", str(port), *extra],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(log, "w"),
        cwd=ROOT,
    )
    server = Server(f"http://127.0.0.1:{port}", port, home, env, log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("mqsc serve exited: " + log.read_text())
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process, server
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("mqsc serve did not start: " + log.read_text())


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One durable server for the session (state in its own home)."""
    process, running = start_server(tmp_path_factory.mktemp("serve-home"))
    try:
        yield running
    finally:
        stop(process)
