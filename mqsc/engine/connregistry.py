"""Connections, their handles and units of recovery: the registry every front end connects
through (docs/connections.md); DISPLAY CONN, DISPLAY THREAD and RESOLVE INDOUBT read it
(mqsc/engine/families/connections.py).

Every program working on a queue manager is a connection: the front ends register theirs
(:meth:`QueueManager.connect`) and end them (:meth:`QueueManager.disconnect`); the state store
ends those of processes that died (:meth:`QueueManager.end_abnormally`), the engine those of
threads that ended (trigger monitors). The channel initiator and its running channels' MCAs
connect themselves (:func:`connect_chinit`, :func:`channel_started`). Every ended connection
leaves its final record for accounting (:func:`ended`, :func:`take_ended`). The registry is state
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

A unit of work's puts and gets on private local queues stay on their queues, marked
(mqsc/engine/storage/queuestore.py): CURDEPTH counts the puts from the MQPUT and leaves the
gets out from the MQGET ("CurrentQDepth"), a commit makes the puts available and deletes the
gets, a backout removes the puts and makes the gets available again in their place.

What mqsc leaves out: on a shared queue a unit of work's puts wait in the unit of recovery and
reach the queue at commit, and a backout puts got messages back at the end of the queue.
"""

from __future__ import annotations

import base64
import datetime as dt
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from mqsc.engine.context import CONN_TABLE, LogSuspended
from mqsc.engine.log import rba
from mqsc.engine.records import Workload
from mqsc.engine.storage.constants import LOG_RECORD_BYTES

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
#: The table of connections that ended, each with its final activity, until the accounting
#: interval that writes them takes them (:func:`take_ended`).
ENDED_TABLE = "ended"
#: At most this many ended connections wait for accounting; the oldest go first (SMF keeps
#: records in buffers that are lost when nobody writes them either).
MAX_ENDED = 2000
#: How a trigger monitor opens its initiation queue (UNVERIFIED: CKTI's MQOPEN options are
#: not public; IBM's triggering lab shows the initiation queue's IPPROCS 1 while CKTI runs).
MONITOR_OPTIONS = ("MQOO_INPUT_AS_Q_DEF", "MQOO_FAIL_IF_QUIESCING")
#: How a sending MCA opens its transmission queue and a receiving MCA the queues it puts to
#: (UNVERIFIED options; the handles themselves are what DISPLAY QSTATUS shows, with CHANNEL
#: and CONNAME, "channel initiator only").
SENDER_OPTIONS = ("MQOO_INPUT_EXCLUSIVE", "MQOO_INQUIRE", "MQOO_FAIL_IF_QUIESCING")
RECEIVER_OPTIONS = ("MQOO_OUTPUT", "MQOO_FAIL_IF_QUIESCING")
#: A connection owner that names a thread of a process, ``pid:thread`` (:func:`thread_owner`):
#: the connection ends when that thread ends (a trigger monitor's task).
_THREAD_OWNER = re.compile(r"\d+:\d+")


