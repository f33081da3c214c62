"""Authentication information objects (mqsc/catalog/authinfo.py): definitions only.

The z/OS rules kept (IBM MQ 9.4 for z/OS, "DEFINE AUTHINFO"): each AUTHTYPE takes the attributes
of its own syntax diagram, CRLLDAP needs CONNAME and OCSP needs OCSPURL, and ALTER names the
object's own type. No certificate or password is checked: the simulation has no TLS and no RACF.
"""

from __future__ import annotations

from collections.abc import Iterator

from mqsc.catalog import authinfo as catalog_authinfo
from mqsc.catalog.authinfo import APPLIES, REQUIRED
from mqsc.engine import definitions as d
from mqsc.engine.context import Ctx
from mqsc.engine.objects import Attributes, MQObject
from mqsc.engine.registry import handles

AUTHINFO = catalog_authinfo.FAMILY


def applies(name: str, authtype: object) -> bool:
    types = APPLIES.get(name)
    return types is None or authtype in types


def check(ctx: Ctx, attrs: Attributes, existing: MQObject | None) -> None:
    authtype = attrs.get("AUTHTYPE")
    qsgdisp = attrs.get("QSGDISP", "QMGR")
    if qsgdisp in ("COPY", "GROUP") and not ctx.qm.info.qsg:
        raise ctx.fail("CSQM152I", qsgdisp=qsgdisp)
    if existing is not None and existing.get("AUTHTYPE") != authtype:
        raise ctx.object_failure("CSQM150I", "NOT_ALLOWED", keyword1="AUTHTYPE",
                                 keyword2="AUTHINFO")
    for name in ctx.cmd.attrs:
        if name in AUTHINFO.settable_set and not applies(name, authtype):
            raise ctx.object_failure("CSQM150I", "NOT_ALLOWED", keyword1="AUTHTYPE",
                                     keyword2=name)
    for name in REQUIRED.get(str(authtype), ()):
        if not attrs.get(name):
            raise ctx.object_failure("CSQM154I", "NOT_ALLOWED", keyword="AUTHTYPE",
                                     value=authtype, required=name)


@handles("DEFINE", "AUTHINFO")
def define_authinfo(ctx: Ctx) -> None:
    d.define(ctx, AUTHINFO, check)


@handles("ALTER", "AUTHINFO")
def alter_authinfo(ctx: Ctx) -> None:
    d.alter(ctx, AUTHINFO, check)


@handles("DELETE", "AUTHINFO")
def delete_authinfo(ctx: Ctx) -> None:
    obj = d.existing_object(ctx, AUTHINFO)
    ctx.txn.delete(AUTHINFO.table_for(str(obj.get("QSGDISP", "QMGR"))), obj.name)


SELECTORS = {"LIVE": ("QMGR", "COPY"), "ALL": ("QMGR", "COPY", "GROUP"),
             "PRIVATE": ("QMGR", "COPY")}


@handles("DISPLAY", "AUTHINFO")
def display_authinfo(ctx: Ctx) -> None:
    d.display_typed(ctx, AUTHINFO, selected(ctx), "AUTHINFO", applies, "AUTHTYPE")


def selected(ctx: Ctx) -> Iterator[MQObject]:
    """Objects by name, disposition and type, in name order."""
    cmd = ctx.cmd
    dispositions = SELECTORS.get(str(cmd.get("QSGDISP", "LIVE")), (cmd.get("QSGDISP"),))
    wanted = str(cmd.get("AUTHTYPE", "ALL"))
    txn = ctx.txn
    rows = [(name, AUTHINFO.table) for name in txn.keys(AUTHINFO.table)]
    if "GROUP" in dispositions:
        rows += [(name, AUTHINFO.group_table) for name in txn.keys(AUTHINFO.group_table)]
    for name, table in sorted(rows, key=lambda row: (row[0], row[1] != AUTHINFO.table)):
        obj = txn.get(table, name)
        if not d.matches(cmd.name, name) or obj.get("QSGDISP", "QMGR") not in dispositions:
            continue
        if wanted != "ALL" and obj.get("AUTHTYPE") != wanted:
            continue
        yield obj
