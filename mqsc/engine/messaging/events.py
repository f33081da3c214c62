"""Event messages: what the queue manager puts on its event queues when its event switches
are on (IBM MQ, "Event monitoring", "Event message reference").

Each event is a PCF message (MQCFH and parameters, mqsc/engine/messaging/pcf.py) put with
the MQMD IBM documents for event messages ("Event message MQMD (message descriptor)"):
MsgType MQMT_DATAGRAM, Format MQFMT_EVENT, Encoding and CodedCharSetId of the queue manager
(z/OS: 785 and its CCSID), PutApplType MQAT_QMGR, PutApplName the queue manager's name
(truncated to 28), ReplyToQMgr the queue manager, the event queue's default priority and
persistence (MQPER_PERSISTENCE_AS_Q_DEF). It goes through the storage model like any put;
when the event queue is missing, put-inhibited or full, the event is discarded and whatever
caused it goes on ("Command event generation": "the command runs regardless, but no event
message is generated").

What causes which event, and the data each carries, follows IBM's pages (cited beside each
function); the event types, reason codes and queues are the table mqsc/catalog/events.py,
the constants mqsc/catalog/pcf.py.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mqsc import catalog as everything
from mqsc.catalog import CommandSource, mqrc
from mqsc.catalog import events as catalog
from mqsc.catalog.pcf import CONSTANTS, OBJECTS, PARAMETERS, QUEUE_TYPES, pid
from mqsc.engine.messaging import pcf, queuestats
from mqsc.engine.messaging.pcf import Header, Param
from mqsc.engine.mqobjects import MQObject
from mqsc.engine.records import Issuer
from mqsc.engine.storage.queuestore import Body

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.context import Ctx
    from mqsc.language.commands import Command

#: MQFMT_EVENT.
FORMAT = "MQEVENT "
NO_ID = bytes(24)
#: EventOrigin of each command source (IBM "Create object": MQEVO_CONSOLE "Console
#: command", MQEVO_INIT "Initialization input data set command", MQEVO_MSG "Command message
#: on SYSTEM.COMMAND.INPUT": the command server serves CSQUTIL, the REST API, applications).
ORIGINS = {
    CommandSource.CONSOLE: "MQEVO_CONSOLE",
    CommandSource.CSQINP1: "MQEVO_INIT",
    CommandSource.CSQINP2: "MQEVO_INIT",
    CommandSource.SERVER: "MQEVO_MSG",
}


def _c(name: str) -> int:
    return CONSTANTS[name]


# ---- switches and the put ----------------------------------------------------------------
def switch(ctx: Ctx, name: str) -> str:
    """The value of a queue manager event switch (PERFMEV, CMDEV...): as ALTER QMGR set it,
    else IBM's default (STRSTPEV ENABLED, the others DISABLED)."""
    value = ctx.txn.get("qmgr", None).attrs.get(name)
    return str(value) if value is not None else _DEFAULTS.get(name, "DISABLED")


def _switch_defaults() -> dict[str, str]:

    family = everything.FAMILIES["QMGR"]
    return {
        name: str(family.attributes[name].default)
        for name in ("AUTHOREV", "BRIDGEEV", "CHLEV", "CMDEV", "CONFIGEV", "INHIBTEV", "LOCALEV")
        + ("PERFMEV", "REMOTEEV", "SSLEV", "STRSTPEV")
    }


_DEFAULTS = _switch_defaults()


def _qmgr_defaults() -> dict[str, object]:

    family = everything.FAMILIES["QMGR"]
    return {n: k.default for n, k in family.attributes.items() if k.default is not None}


_QMGR_DEFAULTS = _qmgr_defaults()


def enabled(ctx: Ctx, name: str) -> bool:
    return switch(ctx, name) != "DISABLED"


