"""Two checkouts of mqsc, A/B, on the 50,000-DEFINE deck: CPU seconds of ``mqsc run``.

    git worktree add /tmp/before <commit>
    python bench/ab.py /tmp/before . --rounds 8              # in memory (S1)
    python bench/ab.py /tmp/before . --durable --rounds 6    # a new state file (S2)

Each round runs both, alternating, with ``PYTHONPATH`` naming the checkout and the working
directory outside both (from inside one, Python would import that checkout whatever
``PYTHONPATH`` says). The figure is the child's CPU time (user + system), which load from
other processes disturbs far less than wall time; best and median of the rounds.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.decks import define_qlocal_deck  # noqa: E402


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(checkout: Path, deck: Path, durable: bool) -> float:
    home = tempfile.mkdtemp(prefix="mqsc-ab-")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(
        PYTHONPATH=str(checkout),
        MQSC_HOME=home,
        XDG_CACHE_HOME=str(Path(tempfile.gettempdir()) / f"mqsc-ab-cache-{checkout.name}"),
    )
    where = [f"--state={Path(home) / 'ab.db'}"] if durable else ["--memory"]
    before = children_cpu()
    with open(os.devnull, "w") as sink:
        subprocess.run(
            [sys.executable, "-m", "mqsc", "run", *where, str(deck)],
            stdout=sink,
            env=env,
            check=True,
            cwd=tempfile.gettempdir(),
        )
    return children_cpu() - before


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("checkouts", nargs=2, type=Path, metavar="CHECKOUT")
    parser.add_argument("--count", type=int, default=50_000)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--durable", action="store_true")
    args = parser.parse_args(argv)
    deck = define_qlocal_deck(args.count)
    checkouts = [c.resolve() for c in args.checkouts]
    for checkout in checkouts:
        run_once(checkout, deck, args.durable)  # bytecode and parser shapes, as installed
    times: dict[Path, list[float]] = {c: [] for c in checkouts}
    for _ in range(args.rounds):
        for checkout in checkouts:
            times[checkout].append(run_once(checkout, deck, args.durable))
    for checkout, runs in times.items():
        print(
            f"{checkout}: best {min(runs):.3f} s, median {statistics.median(runs):.3f} s "
            f"({' '.join(f'{t:.2f}' for t in runs)})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
