"""Hostile inputs: how long ``mqsc check`` and ``mqsc run`` take, and how much memory, on
inputs built to hurt a reader (about 10 MB each) or to outgrow a checker (a million commands,
and as many DEFINEs as the 64 MiB input ceiling takes). The targets: every hurtful input
answered in under 5 s and 300 MB; the long decks checked in memory bounded by the largest
command and the queue manager's state, not by the deck.

    python bench/hostile.py                  # every input at 10 MB, check and run
    python bench/hostile.py --mb 1 descr     # one input, 1 MB
    python bench/hostile.py million --commands check check-all run

Each command runs in a new process (``python -m mqsc ...``, with ``MQSC_NO_CACHE=1`` and a
throw-away queue manager); its wall time, CPU time and peak resident memory come from the
process accounting of the operating system (``os.wait4``: the figure ``/usr/bin/time -v``
prints as "Maximum resident set size"). docs/performance.md records them.
"""

from __future__ import annotations

import argparse
import os
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


def _write_defines(path: Path, count: int | None) -> None:
    """``DEFINE QLOCAL(Qn) REPLACE`` lines, each a new queue: ``count`` of them, or (None) as
    many as fit under the 64 MiB input ceiling (about 2.1 million). Written as they are made:
    this process stays small, and so does what a child forked from it starts with (the
    operating system counts a child's peak memory from the parent's at the fork)."""
    from mqsc.support.bounded import MAX_INPUT_BYTES

    total, i = 0, 0
    with open(path, "wb") as out:
        while count is None or i < count:
            line = f"DEFINE QLOCAL(Q{i}) REPLACE\n".encode()
            if count is None and total + len(line) > MAX_INPUT_BYTES:
                break
            out.write(line)
            total += len(line)
            i += 1


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
#: Decks of DEFINEs, each line a new queue: 1,000,000 lines (about 31 MB; ``--count``), and
#: as many as the 64 MiB input ceiling takes. A run without names leaves them out (minutes
#: each): name them to run them.
LONG = ("million", "ceiling")
#: ``check`` reads and parses only; ``check-all`` also runs every command on a scratch copy of
#: a throw-away QMZ1 (what ``mqsc check`` does by default), as ``run`` does.
COMMANDS = {
    "check": ["check", "--syntax-only"],
    "check-all": ["check", "--memory"],
    "run": ["run", "--memory"],
}


#: Run by a small Python between this process and the measured one: the peak memory the
#: operating system reports for a process starts from its parent's at the fork, and this
#: process has built the inputs.
_SPAWN = """
import os, subprocess, sys
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
print(usage.ru_utime + usage.ru_stime, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


def measure(argv: list[str]) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds (user and system: on a shared machine the wall time swings
    with the load, the CPU time less), peak resident MB and exit status of ``python -m mqsc
    argv``, that process's own (``wait4``, the figure ``/usr/bin/time -v`` prints as "Maximum
    resident set size")."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _SPAWN, sys.executable, "-m", "mqsc", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "MQSC_NO_CACHE": "1"},
        check=True,
    )
    seconds = time.perf_counter() - start
    cpu, peak, status = done.stdout.split()
    return seconds, float(cpu), int(peak) / 1024, int(status)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "inputs",
        nargs="*",
        metavar="INPUT",
        help=f"inputs (default: all but {', '.join(LONG)}): {', '.join([*INPUTS, *LONG])}, zero",
    )
    parser.add_argument("--mb", type=float, default=10.0, help="size of each input in MB")
    parser.add_argument(
        "--count",
        type=int,
        default=1_000_000,
        metavar="N",
        help="lines of the million input (default 1,000,000)",
    )
    parser.add_argument("--commands", nargs="+", choices=list(COMMANDS), default=["check", "run"])
    args = parser.parse_args(argv)
    names = args.inputs or [*(n for n in INPUTS if n not in LONG), "zero"]
    OUT.mkdir(exist_ok=True)
    size = int(args.mb * 1_000_000)
    for name in names:
        if name == "zero":
            path = Path("/dev/zero")
        else:
            if name in LONG:
                count = args.count if name == "million" else None
                path = OUT / (f"hostile-million-{count}.mqsc" if count else "hostile-ceiling.mqsc")
                if not path.exists():
                    _write_defines(path, count)
            else:
                path = OUT / f"hostile-{name}-{size}.mqsc"
                path.write_bytes(INPUTS[name](size))
        for command in args.commands:
            seconds, cpu, mb, status = measure([*COMMANDS[command], str(path)])
            print(
                f"{name:10s} {command:9s} {seconds:7.2f} s  {cpu:7.2f} s CPU  {mb:7.1f} MB"
                f"  exit {status}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
