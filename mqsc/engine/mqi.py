"""A connection as a Python object: the MQI calls a program makes on one connection.

``QueueManager.connection(...)`` is MQCONN; the object's methods are MQOPEN, MQCLOSE, MQPUT,
MQGET, MQCMIT, MQBACK and MQDISC, and, for a connection whose units of work an external
coordinator commits (RRS, CICS, IMS), the coordinator's prepare (phase one): a program that
dies after it leaves its unit of recovery in doubt (DISPLAY THREAD TYPE(INDOUBT), RESOLVE
INDOUBT). Every call is one engine transaction on the queue manager's state, so other
processes on the same home see the connection, its handles and its unit of work at once.

>>> from mqsc import QueueManager
>>> qm = QueueManager.create("QMA", csqinp1="DEFINE PSID(00) BUFFPOOL(0)",
...                          csqinp2="DEFINE STGCLASS(DEFAULT) PSID(0)\\nDEFINE QLOCAL(PAY)")
>>> with qm.connection("PAYJOB", userid="OPER1") as conn:
...     conn.put("PAY", count=3, syncpoint=True).done
...     conn.commit()
3
>>> qm.queued("PAY")[0].count
3
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from mqsc.catalog.mqrc import (
    MQRC_HCONN_ERROR,
    MQRC_HOBJ_ERROR,
    MQRC_NO_SUBSCRIPTION,
    MQRC_NOT_AUTHORIZED,
    MQRC_PUT_INHIBITED,
    MQRC_Q_FULL,
    MQRC_UNKNOWN_OBJECT_NAME,
)
from mqsc.engine import connregistry, security
from mqsc.engine.connregistry import ConnectRequest, Held, NotConnected
from mqsc.engine.messaging import bodies, clusterput, privateq, queuestats, sharedq, topictree
from mqsc.engine.records import Workload

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.context import Ctx
    from mqsc.engine.manager import QueueManager
    from mqsc.engine.records import Message

#: The MQCONN profile a connection's type is checked against (hlq.BATCH, CICS, IMS, CHIN).
_MQCONN = {"CHINIT": "CHIN", "RRSBATCH": "BATCH"}
#: MQOPEN options by what a program opens a queue for.
INPUT = ("MQOO_INPUT_AS_Q_DEF", "MQOO_FAIL_IF_QUIESCING")
OUTPUT = ("MQOO_OUTPUT", "MQOO_FAIL_IF_QUIESCING")
BROWSE = ("MQOO_BROWSE", "MQOO_FAIL_IF_QUIESCING")
ALTERNATE_USER = "MQOO_ALTERNATE_USER_AUTHORITY"
#: The open options that make a context check ("Profiles for context security").
_CONTEXT_OPTIONS = frozenset(
    f"MQOO_{o}_CONTEXT" for o in ("PASS_IDENTITY", "PASS_ALL", "SET_IDENTITY", "SET_ALL")
)
#: What an inquire may open, by MQOT name: the check's kind (a key of _TABLES).
_INQUIRABLE = {"QUEUE": "queue", "PROCESS": "process", "NAMELIST": "namelist"}
#: Where each kind of object is defined.
_TABLES = {
    "queue": ("qlocal", "qalias", "qremote", "qmodel"),
    "process": ("process",),
    "namelist": ("namelist",),
}


#: The adapters with a phase-one call an external coordinator drives (IBM "RESOLVE INDOUBT":
#: in-doubt units of recovery are not for "batch or TSO applications, unless you are using the
#: RRS adapter"; CICS and IMS coordinate their own). A batch or TSO program's MQCMIT is its
#: only commit, in one phase.
TWO_PHASE_ADAPTERS = frozenset(("RRSBATCH", "CICS", "IMS"))


class OnePhaseOnly(Exception):
    """:meth:`Connection.prepare` of a connection whose adapter commits in one phase (BATCH,
    TSO, ...): the adapter has no such call, so no MQ reason code answers it; nothing is
    changed and the unit of work stays in flight."""

    def __init__(self, appltype: str) -> None:
        super().__init__(
            f"APPLTYPE({appltype}) commits in one phase: prepare needs one of "
            + ", ".join(sorted(TWO_PHASE_ADAPTERS))
        )
        self.appltype = appltype


class Connection:
    """One connection (MQCONN when made, MQDISC at :meth:`close`)."""

    def __init__(self, qm: QueueManager, request: ConnectRequest) -> None:
        self.qm = qm
        self.conn = qm.connect(request)
        self.closed = False

    def __enter__(self) -> Connection:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Connection {self.conn} to {self.qm.name}>"

    # ---- MQOPEN / MQCLOSE ------------------------------------------------------------------
    def open(
        self, queue: str, options: Iterable[str] = OUTPUT, *, alternate_user: str | None = None
    ) -> int:
        """MQOPEN: a handle that stays open (DISPLAY CONN TYPE(HANDLE) and DISPLAY QSTATUS
        show it) until :meth:`close_handle`. Raises :class:`NotConnected` with the MQ reason
        (2085 for an unknown queue, 2035 when security refuses it). A context option
        (MQOO_SET_ALL_CONTEXT ...) is checked against hlq.CONTEXT.queue; ``alternate_user``
        (MQOO_ALTERNATE_USER_AUTHORITY, implied) has the queue checked for that user id.
        ValueError for MQOO_ALTERNATE_USER_AUTHORITY without an ``alternate_user``."""
        if self.closed:
            raise NotConnected(MQRC_HCONN_ERROR)
        opts = tuple(options)
        alternate = security.alternate_user_id(alternate_user)
        if alternate and ALTERNATE_USER not in opts:
            opts += (ALTERNATE_USER,)
        elif ALTERNATE_USER in opts and not alternate:
            raise ValueError(f"{ALTERNATE_USER} names no alternate_user")
        return open_queue(self.qm, self.conn, queue, opts, alternate)

    def inquire(
        self, name: str, objtype: str = "QUEUE", *, alternate_user: str | None = None
    ) -> Mapping[str, object]:
        """MQOPEN with MQOO_INQUIRE of a queue, process or namelist (``objtype``), MQINQ of
        its attributes, MQCLOSE: the object's attributes. The open is checked as z/OS checks
        it (MQQUEUE, MQPROC or MQNLIST hlq.name READ: "Profiles for processes"). Raises
        :class:`NotConnected` with 2085 for an unknown object, 2035 when security refuses."""
        if self.closed:
            raise NotConnected(MQRC_HCONN_ERROR)
        kind = _INQUIRABLE.get(objtype.upper())
        if kind is None:
            raise ValueError(f"objtype {objtype!r}: one of {', '.join(_INQUIRABLE)}")
        alternate = security.alternate_user_id(alternate_user)
        return inquire_object(self.qm, self.conn, name, kind, alternate)

    def close_handle(self, hid: int) -> None:
        """MQCLOSE of a handle :meth:`open` gave (MQRC 2019 when it is not open)."""
        if self.closed:
            raise NotConnected(MQRC_HCONN_ERROR)
        close_queue(self.qm, self.conn, hid)

    def subscribe(self, subname: str) -> int:
        """MQSUB with MQSO_RESUME of the subscription ``subname`` (one DEFINE SUB made): a
        handle (OBJTYPE TOPIC, its SUBNAME, SUBID and TOPICSTR in DISPLAY CONN) until
        :meth:`close_handle`; the publications still go to the subscription's DEST. Raises
        :class:`NotConnected` with MQRC 2428 (MQRC_NO_SUBSCRIPTION) when there is none."""
        if self.closed:
            raise NotConnected(MQRC_HCONN_ERROR)

        def step(ctx: Ctx) -> int:
            sub = ctx.txn.get("sub", subname.strip())
            if sub is None:
                raise NotConnected(MQRC_NO_SUBSCRIPTION)
            # The subscribe check (MXTOPIC hlq.SUBSCRIBE.node, ALTER) on the subscription's
            # administration node, unless NO.TOPIC.CHECKS (IBM "Profiles for topic security").
            node = topictree.admin_node(ctx, str(sub.get("TOPICSTR", "")))
            _check(ctx, self._record(ctx), (("topic", f"SUBSCRIBE.{node}", "SUBSCRIBE"),), "")
            topic = str(sub.get("TOPICOBJ", "") or "") or "SYSTEM.BASE.TOPIC"
            return connregistry.open_subscription(ctx, self.conn, sub.name, topic).hid

        return self._step(step)

    # ---- MQPUT / MQGET ---------------------------------------------------------------------
    def put(
        self,
        queue: str,
        data: bytes | None = None,
        *,
        count: int = 1,
        size: int = 1024,
        persistent: bool | None = None,
        priority: int | None = None,
        syncpoint: bool = False,
        retain: bool = False,
        alternate_user: str | None = None,
        context: str | None = None,
    ) -> Workload:
        """MQPUT (MQOPEN and MQCLOSE around it, as MQPUT1): ``count`` messages of ``size``
        bytes, or one with ``data``. In syncpoint the messages are on the queue from now
        (CURDEPTH counts them) but no MQGET takes them before :meth:`commit`; a backout
        removes them (a refused put is refused now, with nothing held). ``alternate_user``
        and ``context`` (``SET_ALL``, ``PASS_IDENTITY`` ...): as ``QueueManager.put``."""
        if not syncpoint:
            if data is not None:
                return self.qm.put_message(
                    queue,
                    data,
                    persistent=persistent,
                    priority=priority,
                    conn=self.conn,
                    retain=retain,
                    alternate_user=alternate_user,
                    context=context,
                )
            return self.qm.put(
                queue,
                count,
                size,
                persistent=persistent,
                priority=priority,
                conn=self.conn,
                retain=retain,
                alternate_user=alternate_user,
                context=context,
            )
        length = len(data) if data is not None else size
        number = 1 if data is not None else count
        alternate = security.alternate_user_id(alternate_user)
        opens = security.queue_opens(queue, "OUTPUT", security.context_option(context))

        def step(ctx: Ctx) -> Workload:
            refused = _refusal(ctx, self._record(ctx), opens, alternate)
            if refused is not None:
                return Workload(
                    "put", queue, number, 0, length, reason=MQRC_NOT_AUTHORIZED, messages=refused
                )
            goal = clusterput.target(ctx, queue, "PUT")
            # A cluster queue's put decides its own refusals, per destination.
            reason = goal.reason or (
                privateq.refusal(ctx, queue, number, length) if goal.cluster is None else 0
            )
            if reason:
                return Workload("put", queue, number, 0, length, reason=reason)
            if goal.qsgdisp == "SHARED":
                outcome = self._hold_shared_put(
                    ctx, queue, data, number, length, persistent, priority
                )
            else:
                pending: list[privateq.Pending] = []
                if data is not None:
                    outcome = bodies.put(
                        ctx,
                        queue,
                        data,
                        persistent=persistent,
                        priority=priority,
                        uow=self.conn,
                        pending=pending,
                    )
                else:
                    outcome = clusterput.put(
                        ctx,
                        queue,
                        count,
                        size,
                        persistent=persistent,
                        priority=priority,
                        uow=self.conn,
                        pending=pending,
                    )
                if outcome.done:
                    held = tuple(_held(ctx, p) for p in pending)
                    connregistry.hold(ctx, ctx.txn.get(connregistry.TABLE, self.conn), puts=held)
            connregistry.count(
                ctx, queue, opens=1, closes=1, puts=outcome.done, put_bytes=outcome.done * length
            )
            return outcome

        outcome = self._step(step, counted=queue)
        if not outcome.done and self.qm.asked_cluster(queue, outcome.reason):
            outcome = self._step(
                step, counted=queue
            )  # the full repositories answered: MQOPEN again
        return outcome

    def _hold_shared_put(
        self,
        ctx: Ctx,
        queue: str,
        data: bytes | None,
        number: int,
        length: int,
        persistent: bool | None,
        priority: int | None,
    ) -> Workload:
        # A shared queue's unit of work keeps its puts until the commit (docs/connections.md);
        # the MQPUT is refused now as z/OS refuses it (PUT(DISABLED), MAXDEPTH counting the
        # puts units of work hold for the queue), so the commit never loses one.
        q = sharedq.shared_queue(ctx, queue) or ctx.txn.get("qlocal", queue)
        if q is not None and q.get("PUT") == "DISABLED":
            return Workload("put", queue, number, 0, length, reason=MQRC_PUT_INHIBITED)
        store = ctx.txn.get("cfmsgs", q.name) if q is not None else None
        depth = (store.depth if store is not None else 0) + connregistry.held_puts(ctx.txn, queue)
        if q is not None and depth + number > int(q.get("MAXDEPTH")):
            return Workload("put", queue, number, 0, length, reason=MQRC_Q_FULL)
        keep = (
            persistent if persistent is not None else (q is not None and q.get("DEFPSIST") == "YES")
        )
        level = (
            priority if priority is not None else (int(q.get("DEFPRTY", 0)) if q is not None else 0)
        )
        record = ctx.txn.get(connregistry.TABLE, self.conn)
        connregistry.hold(ctx, record, puts=(Held(queue, number, length, keep, level, data),))
        queuestats.put(ctx, queue, number, depth + number)  # MSGIN counts the MQPUT
        return Workload("put", queue, number, number, length, number * length, persistent=keep)

    def get(
        self,
        queue: str,
        count: int = 1,
        *,
        syncpoint: bool = False,
        data: bool = False,
        alternate_user: str | None = None,
    ) -> Workload:
        """MQGET of up to ``count`` messages (``data``: one, with its data). In syncpoint
        they leave CURDEPTH now, stay on the queue until :meth:`commit` and are available
        again, where they were, at :meth:`backout`."""
        if not syncpoint:
            if data:
                return self.qm.get_message(queue, conn=self.conn, alternate_user=alternate_user)
            return self.qm.get(queue, count, conn=self.conn, alternate_user=alternate_user)
        alternate = security.alternate_user_id(alternate_user)

        def step(ctx: Ctx) -> Workload:
            refused = _refusal(ctx, self._record(ctx), (("queue", queue, "INPUT"),), alternate)
            if refused is not None:
                return Workload(
                    "get", queue, count, 0, reason=MQRC_NOT_AUTHORIZED, messages=refused
                )
            goal = clusterput.target(ctx, queue, "GET")
            name, qsgdisp = goal.name, goal.qsgdisp
            if goal.reason:
                return Workload("get", queue, count, 0, reason=goal.reason)
            record = ctx.txn.get(connregistry.TABLE, self.conn)
            if qsgdisp == "SHARED":
                held = _next_messages(ctx, name, qsgdisp, 1 if data else count)
                outcome = bodies.get(ctx, name) if data else privateq.get(ctx, name, count)
            else:
                locked: list[privateq.Pending] = []
                outcome = (
                    bodies.get(ctx, name, lock=self.conn, locked=locked)
                    if data
                    else privateq.get(ctx, name, count, lock=self.conn, locked=locked)
                )
                held = tuple(_held(ctx, p) for p in locked)
            if outcome.done:
                connregistry.hold(ctx, record, gets=held)
            connregistry.count(
                ctx, queue, opens=1, closes=1, gets=outcome.done, get_bytes=outcome.bytes
            )
            return outcome

        return self._step(step, counted=queue)

    # ---- units of work ---------------------------------------------------------------------
    def commit(self) -> None:
        """MQCMIT (the channels then carry what the unit put on transmission queues)."""
        self._step(lambda ctx: connregistry.commit(ctx, self._record(ctx)))
        self.qm.count_commit(self.conn)
        self.qm.settle()

    def backout(self) -> None:
        """MQBACK."""
        self._step(lambda ctx: connregistry.backout(ctx, self._record(ctx)))

    def prepare(self, coordinator: str = "RRS", nid: str = "") -> str:
        """Phase one of a coordinator's two-phase commit: from now the unit of work is in
        doubt until :meth:`commit` or :meth:`backout` (or RESOLVE INDOUBT, if this program
        dies first). Returns the unit's QMURID. Only a connection made through an adapter
        with two-phase commit (APPLTYPE RRSBATCH, CICS, IMS) has it: any other raises
        :class:`OnePhaseOnly` and changes nothing."""

        def step(ctx: Ctx) -> str:
            record = self._record(ctx)
            if record.appltype not in TWO_PHASE_ADAPTERS:
                raise OnePhaseOnly(record.appltype)
            record = connregistry.prepare(ctx, record, coordinator, nid)
            assert record.uow is not None
            return record.uow.urid

        return self._step(step)

    def close(self) -> None:
        """MQDISC (once; later calls do nothing). A disconnect that fails (its commit while
        the log is suspended) leaves the connection open, to be closed again."""
        if not self.closed:
            self.qm.disconnect(self.conn)
            self.closed = True

    # ---- helpers ---------------------------------------------------------------------------
    def _record(self, ctx: Ctx) -> connregistry.Connection:
        record = ctx.txn.get(connregistry.TABLE, self.conn)
        if record is None:
            raise NotConnected(MQRC_HCONN_ERROR)
        return record

    def _step(self, step, counted: str = ""):  # noqa: ANN001, ANN202 - a generic pass-through
        """``counted``: the queue of an MQPUT or MQGET, counted for SMF (statistics and the
        connection's accounting task) as every workload call is."""
        if self.closed:
            raise NotConnected(MQRC_HCONN_ERROR)

        def checked(ctx: Ctx):  # noqa: ANN202
            self._record(ctx)
            return step(ctx)

        return self.qm._connection_step(checked, conn=self.conn, counted=counted)  # noqa: SLF001


def open_queue(
    qm: QueueManager, conn: str, queue: str, options: Iterable[str], alternate: str = ""
) -> int:
    """MQOPEN of ``queue`` by connection ``conn`` of a front end (a job step's program): the
    handle's number. Raises :class:`NotConnected` with the MQ reason. ``alternate``: the
    alternate user id (MQOO_ALTERNATE_USER_AUTHORITY) the queue is checked for."""
    opts = tuple(options)

    def step(ctx: Ctx) -> int:
        record = ctx.txn.get(connregistry.TABLE, conn)
        if record is None:
            raise NotConnected(MQRC_HCONN_ERROR)
        goal = clusterput.target(ctx, queue, "GET" if _input(opts) else "PUT")
        if goal.reason:
            raise NotConnected(goal.reason)
        # The security manager's queue check for the connection's user (MQRC 2035; what RACF
        # logged travels with the refusal, for the job log).
        option = "BROWSE" if "MQOO_BROWSE" in opts else ("INPUT" if _input(opts) else "OUTPUT")
        context = next((o[len("MQOO_") :] for o in opts if o in _CONTEXT_OPTIONS), "")
        opens = security.queue_opens(queue, option, security.context_option(context))
        _check(ctx, record, opens, alternate)
        # A cluster queue's handle names the queue opened (the cluster resolves each put).
        name = queue if goal.cluster is not None else goal.name
        return connregistry.open_handle(ctx, conn, name, opts, goal.qsgdisp).hid

    try:
        return qm._connection_step(step, conn=conn)  # noqa: SLF001
    except NotConnected as refused:
        if not qm.asked_cluster(queue, refused.reason):
            raise
    return qm._connection_step(step, conn=conn)  # noqa: SLF001 - the repositories answered


def inquire_object(
    qm: QueueManager, conn: str, name: str, kind: str, alternate: str = ""
) -> Mapping[str, object]:
    """MQOPEN (MQOO_INQUIRE), MQINQ and MQCLOSE of the queue, process or namelist ``name``
    (``kind``: a key of :data:`_TABLES`) by connection ``conn``: its attributes. Raises
    :class:`NotConnected` with the MQ reason."""

    def step(ctx: Ctx) -> Mapping[str, object]:
        record = ctx.txn.get(connregistry.TABLE, conn)
        if record is None:
            raise NotConnected(MQRC_HCONN_ERROR)
        found = next((ctx.txn.get(t, name) for t in _TABLES[kind] if ctx.txn.has(t, name)), None)
        if found is None and kind == "queue":
            found = sharedq.shared_queue(ctx, name)
        if found is None:
            raise NotConnected(MQRC_UNKNOWN_OBJECT_NAME)
        _check(ctx, record, ((kind, name, "INQUIRE"),), alternate)
        if kind == "queue":
            connregistry.count(ctx, name, opens=1, closes=1)
        return dict(found.attrs)

    return qm._connection_step(step, conn=conn)  # noqa: SLF001


def _refusal(
    ctx: Ctx,
    record: connregistry.Connection,
    opens: tuple[tuple[str, str, str], ...],
    alternate: str,
) -> tuple[Message, ...] | None:
    """None when the security manager allows the connection's opens, else what RACF logged
    as it refused them (MQRC 2035)."""
    allowed, audit = security.connection_checks(
        ctx.qm,
        record.userid,
        _MQCONN.get(record.appltype, record.appltype),
        opens,
        alternate=alternate,
    )
    return None if allowed else audit


def _check(
    ctx: Ctx,
    record: connregistry.Connection,
    opens: tuple[tuple[str, str, str], ...],
    alternate: str,
) -> None:
    """The security manager's checks of an open for the connection's user (what RACF
    logged travels with a refusal, for the job log): raises NotConnected 2035."""
    audit = _refusal(ctx, record, opens, alternate)
    if audit is not None:
        refused = NotConnected(MQRC_NOT_AUTHORIZED)
        refused.messages = audit  # type: ignore[attr-defined]
        raise refused


def close_queue(qm: QueueManager, conn: str, hid: int) -> None:
    """MQCLOSE of handle ``hid`` of connection ``conn`` (MQRC 2019 when it is not open)."""

    def step(ctx: Ctx) -> None:
        if connregistry.close_handle(ctx, conn, hid) is None:
            raise NotConnected(MQRC_HOBJ_ERROR)

    qm._connection_step(step, conn=conn)  # noqa: SLF001


def _input(options: tuple[str, ...]) -> bool:
    return any(o.startswith("MQOO_INPUT") or o == "MQOO_BROWSE" for o in options)


def _held(ctx: Ctx, pending: privateq.Pending) -> Held:
    """What a unit of recovery records of messages it holds on a private queue."""
    store = ctx.txn.get("messages", pending.queue)
    run = store.run(pending.run) if store is not None else None
    if run is None:
        return Held(pending.queue, pending.count, 0, False, 0, None, pending.run, pending.keep)
    return Held(
        pending.queue,
        pending.count,
        run.size,
        run.persistent,
        run.priority,
        None,
        pending.run,
        pending.keep,
    )


def _next_messages(ctx: Ctx, queue: str, qsgdisp: str, count: int) -> tuple[Held, ...]:
    """The messages a get of ``count`` from a shared queue would take, in delivery order, as
    a backout would put them back."""
    table = "cfmsgs" if qsgdisp == "SHARED" else "messages"
    store = ctx.txn.get(table, queue)
    q = ctx.txn.get("qlocal", queue) or sharedq.shared_queue(ctx, queue)
    if store is None or q is None:
        return ()
    held: list[Held] = []
    left = count
    for run in store.delivery_order(q.get("MSGDLVSQ")):
        if left <= 0:
            break
        n = min(left, run.count)
        if n:
            held.append(
                Held(
                    queue,
                    n,
                    run.size,
                    run.persistent,
                    run.priority,
                    run.body.data if run.body is not None else None,
                )
            )
            left -= n
    return tuple(held)