def put_event(
    ctx: Ctx,
    etype: catalog.EventType,
    params: Sequence[Param],
    *,
    reason: int | None = None,
    seq: int = 1,
    last: bool = True,
    correlid: bytes = NO_ID,
) -> bool:
    """Put one event message on its event queue; whether it was put (False: discarded, the
    queue missing, put-inhibited or full)."""
    qmgr = ctx.txn.get("qmgr", None)
    ccsid = int(qmgr.attrs.get("CCSID", 500) or 500)
    header = Header(
        _c("MQCFT_EVENT"),
        etype.version,
        _c(etype.category),
        etype.reason if reason is None else reason,
        seq,
        _c("MQCFC_LAST") if last else _c("MQCFC_NOT_LAST"),
        _c("MQCC_WARNING"),
    )
    data = pcf.encode(header, params, ccsid=ccsid)
    body = Body(
        data,
        ctx.qm.new_msgid(ctx),
        correlid,
        "",
        ctx.qm.name,
        -1,
        ctx.stamp(),
        "",
        FORMAT,
        pcf.ZOS_ENCODING,
        ccsid,
        _c("MQAT_QMGR"),
        ctx.qm.name[:28],
    )
    # Through the queue manager: the put modules call this one back (no import cycle).
    return ctx.qm.put_event_body(ctx, etype.queue, body)


def _name(value: str) -> Param:
    return Param(pid("MQCA_Q_MGR_NAME"), value, 48)


def _string(name: str, value: str) -> Param:

    number = pid(name)
    return Param(number, value, PARAMETERS[number].length)


def _int(name: str, value: int) -> Param:
    return Param(pid(name), value)


# ---- who caused it -----------------------------------------------------------------------
def issuer(ctx: Ctx) -> Issuer:
    """Who the running command or call acts for: what the front end said, else the queue
    manager's own user (commands of the initialization data sets, the Python API)."""
    connection = ctx.qm.caller(ctx)
    found = getattr(ctx.qm, "issuer", None)
    if connection is not None and connection.userid:
        # The caller's connection (a job step, a REST user, the console): its user id and
        # application (APPLTAG).
        applname = found.applname if found is not None and found.applname else connection.appltag
        return Issuer(connection.userid, applname, found.appltype if found else "MQAT_MVS")
    if found is not None and found.userid:
        return found
    return Issuer(ctx.qm.user, found.applname if found else "", "MQAT_MVS")


def origin_params(ctx: Ctx) -> list[Param]:
    """EventUserId, EventOrigin, EventQMgr and, for a command that came as a message, the
    context of that message (IBM "Create object": EventAccountingToken, EventApplIdentity,
    EventApplType, EventApplName, EventApplOrigin "Returned: Only if EventOrigin is
    MQEVO_MSG")."""
    who = issuer(ctx)
    origin = ORIGINS.get(ctx.source, "MQEVO_OTHER") if ctx.cmd is not None else "MQEVO_INTERNAL"
    found = [
        _string("MQCACF_EVENT_USER_ID", who.userid.upper()[:12]),
        _int("MQIACF_EVENT_ORIGIN", _c(origin)),
        _string("MQCACF_EVENT_Q_MGR", ctx.qm.name),
    ]
    if origin == "MQEVO_MSG":
        found += [
            Param(pid("MQBACF_EVENT_ACCOUNTING_TOKEN"), NO_ID + bytes(8)),
            _string("MQCACF_EVENT_APPL_IDENTITY", ""),
            _int("MQIACF_EVENT_APPL_TYPE", _c(who.appltype)),
            _string("MQCACF_EVENT_APPL_NAME", (who.applname or "CSQUTIL")[:28]),
            _string("MQCACF_EVENT_APPL_ORIGIN", ""),
        ]
    return found


# ---- performance events ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ServiceTimer:
    """A queue's service timer ("Rules for queue service interval events"): started (an ISO
    moment of the queue manager's clock) after a put to an empty queue or a get that leaves
    messages; absent (OFF) while the queue is empty."""

    started: str

    def snapshot(self) -> dict[str, Any]:
        return {"kind": "svctimer", "started": self.started}

    @classmethod
    def restore(cls, data: dict[str, Any]) -> ServiceTimer:
        return cls(str(data["started"]))


TIMERS = "svctimer"


def _perf_params(ctx: Ctx, queue: str, depth: int) -> list[Param]:
    """QMgrName, QName (MQCA_BASE_Q_NAME), TimeSinceReset, HighQDepth, MsgEnqCount,
    MsgDeqCount: the data of every performance event (IBM "Queue Depth High")."""
    stats = queuestats.of(ctx, queue)
    cap = 999_999_999
    return [
        _name(ctx.qm.name),
        _string("MQCA_BASE_Q_NAME", queue),
        _int("MQIA_TIME_SINCE_RESET", queuestats.seconds_since(ctx, stats.since)),
        _int("MQIA_HIGH_Q_DEPTH", min(cap, max(stats.hiqdepth, depth))),
        _int("MQIA_MSG_ENQ_COUNT", min(cap, stats.msgin)),
        _int("MQIA_MSG_DEQ_COUNT", min(cap, stats.msgout)),
    ]


