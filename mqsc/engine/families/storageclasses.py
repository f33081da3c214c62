"""Storage classes: DEFINE, ALTER, DELETE and DISPLAY STGCLASS.

A storage class maps queues to a page set. Its PSID is not checked when it is defined (a put
finds out, MQRC 2193; storage rule SC-2 (docs/storage.md#storage-rules)), and it cannot change
while a queue that uses it
holds messages (storage rule SC-5 (docs/storage.md#storage-rules)).
"""

from __future__ import annotations

from collections.abc import Iterator

from mqsc.catalog import storageclasses as catalog_storageclasses
from mqsc.engine import objectcommands, space
from mqsc.engine.context import Ctx
from mqsc.engine.messaging.privateq import held
from mqsc.engine.mqobjects import Attributes, MQObject
from mqsc.engine.registry import handles
from mqsc.engine.storage import constants

STGCLASS = catalog_storageclasses.FAMILY


def queues_holding_messages(ctx: Ctx, stgclass: str) -> list[str]:
    """Queues using ``stgclass`` that hold messages (an active page-set association)."""
    return [
        q.name
        for q in ctx.txn.values("qlocal")
        if q.get("STGCLASS") == stgclass and held(ctx, q.name)
    ]


def check(ctx: Ctx, attrs: Attributes, existing: MQObject | None) -> None:
    objectcommands.check_group(ctx, attrs)
    # XCFGNAME and XCFMNAME must both be blank or both non-blank ([DOC-DEFSTC] usage notes).
    if bool(attrs.get("XCFGNAME")) != bool(attrs.get("XCFMNAME")):
        raise ctx.object_failure(
            "MQSC550E", "NOT_ALLOWED", keyword1="XCFGNAME", keyword2="XCFMNAME"
        )
    if existing is not None and attrs.get("PSID") != existing.get("PSID"):
        if queues_holding_messages(ctx, existing.name):
            raise ctx.object_failure("MQSC507E", "IN_USE")


@handles("DEFINE", "STGCLASS")
def define_stgclass(ctx: Ctx) -> None:
    private = objectcommands.disposition(ctx) in ("QMGR", "COPY")
    new = private and not ctx.txn.has("stgclass", ctx.cmd.name)
    objectcommands.define(ctx, STGCLASS, check)
    if new:
        space.account_objects(ctx, constants.OBJ_BYTES_STGCLASS)


@handles("ALTER", "STGCLASS")
def alter_stgclass(ctx: Ctx) -> None:
    objectcommands.alter(ctx, STGCLASS, check)


@handles("DELETE", "STGCLASS")
def delete_stgclass(ctx: Ctx) -> None:
    obj = objectcommands.existing_object(ctx, STGCLASS)
    disposition = str(obj.get("QSGDISP", "QMGR"))
    if disposition == "GROUP":
        ctx.txn.delete("gstgclass", obj.name)
        return
    if queues_holding_messages(ctx, obj.name):
        raise ctx.object_failure("MQSC507E", "IN_USE")
    ctx.txn.delete("stgclass", obj.name)
    space.account_objects(ctx, -constants.OBJ_BYTES_STGCLASS)


@handles("DISPLAY", "STGCLASS")
def display_stgclass(ctx: Ctx) -> None:
    objectcommands.display(ctx, STGCLASS, selected(ctx))


def selected(ctx: Ctx) -> Iterator[objectcommands.Getter]:
    psid = ctx.cmd.get("PSID")
    for obj in objectcommands.selected(ctx, STGCLASS):
        if psid is not None and psid != "*" and obj.get("PSID") != psid:
            continue
        yield objectcommands.getter(obj, "STGCLASS", _PRIVATE)


#: A storage class that holds no QSGDISP is one of this queue manager's.
_PRIVATE = {"QSGDISP": "QMGR"}
