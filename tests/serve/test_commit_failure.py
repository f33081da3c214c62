"""A group commit that fails for real (the server may not grow its files past a limit, as a
full disk would refuse the write): the replies say unavailable, and the queue manager's
memory is rolled back to what the database holds, so memory and disk agree."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time

import httpx

from mqsc.serve import users as users_file
from tests.serve.conftest import ROOT, USERS, free_port, stop

TEXT = {"Content-Type": "text/plain;charset=utf-8", "ibm-mq-rest-csrf-token": "x"}


def mqsc_cli(env: dict[str, str], *argv: str, stdin: str = "") -> str:
    return subprocess.run(
        [sys.executable, "-m", "mqsc", *argv],
        input=stdin,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout


def test_failed_commit_rolls_memory_back(tmp_path) -> None:
    env = {
        **os.environ,
        "MQSC_HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "MQSC_CLOCK": "2026-03-02T10:15:00",
    }
    env.pop("MQSC_STRICT", None)
    users_file.save(
        {
            name: users_file.make_user(name, role, password)
            for name, (password, role) in USERS.items()
        },
        tmp_path / "config" / "mqsc" / "users.json",
    )
    mqsc_cli(env, "run", "-", stdin="DEFINE QLOCAL(BIG.Q)\n")
    database = tmp_path / "qmgrs" / "QMZ1" / "state.db"
    # No file of the server may grow past the database's size and 1 MiB: small commits
    # fit in the write-ahead log, a 3 MB message does not (EFBIG; Python ignores SIGXFSZ).
    limit = database.stat().st_size + 1024 * 1024

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    port = free_port()
    log = open(tmp_path / "serve.log", "w")
    process = subprocess.Popen(
        [sys.executable, "-m", "mqsc", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log,
        cwd=ROOT,
        preexec_fn=limited,
    )
    url = f"http://127.0.0.1:{port}/ibmmq/rest/v2/messaging/qmgr/QMZ1/queue/BIG.Q/message"
    try:
        with httpx.Client(auth=("app", USERS["app"][0]), timeout=60) as client:
            deadline = time.monotonic() + 60
            while True:
                try:
                    small = client.post(url, content=b"small", headers=TEXT)
                    break
                except httpx.ConnectError:
                    assert time.monotonic() < deadline and process.poll() is None
                    time.sleep(0.1)
            assert small.status_code == 201
            big = client.post(url, content=b"B" * 3_000_000, headers=TEXT)
            assert big.status_code == 503, big.text
            assert big.json()["error"][0]["msgId"] == "MQSC903E"
            # Memory agrees with the database: only the first message is there.
            seen = client.get(url)
            assert (seen.status_code, seen.content) == (200, b"small")
            got = client.delete(url, headers=TEXT)
            assert (got.status_code, got.content) == (200, b"small")
            assert client.delete(url, headers=TEXT).status_code == 204
            # And the server still commits what fits.
            assert client.post(url, content=b"after", headers=TEXT).status_code == 201
    finally:
        stop(process)
        log.close()
    out = mqsc_cli(env, "get", "BIG.Q", "--show")
    assert "Messages got        : 1 (asked for all)" in out and "   after" in out
