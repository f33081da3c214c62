"""Channel accounting: SMF 116 subtype 10 records (a QCST per channel), written by the channel
initiator while an accounting trace of class 4 runs (TRACE(ACCTG) CLASS(4)).

IBM MQ for z/OS, "Planning for channel initiator SMF data": channel accounting data is
information like that of DISPLAY CHSTATUS, collected for the channels whose STATCHL is not OFF (a
channel with STATCHL(QMGR) follows the queue manager's STATCHL, whose default is OFF; an
auto-defined cluster-sender follows the queue manager's STATACLS; ALTER QMGR STATCHL(NONE)
turns it off for every channel). The records are written when the accounting interval
(ACCTIME; -1: STATIME) passes, at STOP TRACE(ACCTG) CLASS(4), and when the channel initiator
stops.

The figures are what DISPLAY CHSTATUS shows, read through :func:`observe` (the one reader of
channel status here). Its counters (MSGS, BATCHES) are cumulative since the channel instance
started; the interval keeps each one's value at its start, so a record holds the interval's
share: the counter now less the one kept (all of it when the channel started again since, its
counters from zero). What the simulation has no source for stays zero (docs/smf.md).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mqsc.catalog.pcf import CONSTANTS
from mqsc.engine import connregistry, repository
from mqsc.engine.channelrecords import ChannelStatus, ChinitState
from mqsc.engine.context import moment
from mqsc.engine.smf import build, clock, params, record
from mqsc.engine.smf.tracetable import table_of
from mqsc.engine.state import Txn

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.context import Ctx

#: Where the interval lives: the "smf" table of the statistics interval, under its own key
#: (mqsc/engine/smf/interval.py reads the key as CHANNELS; it imports this module only when
#: channel accounting runs).
TABLE, KEY = "smf", "channels"
#: The accounting class of channel accounting.
CLASS = 4


@dataclass(frozen=True, slots=True)
class ChannelSeen:
    """One channel instance as DISPLAY CHSTATUS shows it, with its STATCHL in effect."""

    key: str
    name: str
    chltype: str
    status: str
    conname: str
    rqmname: str
    msgs: int
    batches: int
    batchsz: int
    #: STATCHL in effect: OFF, LOW, MEDIUM or HIGH.
    level: str
    #: Its last message and its start (its MCA's connection), as moments; None when unknown.
    last: dt.datetime | None
    started: dt.datetime | None
    #: When it ended, for an instance that ended inactive (its MCA's final record).
    stopped: dt.datetime | None = None


@dataclass(frozen=True, slots=True)
class Interval:
    """The accounting interval of channel accounting in progress."""

    start: str
    due: str
    #: Each channel instance's counters at the interval's start: (key, MSGS, BATCHES).
    base: tuple[tuple[str, int, int], ...] = ()
    #: ``due`` as a moment (every MQPUT and MQGET asks whether it has come).
    ends: dt.datetime = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ends", dt.datetime.fromisoformat(self.due))

    def snapshot(self) -> dict[str, Any]:
        return {"kind": "smfchl", "start": self.start, "due": self.due, "base": self.base}

    @classmethod
    def restore(cls, data: Mapping[str, Any]) -> Interval:
        return cls(data["start"], data["due"], tuple(tuple(b) for b in data["base"]))

    def counted(self) -> dict[str, tuple[int, int]]:
        return {key: (msgs, batches) for key, msgs, batches in self.base}


# ---- reading channel status ---------------------------------------------------------------------
def channel_initiator(txn: Txn) -> ChinitState:
    """The channel initiator as DISPLAY CHSTATUS reads it: whether it is active, and each
    channel instance's status by its key (mqsc/engine/channelrecords.py)."""
    return txn.get("qmgr", None).chinit


def level(qmgr: Mapping[str, Any], definition: Any, chltype: str, auto: bool) -> str:
    """The STATCHL in effect for a channel (IBM "ALTER QMGR" STATCHL and STATACLS, "DEFINE
    CHANNEL" STATCHL).

    >>> level({"STATCHL": "OFF"}, {"STATCHL": "HIGH"}, "SDR", False)
    'HIGH'
    >>> level({"STATCHL": "NONE"}, {"STATCHL": "HIGH"}, "SDR", False)
    'OFF'
    >>> level({"STATCHL": "LOW", "STATACLS": "QMGR"}, None, "CLUSSDR", True)
    'LOW'
    """
    own = str(qmgr.get("STATCHL") or "OFF")
    if own == "NONE":
        return "OFF"
    if auto:
        chosen = str(qmgr.get("STATACLS") or "QMGR")
    else:
        chosen = str(definition.get("STATCHL", "QMGR") if definition is not None else "QMGR")
    return own if chosen == "QMGR" else chosen


