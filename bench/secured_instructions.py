"""Queue security's cost per MQPUT and MQGET call, by instructions executed (valgrind's
callgrind), which the machine's load does not change.

    python bench/secured_instructions.py              # 400 and 2,400 pairs, off and on

``bench/run.py secured`` times the same calls; on a shared machine its one-message figure
swings by 20% either way. Here each of security off and on (``bench.run.secured_qmgr``: 1,000
MQQUEUE profiles, connection and queue checks for user BENCHU) runs two numbers of
one-message put and get pairs after a warm-up; the difference divided by the difference in
pairs is the cost of one pair, start-up and the warm-up cancelled out. Needs valgrind.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.callgrind import count, environment, slope, warm  # noqa: E402

_PROGRAM = """
import sys
from pathlib import Path
from bench.run import secured_qmgr
qm = secured_qmgr({on}, Path(sys.argv[1]))
for n in (50, {pairs}):
    for _ in range(n):
        assert qm.put("BENCH.Q", 1, 4096, user="BENCHU").done == 1
        assert qm.get("BENCH.Q", 1, user="BENCHU").done == 1
qm.security.close()
"""


def instructions(on: bool, pairs: int) -> int:
    home = Path(tempfile.mkdtemp(prefix="mqsc-ir-racf-")) / "home"
    program = ["-c", _PROGRAM.format(on=on, pairs=pairs), str(home)]
    return count(program, environment(ROOT), ROOT)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", nargs=2, type=int, default=[400, 2_400])
    args = parser.parse_args(argv)
    small, large = args.sizes
    home = Path(tempfile.mkdtemp(prefix="mqsc-ir-racf-")) / "home"
    warm(["-c", _PROGRAM.format(on=True, pairs=1), str(home)], environment(ROOT), ROOT)
    per_pair = {}
    for on in (False, True):
        per_pair[on] = slope(lambda n: instructions(on, n), small, large)[0]
        print(f"security {'on ' if on else 'off'}: {per_pair[on] / 1e3:.1f}k per put+get pair")
    print(f"on/off: {per_pair[True] / per_pair[False]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
