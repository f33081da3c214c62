"""The command server, DISPLAY GROUP and SUSPEND / RESUME QMGR LOG (mqsc/catalog/system.py);
the module's other commands get their facility's absent answer (mqsc/engine/absent.py).

The command server's state (STOPPED after STOP CMDSERV) is kept with the queue manager's
attributes, so every process and a restart see it. DISPLAY CMDSERV (sources 12CR) answers
WAITING while it runs, since the simulation processes one command at a time, and STOPPED after
STOP CMDSERV (IBM MQ for z/OS, "Command server messages (CSQN...)": CSQN014I, CSQN015I).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from mqsc.catalog.security import CACHED_CLASSES, DISPLAY_ORDER, REFRESH_SWITCH, SUBSYSTEM
from mqsc.engine import (
    absent,
    channelstate,
    clusterstate,
    logdatasets,
    objectcommands,
    security,
)
from mqsc.engine.context import Ctx, moment
from mqsc.engine.group import member_states
from mqsc.engine.messaging import bodies, events
from mqsc.engine.registry import handles

#: Where the command server's state lives among the queue manager's attributes (not an MQSC
#: attribute: DISPLAY QMGR and ALTER QMGR never see it).
CMDSERV = "CMDSERV"


def cmdserv_running(ctx: Ctx) -> bool:
    return ctx.txn.get("qmgr", None).attrs.get(CMDSERV, "RUNNING") == "RUNNING"


def _set_cmdserv(ctx: Ctx, state: str) -> None:
    info = ctx.txn.get("qmgr", None)
    ctx.txn.put("qmgr", None, replace(info, attrs={**info.attrs, CMDSERV: state}))


@handles("START", "CMDSERV")
def start_cmdserv(ctx: Ctx) -> None:
    if cmdserv_running(ctx):
        ctx.say("CSQN002I")
        return
    _set_cmdserv(ctx, "RUNNING")
    ctx.say("CSQN001I")


@handles("STOP", "CMDSERV")
def stop_cmdserv(ctx: Ctx) -> None:
    if not cmdserv_running(ctx):
        ctx.say("CSQN006I")
        return
    _set_cmdserv(ctx, "STOPPED")
    ctx.say("CSQN005I")


@handles("DISPLAY", "CMDSERV")
def display_cmdserv(ctx: Ctx) -> None:
    ctx.say("CSQN014I" if cmdserv_running(ctx) else "CSQN015I")


@handles("DISPLAY", "GROUP")
def display_group(ctx: Ctx) -> None:
    """The queue sharing group this queue manager belongs to, its members and whether they are
    all active (IBM MQ for z/OS, DISPLAY GROUP: valid only in a queue sharing group)."""
    group = ctx.qm.group
    if group is None:
        raise ctx.fail("MQSC322E", qmgr=ctx.qm.name)
    states = member_states(group)
    ctx.say("MQSC350I")
    ctx.say(
        "MQSC352I",
        qsg=ctx.qm.info.qsg,
        members=", ".join(f"{name} {state}" for name, state in states),
    )
    every = all(state == "ACTIVE" for _, state in states)
    ctx.say("MQSC353I", state="ACTIVE" if every else "NOT ALL ACTIVE", count=len(states))


@handles("DISPLAY", "SECURITY")
def display_security(ctx: Ctx) -> None:
    """TIMEOUT, INTERVAL and the switches as the queue manager set them (IBM MQ for z/OS,
    "Displaying security status": CSQH015I, CSQH016I, CSQH030I, then CSQH031I-CSQH034I in
    its order). Without RACF on the system, subsystem security is off with no profile."""
    settings = security.settings_of(ctx.qm)
    asked = {k for k in ("TIMEOUT", "INTERVAL", "SWITCHES") if ctx.cmd.get(k)}
    if not asked or ctx.cmd.get("ALL"):
        asked = {"TIMEOUT", "INTERVAL", "SWITCHES"}
    if "TIMEOUT" in asked:
        ctx.say("CSQH015I", minutes=settings.timeout)
    if "INTERVAL" in asked:
        ctx.say("CSQH016I", minutes=settings.interval)
    if "SWITCHES" not in asked:
        return
    ctx.say("CSQH030I")
    switches = settings.switches or (
        security.SwitchSetting(
            SUBSYSTEM.name, False, f"{ctx.qm.name}.NO.{SUBSYSTEM.profile}", False
        ),
    )
    ids = {
        (False, True): "CSQH031I",
        (True, True): "CSQH032I",
        (False, False): "MQSC474I",
        (True, False): "CSQH034I",
    }
    for name in DISPLAY_ORDER:
        setting = next((w for w in switches if w.name == name), None)
        if setting is not None:
            ctx.say(ids[(setting.on, setting.found)], switch=name, profile=setting.profile)


@handles("ALTER", "SECURITY")
def alter_security(ctx: Ctx) -> None:
    """TIMEOUT and INTERVAL until the next start (which takes the system parameters'
    values again); none given: nothing changes, the command completes."""
    settings = security.settings_of(ctx.qm)
    changes = {
        k.lower(): ctx.cmd.get(k) for k in ("TIMEOUT", "INTERVAL") if ctx.cmd.get(k) is not None
    }
    if changes:
        ctx.txn.put("security", security.KEY, replace(settings, **changes))


def _refresh_connauth(ctx: Ctx) -> None:
    """REFRESH SECURITY TYPE(CONNAUTH): the CONNAUTH object as the queue manager would use it."""
    name = str(ctx.txn.get("qmgr", None).attrs.get("CONNAUTH", "") or "").strip()
    if not name:
        ctx.say("MQSC477I", csect="CSQHSREF")
        return
    obj = ctx.txn.get("authinfo", name)
    if obj is None or obj.get("AUTHTYPE") != "IDPWOS":
        found = "not defined" if obj is None else f"AUTHTYPE({obj.get('AUTHTYPE')})"
        raise ctx.fail("MQSC475E", csect="CSQHSREF", name=name, found=found)
    ctx.say(
        "MQSC478I",
        csect="CSQHSREF",
        name=name,
        local=obj.get("CHCKLOCL", ""),
        client=obj.get("CHCKCLNT", ""),
    )


@handles("REFRESH", "SECURITY")
def refresh_security(ctx: Ctx) -> None:
    """REFRESH SECURITY(class|*): MQ's in-storage profiles of the class go, so the next check
    reads RACF again (IBM's security lab: CSQH001I from CSQHCHK4, then CSQ9022I from
    CSQHSREF). TYPE(SSL) refreshes the channel initiator's TLS environment: "Channel
    initiator must be running" (IBM MQ 9.4 "REFRESH SECURITY", command sources table), so
    with none started it gets the channel initiator's answer; with one started it fails:
    mqsc's channels hold no TLS key ring (MQSC476E). TYPE(CONNAUTH) reads the queue manager's
    CONNAUTH object again ("you must issue REFRESH SECURITY TYPE(CONNAUTH) for a change to the
    authentication information object to take effect"): it must be an AUTHINFO of
    AUTHTYPE(IDPWOS) (MQSC475E otherwise); mqsc checks no passwords (docs/security.md)."""
    kind = ctx.cmd.get("TYPE") or "CLASSES"
    if kind == "SSL":
        if not ctx.txn.get("qmgr", None).chinit.active:
            absent.answer(ctx, "CHINIT")  # CSQM131I, as z/OS
        raise ctx.fail("MQSC476E", csect="CSQHSREF")
    if kind == "CONNAUTH":
        _refresh_connauth(ctx)
        return
    name = str(ctx.cmd.name or "*")
    settings = security.settings_of(ctx.qm)
    if not settings.active:
        ctx.say("MQSC471I", csect="CSQHSREF", cls=name)
        return
    switch = REFRESH_SWITCH.get(name)
    if switch is not None and not settings.on(switch):
        ctx.say("MQSC471I", csect="CSQHSREF", cls=name)
        return
    classes = CACHED_CLASSES if name == "*" else frozenset({name})
    database = ctx.qm.security.read() if ctx.qm.security is not None else None
    if database is not None and name != "*" and name not in database.options.active:
        # RACROUTE REQUEST=STAT of a class RACF has defined but not active: SAF 4, RACF 4.
        ctx.say("CSQH004I", csect="CSQHSREF", cls=name, saf=4, esm=4)
        ctx.say("CSQH003I", cls=name)
        return
    settings = security.refresh(ctx.qm, ctx.txn, classes)
    ctx.say("CSQH002I" if settings.mixed else "CSQH001I", csect="CSQHCHK4")


@handles("RVERIFY", "SECURITY")
def rverify_security(ctx: Ctx) -> None:
    """RVERIFY SECURITY(users): each user signed on is signed on again at its next request
    (its groups read anew); a user with no entry gets CSQH007I."""
    if not security.settings_of(ctx.qm).active:
        ctx.say("MQSC470I")
        return
    names = ctx.cmd.name if isinstance(ctx.cmd.name, tuple) else (ctx.cmd.name,)
    for userid in names:
        if not security.reverify(ctx.txn, str(userid).upper()):
            ctx.say("CSQH007I", userid=str(userid).upper())


@handles("SUSPEND", "QMGR")
@handles("RESUME", "QMGR")
def suspend_resume_qmgr(ctx: Ctx) -> None:
    # SUSPEND / RESUME QMGR LOG are taken from the console only (the catalog's LOG keyword
    # narrows the sources; the source check refuses them from elsewhere). CLUSTER and CLUSNL
    # are the repository manager's (mqsc/engine/clusterstate.py). IBM's syntax diagram takes
    # one of CLUSTER, CLUSNL, FACILITY and LOG.
    given = [k for k in ("CLUSTER", "CLUSNL", "FACILITY", "LOG") if ctx.cmd.get(k)]
    if len(given) != 1:
        raise ctx.fail("MQSC394E", verb=ctx.cmd.verb, given=" and ".join(given) or "none")
    if ctx.cmd.get("CLUSTER") is not None or ctx.cmd.get("CLUSNL") is not None:
        clusterstate.suspend_command(ctx)
        return
    if ctx.cmd.get("LOG", False):
        if ctx.cmd.verb == "SUSPEND":
            logdatasets.suspend(ctx)
        else:
            logdatasets.resume(ctx)
        return
    _facility(ctx, str(ctx.cmd.get("FACILITY")), ctx.cmd.verb == "SUSPEND")


#: Where the state of the queue manager's Db2 connection lives among its attributes (not an
#: MQSC attribute): "SUSPENDED" after SUSPEND QMGR FACILITY(DB2).
DB2 = "DB2"


def db2_suspended(ctx: Ctx) -> bool:
    """Whether SUSPEND QMGR FACILITY(DB2) holds the queue manager's Db2 connection."""
    return ctx.txn.get("qmgr", None).attrs.get(DB2) == "SUSPENDED"


def _facility(ctx: Ctx, facility: str, suspend: bool) -> None:
    """IBM "SUSPEND QMGR": FACILITY(DB2) ends the queue manager's connection to Db2 (a queue
    sharing group's shared repository) until RESUME QMGR FACILITY(DB2); FACILITY(IMSBRIDGE)
    stops the IMS bridge sending messages to OTMA. mqsc has no IMS bridge (no OTMA connection
    is configured), so that form answers as a queue manager without one."""
    if facility == "IMSBRIDGE":
        raise ctx.fail("MQSC380E", verb=ctx.cmd.verb)
    if not ctx.qm.info.qsg:
        raise ctx.fail("MQSC375E", verb=ctx.cmd.verb)
    if suspend == db2_suspended(ctx):
        raise ctx.fail("MQSC376E", state="suspended" if suspend else "connected")
    info = ctx.txn.get("qmgr", None)
    attrs = {k: v for k, v in info.attrs.items() if k != DB2}
    if suspend:
        attrs[DB2] = "SUSPENDED"
    ctx.txn.put("qmgr", None, replace(info, attrs=attrs))
    ctx.say("MQSC377I" if suspend else "MQSC378I")


# ---- REFRESH QMGR ----------------------------------------------------------------------------
#: REFRESH QMGR OBJECT(type): the state tables of each object type (IBM "REFRESH QMGR":
#: OBJECT "Requests that the refresh includes only objects of the specified type").
_REFRESH_TABLES = {
    "QLOCAL": ("qlocal",),
    "QALIAS": ("qalias",),
    "QREMOTE": ("qremote",),
    "QMODEL": ("qmodel",),
    "QUEUE": ("qlocal", "qalias", "qremote", "qmodel"),
    "PROCESS": ("process",),
    "NAMELIST": ("namelist",),
    "STGCLASS": ("stgclass",),
    "CHANNEL": ("channel",),
    "QMGR": ("qmgr",),
}


def _refreshed(ctx: Ctx):
    """The objects REFRESH QMGR TYPE(CONFIGEV) selects: of OBJECT's type (default every
    type), named by NAME (generic, default *), altered within INCLINT minutes if given."""
    kind = str(ctx.cmd.get("OBJECT") or "ALL").upper()
    tables = _REFRESH_TABLES.get(kind) or tuple(dict.fromkeys(sum(_REFRESH_TABLES.values(), ())))
    pattern = str(ctx.cmd.get("NAME") or "*")
    minutes = ctx.cmd.get("INCLINT")
    since = None
    if minutes is not None:
        since = ctx.qm.clock().replace(tzinfo=None) - dt.timedelta(minutes=int(minutes))
    for table in tables:
        if table == "qmgr":
            yield table, ctx.txn.get("qmgr", None)
            continue
        for name, obj in sorted(ctx.txn.items(table)):
            if not objectcommands.matches(pattern, name):
                continue
            altered = moment(getattr(obj, "altered", "") or "", ctx.qm.clock())
            if since is not None and (altered is None or altered.replace(tzinfo=None) < since):
                continue
            yield table, obj


@handles("REFRESH", "QMGR")
def refresh_qmgr(ctx: Ctx) -> None:
    """TYPE(EXPIRY): an expiry scan of the local queues NAME selects (IBM "Expired messages on
    z/OS": "Issue the REFRESH QMGR TYPE(EXPIRY) command, specifying the queue or queues that
    you want scanned"). TYPE(CONFIGEV): a Refresh object event for each object NAME, OBJECT
    and INCLINT select (mqsc/engine/messaging/events.py); with CONFIGEV not ENABLED the
    command fails as MQRCCF_EVENTS_DISABLED says ("The command required performance or
    configuration events to be enabled"). TYPE(PROXYSUB): the
    channel initiator must be active; no hierarchy or cluster links this queue manager to
    another, so there are no proxy subscriptions to resynchronize. TYPE(EARLY): only while
    the queue manager is not active."""
    kind = str(ctx.cmd.get("TYPE"))
    if kind == "EXPIRY":
        pattern = str(ctx.cmd.get("NAME", "*"))
        for table in ("qlocal", "gqlocal"):
            for name, q in sorted(ctx.txn.items(table)):
                if (table == "qlocal" or q.get("QSGDISP") == "SHARED") and objectcommands.matches(
                    pattern, name
                ):
                    gone = bodies.discard_expired(ctx, q)
                    if gone:
                        ctx.say("MQSC584I", count=gone, queue=name)
        return
    if kind == "CONFIGEV":
        if events.switch(ctx, "CONFIGEV") != "ENABLED":
            raise ctx.fail("MQSC582E")
        count = events.refresh(ctx, _refreshed(ctx))
        ctx.say("MQSC586I", count=count)
        return
    if kind == "PROXYSUB":
        if not channelstate.chinit_of(ctx).active:
            raise ctx.fail("CSQM131I")
        return
    raise ctx.fail("MQSC583E")
