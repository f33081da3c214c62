"""The queue manager object: DISPLAY QMGR, ALTER QMGR, STOP QMGR and START QMGR."""

from __future__ import annotations

from dataclasses import replace

from mqsc.catalog import qmgr as catalog_qmgr
from mqsc.engine import connregistry, lifecycle, objectcommands, repository
from mqsc.engine.context import Ctx
from mqsc.engine.mqobjects import QueueManagerInfo
from mqsc.engine.records import Message
from mqsc.engine.registry import handles

QMGR = catalog_qmgr.FAMILY
QMGR_GROUPS = catalog_qmgr.QMGR_GROUPS


def info(ctx: Ctx) -> QueueManagerInfo:
    return ctx.txn.get("qmgr", None)


@handles("DISPLAY", "QMGR")
def display_qmgr(ctx: Ctx) -> None:
    qm = info(ctx)
    values = {n: k.default for n, k in QMGR.attributes.items() if k.default is not None}
    values.update(qm.attrs)
    values.update(QMNAME=qm.name, QSGNAME=qm.qsg, QMID=repository.qmid(qm.name))
    stamp = qm.altered or " "
    values.update(ALTDATE=stamp[:10], ALTTIME=stamp[11:])
    groups = [name for name in QMGR_GROUPS if ctx.cmd.get(name, False)]
    requested = {*ctx.cmd.requested, *(n for g in groups for n in QMGR_GROUPS[g])}
    objectcommands.display(ctx, QMGR, [values.get], requested=requested)


@handles("ALTER", "QMGR")
def alter_qmgr(ctx: Ctx) -> None:
    qm = info(ctx)
    attrs = dict(qm.attrs)
    attrs.update(objectcommands.given(ctx, QMGR))
    if attrs.get("REPOS") and attrs.get("REPOSNL"):
        # IBM "RepositoryName (MQCHAR48)": "At least one of RepositoryName and
        # RepositoryNamelist must be blank".
        raise ctx.fail("MQSC558E", first="REPOS", second="REPOSNL")
    ctx.txn.put("qmgr", None, replace(qm, attrs=attrs, altered=ctx.stamp()))


@handles("STOP", "QMGR")
def stop_qmgr(ctx: Ctx) -> None:
    """STOP QMGR: the replies of IBM's "Stop messages" example (secondary sources)."""
    mode = str(ctx.cmd.get("MODE", "QUIESCE"))
    # The user who issued it: the console's, or that of the connection that sent it (a job's
    # CSQUTIL, a REST user's mqweb connection).
    user = connregistry.userid(ctx)
    ctx.records.insert(0, _message("CSQY009I", user=user, mode=mode))
    ctx.say("CSQY002I")
    lifecycle.shutdown(ctx)
    ctx.console("CSQ3104I", csect="CSQ3EC0X")
    ctx.console("CSQ3100I", csect="CSQ3EC0X", ssnm=info(ctx).name)


@handles("START", "QMGR")
def start_qmgr(ctx: Ctx) -> None:
    """START QMGR while running: CSQY003I (a stopped queue manager is started by the engine
    itself, see QueueManager.execute)."""
    raise ctx.fail("CSQY003I")


def _message(msg_id: str, **inserts: object):

    return Message(msg_id, inserts)
