"""Benchmark inputs, generated on demand (nothing large is committed)."""

from __future__ import annotations

from pathlib import Path

OUT = Path(__file__).resolve().parent / "out"


def define_qlocal_line(i: int) -> str:
    """One DEFINE QLOCAL with six attributes, as an administrator's CSQINP2 deck has them."""
    return (
        f"DEFINE QLOCAL(APP.QUEUE.{i:06d}) DESCR('Application queue {i}') "
        f"MAXDEPTH(50000) MAXMSGL(4194304) DEFPSIST(YES) STGCLASS(DEFAULT) SHARE"
    )


def define_qlocal_deck(count: int) -> Path:
    """A deck of ``count`` DEFINE QLOCAL commands, written once under bench/out."""
    OUT.mkdir(exist_ok=True)
    path = OUT / f"define-qlocal-{count}.mqsc"
    if not path.exists():
        path.write_text("".join(define_qlocal_line(i) + "\n" for i in range(count)))
    return path
