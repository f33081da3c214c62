"""START / STOP / ALTER / DISPLAY TRACE: the queue manager's trace table (mqsc/catalog/trace.py,
the table itself in mqsc/engine/smf/tracetable.py).

Each START TRACE adds an entry with the lowest free trace number (01-32), returned in CSQW130I
as IBM MQ for z/OS documents ("START TRACE": "a trace number is returned in message number
CSQW130I"); STOP, ALTER and DISPLAY TRACE act on the active traces their options match ("Each
option that you use limits the effect of the command to active traces that were started using
the same option", STOP TRACE). A statistics trace (STAT) makes the queue manager write SMF 115
records every statistics interval, an accounting trace (ACCTG) SMF 116 records as tasks end
(mqsc/engine/smf/interval.py); GLOBAL and CHINIT traces are kept in the table only.

At start-up the system parameters start traces before CSQINP1 runs: TRACSTR the global trace
(class 1 to the resident trace table), SMFSTAT the statistics trace, SMFACCT the accounting
trace ("Using IBM MQ trace": "You can also start collecting some trace information
automatically if you specify YES on the SMFSTAT (SMF STATISTICS) and SMFACCT (SMF ACCOUNTING)
parameters of the CSQ6SYSP macro"). Traces do not survive a stop: a restart starts them anew.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from mqsc.catalog.trace import MAX_TRACES, RMIDS, TRACE_TYPES, TYPE_NAMES, TraceType
from mqsc.engine.context import Ctx
from mqsc.engine.records import TraceReport, TraceRow
from mqsc.engine.registry import handles
from mqsc.engine.smf import interval
from mqsc.engine.smf.tracetable import TABLE, Trace, TraceTable, add_trace, table_of


# ---- options -----------------------------------------------------------------------------------
def _items(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    return tuple(str(v) for v in value) if isinstance(value, tuple) else (str(value),)


def _numbers(ctx: Ctx, keyword: str, texts: Sequence[str], low: int, high: int) -> list[int]:
    out: list[int] = []
    for text in texts:
        first, _, last = text.partition(":")
        if not first.isdigit() or (last and not last.isdigit()):
            raise ctx.fail(
                "MQSC675E", keyword=keyword, value=text, why="a number, a range m:n, or *"
            )
        lo, hi = int(first), int(last or first)
        if lo > hi or not low <= lo <= high or not low <= hi <= high:
            raise ctx.fail("MQSC675E", keyword=keyword, value=text, why=f"numbers {low}-{high}")
        out += range(lo, hi + 1)
    return out


def trace_type(ctx: Ctx, *, default: str = "GLOBAL") -> TraceType | None:
    """The type the command names (None for ``*``)."""
    name = str(ctx.cmd.name or default).upper()
    return None if name == "*" else TRACE_TYPES[TYPE_NAMES[name]]


def _classes(ctx: Ctx, ttype: TraceType, texts: Sequence[str]) -> tuple[int, ...]:
    if not texts:
        return ttype.default_classes
    if "*" in texts:
        return ttype.classes
    chosen = _numbers(ctx, "CLASS", texts, 0, 99)
    for number in chosen:
        if number not in ttype.classes:
            raise ctx.fail(
                "MQSC672E",
                value=f"{number:02d}",
                type=ttype.name,
                classes=",".join(f"{c:02d}" for c in ttype.classes),
            )
    return tuple(sorted(set(chosen)))


def _dests(ctx: Ctx, ttype: TraceType) -> tuple[str, ...]:
    dests = _items(ctx.cmd.get("DEST")) or (ttype.default_destination,)
    for dest in dests:
        if dest not in ttype.destinations:
            raise ctx.fail(
                "MQSC673E", dest=dest, type=ttype.name, allowed=", ".join(ttype.destinations)
            )
    return tuple(dict.fromkeys(dests))


def _constraints(ctx: Ctx, ttype: TraceType) -> dict[str, Any]:
    out: dict[str, tuple] = {}
    for keyword in ("IFCID", "RMID", "USERID"):
        texts = _items(ctx.cmd.get(keyword))
        if not texts:
            continue
        if keyword not in ttype.constraints:
            raise ctx.fail("MQSC674E", keyword=keyword, type=ttype.name)
        if "*" in texts:
            continue
        if keyword == "USERID":
            out["userids"] = texts
        elif keyword == "IFCID":
            out["ifcids"] = tuple(sorted(set(_numbers(ctx, keyword, texts, 0, 999))))
        else:
            rmids = [int(t) for t in texts if t.isdigit()]
            if (
                len(rmids) != len(texts)
                or len(set(rmids)) != len(rmids)
                or not set(rmids) <= set(RMIDS)
            ):
                raise ctx.fail(
                    "MQSC675E",
                    keyword=keyword,
                    value=",".join(texts),
                    why="resource manager ids, each once: " + ",".join(str(r) for r in RMIDS),
                )
            out["rmids"] = tuple(rmids)
    return out


# ---- the commands -------------------------------------------------------------------------------
@handles("START", "TRACE")
def start_trace(ctx: Ctx) -> None:
    ttype = trace_type(ctx)
    assert ttype is not None
    if ttype.name == "CHINIT" and not _chinit_running(ctx):
        raise ctx.fail("MQSC676E")
    trace = Trace(
        0,
        ttype.name,
        _classes(ctx, ttype, _items(ctx.cmd.get("CLASS"))),
        _dests(ctx, ttype),
        comment=str(ctx.cmd.get("COMMENT") or ""),
        started=ctx.stamp(),
        **_constraints(ctx, ttype),
    )
    table = table_of(ctx.txn)
    for active in table.traces:
        if replace(active, tno=0, comment="", started="") == replace(trace, comment="", started=""):
            raise ctx.fail("MQSC670E", type=ttype.name, tno=f"{active.tno:02d}")
    if len(table.traces) >= MAX_TRACES:
        raise ctx.fail("MQSC680E", count=MAX_TRACES)
    started = add_trace(ctx.txn, trace)
    interval.trace_started(ctx, started)
    ctx.say("CSQW130I", type=ttype.name, tno=f"{started.tno:02d}")


def _chinit_running(ctx: Ctx) -> bool:
    info = ctx.txn.get("qmgr", None)
    return info.chinit.active and info.attrs.get("CMDSERV", "RUNNING") == "RUNNING"


_FILTERS = ("TNO", "CLASS", "DEST", "RMID", "USERID")


def _matching(
    ctx: Ctx, ttype: TraceType | None, filters: tuple[str, ...] = _FILTERS
) -> list[Trace]:
    """The active traces the command's type and options select: each option given must be
    among the trace's own values."""

    def given(keyword: str) -> tuple[str, ...]:
        texts = _items(ctx.cmd.get(keyword)) if keyword in filters else ()
        return () if "*" in texts else texts

    tnos = set(_numbers(ctx, "TNO", given("TNO"), 1, MAX_TRACES))
    classes = set(_numbers(ctx, "CLASS", given("CLASS"), 0, 99))
    rmids = set(_numbers(ctx, "RMID", given("RMID"), 0, 999))
    dests, users = set(given("DEST")), set(given("USERID"))
    return [
        t
        for t in table_of(ctx.txn).traces
        if (ttype is None or t.ttype == ttype.name)
        and (not tnos or t.tno in tnos)
        and classes <= set(t.classes)
        and dests <= set(t.dests)
        and rmids <= set(t.rmids)
        and users <= set(t.userids)
    ]