def _performance(ctx: Ctx, q: MQObject, reason: int, depth: int, changes: dict) -> MQObject:
    """Put a performance event of ``q``, reset its statistics ("Performance event
    statistics": reset when "A performance event occurs") and set its event attributes as
    the queue manager does; returns the queue as it is now."""
    put_event(ctx, catalog.EVENTS[reason], _perf_params(ctx, q.name, depth))
    ctx.txn.put(queuestats.TABLE, q.name, queuestats.QueueStats(0, 0, depth, ctx.stamp()))

    # The queue manager changes these attributes itself: the definition changes, not its
    # ALTDATE (no command altered it), as after a DEPTH trigger.
    updated = MQObject(q.objtype, q.name, q.attrs.updated(changes), q.created, q.altered)
    ctx.txn.put("qlocal", q.name, updated)
    return updated


def _limit(q: MQObject, attribute: str) -> float:
    return int(q.get("MAXDEPTH")) * int(q.get(attribute)) / 100


def after_put(ctx: Ctx, q: MQObject, before: int, after: int, reason: int) -> None:
    """Performance events of a put to private local queue ``q`` (``before`` and ``after``:
    its depth). Queue Depth High: "An MQPUT or MQPUT1 call has caused the queue depth to be
    incremented to or above the limit"; it "automatically enables both a Queue Depth Low and
    a Queue Full event" ("Enabling queue depth events"). Queue Full: "the call failed
    because the queue is full"; it enables Queue Depth Low. Each disables itself. Then the
    service interval rules."""
    if switch(ctx, "PERFMEV") != "ENABLED":
        return
    q = ctx.txn.get("qlocal", q.name) or q  # as the put left it (a DEPTH trigger changes it)
    if after > before and q.get("QDPHIEV") == "ENABLED":
        if after >= math.ceil(_limit(q, "QDEPTHHI")):
            q = _performance(
                ctx,
                q,
                mqrc.MQRC_Q_DEPTH_HIGH,
                after,
                {"QDPHIEV": "DISABLED", "QDPLOEV": "ENABLED", "QDPMAXEV": "ENABLED"},
            )
    if reason == mqrc.MQRC_Q_FULL and q.get("QDPMAXEV") == "ENABLED":
        q = _performance(
            ctx, q, mqrc.MQRC_Q_FULL, after, {"QDPMAXEV": "DISABLED", "QDPLOEV": "ENABLED"}
        )
    if after > before:
        _service(ctx, q, before, after, got=False)


def after_get(ctx: Ctx, queue: str, before: int, after: int) -> None:
    """Performance events of a get (or expiry discard) from private local queue ``queue``.
    Queue Depth Low: "A get operation has caused the queue depth to be decremented to or
    below the limit"; it enables Queue Depth High and Queue Full."""
    if after >= before or switch(ctx, "PERFMEV") != "ENABLED":
        return
    q = ctx.txn.get("qlocal", queue)
    if q is None:
        return
    if q.get("QDPLOEV") == "ENABLED" and after <= _limit(q, "QDEPTHLO"):
        q = _performance(
            ctx,
            q,
            mqrc.MQRC_Q_DEPTH_LOW,
            after,
            {"QDPLOEV": "DISABLED", "QDPHIEV": "ENABLED", "QDPMAXEV": "ENABLED"},
        )
    _service(ctx, q, before, after, got=True)


def _now(ctx: Ctx) -> dt.datetime:
    return ctx.qm.clock()


