"""DEFINE, ALTER, DELETE and DISPLAY for defined objects, shared by every object family.

A :class:`mqsc.catalog.Family` describes one object type (its table, attribute table, default
object, identifying attributes, DISPLAY reply); the family modules (queues, storage classes, CF
structures) supply their own rules as ``check`` callbacks and call these flows.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import cast

from mqsc.catalog import Family
from mqsc.engine.context import Ctx
from mqsc.engine.mqobjects import Attributes, MQObject
from mqsc.engine.records import ObjectRecord
from mqsc.language.commands import Filter
from mqsc.support.collector import paused
from mqsc.support.memo import IdentityMemo

Check = Callable[[Ctx, Attributes, MQObject | None], None]


def disposition(ctx: Ctx) -> str:
    """The QSGDISP a DEFINE, ALTER or DELETE names (QMGR when it names none)."""
    return str(ctx.cmd.attrs.get("QSGDISP", "QMGR"))


# ---- profiles ------------------------------------------------------------------------------
_profiles: IdentityMemo[object, Attributes] = IdentityMemo()


def profile_of(source: object, values: Mapping[str, object]) -> Attributes:
    """A flattened, shared profile of ``values`` (cached per source object).

    Every object defined from the same default object at the same time shares this one
    mapping, which keeps 100,000 queues small.
    """
    profile = _profiles.get(source)
    if profile is None:
        profile = _profiles.put(source, Attributes.profile(values))
    return profile


def defaults(ctx: Ctx, family: Family) -> Attributes:
    """Where a new object's unspecified attributes come from: LIKE, the default object, or
    the product defaults (in that order). A QSGDISP(COPY) object is a copy of the GROUP
    object of its name."""
    if disposition(ctx) == "COPY" and family.group_table:
        group = ctx.txn.get(family.group_table, ctx.cmd.name)
        if group is None or group.get("QSGDISP") != "GROUP":
            raise ctx.not_found(family.objtype, ctx.cmd.name, "GROUP")
        return profile_of(group, group.attrs)
    like = ctx.cmd.get("LIKE")
    if like is not None:
        model = ctx.txn.get(family.table, like)
        if model is None and family.group_table:
            model = ctx.txn.get(family.group_table, like)
        if model is None:
            raise ctx.not_found(family.objtype, like, keyword="LIKE")
        return profile_of(model, model.attrs)
    if family.default_object and family.default_object != ctx.cmd.name:
        model = ctx.txn.get(family.table, family.default_object)
        if model is not None:
            return profile_of(model, model.attrs)
    return profile_of(family, family.catalog_defaults)


def given(ctx: Ctx, family: Family) -> dict[str, object]:
    """The attributes the command sets (options such as LIKE and REPLACE left out)."""
    settable = family.settable_set
    return {k: v for k, v in ctx.cmd.attrs.items() if k in settable}


# ---- the flows -----------------------------------------------------------------------------
def define(
    ctx: Ctx, family: Family, check: Check, defaults_of: Callable[[Ctx], Attributes] | None = None
) -> MQObject:
    """DEFINE name [LIKE(x)] [REPLACE|NOREPLACE] attributes.

    REPLACE re-creates the object: unspecified attributes go back to the defaults, as
    runmqsc shows ([DOC-DEFQL]: DESCR emptied by ``def ql(ql.b) replace maxdepth(2000)``).
    ``defaults_of``: where a family's new object takes its defaults when that is not LIKE,
    else the family's default object (channels: the SYSTEM.DEF.* channel of their type).
    """
    name = cast(str, ctx.cmd.name)
    disp = disposition(ctx)
    table = family.table_for(disp)
    existing = ctx.txn.get(table, name)
    if existing is not None and existing.get("QSGDISP", "QMGR") != disp:
        raise ctx.object_failure(
            "MQSC312E",
            "ALREADY_EXISTS",
            objtype=family.objtype,
            name=name,
            existing=existing.get("QSGDISP", "QMGR"),
        )
    if existing is not None and not ctx.cmd.get("REPLACE", False):
        raise ctx.object_failure("MQSC595E", "ALREADY_EXISTS", objtype=family.objtype, name=name)
    values = given(ctx, family)
    if family.group_table:
        values["QSGDISP"] = disp  # never inherited from LIKE or the default object
    base = defaults_of(ctx) if defaults_of is not None else defaults(ctx, family)
    attrs = base.updated(values)
    check(ctx, attrs, existing)
    stamp = ctx.stamp()
    created = existing.created if existing is not None else stamp
    obj = MQObject(family.objtype, name, attrs, created, stamp)
    ctx.txn.put(table, name, obj)
    return obj


def alter(ctx: Ctx, family: Family, check: Check) -> MQObject:
    """ALTER name attributes: unspecified attributes keep their values."""
    existing = existing_object(ctx, family)
    attrs = existing.attrs.updated(given(ctx, family))
    check(ctx, attrs, existing)
    obj = MQObject(family.objtype, existing.name, attrs, existing.created, ctx.stamp())
    ctx.txn.put(family.table_for(disposition(ctx)), existing.name, obj)
    return obj


def existing_object(ctx: Ctx, family: Family) -> MQObject:
    """The object the command names with the QSGDISP it names, or CSQM125I WAS NOT FOUND."""
    disp = disposition(ctx)
    obj = ctx.txn.get(family.table_for(disp), ctx.cmd.name)
    if obj is None or (family.group_table and obj.get("QSGDISP", "QMGR") != disp):
        raise ctx.not_found(family.objtype, ctx.cmd.name, disp)
    return obj


# ---- DISPLAY -------------------------------------------------------------------------------
#: Dispositions that exist only in a queue sharing group ([DOC-DEFQL] note 1; the same rule for
#: every object type with QSGDISP).
GROUP_DISPOSITIONS = ("COPY", "GROUP", "SHARED")


def check_group(ctx: Ctx, attrs: Mapping[str, object]) -> None:
    """MQSC552E: a COPY, GROUP or SHARED object on a queue manager outside a group."""
    qsgdisp = attrs.get("QSGDISP", "QMGR")
    if qsgdisp in GROUP_DISPOSITIONS and not ctx.qm.info.qsg:
        raise ctx.fail("MQSC552E", qsgdisp=qsgdisp)
    if qsgdisp in ("GROUP", "SHARED") and ctx.txn.get("qmgr", None).attrs.get("DB2") == "SUSPENDED":
        # SUSPEND QMGR FACILITY(DB2): the shared repository cannot be reached
        # (mqsc/engine/families/system.py).
        raise ctx.fail("MQSC379E", qsgdisp=qsgdisp)


def applies(by_type: Mapping[str, frozenset], name: str, kind: object) -> bool:
    """Whether an attribute belongs to objects of a type (``by_type``: the types each
    attribute is limited to, from the type's syntax diagram; unlisted: every type)."""
    types = by_type.get(name)
    return types is None or kind in types


def check_typed(
    ctx: Ctx,
    family: Family,
    attrs: Mapping[str, object],
    existing: MQObject | None,
    type_keyword: str,
    by_type: Mapping[str, frozenset],
    required: Mapping[str, tuple[str, ...]],
) -> None:
    """The rules of a family whose attributes depend on a type (CHANNEL by CHLTYPE, AUTHINFO by
    AUTHTYPE): the type cannot change (MQSC550E), a keyword of another type's diagram is
    refused (MQSC550E), and a DEFINE names the type's required keywords, even blank, or
    inherits them with a value (MQSC554E). An ALTER is not asked for them again: the object
    already passed at its DEFINE (ALTER CHANNEL(SYSTEM.DEF.SENDER) BATCHSZ(20) on a z/OS queue
    manager, whose CSQ4INSX defines that channel with a blank CONNAME, completes)."""
    kind = attrs.get(type_keyword)
    check_group(ctx, attrs)
    if existing is not None and existing.get(type_keyword) != kind:
        raise ctx.object_failure(
            "MQSC550E", "NOT_ALLOWED", keyword1=type_keyword, keyword2=family.objtype
        )
    for name in ctx.cmd.attrs:
        if name in family.settable_set and not applies(by_type, name, kind):
            raise ctx.object_failure(
                "MQSC550E", "NOT_ALLOWED", keyword1=type_keyword, keyword2=name
            )
    if ctx.cmd.verb != "DEFINE":
        return
    for name in required.get(str(kind), ()):
        if name not in ctx.cmd.attrs and not attrs.get(name):
            raise ctx.object_failure(
                "MQSC554E", "NOT_ALLOWED", keyword=type_keyword, value=kind, required=name
            )


def delete(ctx: Ctx, family: Family) -> MQObject:
    """DELETE of an object with no rule of its own: gone from its disposition's table."""
    obj = existing_object(ctx, family)
    ctx.txn.delete(family.table_for(str(obj.get("QSGDISP", "QMGR"))), obj.name)
    return obj


#: Which dispositions each QSGDISP selector of a DISPLAY shows: LIVE the objects a queue
#: manager uses, ALL adds the GROUP objects of the shared repository ([DOC-DISQ], the rule for
#: queues, which z/OS applies to every object type with QSGDISP).
SELECTORS: Mapping[str, tuple[str, ...]] = {
    "LIVE": ("QMGR", "COPY"),
    "ALL": ("QMGR", "COPY", "GROUP"),
    "PRIVATE": ("QMGR", "COPY"),
}


def selected(ctx: Ctx, family: Family) -> Iterator[MQObject]:
    """The family's objects a DISPLAY names: the (generic) name matches and the QSGDISP
    selector shows the disposition; in name order, a private object before the group object of
    the same name."""
    cmd = ctx.cmd
    selector = str(cmd.get("QSGDISP", "LIVE"))
    shown_dispositions = SELECTORS.get(selector, (selector,))
    txn = ctx.txn
    rows = [(name, 0) for name in txn.keys(family.table) if matches(str(cmd.name), name)]
    if "GROUP" in shown_dispositions and family.group_table:
        rows += [(name, 1) for name in txn.keys(family.group_table) if matches(str(cmd.name), name)]
    for name, in_group in sorted(rows):
        obj = txn.get(family.group_table if in_group else family.table, name)
        if obj.get("QSGDISP", "QMGR") in shown_dispositions:
            yield obj


def matches(pattern: str, name: str) -> bool:
    """Generic name matching: ``*`` alone is everything, a trailing ``*`` a prefix.

    >>> matches("PAY.*", "PAY.IN"), matches("PAY.*", "PAYX"), matches("*", "A")
    (True, False, True)
    """
    if pattern.endswith("*"):
        return name.startswith(pattern[:-1])
    return name == pattern


def passes(where: Filter | None, value: object) -> bool:
    """Whether an attribute value passes a WHERE filter ([DOC-DISQ] operators)."""
    if where is None:
        return True
    op, wanted = where.operator, where.value
    if op in ("LK", "NL"):
        hit = matches(str(wanted), str(value))
        return hit if op == "LK" else not hit
    if op in ("CT", "EX", "CTG", "EXG"):
        # A list attribute contains (CT) or lacks (EX) the item, or an item matching a generic
        # name (CTG, EXG) ("DISPLAY NAMELIST", WHERE operators).
        if not isinstance(value, (list, tuple)):  # a one-word list binds as the word
            value = () if value in (None, "") else (value,)
        items = [str(item).rstrip() for item in value]
        if op in ("CT", "EX"):
            hit = str(wanted).rstrip() in items
        else:
            hit = any(matches(str(wanted), item) for item in items)
        return hit if op in ("CT", "CTG") else not hit
    if isinstance(value, str) and isinstance(wanted, str):
        value, wanted = value.rstrip(), wanted.rstrip()
    # A number compared with a word (CAPEXPRY(NOLIMIT) against GT 100) is only equal or not.
    try:
        return bool(_COMPARE[op](value, wanted))
    except TypeError:
        return False


_COMPARE = {
    "EQ": operator.eq,
    "NE": operator.ne,
    "LT": operator.lt,
    "GT": operator.gt,
    "LE": operator.le,
    "GE": operator.ge,
}


def shown(family: Family, requested: Iterable[str], show_all: bool) -> tuple[str, ...]:
    """Attributes a DISPLAY shows: identity, then ALL or the requested ones, in table order."""
    if show_all:
        wanted = {n for n, k in family.attributes.items() if k.zos}
    else:
        wanted = set(requested)
    wanted.update(family.identity)
    return tuple(n for n in family.attributes if n in wanted)


Getter = Callable[[str], object]


def display(
    ctx: Ctx,
    family: Family,
    objects: Iterable[Getter],
    keyword: str | None = None,
    requested: Iterable[str] | None = None,
) -> int:
    """Add the records of the objects that pass the WHERE filter; CSQM297I when none do.

    ``objects`` are value getters (attribute name -> value) of the objects already selected
    by name and by the family's selectors, in display order. Values are computed only for
    the attributes shown, which keeps DISPLAY QLOCAL(*) over 50,000 queues fast.
    """
    cmd = ctx.cmd
    names = shown(
        family, cmd.requested if requested is None else requested, bool(cmd.get("ALL", False))
    )
    where = cmd.where
    keyword = keyword or cmd.objtype
    msg_id = family.reply
    objtype = family.objtype
    add = ctx.records.append
    found = 0
    with paused():  # a record per object: mqsc/support/collector.py
        for get in objects:
            if where is not None and not passes(where, get(where.keyword)):
                continue
            add(ObjectRecord(objtype, keyword, msg_id, tuple([(n, get(n)) for n in names])))
            found += 1
    if not found:
        ctx.say("CSQM297I", objtype=keyword)
    return found


def display_typed(
    ctx: Ctx,
    family: Family,
    objects: Iterable[MQObject],
    name_keyword: str,
    applies: Callable[[str, object], bool],
    type_attribute: str,
) -> int:
    """DISPLAY for families whose attributes depend on a type (CHANNEL by CHLTYPE, AUTHINFO by
    AUTHTYPE): each object shows, and is filtered on, the attributes of its own type only, as
    z/OS shows them (ALL on a receiver channel lists no XMITQ)."""
    cmd = ctx.cmd
    names = shown(family, cmd.requested, bool(cmd.get("ALL", False)))
    where = cmd.where
    found = 0
    with paused():
        for obj in objects:
            get = getter(obj, name_keyword)
            kind = obj.get(type_attribute)
            if where is not None and not (
                applies(where.keyword, kind) and passes(where, get(where.keyword))
            ):
                continue
            ctx.add(
                ObjectRecord(
                    family.objtype,
                    cmd.objtype,
                    family.reply,
                    tuple([(n, get(n)) for n in names if applies(n, kind)]),
                )
            )
            found += 1
    if not found:
        ctx.say("CSQM297I", objtype=cmd.objtype)
    return found


def display_types(ctx: Ctx, objects: Iterable[tuple[Family, Getter]]) -> int:
    """:func:`display` of objects of several families (DISPLAY QUEUE over every queue type):
    each object shows the requested attributes its own type has, and a WHERE filter on an
    attribute its type lacks leaves it out."""
    cmd = ctx.cmd
    requested = cmd.requested
    show_all = bool(cmd.get("ALL", False))
    where = cmd.where
    keyword = cmd.objtype
    add = ctx.records.append
    layouts: dict[str, tuple[str, ...]] = {}
    found = 0
    with paused():
        for family, get in objects:
            objtype = family.objtype
            names = layouts.get(objtype)
            if names is None:
                names = layouts[objtype] = shown(family, requested, show_all)
            if where is not None and (
                where.keyword not in family.attributes or not passes(where, get(where.keyword))
            ):
                continue
            add(ObjectRecord(objtype, keyword, family.reply, tuple([(n, get(n)) for n in names])))
            found += 1
    if not found:
        ctx.say("CSQM297I", objtype=keyword)
    return found


def values_getter(values: Mapping[str, object]) -> Getter:
    """DISPLAY values of something that is not a defined object (a cluster queue or topic the
    repository holds): its values, blank for what it has not."""

    def get(name: str) -> object:
        return values.get(name, "")

    return get


def getter(obj: MQObject, name_keyword: str, fixed: Mapping[str, object] | None = None) -> Getter:
    """An object's DISPLAY values: its attributes, its name under ``name_keyword``, the
    ``fixed`` values of attributes it does not hold, then its date stamps (blank otherwise)."""
    attrs = obj.attrs
    fixed = fixed or {}
    stamp = stamps(obj)

    def get(name: str) -> object:
        if name in attrs:
            return attrs[name]
        if name == name_keyword:
            return obj.name
        if name in fixed:
            return fixed[name]
        return stamp.get(name, "")

    return get


def stamps(obj: MQObject) -> dict[str, str]:
    """CRDATE/CRTIME/ALTDATE/ALTTIME from an object's stamps."""
    created = obj.created or " "
    altered = obj.altered or created
    return {
        "CRDATE": created[:10],
        "CRTIME": created[11:],
        "ALTDATE": altered[:10],
        "ALTTIME": altered[11:],
    }
