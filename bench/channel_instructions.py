"""Checkouts of mqsc, A/B, by the instructions one batch across a channel costs (valgrind's
callgrind), which the machine's load does not change.

    git worktree add /tmp/before <commit>
    python bench/channel_instructions.py /tmp/before .      # 50 and 250 batches each

``bench/run.py channel`` times the same steps (``remote_steps``: 1,000 1 KB messages per MQPUT
call, each call its own unit of work, so the running sender moves one batch after each). Here
each checkout runs two numbers of those calls after a warm-up; the difference divided by the
difference in calls is the cost of one call and its batch, start-up cancelled out. Both queue
managers run on a fixed clock: on the wall clock, time-driven work (DISCINT, intervals) would
depend on valgrind's pace. Needs valgrind.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.callgrind import count, environment, slope, warm  # noqa: E402

_PROGRAM = """
import datetime as dt
import sys
from bench import run
from mqsc.engine.manager import QueueManager
from mqsc.network.transport import Network

def clock():
    return dt.datetime(2026, 1, 15, 10, 30, 0)

qmb2, qmbn = (
    QueueManager.create(name, csqinp1=run.STORAGE_CSQINP1, csqinp2=run.STORAGE_CSQINP2, clock=clock)
    for name in ("QMB2", "QMBN")
)
Network([qmbn, qmb2])
for qm, deck in ((qmb2, run.CHANNEL_QMB2), (qmbn, run.CHANNEL_QMBN)):
    for text in deck:
        assert qm.execute(text).ok, text
calls = int(sys.argv[1])
for _ in range(calls):
    qmbn.put("BENCH.OUT", 1000, 1024)
assert qmb2.get("BENCH.IN").done == calls * 1000
"""


def instructions(checkout: Path, calls: int) -> int:
    return count(["-c", _PROGRAM, str(calls)], environment(checkout), checkout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("checkouts", nargs="+", type=Path)
    parser.add_argument("--calls", nargs=2, type=int, default=[50, 250])
    args = parser.parse_args(argv)
    small, large = args.calls
    first = None
    for checkout in (c.resolve() for c in args.checkouts):
        warm(["-c", _PROGRAM, "2"], environment(checkout), checkout)
        per_call, fixed = slope(lambda n: instructions(checkout, n), small, large)
        first = first or per_call
        print(
            f"{checkout}: {per_call / 1e6:.3f}M per 1,000-message call and its batch, "
            f"fixed {fixed / 1e6:.0f}M ({per_call / first - 1:+.1%})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
