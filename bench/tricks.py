"""Each speed trick of mqsc switched off in turn, against the benchmark it was made for.

    python bench/tricks.py                    # every trick, 50,000 commands/queues, 5 rounds
    python bench/tricks.py plans gc-pause --count 20000 --rounds 7

A trick is kept only if it buys at least 10% on its scenario (docs/performance.md, "Speed
tricks, each switched off"). Switching off is done here, by patching the running program, so
the product carries no switches of its own. Rounds alternate on and off, and the figure is
**CPU time** (this process's, or the child's for the subprocess scenarios), not wall time: the
machine these figures come from is shared, and CPU time is what another process's load
disturbs least. Each result is the best (minimum) and the median of the rounds.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.decks import OUT, define_qlocal_deck  # noqa: E402

# ---- the switches ---------------------------------------------------------------------------


@contextlib.contextmanager
def no_plans() -> Iterator[None]:
    """The binder without its plans: every command bound by the full rules."""
    from mqsc.language import binder

    original = binder._Plan.of
    binder._plans.clear()
    binder._Plan.of = classmethod(lambda cls, node, command: None)  # type: ignore[assignment]
    try:
        yield
    finally:
        binder._Plan.of = original  # type: ignore[method-assign]
        binder._plans.clear()


def _dataclass_nodes() -> dict[str, type]:
    """Frozen, slotted dataclasses with the syntax tree's fields and methods."""
    from mqsc.language import syntax

    @dataclasses.dataclass(frozen=True, slots=True)
    class Param:
        keyword: str
        values: tuple[str, ...] | None
        start: int
        end: int
        value_starts: tuple[int, ...] = ()

    @dataclasses.dataclass(frozen=True, slots=True)
    class Where:
        keyword: str
        operator: str
        value: str
        start: int
        end: int
        keyword_start: int
        value_start: int

    @dataclasses.dataclass(frozen=True, slots=True, eq=False)
    class Command:
        verb: str
        params: tuple
        verb_start: int
        logical: object
        text = syntax.Command.text
        span = syntax.Command.span
        span_of = syntax.Command.span_of

    return {"Param": Param, "Where": Where, "Command": Command}


@contextlib.contextmanager
def dataclass_nodes() -> Iterator[None]:
    """The syntax tree as frozen dataclasses instead of named tuples."""
    from mqsc.language import binder, parser, syntax

    replacements = _dataclass_nodes()
    saved = {name: getattr(syntax, name) for name in replacements}
    saved_parser = (parser._Param, parser._Where, parser._Command, parser._new)
    for name, cls in replacements.items():
        setattr(syntax, name, cls)
    parser._Param, parser._Where, parser._Command = (
        replacements["Param"],
        replacements["Where"],
        replacements["Command"],
    )
    parser._new = lambda cls, fields: cls(*fields)
    binder._plans.clear()
    try:
        yield
    finally:
        for name, cls in saved.items():
            setattr(syntax, name, cls)
        parser._Param, parser._Where, parser._Command, parser._new = saved_parser
        binder._plans.clear()


@contextlib.contextmanager
def no_pause() -> Iterator[None]:
    """Bulk DISPLAY and rendering without pausing the cyclic collector."""
    from mqsc.support.collector import paused

    enter, leave = paused.__enter__, paused.__exit__
    paused.__enter__ = lambda self: None  # type: ignore[method-assign]
    paused.__exit__ = lambda self, *exc: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        paused.__enter__, paused.__exit__ = enter, leave  # type: ignore[method-assign]


# ---- the measurements -----------------------------------------------------------------------


def cpu() -> float:
    """CPU seconds of this process so far."""
    return time.process_time()


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def parse_and_bind(count: int) -> Callable[[], float]:
    from mqsc.language.pipeline import iter_parse
    from mqsc.language.source import Source

    text = define_qlocal_deck(count).read_text()

    def once() -> float:
        start = cpu()
        for _ in iter_parse(Source(text, "deck")):
            pass
        return cpu() - start

    return once


def display_json(command: str) -> Callable[[int], Callable[[], float]]:
    """``command`` executed and rendered as JSON in one go, as S3's ``*_json_together_s``."""

    def make(count: int) -> Callable[[], float]:
        import gc

        from bench.run import qmgr_with_queues
        from mqsc.render import jsonout

        qm = qmgr_with_queues(count)
        gc.collect()

        def once() -> float:
            start = cpu()
            json.dumps(jsonout.result_json(qm.execute(command)), separators=(",", ":"))
            return cpu() - start

        return once

    return make


#: Children that run ``mqsc run`` with a trick switched off.
_MAIN = "from mqsc.cli import main; sys.exit(main(sys.argv[1:]))"
_RUN_WITHOUT_BATCH_GC = "import sys, mqsc.cli.run as r; r._batch_gc = lambda: None; " + _MAIN
_RUN_WITHOUT_IDENTITY_MEMOS = (
    "import sys; from mqsc.support.memo import IdentityMemo; "
    "IdentityMemo.get = lambda self, key: None; " + _MAIN
)