def _service(ctx: Ctx, q: MQObject, before: int, after: int, *, got: bool) -> None:
    """ "Rules for queue service interval events": a High event when the service time is
    greater than QSVCINT, on the next put or get; an OK event when a get comes within it;
    each enables the other. The timer restarts "After an MQPUT call to an empty queue" and
    "After an MQGET call, if the queue is not empty after the MQGET call", and is OFF when a
    get empties the queue."""
    kind = q.get("QSVCIEV", "NONE")
    timer = ctx.txn.get(TIMERS, q.name)
    now = _now(ctx)
    if kind != "NONE" and timer is not None:
        started = dt.datetime.fromisoformat(timer.started)
        if started.tzinfo is None and now.tzinfo is not None:
            started = started.replace(tzinfo=now.tzinfo)
        elapsed_ms = (now - started) / dt.timedelta(milliseconds=1)
        interval = int(q.get("QSVCINT"))
        if kind == "HIGH" and elapsed_ms > interval:
            q = _performance(ctx, q, mqrc.MQRC_Q_SERVICE_INTERVAL_HIGH, after, {"QSVCIEV": "OK"})
        elif kind == "OK" and got and elapsed_ms <= interval:
            q = _performance(ctx, q, mqrc.MQRC_Q_SERVICE_INTERVAL_OK, after, {"QSVCIEV": "HIGH"})
    if (not got and before == 0) or (got and after > 0):
        ctx.txn.put(TIMERS, q.name, ServiceTimer(now.isoformat()))
    elif got and after == 0 and timer is not None:
        ctx.txn.delete(TIMERS, q.name)


# ---- queue manager events of MQI calls ----------------------------------------------------
#: The MQI failures that are events, and the data each carries besides QMgrName (IBM "Get
#: Inhibited", "Unknown Object Name", "Unknown Transmission Queue"...).
_CALL_EVENTS = frozenset(
    {
        mqrc.MQRC_GET_INHIBITED,
        mqrc.MQRC_PUT_INHIBITED,
        mqrc.MQRC_UNKNOWN_OBJECT_NAME,
        mqrc.MQRC_ALIAS_BASE_Q_TYPE_ERROR,
        mqrc.MQRC_UNKNOWN_ALIAS_BASE_Q,
        mqrc.MQRC_UNKNOWN_REMOTE_Q_MGR,
        mqrc.MQRC_XMIT_Q_USAGE_ERROR,
        mqrc.MQRC_XMIT_Q_TYPE_ERROR,
        mqrc.MQRC_UNKNOWN_XMIT_Q,
    }
)


def after_call(ctx: Ctx, queue: str, reason: int) -> None:
    """An application's MQOPEN/MQPUT/MQGET failed with ``reason``: the queue manager event
    it is, if its switch is on (INHIBTEV, LOCALEV, REMOTEEV). The data: QMgrName, QName
    "from object descriptor (MQOD)", ApplType and ApplName of the application (ConnName and
    ChannelName are for client applications, which z/OS batch programs are not)."""
    if reason not in _CALL_EVENTS:
        return
    etype = catalog.EVENTS[reason]
    if not enabled(ctx, etype.switch):
        return
    who = issuer(ctx)
    params = [
        _name(ctx.qm.name),
        _string("MQCA_Q_NAME", queue),
        *_alias_base(ctx, queue, reason),
        *_xmit_queue(ctx, queue, reason),
        _int("MQIA_APPL_TYPE", _c(who.appltype)),
        _string("MQCACF_APPL_NAME", (who.applname or who.userid)[:28]),
    ]
    if etype.kind in ("Local", "Remote"):
        params.append(_string("MQCACF_OBJECT_Q_MGR_NAME", ""))
    put_event(ctx, etype, params)


def _alias_base(ctx: Ctx, queue: str, reason: int) -> list[Param]:
    """The alias events' BaseObjectName ("Object name to which the alias resolves") and, for
    Alias Base Queue Type Error, QType (MQQT_ALIAS or MQQT_MODEL), after QName (IBM "Alias
    Base Queue Type Error"; Unknown Alias Base Queue carries the same BaseObjectName)."""
    if reason not in (mqrc.MQRC_ALIAS_BASE_Q_TYPE_ERROR, mqrc.MQRC_UNKNOWN_ALIAS_BASE_Q):
        return []
    alias = ctx.txn.get("qalias", queue) or ctx.txn.get("gqalias", queue)
    base = str(alias.get("TARGET", "")) if alias is not None else ""
    params = [_string("MQCA_BASE_OBJECT_NAME", base)]
    if reason == mqrc.MQRC_ALIAS_BASE_Q_TYPE_ERROR:
        kind = "MQQT_ALIAS" if ctx.txn.has("qalias", base) else "MQQT_MODEL"
        params.append(_int("MQIA_Q_TYPE", _c(kind)))
    return params


