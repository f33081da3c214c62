"""Verbs, object types and the command specifications built from the attribute tables.

The csect (module) names in CSQ9022I/CSQ9023E are VERIFIED only for DEFINE QLOCAL (CSQMAQLC),
DELETE QLOCAL (CSQMUQLC), DISPLAY (CSQMDRTS), START/STOP QMGR (CSQYASCP) and the preprocessor
(CSQ9SCND) (reference §9.3); the rest follow the same naming pattern and are UNVERIFIED.
"""

from __future__ import annotations

from collections.abc import Mapping

from mqsc.catalog import attributes as A
from mqsc.catalog.model import (
    S_1,
    S_1CR,
    S_2CR,
    S_CR,
    Choice,
    CommandSpec,
    Flag,
    Integer,
    Keyword,
    Name,
    NameRule,
    ObjectType,
    Source,
    Text,
    Verb,
)

K = Keyword

VERBS: tuple[Verb, ...] = (
    Verb("DEFINE", ("DEF",), "create an object"),
    Verb("ALTER", ("ALT",), "change an object"),
    Verb("DELETE", (), "delete an object (DELETE has no synonym, §2.4)"),
    Verb("DISPLAY", ("DIS",), "show objects, status or usage"),
    Verb("BACKUP", (), "back up a CF structure (no synonym, [DOC-BACKUP])"),
    Verb("RECOVER", ("REC",), "recover a CF structure"),
    Verb("RESET", (), "reset a CF structure (ACTION(FAIL) simulates a failure)"),
    Verb("START", ("STA",), "start the queue manager"),
    Verb("STOP", (), "stop the queue manager"),
)

OBJECT_TYPES: tuple[ObjectType, ...] = (
    ObjectType("QLOCAL", ("QL",), "local queue"),
    ObjectType("QUEUE", ("Q",), "queues of any type (DISPLAY)"),
    ObjectType("STGCLASS", ("STC",), "storage class"),
    ObjectType("BUFFPOOL", ("BP",), "buffer pool"),
    ObjectType("PSID", (), "page set"),
    ObjectType("CFSTRUCT", (), "coupling facility structure"),
    ObjectType("CFSTATUS", (), "coupling facility structure status"),
    ObjectType("USAGE", (), "page set, buffer pool and log usage"),
    ObjectType("QMGR", (), "the queue manager"),
)

# ---- Keyword sets --------------------------------------------------------------------------
_QL_SETTABLE = A.pick(A.QLOCAL, A.QLOCAL_SETTABLE)
_QL_DEFINE = A.merged(
    _QL_SETTABLE,
    A.table(A.like(A.QNAME), A.REPLACE, A.CMDSCOPE, A.qsgdisp("QMGR", "COPY", "GROUP", "SHARED")),
)
_QL_ALTER = A.merged(
    _QL_SETTABLE,
    A.table(A.FORCE, A.CMDSCOPE, A.qsgdisp("QMGR", "COPY", "GROUP", "PRIVATE", "SHARED")),
)
_QL_DELETE = A.table(A.PURGE, A.CMDSCOPE, A.qsgdisp("QMGR", "COPY", "GROUP", "SHARED"))

_DISPLAY_QSGDISP = ("LIVE", "ALL", "QMGR", "COPY", "GROUP", "PRIVATE", "SHARED")
#: Keywords that select queues on DISPLAY QUEUE (and cannot also be WHERE keywords, §6.3).
_QUEUE_SELECTORS = A.table(
    A.ALL,
    A.CMDSCOPE,
    K("QSGDISP", Choice(_DISPLAY_QSGDISP), default="LIVE", help="which dispositions to show"),
    K("STGCLASS", Name(NameRule.STGCLASS, 8, generic=True),
      help="only queues using these storage classes", verified="§6.3"),
    K("CFSTRUCT", Name(NameRule.CFSTRUCT, 12, generic=True),
      help="only shared queues in these structures", verified="§6.3"),
    K("PSID", Integer(0, 99, star=True), range_msg="CSQI002I",
      help="only queues with an active association with this page set", verified="§6.3, §5.1"),
    K("CLUSTER", Name(NameRule.QUEUE, 48, generic=True), help="only queues in these clusters"),
    K("CLUSNL", Name(NameRule.QUEUE, 48, generic=True), help="only queues with these namelists"),
)
_QUEUE_TYPE = K("TYPE", Choice(("QLOCAL", "ALL", "QALIAS", "QMODEL", "QREMOTE", "QCLUSTER")),
                default="ALL", help="queue type to show", verified="§6.3 [DOC-DISQ]")