def observe(txn: Txn, qmgr_name: str, now: dt.datetime) -> tuple[ChannelSeen, ...]:
    """Every channel instance with a status, as DISPLAY CHSTATUS reads it (its status record,
    its definition's BATCHSZ and STATCHL, its MCA's connection for when it started)."""
    attrs = txn.get("qmgr", None).attrs
    out = []
    for key, status in sorted(channel_initiator(txn).statuses.items()):
        name = key.split(" ", 1)[0]
        defined = txn.get("channel", name)
        definition = defined if defined is not None else repository.definition(txn, name)
        mca = connregistry.channel_connection(txn, qmgr_name, key)
        out.append(
            ChannelSeen(
                key,
                name,
                status.chltype,
                status.status,
                status.conname,
                status.rqmname or "",
                status.msgs or 0,
                status.batches or 0,
                int(definition.get("BATCHSZ", 50)) if definition is not None else 50,
                level(
                    attrs, definition, status.chltype, defined is None and definition is not None
                ),
                moment(status.lastat, now),
                moment(mca.started, now) if mca is not None else None,
            )
        )
    return tuple(out)


def ended(txn: Txn, since: dt.datetime, now: dt.datetime) -> tuple[ChannelSeen, ...]:
    """The channel instances that ended inactive since ``since`` (DISCINT, STOP CHANNEL
    STATUS(INACTIVE)): their status is gone with them, so what DISPLAY CHSTATUS showed is
    read from their MCA's final record (mqsc/engine/connregistry.py): the messages its MCA got
    from the transmission queue (a sender) or put (a receiver), when it started and ended.
    An instance whose status is kept (STOPPED, RETRYING) is read by :func:`observe`; one that
    ran again since shows its earlier run here."""
    attrs = txn.get("qmgr", None).attrs
    current = channel_initiator(txn).statuses
    out = []
    for one in connregistry.ended(txn):
        mca = one.connection
        stopped = moment(one.ended, now)
        if not mca.instance or stopped is None or stopped < since:
            continue
        status = current.get(mca.instance)
        if status is not None and not _ran_again(txn, status, mca.instance, stopped, now):
            continue
        defined = txn.get("channel", mca.channel)
        definition = defined if defined is not None else repository.definition(txn, mca.channel)
        chltype = str(definition.get("CHLTYPE", "")) if definition is not None else ""
        out.append(
            ChannelSeen(
                mca.instance,
                mca.channel,
                chltype,
                "INACTIVE",
                mca.conname,
                "",
                sum(a.gets + a.puts for a in mca.activity),
                0,
                int(definition.get("BATCHSZ", 50)) if definition is not None else 50,
                level(attrs, definition, chltype, defined is None and definition is not None),
                None,
                moment(mca.started, now),
                stopped,
            )
        )
    return tuple(out)


def _ran_again(
    txn: Txn, status: ChannelStatus, key: str, stopped: dt.datetime, now: dt.datetime
) -> bool:
    """Whether the instance's status now is a later run than the one that ended then."""
    if status.status != "RUNNING":
        return False
    for mca in txn.values(connregistry.TABLE):
        if mca.instance == key:
            started = moment(mca.started, now)
            return started is not None and started >= stopped
    return False


# ---- the interval --------------------------------------------------------------------------------
def collecting(txn: Txn) -> bool:
    """Whether an accounting trace of class 4 writes to SMF."""
    return CLASS in table_of(txn).classes("ACCTG")


def interval_of(txn: Txn) -> Interval | None:
    return txn.get(TABLE, KEY)


def begin(ctx: Ctx, start: dt.datetime) -> None:
    """Start an interval at ``start``: each channel's counters now are where it starts from."""
    ends = start + dt.timedelta(seconds=params.of(ctx.txn).acct_seconds)
    base = tuple((c.key, c.msgs, c.batches) for c in observe(ctx.txn, ctx.qm.name, start))
    ctx.txn.put(TABLE, KEY, Interval(start.isoformat(), ends.isoformat(), base))


_CHLTYPES = {
    "SDR": "MQCHT_SENDER",
    "SVR": "MQCHT_SERVER",
    "RCVR": "MQCHT_RECEIVER",
    "RQSTR": "MQCHT_REQUESTER",
    "SVRCONN": "MQCHT_SVRCONN",
    "CLUSRCVR": "MQCHT_CLUSRCVR",
    "CLUSSDR": "MQCHT_CLUSSDR",
}


def _stck(moment_: dt.datetime | None) -> int:
    return clock.stck(moment_) if moment_ is not None else 0


