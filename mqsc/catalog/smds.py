"""Shared message data sets (IBM MQ 9.2-9.4 for z/OS): DISPLAY / ALTER / RESET SMDS and
START / STOP / DISPLAY SMDSCONN, for CF structures that offload large messages to them
(CFLEVEL(5) OFFLOAD(SMDS)); executed from the state mqsc/engine/storage/smds.py keeps.

IBM "DISPLAY SMDS", "ALTER SMDS", "DISPLAY SMDSCONN" (sources 2CR, 9.2), "START SMDSCONN" (2CR,
9.3): SMDS(qmgr-name | *) CFSTRUCT(structure-name); ALTER SMDS DSBUFS(1-9999 | DEFAULT)
DSEXPAND(YES | NO | DEFAULT), "only supported when the CFSTRUCT definition is using the option
OFFLOAD(SMDS)"; START SMDSCONN "after a previous STOP SMDSCONN put the connections in the
AVAIL(STOPPED) state". RESET SMDS and STOP SMDSCONN: sources UNVERIFIED (CR kept).
"""

from __future__ import annotations

from mqsc.catalog import common
from mqsc.catalog.common import K, table
from mqsc.catalog.model import (
    S_2CR,
    S_CR,
    Choice,
    CommandSpec,
    Family,
    Integer,
    Name,
    NameRule,
    ObjectType,
    Text,
)

OBJECT_TYPES = (
    ObjectType("SMDS", (), "shared message data sets", rank=92),
    ObjectType("SMDSCONN", (), "connections to shared message data sets", rank=93),
)

_V = "DISPLAY SMDS (IBM MQ 9.2 for z/OS)"
_CV = "DISPLAY SMDSCONN (IBM MQ 9.2 for z/OS)"
#: A queue manager name or * (every SMDS of the structure).
OWNER = Name(NameRule.QMGR, 4, generic=True)
STRUCTURE = Name(NameRule.CFSTRUCT, 12)

SMDS = table(
    K("SMDS", Text(4), width=4, help="the queue manager that owns the data set", verified=_V),
    K("CFSTRUCT", Text(12), width=12, help="the CF structure", verified=_V),
    K(
        "DSBUFS",
        Text(7),
        width=10,
        help="buffers for the data set (DEFAULT: the structure's DSBUFS)",
        verified=_V,
    ),
    K(
        "DSEXPAND",
        Choice(("YES", "NO", "DEFAULT")),
        width=10,
        help="whether the data set expands (DEFAULT: the structure's DSEXPAND)",
        verified=_V,
    ),
)
SMDS_FAMILY = Family(objtype="SMDS", attributes=SMDS, identity=tuple(SMDS), reply="MQSC431I")

SMDSCONN = table(
    K("SMDSCONN", Text(4), width=4, help="the queue manager that owns the data set", verified=_CV),
    K("CFSTRUCT", Text(12), width=12, help="the CF structure", verified=_CV),
    K(
        "OPENMODE",
        Choice(("NONE", "READONLY", "UPDATE")),
        width=10,
        help="how this queue manager has the data set open (UPDATE: its own)",
        verified=_CV,
    ),
    K(
        "STATUS",
        Choice(
            (
                "CLOSED",
                "CLOSING",
                "OPENING",
                "OPEN",
                "NOTOPEN",
                "ALLOCFAIL",
                "OPENFAIL",
                "STGFAIL",
                "DATAFAIL",
            )
        ),
        width=10,
        help="the state of the connection",
        verified=_CV,
    ),
    K(
        "AVAIL",
        Choice(("NORMAL", "ERROR", "STOPPED")),
        width=10,
        help="whether it may be used (STOPPED: STOP SMDSCONN)",
        verified=_CV,
    ),
    K(
        "EXPANDST",
        Choice(("NORMAL", "FAILED", "MAXIMUM")),
        width=10,
        help="whether the data set can expand",
        verified=_CV,
    ),
)
SMDSCONN_FAMILY = Family(
    objtype="SMDSCONN", attributes=SMDSCONN, identity=tuple(SMDSCONN), reply="MQSC432I"
)

FAMILIES = {"SMDS": SMDS_FAMILY, "SMDSCONN": SMDSCONN_FAMILY}

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "DISPLAY",
        "SMDS",
        OWNER,
        table(common.CMDSCOPE, K("CFSTRUCT", STRUCTURE, help="the structure", verified=_V)),
        S_2CR,
        "CSQMDRTS",
        required=("CFSTRUCT",),
        where=frozenset(SMDS),
        verified=_V + ", 2CR",
        help="shared message data set parameters",
    ),
    CommandSpec(
        "ALTER",
        "SMDS",
        OWNER,
        table(
            K("CFSTRUCT", STRUCTURE, help="the structure", verified="ALTER SMDS"),
            K(
                "DSBUFS",
                Text(7),
                help="1-9999 buffers, or DEFAULT",
                verified="ALTER SMDS (z/OS): DSBUFS(number|DEFAULT), 1 to 9999",
            ),
            K(
                "DSEXPAND",
                Choice(("YES", "NO", "DEFAULT")),
                help="expand the data set when nearly full",
                verified="ALTER SMDS",
            ),
        ),
        S_2CR,
        "CSQMASMD",
        required=("CFSTRUCT",),
        verified="ALTER SMDS (IBM MQ 9.2 for z/OS), 2CR",
        help="change a queue manager's shared message data set parameters",
    ),
    CommandSpec(
        "RESET",
        "SMDS",
        OWNER,
        table(
            K("CFSTRUCT", STRUCTURE, help="the structure", verified="RESET SMDS"),
            K("ACCESS", Choice(("ENABLED", "DISABLED")), help="whether the data set may be used"),
            K(
                "STATUS",
                Choice(("FAILED", "RECOVERED")),
                help="mark the data set failed, or recovered",
            ),
        ),
        S_CR,
        "CSQMRSMD",
        required=("CFSTRUCT",),
        verified="RESET SMDS (IBM MQ 9.4 for z/OS) (sources UNVERIFIED)",
        help="change a shared message data set's availability or status",
    ),
    CommandSpec(
        "DISPLAY",
        "SMDSCONN",
        OWNER,
        table(common.CMDSCOPE, K("CFSTRUCT", STRUCTURE, help="the structure", verified=_CV)),
        S_2CR,
        "CSQMDRTS",
        required=("CFSTRUCT",),
        where=frozenset(SMDSCONN),
        verified=_CV + ", 2CR",
        help="this queue manager's connections to shared message data sets",
    ),
    CommandSpec(
        "START",
        "SMDSCONN",
        OWNER,
        table(
            common.CMDSCOPE,
            K("CFSTRUCT", STRUCTURE, help="the structure", verified="START SMDSCONN"),
        ),
        S_2CR,
        "CSQMSSMD",
        required=("CFSTRUCT",),
        verified="START SMDSCONN (IBM MQ 9.3 for z/OS), 2CR",
        help="let this queue manager use shared message data sets again",
    ),
    CommandSpec(
        "STOP",
        "SMDSCONN",
        OWNER,
        table(
            common.CMDSCOPE,
            K("CFSTRUCT", STRUCTURE, help="the structure", verified="STOP SMDSCONN"),
        ),
        S_CR,
        "CSQMSSMD",
        required=("CFSTRUCT",),
        verified="STOP SMDSCONN (IBM MQ 9.4 for z/OS) (sources UNVERIFIED)",
        help="stop this queue manager using shared message data sets",
    ),
)

#: DSBUFS values ALTER SMDS takes besides DEFAULT (IBM: "in the range 1 to 9999").
DSBUFS_RANGE = Integer(1, 9999)
