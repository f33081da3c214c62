"""Coupling facility structures: DEFINE, ALTER, DELETE, DISPLAY CFSTRUCT and CFSTATUS, and
BACKUP, RECOVER and RESET CFSTRUCT (reference §7).

CF structures exist only in a queue sharing group; a queue manager outside one answers every
CF structure command with CSQM152I.
"""

from __future__ import annotations

from collections.abc import Iterator

from mqsc.catalog import attributes as A
from mqsc.engine import definitions as d
from mqsc.engine.context import Ctx
from mqsc.engine.objects import Attributes, MQObject
from mqsc.engine.registry import handles

#: The administration structure: it holds no messages and cannot be defined (§2.6).
ADMIN = "CSQ_ADMIN"

CFSTRUCT = d.Family(
    objtype="CFSTRUCT",
    table="cfstruct",
    attributes=A.CFSTRUCT,
    settable=A.CFSTRUCT_SETTABLE,
    default_object=None,
    identity=("CFSTRUCT",),
)


def require_qsg(ctx: Ctx) -> None:
    if not ctx.qm.info.qsg:
        raise ctx.fail("CSQM152I", qsgdisp="GROUP")


def check(ctx: Ctx, attrs: Attributes, existing: MQObject | None) -> None:
    if ctx.cmd.name == ADMIN:
        raise ctx.object_failure("CSQM153I", "NOT_ALLOWED", objtype="CFSTRUCT", name=ADMIN)


def queues_using(ctx: Ctx, name: str) -> list[str]:
    return [q.name for q in ctx.txn.values("qlocal") if q.get("CFSTRUCT") == name]


@handles("DEFINE", "CFSTRUCT")
def define_cfstruct(ctx: Ctx) -> None:
    require_qsg(ctx)
    d.define(ctx, CFSTRUCT, check)


@handles("ALTER", "CFSTRUCT")
def alter_cfstruct(ctx: Ctx) -> None:
    require_qsg(ctx)
    d.alter(ctx, CFSTRUCT, check)


@handles("DELETE", "CFSTRUCT")
def delete_cfstruct(ctx: Ctx) -> None:
    require_qsg(ctx)
    obj = d.existing_object(ctx, CFSTRUCT)
    if queues_using(ctx, obj.name):
        raise ctx.object_failure("CSQM101I", "IN_USE", objtype="CFSTRUCT", name=obj.name)
    ctx.txn.delete("cfstruct", obj.name)


@handles("DISPLAY", "CFSTRUCT")
def display_cfstruct(ctx: Ctx) -> None:
    require_qsg(ctx)
    d.display(ctx, CFSTRUCT, selected(ctx))


def selected(ctx: Ctx) -> Iterator[d.Getter]:
    for name in sorted(ctx.txn.keys("cfstruct")):
        if d.matches(ctx.cmd.name, name):
            obj = ctx.txn.get("cfstruct", name)
            yield _getter(obj)


def _getter(obj: MQObject) -> d.Getter:
    attrs = obj.attrs
    stamps = d.stamps(obj)

    def get(name: str) -> object:
        if name in attrs:
            return attrs[name]
        if name == "CFSTRUCT":
            return obj.name
        return stamps.get(name, "")

    return get


@handles("DISPLAY", "CFSTATUS")
def display_cfstatus(ctx: Ctx) -> None:
    require_qsg(ctx)


@handles("BACKUP", "CFSTRUCT")
def backup_cfstruct(ctx: Ctx) -> None:
    require_qsg(ctx)


@handles("RECOVER", "CFSTRUCT")
def recover_cfstruct(ctx: Ctx) -> None:
    require_qsg(ctx)


@handles("RESET", "CFSTRUCT")
def reset_cfstruct(ctx: Ctx) -> None:
    require_qsg(ctx)