def run_child(
    deck: Path, *, env: dict[str, str], code: str | None = None, state: str | None = None
) -> float:
    """CPU seconds of one ``mqsc run`` child (in memory, or durable in a new ``state`` file),
    output to /dev/null."""
    where = ["--memory"] if state is None else [f"--state={state}"]
    if state is not None:
        Path(state).unlink(missing_ok=True)
    argv = [sys.executable, "-c", code] if code else [sys.executable, "-m", "mqsc"]
    before = children_cpu()
    with open(os.devnull, "w") as sink:
        subprocess.run([*argv, "run", *where, str(deck)], stdout=sink, env=env, check=True)
    return children_cpu() - before


def child_env(home: str, **extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED", "MQSC_NO_CACHE")
    }
    env.update(MQSC_HOME=home, XDG_CACHE_HOME=str(Path(home) / "cache"), **extra)
    return env


# ---- the tricks: (scenario, trick on, trick off) ----------------------------------------------

Pair = tuple[Callable[[], float], Callable[[], float]]


def in_process(make: Callable[[int], Callable[[], float]], switch) -> Callable[[int], Pair]:
    def pair(count: int) -> Pair:
        once = make(count)
        once()  # warm: imports, parser, first plans

        def off() -> float:
            with switch():
                once()  # the switch's own first (cold) run is not the one measured
                return once()

        return once, off

    return pair


def shapes_pair(count: int) -> Pair:
    """The saved parser shapes: a one-command deck and the whole deck, cache warm vs none."""
    home = tempfile.mkdtemp(prefix="mqsc-tricks-")
    deck = define_qlocal_deck(count)
    with_cache = child_env(home)
    run_child(deck, env=with_cache)  # learn and save the shapes
    without = child_env(home, MQSC_NO_CACHE="1")
    return (lambda: run_child(deck, env=with_cache), lambda: run_child(deck, env=without))


def batch_gc_pair(count: int) -> Pair:
    home = tempfile.mkdtemp(prefix="mqsc-tricks-")
    deck = define_qlocal_deck(count)
    env = child_env(home)
    run_child(deck, env=env)
    return (
        lambda: run_child(deck, env=env),
        lambda: run_child(deck, env=env, code=_RUN_WITHOUT_BATCH_GC),
    )


def identity_memos_pair(durable: bool) -> Callable[[int], Pair]:
    def pair(count: int) -> Pair:
        home = tempfile.mkdtemp(prefix="mqsc-tricks-")
        deck = define_qlocal_deck(count)
        env = child_env(home)
        state = str(Path(home) / "bench.db") if durable else None
        run_child(deck, env=env, state=state)
        return (
            lambda: run_child(deck, env=env, state=state),
            lambda: run_child(deck, env=env, state=state, code=_RUN_WITHOUT_IDENTITY_MEMOS),
        )

    return pair


TRICKS: dict[str, tuple[str, Callable[[int], Pair]]] = {
    "plans": ("parse + bind of the DEFINE deck", in_process(parse_and_bind, no_plans)),
    "identity-memos-run": (
        "mqsc run --memory of the DEFINE deck (child CPU)",
        identity_memos_pair(durable=False),
    ),
    "identity-memos-durable": (
        "mqsc run --state of the DEFINE deck (child CPU)",
        identity_memos_pair(durable=True),
    ),
    "named-tuples": (
        "parse + bind of the DEFINE deck",
        in_process(parse_and_bind, dataclass_nodes),
    ),
    "gc-pause": (
        "DISPLAY QLOCAL(*) executed + JSON",
        in_process(display_json("DISPLAY QLOCAL(*)"), no_pause),
    ),
    "gc-pause-all": (
        "DISPLAY QLOCAL(*) ALL executed + JSON",
        in_process(display_json("DISPLAY QLOCAL(*) ALL"), no_pause),
    ),
    "batch-gc": ("mqsc run --memory of the DEFINE deck (child CPU)", batch_gc_pair),
    "shapes-1": ("mqsc run --memory of a 1-command deck (child CPU)", lambda count: shapes_pair(1)),
    "shapes": ("mqsc run --memory of the DEFINE deck (child CPU)", shapes_pair),
}


def measure(name: str, count: int, rounds: int) -> dict:
    label, make = TRICKS[name]
    on, off = make(count)
    ons, offs = [], []
    for _ in range(rounds):
        ons.append(on())
        offs.append(off())
    best_on, best_off = min(ons), min(offs)
    return {
        "trick": name,
        "scenario": label,
        "count": count,
        "rounds": rounds,
        "on_best_s": best_on,
        "off_best_s": best_off,
        "on_median_s": statistics.median(ons),
        "off_median_s": statistics.median(offs),
        "saves": 1 - best_on / best_off,
        "saves_median": 1 - statistics.median(ons) / statistics.median(offs),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("tricks", nargs="*", metavar="TRICK", help=", ".join(TRICKS))
    parser.add_argument("--count", type=int, default=50_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    unknown = sorted(set(args.tricks) - set(TRICKS))
    if unknown:
        parser.error(f"unknown trick {', '.join(unknown)}: choose from {', '.join(TRICKS)}")
    rows = []
    for name in args.tricks or list(TRICKS):
        row = measure(name, args.count, args.rounds)
        rows.append(row)
        print(
            f"{name:15} {row['scenario']:48} on {row['on_best_s']:.3f}s "
            f"off {row['off_best_s']:.3f}s  saves {row['saves']:6.1%} "
            f"(median {row['saves_median']:6.1%})",
            flush=True,
        )
    OUT.mkdir(exist_ok=True)
    (OUT / "tricks.json").write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
