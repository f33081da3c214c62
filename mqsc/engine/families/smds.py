"""DISPLAY / ALTER / RESET SMDS and START / STOP / DISPLAY SMDSCONN (mqsc/catalog/smds.py) on
the shared message data sets of mqsc/engine/storage/smds.py.

Rules kept (IBM MQ for z/OS, each command's page): the structure must be one the group defines
with OFFLOAD(SMDS) (ALTER SMDS "is only supported when the CFSTRUCT definition is using the
option OFFLOAD(SMDS)"); SMDS(*) means every member's data set; DSBUFS takes 1 to 9999 or
DEFAULT ("cancel a previous override"); START SMDSCONN makes AVAIL(STOPPED) or AVAIL(ERROR)
connections usable again, STOP SMDSCONN stops this queue manager using them (its puts and gets
of large messages on that structure then fail).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from mqsc.catalog.smds import DSBUFS_RANGE, SMDS_FAMILY, SMDSCONN_FAMILY
from mqsc.engine import objectcommands
from mqsc.engine.context import Ctx
from mqsc.engine.group import group_of
from mqsc.engine.registry import handles
from mqsc.engine.storage import smds


def _structure(ctx: Ctx) -> str:
    """The CF structure the command names, checked: a queue sharing group member, a
    structure the group defines, one that offloads to shared message data sets."""
    if not ctx.qm.info.qsg:
        raise ctx.fail("MQSC552E", qsgdisp="GROUP")
    name = str(ctx.cmd.get("CFSTRUCT"))
    definition = ctx.txn.get("cfstruct", name)
    if definition is None:
        raise ctx.not_found("CFSTRUCT", name, "GROUP", keyword="CFSTRUCT")
    if not smds.offloads(definition):
        raise ctx.fail("MQSC840E", struc=name)
    return name


def _owners(ctx: Ctx, structure: str) -> list[smds.DataSet]:
    """The data sets SMDS(qmgr | *) names, every member's made if not yet."""
    definition = ctx.txn.get("cfstruct", structure)
    pattern = str(ctx.cmd.name)
    chosen = []
    for qmgr in sorted(group_of(ctx.qm).members):
        if not objectcommands.matches(pattern, qmgr):
            continue
        data_set = ctx.txn.get(smds.GROUP_TABLE, smds.key(structure, qmgr))
        if data_set is None:
            data_set = smds.DataSet(structure, qmgr, smds.dsname(definition, qmgr))
            ctx.txn.put(smds.GROUP_TABLE, smds.key(structure, qmgr), data_set)
        chosen.append(data_set)
    if not chosen:
        raise ctx.fail("MQSC841E", qmgr=pattern, struc=structure)
    return chosen


@handles("DISPLAY", "SMDS")
def display_smds(ctx: Ctx) -> None:
    structure = _structure(ctx)
    rows = [
        {
            "SMDS": d.qmgr,
            "CFSTRUCT": structure,
            "DSBUFS": str(d.dsbufs) if d.dsbufs else "DEFAULT",
            "DSEXPAND": d.dsexpand,
        }.get
        for d in _owners(ctx, structure)
    ]
    objectcommands.display(ctx, SMDS_FAMILY, rows)


@handles("ALTER", "SMDS")
def alter_smds(ctx: Ctx) -> None:
    structure = _structure(ctx)
    dsbufs = ctx.cmd.get("DSBUFS")
    number = None
    if dsbufs is not None:
        text = str(dsbufs).upper()
        if text == "DEFAULT":
            number = 0
        elif text.isdigit() and DSBUFS_RANGE.minimum <= int(text) <= DSBUFS_RANGE.maximum:
            number = int(text)
        else:
            raise ctx.fail("MQSC592E", keyword="DSBUFS", value=str(dsbufs))
    expand = ctx.cmd.get("DSEXPAND")
    for data_set in _owners(ctx, structure):
        changed = replace(
            data_set,
            dsbufs=data_set.dsbufs if number is None else number,
            dsexpand=str(expand) if expand is not None else data_set.dsexpand,
        )
        ctx.txn.put(smds.GROUP_TABLE, smds.key(structure, data_set.qmgr), changed)


@handles("RESET", "SMDS")
def reset_smds(ctx: Ctx) -> None:
    """ACCESS(ENABLED | DISABLED) and STATUS(FAILED | RECOVERED): a FAILED data set is one the
    queue managers may not use until it is RECOVERED (only a failed one can be)."""
    structure = _structure(ctx)
    access = ctx.cmd.get("ACCESS")
    status = ctx.cmd.get("STATUS")
    stamp = ctx.stamp()
    for data_set in _owners(ctx, structure):
        if status == "RECOVERED" and data_set.status != "FAILED":
            raise ctx.fail("MQSC843E", qmgr=data_set.qmgr, struc=structure, status=data_set.status)
        changed = replace(
            data_set,
            access=str(access) if access else data_set.access,
            status=str(status) if status else data_set.status,
            changed=stamp if status else data_set.changed,
        )
        ctx.txn.put(smds.GROUP_TABLE, smds.key(structure, data_set.qmgr), changed)


@handles("DISPLAY", "SMDSCONN")
def display_smdsconn(ctx: Ctx) -> None:
    structure = _structure(ctx)
    rows = [_conn_row(ctx, d) for d in _connections(ctx, structure)]
    objectcommands.display(ctx, SMDSCONN_FAMILY, rows)


def _connections(ctx: Ctx, structure: str) -> Iterator[smds.DataSet]:
    for data_set in _owners(ctx, structure):
        if not ctx.txn.has(smds.MEMBER_TABLE, smds.key(structure, data_set.qmgr)):
            ctx.txn.put(
                smds.MEMBER_TABLE,
                smds.key(structure, data_set.qmgr),
                smds.Connection(structure, data_set.qmgr),
            )
        yield data_set


def _conn_row(ctx: Ctx, data_set: smds.DataSet) -> objectcommands.Getter:
    conn = ctx.txn.get(smds.MEMBER_TABLE, smds.key(data_set.structure, data_set.qmgr))
    avail = conn.avail if conn is not None else "NORMAL"
    open_ = smds.usable(ctx, data_set)
    return {
        "SMDSCONN": data_set.qmgr,
        "CFSTRUCT": data_set.structure,
        "OPENMODE": ("UPDATE" if data_set.qmgr == ctx.qm.name else "READONLY") if open_ else "NONE",
        "STATUS": "OPEN" if open_ else "CLOSED",
        "AVAIL": avail,
        "EXPANDST": "NORMAL",
    }.get


@handles("START", "SMDSCONN")
@handles("STOP", "SMDSCONN")
def start_stop_smdsconn(ctx: Ctx) -> None:
    structure = _structure(ctx)
    avail = "NORMAL" if ctx.cmd.verb == "START" else "STOPPED"
    for data_set in list(_connections(ctx, structure)):
        key = smds.key(structure, data_set.qmgr)
        ctx.txn.put(smds.MEMBER_TABLE, key, smds.Connection(structure, data_set.qmgr, avail))
        ctx.say(
            "MQSC842I",
            qmgr=data_set.qmgr,
            struc=structure,
            state="available" if avail == "NORMAL" else "stopped",
        )
