"""The whole queue manager as a replayable deck (what dmpmqcfg and CSQUTIL MAKEDEF give).

A dump lists every object definition with all its attributes explicit, so replaying it
reproduces the objects exactly whatever the defaults of the target queue manager are:
``DEFINE ... REPLACE`` for storage classes, CF structures and local queues, ``ALTER QMGR`` for
the queue manager. Buffer pools and page sets can only be defined from CSQINP1
([DOC-DEFBP], [DOC-DEFPSID]), so the CSQINP2 deck carries them as comments and
:func:`csqinp1_deck` writes them as a deck of their own.

The same :class:`Definition` records feed ``mqsc plan`` and ``mqsc diff``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from mqsc.batch import cards
from mqsc.catalog import DEFINED, FAMILIES, RESOURCES, Flag, command_spec
from mqsc.engine.manager import QueueManager
from mqsc.language.commands import VERB_CLASSES, Command

#: Object types in dump order: what a definition refers to comes before it (queues name
#: storage classes; page sets name buffer pools): the CSQINP1 resources, then the catalog's
#: family order, which is that dependency order; ALTER QMGR last, as IBM's CSQINP2 has it.
ORDER = (*RESOURCES, *DEFINED, "QMGR")
#: Command options, not attributes: never part of a definition.
OPTIONS = frozenset({"LIKE", "REPLACE", "CMDSCOPE"})
#: Keys of the JSON dump, per object type.
JSON_GROUPS = {
    **{objtype: resource.json_key for objtype, resource in RESOURCES.items()},
    **{objtype: family.json_key for objtype, family in DEFINED.items()},
}
#: The key of an object's name in its JSON record (``queue`` for every queue type).
JSON_NAMES = {objtype: family.identity[0].lower() for objtype, family in DEFINED.items()}


@dataclass(frozen=True, slots=True)
class Definition:
    """One object as the queue manager holds it: its type, name and attributes in catalog
    order (only the attributes a DEFINE or ALTER can set)."""

    objtype: str
    name: str | int | None
    attrs: tuple[tuple[str, object], ...]

    @property
    def key(self) -> tuple[str, str | int | None]:
        return (self.objtype, self.name)

    @property
    def label(self) -> str:
        """``QLOCAL(PAY.IN)``, ``BUFFPOOL(3)``, ``QMGR``."""
        if self.name is None:
            return self.objtype
        return f"{self.objtype}({str(self.name).replace(chr(9), ' ')})"

    def command(self) -> Command:
        """The command that re-creates the object: DEFINE ... REPLACE, or ALTER QMGR."""
        if self.objtype == "QMGR":
            return VERB_CLASSES["ALTER"]("ALTER", "QMGR", None, dict(self.attrs))
        replace = (
            {}
            if self.objtype == "PSID"
            or (self.objtype == "BUFFPOOL" and not dict(self.attrs).get("REPLACE"))
            else {"REPLACE": True}
        )
        attrs = {k: v for k, v in self.attrs if k != "REPLACE"}
        family = DEFINED.get(self.objtype)
        if family is not None and family.replay != "DEFINE":
            # Records set rather than defined (SET CHLAUTH): the command names the profile
            # and replaces the record.
            return VERB_CLASSES[family.replay](
                family.replay, self.objtype, self.given_name, {**attrs, "ACTION": "REPLACE"}
            )
        return VERB_CLASSES["DEFINE"]("DEFINE", self.objtype, self.name, {**replace, **attrs})

    @property
    def given_name(self) -> str | int | None:
        """The name a command gives the object: its name, or for a record set rather than
        defined (SET CHLAUTH), which the state keys by profile, type and mapped value, the
        profile (the type and the value are attributes of the record)."""
        family = DEFINED.get(self.objtype)
        if family is not None and family.replay != "DEFINE":
            return str(self.name).split("\t", 1)[0]
        return self.name


# ---- reading the state ---------------------------------------------------------------------
def definitions(qm: QueueManager) -> list[Definition]:
    """Every object definition of the queue manager, in :data:`ORDER`, names sorted."""
    tables = qm.state.tables
    out = [_pool(p) for _, p in sorted(tables["pool"].items())]
    out += [_pageset(ps) for _, ps in sorted(tables["pageset"].items())]
    for objtype in ORDER:
        family = DEFINED.get(objtype)
        if family is None:
            continue
        # In a queue sharing group, GROUP and SHARED objects come first; COPY objects are
        # left out: replaying a GROUP definition makes them again on every member.
        if qm.group is not None and family.group_table:
            out += [_object(objtype, obj) for _, obj in sorted(tables[family.group_table].items())]
        out += [
            _object(objtype, obj)
            for _, obj in sorted(tables[family.table].items())
            if obj.get("QSGDISP", "QMGR") != "COPY"
        ]
    out.append(_qmgr(qm))
    return out


def _settable(objtype: str) -> list[str]:
    """Attributes DEFINE (or the family's replay verb, SET) can set, in display order."""
    family = DEFINED[objtype]
    spec = command_spec(family.replay, objtype)
    assert spec is not None, objtype  # every defined family replays with a verb it has
    return [
        n
        for n in family.attributes
        if n not in OPTIONS and n != "ACTION" and spec.keyword(n) is not None
    ]


def _object(objtype: str, obj: Any) -> Definition:
    attrs = obj.attrs
    return Definition(
        objtype, obj.name, tuple((n, attrs[n]) for n in _settable(objtype) if n in attrs)
    )


def object_definition(objtype: str, obj: Any) -> Definition:
    """One object of a defined family as a :class:`Definition` (CSQUTIL SDEFS uses it)."""
    return _object(objtype, obj)


def qmgr_definition(qm: QueueManager) -> Definition:
    """The queue manager's settable attributes as an ``ALTER QMGR`` definition."""
    return _qmgr(qm)


def _pool(pool: Any) -> Definition:
    # A PAGECLAS change waiting for a restart is what the next start would define
    # (storage rule BP-6 (docs/storage.md#storage-rules)).
    attrs: list[tuple[str, object]] = [
        ("BUFFERS", pool.buffers),
        ("LOCATION", pool.location),
        ("PAGECLAS", pool.pending_pageclass or pool.pageclass),
    ]
    if pool.replace:
        attrs.append(("REPLACE", True))
    return Definition("BUFFPOOL", pool.pool, tuple(attrs))


def _pageset(ps: Any) -> Definition:
    return Definition("PSID", ps.psid, (("BUFFPOOL", ps.pool), ("EXPAND", ps.expand)))


def _qmgr(qm: QueueManager) -> Definition:
    info = qm.info
    family = FAMILIES["QMGR"]
    values = {n: family.attributes[n].default for n in family.settable}
    values.update({k: v for k, v in info.attrs.items() if k in values})
    return Definition("QMGR", None, tuple(values.items()))


# ---- MQSC ----------------------------------------------------------------------------------
def header(qm: QueueManager) -> list[str]:
    """Comment lines that say what the deck is."""
    return [
        cards.comment("-" * 69),
        cards.comment(f"Queue manager {qm.name} (CPF {qm.cpf}), written by mqsc dump."),
        cards.comment("Every attribute is explicit: a replay re-creates the objects."),
        cards.comment("-" * 69),
    ]


def csqinp2_deck(qm: QueueManager, defs: Iterable[Definition] | None = None) -> str:
    """The CSQINP2 deck: object definitions, with buffer pools and page sets as comments."""
    defs = list(definitions(qm) if defs is None else defs)
    lines = header(qm)
    early = [d for d in defs if d.objtype in RESOURCES]
    if early:
        lines.append(
            cards.comment("Buffer pools and page sets: CSQINP1 only (mqsc dump --csqinp1)")
        )
        lines += ["*" + line for d in early for line in cards.card_lines(d.command(), 71)]
    lines += [
        line for d in defs if d.objtype not in RESOURCES for line in cards.card_lines(d.command())
    ]
    return "".join(line + "\n" for line in lines)


def csqinp1_deck(qm: QueueManager, defs: Iterable[Definition] | None = None) -> str:
    """The CSQINP1 deck: DEFINE BUFFPOOL and DEFINE PSID (no DSN: CSQINP1 takes none)."""
    defs = list(definitions(qm) if defs is None else defs)
    lines = header(qm)
    lines += [
        line for d in defs if d.objtype in RESOURCES for line in cards.card_lines(d.command())
    ]
    return "".join(line + "\n" for line in lines)


# ---- JSON ----------------------------------------------------------------------------------
def json_value(value: object) -> object:
    """A value as JSON: flags are booleans, text without trailing blanks."""
    if isinstance(value, str):
        return value.rstrip()
    return value


def to_json(qm: QueueManager, defs: Iterable[Definition] | None = None) -> dict[str, Any]:
    """The dump as JSON: attribute names in lower case, as the MQ REST API names them."""
    defs = list(definitions(qm) if defs is None else defs)
    out: dict[str, Any] = {
        "version": 1,
        "qmgr": {"name": qm.name, "cpf": qm.cpf, "qsg": qm.info.qsg},
    }
    for group in JSON_GROUPS.values():
        out[group] = []
    for d in defs:
        record = {k.lower(): json_value(v) for k, v in d.attrs}
        if d.objtype == "QMGR":
            out["qmgr"].update(record)
            continue
        name_key = JSON_NAMES.get(d.objtype, d.objtype.lower())
        out[JSON_GROUPS[d.objtype]].append({name_key: d.given_name, **record})
    return out


def is_flag(objtype: str, name: str) -> bool:
    """Whether an attribute is a flag (SHARE/NOSHARE): shown as its keyword."""
    spec = command_spec("DEFINE", objtype) or command_spec("ALTER", objtype)
    keyword = spec.keyword(name) if spec is not None else None
    return keyword is not None and isinstance(keyword.kind, Flag)
