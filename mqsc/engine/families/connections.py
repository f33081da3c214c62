"""DISPLAY CONN, DISPLAY THREAD and RESOLVE INDOUBT (mqsc/catalog/connections.py) from the
connections, handles and units of recovery of mqsc/engine/connregistry.py."""

from __future__ import annotations

from collections.abc import Iterator

from mqsc.catalog.connections import CONN_ATTRIBUTES, CONN_FAMILY, HANDLE_ATTRIBUTES
from mqsc.engine import objectcommands
from mqsc.engine.connregistry import (
    HANDLE_ALWAYS,
    INDOUBT_TABLE,
    Connection,
    Handle,
    InDoubt,
    apply_backout,
    apply_commit,
    every,
    extconn,
)
from mqsc.engine.context import Ctx
from mqsc.engine.records import ObjectRecord, ThreadReport, ThreadRow
from mqsc.engine.registry import handles
from mqsc.support.collector import paused


# ---- DISPLAY CONN ----------------------------------------------------------------------------
def _conn_values(ctx: Ctx, record: Connection) -> dict[str, object]:
    uow = record.uow
    started_date, _, started_time = (uow.started if uow else "").partition(" ")
    state = "NONE" if uow is None else ("PREPARED" if uow.prepared else "ACTIVE")
    return {
        "CONN": record.conn,
        "EXTCONN": extconn(ctx.qm.name, record.conn),
        "TYPE": "CONN",
        "APPLTAG": record.appltag,
        "APPLTYPE": record.appltype,
        "ASID": record.asid if record.appltype != "SYSTEM" else "",
        "APPLDESC": record.appldesc,
        "CHANNEL": record.channel,
        "CONNAME": record.conname,
        "CONNOPTS": "MQCNO_STANDARD_BINDING",
        "NID": uow.nid if uow else "",
        "QMURID": uow.urid if uow else "",
        "URTYPE": uow.urtype if uow else "QMGR",
        "USERID": record.userid,
        "UOWLOGDA": started_date,
        "UOWLOGTI": started_time,
        "UOWSTATE": state,
        "UOWSTDA": started_date,
        "UOWSTTI": started_time,
    }


def _indoubt_values(ctx: Ctx, left: InDoubt) -> dict[str, object]:
    date, _, time = left.uow.started.partition(" ")
    return {
        "CONN": left.conn,
        "EXTCONN": extconn(ctx.qm.name, left.conn),
        "TYPE": "CONN",
        "APPLTAG": left.name,
        "APPLTYPE": left.appltype,
        "ASID": left.asid,
        "APPLDESC": "",
        "CHANNEL": "",
        "CONNAME": "",
        "CONNOPTS": "MQCNO_STANDARD_BINDING",
        "NID": left.uow.nid,
        "QMURID": left.uow.urid,
        "URTYPE": left.uow.urtype,
        "USERID": left.userid,
        "UOWLOGDA": date,
        "UOWLOGTI": time,
        "UOWSTATE": "UNRESOLVED",
        "UOWSTDA": date,
        "UOWSTTI": time,
    }


def _handle_values(ctx: Ctx, record: Connection, handle: Handle) -> dict[str, object]:
    return {
        "CONN": record.conn,
        "EXTCONN": extconn(ctx.qm.name, record.conn),
        "TYPE": "HANDLE",
        "OBJNAME": handle.objname,
        "OBJTYPE": handle.objtype,
        "OPENOPTS": " ".join(handle.openopts),
        "HSTATE": "INACTIVE",
        "QSGDISP": handle.qsgdisp,
        "READA": "NO",
    }


@handles("DISPLAY", "CONN")
def display_conn(ctx: Ctx) -> None:
    """One record per connection (TYPE(CONN)), per handle (TYPE(HANDLE)) or both, connection
    first (TYPE(ALL) or *), for the connections whose CONN matches; units of recovery left in
    doubt show as connections whose UOWSTATE is UNRESOLVED (URDISP)."""
    cmd = ctx.cmd
    kind = str(cmd.get("TYPE", "CONN"))
    pattern = str(cmd.name)
    extended = cmd.get("EXTCONN")
    requested = set(cmd.requested)
    show_all = bool(cmd.get("ALL", False))
    where = cmd.where
    found = 0
    with paused():
        for conn, values, is_handle in _rows(ctx, kind):
            if not objectcommands.matches(pattern, conn):
                continue
            if extended and not objectcommands.matches(str(extended), str(values["EXTCONN"])):
                continue
            if where is not None:
                if where.keyword not in values or not objectcommands.passes(
                    where, values[where.keyword]
                ):
                    continue
            own = HANDLE_ATTRIBUTES if is_handle else CONN_ATTRIBUTES
            always = HANDLE_ALWAYS if is_handle else CONN_FAMILY.identity
            names = [n for n in own if n in always or show_all or n in requested]
            ctx.add(
                ObjectRecord(
                    "CONN", "CONN", CONN_FAMILY.reply, tuple((n, values[n]) for n in names)
                )
            )
            found += 1
    if not found:
        ctx.say("CSQM297I", objtype="CONN")


