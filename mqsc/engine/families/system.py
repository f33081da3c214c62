"""The command server and the recovery log (mqsc/catalog/system.py); the module's other
commands get their facility's absent answer (mqsc/engine/absent.py).

The command server's state (STOPPED after STOP CMDSERV) is kept with the queue manager's
attributes, so every process and a restart see it. DISPLAY CMDSERV (sources 12C: never through
the command server itself) answers WAITING while it runs, since the simulation processes one
command at a time, and STOPPED after STOP CMDSERV (IBM MQ for z/OS, "Command server messages
(CSQN...)": CSQN014I, CSQN015I).
"""

from __future__ import annotations

from dataclasses import replace

from mqsc.engine import absent
from mqsc.engine.context import Ctx
from mqsc.engine.group import member_states
from mqsc.engine.log import dataset, rba
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


@handles("DISPLAY", "LOG")
def display_log(ctx: Ctx) -> None:
    """The current active log data set, the latest RBA written and the restart RBA, from the
    recovery log the simulation keeps (mqsc/engine/log.py)."""
    log = ctx.txn.get("log", None)
    ctx.say(
        "CSQJ370I",
        dsname=dataset(ctx.qm.name, log.rba, log.rba),
        rba=rba(log.rba),
        restart=rba(log.restart_rba),
    )


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


@handles("REFRESH", "SECURITY")
def refresh_security(ctx: Ctx) -> None:
    # TYPE(SSL) refreshes the channel initiator's TLS environment: "Channel initiator must be
    # running" (IBM MQ 9.4 "REFRESH SECURITY", command sources table), so with none started it
    # gets the channel initiator's answer; the RACF classes and CONNAUTH get the security
    # manager's.
    absent.answer(ctx, "CHINIT" if ctx.cmd.get("TYPE") == "SSL" else "")


@handles("SUSPEND", "QMGR")
@handles("RESUME", "QMGR")
def suspend_resume_qmgr(ctx: Ctx) -> None:
    # SUSPEND / RESUME QMGR LOG are taken from the console only (the catalog's LOG keyword
    # narrows the sources; the source check refuses them from elsewhere). CLUSTER, CLUSNL and
    # FACILITY keep the channel initiator's answer.
    absent.answer(ctx, "LOGSUSPEND" if ctx.cmd.get("LOG", False) else "")