def entry(
    seen: ChannelSeen, counted: tuple[int, int] | None, start: dt.datetime, end: dt.datetime
) -> dict[str, Any]:
    """The QCST of one channel over an interval: its counters less those ``counted`` at the
    interval's start (all of them when it started again since: its counters are lower)."""
    msgs, batches = seen.msgs, seen.batches
    # The run counted from its start: what the interval kept at its own start is taken off
    # when the run had begun by then (a run that began later, or counters lower than those
    # kept, count whole).
    began = seen.started is None or seen.started <= start
    if counted is not None and began and counted[0] <= msgs and counted[1] <= batches:
        msgs, batches = msgs - counted[0], batches - counted[1]
    elif counted is not None and began and seen.stopped is not None:
        msgs = max(0, msgs - counted[0])  # an ended run's batches are not kept
    # A batch is full when it carried BATCHSZ messages: a channel's batches are full ones
    # but for the last of each transfer (mqsc moves what waits in batches of BATCHSZ).
    full = max(0, min(batches, msgs // max(1, seen.batchsz)))
    return {
        "qcstcltm": clock.stck(end),
        "qcstchnm": seen.name,
        "qcstchdp": CONSTANTS["MQCHLD_PRIVATE"],
        "qcstchty": CONSTANTS.get(_CHLTYPES.get(seen.chltype, ""), 0),
        "qcstchst": CONSTANTS.get("MQCHS_" + seen.status, 0),
        "qcststcl": CONSTANTS["MQMON_" + seen.level],
        "qcstcnnm": seen.conname,
        "qcststrt": _stck(seen.started),
        "qcstludt": _stck(seen.stopped),
        "qcstlmst": _stck(seen.last) if seen.msgs else 0,
        "qcstcbsz": seen.batchsz,
        "qcstnmsg": msgs,
        "qcstbatc": batches,
        "qcstfuba": full,
        "qcstrqmn": seen.rqmname,
    }


#: Statuses of a channel that does not run: written only when it moved messages.
_ENDED = frozenset(("STOPPED", "INACTIVE", "RETRYING", "REQUESTING"))


def records_until(ctx: Ctx, end: dt.datetime) -> list[bytes]:
    """The 116 subtype 10 records of the interval in progress, were it to end at ``end``:
    a QCST per channel whose STATCHL is not OFF (none when no channel has one)."""
    current = interval_of(ctx.txn)
    if current is None or not channel_initiator(ctx.txn).active:
        return []
    counted = current.counted()
    start = dt.datetime.fromisoformat(current.start)
    seen_now = (*ended(ctx.txn, start, end), *observe(ctx.txn, ctx.qm.name, end))
    channels = tuple(
        qcst
        for seen in seen_now
        if seen.level != "OFF"
        for qcst in (entry(seen, counted.get(seen.key), start, end),)
        # Channels that run, and those that stopped within the interval after moving
        # messages (IBM: a channel that stops within the SMF interval is written the next
        # time SMF processing runs).
        if seen.status not in _ENDED or qcst["qcstnmsg"] or qcst["qcstbatc"]
    )
    figures = build.ChannelFigures(ctx.qm.name, start, end, channels)
    return [record.encode(r) for r in build.channel_accounting(figures)]


def end_interval(ctx: Ctx, end: dt.datetime, *, restart: bool) -> None:
    """Write the interval's records (with the command's) and, ``restart``, begin the next."""
    ctx.smf.extend(records_until(ctx, end))
    if restart:
        begin(ctx, end)
    else:
        ctx.txn.delete(TABLE, KEY)


def tick(ctx: Ctx, now: dt.datetime) -> None:
    """End every interval over by ``now`` (the first with its work, the next ones with the
    work of nothing: no channel moved since)."""
    for _ in range(1440):
        current = interval_of(ctx.txn)
        if current is None:
            return
        if now < current.ends:
            return
        end_interval(ctx, current.ends, restart=True)
    begin(ctx, now)


# ---- the trace and the channel initiator ---------------------------------------------------------
def traces_changed(ctx: Ctx, now: dt.datetime) -> None:
    """After START, STOP or ALTER TRACE: an interval starts when class 4 starts being
    collected; the interval in progress is written when it stops being collected ("STOP
    TRACE(ACCTG) CLASS(4)")."""
    wanted, current = collecting(ctx.txn), interval_of(ctx.txn)
    if wanted and current is None:
        begin(ctx, now)
    elif not wanted and current is not None:
        end_interval(ctx, now, restart=False)


def chinit_stopping(ctx: Ctx, now: dt.datetime) -> None:
    """The channel initiator stops (STOP CHINIT, STOP QMGR): any SMF data is written out;
    the next interval counts from each channel's counters now (those that run start from zero
    when they start again)."""
    if interval_of(ctx.txn) is not None:
        end_interval(ctx, now, restart=collecting(ctx.txn))
