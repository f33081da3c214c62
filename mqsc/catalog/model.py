"""The shapes of the language tables: verbs, object types, keywords, value kinds, commands.

Everything here is data. The binder, the completer, HELP, the docs generator and the engine's
display code all read these tables; none of them hard-codes a keyword.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum


class CommandSource(str, Enum):
    """Where a z/OS command may come from ([DOC-SOURCES])."""

    CSQINP1 = "1"
    CSQINP2 = "2"
    CONSOLE = "C"
    SERVER = "R"


ALL_SOURCES = frozenset(CommandSource)
#: The usual set for object commands: CSQINP2, console, command server.
S_2CR = frozenset({CommandSource.CSQINP2, CommandSource.CONSOLE, CommandSource.SERVER})
S_CR = frozenset({CommandSource.CONSOLE, CommandSource.SERVER})
S_C = frozenset({CommandSource.CONSOLE})
S_1 = frozenset({CommandSource.CSQINP1})
S_1CR = frozenset({CommandSource.CSQINP1, CommandSource.CONSOLE, CommandSource.SERVER})
S_12CR = ALL_SOURCES


# ---- Value kinds ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Flag:
    """A keyword with no value (REPLACE, ALL, PURGE); bound to True (or False for its negation)."""


@dataclass(frozen=True, slots=True)
class Integer:
    """A whole number in ``[minimum, maximum]``; ``star`` also allows ``*`` (e.g. PSID(*));
    ``words`` are unquoted words allowed in place of a number (CAPEXPRY(NOLIMIT))."""

    minimum: int
    maximum: int
    star: bool = False
    words: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Choice:
    """One word from a fixed list (unquoted, folded to upper case); with ``max_items`` over 1,
    a list of up to that many such words, in order (COMPMSG(RLE,ZLIBFAST)): one word binds as
    a word, several as a tuple."""

    values: tuple[str, ...]
    max_items: int = 1


@dataclass(frozen=True, slots=True)
class Text:
    """Free text up to ``max_length`` characters; quoted text keeps its case. With
    ``max_items`` over 1, a list of up to that many such texts (MSGEXIT(EXIT1,EXIT2)): one
    binds as a text, several as a tuple."""

    max_length: int
    max_items: int = 1


class NameRule(str, Enum):
    """Character rules for object names ."""

    QUEUE = "queue"  # A-Z a-z 0-9 . / _ %
    PROCESS = "process"  # the queue rules (IBM "Rules for naming IBM MQ objects")
    NAMELIST = "namelist"  # the queue rules
    STGCLASS = "stgclass"  # 1-8, A-Z first, then A-Z 0-9
    CFSTRUCT = "cfstruct"  # 1-12, A-Z first, then A-Z 0-9
    QMGR = "qmgr"  # 1-4 on z/OS, A-Z first, then A-Z 0-9 @ # $
    DSN = "dsn"  # z/OS data set name: qualifiers of 1-8, dot separated, 44 max
    ANY = "any"


@dataclass(frozen=True, slots=True)
class Name:
    """An object name; ``generic`` allows a trailing ``*`` (DISPLAY, BACKUP)."""

    rule: NameRule
    max_length: int
    generic: bool = False
    blank_allowed: bool = False


@dataclass(frozen=True, slots=True)
class NameList:
    """A list of object names, e.g. RECOVER CFSTRUCT(A, B) (up to ``max_items``)."""

    rule: NameRule
    max_length: int
    max_items: int


@dataclass(frozen=True, slots=True)
class Size:
    """A size such as ``32K``, ``64K`` or ``1M`` between bounds in bytes (CFSTRUCT offload)."""

    minimum: int
    maximum: int


ValueKind = Flag | Integer | Choice | Text | Name | NameList | Size


# ---- Keywords ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Keyword:
    """One keyword of a command: an object attribute or a command option.

    Attributes:
        name: canonical spelling, used in typed commands and output (``LOCATION``).
        kind: what its value may be.
        synonyms: other accepted spellings (``LOC``); using two spellings is a repeat (CSQ9000E).
        negation: the negative form of a flag attribute (``NOSHARE`` for ``SHARE``); binds the
            canonical name to False.
        default: the value a new object gets when nothing (no LIKE, no default object) supplies
            one; None when the default comes from elsewhere.
        zos: False for keywords valid in MQSC but not on z/OS (answered with CSQ9001E).
        range_msg: message id for a value out of range (default: the generic one).
        width: field width in command-server DISPLAY replies ([DOC-MSGS]).
        help: one line for completion and HELP.
        verified: evidence for the rule, or "" when UNVERIFIED.
        sources: where a command that names this keyword may come from, when that is
            narrower than the command's own sources (``SUSPEND QMGR LOG``: the console only);
            None when the keyword does not narrow them.
        value_sources: the same for some of its values only (``REFRESH QMGR TYPE(EARLY)``:
            the console only, while the other types come from 2CR).
        own_type: the value names an existing object of the command's own object type
            (``LIKE``: a QLOCAL is defined like a local queue, never like a model queue), so
            completion offers that type's objects only, not every object its name rule allows.

    """

    name: str
    kind: ValueKind
    synonyms: tuple[str, ...] = ()
    negation: str | None = None
    default: object = None
    zos: bool = True
    range_msg: str | None = None
    width: int | None = None
    help: str = ""
    verified: str = ""
    sources: frozenset[CommandSource] | None = None
    value_sources: Mapping[str, frozenset[CommandSource]] | None = None
    own_type: bool = False

    @property
    def spellings(self) -> tuple[str, ...]:
        """Every word that means this keyword, canonical first."""
        extra = (self.negation,) if self.negation else ()
        return (self.name, *self.synonyms, *extra)


# ---- Verbs, object types, commands ---------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Verb:
    """A command verb and its fixed synonyms (synonyms are not abbreviations)."""

    name: str
    synonyms: tuple[str, ...] = ()
    help: str = ""


@dataclass(frozen=True, slots=True)
class ObjectType:
    """An object type keyword (QLOCAL, STGCLASS...) with its synonyms.

    ``rank`` orders object types where they are offered (completion, HELP's overview): the
    most used first. The command reference keeps the catalog's module order.
    """

    name: str
    synonyms: tuple[str, ...] = ()
    help: str = ""
    rank: int = 100


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """What one (verb, object type) accepts.

    Attributes:
        verb, objtype: canonical names.
        name: kind of the object keyword's value, or None when the object keyword takes none
            (DISPLAY USAGE, STOP QMGR).
        name_required: whether the object keyword must have a value.
        keywords: every other keyword, by canonical name.
        requestable: attribute names DISPLAY accepts without a value (``DIS Q(*) CURDEPTH``).
        where: attributes allowed as WHERE filter keywords (empty: no WHERE).
        required: keywords that must be present.
        sources: where the command may be issued from.
        csect: module name in CSQ9022I/CSQ9023E for this command (UNVERIFIED for most).
        verified: evidence for the syntax.
        facility: the facility (:data:`mqsc.catalog.absent.FACILITIES`) the command needs and
            the simulation does not have: the engine answers it with that facility's absent
            answer (the channel initiator not active message...), table-driven.
        simplified: what the simulation leaves out of a command it does execute (empty when
            it executes it fully); the generated command reference lists it.

    """

    verb: str
    objtype: str
    name: ValueKind | None
    keywords: Mapping[str, Keyword]
    sources: frozenset[CommandSource]
    csect: str
    name_required: bool = True
    requestable: frozenset[str] = frozenset()
    where: frozenset[str] = frozenset()
    required: tuple[str, ...] = ()
    verified: str = ""
    help: str = ""
    facility: str = ""
    simplified: str = ""
    _lookup: Mapping[str, Keyword] = field(default_factory=dict, repr=False, compare=False)
    #: The keywords that narrow the command's sources (``Keyword.sources``), if any.
    narrowing: tuple[str, ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        table = {}
        for keyword in self.keywords.values():
            for spelling in keyword.spellings:
                table[spelling] = keyword
        object.__setattr__(self, "_lookup", table)
        object.__setattr__(
            self,
            "narrowing",
            tuple(
                k.name
                for k in self.keywords.values()
                if k.sources is not None or k.value_sources is not None
            ),
        )

    def keyword(self, word: str) -> Keyword | None:
        """The keyword a spelling (upper case) stands for, if this command accepts it."""
        return self._lookup.get(word)

    def sources_for(self, given: Mapping[str, object]) -> frozenset[CommandSource]:
        """Where the command may come from when it names the keywords ``given`` (canonical
        names and their values): its own sources, narrowed by those of any keyword (or
        keyword value) that has its own."""
        allowed = self.sources
        for name in self.narrowing:
            if name in given:
                keyword = self.keywords[name]
                if keyword.sources is not None:
                    allowed = allowed & keyword.sources
                if keyword.value_sources is not None:
                    allowed = allowed & keyword.value_sources.get(str(given[name]), allowed)
        return allowed

    @property
    def spellings(self) -> tuple[str, ...]:
        """Every keyword spelling this command accepts (for completion)."""
        return tuple(self._lookup)

    @property
    def title(self) -> str:
        """``DEFINE QLOCAL``."""
        return f"{self.verb} {self.objtype}"

    @property
    def status(self) -> str:
        """How the simulation answers the command: ``executed``, ``simplified`` (executed with
        documented simplifications) or ``absent`` (answered as z/OS answers when the facility
        it needs is not there)."""
        if self.facility:
            return "absent"
        return "simplified" if self.simplified else "executed"


# ---- Numbered resources ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Resource:
    """A resource identified by number that only CSQINP1 defines (buffer pools, page sets:
    [DOC-DEFBP], [DOC-DEFPSID]): no DISPLAY family, its own state table, and in a dump a deck
    of its own that comes before every object definition (page sets name buffer pools, storage
    classes name page sets).

    Attributes:
        objtype: the object keyword (``BUFFPOOL``), which is also the id keyword other
            commands name it by (``DEFINE PSID(4) BUFFPOOL(3)``).
        table: the state table holding its records, by number.
        json_key: the key of its list in ``mqsc dump --format json``.
        id_keyword: its number as a keyword, with the message a number out of range gets
            (``BUFFPOOL(100)``: CSQP002I).

    """

    objtype: str
    table: str
    json_key: str
    id_keyword: Keyword | None = None


# ---- Object families -----------------------------------------------------------------------
#: Dispositions whose objects are in the queue sharing group's shared repository (Db2).
IN_REPOSITORY = ("GROUP", "SHARED")


@dataclass(frozen=True)
class Family:
    """One type of object as DISPLAY shows it, and where defined objects of it are kept.

    Attributes:
        objtype: the object keyword (``QLOCAL``); DISPLAY records carry it.
        attributes: every attribute DISPLAY can show, in display order, with its width.
        identity: attributes every DISPLAY shows (``QUEUE TYPE QSGDISP``).
        reply: the command-server message that carries one object (``MQSC401I``).
        settable: attributes DEFINE and ALTER may set (empty for status displays).
        table: the state table of defined objects (None for status displays).
        default_object: the object new ones copy their defaults from, if any
            (SYSTEM.DEFAULT.LOCAL.QUEUE, SYSTEMST).
        group_table: the shared repository's table of this type's QSGDISP(GROUP) and
            QSGDISP(SHARED) objects, if the type has them.
        group_wide: the objects are the queue sharing group's, not one queue manager's (CF
            structures): :attr:`table` is one of the group's tables.
        replay: the verb that re-creates an object of the family in a dump (``DEFINE ...
            REPLACE``; channel authentication records: ``SET CHLAUTH ... ACTION(REPLACE)``).
        json_key: the key of this type's list in ``mqsc dump --format json``.
        detail: the attribute that says most about an object besides DESCR (an alias's
            TARGET): the console's completion menu shows it beside the object's name.

    """

    objtype: str
    attributes: Mapping[str, Keyword]
    identity: tuple[str, ...]
    reply: str
    settable: tuple[str, ...] = ()
    table: str = ""  # "" for a family kept in no state table (a status DISPLAY)
    default_object: str | None = None
    group_table: str = ""  # "" for a family with no QSGDISP(GROUP) objects
    group_wide: bool = False
    replay: str = "DEFINE"
    json_key: str = ""
    detail: str = ""

    def table_for(self, disposition: str) -> str:
        """Where objects of a QSGDISP live: GROUP and SHARED ones in the shared repository,
        QMGR and COPY ones on the queue manager's page set 0."""
        if disposition in IN_REPOSITORY and self.group_table:
            return self.group_table
        return self.table

    @functools.cached_property
    def settable_set(self) -> frozenset[str]:
        """:attr:`settable` for membership tests (a DEFINE filters every keyword by it)."""
        return frozenset(self.settable)

    @property
    def catalog_defaults(self) -> Mapping[str, object]:
        """The defaults supplied with IBM MQ (the syntax diagrams)."""
        return {
            n: self.attributes[n].default
            for n in self.settable
            if self.attributes[n].default is not None
        }
