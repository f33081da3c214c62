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


def define_mixed_line(i: int) -> str:
    """One DEFINE of the object type ``i`` picks, in turn: local, alias, remote and model
    queues, processes, namelists and storage classes, each with a few attributes."""
    n = f"{i:06d}"
    return (
        f"DEFINE QLOCAL(APP.QUEUE.{n}) DESCR('Application queue {i}') MAXDEPTH(50000) "
        f"DEFPSIST(YES) STGCLASS(DEFAULT) SHARE",
        f"DEFINE QALIAS(APP.ALIAS.{n}) TARGET(APP.QUEUE.{i - 1:06d}) DESCR('Alias {i}') "
        f"DEFPSIST(YES)",
        f"DEFINE QREMOTE(APP.REMOTE.{n}) RNAME(APP.IN.{n}) RQMNAME(QMB) XMITQ(QMB) "
        f"DESCR('Remote {i}')",
        f"DEFINE QMODEL(APP.MODEL.{n}) DEFTYPE(PERMDYN) MAXDEPTH(1000) DESCR('Model {i}')",
        f"DEFINE PROCESS(APP.PROC.{n}) APPLICID('T{i % 1000:03d}') APPLTYPE(CICS) "
        f"DESCR('Process {i}')",
        f"DEFINE NAMELIST(APP.NL.{n}) NAMES(CLUS1, CLUS2, CLUS3) NLTYPE(CLUSTER) "
        f"DESCR('Namelist {i}')",
        f"DEFINE STGCLASS(S{i:07d}) PSID(04) DESCR('Storage class {i}')",
    )[i % 7]


def define_mixed_deck(count: int) -> Path:
    """A deck of ``count`` DEFINEs cycling through every object type (the mixed deck of
    docs/performance.md)."""
    OUT.mkdir(exist_ok=True)
    path = OUT / f"define-mixed-{count}.mqsc"
    if not path.exists():
        path.write_text("".join(define_mixed_line(i) + "\n" for i in range(count)))
    return path


def define_qlocal_deck(count: int) -> Path:
    """A deck of ``count`` DEFINE QLOCAL commands, written once under bench/out."""
    OUT.mkdir(exist_ok=True)
    path = OUT / f"define-qlocal-{count}.mqsc"
    if not path.exists():
        path.write_text("".join(define_qlocal_line(i) + "\n" for i in range(count)))
    return path
