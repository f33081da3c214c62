"""Queue performance statistics: RESET QSTATS (IBM MQ 9.4 for z/OS, "RESET QSTATS (report and
reset queue performance data) on z/OS": sources 2CR, no synonym).

The report of each queue (PCF "MQCMD_RESET_Q_STATS Response": always returned HighQDepth,
MsgDeqCount, MsgEnqCount, QName, QSGDisposition, TimeSinceReset) as the MQSC attributes
QSTATS, QSGDISP, RESETINT, HIQDEPTH, MSGIN and MSGOUT. The engine counts them on every put
and get (mqsc/engine/messaging/queuestats.py).
"""

from __future__ import annotations

from mqsc.catalog import common
from mqsc.catalog.common import MAX9, QNAME, K, table
from mqsc.catalog.model import S_2CR, Choice, CommandSpec, Family, Integer, ObjectType

OBJECT_TYPES = (ObjectType("QSTATS", (), "queue performance statistics (RESET)", rank=90),)

_V = "RESET QSTATS (IBM MQ 9.4 for z/OS), 2CR; MQCMD_RESET_Q_STATS response"
QSTATS = table(
    K("QSTATS", QNAME, width=48, help="queue name", verified=_V),
    K(
        "QSGDISP",
        Choice(("QMGR", "COPY", "SHARED")),
        width=10,
        help="disposition of the queue",
        verified=_V,
    ),
    K(
        "RESETINT",
        Integer(0, MAX9),
        width=10,
        help="seconds since the statistics were last reset",
        verified=_V,
    ),
    K(
        "HIQDEPTH",
        Integer(0, MAX9),
        width=10,
        help="the highest depth since the last reset",
        verified=_V,
    ),
    K(
        "MSGIN",
        Integer(0, MAX9),
        width=10,
        help="messages put since the last reset (999 999 999 at most)",
        verified=_V,
    ),
    K(
        "MSGOUT",
        Integer(0, MAX9),
        width=10,
        help="messages got since the last reset (999 999 999 at most)",
        verified=_V,
    ),
)
QSTATS_FAMILY = Family(
    objtype="QSTATS", attributes=QSTATS, identity=tuple(QSTATS), reply="MQSC427I"
)

FAMILIES = {"QSTATS": QSTATS_FAMILY}

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "RESET",
        "QSTATS",
        common.GENERIC_QNAME,
        table(common.CMDSCOPE),
        S_2CR,
        "CSQMRQST",
        name_required=True,
        verified=_V,
        help="report the queue performance statistics of local queues, then reset them",
    ),
)