def _xmit_queue(ctx: Ctx, queue: str, reason: int) -> list[Param]:
    """Unknown Transmission Queue's and Transmission Queue Type Error's XmitQName (the remote
    queue definition's XMITQ, reached directly or through an alias) and, for the type error,
    QType (MQQT_ALIAS or MQQT_REMOTE), after QName (IBM "Unknown Transmission Queue",
    "Transmission Queue Type Error")."""
    if reason not in (mqrc.MQRC_UNKNOWN_XMIT_Q, mqrc.MQRC_XMIT_Q_TYPE_ERROR):
        return []
    txn = ctx.txn
    remote = txn.get("qremote", queue)
    if remote is None:
        alias = txn.get("qalias", queue)
        remote = txn.get("qremote", str(alias.get("TARGET", ""))) if alias is not None else None
    xmitq = str(remote.get("XMITQ", "")) if remote is not None else ""
    params = [_string("MQCA_XMIT_Q_NAME", xmitq)]
    if reason == mqrc.MQRC_XMIT_Q_TYPE_ERROR:
        kind = next(
            (f"MQQT_{t[1:].upper()}" for t in ("qalias", "qremote", "qmodel") if txn.has(t, xmitq)),
            "MQQT_REMOTE",
        )
        params.append(_int("MQIA_Q_TYPE", _c(kind)))
    return params


# ---- start and stop ----------------------------------------------------------------------
def qmgr_active(ctx: Ctx) -> None:
    """Queue Manager Active at a restart: "All, except the first start of an IBM MQ for z/OS
    queue manager. In this case it is produced only on subsequent restarts"; on z/OS its data
    is QMgrName (ReasonQualifier and HostName are for multi-instance platforms). There is no
    Queue Manager Not Active event on z/OS ("All, except IBM MQ for z/OS")."""
    if enabled(ctx, "STRSTPEV"):
        put_event(ctx, catalog.EVENTS[mqrc.MQRC_Q_MGR_ACTIVE], [_name(ctx.qm.name)])


# ---- channel events ----------------------------------------------------------------------
#: The channel types whose events carry XmitQName (IBM "Channel Started": "For sender,
#: server, cluster-sender, and cluster-receiver channels only").
_XMIT_TYPES = frozenset({"SDR", "SVR", "CLUSSDR", "CLUSRCVR"})


def channel_started(ctx: Ctx, name: str, chltype: str, xmitq: str, conname: str) -> None:
    """Channel Started: "an instance of a channel has been successfully established"
    (CHLEV(ENABLED) only: EXCEPTION leaves it out, "ChannelEvent (MQLONG)")."""
    if switch(ctx, "CHLEV") != "ENABLED":
        return
    params = [_name(ctx.qm.name), _string("MQCACH_CHANNEL_NAME", name)]
    if chltype in _XMIT_TYPES:
        params.append(_string("MQCACH_XMIT_Q_NAME", xmitq))
    params.append(_string("MQCACH_CONNECTION_NAME", conname))
    put_event(ctx, catalog.EVENTS[mqrc.MQRC_CHANNEL_STARTED], params)


def channel_stopped(
    ctx: Ctx, name: str, chltype: str, xmitq: str, conname: str, qualifier: str, error: int = 0
) -> None:
    """Channel Stopped with ReasonQualifier ``qualifier`` (MQRQ_CHANNEL_STOPPED_OK, _ERROR,
    _RETRY, _DISABLED): "It will only be issued if the channel instance previously issued a
    channel started event"; CHLEV(EXCEPTION) reports all but _OK."""
    level = switch(ctx, "CHLEV")
    if level == "DISABLED" or (level == "EXCEPTION" and qualifier == "MQRQ_CHANNEL_STOPPED_OK"):
        return
    params = [
        _name(ctx.qm.name),
        _int("MQIACF_REASON_QUALIFIER", _c(qualifier)),
        _string("MQCACH_CHANNEL_NAME", name),
        _int("MQIACF_ERROR_IDENTIFIER", error),
        _int("MQIACF_AUX_ERROR_DATA_INT_1", 0),
        _int("MQIACF_AUX_ERROR_DATA_INT_2", 0),
        _string("MQCACF_AUX_ERROR_DATA_STR_1", ""),
        _string("MQCACF_AUX_ERROR_DATA_STR_2", ""),
        _string("MQCACF_AUX_ERROR_DATA_STR_3", ""),
    ]
    if chltype in _XMIT_TYPES:
        params.append(_string("MQCACH_XMIT_Q_NAME", xmitq))
    params.append(_string("MQCACH_CONNECTION_NAME", conname))
    put_event(ctx, catalog.EVENTS[mqrc.MQRC_CHANNEL_STOPPED], params)


