"""The statistics and accounting traces' cost per one-message MQPUT and MQGET pair, by
instructions executed (valgrind's callgrind), which the machine's load does not change.

    python bench/traces_instructions.py              # 400 and 2,400 pairs, off and on

``bench/run.py traces`` times two calls of 250,000 messages each, so the work the traces do
per call (counting into the statistics interval and the accounting task) hardly shows there.
Here the storage benchmark's queue manager (``bench.run.storage_qmgr``), with the traces of
the mp1b lab (``bench.run.TRACES``: STAT classes 1,2,4,5 and ACCTG classes 3,4) off and on,
runs two numbers of one-message put and get pairs after a warm-up; the difference divided by
the difference in pairs is the cost of one pair, start-up and the warm-up cancelled out. The
target: at most 10% more with the traces on. Needs valgrind.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.callgrind import count, environment, slope, warm  # noqa: E402

_PROGRAM = """
from bench.run import TRACES, storage_qmgr
qm = storage_qmgr()
for text in TRACES if {on} else ():
    assert qm.execute(text).ok
for n in (50, {pairs}):
    for _ in range(n):
        assert qm.put("BENCH.Q", 1, 100).done == 1
        assert qm.get("BENCH.Q", 1).done == 1
"""


def instructions(on: bool, pairs: int) -> int:
    return count(["-c", _PROGRAM.format(on=on, pairs=pairs)], environment(ROOT), ROOT)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", nargs=2, type=int, default=[400, 2_400])
    args = parser.parse_args(argv)
    small, large = args.sizes
    warm(["-c", _PROGRAM.format(on=True, pairs=1)], environment(ROOT), ROOT)
    per_pair = {}
    for on in (False, True):
        per_pair[on] = slope(lambda n: instructions(on, n), small, large)[0]
        print(f"traces {'on ' if on else 'off'}: {per_pair[on] / 1e3:.1f}k per put+get pair")
    print(f"on/off: {per_pair[True] / per_pair[False]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