# ---- records ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Handle:
    """An object a connection holds open (MQOPEN until MQCLOSE)."""

    hid: int
    objname: str
    objtype: str = "QUEUE"
    openopts: tuple[str, ...] = ()
    qsgdisp: str = "QMGR"
    #: The subscription an MQSUB handle is for (OBJTYPE TOPIC); "" for an MQOPEN's.
    subname: str = ""

    @property
    def input(self) -> bool:
        return any(o.startswith("MQOO_INPUT") for o in self.openopts)

    @property
    def output(self) -> bool:
        return "MQOO_OUTPUT" in self.openopts

    def snapshot(self) -> list[Any]:
        fields = [self.hid, self.objname, self.objtype, list(self.openopts), self.qsgdisp]
        return [*fields, self.subname] if self.subname else fields

    @classmethod
    def restore(cls, data: list[Any]) -> Handle:
        subname = str(data[5]) if len(data) > 5 else ""
        return cls(int(data[0]), data[1], data[2], tuple(data[3]), data[4], subname)


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
    """Messages a unit of recovery holds.

    On a private local queue (``run`` > 0) they are on the queue, in run ``run``: puts the
    commit makes available (``keep``: trigger messages, made available at a backout too) or
    gets the commit deletes and a backout makes available again where they were
    (mqsc/engine/storage/queuestore.py). On a shared queue (``run`` 0) the unit holds them
    itself: puts waiting for the commit, gets kept for a backout (their data when they had
    some, as base64 in the snapshot)."""

    queue: str
    count: int
    size: int
    persistent: bool
    priority: int
    data: bytes | None = None
    run: int = 0
    keep: bool = False

    def snapshot(self) -> list[Any]:
        data = base64.b64encode(self.data).decode("ascii") if self.data is not None else None
        fields = [self.queue, self.count, self.size, self.persistent, self.priority, data]
        return [*fields, self.run, self.keep] if self.run else fields

    @classmethod
    def restore(cls, data: list[Any]) -> Held:
        body = base64.b64decode(data[5]) if data[5] is not None else None
        run, keep = (int(data[6]), bool(data[7])) if len(data) > 7 else (0, False)
        return cls(
            data[0], int(data[1]), int(data[2]), bool(data[3]), int(data[4]), body, run, keep
        )


@dataclass(frozen=True, slots=True)
class UnitOfRecovery:
    """A connection's unit of work in progress.

    ``urid`` is the QMURID: the RBA of the unit's begin-UR log record, its first (12
    hexadecimal digits, as z/OS shows log RBAs), so no two units share one; ``coordinator``
    is who commits it ("" the queue manager itself; RRS, CICS or IMS for a two-phase unit),
    ``nid`` the coordinator's origin identifier; ``prepared`` marks phase one done: from then
    on the unit is in doubt until the coordinator decides.
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
    #: The channel instance of a channel's MCA: its status key (the channel's name; a
    #: cluster-receiver's names the sending queue manager too).
    instance: str = ""

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
            **({"instance": self.instance} if self.instance else {}),
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
            str(data.get("instance", "")),
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
class Ended:
    """A connection's final record, kept for accounting (SMF 116) until the interval that
    writes it takes it: the connection as it was when it ended (``activity``, ``commits`` and
    ``backouts`` are its totals), when, and whether abnormally (its program ended without
    MQDISC, or the queue manager stopped)."""

    connection: Connection
    ended: str
    abnormal: bool = False
    sequence: int = 0

    @property
    def key(self) -> str:
        return f"{self.sequence:012d}"

    def snapshot(self) -> dict[str, Any]:
        return {
            "kind": "ended",
            "connection": self.connection.snapshot(),
            "ended": self.ended,
            "abnormal": self.abnormal,
            "sequence": self.sequence,
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> Ended:
        return cls(
            Connection.restore(data["connection"]),
            data["ended"],
            bool(data["abnormal"]),
            int(data["sequence"]),
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
    such connection (already ended). Its final record waits for accounting (:func:`ended`)."""
    record = ctx.txn.get(TABLE, conn)
    if record is None:
        return False
    if record.uow is not None:
        record = commit(ctx, record)
    record = _closed_all(record)
    ctx.txn.delete(TABLE, conn)
    _keep_ended(ctx, record, abnormal=False)
    return True


def end_abnormally(ctx: Ctx, conn: str) -> None:
    """The connection's program ended without MQDISC (its process died): in-flight work is
    backed out, prepared work stays in doubt (``indoubt``), the handles go. Its final record
    waits for accounting (:func:`ended`)."""
    record = ctx.txn.get(TABLE, conn)
    if record is None:
        return
    uow = record.uow
    if uow is not None and uow.prepared:
        left = InDoubt(
            record.appltag, record.conn, record.appltype, record.asid, record.userid, uow
        )
        ctx.txn.put(INDOUBT_TABLE, left.key, left)
        record = replace(record, uow=None)
    elif uow is not None:
        record = backout(ctx, record)
    record = _closed_all(record)
    ctx.txn.delete(TABLE, conn)
    _keep_ended(ctx, record, abnormal=True)


