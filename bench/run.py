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
