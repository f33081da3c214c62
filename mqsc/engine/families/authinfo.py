"""Authentication information objects (mqsc/catalog/authinfo.py): definitions only.

The z/OS rules kept (IBM MQ 9.4 for z/OS, "DEFINE AUTHINFO"): each AUTHTYPE takes the attributes
of its own syntax diagram, CRLLDAP needs CONNAME and OCSP needs OCSPURL, and ALTER names the
object's own type. No certificate or password is checked: the simulation has no TLS and no RACF.
"""

from __future__ import annotations

from collections.abc import Iterator

from mqsc.catalog import authinfo as catalog_authinfo
from mqsc.catalog.authinfo import APPLIES, REQUIRED
from mqsc.engine import objectcommands, space
from mqsc.engine.context import Ctx
from mqsc.engine.mqobjects import Attributes, MQObject
from mqsc.engine.registry import handles

AUTHINFO = catalog_authinfo.FAMILY


def applies(name: str, authtype: object) -> bool:
    return objectcommands.applies(APPLIES, name, authtype)


def check(ctx: Ctx, attrs: Attributes, existing: MQObject | None) -> None:
    objectcommands.check_typed(ctx, AUTHINFO, attrs, existing, "AUTHTYPE", APPLIES, REQUIRED)


@handles("DEFINE", "AUTHINFO")
def define_authinfo(ctx: Ctx) -> None:
    before = space.private_bytes(ctx, AUTHINFO.table)
    objectcommands.define(ctx, AUTHINFO, check)
    space.account_definition(ctx, AUTHINFO.table, before)


@handles("ALTER", "AUTHINFO")
def alter_authinfo(ctx: Ctx) -> None:
    objectcommands.alter(ctx, AUTHINFO, check)


@handles("DELETE", "AUTHINFO")
def delete_authinfo(ctx: Ctx) -> None:
    before = space.private_bytes(ctx, AUTHINFO.table)
    objectcommands.delete(ctx, AUTHINFO)
    space.account_definition(ctx, AUTHINFO.table, before)


@handles("DISPLAY", "AUTHINFO")
def display_authinfo(ctx: Ctx) -> None:
    objectcommands.display_typed(ctx, AUTHINFO, selected(ctx), "AUTHINFO", applies, "AUTHTYPE")


def selected(ctx: Ctx) -> Iterator[MQObject]:
    """Objects by name, disposition and type, in name order."""
    wanted = str(ctx.cmd.get("AUTHTYPE", "ALL"))
    for obj in objectcommands.selected(ctx, AUTHINFO):
        if wanted == "ALL" or obj.get("AUTHTYPE") == wanted:
            yield obj
