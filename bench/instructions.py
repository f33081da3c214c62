"""Two checkouts of mqsc, A/B, by instructions executed: ``mqsc run --memory`` under valgrind.

    git worktree add /tmp/before <commit>
    python bench/instructions.py /tmp/before .              # 2,000 and 6,000 DEFINEs

CPU seconds on a shared machine swing by 10% between runs of the same code; the number of
instructions a run executes (valgrind's callgrind tool, "Collected") does not depend on the
load. Each checkout runs two deck sizes; the difference divided by the difference in commands
is the cost of one command, the rest the fixed cost of a run (start-up, QMZ1's build). Both give
the whole S1 run of 50,000 commands, in instructions. It is a proxy for time, not a measure of
it: a cache miss costs more than an addition. Needs valgrind (``apt-get install valgrind``); a
run of 6,000 commands takes about a minute. Each checkout runs once first, unmeasured, so that
Python's bytecode caches are written (compiling would count as start-up).

The count is not exactly repeatable: a few things a run does depend on the wall clock (output
written every 0.05 s, time stamps made once a second), and under valgrind a loaded machine
makes a run slower, so it does more of them. Three runs of the same 1,300-command deck gave
1,900M, 1,914M and 1,910M; over the 4,000 commands between the two decks that is several
thousand instructions per command. ``--repeat N`` runs each deck N times and keeps the
smallest count, the run the clock disturbed least.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.callgrind import count, environment, slope  # noqa: E402
from bench.decks import define_qlocal_deck  # noqa: E402


def instructions(checkout: Path, deck: Path) -> int:
    """``mqsc run --memory`` of ``deck`` with ``checkout``'s mqsc, run from outside it."""
    args = ["-m", "mqsc", "run", "--memory", str(deck)]
    return count(args, environment(checkout), tempfile.gettempdir())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("checkouts", nargs="+", type=Path, metavar="CHECKOUT")
    parser.add_argument("--sizes", nargs=2, type=int, default=[2_000, 6_000])
    parser.add_argument(
        "--repeat", type=int, default=1, help="runs of each deck; the smallest count is kept"
    )
    parser.add_argument(
        "--whole", type=int, default=50_000, help="the run to project (S1: 50,000 commands)"
    )
    args = parser.parse_args(argv)
    small, large = args.sizes
    decks = {n: define_qlocal_deck(n) for n in (small, large)}
    rows = []
    for checkout in (c.resolve() for c in args.checkouts):
        instructions(checkout, decks[small])  # bytecode caches written, unmeasured
        per_command, fixed = slope(
            lambda n: min(instructions(checkout, decks[n]) for _ in range(args.repeat)),
            small,
            large,
        )
        rows.append((checkout, per_command, fixed, fixed + per_command * args.whole))
    base = rows[0][3]
    for checkout, per_command, fixed, whole in rows:
        print(
            f"{checkout}: {per_command / 1e3:.1f}k per command, fixed {fixed / 1e6:.0f}M, "
            f"{args.whole:,} commands {whole / 1e9:.2f}G ({(whole / base - 1) * 100:+.1f}%)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
