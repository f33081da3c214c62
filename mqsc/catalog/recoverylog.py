"""The recovery log, its archives and the system parameters (IBM MQ 9.4 for z/OS, each command's
page): DISPLAY / SET SYSTEM, LOG and ARCHIVE, ARCHIVE LOG, DEFINE LOG, RECOVER BSDS,
DEFINE / DISPLAY MAXSMSGS and RESET QMGR (on z/OS only TYPE(PUBSUB)).

The SET commands' keywords are the parameters the system parameter table (catalog/zparm.py)
marks as changeable by them, so the macros and the commands share one range for each.
"""

from __future__ import annotations

from collections.abc import Mapping

from mqsc.catalog import common, zparm
from mqsc.catalog.common import MAX9, NO_YES, K, table
from mqsc.catalog.model import (
    S_2CR,
    S_12CR,
    S_CR,
    Choice,
    CommandSpec,
    Flag,
    Integer,
    Keyword,
    Name,
    NameRule,
    Text,
    ValueKind,
)

OBJECT_TYPES = ()  # LOG, ARCHIVE, SYSTEM, BSDS and MAXSMSGS are catalog/system.py's
FAMILIES: dict = {}

_SCOPE = table(common.CMDSCOPE)
_CSECT = "CSQJC001"


def _set_kind(p: zparm.Parameter) -> ValueKind:
    """The MQSC value kind of a settable parameter (lists as word lists, intervals as text the
    engine checks with the macro's rule)."""
    kind = p.kind
    if isinstance(kind, Integer | Choice | Text):
        return kind
    if isinstance(kind, zparm.Dsn):
        return Name(NameRule.DSN, kind.max_length)
    if isinstance(kind, zparm.Numbers):
        return Text(3, max_items=kind.max_items)
    if isinstance(kind, zparm.MessageIds):
        return Text(16, max_items=kind.max_items)
    return Text(8)  # Interval: minutes or mm.ss


def _set_keywords(kind: str) -> Mapping[str, Keyword]:
    params = [
        K(p.name, _set_kind(p), help=p.help, verified=f"[{_EVIDENCE[kind]}]")
        for p in zparm.settable(kind)
    ]
    return table(
        *params,
        common.CMDSCOPE,
        K(
            "DEFAULT",
            Flag(),
            help="back to the system parameter module's values",
            verified=f"[{_EVIDENCE[kind]}]",
        ),
    )


_EVIDENCE = {"SYSTEM": "DOC-SETSYS", "LOG": "DOC-SETLOG", "ARCHIVE": "DOC-SETARC"}


def _display(objtype: str, help: str, verified: str, sources=S_12CR) -> CommandSpec:
    return CommandSpec(
        "DISPLAY",
        objtype,
        None,
        _SCOPE,
        sources,
        _CSECT,
        name_required=False,
        verified=verified,
        help=help,
    )


def _set(objtype: str, help: str) -> CommandSpec:
    return CommandSpec(
        "SET",
        objtype,
        None,
        _set_keywords(objtype),
        S_12CR,
        _CSECT,
        name_required=False,
        verified=f"[{_EVIDENCE[objtype]}] sources 12CR",
        help=help,
    )


SPECS: tuple[CommandSpec, ...] = (
    _display(
        "SYSTEM",
        "system parameters: module values and SET values",
        "[DOC-DISSYS] sources 12CR",
    ),
    _set("SYSTEM", "change system parameters until the queue manager stops"),
    _display(
        "LOG",
        "log parameters and the log's status: data sets, RBAs, offload",
        "[DOC-DISLOG] sources 12CR",
    ),
    _set("LOG", "change log parameters until the queue manager stops"),
    _display("ARCHIVE", "archive parameters and the archive logs", "DISPLAY ARCHIVE (z/OS) 12CR"),
    _set("ARCHIVE", "change archive parameters until the queue manager stops"),
    CommandSpec(
        "ARCHIVE",
        "LOG",
        None,
        table(
            common.CMDSCOPE,
            K("MODE", Choice(("QUIESCE",)), help="quiesce update activity first"),
            K(
                "TIME",
                Integer(1, 999),
                help="seconds to wait for the quiesce (QUIESCE in CSQ6ARVP)",
            ),
            K("WAIT", NO_YES, help="wait for the quiesce before control returns"),
            K(
                "CANCEL",
                Flag(),
                help="CANCEL OFFLOAD: restart the offload from the oldest data set",
            ),
            K("OFFLOAD", Flag(), help="with CANCEL: the offload is what is cancelled"),
        ),
        S_12CR,
        _CSECT,
        name_required=False,
        verified="[DOC-ARCHLOG] sources 12CR",
        help="switch the active log and offload it to an archive log",
    ),
    CommandSpec(
        "DEFINE",
        "LOG",
        Name(NameRule.DSN, 44),
        table(
            K("COPY", Integer(1, 2), help="the active log copy the data set is added to"),
            common.CMDSCOPE,
        ),
        S_CR,
        _CSECT,
        name_required=True,
        required=("COPY",),
        verified="[DOC-DEFLOG] DEFINE LOG(name) COPY(1|2), sources CR",
        help="add a cataloged VSAM linear data set to the active log ring",
    ),
    CommandSpec(
        "RECOVER",
        "BSDS",
        None,
        _SCOPE,
        S_CR,
        _CSECT,
        name_required=False,
        verified="[DOC-RECBSDS] sources CR",
        help="re-establish dual BSDS after a copy failed",
    ),
    CommandSpec(
        "DEFINE",
        "MAXSMSGS",
        Integer(1, MAX9),
        _SCOPE,
        S_2CR,
        "CSQMDMSG",
        name_required=True,
        verified="[DOC-DEFMAXSM] sources 2CR; the same as ALTER QMGR MAXUMSGS",
        help="most messages a task may get or put within a single unit of recovery",
    ),
    _display(
        "MAXSMSGS",
        "most messages in a unit of recovery (the queue manager's MAXUMSGS)",
        "[DOC-DISMAXSM] sources 2CR",
        sources=S_2CR,
    ),
    CommandSpec(
        "RESET",
        "QMGR",
        None,
        table(
            common.CMDSCOPE,
            K(
                "TYPE",
                Choice(("PUBSUB",)),
                help="what to reset (z/OS has TYPE(PUBSUB) only)",
                verified="[DOC-RESETQM]",
            ),
            K("CHILD", Name(NameRule.QUEUE, 48), help="child queue manager to remove"),
            K("PARENT", Name(NameRule.QUEUE, 48), help="parent queue manager to remove"),
        ),
        S_2CR,
        "CSQMRQMG",
        name_required=False,
        required=("TYPE",),
        verified="[DOC-RESETQM] sources 2CR",
        help="remove a queue manager from a publish/subscribe hierarchy",
    ),
)
