"""Local queues: DEFINE / ALTER / DELETE / DISPLAY QLOCAL and DISPLAY QUEUE (IBM MQ for z/OS,
"DEFINE QLOCAL", "DISPLAY QUEUE")."""

from __future__ import annotations

from mqsc.catalog import common as A
from mqsc.catalog.common import (
    ENABLED,
    MAX9,
    NO_YES,
    QNAME,
    QNAME_OR_BLANK,
    STGCLASS_NAME,
    K,
    table,
)
from mqsc.catalog.model import (
    S_2CR,
    Choice,
    CommandSpec,
    Family,
    Flag,
    Integer,
    Name,
    NameRule,
    ObjectType,
    Text,
)

OBJECT_TYPES = (
    ObjectType("QLOCAL", ("QL",), "local queue", rank=10),
    ObjectType("QUEUE", ("Q",), "queues of any type (DISPLAY)", rank=11),
)

QLOCAL = table(
    K("QUEUE", QNAME, width=48, help="queue name", verified="[DOC-DISQ]"),
    K("TYPE", Choice(("QLOCAL",)), width=8, help="queue type", verified="[DOC-MSGS]"),
    K("QSGDISP", Choice(("QMGR", "COPY", "GROUP", "SHARED", "PRIVATE")), default="QMGR",
      width=10, help="disposition in the queue sharing group", verified="[DOC-DEFQL]"),
    K("STGCLASS", STGCLASS_NAME, default="DEFAULT", width=8,
      help="storage class: maps the queue to a page set", verified="[DOC-DEFQL] (default UNVERIFIED)"),
    K("CFSTRUCT", Name(NameRule.CFSTRUCT, 12, blank_allowed=True), default="", width=12,
      help="coupling facility structure of a shared queue", verified="[DOC-DEFQL]"),
    K("DESCR", Text(64), default="", width=64, help="description", verified="[DOC-DEFQL]"),
    K("PUT", ENABLED, default="ENABLED", width=10, help="puts allowed", verified="[DOC-DEFQL]"),
    K("GET", ENABLED, default="ENABLED", width=10, help="gets allowed", verified="[DOC-DEFQL]"),
    K("DEFPRTY", Integer(0, 9), default=0, width=10, help="default message priority",
      verified="[DOC-DEFQL]"),
    K("DEFPSIST", NO_YES, default="NO", width=10, help="default persistence",
      verified="[DOC-DEFQL]"),
    K("DEFPRESP", Choice(("SYNC", "ASYNC")), default="SYNC", width=10,
      help="default put response", verified="[DOC-DEFQL]"),
    K("DEFREADA", Choice(("NO", "YES", "DISABLED")), default="NO", width=10,
      help="default read ahead", verified="[DOC-DEFQL]"),
    K("DEFBIND", Choice(("OPEN", "NOTFIXED", "GROUP")), default="OPEN", width=10,
      help="default binding for cluster queues", verified="[DOC-DEFQL]"),
    K("DEFSOPT", Choice(("EXCL", "SHARED")), default="EXCL", width=10,
      help="default share option for input opens (z/OS default EXCL)",
      verified="[DOC-DEFQL] notes 3/4"),
    K("SHARE", Flag(), negation="NOSHARE", default=True, width=7,
      help="more than one application may get from the queue"),
    K("HARDENBO", Flag(), negation="NOHARDENBO", default=False, width=10,
      help="harden the backout count", verified="[DOC-DEFQL] (keywords)"),
    K("MSGDLVSQ", Choice(("PRIORITY", "FIFO")), default="PRIORITY", width=10,
      help="delivery order", verified="[DOC-DEFQL]"),
    K("MAXDEPTH", Integer(0, MAX9), default=MAX9, width=10,
      help="most messages the queue can hold",
      verified="[DOC-DEFQL] range [DOC-MAXQDEPTH]; z/OS default from secondary sources"),
    K("MAXMSGL", Integer(0, 104_857_600), default=4_194_304, width=10,
      help="largest message in bytes", verified="[DOC-DEFQL] (z/OS range UNVERIFIED)"),
    K("RETINTVL", Integer(0, MAX9), default=MAX9, width=10, help="retention interval in hours",
      verified="[DOC-DEFQL]"),
    K("BOQNAME", QNAME_OR_BLANK, default="", width=48, help="backout requeue queue",
      verified="[DOC-DEFQL]"),
    K("BOTHRESH", Integer(0, MAX9), default=0, width=10, help="backout threshold",
      verified="[DOC-DEFQL]"),
    K("INDXTYPE", Choice(("NONE", "MSGID", "CORRELID", "GROUPID", "MSGTOKEN")), default="NONE",
      width=10, help="index kept for gets by identifier", verified="[DOC-DEFQL] (values)"),
    K("USAGE", Choice(("NORMAL", "XMITQ")), default="NORMAL", width=10,
      help="normal queue or transmission queue", verified="[DOC-DEFQL]"),
    K("TRIGGER", Flag(), negation="NOTRIGGER", default=False, width=9,
      help="triggering enabled", verified="[DOC-DEFQL]"),
    K("TRIGTYPE", Choice(("FIRST", "EVERY", "DEPTH", "NONE")), default="FIRST", width=10,
      help="trigger condition", verified="[DOC-DEFQL] (values)"),
    K("TRIGDPTH", Integer(1, MAX9), default=1, width=10, help="depth for TRIGTYPE(DEPTH)"),
    K("TRIGMPRI", Integer(0, 9), default=0, width=10, help="priority threshold for triggers"),
    K("TRIGDATA", Text(64), default="", width=64, help="data for the trigger message"),
    K("INITQ", QNAME_OR_BLANK, default="", width=48, help="initiation queue"),
    K("PROCESS", QNAME_OR_BLANK, default="", width=48, help="process definition"),
    K("QDEPTHHI", Integer(0, 100), default=80, width=10, help="high depth event threshold %"),
    K("QDEPTHLO", Integer(0, 100), default=20, width=10, help="low depth event threshold %"),
    K("QDPHIEV", ENABLED, default="DISABLED", width=10, help="queue depth high events"),
    K("QDPLOEV", ENABLED, default="DISABLED", width=10, help="queue depth low events"),
    K("QDPMAXEV", ENABLED, default="ENABLED", width=10, help="queue full events"),
    K("QSVCIEV", Choice(("NONE", "HIGH", "OK")), default="NONE", width=10,
      help="service interval events"),
    K("QSVCINT", Integer(0, MAX9), default=MAX9, width=10, help="service interval in ms"),
    K("ACCTQ", Choice(("QMGR", "ON", "OFF")), default="QMGR", width=10,
      help="accounting data collection", verified="[DOC-DEFQL]"),
    K("MONQ", Choice(("QMGR", "OFF", "LOW", "MEDIUM", "HIGH")), default="QMGR", width=10,
      help="online monitoring data collection"),
    K("STATQ", Choice(("QMGR", "ON", "OFF")), default="QMGR", width=10,
      help="statistics data collection"),
    K("CLUSTER", QNAME_OR_BLANK, default="", width=48, help="cluster the queue belongs to",
      verified="[DOC-DEFQL]"),
    K("CLUSNL", QNAME_OR_BLANK, default="", width=48, help="namelist of clusters",
      verified="[DOC-DEFQL]"),
    K("CLCHNAME", Text(48), default="", width=48, help="cluster-sender channels for XMITQ",
      verified="[DOC-DEFQL]"),
    K("CLWLPRTY", Integer(0, 9), default=0, width=10, help="cluster workload priority",
      verified="[DOC-DEFQL]"),
    K("CLWLRANK", Integer(0, 9), default=0, width=10, help="cluster workload rank",
      verified="[DOC-DEFQL]"),
    K("CLWLUSEQ", Choice(("QMGR", "ANY", "LOCAL")), default="QMGR", width=10,
      help="use of the local instance in cluster workload", verified="[DOC-DEFQL]"),
    K("PROPCTL", Choice(("ALL", "COMPAT", "FORCE", "NONE")), default="COMPAT", width=10,
      help="message property handling", verified="[DOC-DEFQL] (ALTER 9.3)"),
    K("STREAMQ", QNAME_OR_BLANK, default="", width=48, help="streaming queue",
      verified="[DOC-DEFQL] (9.3+)"),
    K("STRMQOS", Choice(("BESTEF", "MUSTDUP")), default="BESTEF", width=10,
      help="streaming quality of service", verified="[DOC-DEFQL] (9.3+)"),
    K("CUSTOM", Text(128), default="", width=128, help="attributes for new features",
      verified="[DOC-DEFQL]"),
    K("DEFTYPE", Choice(("PREDEFINED",)), default="PREDEFINED", width=10,
      help="how the queue was defined"),
    K("CURDEPTH", Integer(0, MAX9), width=10, help="messages on the queue now"),
    K("IPPROCS", Integer(0, MAX9), width=10, help="handles open for input"),
    K("OPPROCS", Integer(0, MAX9), width=10, help="handles open for output"),
    K("CRDATE", Text(12), width=12, help="date created"),
    K("CRTIME", Text(8), width=8, help="time created"),
    K("ALTDATE", Text(12), width=12, help="date of the last change"),
    K("ALTTIME", Text(8), width=8, help="time of the last change"),
    # Valid MQSC on other platforms, not on z/OS ([DOC-DEFQL] note 3 of the 9.3 ALTER diagram).
    K("CAPEXPRY", Integer(-1, MAX9), zos=False),
    K("DISTL", NO_YES, zos=False),
    K("IMGRCOVQ", Choice(("YES", "NO", "QMGR")), zos=False),
    K("MAXFSIZE", Integer(20, MAX9), zos=False),
    K("NPMCLASS", Choice(("NORMAL", "HIGH")), zos=False),
    K("SCOPE", Choice(("QMGR", "CELL")), zos=False),
)
#: Attributes a user may set (DEFINE / ALTER); the rest of QLOCAL is displayed only.
QLOCAL_DISPLAY_ONLY = ("QUEUE", "TYPE", "QSGDISP", "DEFTYPE", "CURDEPTH", "IPPROCS", "OPPROCS",
                       "CRDATE", "CRTIME", "ALTDATE", "ALTTIME")
