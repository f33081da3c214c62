"""The declarative catalog of the MQSC language for z/OS.

Tables, not code: verbs and their synonyms, object types, and for each (verb, object type) the
keywords, value kinds, ranges, defaults, sources and module names. The binder, the console's
completion and HELP, the engine's display code and the generated command reference all read
these tables. See docs/language.md for how to add a command.
"""

from __future__ import annotations

from mqsc.catalog import attributes
from mqsc.catalog.language import (
    COMMANDS,
    OBJECT_TYPES,
    OBJECT_WORDS,
    PREPROCESSOR_CSECT,
    SPECS,
    VERB_WORDS,
    VERBS,
)
from mqsc.catalog.model import (
    ALL_SOURCES,
    Choice,
    CommandSpec,
    Flag,
    Integer,
    Keyword,
    Name,
    NameList,
    NameRule,
    ObjectType,
    Size,
    Source,
    Text,
    ValueKind,
    Verb,
)

__all__ = [
    "ALL_SOURCES",
    "COMMANDS",
    "OBJECT_TYPES",
    "OBJECT_WORDS",
    "PREPROCESSOR_CSECT",
    "SPECS",
    "VERBS",
    "VERB_WORDS",
    "Choice",
    "CommandSpec",
    "Flag",
    "Integer",
    "Keyword",
    "Name",
    "NameList",
    "NameRule",
    "ObjectType",
    "Size",
    "Source",
    "Text",
    "ValueKind",
    "Verb",
    "attributes",
    "command_spec",
    "is_verb",
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
