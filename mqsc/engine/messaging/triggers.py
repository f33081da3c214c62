"""Triggering of application queues: trigger messages (MQTM) on initiation queues.

IBM MQ, "Conditions for a trigger event": the queue manager writes a trigger message to a
queue's initiation queue when a message of priority TRIGMPRI or more is put on a local queue
with TRIGGER, TRIGTYPE not NONE and a non-blank INITQ that exists, and the number of such
messages on it was before the put zero (TRIGTYPE(FIRST)), anything (EVERY: one trigger message
per message) or TRIGDPTH minus one (DEPTH: then TRIGGER goes off, as MQTT_DEPTH's description
says, until it is set on again); for FIRST and DEPTH no program has the application queue open
for input; a program (a trigger monitor: CKTI for CICS, CSQQTRMN for IMS) has the initiation
queue open for input; and the process definition PROCESS names exists (a transmission queue
needs none). A trigger monitor that opens an initiation queue also finds the FIRST and DEPTH
queues that already hold such messages: each gives a trigger message then.

Trigger messages are nonpersistent MQTM structures (MQTM_LENGTH, 684 bytes: QName,
ProcessName, TriggerData, ApplType, ApplId, EnvData, UserData), put through the initiation
queue's page set like any other message. Transmission queues served by the channel initiator
(INITQ(SYSTEM.CHANNEL.INITQ)) are left to mqsc/engine/channelstate.py, which starts their channels.

The conditions here are pure functions of the queue, its messages and the handles open on it
(a trigger monitor is a connection like any other: mqsc/engine/connregistry.py); the puts are
mqsc/engine/messaging/privateq.py's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from mqsc.engine import connregistry
from mqsc.engine.mqobjects import MQObject
from mqsc.engine.records import TriggerMessage

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.context import Ctx

#: The length of an MQTM (version 1), the body of a trigger message.
MQTM_LENGTH = 684
#: The initiation queue the channel initiator serves (IBM "Starting a channel with
#: triggering"): its transmission queues are triggered by mqsc/engine/channelstate.py.
CHANNEL_INITQ = "SYSTEM.CHANNEL.INITQ"


def monitored(ctx: Ctx, queue: str) -> bool:
    """Whether a program has ``queue`` open for input (IBM "Conditions for a trigger event":
    the initiation queue open for input by a trigger monitor; for FIRST and DEPTH, the
    application queue by nobody): a handle of any connection (mqsc/engine/connregistry.py)."""
    return connregistry.open_counts(ctx.txn, queue)[0] > 0


def armed(q: MQObject) -> bool:
    """Whether a queue's own attributes allow trigger events (TRIGGER on, a trigger type, an
    initiation queue named)."""
    return (
        bool(q.get("TRIGGER"))
        and q.get("TRIGTYPE", "NONE") != "NONE"
        and bool(str(q.get("INITQ", "")).strip())
    )


def counted(store: Any, q: MQObject) -> int:
    """The messages on the queue that count toward a trigger event: priority TRIGMPRI or
    more, committed and uncommitted alike (IBM "Designing an application that uses triggered
    queues": "The queue manager counts both committed and uncommitted messages when it
    assesses whether the conditions for a trigger event exist"), as CURDEPTH counts them."""
    if store is None:
        return 0
    threshold = int(q.get("TRIGMPRI", 0))
    return sum(run.count - run.locked for run in store.runs if run.priority >= threshold)


def fired(q: MQObject, before: int, priority: int, put: int) -> int:
    """How many trigger messages a put of ``put`` messages of ``priority`` makes, the queue
    holding ``before`` counted messages: the trigger-type conditions only."""
    if put <= 0 or priority < int(q.get("TRIGMPRI", 0)):
        return 0
    kind = q.get("TRIGTYPE")
    if kind == "EVERY":
        return put
    if kind == "FIRST":
        return 1 if before == 0 else 0
    if kind == "DEPTH":
        depth = int(q.get("TRIGDPTH", 1))
        return 1 if before < depth <= before + put else 0
    return 0


def target(ctx: Ctx, q: MQObject) -> tuple[MQObject, MQObject | None] | None:
    """The initiation queue and process a trigger event of ``q`` uses, or None when one of
    the other conditions fails (the initiation queue missing or not monitored, the process
    missing, the application queue open for input, a channel initiator's queue)."""
    initq_name = str(q.get("INITQ", "")).strip()
    if q.get("USAGE") == "XMITQ" and initq_name == CHANNEL_INITQ:
        return None
    initq = ctx.txn.get("qlocal", initq_name)
    if initq is None or initq_name == q.name or not monitored(ctx, initq_name):
        return None
    if q.get("TRIGTYPE") in ("FIRST", "DEPTH") and monitored(ctx, q.name):
        return None
    process_name = str(q.get("PROCESS", "")).strip()
    process = ctx.txn.get("process", process_name) if process_name else None
    if process is None and q.get("USAGE") != "XMITQ":
        return None
    return initq, process


def message(q: MQObject, initq: MQObject, process: MQObject | None) -> TriggerMessage:
    """The trigger message of an event on ``q`` (the MQTM's fields)."""

    def field(name: str) -> str:
        return str(process.get(name, "")) if process is not None else ""

    return TriggerMessage(
        initq.name,
        q.name,
        process.name if process is not None else "",
        str(q.get("TRIGDATA", "")),
        field("APPLTYPE"),
        field("APPLICID"),
        field("ENVRDATA"),
        field("USERDATA"),
    )


def waiting(ctx: Ctx, initq: str) -> Iterator[MQObject]:
    """The queues a trigger monitor finds when it opens ``initq``: FIRST and DEPTH queues
    naming it that already hold enough counted messages, in name order."""
    for name in sorted(ctx.txn.keys("qlocal")):
        q = ctx.txn.get("qlocal", name)
        if not armed(q) or str(q.get("INITQ", "")).strip() != initq:
            continue
        held = counted(ctx.txn.get("messages", name), q)
        kind = q.get("TRIGTYPE")
        if (kind == "FIRST" and held) or (kind == "DEPTH" and held >= int(q.get("TRIGDPTH", 1))):
            yield q


def trigger_off(ctx: Ctx, q: MQObject) -> None:
    """After a DEPTH trigger the queue manager sets TRIGGER off (MQTT_DEPTH): the definition
    changes, not its ALTDATE (no command altered it)."""
    ctx.txn.put(
        "qlocal",
        q.name,
        MQObject(q.objtype, q.name, q.attrs.updated({"TRIGGER": False}), q.created, q.altered),
    )
