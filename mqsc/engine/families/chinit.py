"""The channel initiator's commands (mqsc/catalog/chinit.py): START / STOP / DISPLAY CHINIT,
START / STOP LISTENER, START / STOP CHANNEL, DISPLAY CHSTATUS, RESOLVE and RESET CHANNEL, over
the state :mod:`mqsc.engine.channelstate` keeps.

While it is not active, every channel initiator command but START CHINIT gets the z/OS answer
"channel initiator not active" (the absent answer, mqsc/engine/absent.py), as IBM MQ for z/OS
documents for DISPLAY CHSTATUS: "The command fails if the channel initiator has not been
started".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from mqsc.catalog import product
from mqsc.catalog.absent import FACILITIES
from mqsc.catalog.channels import DEFAULT_PORT
from mqsc.catalog.chinit import CHSTATUS
from mqsc.engine import channelstate, clusterstate, connregistry, objectcommands, repository
from mqsc.engine.channelrecords import ChannelStatus, ChannelSync
from mqsc.engine.channelstate import (
    RECEIVERS,
    SENDERS,
    Network,
    channel_of,
    chinit_of,
    definition,
    in_doubt,
    qmgr_attrs,
    resolve,
    set_listeners,
    set_status,
    set_sync,
    start_sender,
    status_of,
    sync_of,
)
from mqsc.engine.context import Ctx
from mqsc.engine.mqobjects import MQObject
from mqsc.engine.phase import Phase
from mqsc.engine.registry import handles


def _require_command_server(ctx: Ctx) -> None:
    """IBM MQ for z/OS, "START CHINIT" and "DISPLAY CHINIT" usage notes: "The command server
    must be running". Start-up's CSQINP2 is not refused: the queue manager starts its command
    server itself."""
    if ctx.qm.phase is Phase.RUNNING and qmgr_attrs(ctx).get("CMDSERV", "RUNNING") != "RUNNING":
        raise ctx.fail("MQSC539E", command=f"{ctx.cmd.verb} {ctx.cmd.objtype}")


def _require_active(ctx: Ctx) -> None:
    if not chinit_of(ctx).active:
        raise ctx.fail(FACILITIES["CHINIT"].msg_id)  # CSQM131I, as the absent answer


# ---- START / STOP / DISPLAY CHINIT -----------------------------------------------------------
@handles("START", "CHINIT")
def start_chinit(ctx: Ctx) -> None:
    _require_command_server(ctx)
    if chinit_of(ctx).active:
        raise ctx.fail("MQSC532E")
    if ctx.cmd.get("PARM"):
        ctx.say("CSQX003I")  # the parameter module is obsolete and ignored (CSQX003I)
    ctx.say("MQSC538I")
    channelstate.start(ctx)
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
    chinit = chinit_of(ctx)
    ctx.say("MQSC537I", command="STOP CHINIT")
    ctx.console("MQSC343I", csect="CSQXSPRM")
    for port in chinit.listeners:
        ctx.console("MQSC346I", csect="CSQXCLMA", port=port, address="*")
    for name, status in sorted(chinit.statuses.items()):
        if status.status != "STOPPED":
            ctx.console("MQSC348I", csect="CSQXRESP", channel=name)
    channelstate.shutdown(ctx)  # its connections and its channels' end with it
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
    chinit = chinit_of(ctx)
    listening = chinit.listeners
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
    states = [s.status for s in chinit.statuses.values()]
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
    listening = chinit_of(ctx).listeners
    if port in listening:
        raise ctx.fail("MQSC334E", port=port)
    ctx.say("MQSC537I", command="START LISTENER")
    set_listeners(ctx, (*listening, port))
    ctx.console("MQSC345I", csect="CSQXCLMA", port=port, address="*")


@handles("STOP", "LISTENER")
def stop_listener(ctx: Ctx) -> None:
    """IBM "STOP LISTENER" usage notes (z/OS): a PORT stops that port; neither address nor
    port stops every one."""
    _require_active(ctx)
    listening = chinit_of(ctx).listeners
    port = ctx.cmd.get("PORT")
    stopping = listening if port is None else tuple(p for p in listening if p == int(port))
    if not stopping:
        raise ctx.fail("MQSC335E", port=port if port is not None else "*")
    ctx.say("MQSC537I", command="STOP LISTENER")
    set_listeners(ctx, (p for p in listening if p not in stopping))
    for p in stopping:
        ctx.console("MQSC346I", csect="CSQXCLMA", port=p, address="*")


# ---- START / STOP CHANNEL, DISPLAY CHSTATUS ---------------------------------------------------
def _channel(ctx: Ctx) -> MQObject:
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
    if status_of(chinit_of(ctx), name) == "RUNNING":
        # IBM MQ for z/OS refuses to start a channel that is active (MQRCCF_CHANNEL_IN_USE,
        # 4031: "the channel is currently active"); its counters and partner stay as they are.
        raise ctx.fail("MQSC349E", csect="CSQXSTRT", channel=name)
    ctx.say("MQSC534I", command="START", channel=name)
    conname = str(ctx.cmd.get("CONNAME") or obj.get("CONNAME", "")).strip()
    if chltype == "RQSTR" and conname:
        # IBM "Requester-server and requester-sender channels": a requester with a CONNAME
        # calls its partner; a server starts and sends over that conversation, a sender
        # ends it and calls the requester back. REQUESTING until the network has done it.
        requesting = ChannelStatus(
            chltype, conname, "", "REQUESTING", msgs=0, batches=0, rqmname=""
        )
        set_status(ctx, name, requesting)
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
    old = chinit_of(ctx).statuses.get(obj.name)
    if ctx.cmd.get("STATUS", "STOPPED") == "INACTIVE":
        set_status(ctx, obj.name, None, by_user=True)
    else:
        base = old or ChannelStatus(
            str(obj.get("CHLTYPE")),
            str(obj.get("CONNAME", "")),
            str(obj.get("XMITQ", "")),
            msgs=0,
            batches=0,
            rqmname="",
        )
        set_status(ctx, obj.name, replace(base, status="STOPPED"), by_user=True)
    if old is not None and old.status != "STOPPED":
        ctx.console("MQSC348I", csect="CSQXRESP", channel=obj.name)


_FIXED = {"STOPREQ": "NO"}
#: The unit of work of a channel that has committed none yet (z/OS shows zeros).
NO_LUWID = "0000000000000000"


@handles("DISPLAY", "CHSTATUS")
def display_chstatus(ctx: Ctx) -> None:
    _require_active(ctx)
    xmitq = ctx.cmd.get("XMITQ")
    rows = []
    chinit = chinit_of(ctx)
    current = chinit.statuses
    if ctx.cmd.get("SAVED"):
        # IBM "DISPLAY CHSTATUS" SAVED: the synchronisation data saved for each channel that
        # ever moved a batch, running or not (an inactive one shows STATUS(INACTIVE)).
        current = {n: current.get(n) or _inactive(ctx, channel_of(n)) for n in chinit.syncs}
    for key, status in sorted(current.items()):
        # A cluster-receiver runs one instance per sending queue manager: each is a row.
        name = channel_of(key)
        if not _matches(str(ctx.cmd.name), name):
            continue
        if xmitq is not None and not _matches(str(xmitq), status.xmitq):
            continue
        rows.append(_status_getter(ctx, key, status, sync_of(chinit, key)))
    objectcommands.display(ctx, CHSTATUS, iter(rows))


def _inactive(ctx: Ctx, name: str) -> ChannelStatus:
    obj = definition(ctx, name)
    if obj is None:
        return ChannelStatus("", status="INACTIVE")
    return ChannelStatus(
        str(obj.get("CHLTYPE")), str(obj.get("CONNAME", "")), str(obj.get("XMITQ", "")), "INACTIVE"
    )


def _matches(pattern: str, name: str) -> bool:
    return name.startswith(pattern[:-1]) if pattern.endswith("*") else name == pattern


def _status_getter(
    ctx: Ctx, key: str, status: ChannelStatus, sync: ChannelSync
) -> Callable[[str], object]:
    name = channel_of(key)
    obj = definition(ctx, name)
    doubt = sync.in_doubt
    lstseqno, lstluwid = sync.seqno or 0, sync.luwid or NO_LUWID
    last: dict[str, object] = {
        "LSTSEQNO": lstseqno,
        "LSTLUWID": lstluwid,
        "INDOUBT": "YES" if doubt else "NO",
        "CURSEQNO": doubt.seqno if doubt else lstseqno,
        "CURLUWID": doubt.luwid if doubt else lstluwid,
    }
    shown = status.to_mapping()  # its values by attribute name

    def get(attr: str) -> object:
        if attr == "CHSTATUS":
            return name
        if attr in last:
            return last[attr]
        if attr == "BATCHSZ":
            return obj.get("BATCHSZ", 50) if obj is not None else 50
        if attr in _FIXED:
            return _FIXED[attr]
        return shown.get(attr, "")

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
    if status_of(chinit_of(ctx), name) == "RUNNING":
        raise ctx.fail("MQSC349E", csect="CSQXRESV", channel=name)
    if in_doubt(chinit_of(ctx), name) is None:
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
    if in_doubt(chinit_of(ctx), name) is not None:
        raise ctx.fail("MQSC340E", channel=name)
    ctx.say("MQSC534I", command="RESET", channel=name)
    record = sync_of(chinit_of(ctx), name)
    set_sync(ctx, name, replace(record, seqno=int(ctx.cmd.get("SEQNUM", 1)) - 1))


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
    if status_of(chinit_of(ctx), name) == "RUNNING":
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