def _closed_all(record: Connection) -> Connection:
    """The connection with its handles closed (MQDISC closes them; each counts a close)."""
    for handle in record.handles:
        if handle.objtype == "QUEUE":  # activity is per queue (SMF 116)
            record = record.with_activity(handle.objname, closes=1)
    return replace(record, handles=())


# ---- ended connections, for accounting -----------------------------------------------------------
def _keep_ended(ctx: Ctx, record: Connection, *, abnormal: bool) -> None:
    txn = ctx.txn
    last = max((e.sequence for e in txn.values(ENDED_TABLE)), default=0)
    ended = Ended(record, ctx.stamp(), abnormal, last + 1)
    txn.put(ENDED_TABLE, ended.key, ended)
    keys = sorted(txn.keys(ENDED_TABLE))
    for key in keys[: max(0, len(keys) - MAX_ENDED)]:
        txn.delete(ENDED_TABLE, key)


def ended(txn: Txn) -> list[Ended]:
    """The connections that ended since accounting last took them, in the order they ended
    (each with its final activity)."""
    return [txn.get(ENDED_TABLE, key) for key in sorted(txn.keys(ENDED_TABLE))]


def take_ended(ctx: Ctx) -> list[Ended]:
    """The ended connections, taken: an accounting interval writes their final records and
    they are gone (in its transaction: a failed one leaves them for the next)."""
    found = ended(ctx.txn)
    for one in found:
        ctx.txn.delete(ENDED_TABLE, one.key)
    return found


def end_all(ctx: Ctx) -> None:
    """At a restart: every connection has gone (the applications lost theirs), and their
    units of recovery are resolved as z/OS restart resolves them: in flight backed out, in
    doubt kept."""
    for conn in list(ctx.txn.keys(TABLE)):
        end_abnormally(ctx, conn)


# ---- connections held by a thread (trigger monitors) -------------------------------------------
def end_dead_threads(ctx: Ctx) -> None:
    """Connections held by a thread that has ended, or by a process that no longer exists,
    end abnormally (the queue manager's probe, ``QueueManager.owner_alive``, tells)."""
    table = ctx.txn.state.tables[TABLE]
    alive = ctx.qm.owner_alive
    dead = [
        c.conn for c in table.values() if _THREAD_OWNER.fullmatch(c.owner) and not alive(c.owner)
    ]
    for conn in dead:
        end_abnormally(ctx, conn)


def has_thread_owners(tables: dict[str, dict[Any, Any]]) -> bool:
    """Whether any connection is held by a thread (the check every command pays for first:
    a process owner is ``pid.start``, the channel initiator's ``CHIN.qmgr``, a thread's
    ``pid:thread``)."""
    # A cheap superset of _THREAD_OWNER: end_dead_threads applies the exact test. A loop, not
    # any() over a generator: the generator's frames cost more than the test (S1).
    for record in tables[TABLE].values():
        if ":" in record.owner:
            return True
    return False


# ---- trigger monitors ----------------------------------------------------------------------------
def open_monitor(ctx: Ctx, initq: str, request: ConnectRequest) -> Connection:
    """A trigger monitor (CKTI, CSQQTRMN, a batch monitor) connects and opens its initiation
    queue for input: an ordinary connection with an ordinary handle (DISPLAY CONN, DISPLAY
    QSTATUS TYPE(HANDLE), IPPROCS)."""
    record = connect(ctx, request)
    open_handle(ctx, record.conn, initq, MONITOR_OPTIONS)
    return ctx.txn.get(TABLE, record.conn)


def monitor_of(txn: Txn, owner: str, initq: str) -> Connection | None:
    """The trigger monitor ``owner`` runs on ``initq``: its connection holding that queue,
    and only that queue, open for input."""
    for record in every(txn):
        if (
            record.owner == owner
            and record.handles
            and all(h.objname == initq and h.input for h in record.handles)
        ):
            return record
    return None