_QL_REQUESTABLE = frozenset(n for n in A.QLOCAL if n != "QUEUE" and A.QLOCAL[n].zos)
#: WHERE keywords: any attribute but those §6.3 excludes. A keyword used as a selector in the
#: same command cannot also be the filter (the binder checks that, CSQM150I).
_QL_FILTERS = frozenset(
    n for n in A.QLOCAL if A.QLOCAL[n].zos and n not in A.QLOCAL_NOT_FILTERS
)

_STC_DEFINE = A.merged(
    A.pick(A.STGCLASS, A.STGCLASS_SETTABLE),
    A.table(A.like(A.STGCLASS_NAME), A.REPLACE, A.CMDSCOPE,
            K("QSGDISP", Choice(("QMGR", "COPY", "GROUP")), default="QMGR")),
)
_STC_ALTER = A.merged(
    A.pick(A.STGCLASS, A.STGCLASS_SETTABLE),
    A.table(A.CMDSCOPE, K("QSGDISP", Choice(("QMGR", "COPY", "GROUP")), default="QMGR")),
)
_STC_DISPLAY = A.table(
    A.ALL, A.CMDSCOPE,
    K("PSID", Integer(0, 99, star=True), range_msg="CSQI002I",
      help="only storage classes mapped to this page set", verified="§5.3 [DOC-DISSTC]"),
    K("QSGDISP", Choice(_DISPLAY_QSGDISP[:-1]), default="LIVE"),
)

_CF_DEFINE = A.merged(
    A.pick(A.CFSTRUCT, A.CFSTRUCT_SETTABLE), A.table(A.like(A.CFSTRUCT_NAME), A.REPLACE)
)
_CF_ALTER = A.pick(A.CFSTRUCT, A.CFSTRUCT_SETTABLE)


def _spec(verb: str, objtype: str, name, keywords, sources, csect, **more) -> CommandSpec:
    return CommandSpec(verb, objtype, name, keywords, sources, csect, **more)


_GENERIC_STC = Name(NameRule.STGCLASS, 8, generic=True)
_GENERIC_CF = Name(NameRule.CFSTRUCT, 12, generic=True)
_POOL_NAME = A.BUFFPOOL_ID.kind
_PSID_NAME = A.PSID_ID.kind

