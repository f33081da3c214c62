"""The messaging REST API under load (docs/performance.md, "The messaging REST API").

    python bench/messaging.py                      # 20 clients, 100 puts then 100 gets each
    python bench/messaging.py --clients 5 --messages 20 --size 100

``--clients`` concurrent clients (threads of this process, one connection each) put
``--messages`` messages of ``--size`` bytes each, persistent, to one queue, then get them back
(DELETE): throughput and p50/p99 of the round trip for puts and for gets. The server runs as
users run it (``mqsc serve``, durable state in a temporary mqsc home, group commit). Results go
to bench/out/messaging.json.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.decks import OUT  # noqa: E402
from bench.serve import CSRF, PASSWORD, USER, run_clients, start  # noqa: E402

APP, APP_PASSWORD = "benchapp", "benchapp-password"
QUEUE = "BENCH.MSG"


def phase(url: str, clients: int, messages: int, send) -> dict:
    import httpx

    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    barrier = threading.Barrier(clients)

    def one(index: int) -> None:
        mine = []
        with httpx.Client(base_url=url, auth=(APP, APP_PASSWORD), timeout=120) as http:
            http.get(f"/ibmmq/rest/v2/messaging/qmgr/QMZ1/queue/{QUEUE}/messagelist?limit=1")
            barrier.wait()
            for i in range(messages):
                start = time.perf_counter()
                problem = send(http, index, i)
                mine.append(time.perf_counter() - start)
                if problem:
                    errors.append(problem)
        with lock:
            latencies.extend(mine)

    elapsed = run_clients(one, clients)
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return {
        "requests": len(ordered),
        "errors": len(errors),
        "first_error": errors[0] if errors else "",
        "throughput_per_s": round(len(ordered) / elapsed, 1),
        "p50_ms": round(statistics.median(ordered) * 1000, 1),
        "p99_ms": round(p99 * 1000, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--messages", type=int, default=100, help="per client")
    parser.add_argument("--size", type=int, default=1024, help="bytes of text per message")
    args = parser.parse_args(argv)
    path = f"/ibmmq/rest/v2/messaging/qmgr/QMZ1/queue/{QUEUE}/message"
    data = ("x" * args.size).encode()
    put_headers = {
        **CSRF,
        "Content-Type": "text/plain;charset=utf-8",
        "ibm-mq-md-persistence": "persistent",
    }

    def put(http, index: int, i: int) -> str:
        reply = http.post(path, content=data, headers=put_headers)
        return "" if reply.status_code == 201 else f"put {reply.status_code} {reply.text[:100]}"

    def get(http, index: int, i: int) -> str:
        reply = http.delete(path, headers=CSRF)
        ok = reply.status_code == 200 and len(reply.content) == args.size
        return "" if ok else f"get {reply.status_code} {reply.text[:100]}"

    with tempfile.TemporaryDirectory(prefix="mqsc-bench-messaging-") as temp:
        home = Path(temp)
        process, url = start(home, 0)
        try:
            env = {**os.environ, "MQSC_HOME": str(home), "XDG_CONFIG_HOME": str(home / "config")}
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "mqsc",
                    "users",
                    "add",
                    APP,
                    "--role",
                    "MQWebUser",
                    "--password-stdin",
                ],
                input=APP_PASSWORD + "\n",
                text=True,
                env=env,
                check=True,
                stdout=subprocess.DEVNULL,
            )
            # The running server read its users at start: start it again to know the new one.
            process.terminate()
            process.wait(timeout=30)
            process, url = start_again(home)
            import httpx

            with httpx.Client(base_url=url, auth=(USER, PASSWORD), timeout=60) as http:
                http.post(
                    "/ibmmq/rest/v2/admin/action/qmgr/QMZ1/mqsc",
                    headers=CSRF,
                    json={
                        "type": "runCommand",
                        "parameters": {"command": f"DEFINE QLOCAL({QUEUE}) MAXDEPTH(999999999)"},
                    },
                )
            puts = phase(url, args.clients, args.messages, put)
            gets = phase(url, args.clients, args.messages, get)
        finally:
            process.terminate()
            process.wait(timeout=30)
    results = {
        "clients": args.clients,
        "messages_per_client": args.messages,
        "size": args.size,
        "put": puts,
        "get": gets,
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
    }
    OUT.mkdir(exist_ok=True)
    (OUT / "messaging.json").write_text(json.dumps(results, indent=1) + "\n")
    for label, one in (("POST (put)", puts), ("DELETE (get)", gets)):
        print(
            f"{args.clients} clients x {args.messages} {label} of {args.size} bytes, "
            f"persistent: {one['throughput_per_s']}/s, round trip p50 {one['p50_ms']} ms, "
            f"p99 {one['p99_ms']} ms; {one['errors']} errors"
        )
    print(f"machine: {results['cpus']} CPUs, load average {results['load_average']}")
    return 1 if puts["errors"] or gets["errors"] else 0


def start_again(home: Path):
    """The server on the same home, without adding the benchmark's users again."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "MQSC_HOME": str(home), "XDG_CONFIG_HOME": str(home / "config")}
    env.pop("MQSC_STRICT", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "mqsc", "serve", "--port", str(port)],
        env=env,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process, f"http://127.0.0.1:{port}"
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("mqsc serve did not start")


if __name__ == "__main__":
    raise SystemExit(main())
