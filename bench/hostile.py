"""Hostile inputs: how long ``mqsc check`` and ``mqsc run`` take, and how much
memory, on inputs of about 10 MB built to hurt a reader. The target: every one answered in
under 5 s and 300 MB.

    python bench/hostile.py                  # every input at 10 MB, check and run
    python bench/hostile.py --mb 1 descr     # one input, 1 MB

Each command runs in a new process (``python -m mqsc ...``, with ``MQSC_NO_CACHE=1`` and a
throw-away queue manager); its wall time and peak resident memory come from the process
accounting of the operating system (``resource.getrusage(RUSAGE_CHILDREN)``, the figure
``/usr/bin/time -v`` prints as "Maximum resident set size"). docs/performance.md records them.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.decks import OUT  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _tokens(size: int) -> bytes:
    return b"DEFINE QLOCAL(A) " + b"X " * (size // 2) + b"\n"


def _descr(size: int) -> bytes:
    return b"DEFINE QLOCAL(A) DESCR('" + b"x" * size + b"')\n"


def _continued(size: int) -> bytes:
    return b"DEFINE QLOCAL(A) +\n" + b"DESCR(X) +\n" * (size // 11) + b"MAXDEPTH(5)\n"


def _nul(size: int) -> bytes:
    return b"\0" * size


def _quote(size: int) -> bytes:
    return b"DEFINE QLOCAL(A) DESCR('" + b"x''" * (size // 3) + b"\n"


def _parens(size: int) -> bytes:
    return b"DEFINE QLOCAL" + b"(" * size + b"\n"


def _at_the_limit(size: int) -> bytes:
    """Commands of just under 32,762 characters, each of a shape not seen before."""
    lines, total, i = [], 0, 0
    while total < size:
        line = b"DIS QMGR " + b"X " * (16_000 + i) + b"\n"
        lines.append(line)
        total += len(line)
        i += 1
    return b"".join(lines)


def _same_shape(size: int) -> bytes:
    """Commands of just under 32,762 characters, all of one shape."""
    line = b"DIS QMGR " + b"X " * 16_000 + b"\n"
    return line * max(1, size // len(line))


INPUTS: dict[str, Callable[[int], bytes]] = {
    "tokens": _tokens,
    "descr": _descr,
    "continued": _continued,
    "nul": _nul,
    "quote": _quote,
    "parens": _parens,
    "at-limit": _at_the_limit,
    "same-shape": _same_shape,
}
COMMANDS = {"check": ["check", "--syntax-only"], "run": ["run", "--memory"]}


def measure(argv: list[str]) -> tuple[float, float, int]:
    """Wall seconds, peak resident MB and exit status of ``python -m mqsc argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "mqsc", *argv],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "MQSC_NO_CACHE": "1"},
        check=False,
    )
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    # ru_maxrss of the children is the largest any child reached so far: a child smaller than
    # an earlier one shows as that one; run the inputs largest-first to read it right, or one
    # input per invocation (--only) for exact figures.
    return seconds, max(peak, before) / 1024, done.returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "inputs",
        nargs="*",
        metavar="INPUT",
        help=f"inputs (default: all): {', '.join(INPUTS)}, zero",
    )
    parser.add_argument("--mb", type=float, default=10.0, help="size of each input in MB")
    parser.add_argument("--commands", nargs="+", choices=list(COMMANDS), default=list(COMMANDS))
    args = parser.parse_args(argv)
    names = args.inputs or [*INPUTS, "zero"]
    OUT.mkdir(exist_ok=True)
    size = int(args.mb * 1_000_000)
    for name in names:
        if name == "zero":
            path = Path("/dev/zero")
        else:
            path = OUT / f"hostile-{name}-{size}.mqsc"
            path.write_bytes(INPUTS[name](size))
        for command in args.commands:
            seconds, mb, status = measure([*COMMANDS[command], str(path)])
            print(f"{name:10s} {command:6s} {seconds:6.2f} s  {mb:7.1f} MB  exit {status}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