def channel_stopped_by_user(ctx: Ctx, name: str) -> None:
    """Channel Stopped By User: "issued when a user issues a STOP CHL command", with
    ReasonQualifier MQRQ_CHANNEL_STOPPED_DISABLED (an EXCEPTION event)."""
    if switch(ctx, "CHLEV") == "DISABLED":
        return
    params = [
        _name(ctx.qm.name),
        _int("MQIACF_REASON_QUALIFIER", _c("MQRQ_CHANNEL_STOPPED_DISABLED")),
        _string("MQCACH_CHANNEL_NAME", name),
    ]
    put_event(ctx, catalog.EVENTS[mqrc.MQRC_CHANNEL_STOPPED_BY_USER], params)


# ---- command events ----------------------------------------------------------------------
#: Commands that never make a command event ("Command event generation": REFRESH QMGR
#: TYPE(EARLY), START QMGR, SUSPEND QMGR LOG, RESUME QMGR LOG).
def _no_command_event(cmd: Command) -> bool:
    verb, obj = cmd.verb, cmd.objtype
    if (verb, obj) == ("START", "QMGR"):
        return True
    if (verb, obj) == ("REFRESH", "QMGR") and str(cmd.get("TYPE") or "") == "EARLY":
        return True
    return (verb, obj) in (("SUSPEND", "QMGR"), ("RESUME", "QMGR")) and bool(cmd.get("LOG"))


def after_command(ctx: Ctx, cmd: Command, text: str, before: str) -> None:
    """A command that ran successfully: its command event ("Command event generation": with
    CMDEV ENABLED for every command, NODISPLAY for all but DISPLAY; ALTER QMGR when CMDEV is
    not DISABLED after the change, or was not before it). On z/OS an MQSC command's data is
    its text (MQCACF_COMMAND_MQSC in the CommandData group: "for MQSC commands, the command
    text"), reason MQRC_COMMAND_MQSC."""
    now = switch(ctx, "CMDEV")
    if (cmd.verb, cmd.objtype) == ("ALTER", "QMGR"):
        level = now if now != "DISABLED" else before
    else:
        level = now
    if level == "DISABLED" or _no_command_event(cmd):
        return
    if level == "NODISPLAY" and cmd.verb == "DISPLAY":
        return
    context = [
        *origin_params(ctx),
        _int("MQIACF_COMMAND", _c(catalog.pcf_command(cmd.verb, cmd.objtype, CONSTANTS))),
    ]
    data = [Param(pid("MQCACF_COMMAND_MQSC"), text)]
    params = [
        Param(pid("MQGACF_COMMAND_CONTEXT"), tuple(context)),
        Param(pid("MQGACF_COMMAND_DATA"), tuple(data)),
    ]
    put_event(ctx, catalog.EVENTS[mqrc.MQRC_COMMAND_MQSC], params)


# ---- configuration events ----------------------------------------------------------------
#: The tables whose objects configuration events report, and the verbs that change them
#: ("Create object": "A DEFINE or DEFINE REPLACE command"; "Delete object": "A DELETE
#: command"; change object: ALTER, and DEFINE REPLACE of an existing object).
_CONFIG_VERBS = frozenset({"DEFINE", "ALTER", "DELETE"})


