"""The cost of event switches on single puts and gets, by instructions executed (valgrind's
callgrind, as bench/instructions.py): N MQPUT + MQGET pairs of one 100-byte message on a
private local queue, each call its own unit of work, with every event switch off (the
default) and with PERFMEV(ENABLED) on a queue whose depth events are enabled (QDPHIEV,
QDPLOEV, QDPMAXEV, QSVCIEV(HIGH): every call is looked at, none crosses a limit, so no event
message is written; the cost is the checking). Two sizes of N: their difference divided by
the difference in pairs is the cost of one pair.

    python bench/events.py            # 2,000 and 6,000 pairs, off and on
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.callgrind import count, environment, slope, warm  # noqa: E402

PROGRAM = """
import sys
from mqsc.engine.manager import QueueManager
from mqsc.store.home import bundled
decks = [bundled(f"samples/system/CSQINP{n}.mqsc").read_text() for n in (1, 2)]
qm = QueueManager.create("QBEN", csqinp1=decks[0], csqinp2=decks[1])
qm.execute("DEFINE QLOCAL(BENCH.Q) MAXDEPTH(100000)")
if sys.argv[2] == "on":
    qm.execute("ALTER QMGR PERFMEV(ENABLED)")
    qm.execute("ALTER QLOCAL(BENCH.Q) QDPHIEV(ENABLED) QDPLOEV(ENABLED)")
    qm.execute("ALTER QLOCAL(BENCH.Q) QSVCIEV(HIGH) QSVCINT(999999999)")
for _ in range(int(sys.argv[1])):
    assert qm.put("BENCH.Q", 1, 100).done == 1
    assert qm.get("BENCH.Q", 1).done == 1
"""


def instructions(pairs: int, switch: str) -> int:
    return count(["-c", PROGRAM, str(pairs), switch], environment(ROOT), ROOT)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", nargs=2, type=int, default=[2_000, 6_000])
    args = parser.parse_args(argv)
    small, large = args.sizes
    warm(["-c", PROGRAM, "1", "on"], environment(ROOT), ROOT)
    per = {}
    print("| Switches | Instructions per put+get pair |")
    print("|---|---:|")
    for switch in ("off", "on"):
        per[switch] = slope(lambda n: instructions(n, switch), small, large)[0]
        label = (
            "every switch off (default)"
            if switch == "off"
            else "PERFMEV on, depth and service events on the queue"
        )
        print(f"| {label} | {per[switch]:,.0f} |")
    print(f"\nPERFMEV on costs {100 * (per['on'] / per['off'] - 1):+.1f}% per pair.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
