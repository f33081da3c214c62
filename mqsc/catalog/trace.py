"""START / STOP / ALTER / DISPLAY TRACE of IBM MQ 9.4 for z/OS, and the rules of each trace
type: its classes, destinations and the constraints it takes (IBM MQ MQSC reference, "START
TRACE (start trace) on z/OS"; the destination and constraint tables as the MQSeries MQSC
Command Reference SC33-1369 prints them).

The trace types and their synonyms: GLOBAL (G), STAT (S), ACCTG (A), CHINIT (CHI, DQM). A
statistics trace writes SMF 115 records, an accounting trace SMF 116 records (docs/smf.md);
the global and channel initiator traces are service traces: mqsc keeps them in the trace
table (DISPLAY TRACE lists them) and writes nothing for them, as a real trace to the resident
trace table (RES) writes nothing a user reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mqsc.catalog import common
from mqsc.catalog.common import K, table
from mqsc.catalog.model import S_12CR, Choice, CommandSpec, NameList, NameRule, ObjectType, Text

OBJECT_TYPES = (ObjectType("TRACE", (), "traces", rank=85),)
FAMILIES: dict = {}


@dataclass(frozen=True, slots=True)
class TraceType:
    """What one trace type allows."""

    name: str
    synonyms: tuple[str, ...]
    #: Classes it has (CLASS(*) is all of them) and the ones START TRACE takes by default.
    classes: tuple[int, ...]
    default_classes: tuple[int, ...]
    #: Destinations it may write to, and the default.
    destinations: tuple[str, ...]
    default_destination: str
    #: Constraint keywords it takes besides CLASS.
    constraints: tuple[str, ...]
    help: str


#: The trace types. Classes: global 01-04 (01 reserved for IBM service, 02 user parameter
#: errors in a control block, 03 user parameter errors on entry to and exit from the MQI, 04
#: reserved); statistics 01 (SMF 115 subtypes 1 and 2), 02 (page set and buffer pool
#: statistics, subtypes 201 and 215; UNVERIFIED class), 03 (storage details, subtypes 5-7: not
#: written by mqsc), 04 (channel initiator, subtype 231), 05 (queue statistics, subtype 216);
#: accounting 01 (SMF 116 subtype 0), 03 (subtypes 1 and 2), 04 (channel accounting, subtype
#: 10); channel initiator 01 and 04 (both reserved for IBM service).
TRACE_TYPES: Mapping[str, TraceType] = {
    t.name: t
    for t in (
        TraceType(
            "GLOBAL",
            ("G",),
            (1, 2, 3, 4),
            (1,),
            ("GTF", "RES", "SRV"),
            "RES",
            ("IFCID", "RMID", "USERID"),
            "service data from the whole queue manager",
        ),
        TraceType(
            "STAT",
            ("S",),
            (1, 2, 3, 4, 5),
            (1, 2),
            ("SMF", "SRV"),
            "SMF",
            (),
            "statistics: SMF 115 records every statistics interval (STATIME)",
        ),
        TraceType(
            "ACCTG",
            ("A",),
            (1, 3, 4),
            (1,),
            ("GTF", "SMF", "SRV"),
            "SMF",
            (),
            "accounting: SMF 116 records as tasks end",
        ),
        TraceType(
            "CHINIT",
            ("CHI", "DQM"),
            (1, 4),
            (1,),
            ("RES", "SRV"),
            "RES",
            ("IFCID",),
            "service data from the channel initiator",
        ),
    )
}
#: Each type by any of its names.
TYPE_NAMES: Mapping[str, str] = {
    n: t.name for t in TRACE_TYPES.values() for n in (t.name, *t.synonyms)
}
#: Resource managers RMID may name (SC33-1369 Table 13, and 231, the channel initiator).
RMIDS = (1, 2, 3, 4, 6, 7, 8, 12, 16, 23, 24, 231)
#: Traces a queue manager can run at once (trace numbers 01-32).
MAX_TRACES = 32

_TYPES = Choice(tuple(TYPE_NAMES))
_TYPES_OR_ALL = Choice((*TYPE_NAMES, "*"))
_CLASS = K(
    "CLASS",
    NameList(NameRule.ANY, 8, 32),
    help="trace classes: numbers, ranges m:n, or * (all)",
    verified="START TRACE (z/OS): a list; ranges m:n",
)
_DEST = K(
    "DEST",
    Choice(("GTF", "RES", "SMF", "SRV"), max_items=4),
    help="destinations: GTF, RES, SMF, SRV",
    verified="START TRACE (z/OS)",
)
_COMMENT = K("COMMENT", Text(120), help="a comment for the trace (not displayed)")
_IFCID = K("IFCID", NameList(NameRule.ANY, 8, 32), help="instrumentation ids, or *")
_RMID = K(
    "RMID",
    NameList(NameRule.ANY, 8, 8),
    help="resource manager ids, or *",
    verified="START TRACE (z/OS): up to 8",
)
_TNO = K("TNO", NameList(NameRule.ANY, 8, 32), help="trace numbers, or *")
_USERID = K("USERID", NameList(NameRule.ANY, 8, 32), help="user ids, or *")
_TDATA = K("TDATA", Text(64), help="trace header data (IBM service)")

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "START",
        "TRACE",
        _TYPES,
        table(common.CMDSCOPE, _CLASS, _DEST, _COMMENT, _IFCID, _RMID, _USERID, _TDATA),
        S_12CR,
        "CSQWVCM1",
        name_required=False,
        verified="START TRACE (IBM MQ 9.4 for z/OS); CSQW130I",
        help="start a trace",
    ),
    CommandSpec(
        "STOP",
        "TRACE",
        _TYPES_OR_ALL,
        table(common.CMDSCOPE, _CLASS, _DEST, _COMMENT, _RMID, _TNO, _USERID),
        S_12CR,
        "CSQWVCM1",
        name_required=True,
        verified="STOP TRACE (IBM MQ 9.4 for z/OS): a trace type or * is required",
        help="stop traces",
    ),
    CommandSpec(
        "ALTER",
        "TRACE",
        _TYPES,
        table(common.CMDSCOPE, _CLASS, _COMMENT, _IFCID, _TNO),
        S_12CR,
        "CSQWVCM1",
        name_required=True,
        required=("TNO",),
        verified="ALTER TRACE (IBM MQ 9.4 for z/OS)",
        help="change a trace's classes",
    ),
    CommandSpec(
        "DISPLAY",
        "TRACE",
        _TYPES_OR_ALL,
        table(
            common.CMDSCOPE,
            _CLASS,
            _DEST,
            _COMMENT,
            _RMID,
            _TNO,
            _USERID,
            K("DETAIL", Text(8), help="ignored (kept for compatibility)"),
        ),
        S_12CR,
        "CSQWVCM1",
        name_required=False,
        verified="DISPLAY TRACE (IBM MQ 9.4 for z/OS)",
        help="active traces",
    ),
)
