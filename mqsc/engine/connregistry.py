"""Connections, their handles and units of recovery: the registry every front end connects
through (docs/connections.md); DISPLAY CONN, DISPLAY THREAD and RESOLVE INDOUBT read it
(mqsc/engine/families/connections.py).

Every program working on a queue manager is a connection: the front ends register theirs
(:meth:`QueueManager.connect`) and end them (:meth:`QueueManager.disconnect`); the state store
ends those of processes that died (:meth:`QueueManager.end_abnormally`). The registry is state
like any other: the ``conn`` table holds one :class:`Connection` per connection id, the
``indoubt`` table the units of recovery left in doubt by connections that ended, so another
process on the same home sees them at its next command and every change is atomic.

z/OS rules kept (IBM MQ for z/OS):
* MQDISC commits a unit of work still in flight ("MQDISC": "any uncommitted changes are
  committed" for a normal end); an application that ends abnormally has its in-flight unit of
  work backed out; a unit of recovery the coordinator (RRS, CICS, IMS) had prepared stays in
  doubt until the coordinator or RESOLVE INDOUBT resolves it ("RESOLVE INDOUBT": "threads
  that have been left in doubt because IBM MQ or a transaction manager could not resolve
  them automatically"), and a restart keeps it so.
* CONN is 16 hexadecimal digits: "the last eight bytes of the ConnectionId" (DISPLAY CONN).
* ASID, four hexadecimal digits, "distinguishes duplicate values of APPLTAG": one per address
  space, so here one per owner (a process: a job, a console, a server).

What mqsc leaves out: a unit of work's puts are held by the unit of recovery and reach the
queue at commit (CURDEPTH counts them then, not at MQPUT); its gets take the messages off the
queue at once, as MQGET does, and a backout puts them back at the end of the queue.
"""

from __future__ import annotations

import base64
import datetime as dt
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from mqsc.engine.context import CONN_TABLE
from mqsc.engine.log import rba
from mqsc.engine.records import Workload

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.context import Ctx
    from mqsc.engine.state import Txn

#: What DISPLAY CONN TYPE(HANDLE) shows of every handle without being asked (UNVERIFIED: the
#: object and its state; IBM lists which are always returned for connections only).
HANDLE_ALWAYS = ("CONN", "EXTCONN", "TYPE", "OBJNAME", "OBJTYPE", "HSTATE", "QSGDISP")
#: The state tables of this module.
TABLE, INDOUBT_TABLE = CONN_TABLE, "indoubt"
#: The first ASID given to a connection (the queue manager's own address spaces take lower
#: ones on z/OS; UNVERIFIED numbering).
FIRST_ASID = 0x0040


# ---- records ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Handle:
    """An object a connection holds open (MQOPEN until MQCLOSE)."""

    hid: int
    objname: str
    objtype: str = "QUEUE"
    openopts: tuple[str, ...] = ()
    qsgdisp: str = "QMGR"

    @property
    def input(self) -> bool:
        return any(o.startswith("MQOO_INPUT") for o in self.openopts)

    @property
    def output(self) -> bool:
        return "MQOO_OUTPUT" in self.openopts

    def snapshot(self) -> list[Any]:
        return [self.hid, self.objname, self.objtype, list(self.openopts), self.qsgdisp]

    @classmethod
    def restore(cls, data: list[Any]) -> Handle:
        return cls(int(data[0]), data[1], data[2], tuple(data[3]), data[4])


@dataclass(frozen=True, slots=True)
class QueueActivity:
    """What one connection did to one queue since it connected (SMF 116 accounting reads it:
    docs/connections.md)."""

    queue: str
    opens: int = 0
    closes: int = 0
    puts: int = 0
    put_bytes: int = 0
    gets: int = 0
    get_bytes: int = 0
    browses: int = 0

    def plus(self, **counts: int) -> QueueActivity:
        return replace(self, **{k: getattr(self, k) + v for k, v in counts.items()})

    def snapshot(self) -> list[Any]:
        return [
            self.queue,
            self.opens,
            self.closes,
            self.puts,
            self.put_bytes,
            self.gets,
            self.get_bytes,
            self.browses,
        ]

    @classmethod
    def restore(cls, data: list[Any]) -> QueueActivity:
        return cls(data[0], *(int(v) for v in data[1:]))