def object_params(table: str, obj: Any, qmgr: str) -> list[Param]:
    """The object identity and attributes of configuration event data: its name, type
    (QType for queues) and every attribute mqsc maps to a PCF parameter
    (mqsc/catalog/pcf.py OBJECTS), then its alteration date and time."""
    objtype, name_param, attributes = OBJECTS[table]
    name = qmgr if table == "qmgr" else obj.name
    params = [
        _int("MQIACF_OBJECT_TYPE", _c(objtype)),
        _string(name_param, name),
    ]
    if table in QUEUE_TYPES:
        params.append(_int("MQIA_Q_TYPE", _c(QUEUE_TYPES[table])))
    attrs = obj.attrs
    if table == "qmgr":  # what ALTER QMGR never set has IBM's default
        attrs = {**_QMGR_DEFAULTS, **dict(attrs)}
    for keyword, attribute in attributes.items():
        if keyword not in attrs:
            continue
        value = attrs.get(keyword)
        number = pid(attribute.parameter)
        meta = PARAMETERS[number]
        if attribute.values is not None:
            # Flag pairs (SHARE/NOSHARE, TRIGGER/NOTRIGGER, HARDENBO/NOHARDENBO) hold booleans.
            word = ("YES" if value else "NO") if isinstance(value, bool) else str(value).upper()
            if word not in attribute.values:
                continue
            params.append(Param(number, _c(attribute.values[word])))
        elif meta.kind == "integer":
            try:
                params.append(Param(number, int(value)))
            except (TypeError, ValueError):
                continue
        elif meta.kind == "strings":
            names = value if isinstance(value, list | tuple) else [value] if value else []
            params.append(Param(number, tuple(str(n) for n in names), meta.length))
        else:
            params.append(Param(number, "" if value is None else str(value), meta.length))
    altered = getattr(obj, "altered", "") or ""
    if altered:
        date, _, time = altered.partition(" ")
        params.append(_string("MQCA_ALTERATION_DATE", date))
        params.append(_string("MQCA_ALTERATION_TIME", time))
    return params


def _config_tables() -> frozenset[str]:
    return frozenset(OBJECTS)


def config_changes(ctx: Ctx, base: dict[str, dict[Any, Any]]) -> None:
    """The configuration events of a command that changed object definitions (CONFIGEV
    ENABLED): Create object, Delete object, or Change object as two messages, the object
    before (MsgSeqNumber 1, MQCFC_NOT_LAST) and after (2, MQCFC_LAST) with "The same
    correlation ID" ("Configuration events"). ``base``: the tables as they were."""
    cmd = ctx.cmd
    if cmd is None or cmd.verb not in _CONFIG_VERBS or switch(ctx, "CONFIGEV") != "ENABLED":
        return

    for table in sorted(_config_tables() & set(ctx.txn.pending)):
        if table == "qmgr" and (cmd.verb, cmd.objtype) != ("ALTER", "QMGR"):
            continue
        for key, new in list(ctx.txn.pending[table].items()):
            old = base[table].get(key)
            new = None if new is None or not hasattr(new, "attrs") else new
            if old is new:
                continue
            origin = origin_params(ctx)
            if old is None and new is not None:
                etype = catalog.EVENTS[mqrc.MQRC_CONFIG_CREATE_OBJECT]
                put_event(ctx, etype, [*origin, *object_params(table, new, ctx.qm.name)])
            elif new is None and old is not None:
                etype = catalog.EVENTS[mqrc.MQRC_CONFIG_DELETE_OBJECT]
                put_event(ctx, etype, [*origin, *object_params(table, old, ctx.qm.name)])
            elif old is not None and new is not None:
                etype = catalog.EVENTS[mqrc.MQRC_CONFIG_CHANGE_OBJECT]
                correl = ctx.qm.new_msgid(ctx)
                before = [*origin, *object_params(table, old, ctx.qm.name)]
                after = [*origin, *object_params(table, new, ctx.qm.name)]
                put_event(ctx, etype, before, seq=1, last=False, correlid=correl)
                put_event(ctx, etype, after, seq=2, last=True, correlid=correl)


def refresh(ctx: Ctx, objects: Iterable[tuple[str, Any]]) -> int:
    """REFRESH QMGR TYPE(CONFIGEV): a Refresh object event for each object selected ("one
    event is generated for each object that is selected by the command"); how many."""
    etype = catalog.EVENTS[mqrc.MQRC_CONFIG_REFRESH_OBJECT]
    count = 0
    for table, obj in objects:
        if table in OBJECTS:
            put_event(ctx, etype, [*origin_params(ctx), *object_params(table, obj, ctx.qm.name)])
            count += 1
    return count
