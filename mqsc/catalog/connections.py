"""Connections, threads and units of recovery (IBM MQ 9.4 for z/OS): DISPLAY CONN, DISPLAY
THREAD and RESOLVE INDOUBT, executed from the connections every front end registers
(mqsc/engine/connregistry.py, docs/connections.md).

IBM "DISPLAY CONN (display application connection information)": sources 2CR; connection
attributes valid on z/OS (ASID and NID are z/OS only; PID, TID and UOWLOG are not valid on
z/OS; PSBNAME and PSTID are IMS only, TASKNO and TRANSID CICS only) and handle attributes.
"When an application connects ... it is given a unique 24-byte connection identifier
(ConnectionId). The value for CONN is formed by converting the last eight bytes of the
ConnectionId to its 16-character hexadecimal equivalent." IBM "DISPLAY THREAD (display thread
information) on z/OS": sources 2CR, TYPE(ACTIVE | INDOUBT | REGIONS | *). IBM "RESOLVE INDOUBT
(resolve in-doubt threads) on z/OS": sources 2CR, ACTION(COMMIT | BACKOUT), NID(* | id).
"""

from __future__ import annotations

from mqsc.catalog import common
from mqsc.catalog.common import K, table
from mqsc.catalog.model import (
    S_2CR,
    Choice,
    CommandSpec,
    Family,
    Name,
    NameRule,
    ObjectType,
    Text,
)

OBJECT_TYPES = (
    ObjectType("CONN", (), "connections (DISPLAY)", rank=86),
    ObjectType("THREAD", ("THD",), "threads (DISPLAY)", rank=87),
    ObjectType("INDOUBT", (), "in-doubt units of recovery (RESOLVE)", rank=88),
)

_CV = "DISPLAY CONN (IBM MQ 9.4 for z/OS), 2CR: connection attributes"
_HV = "DISPLAY CONN (IBM MQ 9.4 for z/OS), 2CR: handle attributes"
#: APPLTYPE values of z/OS connections (IBM "DISPLAY CONN": BATCH, RRSBATCH, CICS, IMS,
#: CHINIT, SYSTEM, USER).
APPLTYPES = ("BATCH", "RRSBATCH", "CICS", "IMS", "CHINIT", "SYSTEM", "USER")
#: UOWSTATE on z/OS (IBM "DISPLAY CONN"): NONE, ACTIVE, PREPARED (in doubt), UNRESOLVED
#: (an in-doubt unit of recovery kept after its connection ended).
UOWSTATES = ("NONE", "ACTIVE", "PREPARED", "UNRESOLVED")

#: Every attribute DISPLAY CONN shows, connection attributes first, then the handle's.
CONN = table(
    K(
        "CONN",
        Text(16),
        width=16,
        help="connection identifier (16 hexadecimal digits)",
        verified=_CV,
    ),
    K(
        "EXTCONN",
        Text(32),
        width=32,
        help="the first 16 bytes of the ConnectionId, in "
        "hexadecimal (with CONN the whole 24-byte identifier)",
        verified=_CV,
    ),
    K(
        "TYPE",
        Choice(("CONN", "HANDLE")),
        width=10,
        help="connection or handle information",
        verified=_CV,
    ),
    K(
        "APPLTAG",
        Text(28),
        width=28,
        help="the job name, TSO user id, CICS applid or channel "
        "initiator job name of the application",
        verified=_CV,
    ),
    K("APPLTYPE", Choice(APPLTYPES), width=10, help="the kind of application", verified=_CV),
    K(
        "ASID",
        Text(4),
        width=4,
        help="address space identifier (4 hexadecimal digits)",
        verified=_CV,
    ),
    K("APPLDESC", Text(64), width=64, help="description of the application", verified=_CV),
    K(
        "CHANNEL",
        Text(20),
        width=20,
        help="channel that owns the connection (blank: none)",
        verified=_CV,
    ),
    K("CONNAME", Text(264), width=48, help="connection name of that channel", verified=_CV),
    K(
        "CONNOPTS",
        Text(64),
        width=32,
        help="MQCNO_* options the application connected with",
        verified=_CV,
    ),
    K(
        "NID",
        Text(16),
        width=16,
        help="origin identifier of an RRS, CICS or IMS unit of recovery",
        verified=_CV,
    ),
    K(
        "QMURID",
        Text(16),
        width=16,
        help="queue manager unit of recovery identifier (the log RBA of its first record)",
        verified=_CV,
    ),
    K(
        "URTYPE",
        Choice(("QMGR", "RRS", "CICS", "IMS", "XA")),
        width=10,
        help="who coordinates the unit of recovery",
        verified=_CV,
    ),
    K("USERID", Text(12), width=12, help="user identifier of the connection", verified=_CV),
    K(
        "UOWLOGDA",
        Text(12),
        width=12,
        help="date of the unit of work's first log record",
        verified=_CV,
    ),
    K(
        "UOWLOGTI",
        Text(8),
        width=8,
        help="time of the unit of work's first log record",
        verified=_CV,
    ),
    K("UOWSTATE", Choice(UOWSTATES), width=10, help="state of the unit of work", verified=_CV),
    K("UOWSTDA", Text(12), width=12, help="date the unit of work started", verified=_CV),
    K("UOWSTTI", Text(8), width=8, help="time the unit of work started", verified=_CV),
    K("OBJNAME", Text(48), width=48, help="name of the open object", verified=_HV),
    K(
        "OBJTYPE",
        Choice(("QUEUE", "TOPIC", "QMGR")),
        width=10,
        help="type of the open object",
        verified=_HV,
    ),
    K("OPENOPTS", Text(256), width=48, help="MQOO_* open options in force", verified=_HV),
    K(
        "HSTATE",
        Choice(("ACTIVE", "INACTIVE")),
        width=10,
        help="whether an API call is in progress on the handle",
        verified=_HV,
    ),
    K(
        "QSGDISP",
        Choice(("QMGR", "COPY", "SHARED")),
        width=10,
        help="disposition of the open object",
        verified=_HV,
    ),
    K(
        "READA",
        Choice(("NO", "YES", "BACKLOG", "INHIBITED")),
        width=10,
        help="read ahead",
        verified=_HV,
    ),
)
#: The attributes of a connection record and of a handle record.
CONN_ATTRIBUTES = tuple(
    n for n in CONN if n not in ("OBJNAME", "OBJTYPE", "OPENOPTS", "HSTATE", "QSGDISP", "READA")
)
HANDLE_ATTRIBUTES = (
    "CONN",
    "EXTCONN",
    "TYPE",
    "OBJNAME",
    "OBJTYPE",
    "OPENOPTS",
    "HSTATE",
    "QSGDISP",
    "READA",
)
CONN_FAMILY = Family(
    objtype="CONN", attributes=CONN, identity=("CONN", "EXTCONN", "TYPE"), reply="MQSC433I"
)

