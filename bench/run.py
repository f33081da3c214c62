"""mqsc benchmarks: each scenario reports its rate and its ratio to a floor measured in the
same run on the same machine.

    python bench/run.py                 # every scenario at its documented size
    python bench/run.py parse --sizes 10000 25000 50000

Results are printed as a table and written to bench/out/results.json. docs/performance.md
records them with the machine they ran on.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.decks import OUT, define_qlocal_deck  # noqa: E402

SCENARIOS: dict[str, Callable[[int], dict]] = {}
DEFAULT_SIZES: dict[str, list[int]] = {}


def scenario(name: str, sizes: list[int]):
    def register(fn):
        SCENARIOS[name] = fn
        DEFAULT_SIZES[name] = sizes
        return fn

    return register


def best_of(runs: int, fn: Callable[[], object]) -> float:
    """Fastest of ``runs`` timings, in seconds (the least disturbed by the machine)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


@scenario("parse", [10_000, 25_000, 50_000])
def parse_and_bind(count: int) -> dict:
    """Read, parse and bind a deck of DEFINE QLOCAL commands with six attributes each.

    Floor: Lark alone (its own contextual lexer, the project's grammar) parsing each command.
    """
    from mqsc import catalog
    from mqsc.language import iter_parse
    from mqsc.parser import lark_parser
    from mqsc.source import Source

    text = define_qlocal_deck(count).read_text()
    lines = text.splitlines()
    parser = lark_parser()

    def floor() -> None:
        for line in lines:
            parser.parse(line, start="command")

    def ours() -> None:
        for _ in iter_parse(Source(text, "deck")):
            pass

    assert catalog.is_verb("DEFINE")
    floor_s = best_of(2, floor)
    ours_s = best_of(3, ours)
    return {"commands": count, "seconds": ours_s, "rate": count / ours_s,
            "floor_seconds": floor_s, "floor_rate": count / floor_s, "ratio": ours_s / floor_s}


def lark_floor(lines: list[str]) -> float:
    """Floor: Lark alone (its contextual lexer, the project's grammar) parsing each command."""
    from mqsc.parser import lark_parser

    parser = lark_parser()

    def floor() -> None:
        for line in lines:
            parser.parse(line, start="command")

    return best_of(2, floor)