def _rows(ctx: Ctx, kind: str) -> Iterator[tuple[str, dict[str, object], bool]]:
    for record in every(ctx.txn):
        if kind in ("CONN", "ALL", "*"):
            yield record.conn, _conn_values(ctx, record), False
        if kind in ("HANDLE", "ALL", "*"):
            for handle in record.handles:
                yield record.conn, _handle_values(ctx, record, handle), True
    if kind in ("CONN", "ALL", "*") and str(ctx.cmd.get("URDISP", "ALL")) in ("ALL", "QMGR"):
        for left in sorted(ctx.txn.values(INDOUBT_TABLE), key=lambda x: x.key):
            yield left.conn, _indoubt_values(ctx, left), False


# ---- DISPLAY THREAD / RESOLVE INDOUBT ----------------------------------------------------------
def _names(ctx: Ctx) -> tuple[str, ...]:
    text = str(ctx.cmd.name or "*")
    return tuple(n.strip().upper() for n in text.split(",") if n.strip()) or ("*",)


def _selected(names: tuple[str, ...], name: str) -> bool:
    return "*" in names or name in names


@handles("DISPLAY", "THREAD")
def display_thread(ctx: Ctx) -> None:
    """CSQV401I, then the report TYPE asks for: CSQV402I active threads (one per connection:
    its name, user, ASID and unit of recovery), CSQV432I the summary per connection name,
    CSQV406I the threads in doubt; TYPE(*) all three."""
    names = _names(ctx)
    kind = str(ctx.cmd.get("TYPE", "ACTIVE"))
    ctx.say("CSQV401I")
    records = [r for r in every(ctx.txn) if r.appltype != "SYSTEM" and _selected(names, r.appltag)]
    if kind in ("ACTIVE", "*"):
        rows = tuple(
            ThreadRow(
                r.appltag,
                "N" if r.uow is None else "T",
                r.appltype,
                r.userid,
                r.asid,
                r.uow.urid if r.uow else "",
                r.uow.nid if r.uow else "",
                1,
            )
            for r in records
        )
        ctx.add(ThreadReport("ACTIVE", rows))
    if kind in ("REGIONS", "*"):
        regions: dict[tuple[str, str, str], int] = {}
        for r in records:
            key = (r.appltag, r.appltype, r.asid)
            regions[key] = regions.get(key, 0) + 1
        rows = tuple(
            ThreadRow(tag, "", kind_, "", asid, "", "", n)
            for (tag, kind_, asid), n in sorted(regions.items())
        )
        ctx.add(ThreadReport("REGIONS", rows))
    if kind in ("INDOUBT", "*"):
        doubtful = [left for left in ctx.txn.values(INDOUBT_TABLE) if _selected(names, left.name)]
        prepared = [
            InDoubt(r.appltag, r.conn, r.appltype, r.asid, r.userid, r.uow)
            for r in records
            if r.uow is not None and r.uow.prepared
        ]
        rows = tuple(
            ThreadRow(
                left.name,
                "I",
                left.uow.urtype,
                left.userid,
                left.asid,
                left.uow.urid,
                left.uow.nid,
                0,
            )
            for left in sorted((*doubtful, *prepared), key=lambda x: x.key)
        )
        ctx.add(ThreadReport("INDOUBT", rows))


@handles("RESOLVE", "INDOUBT")
def resolve_indoubt(ctx: Ctx) -> None:
    """Commit or back out the in-doubt units of recovery of a connection name (NID(*): all of
    them; else the one with that origin id): one message per unit resolved, a failure when
    none matches (mqsc's own ids: z/OS answers with CSQV messages whose texts are not
    public)."""
    name = str(ctx.cmd.name).upper()
    action = str(ctx.cmd.get("ACTION"))
    nid = str(ctx.cmd.get("NID", "*"))
    matched = [
        left
        for left in ctx.txn.values(INDOUBT_TABLE)
        if left.name == name and (nid == "*" or left.uow.nid == nid)
    ]
    if not matched:
        raise ctx.fail("MQSC580E", name=name, nid=nid)
    for left in sorted(matched, key=lambda x: x.key):
        if action == "COMMIT":
            apply_commit(ctx, left.uow)
        else:
            apply_backout(ctx, left.uow)
        ctx.txn.delete(INDOUBT_TABLE, left.key)
        ctx.say(
            "MQSC581I",
            nid=left.uow.nid or left.uow.urid,
            action="COMMITTED" if action == "COMMIT" else "BACKED OUT",
        )