FAMILIES = {"CONN": CONN_FAMILY}

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "DISPLAY",
        "CONN",
        Name(NameRule.ANY, 16, generic=True),
        table(
            common.CMDSCOPE,
            common.ALL,
            K(
                "TYPE",
                Choice(("CONN", "HANDLE", "ALL", "*")),
                default="CONN",
                help="connection information, handles, or both",
                verified=_CV,
            ),
            K("EXTCONN", Text(32), help="select by extended connection identifier", verified=_CV),
            K(
                "URDISP",
                Choice(("ALL", "GROUP", "QMGR")),
                default="ALL",
                help="units of recovery by disposition",
                verified=_CV,
            ),
        ),
        S_2CR,
        "CSQMDRTS",
        name_required=True,
        requestable=frozenset(n for n in CONN if n not in ("CONN", "TYPE")),
        where=frozenset(n for n in CONN if n not in ("TYPE", "EXTCONN")),
        verified=_CV,
        help="connections to the queue manager and their open handles",
        simplified="a unit of work's puts reach the queue when it commits (CURDEPTH counts "
        "them then, not at MQPUT); its gets leave the queue at MQGET, as on z/OS",
    ),
    CommandSpec(
        "DISPLAY",
        "THREAD",
        Text(64),
        table(
            common.CMDSCOPE,
            K(
                "TYPE",
                Choice(("ACTIVE", "INDOUBT", "REGIONS", "*")),
                default="ACTIVE",
                help="active threads, in-doubt threads, a summary by region, or all",
                verified="DISPLAY THREAD (z/OS): TYPE(ACTIVE | INDOUBT | REGIONS | *)",
            ),
            K(
                "QMNAME",
                Text(48),
                help="in-doubt threads another queue manager of the queue sharing group left",
                verified="DISPLAY THREAD (z/OS)",
            ),
        ),
        S_2CR,
        "CSQVDT",
        name_required=True,
        verified="DISPLAY THREAD (IBM MQ 9.4 for z/OS), 2CR",
        help="threads of connections",
    ),
    CommandSpec(
        "RESOLVE",
        "INDOUBT",
        Text(8),
        table(
            common.CMDSCOPE,
            K(
                "ACTION",
                Choice(("COMMIT", "BACKOUT")),
                help="commit or back out",
                verified="RESOLVE INDOUBT (z/OS)",
            ),
            K(
                "NID",
                Text(64),
                help="* (every in-doubt thread of the connection) or one origin identifier",
                verified="RESOLVE INDOUBT (z/OS)",
            ),
            K(
                "QMNAME",
                Text(48),
                help="resolve for another queue manager of the group",
                verified="RESOLVE INDOUBT (z/OS)",
            ),
        ),
        S_2CR,
        "CSQVRIT",
        name_required=True,
        required=("ACTION", "NID"),
        verified="RESOLVE INDOUBT (IBM MQ 9.4 for z/OS), 2CR",
        help="commit or back out in-doubt units of recovery",
    ),
)
