"""What many command families share: table helpers, name kinds, and the common options.

Defaults are the ones "supplied with IBM MQ" (the syntax diagrams of IBM MQ 9.4 for z/OS); at
run time a new object really takes its defaults from the LIKE object or the SYSTEM.DEFAULT.*
object, and the catalog's values only seed those default objects. ``verified`` says where a
fact comes from ("" = UNVERIFIED: a best guess kept in one place so it can be corrected there).

Display widths follow IBM's rules for command-server DISPLAY replies: integers 10, keyword
values 10 (a queue's TYPE 8), negatable flags the length of the negative word, character
values the field length of the MQ constant (MQ_Q_NAME_LENGTH 48, MQ_Q_DESC_LENGTH 64,
MQ_STORAGE_CLASS_LENGTH 8, MQ_CF_STRUC_NAME_LENGTH 12, MQ_DATE_LENGTH 12, MQ_TIME_LENGTH 8).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from mqsc.catalog.model import (
    Choice,
    Flag,
    Keyword,
    Name,
    NameRule,
)

K = Keyword
MAX9 = 999_999_999
QNAME = Name(NameRule.QUEUE, 48)
QNAME_OR_BLANK = Name(NameRule.QUEUE, 48, blank_allowed=True)
GENERIC_QNAME = Name(NameRule.QUEUE, 48, generic=True)
STGCLASS_NAME = Name(NameRule.STGCLASS, 8)
CFSTRUCT_NAME = Name(NameRule.CFSTRUCT, 12)
QMGR_NAME = Name(NameRule.QMGR, 4, generic=True)
ENABLED = Choice(("ENABLED", "DISABLED"))
NO_YES = Choice(("NO", "YES"))


def table(*keywords: Keyword) -> Mapping[str, Keyword]:
    """Keywords by canonical name, in the order given (the display order)."""
    return {k.name: k for k in keywords}


def pick(source: Mapping[str, Keyword], names: Iterable[str]) -> Mapping[str, Keyword]:
    """A sub-table of ``source`` with ``names`` in that order."""
    return {name: source[name] for name in names}


def merged(*tables: Mapping[str, Keyword]) -> Mapping[str, Keyword]:
    """Several tables as one (later ones win)."""
    out: dict[str, Keyword] = {}
    for t in tables:
        out.update(t)
    return out


# ---- Options shared by many commands -------------------------------------------------------
REPLACE = K(
    "REPLACE",
    Flag(),
    negation="NOREPLACE",
    default=False,
    width=9,
    help="replace an existing definition (NOREPLACE: fail if it exists)",
    verified="[DOC-DEFBP] [DOC-DEFQL]",
)
CMDSCOPE = K(
    "CMDSCOPE",
    QMGR_NAME,
    default="",
    help="queue manager(s) of the queue sharing group that process the command",
    verified="[DOC-DEFQL]",
)
ALL = K("ALL", Flag(), help="display all attributes", verified="[DOC-DISQ]")
FORCE = K(
    "FORCE", Flag(), help="alter even when the queue is open", verified="[DOC-DEFQL] [DOC-ALTQL]"
)
PURGE = K(
    "PURGE",
    Flag(),
    negation="NOPURGE",
    default=False,
    help="delete the queue with its messages (NOPURGE: fail if it has messages)",
    verified="[DOC-DELQ]",
)


def qsgdisp(*values: str, default: str = "QMGR") -> Keyword:
    """QSGDISP with the dispositions a command allows."""
    return K(
        "QSGDISP",
        Choice(values),
        default=default,
        width=10,
        help="disposition of the object in the queue sharing group",
        verified="[DOC-DEFQL]",
    )


def like(kind: Name) -> Keyword:
    """LIKE(name): copy the attributes of an existing object of the same type."""
    return K(
        "LIKE",
        kind,
        help="copy unspecified attributes from this object",
        verified="[DOC-DEFQL]",
        own_type=True,
    )


#: The QSGDISP values DISPLAY accepts: LIVE (QMGR, COPY, SHARED), ALL (and GROUP), or one.
DISPLAY_QSGDISP = ("LIVE", "ALL", "QMGR", "COPY", "GROUP", "PRIVATE", "SHARED")
