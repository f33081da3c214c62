"""The declarative catalog of the MQSC language for z/OS.

Tables, not code: verbs and their synonyms, object types, and for each (verb, object type) the
keywords, value kinds, ranges, defaults, sources and module names; for each object family its
attributes and DISPLAY layout. The binder, the console's completion and HELP, the engine, the
renderers, dump and the generated command reference all read these tables.

One module per object family (``queues``, ``storageclasses``, ``bufferpools``, ``pagesets``,
``cfstructs``, ``usage``, ``qmgr``), mirroring the engine's modules: each holds its attribute
table, its :class:`Family` (DISPLAY layout and where its objects are kept) and its commands'
:class:`CommandSpec` records. ``common`` holds what families share, ``verbs`` the verbs,
``messages`` and ``mqrc`` the message and reason-code catalogs. Adding a family is one module
here, named in :data:`FAMILY_MODULES`, plus one engine module (docs/language.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType

from mqsc.catalog import (
    authinfo,
    bufferpools,
    cfstructs,
    channels,
    chinit,
    chlauth,
    clusters,
    connections,
    namelists,
    pagesets,
    processes,
    qmgr,
    qstats,
    queues,
    recoverylog,
    smds,
    storageclasses,
    system,
    topics,
    trace,
    usage,
)
from mqsc.catalog.model import (
    ALL_SOURCES,
    Choice,
    CommandSource,
    CommandSpec,
    Family,
    Flag,
    Integer,
    Keyword,
    Name,
    NameList,
    NameRule,
    ObjectType,
    Resource,
    Size,
    Text,
    ValueKind,
    Verb,
)
from mqsc.catalog.verbs import PREPROCESSOR_CSECT, VERBS

#: The family modules, in dependency order (what a definition refers to comes first: page sets
#: name buffer pools, storage classes page sets, queues storage classes, CF structures,
#: namelists (CLUSNL) and processes):
#: the command reference and HELP list commands in this order, dump writes definitions in it.
FAMILY_MODULES: tuple[ModuleType, ...] = (
    bufferpools,
    pagesets,
    storageclasses,
    cfstructs,
    namelists,
    processes,
    queues,
    usage,
    qmgr,
    channels,
    chinit,
    clusters,
    topics,
    authinfo,
    chlauth,
    system,
    trace,
    connections,
    qstats,
    smds,
    recoverylog,
)

#: Object types, most used first (their ``rank``).
OBJECT_TYPES: tuple[ObjectType, ...] = tuple(
    sorted((o for module in FAMILY_MODULES for o in module.OBJECT_TYPES), key=lambda o: o.rank)
)
SPECS: tuple[CommandSpec, ...] = tuple(s for module in FAMILY_MODULES for s in module.SPECS)

#: Commands by (verb, object type).
COMMANDS: Mapping[tuple[str, str], CommandSpec] = {(s.verb, s.objtype): s for s in SPECS}

#: The family a command's object keyword displays (QUEUE: local queues), by object type.
FAMILIES: Mapping[str, Family] = {
    objtype: family for module in FAMILY_MODULES for objtype, family in module.FAMILIES.items()
}

#: What the DISPLAY commands of absent facilities (DISPLAY CHSTATUS without a channel
#: initiator) can show and filter on: attribute tables with no family, by object type.
STATUS_ATTRIBUTES: Mapping[str, Mapping[str, Keyword]] = {
    objtype: attributes
    for module in FAMILY_MODULES
    for objtype, attributes in getattr(module, "STATUS_ATTRIBUTES", {}).items()
}

#: Families of defined objects (kept in a state table), by their own object type.
DEFINED: Mapping[str, Family] = {f.objtype: f for f in FAMILIES.values() if f.table}

#: Numbered resources only CSQINP1 defines (buffer pools, page sets), in FAMILY_MODULES order
#: (the order a dump defines them in), by object type.
RESOURCES: Mapping[str, Resource] = {
    objtype: resource
    for module in FAMILY_MODULES
    for objtype, resource in getattr(module, "RESOURCES", {}).items()
}

#: Verb for each spelling.
VERB_WORDS: Mapping[str, Verb] = {w: v for v in VERBS for w in (v.name, *v.synonyms)}

#: Object type for each spelling.
OBJECT_WORDS: Mapping[str, ObjectType] = {w: o for o in OBJECT_TYPES for w in (o.name, *o.synonyms)}

__all__ = [
    "ALL_SOURCES",
    "COMMANDS",
    "DEFINED",
    "FAMILIES",
    "FAMILY_MODULES",
    "OBJECT_TYPES",
    "OBJECT_WORDS",
    "PREPROCESSOR_CSECT",
    "RESOURCES",
    "SPECS",
    "VERBS",
    "VERB_WORDS",
    "Choice",
    "CommandSpec",
    "Family",
    "Flag",
    "Integer",
    "Keyword",
    "Name",
    "NameList",
    "NameRule",
    "ObjectType",
    "Resource",
    "Size",
    "CommandSource",
    "Text",
    "ValueKind",
    "Verb",
    "attributes_of",
    "command_spec",
    "is_verb",
    "meaning",
    "objects_for",
]


def is_verb(word: str) -> bool:
    """True when ``word`` (any case) is a verb or verb synonym.

    >>> is_verb("def"), is_verb("DEFI")
    (True, False)
    """
    return word.upper() in VERB_WORDS


def command_spec(verb: str, objtype: str) -> CommandSpec | None:
    """The spec for canonical ``verb`` and ``objtype``, if that command exists."""
    return COMMANDS.get((verb, objtype))


def objects_for(verb: str) -> tuple[str, ...]:
    """Canonical object types the canonical ``verb`` accepts, in catalog order."""
    return tuple(s.objtype for s in SPECS if s.verb == verb)


def attributes_of(objtype: str) -> Mapping[str, Keyword]:
    """The attributes DISPLAY can show for an object keyword (empty when it shows none).

    >>> attributes_of("QUEUE")["MAXDEPTH"].kind
    Integer(minimum=0, maximum=999999999, star=False, words=())
    """
    family = FAMILIES.get(objtype)
    if family is not None:
        return family.attributes
    return STATUS_ATTRIBUTES.get(objtype, {})


def meaning(spec: CommandSpec | None, word: str) -> Keyword | None:
    """The keyword a word stands for in this command: one of its keywords, or an attribute it
    can display or filter on (``DIS Q(*) CURDEPTH``, ``WHERE(CURDEPTH GT 0)``).

    >>> meaning(command_spec("DISPLAY", "QUEUE"), "curdepth").name
    'CURDEPTH'
    """
    if spec is None or not word:
        return None
    name = word.upper()
    keyword = spec.keyword(name)
    if keyword is not None:
        return keyword
    if name in spec.requestable or name in spec.where:
        return attributes_of(spec.objtype).get(name)
    return None