# ---- the channel initiator and its channels ------------------------------------------------------
def chinit_tag(qmgr: str) -> str:
    """The channel initiator's address space, as DISPLAY CONN's APPLTAG shows its connections
    ("Channel initiator job name"): the started task xxxxCHIN; its user is the same id (the
    started task's user)."""
    return f"{qmgr}CHIN"[:8]


def _chinit_owner(qmgr: str) -> str:
    # Never a process: the channel initiator is part of the queue manager, its connections
    # end with it (STOP CHINIT, STOP QMGR), never because some process ended.
    return f"CHIN.{qmgr}"


def connect_chinit(ctx: Ctx) -> Connection:
    """START CHINIT: the channel initiator connects (APPLTYPE CHINIT)."""
    tag = chinit_tag(ctx.qm.name)
    request = ConnectRequest(
        tag, "CHINIT", tag, _chinit_owner(ctx.qm.name), appldesc="IBM MQ channel initiator"
    )
    return connect(ctx, request)


def end_chinit(ctx: Ctx) -> None:
    """STOP CHINIT, STOP QMGR: the channel initiator and every channel's connection end."""
    owner = _chinit_owner(ctx.qm.name)
    for record in every(ctx.txn):
        if record.owner == owner:
            disconnect(ctx, record.conn)


def channel_connection(txn: Txn, qmgr: str, instance: str) -> Connection | None:
    """The connection of a running channel instance's MCA (``instance``: the channel status
    key), if it has one."""
    owner = _chinit_owner(qmgr)
    for record in txn.values(TABLE):
        if record.owner == owner and record.instance == instance:
            return record
    return None


def channel_started(ctx: Ctx, instance: str, conname: str, userid: str, xmitq: str = "") -> None:
    """A channel instance is RUNNING: its MCA is a thread of the channel initiator with a
    connection of its own (DISPLAY CONN's CHANNEL and CONNAME); a sending MCA holds its
    transmission queue open for input while it runs."""
    if channel_connection(ctx.txn, ctx.qm.name, instance) is not None:
        return
    tag = chinit_tag(ctx.qm.name)
    request = ConnectRequest(
        tag,
        "CHINIT",
        userid or tag,
        _chinit_owner(ctx.qm.name),
        channel=instance.split(" ", 1)[0],
        conname=conname,
    )
    record = replace(connect(ctx, request), instance=instance)
    ctx.txn.put(TABLE, record.conn, record)
    if xmitq and ctx.txn.has("qlocal", xmitq):
        open_handle(ctx, record.conn, xmitq, SENDER_OPTIONS)


def channel_ended(ctx: Ctx, instance: str) -> None:
    """A channel instance stopped running: its MCA's connection ends, its handles closed."""
    record = channel_connection(ctx.txn, ctx.qm.name, instance)
    if record is not None:
        disconnect(ctx, record.conn)


def channel_put(ctx: Ctx, instance: str, queue: str, count: int, size: int) -> None:
    """A receiving MCA put ``count`` messages on ``queue``: it holds the queue open for output
    while it runs, and counts the puts (accounting)."""
    record = channel_connection(ctx.txn, ctx.qm.name, instance)
    if record is None or not count:
        return
    if ctx.txn.has("qlocal", queue) and not any(
        h.objname == queue and h.output for h in record.handles
    ):
        open_handle(ctx, record.conn, queue, RECEIVER_OPTIONS)
        record = ctx.txn.get(TABLE, record.conn)
    ctx.txn.put(TABLE, record.conn, record.with_activity(queue, puts=count, put_bytes=count * size))


def channel_got(ctx: Ctx, instance: str, queue: str, count: int) -> None:
    """A sending MCA's gets of a committed batch from its transmission queue (accounting)."""
    record = channel_connection(ctx.txn, ctx.qm.name, instance)
    if record is not None and count:
        ctx.txn.put(TABLE, record.conn, record.with_activity(queue, gets=count))


