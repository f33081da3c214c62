"""The handlers of object families with no rules of their own beyond the shared ones.

Processes and namelists are such families (:class:`PlainFamily`): DEFINE (LIKE,
REPLACE/NOREPLACE, defaults from the family's default object), ALTER, DELETE and DISPLAY
(generic names, QSGDISP selectors, WHERE), QSGDISP(QMGR|COPY|GROUP) inside a queue sharing
group, and their definition's bytes on page set 0. Channels and AUTHINFO objects are the same
with a type that decides their attributes (:class:`TypedFamily`). A family module calls one of
them with its catalog family.
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


class TypedFamily:
    """Registers DEFINE, ALTER, DELETE and DISPLAY of a family whose objects have a type
    (``type_keyword``: a channel's CHLTYPE, an AUTHINFO's AUTHTYPE) that decides which
    attributes they have (``by_type``, from each type's syntax diagram) and which they need
    (``required``). DISPLAY shows each object's own type's attributes and selects by
    ``select_keyword`` (DISPLAY CHANNEL TYPE(...), DISPLAY AUTHINFO AUTHTYPE(...)); a new
    object takes its defaults from ``defaults`` when the family has its own rule for them.
    Each definition's bytes count on page set 0 (storage rule PS-6)."""

    def __init__(
        self,
        family: Family,
        type_keyword: str,
        by_type: Mapping[str, frozenset],
        required: Mapping[str, tuple[str, ...]],
        select_keyword: str,
        defaults: Callable[[Ctx, str], Attributes] | None = None,
        rules: Callable[[Ctx, Attributes], None] | None = None,
    ) -> None:
        self.family = family
        #: The family's own rules on an object's attributes, after the type's (a channel's
        #: CLUSTER and CLUSNL), if it has any.
        self.rules = rules
        self.type_keyword = type_keyword
        self.by_type = by_type
        self.required = required
        self.select_keyword = select_keyword
        self.defaults = defaults
        objtype = family.objtype
        handles("DEFINE", objtype)(self.define)
        handles("ALTER", objtype)(self.alter)
        handles("DELETE", objtype)(self.delete)
        handles("DISPLAY", objtype)(self.display)

    def applies(self, name: str, kind: object) -> bool:
        """Whether an attribute belongs to objects of type ``kind``."""
        return objectcommands.applies(self.by_type, name, kind)

    def check(self, ctx: Ctx, attrs: Attributes, existing: MQObject | None) -> None:
        # A required keyword may be named blank (CSQ4INSX's SYSTEM.DEF.SENDER has CONNAME(' ')).
        objectcommands.check_typed(
            ctx, self.family, attrs, existing, self.type_keyword, self.by_type, self.required
        )
        if self.rules is not None:
            self.rules(ctx, attrs)

    def define(self, ctx: Ctx) -> None:
        table = self.family.table
        before = space.private_bytes(ctx, table)
        if self.defaults is None:
            objectcommands.define(ctx, self.family, self.check)
        else:
            own = self.defaults
            kind = str(ctx.cmd.get(self.type_keyword))
            objectcommands.define(ctx, self.family, self.check, lambda ctx: own(ctx, kind))
        space.account_definition(ctx, table, before)

    def alter(self, ctx: Ctx) -> None:
        objectcommands.alter(ctx, self.family, self.check)

    def delete(self, ctx: Ctx) -> None:
        table = self.family.table
        before = space.private_bytes(ctx, table)
        objectcommands.delete(ctx, self.family)
        space.account_definition(ctx, table, before)

    def display(self, ctx: Ctx) -> None:
        objectcommands.display_typed(
            ctx,
            self.family,
            self.selected(ctx),
            self.family.objtype,
            self.applies,
            self.type_keyword,
        )

    def selected(self, ctx: Ctx) -> Iterator[MQObject]:
        """Objects by name, disposition and type, in name order."""
        wanted = str(ctx.cmd.get(self.select_keyword, "ALL"))
        for obj in objectcommands.selected(ctx, self.family):
            if wanted == "ALL" or obj.get(self.type_keyword) == wanted:
                yield obj
