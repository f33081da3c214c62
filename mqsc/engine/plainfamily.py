"""The handlers of an object family with no rules of its own beyond the shared ones.

Processes and namelists are such families: DEFINE (LIKE, REPLACE/NOREPLACE, defaults from
the family's default object), ALTER, DELETE and DISPLAY (generic names, QSGDISP selectors,
WHERE), QSGDISP(QMGR|COPY|GROUP) inside a queue sharing group, and their definition's bytes on
page set 0. A family module calls :class:`PlainFamily` with its catalog family and any
display-only values computed from the object.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from mqsc.catalog import Family
from mqsc.engine import objectcommands, space
from mqsc.engine.context import Ctx
from mqsc.engine.mqobjects import Attributes, MQObject
from mqsc.engine.registry import handles
from mqsc.engine.storage import constants


class PlainFamily:
    """Registers DEFINE, ALTER, DELETE and DISPLAY of ``family`` with the shared flows."""

    def __init__(
        self, family: Family, computed: Mapping[str, Callable[[MQObject], object]] | None = None
    ) -> None:
        self.family = family
        self.computed = dict(computed or {})
        self.bytes = constants.OBJECT_BYTES[family.table]
        objtype = family.objtype
        handles("DEFINE", objtype)(self.define)
        handles("ALTER", objtype)(self.alter)
        handles("DELETE", objtype)(self.delete)
        handles("DISPLAY", objtype)(self.display)

    def check(self, ctx: Ctx, attrs: Attributes, existing: MQObject | None) -> None:
        objectcommands.check_group(ctx, attrs)

    def define(self, ctx: Ctx) -> None:
        private = objectcommands.disposition(ctx) in ("QMGR", "COPY")
        new = private and not ctx.txn.has(self.family.table, ctx.cmd.name)
        objectcommands.define(ctx, self.family, self.check)
        if new:
            space.account_objects(ctx, self.bytes)

    def alter(self, ctx: Ctx) -> None:
        objectcommands.alter(ctx, self.family, self.check)

    def delete(self, ctx: Ctx) -> None:
        obj = objectcommands.existing_object(ctx, self.family)
        disposition = str(obj.get("QSGDISP", "QMGR"))
        ctx.txn.delete(self.family.table_for(disposition), obj.name)
        if disposition in ("QMGR", "COPY"):
            space.account_objects(ctx, -self.bytes)

    def display(self, ctx: Ctx) -> None:
        objectcommands.display(ctx, self.family, self.selected(ctx))

    def selected(self, ctx: Ctx) -> Iterator[objectcommands.Getter]:
        family = self.family
        for obj in objectcommands.selected(ctx, family):
            fixed = {"QSGDISP": "QMGR", **{n: f(obj) for n, f in self.computed.items()}}
            yield objectcommands.getter(obj, family.identity[0], fixed)