SPECS: tuple[CommandSpec, ...] = (
    # Buffer pools (§3)
    _spec("DEFINE", "BUFFPOOL", _POOL_NAME, A.merged(A.BUFFPOOL, A.table(A.REPLACE)), S_1,
          "CSQPABPL", verified="§3.1 [DOC-DEFBP]", help="define a buffer pool (CSQINP1 only)"),
    _spec("ALTER", "BUFFPOOL", _POOL_NAME, A.BUFFPOOL, S_2CR, "CSQPABPL",
          verified="§3.2 [DOC-ALTBP]", help="change a buffer pool; runs asynchronously"),
    _spec("DELETE", "BUFFPOOL", _POOL_NAME, {}, S_2CR, "CSQPUBPL",
          verified="§3.3 [DOC-DELBP]", help="delete a buffer pool no page set uses"),
    # Page sets (§4)
    _spec("DEFINE", "PSID", _PSID_NAME, A.PSID, S_1CR, "CSQPAPSD",
          verified="§4.1 [DOC-DEFPSID]", help="define a page set (DSN only while running)"),
    _spec("ALTER", "PSID", _PSID_NAME, A.pick(A.PSID, ("EXPAND",)), S_CR, "CSQPAPSD",
          required=("EXPAND",), verified="§4.2 [DOC-ALTPSID]",
          help="change expansion; also resets 'no further expansion'"),
    _spec("DELETE", "PSID", _PSID_NAME, {}, S_CR, "CSQPUPSD",
          help="delete a page set no storage class or message uses (UNVERIFIED syntax)"),
    # Storage classes (§5)
    _spec("DEFINE", "STGCLASS", A.STGCLASS_NAME, _STC_DEFINE, S_2CR, "CSQMASTC",
          verified="§5.1 [DOC-DEFSTC]", help="define a storage class (maps queues to a page set)"),
    _spec("ALTER", "STGCLASS", A.STGCLASS_NAME, _STC_ALTER, S_2CR, "CSQMASTC",
          verified="§5.2 [GH-MS0S]", help="change a storage class no queue uses"),
    _spec("DELETE", "STGCLASS", A.STGCLASS_NAME,
          A.table(A.CMDSCOPE, K("QSGDISP", Choice(("QMGR", "COPY", "GROUP")), default="QMGR")),
          S_2CR, "CSQMUSTC", verified="§5.2 [GH-MS0S]",
          help="delete a storage class no queue uses"),
    _spec("DISPLAY", "STGCLASS", _GENERIC_STC, _STC_DISPLAY, S_2CR, "CSQMDRTS",
          requestable=frozenset(n for n in A.STGCLASS if n != "STGCLASS"),
          where=frozenset(n for n in A.STGCLASS if n not in ("STGCLASS", "QSGDISP")),
          verified="§5.3 [DOC-DISSTC]", help="show storage classes"),
    # Local queues (§6)
    _spec("DEFINE", "QLOCAL", A.QNAME, _QL_DEFINE, S_2CR, "CSQMAQLC",
          verified="§6.1 [DOC-DEFQL]", help="define a local queue"),
    _spec("ALTER", "QLOCAL", A.QNAME, _QL_ALTER, S_2CR, "CSQMAQLC",
          verified="§6.1 [DOC-ALTQL]", help="change a local queue"),
    _spec("DELETE", "QLOCAL", A.QNAME, _QL_DELETE, S_2CR, "CSQMUQLC",
          verified="§6.2 [DOC-DELQL]", help="delete a local queue"),
    _spec("DISPLAY", "QLOCAL", A.GENERIC_QNAME, _QUEUE_SELECTORS, S_2CR, "CSQMDRTS",
          requestable=_QL_REQUESTABLE, where=_QL_FILTERS, verified="§6.3 [DOC-DISQ]",
          help="show local queues"),
    _spec("DISPLAY", "QUEUE", A.GENERIC_QNAME, A.merged(_QUEUE_SELECTORS, A.table(_QUEUE_TYPE)),
          S_2CR, "CSQMDRTS", requestable=_QL_REQUESTABLE, where=_QL_FILTERS,
          verified="§6.3 [DOC-DISQ]", help="show queues"),
    # Coupling facility structures (§7)
    _spec("DEFINE", "CFSTRUCT", A.CFSTRUCT_NAME, _CF_DEFINE, S_2CR, "CSQMACFS",
          verified="§7.1 [DOC-DEFCFS]", help="define a CF application structure (QSG only)"),
    _spec("ALTER", "CFSTRUCT", A.CFSTRUCT_NAME, _CF_ALTER, S_2CR, "CSQMACFS",
          verified="§7.2 [GH-MS0S]", help="change a CF structure"),
    _spec("DELETE", "CFSTRUCT", A.CFSTRUCT_NAME, {}, S_2CR, "CSQMUCFS",
          verified="§7.2 [GH-MS0S]", help="delete a CF structure no queue uses"),
    _spec("DISPLAY", "CFSTRUCT", _GENERIC_CF, A.table(A.ALL, A.CMDSCOPE), S_2CR, "CSQMDRTS",
          requestable=frozenset(n for n in A.CFSTRUCT if n != "CFSTRUCT"),
          where=frozenset(n for n in A.CFSTRUCT if n != "CFSTRUCT"),
          verified="§7.2 [GH-MS0S]", help="show CF structure definitions"),
    _spec("DISPLAY", "CFSTATUS", _GENERIC_CF, A.pick(A.CFSTATUS, ("TYPE",)), S_CR, "CSQMDRTS",
          where=frozenset(n for n in A.CFSTATUS if n not in ("CFSTATUS", "TYPE")),
          verified="§7.5 [DOC-DISCFST]", help="show CF structure status"),
    _spec("BACKUP", "CFSTRUCT", _GENERIC_CF,
          A.table(A.CMDSCOPE,
                  K("EXCLINT", Integer(30, 600), default=30,
                    help="seconds before now excluded from the backup",
                    verified="§7.3 [PCF-BACKUP]")),
          S_CR, "CSQELBKP", verified="§7.3 [DOC-BACKUP]",
          help="back up the persistent messages of CF structures"),
    _spec("RECOVER", "CFSTRUCT", A.NAMES["CFSTRUCT_LIST"],
          A.table(A.CMDSCOPE,
                  K("TYPE", Choice(("NORMAL", "PURGE")), default="NORMAL",
                    help="NORMAL: backup plus logs; PURGE: empty the structure",
                    verified="§7.4 [OLD-RECOVER]")),
          S_CR, "CSQELRCV", verified="§7.4 [OLD-RECOVER]", help="recover failed CF structures"),
    _spec("RESET", "CFSTRUCT", A.CFSTRUCT_NAME,
          A.table(K("ACTION", Choice(("FAIL",)), help="FAIL: simulate a structure failure",
                    verified="storage-model BR-8 [D-RESETCF]")),
          S_CR, "CSQELRST", required=("ACTION",), verified="storage-model BR-8",
          help="fail a CF structure on purpose"),
    # DISPLAY USAGE (§8)
    _spec("DISPLAY", "USAGE", None, A.merged(A.USAGE, A.table(A.CMDSCOPE)), S_2CR, "CSQIDUSE",
          name_required=False, verified="§8.1 [DOC-DISUSAGE]",
          help="page set, buffer pool and log usage reports"),
    # Queue manager
    _spec("DISPLAY", "QMGR", None, A.table(A.ALL, A.CMDSCOPE), S_2CR, "CSQMDRTS",
          name_required=False, requestable=frozenset(A.QMGR),
          verified="§9.3 (CSQMDRTS), §9.5 (CSQM409I)", help="show queue manager attributes"),
    _spec("ALTER", "QMGR", None, A.pick(A.QMGR, A.QMGR_SETTABLE), S_2CR, "CSQMAQMG",
          name_required=False, verified="§1 (CSQINP2 sample has ALTER QMGR)",
          help="change queue manager attributes"),
    _spec("START", "QMGR", None,
          A.table(K("PARM", Text(8), help="system parameter module (accepted, not used)")),
          frozenset({Source.CONSOLE}), "CSQYASCP", name_required=False,
          verified="§9.3 (CSQYASCP)", help="start the queue manager (restart)"),
    _spec("STOP", "QMGR", None,
          A.table(K("MODE", Choice(("QUIESCE", "FORCE", "RESTART")), default="QUIESCE",
                    help="how to stop")),
          S_CR, "CSQYASCP", name_required=False, verified="research CSQY009I example",
          help="stop the queue manager"),
)

#: Commands by (verb, object type).
COMMANDS: Mapping[tuple[str, str], CommandSpec] = {(s.verb, s.objtype): s for s in SPECS}

#: Verb for each spelling.
VERB_WORDS: Mapping[str, Verb] = {w: v for v in VERBS for w in (v.name, *v.synonyms)}

#: Object type for each spelling.
OBJECT_WORDS: Mapping[str, ObjectType] = {
    w: o for o in OBJECT_TYPES for w in (o.name, *o.synonyms)
}

#: Csect of the command preprocessor, used when a command fails its syntax checks.
PREPROCESSOR_CSECT = "CSQ9SCND"

__all__ = [
    "COMMANDS",
    "OBJECT_TYPES",
    "OBJECT_WORDS",
    "PREPROCESSOR_CSECT",
    "SPECS",
    "VERBS",
    "VERB_WORDS",
    "Flag",
]