def run_deck(deck: Path, *options: str) -> float:
    """Seconds for ``mqsc run`` of ``deck`` in a fresh process, output to a file."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "MQSC_HOME": home}
        out = Path(home) / "out.txt"
        state = [f"--state={Path(home) / 'bench.db'}"] if "--state" in options else []
        args = [a for a in options if a != "--state"] + state
        with out.open("w") as sink:
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "mqsc", "run", *args, str(deck)],
                           stdout=sink, env=env, check=True)
            return time.perf_counter() - start


def deck_row(count: int, *options: str) -> dict:
    deck = define_qlocal_deck(count)
    seconds = min(run_deck(deck, *options) for _ in range(2))
    floor_s = lark_floor(deck.read_text().splitlines())
    return {"commands": count, "seconds": seconds, "rate": count / seconds,
            "floor_seconds": floor_s, "floor_rate": count / floor_s, "ratio": seconds / floor_s}


@scenario("deck", [10_000, 25_000, 50_000])
def deck_in_memory(count: int) -> dict:
    """S1: ``mqsc run --memory`` of the DEFINE QLOCAL deck in a new process, output to a file
    (process start, QMZ1 build, parse, bind, execute, render)."""
    return deck_row(count, "--memory")


@scenario("durable", [10_000, 25_000, 50_000])
def deck_durable(count: int) -> dict:
    """S2: S1 with the state in a new SQLite file (grouped commits, docs/state.md)."""
    return deck_row(count, "--state")


#: The storage benchmarks' queue manager: a 50,000-buffer pool 3 behind page set 4, which
#: expands by the system rule (10 % of its size) so a million 4 KB messages fit.
STORAGE_CSQINP1 = """\
DEFINE BUFFPOOL(0) BUFFERS(1000)
DEFINE BUFFPOOL(3) BUFFERS(50000)
DEFINE PSID(00) BUFFPOOL(0)
DEFINE PSID(04) BUFFPOOL(3) EXPAND(SYSTEM)
"""
STORAGE_CSQINP2 = """\
DEFINE STGCLASS(SYSTEMST) PSID(00)
DEFINE STGCLASS(BENCH) PSID(04)
DEFINE QLOCAL(BENCH.Q) STGCLASS(BENCH) MAXDEPTH(999999999)
"""


def storage_qmgr():
    from mqsc.engine.manager import QueueManager

    return QueueManager.create("QMBN", csqinp1=STORAGE_CSQINP1, csqinp2=STORAGE_CSQINP2)


def per_message_floor(count: int) -> float:
    """Floor: a Python loop touching each message once (two page counts per 4 KB message)."""
    def loop() -> None:
        pages = 0
        for _ in range(count):
            pages += 2

    return best_of(2, loop)


@scenario("putget", [250_000, 500_000, 1_000_000])
def put_and_get(count: int) -> dict:
    """S4a: ``count`` 4 KB nonpersistent messages put, then got, through a 50,000-buffer pool.

    Rate: messages put and got per second (one message = its put and its get).
    """
    seen: dict = {}

    def once() -> None:
        qm = storage_qmgr()
        put = qm.put("BENCH.Q", count, 4096)
        got = qm.get("BENCH.Q")
        assert put.done == got.done == count
        seen.update(written=put.pools[3]["tpw"], read_back=got.pools[3]["rio"],
                    expansions=put.expansions)

    seconds = best_of(3, once) - best_of(3, storage_qmgr)
    floor_s = per_message_floor(count)
    # The figures show the pool really overflowed: pages written out and read back on get.
    return {"messages": count, "seconds": seconds, "rate": count / seconds, **seen,
            "floor_seconds": floor_s, "floor_rate": count / floor_s, "ratio": seconds / floor_s}


@scenario("deep", [1_000_000, 3_000_000, 10_000_000])
def deep_queue(count: int) -> dict:
    """S4b: ``count`` 1 KB messages put to one queue, 1,000 per MQPUT call as OEMPUT batches
    them; peak Python memory of the puts (tracemalloc) must not grow with ``count``.

    (1 KB, not 4 KB: ten million 4 KB messages need 80 GB of pages, past the 64 GB page set
    limit; ten million 1 KB messages pack two to a page, 20 GB.)
    """
    import tracemalloc

    step = 1000

    def load(qm) -> None:
        for _ in range(count // step):
            qm.put("BENCH.Q", step, 1024)

    qm = storage_qmgr()
    start = time.perf_counter()
    load(qm)
    seconds = time.perf_counter() - start
    depth = qm.state.tables["messages"]["BENCH.Q"].depth
    assert depth == count, depth
    qm = storage_qmgr()
    tracemalloc.start()
    load(qm)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    floor_s = per_message_floor(count)
    return {"messages": count, "seconds": seconds, "rate": count / seconds,
            "peak_kib": peak // 1024, "runs": len(qm.state.tables["messages"]["BENCH.Q"].runs),
            "floor_seconds": floor_s, "floor_rate": count / floor_s, "ratio": seconds / floor_s}


def machine() -> dict:
    return {"python": platform.python_version(), "platform": platform.platform(),
            "cpus": os.cpu_count(), "processor": platform.processor() or platform.machine()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="*", choices=[[], *SCENARIOS], default=[])
    parser.add_argument("--sizes", nargs="+", type=int)
    args = parser.parse_args(argv)
    names = args.scenarios or list(SCENARIOS)
    results = {"machine": machine(), "scenarios": {}}
    for name in names:
        rows = []
        for size in args.sizes or DEFAULT_SIZES[name]:
            row = SCENARIOS[name](size)
            rows.append(row)
            print(f"{name:10s} n={size:>9,}  " + "  ".join(
                f"{k}={v:,.3f}" if isinstance(v, float) else f"{k}={v}"
                for k, v in row.items() if k != "commands"))
        results["scenarios"][name] = rows
    OUT.mkdir(exist_ok=True)
    (OUT / "results.json").write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