QLOCAL_SETTABLE = tuple(n for n in QLOCAL if n not in QLOCAL_DISPLAY_ONLY)
#: Not allowed as WHERE filter keywords ([DOC-DISQ]), besides the selectors.
QLOCAL_NOT_FILTERS = ("QDPHIEV", "QDPLOEV", "QDPMAXEV", "QSGDISP", "QSVCIEV")

FAMILY = Family(
    objtype="QLOCAL",
    attributes=QLOCAL,
    identity=("QUEUE", "TYPE", "QSGDISP"),
    reply="CSQM401I",
    settable=(*QLOCAL_SETTABLE, "QSGDISP"),
    table="qlocal",
    default_object="SYSTEM.DEFAULT.LOCAL.QUEUE",
    group_table="gqlocal",
)

_QL_SETTABLE = A.pick(QLOCAL, QLOCAL_SETTABLE)
_QL_DEFINE = A.merged(
    _QL_SETTABLE,
    A.table(A.like(A.QNAME), A.REPLACE, A.CMDSCOPE, A.qsgdisp("QMGR", "COPY", "GROUP", "SHARED")),
)
_QL_ALTER = A.merged(
    _QL_SETTABLE,
    A.table(A.FORCE, A.CMDSCOPE, A.qsgdisp("QMGR", "COPY", "GROUP", "PRIVATE", "SHARED")),
)
_QL_DELETE = A.table(A.PURGE, A.CMDSCOPE, A.qsgdisp("QMGR", "COPY", "GROUP", "SHARED"))