@dataclass(frozen=True, slots=True)
class Held:
    """Messages a unit of recovery holds: puts waiting for the commit, or gets kept for a
    backout (their data when they had some, as base64 in the snapshot)."""

    queue: str
    count: int
    size: int
    persistent: bool
    priority: int
    data: bytes | None = None

    def snapshot(self) -> list[Any]:
        data = base64.b64encode(self.data).decode("ascii") if self.data is not None else None
        return [self.queue, self.count, self.size, self.persistent, self.priority, data]

    @classmethod
    def restore(cls, data: list[Any]) -> Held:
        body = base64.b64decode(data[5]) if data[5] is not None else None
        return cls(data[0], int(data[1]), int(data[2]), bool(data[3]), int(data[4]), body)


@dataclass(frozen=True, slots=True)
class UnitOfRecovery:
    """A connection's unit of work in progress.

    ``urid`` is the QMURID: the log RBA when it began (12 hexadecimal digits, as z/OS shows
    log RBAs); ``coordinator`` is who commits it ("" the queue manager itself; RRS, CICS or
    IMS for a two-phase unit), ``nid`` the coordinator's origin identifier; ``prepared`` marks
    phase one done: from then on the unit is in doubt until the coordinator decides.
    """

    urid: str
    started: str
    coordinator: str = ""
    nid: str = ""
    prepared: bool = False
    puts: tuple[Held, ...] = ()
    gets: tuple[Held, ...] = ()

    @property
    def queues(self) -> frozenset[str]:
        return frozenset(h.queue for h in (*self.puts, *self.gets))

    @property
    def urtype(self) -> str:
        return self.coordinator or "QMGR"

    def snapshot(self) -> dict[str, Any]:
        return {
            "urid": self.urid,
            "started": self.started,
            "coordinator": self.coordinator,
            "nid": self.nid,
            "prepared": self.prepared,
            "puts": [h.snapshot() for h in self.puts],
            "gets": [h.snapshot() for h in self.gets],
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> UnitOfRecovery:
        return cls(
            data["urid"],
            data["started"],
            data["coordinator"],
            data["nid"],
            bool(data["prepared"]),
            tuple(Held.restore(h) for h in data["puts"]),
            tuple(Held.restore(h) for h in data["gets"]),
        )


@dataclass(frozen=True, slots=True)
class Connection:
    """One connection to the queue manager (DISPLAY CONN's connection attributes)."""

    conn: str
    appltag: str
    appltype: str
    asid: str
    userid: str
    owner: str
    started: str
    appldesc: str = ""
    channel: str = ""
    conname: str = ""
    handles: tuple[Handle, ...] = ()
    uow: UnitOfRecovery | None = None
    activity: tuple[QueueActivity, ...] = ()
    commits: int = 0
    backouts: int = 0
    next_hid: int = 1

    def snapshot(self) -> dict[str, Any]:
        return {
            "kind": "conn",
            "conn": self.conn,
            "appltag": self.appltag,
            "appltype": self.appltype,
            "asid": self.asid,
            "userid": self.userid,
            "owner": self.owner,
            "started": self.started,
            "appldesc": self.appldesc,
            "channel": self.channel,
            "conname": self.conname,
            "handles": [h.snapshot() for h in self.handles],
            "uow": self.uow.snapshot() if self.uow is not None else None,
            "activity": [a.snapshot() for a in self.activity],
            "commits": self.commits,
            "backouts": self.backouts,
            "next_hid": self.next_hid,
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> Connection:
        uow = data.get("uow")
        return cls(
            data["conn"],
            data["appltag"],
            data["appltype"],
            data["asid"],
            data["userid"],
            data["owner"],
            data["started"],
            data.get("appldesc", ""),
            data.get("channel", ""),
            data.get("conname", ""),
            tuple(Handle.restore(h) for h in data.get("handles", ())),
            UnitOfRecovery.restore(uow) if uow else None,
            tuple(QueueActivity.restore(a) for a in data.get("activity", ())),
            int(data.get("commits", 0)),
            int(data.get("backouts", 0)),
            int(data.get("next_hid", 1)),
        )

    def activity_on(self, queue: str) -> QueueActivity:
        for one in self.activity:
            if one.queue == queue:
                return one
        return QueueActivity(queue)

    def with_activity(self, queue: str, **counts: int) -> Connection:
        updated = self.activity_on(queue).plus(**counts)
        rest = tuple(a for a in self.activity if a.queue != queue)
        return replace(self, activity=(*rest, updated))


@dataclass(frozen=True, slots=True)
class InDoubt:
    """A unit of recovery left in doubt by a connection that ended (or by a restart)."""

    name: str  # the connection name RESOLVE INDOUBT and DISPLAY THREAD use (APPLTAG)
    conn: str
    appltype: str
    asid: str
    userid: str
    uow: UnitOfRecovery

    @property
    def key(self) -> str:
        return f"{self.name}:{self.uow.urid}"

    def snapshot(self) -> dict[str, Any]:
        return {
            "kind": "indoubt",
            "name": self.name,
            "conn": self.conn,
            "appltype": self.appltype,
            "asid": self.asid,
            "userid": self.userid,
            "uow": self.uow.snapshot(),
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> InDoubt:
        return cls(
            data["name"],
            data["conn"],
            data["appltype"],
            data["asid"],
            data["userid"],
            UnitOfRecovery.restore(data["uow"]),
        )


@dataclass(frozen=True, slots=True)
class ConnectRequest:
    """What a front end tells MQCONN about itself (docs/connections.md has who sends what).

    ``owner`` is opaque to the engine: the state store's name for the process (and thread)
    that holds the connection, which it uses to find connections whose process has died.
    """

    appltag: str
    appltype: str = "BATCH"
    userid: str = ""
    owner: str = ""
    appldesc: str = ""
    channel: str = ""
    conname: str = ""


class NotConnected(Exception):
    """MQCONN or an MQI call refused: ``reason`` is the MQ reason code (2059 the queue
    manager is not available, 2009 the connection is broken, 2018 no such connection)."""

    def __init__(self, reason: int) -> None:
        super().__init__(reason)
        self.reason = reason


# ---- the registry ----------------------------------------------------------------------------
def userid(ctx: Ctx) -> str:
    """The user id the running command or MQI call acts for: its connection's, else the
    queue manager's own user (a command from CSQINP1/CSQINP2 or the console)."""
    return ctx.connection_user()


def of(ctx: Ctx) -> Connection | None:
    """The connection of the caller, if it came through one."""
    return ctx.connection()


def every(txn: Txn) -> list[Connection]:
    """Every connection, in the order they connected."""
    return sorted(txn.values(TABLE), key=lambda c: (c.started, c.conn))


def connect(ctx: Ctx, request: ConnectRequest) -> Connection:
    """MQCONN: a new connection, registered."""
    txn = ctx.txn
    stamp = ctx.stamp()
    conn = _new_id(txn, ctx.qm.clock())
    user = (request.userid or ctx.qm.user).upper()[:8]
    record = Connection(
        conn,
        request.appltag.upper()[:28] or "MQSC",
        request.appltype,
        _asid(txn, request.owner),
        user,
        request.owner,
        stamp,
        request.appldesc,
        request.channel,
        request.conname,
    )
    txn.put(TABLE, conn, record)
    return record


def disconnect(ctx: Ctx, conn: str) -> bool:
    """MQDISC: handles closed, a unit of work in flight committed; False when there is no
    such connection (already ended)."""
    record = ctx.txn.get(TABLE, conn)
    if record is None:
        return False
    if record.uow is not None:
        record = commit(ctx, record)
    ctx.txn.delete(TABLE, conn)
    return True


def end_abnormally(ctx: Ctx, conn: str) -> None:
    """The connection's program ended without MQDISC (its process died): in-flight work is
    backed out, prepared work stays in doubt (``indoubt``), the handles go."""
    record = ctx.txn.get(TABLE, conn)
    if record is None:
        return
    uow = record.uow
    if uow is not None and uow.prepared:
        left = InDoubt(
            record.appltag, record.conn, record.appltype, record.asid, record.userid, uow
        )
        ctx.txn.put(INDOUBT_TABLE, left.key, left)
    elif uow is not None:
        backout(ctx, record)
    ctx.txn.delete(TABLE, conn)


def end_all(ctx: Ctx) -> None:
    """At a restart: every connection has gone (the applications lost theirs), and their
    units of recovery are resolved as z/OS restart resolves them: in flight backed out, in
    doubt kept."""
    for conn in list(ctx.txn.keys(TABLE)):
        end_abnormally(ctx, conn)


def _new_id(txn: Txn, now: dt.datetime) -> str:
    seconds = int(now.timestamp()) & 0xFFFFFFFF
    sequence = 1
    while True:
        conn = f"{seconds:08X}{sequence:08X}"
        if not txn.has(TABLE, conn):
            return conn
        sequence += 1


def _asid(txn: Txn, owner: str) -> str:
    taken = set()
    for other in txn.values(TABLE):
        if owner and other.owner == owner:
            return other.asid
        taken.add(other.asid)
    number = FIRST_ASID
    while f"{number:04X}" in taken:
        number += 1
    return f"{number:04X}"


def extconn(qmgr: str, conn: str) -> str:
    """EXTCONN: the first 16 bytes of the 24-byte ConnectionId in hexadecimal. z/OS's are
    "MQCT" and the queue manager name; the rest is UNVERIFIED (here: padded with the CONN's
    first half)."""
    head = ("MQCT" + qmgr[:4].ljust(4)).encode("ascii").hex().upper()
    return (head + conn[:8] + "00000000")[:32]


# ---- handles and counts ------------------------------------------------------------------------
def open_handle(
    ctx: Ctx,
    conn: str,
    objname: str,
    openopts: Iterable[str],
    qsgdisp: str = "QMGR",
    objtype: str = "QUEUE",
) -> Handle:
    """MQOPEN by a connection: a handle that stays until :func:`close_handle`."""
    record = ctx.txn.get(TABLE, conn)
    handle = Handle(record.next_hid, objname, objtype, tuple(openopts), qsgdisp)
    record = replace(record, handles=(*record.handles, handle), next_hid=record.next_hid + 1)
    ctx.txn.put(TABLE, conn, record.with_activity(objname, opens=1))
    return handle


def close_handle(ctx: Ctx, conn: str, hid: int) -> Handle | None:
    """MQCLOSE: the handle goes (None when it was not open)."""
    record = ctx.txn.get(TABLE, conn)
    if record is None:
        return None
    handle = next((h for h in record.handles if h.hid == hid), None)
    if handle is None:
        return None
    record = replace(record, handles=tuple(h for h in record.handles if h.hid != hid))
    ctx.txn.put(TABLE, conn, record.with_activity(handle.objname, closes=1))
    return handle


def count(ctx: Ctx, queue: str, **counts: int) -> None:
    """Add to what the caller's connection did to ``queue`` (puts, put_bytes, gets...)."""
    if not ctx.conn:
        return
    record = ctx.txn.get(TABLE, ctx.conn)
    if record is not None:
        ctx.txn.put(TABLE, ctx.conn, record.with_activity(queue, **counts))


def count_workload(ctx: Ctx, kind: str, outcome: Workload) -> None:
    """What a one-shot put, get or browse of the caller's connection did: its MQOPEN and
    MQCLOSE and its messages, counted to the queue it named."""
    done = outcome.done
    if kind == "put":
        count(ctx, outcome.queue, opens=1, closes=1, puts=done, put_bytes=outcome.bytes)
    elif kind == "browse":
        count(ctx, outcome.queue, opens=1, closes=1, browses=done)
    else:
        count(ctx, outcome.queue, opens=1, closes=1, gets=done, get_bytes=outcome.bytes)


def handles_on(txn: Txn, queue: str) -> Iterator[tuple[Connection, Handle]]:
    """Every (connection, handle) that holds ``queue`` open."""
    for record in every(txn):
        for handle in record.handles:
            if handle.objtype == "QUEUE" and handle.objname == queue:
                yield record, handle


def open_counts(txn: Txn, queue: str) -> tuple[int, int]:
    """(handles open for input, handles open for output) on ``queue`` (IPPROCS, OPPROCS)."""
    ipprocs = opprocs = 0
    if not txn.state.tables[TABLE] and not txn.pending.get(TABLE):
        return 0, 0
    for _, handle in handles_on(txn, queue):
        ipprocs += handle.input
        opprocs += handle.output
    return ipprocs, opprocs


def uncommitted(txn: Txn, queue: str) -> bool:
    """Whether a unit of recovery holds changes to ``queue`` (DISPLAY QSTATUS UNCOM)."""
    for record in txn.values(TABLE):
        if record.uow is not None and queue in record.uow.queues:
            return True
    return any(queue in left.uow.queues for left in txn.values(INDOUBT_TABLE))


# ---- units of recovery ---------------------------------------------------------------------
def begin(ctx: Ctx, record: Connection, coordinator: str = "", nid: str = "") -> Connection:
    """The connection's unit of recovery, started by its first change in syncpoint."""
    if record.uow is not None:
        return record
    log = ctx.txn.get("log", None)
    uow = UnitOfRecovery(rba(log.rba if log is not None else 0), ctx.stamp(), coordinator, nid)
    record = replace(record, uow=uow)
    ctx.txn.put(TABLE, record.conn, record)
    return record


def hold(
    ctx: Ctx, record: Connection, *, puts: Iterable[Held] = (), gets: Iterable[Held] = ()
) -> Connection:
    """Add puts waiting for the commit, or gets to restore at a backout, to the unit."""
    record = begin(ctx, record)
    uow = record.uow
    assert uow is not None
    uow = replace(uow, puts=(*uow.puts, *puts), gets=(*uow.gets, *gets))
    record = replace(record, uow=uow)
    ctx.txn.put(TABLE, record.conn, record)
    return record


def prepare(ctx: Ctx, record: Connection, coordinator: str, nid: str) -> Connection:
    """Phase one of a two-phase commit: the unit is in doubt until the coordinator decides."""
    record = begin(ctx, record, coordinator, nid)
    assert record.uow is not None
    record = replace(
        record,
        uow=replace(record.uow, prepared=True, coordinator=coordinator, nid=nid or record.uow.nid),
    )
    ctx.txn.put(TABLE, record.conn, record)
    return record


def commit(ctx: Ctx, record: Connection) -> Connection:
    """MQCMIT: the held puts reach their queues; the gets stay done."""
    if record.uow is not None:
        apply_commit(ctx, record.uow)
    record = replace(record, uow=None, commits=record.commits + 1)
    ctx.txn.put(TABLE, record.conn, record)
    return record


def backout(ctx: Ctx, record: Connection) -> Connection:
    """MQBACK: the held puts are dropped, the got messages go back on their queues."""
    if record.uow is not None:
        apply_backout(ctx, record.uow)
    record = replace(record, uow=None, backouts=record.backouts + 1)
    ctx.txn.put(TABLE, record.conn, record)
    return record


def apply_commit(ctx: Ctx, uow: UnitOfRecovery) -> None:
    from mqsc.engine.messaging import bodies, privateq  # noqa: PLC0415 - cycle: privateq imports this module

    for held in uow.puts:
        if held.data is not None:
            bodies.put(
                ctx, held.queue, held.data, persistent=held.persistent, priority=held.priority
            )
        else:
            privateq.put(
                ctx,
                held.queue,
                held.count,
                held.size,
                persistent=held.persistent,
                priority=held.priority,
            )


def apply_backout(ctx: Ctx, uow: UnitOfRecovery) -> None:
    from mqsc.engine.messaging import bodies, privateq  # noqa: PLC0415 - cycle: privateq imports this module

    for held in uow.gets:
        if held.data is not None:
            bodies.put(
                ctx, held.queue, held.data, persistent=held.persistent, priority=held.priority
            )
        else:
            privateq.put(
                ctx,
                held.queue,
                held.count,
                held.size,
                persistent=held.persistent,
                priority=held.priority,
                triggering=False,
                restoring=True,
            )
