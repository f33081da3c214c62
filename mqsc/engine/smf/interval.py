"""The statistics interval: what the queue manager counts while a statistics trace runs, and
the SMF 115 records it writes at each interval's end (every STATIME, on its own clock).

While a STAT trace with destination SMF is active, an interval runs: it starts when the first
such trace starts, and ends every STATIME after (a clock moved on by several intervals ends
each of them: the first with the work done, the next ones with none); STOP TRACE of the last
statistics trace, and STOP QMGR, end the interval in progress early (mqsc writes it then, as
IBM documents for the channel initiator's statistics: "the STOP TRACE(STAT) CLASS(4) command
was issued, or the channel initiator was shut down"). At each end the records of the classes
that run are built (mqsc/engine/smf/build.py) from the figures mqsc/engine/smf/collect.py
gathers, and the counters start again from zero: buffer pool and page set statistics too, as
each SMF interval resets them (what ``mqsc stats`` shows is the interval in progress).

The records of a command or a workload are handed to the queue manager's SMF sink after its
transaction commits (``Ctx.smf``): a command that fails writes none.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from mqsc.engine.smf import clock, params
from mqsc.engine.smf.tracetable import TABLE as TRACE_TABLE
from mqsc.engine.smf.tracetable import Trace, TraceTable, add_trace, table_of
from mqsc.engine.state import Txn
from mqsc.engine.storage.pageset import PageSetStats

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.context import Ctx
    from mqsc.engine.records import Workload

TABLE = "smf"
#: The key of the channel accounting interval in the table and its accounting class: those
#: of mqsc/engine/smf/channelaccounting.py (KEY, CLASS), which is imported only when channel
#: accounting runs.
CHANNELS, CHANNEL_CLASS = "channels", 4
#: At most this many elapsed intervals are written at once when the clock has moved far
#: (a queue manager left for days with STATIME 1): the rest are dropped, as records SMF
#: could not take are (the interval then restarts at the current time).
MAX_CATCH_UP = 1440  # a day of one-minute intervals


@dataclass(slots=True)
class SmfState:
    """The interval in progress (mutable; cloned in transactions when a workload call counts
    into it)."""

    #: When it started and when it ends (the queue manager's clock, ISO); "" when no interval
    #: runs. The end is fixed when it starts, from STATIME then.
    start: str = ""
    due: str = ""
    #: The log's RBA and checkpoint count when it started.
    log_rba: int = 0
    log_gen: int = 0
    #: Queue manager counters of the interval, by IBM field name (qmstput...).
    counts: dict[str, int] = field(default_factory=dict)
    #: Per queue counters (QQST field names), by queue name.
    queues: dict[str, dict[str, int]] = field(default_factory=dict)
    #: Per CF structure counters (QEST field names), by structure name.
    structures: dict[str, dict[str, int]] = field(default_factory=dict)
    #: ``due`` as a moment (not stored: every command asks).
    due_at: dt.datetime | None = field(default=None, compare=False, repr=False)

    def clone(self) -> SmfState:
        # Every workload call clones the interval to count into it: the per queue and per
        # structure counters are shared with the original, and count() copies the one it
        # changes (copy on write), so a call costs the same whatever the number of queues.
        return SmfState(
            self.start,
            self.due,
            self.log_rba,
            self.log_gen,
            dict(self.counts),
            dict(self.queues),
            dict(self.structures),
            self.due_at,
        )

    def snapshot(self) -> dict[str, Any]:
        return {
            "kind": "smf",
            "start": self.start,
            "due": self.due,
            "log_rba": self.log_rba,
            "log_gen": self.log_gen,
            "counts": dict(self.counts),
            "queues": {k: dict(v) for k, v in self.queues.items()},
            "structures": {k: dict(v) for k, v in self.structures.items()},
        }

    @classmethod
    def restore(cls, data: Mapping[str, Any]) -> SmfState:
        return cls(
            data["start"],
            data.get("due", ""),
            data["log_rba"],
            data["log_gen"],
            dict(data["counts"]),
            {k: dict(v) for k, v in data["queues"].items()},
            {k: dict(v) for k, v in data["structures"].items()},
        )

    def add(self, name: str, amount: int = 1) -> None:
        self.counts[name] = self.counts.get(name, 0) + amount

    def ends(self) -> dt.datetime:
        """When the interval ends."""
        if self.due_at is None:
            self.due_at = dt.datetime.fromisoformat(self.due)
        return self.due_at


@dataclass(frozen=True, slots=True)
class Tally:
    """What every command of the interval adds up (key ``"tally"`` of the table, replaced, not
    cloned, as each command commits): log writes (QJSTWRNW) and the object definitions the
    data manager created, changed and deleted (QISTDCRE, QISTDPUT, QISTDDEL)."""

    log_writes: int = 0
    creates: int = 0
    alters: int = 0
    deletes: int = 0

    def snapshot(self) -> dict[str, Any]:
        return {
            "kind": "smftally",
            "log_writes": self.log_writes,
            "creates": self.creates,
            "alters": self.alters,
            "deletes": self.deletes,
        }

    @classmethod
    def restore(cls, data: Mapping[str, Any]) -> Tally:
        return cls(data["log_writes"], data["creates"], data["alters"], data["deletes"])


def state_of(txn: Txn) -> SmfState | None:
    """The interval in progress (None when none runs)."""
    state = txn.get(TABLE, None)
    return state if state is not None and state.start else None


def tally_of(txn: Txn) -> Tally:
    return txn.get(TABLE, "tally") or Tally()


def running(tables: Mapping[str, Any]) -> bool:
    state = tables[TABLE].get(None)
    return state is not None and bool(state.start)


def _moment(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)


def _now(ctx: Ctx) -> dt.datetime:
    return ctx.qm.clock()


def _channels() -> Any:
    """The channel accounting module, imported when first needed: a run that never collects
    channel accounting does not pay for loading it (the fixed cost of every run,
    bench/instructions.py)."""
    from mqsc.engine.smf import channelaccounting  # noqa: PLC0415 - start-up: loaded when it runs

    return channelaccounting


def _stat_classes(txn: Txn) -> frozenset[int]:
    return table_of(txn).classes("STAT")


# ---- starting and ending ------------------------------------------------------------------------
def begin(txn: Txn, moment: dt.datetime) -> None:
    """Start an interval at ``moment``: counters from zero, pool and page set statistics too."""
    log = txn.get("log", None)
    ends = moment + dt.timedelta(seconds=params.of(txn).stat_seconds)
    txn.put(TABLE, None, SmfState(moment.isoformat(), ends.isoformat(), log.rba, log.gen))
    txn.put(TABLE, "tally", Tally())
    for key in list(txn.keys("pool")):
        txn.edit("pool", key).reset_stats()
    for key in list(txn.keys("pageset")):
        txn.edit("pageset", key).stats = PageSetStats()


def records_until(ctx: Ctx, end: dt.datetime, classes: frozenset[int]) -> list[bytes]:
    """The records of the interval in progress, were it to end at ``end`` (nothing changes)."""
    state = state_of(ctx.txn)
    if state is None or not classes:
        return []
    from mqsc.engine.smf import build, collect, record  # noqa: PLC0415 - start-up: record layouts only when written

    figures = collect.statistics(ctx.txn, ctx.qm, state, _moment(state.start), end)
    return [record.encode(r) for r in build.statistics(figures, classes)]


def end_interval(ctx: Ctx, end: dt.datetime, *, restart: bool) -> None:
    """End the interval at ``end``: its records go out with the command's, and (``restart``)
    the next one begins."""
    ctx.smf.extend(records_until(ctx, end, _stat_classes(ctx.txn)))
    if restart:
        begin(ctx.txn, end)
    else:
        ctx.txn.put(TABLE, None, SmfState())
        ctx.txn.put(TABLE, "tally", Tally())


def trace_started(ctx: Ctx, trace: Trace) -> None:
    if trace.ttype == "STAT" and "SMF" in trace.dests and state_of(ctx.txn) is None:
        begin(ctx.txn, _now(ctx))
    if trace.to_smf("ACCTG", CHANNEL_CLASS) and ctx.txn.get(TABLE, CHANNELS) is None:
        _channels().begin(ctx, _now(ctx))


def trace_stopping(ctx: Ctx, trace: Trace) -> None:
    """Before a trace leaves the table: the last statistics trace writes its interval, the
    last accounting trace of class 4 the channel accounting in progress ("STOP TRACE(ACCTG)
    CLASS(4)", IBM MQ "Planning for channel initiator SMF data")."""
    if trace.to_smf("ACCTG", CHANNEL_CLASS) and not any(
        t.tno != trace.tno and t.to_smf("ACCTG", CHANNEL_CLASS) for t in table_of(ctx.txn).traces
    ):
        if ctx.txn.get(TABLE, CHANNELS) is not None:
            _channels().end_interval(ctx, _now(ctx), restart=False)
    if trace.ttype != "STAT" or state_of(ctx.txn) is None:
        return
    others = [
        t
        for t in table_of(ctx.txn).traces
        if t.tno != trace.tno and t.ttype == "STAT" and "SMF" in t.dests
    ]
    if not others:
        end_interval(ctx, _now(ctx), restart=False)


def trace_altered(ctx: Ctx, before: Trace, after: Trace) -> None:
    """Statistics classes apply from the next interval's end; accounting class 4 added or
    taken away starts or ends channel accounting as START or STOP TRACE would (the trace
    table holds ``after`` already)."""
    if CHANNEL_CLASS in (*before.classes, *after.classes):
        _channels().traces_changed(ctx, _now(ctx))


def ticking(tables: Mapping[str, Any]) -> bool:
    """Whether a statistics interval or a channel accounting interval runs (asked before
    every command: one call, two look-ups)."""
    smf = tables[TABLE]
    state = smf.get(None)
    return (state is not None and bool(state.start)) or smf.get(CHANNELS) is not None


def due(tables: Mapping[str, Any], now: dt.datetime) -> bool:
    """Whether an interval runs and has ended by ``now`` (asked before every command)."""
    # Asked by every MQPUT and MQGET too: look-ups, no further calls.
    smf = tables[TABLE]
    channels = smf.get(CHANNELS)
    if channels is not None and now >= channels.ends:
        return True
    state = smf.get(None)
    return state is not None and bool(state.start) and now >= state.ends()


def tick(ctx: Ctx) -> None:
    """End every interval that has ended by now (the first with its work, the rest empty)."""
    now = _now(ctx)
    if ctx.txn.get(TABLE, CHANNELS) is not None:
        _channels().tick(ctx, now)
    for _ in range(MAX_CATCH_UP):
        state = state_of(ctx.txn)
        if state is None or now < state.ends():
            return
        end_interval(ctx, state.ends(), restart=True)
    begin(ctx.txn, now)


def parameters_changed(ctx: Ctx) -> None:
    """SET SYSTEM changed the system parameters: "Changes to STATIME and ACCTIME take effect
    when the current interval expires, unless the new interval is less than the unexpired
    portion of the current interval, in which case SMF data is gathered immediately and the new
    interval then takes effect" (IBM MQ "SET SYSTEM")."""
    state = state_of(ctx.txn)
    if state is None or not state.start:
        return
    now = _now(ctx)
    if params.of(ctx.txn).stat_seconds < (state.ends() - now).total_seconds():
        end_interval(ctx, now, restart=True)


def stopping(ctx: Ctx) -> None:
    """STOP QMGR: the interval in progress is written, and no interval runs any more; the
    channel initiator stops with the queue manager and writes its channel accounting."""
    if ctx.txn.get(TABLE, CHANNELS) is not None:
        _channels().end_interval(ctx, _now(ctx), restart=False)
    if state_of(ctx.txn) is not None:
        end_interval(ctx, _now(ctx), restart=False)


def start_at_startup(ctx: Ctx) -> None:
    """Before CSQINP1: the traces of an earlier run are gone, and the system parameters start
    theirs (TRACSTR the global trace to the resident trace table, SMFSTAT the statistics
    trace, SMFACCT the accounting trace, "Using IBM MQ trace")."""
    txn = ctx.txn
    txn.put(TRACE_TABLE, None, TraceTable())
    txn.put(TABLE, None, SmfState())
    txn.put(TABLE, "tally", Tally())
    if txn.get(TABLE, CHANNELS) is not None:
        txn.delete(TABLE, CHANNELS)
    system = params.of(txn)
    for name, classes, dest in (
        ("GLOBAL", system.tracstr, "RES"),
        ("STAT", system.smfstat, "SMF"),
        ("ACCTG", system.smfacct, "SMF"),
    ):
        if classes:
            trace_started(
                ctx, add_trace(txn, Trace(0, name, classes, (dest,), started=ctx.stamp()))
            )


# ---- counting ------------------------------------------------------------------------------------
class QueueActivity(NamedTuple):
    """What one workload call did to one queue, as the statistics count it.

    An immutable record made for every MQPUT and MQGET while a trace runs: a NamedTuple, as
    a frozen dataclass's constructor costs seven times as much (bench/traces_instructions.py).
    """

    queue: str
    operation: str  # "put", "put1", "get", "browse"
    messages: int
    bytes: int
    persistent: int
    persistent_bytes: int
    depth: int
    when: dt.datetime
    structure: str = ""
    failed: bool = False
    opened: bool = True
    #: The depth before the call (the interval's first call on a queue starts its high and
    #: low marks from it).
    depth_before: int = -1
    #: ``when`` as a STCK value (computed once for the statistics and the accounting).
    stamp: int = 0


def count(txn: Txn, activity: QueueActivity) -> None:
    """Add one workload call to the interval's counters (when an interval runs)."""
    # Every MQPUT and MQGET comes here while a statistics trace runs (the traces' cost per
    # call, bench/traces_instructions.py): plain dict updates, no helper calls.
    state = txn.get(TABLE, None)
    if state is None or not state.start:
        return
    # The interval as this transaction sees it, copied (what txn.edit does, without its
    # second look-up).
    state = state.clone()
    txn.put(TABLE, None, state)
    a = activity
    messages, persistent, pbytes = a.messages, a.persistent, a.persistent_bytes
    counts = state.counts
    get = counts.get
    q = state.queues[a.queue] = dict(state.queues.get(a.queue, ()))  # copy on write, clone()
    qget = q.get
    # Counted once, derived when the records are built (collect.derived_queue,
    # collect.derived_qmgr): the closes (every
    # call opens and closes), the nonpersistent figures (all less the persistent ones).
    if a.opened:
        counts["qmstopen"] = get("qmstopen", 0) + 1
        q["qqstopen"] = qget("qqstopen", 0) + 1
    if a.operation in ("put", "put1"):
        field = "qmstput" if a.operation == "put" else "qmstput1"
        counts[field] = get(field, 0) + (messages or 1)
        counts["qmstspp"] = get("qmstspp", 0) + persistent
        counts["qmstpbp"] = get("qmstpbp", 0) + pbytes
        field = "qqstputs" if a.operation == "put" else "qqstput1"
        q[field] = qget(field, 0) + messages
        q["qqstppt"] = qget("qqstppt", 0) + persistent
        q["qqstputb"] = qget("qqstputb", 0) + a.bytes
        q["qqstppb"] = qget("qqstppb", 0) + pbytes
        if a.failed:
            q["qqstflpt"] = qget("qqstflpt", 0) + 1
        if messages:
            size = a.bytes // messages
            smallest = qget("qqstmsmi")
            if smallest is None or size < smallest:
                q["qqstmsmi"] = size
            if size > qget("qqstmsma", 0):
                q["qqstmsma"] = size
            q["qqstlput"] = a.stamp
    else:
        counts["qmstget"] = get("qmstget", 0) + (messages or 1)
        fields = _BROWSE_FIELDS if a.operation == "browse" else _GET_FIELDS
        calls, kept, total_bytes, kept_bytes = fields
        q[calls] = qget(calls, 0) + messages
        q[kept] = qget(kept, 0) + persistent
        q[total_bytes] = qget(total_bytes, 0) + a.bytes
        q[kept_bytes] = qget(kept_bytes, 0) + pbytes
        if a.failed:
            name = "qqstflbr" if a.operation == "browse" else "qqstflgt"
            q[name] = qget(name, 0) + 1
        if messages and a.operation != "browse":
            q["qqstlget"] = a.stamp
    first = a.depth_before if a.depth_before >= 0 else a.depth
    high, low = (first, a.depth) if first >= a.depth else (a.depth, first)
    if high > qget("qqstdphi", high - 1):
        q["qqstdphi"] = high
    if low < qget("qqstdplo", low + 1):
        q["qqstdplo"] = low
    if a.structure:
        s = state.structures[a.structure] = dict(state.structures.get(a.structure, ()))
        s["qestcsec"] = s.get("qestcsec", 0) + (messages or 1)


#: What a get and a browse add to, in order: messages, persistent ones, bytes, persistent
#: bytes (QQST).
_GET_FIELDS = ("qqstgets", "qqstpdg", "qqstgetb", "qqstpdb")
_BROWSE_FIELDS = ("qqstbrws", "qqstpbr", "qqstbrwb", "qqstpbb")


def count_commit(txn: Txn, verb: str | None, objects: int) -> None:
    """A committing transaction's log writes, and the object definitions a command created,
    changed or deleted (the caller knows an interval runs)."""
    tally = tally_of(txn)
    tally = Tally(
        tally.log_writes + len(txn.journal),
        tally.creates + (objects if verb == "DEFINE" else 0),
        tally.alters + (objects if verb == "ALTER" else 0),
        tally.deletes + (objects if verb == "DELETE" else 0),
    )
    txn.put(TABLE, "tally", tally)


class Held(NamedTuple):
    """What a queue held before a workload call: messages, persistent ones and their bytes
    (made twice per MQPUT and MQGET while a trace runs: a NamedTuple, as QueueActivity)."""

    depth: int
    persistent: int
    persistent_bytes: int


def _store(tables: Mapping[str, Any] | Txn, queue: str) -> Any:
    if isinstance(tables, Txn):
        return tables.get("messages", queue) or tables.get("cfmsgs", queue)
    return tables["messages"].get(queue) or tables["cfmsgs"].get(queue)


def _held(store: Any) -> Held:
    if store is None:
        return Held(0, 0, 0)
    depth = persistent = persistent_bytes = 0
    for r in store.runs:
        depth += r.count
        if r.persistent:
            persistent += r.count
            persistent_bytes += r.count * r.size
    return Held(depth, persistent, persistent_bytes)


def held(tables: Mapping[str, Any], queue: str) -> Held:
    """The queue's messages before a workload call (committed state)."""
    return _held(_store(tables, queue))


def activity_of(
    txn: Txn, outcome: Workload, before: Held | None, when: dt.datetime
) -> QueueActivity:
    """What a workload call did to its queue, from its outcome and the queue before and
    after (a get that left the depth as it was browsed)."""
    queue = outcome.queue
    after = _held(txn.get("messages", queue) or txn.get("cfmsgs", queue))
    before = before or after
    failed = outcome.reason != 0 and outcome.done == 0
    stamp = clock.stck(when)
    # Positional: every MQPUT and MQGET makes one while a trace runs.
    if outcome.operation == "put":
        kept = outcome.persistent
        return QueueActivity(
            queue,
            "put",
            outcome.done,
            outcome.bytes,
            outcome.done if kept else 0,
            outcome.bytes if kept else 0,
            after.depth,
            when,
            outcome.structure,
            failed,
            True,
            before.depth,
            stamp,
        )
    browse = outcome.done > 0 and after.depth == before.depth
    return QueueActivity(
        queue,
        "browse" if browse else "get",
        outcome.done,
        outcome.bytes,
        0 if browse else max(0, before.persistent - after.persistent),
        0 if browse else max(0, before.persistent_bytes - after.persistent_bytes),
        after.depth,
        when,
        outcome.structure,
        failed,
        True,
        before.depth,
        stamp,
    )


def queue_meta(tables: Mapping[str, Any], queue: str) -> dict[str, Any]:
    """Where a queue lives, as the accounting queue record (WQ) gives it: page set and buffer
    pool, or CF structure, and its QSGDISP (MQQSGD_* values)."""
    q = tables["qlocal"].get(queue)
    if q is None:
        return {}
    disp = str(q.get("QSGDISP") or "QMGR")
    meta: dict[str, Any] = {"qsgdisp": {"QMGR": 0, "COPY": 1, "SHARED": 2, "GROUP": 3}.get(disp, 0)}
    if disp == "SHARED":
        meta["cfstrucname"] = str(q.get("CFSTRUCT") or "")
        return meta
    stgclass = tables["stgclass"].get(q.get("STGCLASS"))
    psid = stgclass.get("PSID") if stgclass is not None else None
    ps = tables["pageset"].get(psid) if psid is not None else None
    if ps is not None:
        meta.update(nps=psid, nbuffpool=ps.pool)
    return meta


__all__ = [
    "Tally",
    "Held",
    "QueueActivity",
    "SmfState",
    "activity_of",
    "begin",
    "count",
    "held",
    "queue_meta",
    "records_until",
    "tick",
]