#: Keywords that select queues on DISPLAY QUEUE (and cannot also be WHERE keywords, [DOC-DISQ]).
_QUEUE_SELECTORS = A.table(
    A.ALL,
    A.CMDSCOPE,
    K("QSGDISP", Choice(A.DISPLAY_QSGDISP), default="LIVE", help="which dispositions to show"),
    K("STGCLASS", Name(NameRule.STGCLASS, 8, generic=True),
      help="only queues using these storage classes", verified="[DOC-DISQ]"),
    K("CFSTRUCT", Name(NameRule.CFSTRUCT, 12, generic=True),
      help="only shared queues in these structures", verified="[DOC-DISQ]"),
    K("PSID", Integer(0, 99, star=True), range_msg="CSQI002I",
      help="only queues with an active association with this page set", verified="[DOC-DISQ] [DOC-DEFSTC]"),
    K("CLUSTER", Name(NameRule.QUEUE, 48, generic=True), help="only queues in these clusters"),
    K("CLUSNL", Name(NameRule.QUEUE, 48, generic=True), help="only queues with these namelists"),
)
_QUEUE_TYPE = K("TYPE", Choice(("QLOCAL", "ALL", "QALIAS", "QMODEL", "QREMOTE", "QCLUSTER")),
                default="ALL", help="queue type to show", verified="[DOC-DISQ]")
_QL_REQUESTABLE = frozenset(n for n in QLOCAL if n != "QUEUE" and QLOCAL[n].zos)
#: WHERE keywords: any attribute but those [DOC-DISQ] excludes. A keyword used as a selector in the
#: same command cannot also be the filter (the binder checks that, CSQM150I).
_QL_FILTERS = frozenset(
    n for n in QLOCAL if QLOCAL[n].zos and n not in QLOCAL_NOT_FILTERS
)

#: DISPLAY QUEUE shows local queues (the only queue type defined so far).
FAMILIES = {"QLOCAL": FAMILY, "QUEUE": FAMILY}

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec("DEFINE", "QLOCAL", A.QNAME, _QL_DEFINE, S_2CR, "CSQMAQLC",
          verified="[DOC-DEFQL]", help="define a local queue"),
    CommandSpec("ALTER", "QLOCAL", A.QNAME, _QL_ALTER, S_2CR, "CSQMAQLC",
          verified="[DOC-DEFQL] [DOC-ALTQL]", help="change a local queue"),
    CommandSpec("DELETE", "QLOCAL", A.QNAME, _QL_DELETE, S_2CR, "CSQMUQLC",
          verified="[DOC-DELQ] [DOC-DELQL]", help="delete a local queue"),
    CommandSpec("DISPLAY", "QLOCAL", A.GENERIC_QNAME, _QUEUE_SELECTORS, S_2CR, "CSQMDRTS",
          requestable=_QL_REQUESTABLE, where=_QL_FILTERS, verified="[DOC-DISQ]",
          help="show local queues"),
    CommandSpec("DISPLAY", "QUEUE", A.GENERIC_QNAME, A.merged(_QUEUE_SELECTORS, A.table(_QUEUE_TYPE)),
          S_2CR, "CSQMDRTS", requestable=_QL_REQUESTABLE, where=_QL_FILTERS,
          verified="[DOC-DISQ]", help="show queues"),
)