def _what(ctx: Ctx) -> str:
    name = str(ctx.cmd.name or "*")
    keys = ("TNO",) if ctx.cmd.verb == "ALTER" else _FILTERS
    options = " ".join(
        f"{k}({','.join(_items(ctx.cmd.get(k)))})" for k in keys if ctx.cmd.get(k) is not None
    )
    return f"TRACE({name}) {options}".strip()


def stop(ctx: Ctx, traces: Iterable[Trace]) -> None:
    """Remove traces from the table; a statistics trace first writes its last interval."""
    gone = {t.tno for t in traces}
    for trace in traces:
        interval.trace_stopping(ctx, trace)
    table = table_of(ctx.txn)
    ctx.txn.put(TABLE, None, TraceTable(tuple(t for t in table.traces if t.tno not in gone)))


@handles("STOP", "TRACE")
def stop_trace(ctx: Ctx) -> None:
    chosen = _matching(ctx, trace_type(ctx))
    if not chosen:
        raise ctx.fail("MQSC677E", what=_what(ctx))
    stop(ctx, chosen)
    ctx.say("MQSC678I", tnos=",".join(f"{t.tno:02d}" for t in chosen))


@handles("ALTER", "TRACE")
def alter_trace(ctx: Ctx) -> None:
    ttype = trace_type(ctx)
    assert ttype is not None
    chosen = _matching(ctx, ttype, ("TNO",))
    if len(_items(ctx.cmd.get("TNO"))) != 1 or not chosen:
        raise ctx.fail("MQSC677E", what=_what(ctx))
    trace = chosen[0]
    changed = replace(
        trace,
        classes=_classes(ctx, ttype, _items(ctx.cmd.get("CLASS")))
        if ctx.cmd.get("CLASS") is not None
        else trace.classes,
        **_constraints(ctx, ttype),
    )
    if ctx.cmd.get("COMMENT") is not None:
        changed = replace(changed, comment=str(ctx.cmd.get("COMMENT")))
    table = table_of(ctx.txn)
    ctx.txn.put(
        TABLE, None, TraceTable(tuple(changed if t.tno == trace.tno else t for t in table.traces))
    )
    interval.trace_altered(ctx, trace, changed)
    ctx.say(
        "MQSC679I", tno=f"{trace.tno:02d}", classes=",".join(f"{c:02d}" for c in changed.classes)
    )


@handles("DISPLAY", "TRACE")
def display_trace(ctx: Ctx) -> None:
    ttype = trace_type(ctx, default="*")
    if ttype is None and ctx.cmd.get("CLASS") is not None:
        # "The CLASS option cannot be used with DISPLAY TRACE(*)" (DISPLAY TRACE).
        raise ctx.fail("MQSC674E", keyword="CLASS", type="*")
    rows = tuple(
        TraceRow(
            f"{t.tno:02d}",
            t.ttype,
            ",".join(f"{c:02d}" for c in t.classes),
            ",".join(t.dests),
            ",".join(t.userids) or "*",
            ",".join(str(r) for r in t.rmids) or "*",
        )
        for t in _matching(ctx, ttype)
    )
    ctx.add(TraceReport(rows))