def _new_id(txn: Txn, now: dt.datetime) -> str:
    # A CONN is never given again while it means something: a live connection, one whose unit
    # of recovery is in doubt, or one whose final record waits for accounting.
    seconds = int(now.timestamp()) & 0xFFFFFFFF
    taken = {left.conn for left in txn.values(INDOUBT_TABLE)}
    taken.update(e.connection.conn for e in txn.values(ENDED_TABLE))
    sequence = 1
    while True:
        conn = f"{seconds:08X}{sequence:08X}"
        if not txn.has(TABLE, conn) and conn not in taken:
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


#: How an MQSUB that resumes an administrative subscription shows in OPENOPTS (UNVERIFIED:
#: IBM's DISPLAY CONN page lists SUBID, SUBNAME and TOPICSTR for such handles, not the
#: options shown).
SUBSCRIBE_OPTIONS = ("MQSO_RESUME", "MQSO_DURABLE", "MQSO_FAIL_IF_QUIESCING")


def open_subscription(ctx: Ctx, conn: str, subname: str, topic_object: str) -> Handle:
    """MQSUB (MQSO_RESUME) of subscription ``subname`` by a connection: a handle on the
    subscription's topic object (OBJTYPE TOPIC) until :func:`close_handle`."""
    record = ctx.txn.get(TABLE, conn)
    handle = Handle(record.next_hid, topic_object, "TOPIC", SUBSCRIBE_OPTIONS, subname=subname)
    ctx.txn.put(
        TABLE, conn, replace(record, handles=(*record.handles, handle), next_hid=handle.hid + 1)
    )
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
    if handle.objtype == "QUEUE":
        record = record.with_activity(handle.objname, closes=1)
    ctx.txn.put(TABLE, conn, record)
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


def held_puts(txn: Txn, queue: str) -> int:
    """Messages units of recovery hold for ``queue`` until they commit (a shared queue's
    puts, which reach its structure then): room its MAXDEPTH keeps for them."""
    units = [r.uow for r in txn.values(TABLE) if r.uow is not None]
    units += [left.uow for left in txn.values(INDOUBT_TABLE)]
    return sum(h.count for uow in units for h in uow.puts if h.queue == queue and not h.run)


# ---- units of recovery ---------------------------------------------------------------------
def begin(ctx: Ctx, record: Connection, coordinator: str = "", nid: str = "") -> Connection:
    """The connection's unit of recovery, started by its first change in syncpoint with a
    begin-UR log record: z/OS's URID (DISPLAY THREAD's URID column, DISPLAY CONN's QMURID) is
    the RBA of the unit's first log record, so every unit has its own, and the log advances
    as the unit starts."""
    if record.uow is not None:
        return record
    log = ctx.txn.get("log", None)
    start = log.rba if log is not None else 0
    if log is not None:
        ctx.log("begin-ur", LOG_RECORD_BYTES, conn=record.conn)
    uow = UnitOfRecovery(rba(start), ctx.stamp(), coordinator, nid)
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


def _wait_for_the_log(ctx: Ctx, uow: UnitOfRecovery) -> None:
    """The commit of a unit with persistent work writes its commit to the log: while logging
    is suspended z/OS holds the MQCMIT until RESUME QMGR LOG, mqsc raises LogSuspended with
    nothing changed (docs/connections.md)."""
    inventory = ctx.txn.get("bsds", None)
    if inventory is not None and inventory.suspended:
        if any(h.persistent for h in (*uow.puts, *uow.gets)):
            raise LogSuspended("MQCMIT")


def commit(ctx: Ctx, record: Connection) -> Connection:
    """MQCMIT: the unit's puts become available, its gets are done."""
    if record.uow is not None:
        _wait_for_the_log(ctx, record.uow)
        ctx.qm.resolve_unit(ctx, record.uow, commit=True)
    record = replace(record, uow=None, commits=record.commits + 1)
    ctx.txn.put(TABLE, record.conn, record)
    return record


def backout(ctx: Ctx, record: Connection) -> Connection:
    """MQBACK: the unit's puts are removed, the got messages available again."""
    if record.uow is not None:
        ctx.qm.resolve_unit(ctx, record.uow, commit=False)
    record = replace(record, uow=None, backouts=record.backouts + 1)
    ctx.txn.put(TABLE, record.conn, record)
    return record
