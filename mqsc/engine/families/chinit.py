"""The channel initiator's commands (mqsc/catalog/chinit.py): START / STOP / DISPLAY CHINIT,
START / STOP LISTENER, START / STOP CHANNEL, DISPLAY CHSTATUS, RESOLVE and RESET CHANNEL, over
the state :mod:`mqsc.engine.channelstate` keeps.

While it is not active, every channel initiator command but START CHINIT gets the z/OS answer
"channel initiator not active" (the absent answer, mqsc/engine/absent.py), as IBM MQ for z/OS
documents for DISPLAY CHSTATUS: "The command fails if the channel initiator has not been
started".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mqsc.catalog import product
from mqsc.catalog.absent import FACILITIES
from mqsc.catalog.channels import DEFAULT_PORT
from mqsc.catalog.chinit import CHSTATUS
from mqsc.engine import clusterstate, connregistry, objectcommands, repository
from mqsc.engine.channelstate import (
    CHANNELS,
    CHINIT,
    LISTENERS,
    RECEIVERS,
    SENDERS,
    Network,
    active,
    channel_of,
    definition,
    in_doubt,
    ports,
    qmgr_attrs,
    resolve,
    set_attrs,
    set_status,
    set_sync,
    start_sender,
    statuses,
    sync_of,
    syncs,
)
from mqsc.engine.context import Ctx
from mqsc.engine.phase import Phase
from mqsc.engine.registry import handles


def _require_command_server(ctx: Ctx) -> None:
    """IBM MQ for z/OS, "START CHINIT" and "DISPLAY CHINIT" usage notes: "The command server
    must be running". Start-up's CSQINP2 is not refused: the queue manager starts its command
    server itself."""
    if ctx.qm.phase is Phase.RUNNING and qmgr_attrs(ctx).get("CMDSERV", "RUNNING") != "RUNNING":
        raise ctx.fail("MQSC539E", command=f"{ctx.cmd.verb} {ctx.cmd.objtype}")


def _require_active(ctx: Ctx) -> None:
    if not active(qmgr_attrs(ctx)):
        raise ctx.fail(FACILITIES["CHINIT"].msg_id)  # CSQM131I, as the absent answer


# ---- START / STOP / DISPLAY CHINIT -----------------------------------------------------------
@handles("START", "CHINIT")
def start_chinit(ctx: Ctx) -> None:
    _require_command_server(ctx)
    if active(qmgr_attrs(ctx)):
        raise ctx.fail("MQSC532E")
    if ctx.cmd.get("PARM"):
        ctx.say("CSQX003I")  # the parameter module is obsolete and ignored (CSQX003I)
    ctx.say("MQSC538I")
    set_attrs(ctx, **{CHINIT: "ACTIVE"})
    connregistry.connect_chinit(ctx)  # the CHIN address space connects (DISPLAY CONN)
    if repository.member_clusters(ctx.txn) or ctx.txn.get("messages", repository.REPOSITORY_QUEUE):
        # The repository manager starts with the channel initiator: it looks at what waits
        # for it (docs/clusters.md).
        clusterstate.note(ctx, "START")
    ctx.console("CSQX000I", csect="CSQXJST", version=product.CHINIT_RELEASE)
    ctx.console("CSQX001I", csect="CSQXJST")
    ctx.console("CSQX022I", csect="CSQXSUPR")


@handles("STOP", "CHINIT")
def stop_chinit(ctx: Ctx) -> None:
    """IBM "STOP CHINIT" usage notes: sender and server channels stop as STOP CHANNEL
    MODE(QUIESCE) STATUS(INACTIVE) does, the others as MODE(FORCE); its listeners stop."""
    # Its channel accounting in progress is written before its channels end (IBM MQ
    # "Planning for channel initiator SMF data": at its shutdown any SMF data is written); a
    # command that fails writes nothing.
    if ctx.txn.get("smf", "channels") is not None:
        from mqsc.engine.smf import channelaccounting  # noqa: PLC0415 - start-up: loaded when it runs

        channelaccounting.chinit_stopping(ctx, ctx.qm.clock())
    _require_active(ctx)
    attrs = qmgr_attrs(ctx)
    ctx.say("MQSC537I", command="STOP CHINIT")
    ctx.console("MQSC343I", csect="CSQXSPRM")
    for port in ports(attrs):
        ctx.console("MQSC346I", csect="CSQXCLMA", port=port, address="*")
    for name, status in sorted(statuses(attrs).items()):
        if status.get("STATUS") != "STOPPED":
            ctx.console("MQSC348I", csect="CSQXRESP", channel=name)
    kept = {n: s for n, s in statuses(attrs).items() if s.get("STATUS") == "STOPPED"}
    set_attrs(ctx, **{CHINIT: None, LISTENERS: None, CHANNELS: kept or None})
    connregistry.end_chinit(ctx)  # its connections and its channels' end with it
    ctx.console("MQSC344I", csect="CSQXSPRM")


@handles("DISPLAY", "CHINIT")
def display_chinit(ctx: Ctx) -> None:
    _require_command_server(ctx)
    _require_active(ctx)
    attrs = qmgr_attrs(ctx)
    ctx.say("MQSC537I", command="DISPLAY CHINIT")
    ctx.say("MQSC360I")
    ctx.say("MQSC361I", started=attrs.get("CHIADAPS", 8), requested=attrs.get("CHIADAPS", 8))
    ctx.say("MQSC362I", started=attrs.get("CHIDISPS", 5), requested=attrs.get("CHIDISPS", 5))
    listening = ports(attrs)
    for port in listening:
        ctx.say("MQSC365I", indisp="QMGR", port=port, address="*")
    if not listening:
        ctx.say("MQSC366I", indisp="QMGR")
    ctx.say(
        "MQSC363I",
        maxchl=attrs.get("MAXCHL", 200),
        tcpchl=attrs.get("TCPCHL", 200),
        lu62chl=attrs.get("LU62CHL", 200),
    )
    states = [s.get("STATUS") for s in statuses(attrs).values()]
    ctx.say(
        "MQSC364I",
        current=len(states),
        active=sum(s not in ("STOPPED", "RETRYING") for s in states),
        stopped=states.count("STOPPED"),
        retrying=states.count("RETRYING"),
        actchl=attrs.get("ACTCHL", 200),
    )


# ---- START / STOP LISTENER -------------------------------------------------------------------
@handles("START", "LISTENER")
def start_listener(ctx: Ctx) -> None:
    """IBM "START LISTENER" usage notes (z/OS): each request adds its port to those the
    listener listens on, and fails if it repeats one already listened on."""
    _require_active(ctx)
    if ctx.cmd.get("TRPTYPE", "TCP") != "TCP":
        raise ctx.fail("MQSC333E", trptype=ctx.cmd.get("TRPTYPE"))
    port = int(ctx.cmd.get("PORT", DEFAULT_PORT))
    listening = ports(qmgr_attrs(ctx))
    if port in listening:
        raise ctx.fail("MQSC334E", port=port)
    ctx.say("MQSC537I", command="START LISTENER")
    set_attrs(ctx, **{LISTENERS: sorted((*listening, port))})
    ctx.console("MQSC345I", csect="CSQXCLMA", port=port, address="*")


@handles("STOP", "LISTENER")
def stop_listener(ctx: Ctx) -> None:
    """IBM "STOP LISTENER" usage notes (z/OS): a PORT stops that port; neither address nor
    port stops every one."""
    _require_active(ctx)
    listening = ports(qmgr_attrs(ctx))
    port = ctx.cmd.get("PORT")
    stopping = listening if port is None else tuple(p for p in listening if p == int(port))
    if not stopping:
        raise ctx.fail("MQSC335E", port=port if port is not None else "*")
    ctx.say("MQSC537I", command="STOP LISTENER")
    left = [p for p in listening if p not in stopping]
    set_attrs(ctx, **{LISTENERS: left or None})
    for p in stopping:
        ctx.console("MQSC346I", csect="CSQXCLMA", port=p, address="*")


# ---- START / STOP CHANNEL, DISPLAY CHSTATUS ---------------------------------------------------
def _channel(ctx: Ctx) -> Any:
    # A channel defined here, else a cluster-sender the cluster defined automatically (IBM
    # "Stop Channel": the command applies to the locally defined one when both exist).
    obj = definition(ctx, str(ctx.cmd.name))
    if obj is None:
        raise ctx.not_found("CHANNEL", ctx.cmd.name)
    return obj


@handles("START", "CHANNEL")
def start_channel(ctx: Ctx) -> None:
    """A sender or server starts: RUNNING when its CONNAME reaches a partner ready to receive
    (the network's CONNAME rule, docs/channels.md), else RETRYING. A receiver or requester
    START only takes it out of STOPPED: it runs when its partner starts (IBM "START
    CHANNEL": a receiver channel is started by its sender)."""
    _require_active(ctx)
    obj = _channel(ctx)
    name, chltype = obj.name, str(obj.get("CHLTYPE"))
    if chltype not in SENDERS | RECEIVERS:
        raise ctx.fail("MQSC336E", channel=name, chltype=chltype)
    if statuses(qmgr_attrs(ctx)).get(name, {}).get("STATUS") == "RUNNING":
        # IBM MQ for z/OS refuses to start a channel that is active (MQRCCF_CHANNEL_IN_USE,
        # 4031: "the channel is currently active"); its counters and partner stay as they are.
        raise ctx.fail("MQSC349E", csect="CSQXSTRT", channel=name)
    ctx.say("MQSC534I", command="START", channel=name)
    conname = str(ctx.cmd.get("CONNAME") or obj.get("CONNAME", "")).strip()
    if chltype == "RQSTR" and conname:
        # IBM "Requester-server and requester-sender channels": a requester with a CONNAME
        # calls its partner; a server starts and sends over that conversation, a sender
        # ends it and calls the requester back. REQUESTING until the network has done it.
        set_status(
            ctx,
            name,
            {
                "CHLTYPE": chltype,
                "CONNAME": conname,
                "XMITQ": "",
                "STATUS": "REQUESTING",
                "MSGS": 0,
                "BATCHES": 0,
                "RQMNAME": "",
            },
        )
        return
    if chltype in RECEIVERS:
        set_status(ctx, name, None)
        return
    start_sender(ctx, obj, conname)


@handles("STOP", "CHANNEL")
def stop_channel(ctx: Ctx) -> None:
    """STOP CHANNEL: STATUS(STOPPED) (the default) leaves the channel stopped until START
    CHANNEL; STATUS(INACTIVE) ends it (IBM "STOP CHANNEL"). Whatever is on its transmission
    queue stays there."""
    _require_active(ctx)
    obj = _channel(ctx)
    ctx.say("MQSC534I", command="STOP", channel=obj.name)
    old = statuses(qmgr_attrs(ctx)).get(obj.name)
    if ctx.cmd.get("STATUS", "STOPPED") == "INACTIVE":
        set_status(ctx, obj.name, None, by_user=True)
    else:
        base = (
            dict(old)
            if old
            else {
                "CHLTYPE": str(obj.get("CHLTYPE")),
                "CONNAME": str(obj.get("CONNAME", "")),
                "XMITQ": str(obj.get("XMITQ", "")),
                "MSGS": 0,
                "BATCHES": 0,
                "RQMNAME": "",
            }
        )
        set_status(ctx, obj.name, {**base, "STATUS": "STOPPED"}, by_user=True)
    if old is not None and old.get("STATUS") != "STOPPED":
        ctx.console("MQSC348I", csect="CSQXRESP", channel=obj.name)


_FIXED = {"STOPREQ": "NO"}
#: The unit of work of a channel that has committed none yet (z/OS shows zeros).
NO_LUWID = "0000000000000000"


@handles("DISPLAY", "CHSTATUS")
def display_chstatus(ctx: Ctx) -> None:
    _require_active(ctx)
    xmitq = ctx.cmd.get("XMITQ")
    rows = []
    current = statuses(qmgr_attrs(ctx))
    if ctx.cmd.get("SAVED"):
        # IBM "DISPLAY CHSTATUS" SAVED: the synchronisation data saved for each channel that
        # ever moved a batch, running or not (an inactive one shows STATUS(INACTIVE)).
        current = {
            n: current.get(n) or _inactive(ctx, channel_of(n)) for n in syncs(qmgr_attrs(ctx))
        }
    for key, status in sorted(current.items()):
        # A cluster-receiver runs one instance per sending queue manager: each is a row.
        name = channel_of(key)
        if not _matches(str(ctx.cmd.name), name):
            continue
        if xmitq is not None and not _matches(str(xmitq), str(status.get("XMITQ", ""))):
            continue
        rows.append(_status_getter(ctx, key, status))
    objectcommands.display(ctx, CHSTATUS, iter(rows))


def _inactive(ctx: Ctx, name: str) -> dict[str, Any]:
    obj = definition(ctx, name)
    return {
        "CHLTYPE": str(obj.get("CHLTYPE")) if obj is not None else "",
        "CONNAME": str(obj.get("CONNAME", "")) if obj is not None else "",
        "XMITQ": str(obj.get("XMITQ", "")) if obj is not None else "",
        "STATUS": "INACTIVE",
    }


def _matches(pattern: str, name: str) -> bool:
    return name.startswith(pattern[:-1]) if pattern.endswith("*") else name == pattern


def _status_getter(ctx: Ctx, key: str, status: Mapping[str, Any]) -> Callable[[str], object]:
    name = channel_of(key)
    obj = definition(ctx, name)
    sync = sync_of(qmgr_attrs(ctx), key)
    doubt = sync.get("INDOUBT") or {}
    last = {
        "LSTSEQNO": int(sync.get("SEQNO", 0)),
        "LSTLUWID": sync.get("LUWID") or NO_LUWID,
        "INDOUBT": "YES" if doubt else "NO",
    }
    last["CURSEQNO"] = int(doubt.get("SEQNO", last["LSTSEQNO"]))
    last["CURLUWID"] = doubt.get("LUWID", last["LSTLUWID"])

    def get(attr: str) -> object:
        if attr == "CHSTATUS":
            return name
        if attr in last:
            return last[attr]
        if attr == "BATCHSZ":
            return obj.get("BATCHSZ", 50) if obj is not None else 50
        if attr in _FIXED:
            return _FIXED[attr]
        return status.get(attr, "")

    return get


@handles("RESOLVE", "CHANNEL")
def resolve_channel(ctx: Ctx) -> None:
    """IBM "RESOLVE CHANNEL": for sender and server channels whose partner cannot be reached
    to resolve a batch in doubt; COMMIT discards the batch's messages from the transmission
    queue, BACKOUT restores them. "If the resolution specified is not the same as the
    resolution at the receiving end, messages can be lost or duplicated."""
    _require_active(ctx)
    obj = _channel(ctx)
    name, chltype = obj.name, str(obj.get("CHLTYPE"))
    if chltype not in SENDERS:
        raise ctx.fail("MQSC336E", channel=name, chltype=chltype)
    if statuses(qmgr_attrs(ctx)).get(name, {}).get("STATUS") == "RUNNING":
        raise ctx.fail("MQSC349E", csect="CSQXRESV", channel=name)
    if in_doubt(qmgr_attrs(ctx), name) is None:
        raise ctx.fail("MQSC337E", channel=name)
    ctx.say("MQSC534I", command="RESOLVE", channel=name)
    resolve(ctx, name, ctx.cmd.get("ACTION") == "COMMIT", "RESOLVE CHANNEL")


@handles("RESET", "CHANNEL")
def reset_channel(ctx: Ctx) -> None:
    """IBM "RESET CHANNEL": the next message the channel sends (or expects) has sequence
    number SEQNUM (default 1). In mqsc the receiving end takes the sender's numbers with each
    batch, so a reset at the sending end is what both ends see after the next batch. A
    channel in doubt is refused (MQRCCF_CHANNEL_INDOUBT, 4025): resolve it first."""
    _require_active(ctx)
    obj = _channel(ctx)
    name, chltype = obj.name, str(obj.get("CHLTYPE"))
    if chltype not in SENDERS | RECEIVERS:
        raise ctx.fail("MQSC336E", channel=name, chltype=chltype)
    if in_doubt(qmgr_attrs(ctx), name) is not None:
        raise ctx.fail("MQSC340E", channel=name)
    ctx.say("MQSC534I", command="RESET", channel=name)
    record = dict(sync_of(qmgr_attrs(ctx), name))
    record["SEQNO"] = int(ctx.cmd.get("SEQNUM", 1)) - 1
    set_sync(ctx, name, record)


@handles("PING", "CHANNEL")
def ping_channel(ctx: Ctx) -> None:
    """IBM "PING CHANNEL": "On z/OS, the command server and the channel initiator must be
    running"; "This command can be used only for sender (SDR), server (SVR), and
    cluster-sender (CLUSSDR) channels ... It is not valid if the channel is running; however,
    it is valid if the channel is stopped or in retry mode." The data goes to the partner the
    CONNAME reaches over the home's network (docs/channels.md) and comes back, or the ping
    fails as a start would retry (the partner's channel initiator, listener or receiving
    channel is not there). Nothing changes."""
    _require_active(ctx)
    obj = _channel(ctx)
    name, chltype = obj.name, str(obj.get("CHLTYPE"))
    if chltype not in ("SDR", "SVR", "CLUSSDR"):
        raise ctx.fail("MQSC374E", channel=name, chltype=chltype)
    if statuses(qmgr_attrs(ctx)).get(name, {}).get("STATUS") == "RUNNING":
        raise ctx.fail("MQSC349E", csect="CSQXPING", channel=name)
    conname = str(obj.get("CONNAME", "")).strip()
    network: Network | None = getattr(ctx.qm, "network", None)
    why = (
        network.partner(ctx.qm, conname, name)
        if network is not None
        else ("no other queue manager is reachable from this one")
    )
    if why:
        raise ctx.fail("MQSC373E", channel=name, why=why)
    ctx.say("MQSC372I", channel=name, length=int(ctx.cmd.get("DATALEN", 16)))
