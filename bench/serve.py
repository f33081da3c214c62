"""``mqsc serve`` under load: the figures of docs/performance.md ("The REST API").

    python bench/serve.py                       # 50,000 queues, 50 clients
    python bench/serve.py --queues 2000 --clients 10 --requests 20

1. runCommandJSON ``DISPLAY QLOCAL(*)``, default attributes and ALL, over ``--queues`` queues
   defined beforehand (by ``mqsc run``): the server's time (its Server-Timing header: waiting,
   executing, rendering, JSON encoding) and the client's round trip, best of three.
2. ``--clients`` concurrent clients, each sending ``--requests`` single-object commands,
   alternately a DISPLAY of one queue and a DEFINE of a new one (runCommand, basic
   authentication, one connection per client): throughput, p50 and p99 of the round trip.

The server runs as users run it (a ``mqsc serve`` process, durable state in a temporary mqsc
home); the clients are threads of this process. Results go to bench/out/serve.json.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.decks import OUT, define_qlocal_deck  # noqa: E402

USER, PASSWORD = "bench", "bench-password"
CSRF = {"ibm-mq-rest-csrf-token": "bench"}


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(home: Path, queues: int, extra: tuple[str, ...] = ()) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "MQSC_HOME": str(home), "XDG_CONFIG_HOME": str(home / "config")}
    env.pop("MQSC_STRICT", None)
    if queues:
        subprocess.run(
            [sys.executable, "-m", "mqsc", "run", str(define_qlocal_deck(queues))],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "mqsc",
            "users",
            "add",
            USER,
            "--role",
            "MQWebAdmin",
            "--password-stdin",
        ],
        input=PASSWORD + "\n",
        text=True,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    port = _port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mqsc",
            "serve",
            "--port",
            str(port),
            "--access-log",
            str(home / "access.log"),
            *extra,
        ],
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


def display_all(url: str, queues: int) -> dict:
    """DISPLAY QLOCAL(*) as the JSON command, with the default attributes (QUEUE, TYPE,
    QSGDISP, what a console list shows) and with ALL: server and round-trip seconds."""
    import httpx

    out: dict = {"queues": queues}
    with httpx.Client(base_url=url, auth=(USER, PASSWORD), timeout=600) as http:
        for label, extra in (("default", {}), ("all", {"responseParameters": ["all"]})):
            body = {
                "type": "runCommandJSON",
                "command": "display",
                "qualifier": "qlocal",
                "name": "*",
                **extra,
            }
            server, client = [], []
            for _ in range(3):
                start = time.perf_counter()
                reply = http.post(
                    "/ibmmq/rest/v2/admin/action/qmgr/QMZ1/mqsc", json=body, headers=CSRF
                )
                client.append(time.perf_counter() - start)
                server.append(float(reply.headers["server-timing"].split("dur=")[-1]) / 1000)
            out[label] = {
                "objects": len(reply.json()["commandResponse"]),
                "server_s": round(min(server), 3),
                "client_s": round(min(client), 3),
                "bytes": len(reply.content),
            }
    return out


def run_clients(one, clients: int) -> float:
    """Seconds for ``clients`` threads, each running ``one(index)``, all started together."""
    threads = [threading.Thread(target=one, args=(i,)) for i in range(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - start


def concurrent(url: str, clients: int, requests: int) -> dict:
    import httpx

    latencies: list[float] = []
    in_server: list[float] = []
    lock = threading.Lock()
    errors: list[str] = []
    barrier = threading.Barrier(clients)

    def one(index: int) -> None:
        mine, theirs = [], []
        with httpx.Client(base_url=url, auth=(USER, PASSWORD), timeout=120) as http:
            http.get("/ibmmq/rest/v2/admin/installation")  # connect and authenticate first
            barrier.wait()
            for i in range(requests):
                text = (
                    f"DISPLAY QLOCAL(LOAD.{index:03d}.{i - 1:04d})"
                    if i % 2
                    else f"DEFINE QLOCAL(LOAD.{index:03d}.{i:04d})"
                )
                start = time.perf_counter()
                reply = http.post(
                    "/ibmmq/rest/v2/admin/action/qmgr/QMZ1/mqsc",
                    json={"type": "runCommand", "parameters": {"command": text}},
                    headers=CSRF,
                )
                mine.append(time.perf_counter() - start)
                timing = reply.headers.get("server-timing", "total;dur=0")
                theirs.append(float(timing.split("total;dur=")[-1]) / 1000)
                if reply.status_code != 200 or reply.json()["overallCompletionCode"] != 0:
                    errors.append(f"{text}: {reply.status_code} {reply.text[:120]}")
        with lock:
            latencies.extend(mine)
            in_server.extend(theirs)

    elapsed = run_clients(one, clients)
    ordered, server = sorted(latencies), sorted(in_server)
    return {
        "clients": clients,
        "requests": len(ordered),
        "errors": len(errors),
        "first_error": errors[0] if errors else "",
        "throughput_per_s": round(len(ordered) / elapsed, 1),
        "p50_ms": _ms(statistics.median(ordered)),
        "p99_ms": _ms(_p99(ordered)),
        "server_p50_ms": _ms(statistics.median(server)),
        "server_p99_ms": _ms(_p99(server)),
    }


def _p99(ordered: list[float]) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queues", type=int, default=50_000)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--requests", type=int, default=40, help="per client")
    parser.add_argument(
        "--memory",
        action="store_true",
        help="serve throw-away queue managers (no disk commits); the display "
        "then covers QMZ1's own queues only",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="mqsc-bench-serve-") as temp:
        process, url = start(
            Path(temp), 0 if args.memory else args.queues, ("--memory",) if args.memory else ()
        )
        try:
            display = display_all(url, args.queues)
            load = concurrent(url, args.clients, args.requests)
        finally:
            process.terminate()
            process.wait(timeout=30)
    results = {
        "memory": args.memory,
        "display": display,
        "concurrent": load,
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
    }
    OUT.mkdir(exist_ok=True)
    (OUT / ("serve-memory.json" if args.memory else "serve.json")).write_text(
        json.dumps(results, indent=1) + "\n"
    )
    for label in ("default", "all"):
        one = display[label]
        print(
            f"runCommandJSON DISPLAY QLOCAL(*) ({label} attributes) over {display['queues']} "
            f"queues: {one['objects']} objects, server {one['server_s']} s, round trip "
            f"{one['client_s']} s, {one['bytes']} bytes"
        )
    print(
        f"{load['clients']} clients, {load['requests']} DISPLAY/DEFINE: "
        f"{load['throughput_per_s']}/s, round trip p50 {load['p50_ms']} ms, p99 "
        f"{load['p99_ms']} ms; in the server p50 {load['server_p50_ms']} ms, p99 "
        f"{load['server_p99_ms']} ms; {load['errors']} errors"
    )
    print(f"machine: {results['cpus']} CPUs, load average {results['load_average']}")
    return 1 if load["errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
