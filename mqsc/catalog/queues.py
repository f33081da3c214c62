"""Queues of every type: DEFINE / ALTER / DELETE / DISPLAY QLOCAL, QALIAS, QREMOTE, QMODEL and
DISPLAY QUEUE (IBM MQ 9.4 for z/OS: "DEFINE QLOCAL", "DEFINE QALIAS", "DEFINE QREMOTE (create
local definition of a remote queue)", "DEFINE QMODEL", "DISPLAY QUEUE").

All queue types share one name space on a queue manager (IBM "DEFINE queues": a name in use
as another queue type is refused with CSQM099I), so they are one family module here and one
engine module; each type still has its own :class:`Family` and state table."""

from __future__ import annotations

from collections.abc import Mapping

from mqsc.catalog import common
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
    Keyword,
    Name,
    NameRule,
    ObjectType,
    Text,
)

OBJECT_TYPES = (
    ObjectType("QLOCAL", ("QL",), "local queue", rank=10),
    ObjectType("QUEUE", ("Q",), "queues of any type (DISPLAY)", rank=11),
    ObjectType("QALIAS", ("QA",), "alias queue: another name for a queue or topic", rank=12),
    ObjectType("QREMOTE", ("QR",), "local definition of a remote queue", rank=13),
    ObjectType("QMODEL", ("QM",), "model queue: template of dynamic queues", rank=14),
    ObjectType("QSTATUS", ("QS",), "status of local queues (DISPLAY)", rank=15),
    ObjectType("QCLUSTER", ("QC",), "cluster queues this queue manager knows (DISPLAY)", rank=15),
)

QLOCAL = table(
    K("QUEUE", QNAME, width=48, help="queue name", verified="[DOC-DISQ]"),
    K("TYPE", Choice(("QLOCAL",)), width=8, help="queue type", verified="[DOC-MSGS]"),
    K(
        "QSGDISP",
        Choice(("QMGR", "COPY", "GROUP", "SHARED", "PRIVATE")),
        default="QMGR",
        width=10,
        help="disposition in the queue sharing group",
        verified="[DOC-DEFQL]",
    ),
    K(
        "STGCLASS",
        STGCLASS_NAME,
        default="DEFAULT",
        width=8,
        help="storage class: maps the queue to a page set",
        verified="[DOC-DEFQL] (default UNVERIFIED)",
    ),
    K(
        "CFSTRUCT",
        Name(NameRule.CFSTRUCT, 12, blank_allowed=True),
        default="",
        width=12,
        help="coupling facility structure of a shared queue",
        verified="[DOC-DEFQL]",
    ),
    K("DESCR", Text(64), default="", width=64, help="description", verified="[DOC-DEFQL]"),
    K("PUT", ENABLED, default="ENABLED", width=10, help="puts allowed", verified="[DOC-DEFQL]"),
    K("GET", ENABLED, default="ENABLED", width=10, help="gets allowed", verified="[DOC-DEFQL]"),
    K(
        "DEFPRTY",
        Integer(0, 9),
        default=0,
        width=10,
        help="default message priority",
        verified="[DOC-DEFQL]",
    ),
    K(
        "DEFPSIST",
        NO_YES,
        default="NO",
        width=10,
        help="default persistence",
        verified="[DOC-DEFQL]",
    ),
    K(
        "DEFPRESP",
        Choice(("SYNC", "ASYNC")),
        default="SYNC",
        width=10,
        help="default put response",
        verified="[DOC-DEFQL]",
    ),
    K(
        "DEFREADA",
        Choice(("NO", "YES", "DISABLED")),
        default="NO",
        width=10,
        help="default read ahead",
        verified="[DOC-DEFQL]",
    ),
    K(
        "DEFBIND",
        Choice(("OPEN", "NOTFIXED", "GROUP")),
        default="OPEN",
        width=10,
        help="default binding for cluster queues",
        verified="[DOC-DEFQL]",
    ),
    K(
        "DEFSOPT",
        Choice(("EXCL", "SHARED")),
        default="EXCL",
        width=10,
        help="default share option for input opens (z/OS default EXCL)",
        verified="[DOC-DEFQL] notes 3/4",
    ),
    K(
        "SHARE",
        Flag(),
        negation="NOSHARE",
        default=True,
        width=7,
        help="more than one application may get from the queue",
    ),
    K(
        "HARDENBO",
        Flag(),
        negation="NOHARDENBO",
        default=False,
        width=10,
        help="harden the backout count",
        verified="[DOC-DEFQL] (keywords)",
    ),
    K(
        "MSGDLVSQ",
        Choice(("PRIORITY", "FIFO")),
        default="PRIORITY",
        width=10,
        help="delivery order",
        verified="[DOC-DEFQL]",
    ),
    K(
        "MAXDEPTH",
        Integer(0, MAX9),
        default=MAX9,
        width=10,
        help="most messages the queue can hold",
        verified="[DOC-DEFQL] range [DOC-MAXQDEPTH]; z/OS default from secondary sources",
    ),
    K(
        "MAXMSGL",
        Integer(0, 104_857_600),
        default=4_194_304,
        width=10,
        help="largest message in bytes",
        verified="[DOC-DEFQL] (z/OS range UNVERIFIED)",
    ),
    K(
        "RETINTVL",
        Integer(0, MAX9),
        default=MAX9,
        width=10,
        help="retention interval in hours",
        verified="[DOC-DEFQL]",
    ),
    K(
        "BOQNAME",
        QNAME_OR_BLANK,
        default="",
        width=48,
        help="backout requeue queue",
        verified="[DOC-DEFQL]",
    ),
    K(
        "BOTHRESH",
        Integer(0, MAX9),
        default=0,
        width=10,
        help="backout threshold",
        verified="[DOC-DEFQL]",
    ),
    K(
        "INDXTYPE",
        Choice(("NONE", "MSGID", "CORRELID", "GROUPID", "MSGTOKEN")),
        default="NONE",
        width=10,
        help="index kept for gets by identifier",
        verified="[DOC-DEFQL] (values)",
    ),
    K(
        "USAGE",
        Choice(("NORMAL", "XMITQ")),
        default="NORMAL",
        width=10,
        help="normal queue or transmission queue",
        verified="[DOC-DEFQL]",
    ),
    K(
        "TRIGGER",
        Flag(),
        negation="NOTRIGGER",
        default=False,
        width=9,
        help="triggering enabled",
        verified="[DOC-DEFQL]",
    ),
    K(
        "TRIGTYPE",
        Choice(("FIRST", "EVERY", "DEPTH", "NONE")),
        default="FIRST",
        width=10,
        help="trigger condition",
        verified="[DOC-DEFQL] (values)",
    ),
    K("TRIGDPTH", Integer(1, MAX9), default=1, width=10, help="depth for TRIGTYPE(DEPTH)"),
    K("TRIGMPRI", Integer(0, 9), default=0, width=10, help="priority threshold for triggers"),
    K("TRIGDATA", Text(64), default="", width=64, help="data for the trigger message"),
    # Neither is checked when the queue is defined: the queue manager looks for them when a
    # trigger event occurs (IBM "Conditions for a trigger event").
    K(
        "INITQ",
        QNAME_OR_BLANK,
        default="",
        width=48,
        help="initiation queue for trigger messages (need not exist yet)",
    ),
    K(
        "PROCESS",
        Name(NameRule.PROCESS, 48, blank_allowed=True),
        default="",
        width=48,
        help="process definition the trigger message names (need not exist yet)",
    ),
    K("QDEPTHHI", Integer(0, 100), default=80, width=10, help="high depth event threshold %"),
    K("QDEPTHLO", Integer(0, 100), default=20, width=10, help="low depth event threshold %"),
    K("QDPHIEV", ENABLED, default="DISABLED", width=10, help="queue depth high events"),
    K("QDPLOEV", ENABLED, default="DISABLED", width=10, help="queue depth low events"),
    K("QDPMAXEV", ENABLED, default="ENABLED", width=10, help="queue full events"),
    K(
        "QSVCIEV",
        Choice(("NONE", "HIGH", "OK")),
        default="NONE",
        width=10,
        help="service interval events",
    ),
    K("QSVCINT", Integer(0, MAX9), default=MAX9, width=10, help="service interval in ms"),
    K(
        "ACCTQ",
        Choice(("QMGR", "ON", "OFF")),
        default="QMGR",
        width=10,
        help="accounting data collection",
        verified="[DOC-DEFQL]",
    ),
    K(
        "MONQ",
        Choice(("QMGR", "OFF", "LOW", "MEDIUM", "HIGH")),
        default="QMGR",
        width=10,
        help="online monitoring data collection",
    ),
    K(
        "STATQ",
        Choice(("QMGR", "ON", "OFF")),
        default="QMGR",
        width=10,
        help="statistics data collection",
    ),
    K(
        "CLUSTER",
        QNAME_OR_BLANK,
        default="",
        width=48,
        help="cluster the queue belongs to",
        verified="[DOC-DEFQL]",
    ),
    K(
        "CLUSNL",
        Name(NameRule.NAMELIST, 48, blank_allowed=True),
        default="",
        width=48,
        help="namelist of clusters",
        verified="[DOC-DEFQL]",
    ),
    K(
        "CLCHNAME",
        Text(48),
        default="",
        width=48,
        help="cluster-sender channels for XMITQ",
        verified="[DOC-DEFQL]",
    ),
    K(
        "CLWLPRTY",
        Integer(0, 9),
        default=0,
        width=10,
        help="cluster workload priority",
        verified="[DOC-DEFQL]",
    ),
    K(
        "CLWLRANK",
        Integer(0, 9),
        default=0,
        width=10,
        help="cluster workload rank",
        verified="[DOC-DEFQL]",
    ),
    K(
        "CLWLUSEQ",
        Choice(("QMGR", "ANY", "LOCAL")),
        default="QMGR",
        width=10,
        help="use of the local instance in cluster workload",
        verified="[DOC-DEFQL]",
    ),
    K(
        "PROPCTL",
        Choice(("ALL", "COMPAT", "FORCE", "NONE")),
        default="COMPAT",
        width=10,
        help="message property handling",
        verified="[DOC-DEFQL] (ALTER 9.3)",
    ),
    K(
        "STREAMQ",
        QNAME_OR_BLANK,
        default="",
        width=48,
        help="streaming queue",
        verified="[DOC-DEFQL] (9.3+)",
    ),
    K(
        "STRMQOS",
        Choice(("BESTEF", "MUSTDUP")),
        default="BESTEF",
        width=10,
        help="streaming quality of service",
        verified="[DOC-DEFQL] (9.3+)",
    ),
    # IBM MQ 9.4 for z/OS: "CAPEXPRY is supported from IBM MQ for z/OS 9.4.0" (IBM "3389
    # (0D3D) (RC3389): MQRCCF_INCOMPATIBLE_QM_IN_QSG"); every queue type has it (IBM MQ 9.4
    # "ALTER queues", table 1). Tenths of a second, or NOLIMIT ([DOC-DEFQL] 9.4; the range
    # 1-999 999 999 is UNVERIFIED).
    K(
        "CAPEXPRY",
        Integer(1, MAX9, words=("NOLIMIT",)),
        default="NOLIMIT",
        width=10,
        help="longest expiry, in tenths of a second, of messages put here (or NOLIMIT)",
        verified="[DOC-DEFQL] 9.4; RC3389 (z/OS from 9.4.0)",
    ),
    K(
        "CUSTOM",
        Text(128),
        default="",
        width=128,
        help="attributes for new features",
        verified="[DOC-DEFQL]",
    ),
    K(
        "DEFTYPE",
        Choice(("PREDEFINED", "PERMDYN", "TEMPDYN", "SHAREDYN")),
        default="PREDEFINED",
        width=10,
        help="how the queue was defined: PREDEFINED, or dynamic from a model queue",
        verified="DISPLAY QUEUE (DEFTYPE values)",
    ),
    K("CURDEPTH", Integer(0, MAX9), width=10, help="messages on the queue now"),
    K("IPPROCS", Integer(0, MAX9), width=10, help="handles open for input"),
    K("OPPROCS", Integer(0, MAX9), width=10, help="handles open for output"),
    K("CRDATE", Text(12), width=12, help="date created"),
    K("CRTIME", Text(8), width=8, help="time created"),
    K("ALTDATE", Text(12), width=12, help="date of the last change"),
    K("ALTTIME", Text(8), width=8, help="time of the last change"),
    # Valid MQSC on other platforms, not on z/OS ([DOC-DEFQL] note 3 of the 9.3 ALTER diagram).
    K("DISTL", NO_YES, zos=False),
    K("IMGRCOVQ", Choice(("YES", "NO", "QMGR")), zos=False),
    K("MAXFSIZE", Integer(20, MAX9), zos=False),
    K("NPMCLASS", Choice(("NORMAL", "HIGH")), zos=False),
    K("SCOPE", Choice(("QMGR", "CELL")), zos=False),
)
#: Attributes a user may set (DEFINE / ALTER); the rest of QLOCAL is displayed only.
QLOCAL_DISPLAY_ONLY = (
    "QUEUE",
    "TYPE",
    "QSGDISP",
    "DEFTYPE",
    "CURDEPTH",
    "IPPROCS",
    "OPPROCS",
    "CRDATE",
    "CRTIME",
    "ALTDATE",
    "ALTTIME",
)
QLOCAL_SETTABLE = tuple(n for n in QLOCAL if n not in QLOCAL_DISPLAY_ONLY)
#: Not allowed as WHERE filter keywords ([DOC-DISQ]), besides the selectors.
QLOCAL_NOT_FILTERS = ("QDPHIEV", "QDPLOEV", "QDPMAXEV", "QSGDISP", "QSVCIEV")

FAMILY = Family(
    objtype="QLOCAL",
    attributes=QLOCAL,
    identity=("QUEUE", "TYPE", "QSGDISP"),
    reply="MQSC401I",
    settable=(*QLOCAL_SETTABLE, "QSGDISP"),
    table="qlocal",
    default_object="SYSTEM.DEFAULT.LOCAL.QUEUE",
    group_table="gqlocal",
    json_key="queues",
)

# ---- alias, remote and model queues ----------------------------------------------------------
_PRIVATE_OR_GROUP = Choice(("QMGR", "COPY", "GROUP"))
#: Attributes every queue type shows in DISPLAY (the object keyword, TYPE and QSGDISP first).
_HEAD = ("QUEUE", "TYPE", "QSGDISP", "DESCR")
_STAMPS = ("ALTDATE", "ALTTIME")
_CLUSTERED = ("CLUSTER", "CLUSNL", "CLWLPRTY", "CLWLRANK")


def _typed(qtype: str) -> dict[str, Keyword]:
    """TYPE and QSGDISP of a queue type that has no SHARED disposition."""
    return {
        "TYPE": K("TYPE", Choice((qtype,)), width=8, help="queue type", verified="[DOC-MSGS]"),
        "QSGDISP": K(
            "QSGDISP",
            _PRIVATE_OR_GROUP,
            default="QMGR",
            width=10,
            help="disposition in the queue sharing group",
            verified="DEFINE QALIAS / QREMOTE / QMODEL (QSGDISP: no SHARED)",
        ),
    }


#: DEFINE QALIAS: TARGET (synonym TARGQ) names the queue or topic the alias resolves to; it
#: need not exist when the alias is defined - an MQOPEN finds out (MQRC 2085).
QALIAS = table(
    *(QLOCAL[n] if n not in ("TYPE", "QSGDISP") else _typed("QALIAS")[n] for n in _HEAD),
    K(
        "TARGET",
        QNAME_OR_BLANK,
        synonyms=("TARGQ",),
        default="",
        width=48,
        help="queue or topic the alias resolves to (need not exist yet)",
        verified="DEFINE QALIAS (TARGET, synonym TARGQ)",
    ),
    K(
        "TARGTYPE",
        Choice(("QUEUE", "TOPIC")),
        default="QUEUE",
        width=10,
        help="what TARGET names: a queue or a topic object",
        verified="DEFINE QALIAS",
    ),
    *(
        QLOCAL[n]
        for n in (
            "PUT",
            "GET",
            "DEFPRTY",
            "DEFPSIST",
            "DEFPRESP",
            "DEFREADA",
            "DEFBIND",
            "PROPCTL",
            *_CLUSTERED,
            "CAPEXPRY",
            "CUSTOM",
            *_STAMPS,
        )
    ),
    K("SCOPE", Choice(("QMGR", "CELL")), zos=False),
)

#: DEFINE QREMOTE: a remote queue (RNAME and RQMNAME), a queue manager alias (RNAME blank)
#: or a reply-to queue alias; XMITQ blank means the queue named RQMNAME, then DEFXMITQ.
QREMOTE = table(
    *(QLOCAL[n] if n not in ("TYPE", "QSGDISP") else _typed("QREMOTE")[n] for n in _HEAD),
    K(
        "RNAME",
        QNAME_OR_BLANK,
        default="",
        width=48,
        help="name of the queue on the remote queue manager (blank: queue manager alias)",
        verified="DEFINE QREMOTE (create local definition of a remote queue)",
    ),
    K(
        "RQMNAME",
        QNAME_OR_BLANK,
        default="",
        width=48,
        help="remote queue manager",
        verified="DEFINE QREMOTE (create local definition of a remote queue)",
    ),
    K(
        "XMITQ",
        QNAME_OR_BLANK,
        default="",
        width=48,
        help="transmission queue (blank: the queue named RQMNAME, else the DEFXMITQ)",
        verified="DEFINE QREMOTE; XmitQName (MQCHAR48)",
    ),
    *(
        QLOCAL[n]
        for n in (
            "PUT",
            "DEFPRTY",
            "DEFPSIST",
            "DEFPRESP",
            "DEFBIND",
            *_CLUSTERED,
            "CAPEXPRY",
            "CUSTOM",
            *_STAMPS,
        )
    ),
    K("SCOPE", Choice(("QMGR", "CELL")), zos=False),
)

#: DEFINE QMODEL: a local queue's attributes, no cluster attributes, and DEFTYPE: the kind of
#: dynamic queue an MQOPEN of the model creates (UNVERIFIED: default TEMPDYN, as supplied).
_MODEL_NOT = frozenset(
    (
        "TYPE",
        "QSGDISP",
        "DEFTYPE",
        "CLUSTER",
        "CLUSNL",
        "CLCHNAME",
        "CLWLPRTY",
        "CLWLRANK",
        "CLWLUSEQ",
        "DEFBIND",
        "CURDEPTH",
        "IPPROCS",
        "OPPROCS",
        "CRDATE",
        "CRTIME",
    )
)
QMODEL = table(
    QLOCAL["QUEUE"],
    _typed("QMODEL")["TYPE"],
    _typed("QMODEL")["QSGDISP"],
    *(
        k
        for n, k in QLOCAL.items()
        if n not in _MODEL_NOT and n != "QUEUE" and k.zos and n not in _STAMPS
    ),
    K(
        "DEFTYPE",
        Choice(("PERMDYN", "TEMPDYN", "SHAREDYN")),
        default="TEMPDYN",
        width=10,
        help="dynamic queues made from the model: permanent, temporary or shared",
        verified="DEFINE QMODEL (DEFTYPE; default UNVERIFIED)",
    ),
    *(QLOCAL[n] for n in _STAMPS),
    *(k for k in QLOCAL.values() if not k.zos),
)


def _settable(attributes: Mapping[str, Keyword]) -> tuple[str, ...]:
    fixed = ("QUEUE", "TYPE", "QSGDISP", "ALTDATE", "ALTTIME")
    return tuple(n for n in attributes if n not in fixed)


ALIAS = Family(
    objtype="QALIAS",
    attributes=QALIAS,
    identity=("QUEUE", "TYPE", "QSGDISP"),
    reply="MQSC401I",
    settable=(*_settable(QALIAS), "QSGDISP"),
    table="qalias",
    default_object="SYSTEM.DEFAULT.ALIAS.QUEUE",
    group_table="gqalias",
    json_key="aliasQueues",
    detail="TARGET",
)
REMOTE = Family(
    objtype="QREMOTE",
    attributes=QREMOTE,
    identity=("QUEUE", "TYPE", "QSGDISP"),
    reply="MQSC401I",
    settable=(*_settable(QREMOTE), "QSGDISP"),
    table="qremote",
    default_object="SYSTEM.DEFAULT.REMOTE.QUEUE",
    group_table="gqremote",
    json_key="remoteQueues",
    detail="RQMNAME",
)
MODEL = Family(
    objtype="QMODEL",
    attributes=QMODEL,
    identity=("QUEUE", "TYPE", "QSGDISP"),
    reply="MQSC401I",
    settable=(*_settable(QMODEL), "QSGDISP"),
    table="qmodel",
    default_object="SYSTEM.DEFAULT.MODEL.QUEUE",
    group_table="gqmodel",
    json_key="modelQueues",
    detail="DEFTYPE",
)
#: Attributes added to an object type after objects of it could be kept in a state store: an
#: object read from an older store has none of them, and gets each one's default then.
ADDED_ATTRIBUTES: Mapping[str, tuple[str, ...]] = {
    "QLOCAL": ("CAPEXPRY",),
    "QALIAS": ("CAPEXPRY",),
    "QREMOTE": ("CAPEXPRY",),
    "QMODEL": ("CAPEXPRY",),
    "TOPIC": ("CAPEXPRY",),
}

#: The queue types, in the order DISPLAY QUEUE TYPE(...) names them.
QUEUE_TYPES: Mapping[str, Family] = {
    "QLOCAL": FAMILY,
    "QALIAS": ALIAS,
    "QREMOTE": REMOTE,
    "QMODEL": MODEL,
}

#: Every attribute DISPLAY QUEUE can show or filter on (each object shows those of its type).
QUEUE_ATTRIBUTES = common.merged(
    QMODEL,
    QREMOTE,
    QALIAS,
    QLOCAL,
    table(
        K("TYPE", Choice(tuple(QUEUE_TYPES)), width=8, help="queue type", verified="[DOC-MSGS]"),
        QLOCAL["DEFTYPE"],
    ),
)
#: What a cluster queue shows besides its definition ([DOC-DISQ] requested parameters): the
#: queue manager that hosts it and when the cluster learnt of it. Only cluster queues have
#: them, so a queue defined here shows none of them, as any attribute of another type.
CLUSTER_QUEUE_ATTRIBUTES = table(
    K(
        "CLUSQMGR",
        QNAME_OR_BLANK,
        width=48,
        help="queue manager hosting the cluster queue",
        verified="[DOC-DISQ]",
    ),
    K(
        "CLUSQT",
        Choice(("QALIAS", "QLOCAL", "QMGR", "QREMOTE")),
        width=10,
        help="cluster queue type",
        verified="[DOC-DISQ]",
    ),
    K(
        "QMID",
        Text(48),
        width=48,
        help="identifier of the hosting queue manager",
        verified="[DOC-DISQ]",
    ),
    K(
        "CLUSDATE",
        Text(12),
        width=12,
        help="date the definition became known here",
        verified="[DOC-DISQ]",
    ),
    K(
        "CLUSTIME",
        Text(8),
        width=8,
        help="time the definition became known here",
        verified="[DOC-DISQ]",
    ),
)
#: A cluster queue as DISPLAY QCLUSTER (or DISPLAY QUEUE TYPE(QCLUSTER), CLUSINFO) shows it:
#: the instance's definition as its queue manager published it, and where it is ([DOC-DISQ]).
QCLUSTER = Family(
    objtype="QCLUSTER",
    attributes={
        "QUEUE": QLOCAL["QUEUE"],
        "TYPE": K("TYPE", Choice(("QCLUSTER",)), width=8, help="queue type", verified="[DOC-DISQ]"),
        **{n: QLOCAL[n] for n in ("DESCR", "CLUSTER")},
        **dict(CLUSTER_QUEUE_ATTRIBUTES),
        **{
            n: QLOCAL[n]
            for n in (
                "DEFBIND",
                "DEFPRTY",
                "DEFPSIST",
                "DEFPRESP",
                "PUT",
                "CLWLPRTY",
                "CLWLRANK",
                "ALTDATE",
                "ALTTIME",
            )
        },
    },
    identity=("QUEUE", "TYPE", "CLUSQMGR"),
    reply="MQSC401I",
)
QUEUE = Family(
    objtype="QUEUE",
    attributes={
        n: QUEUE_ATTRIBUTES[n]
        for n in (*QLOCAL, *(n for f in (QALIAS, QREMOTE, QMODEL) for n in f if n not in QLOCAL))
    }
    | dict(CLUSTER_QUEUE_ATTRIBUTES),
    identity=("QUEUE", "TYPE", "QSGDISP"),
    reply="MQSC401I",
)


def _define(attributes: Mapping[str, Keyword], family: Family, kind: Choice) -> Mapping:
    return common.merged(
        common.pick(attributes, family.settable[:-1]),
        common.table(
            common.like(common.QNAME), common.REPLACE, common.CMDSCOPE, common.qsgdisp(*kind.values)
        ),
    )


def _alter(attributes: Mapping[str, Keyword], family: Family) -> Mapping:
    return common.merged(
        common.pick(attributes, family.settable[:-1]),
        common.table(common.CMDSCOPE, common.qsgdisp("QMGR", "COPY", "GROUP")),
    )


_QL_SETTABLE = common.pick(QLOCAL, QLOCAL_SETTABLE)
_QL_DEFINE = common.merged(
    _QL_SETTABLE,
    common.table(
        common.like(common.QNAME),
        common.REPLACE,
        common.CMDSCOPE,
        common.qsgdisp("QMGR", "COPY", "GROUP", "SHARED"),
    ),
)
_QL_ALTER = common.merged(
    _QL_SETTABLE,
    common.table(
        common.FORCE, common.CMDSCOPE, common.qsgdisp("QMGR", "COPY", "GROUP", "PRIVATE", "SHARED")
    ),
)
_QL_DELETE = common.table(
    common.PURGE, common.CMDSCOPE, common.qsgdisp("QMGR", "COPY", "GROUP", "SHARED")
)
_Q_DELETE = common.table(common.CMDSCOPE, common.qsgdisp("QMGR", "COPY", "GROUP"))

#: Keywords that select queues on DISPLAY QUEUE (and cannot also be WHERE keywords, [DOC-DISQ]).
_QUEUE_SELECTORS = common.table(
    common.ALL,
    common.CMDSCOPE,
    K("QSGDISP", Choice(common.DISPLAY_QSGDISP), default="LIVE", help="which dispositions to show"),
    K(
        "STGCLASS",
        Name(NameRule.STGCLASS, 8, generic=True),
        help="only queues using these storage classes",
        verified="[DOC-DISQ]",
    ),
    K(
        "CFSTRUCT",
        Name(NameRule.CFSTRUCT, 12, generic=True),
        help="only shared queues in these structures",
        verified="[DOC-DISQ]",
    ),
    K(
        "PSID",
        Integer(0, 99, star=True),
        range_msg="CSQI002I",
        help="only queues with an active association with this page set",
        verified="[DOC-DISQ] [DOC-DEFSTC]",
    ),
    K("CLUSTER", Name(NameRule.QUEUE, 48, generic=True), help="only queues in these clusters"),
    K("CLUSNL", Name(NameRule.NAMELIST, 48, generic=True), help="only queues with these namelists"),
    K(
        "CLUSINFO",
        Flag(),
        help="also the cluster queues this queue manager knows (needs the "
        "channel initiator on z/OS)",
        verified="[DOC-DISQ]",
    ),
)
_QUEUE_TYPE = K(
    "TYPE",
    Choice(("QLOCAL", "ALL", "QALIAS", "QMODEL", "QREMOTE", "QCLUSTER")),
    default="ALL",
    help="queue type to show",
    verified="[DOC-DISQ]",
)
#: Not allowed as WHERE filter keywords ([DOC-DISQ]), besides the selectors.
_NOT_FILTERS = QLOCAL_NOT_FILTERS


def _requestable(attributes: Mapping[str, Keyword]) -> frozenset[str]:
    return frozenset(n for n in attributes if n != "QUEUE" and attributes[n].zos)


def _filters(attributes: Mapping[str, Keyword]) -> frozenset[str]:
    """WHERE keywords: any attribute but those [DOC-DISQ] excludes. A keyword used as a selector in
    the same command cannot also be the filter (the binder checks that, MQSC550E)."""
    return frozenset(n for n in attributes if attributes[n].zos and n not in _NOT_FILTERS)


def _display(
    objtype: str, selectors: Mapping[str, Keyword], attributes: Mapping[str, Keyword], what: str
) -> CommandSpec:
    # Any queue attribute may be requested of any queue type: one that does not apply to the
    # type gives no output and no error (IBM "DISPLAY QUEUE"). WHERE takes the type's own.
    return CommandSpec(
        "DISPLAY",
        objtype,
        common.GENERIC_QNAME,
        selectors,
        S_2CR,
        "CSQMDRTS",
        requestable=_requestable(QUEUE.attributes),
        where=_filters(attributes),
        verified="[DOC-DISQ]",
        help=f"show {what}",
    )


# ---- DISPLAY QSTATUS ---------------------------------------------------------------------------
#: What the simulation knows of a local queue's status (IBM "DISPLAY QSTATUS"). MSGAGE, QTIME
#: and the last put and get times need MONQ data the simulation does not keep, so they are not
#: offered; IPPROCS, OPPROCS and UNCOM come from the connections' handles and units of work
#: (mqsc/engine/connregistry.py).
QSTATUS = table(
    K("QSTATUS", QNAME, width=48, help="queue name", verified="DISPLAY QSTATUS"),
    K(
        "TYPE",
        Choice(("QUEUE", "HANDLE")),
        width=10,
        help="queue status or handle status",
        verified="DISPLAY QSTATUS",
    ),
    K(
        "QSGDISP",
        Choice(("QMGR", "COPY", "SHARED")),
        width=10,
        help="disposition of the queue",
        verified="DISPLAY QSTATUS",
    ),
    K(
        "CURDEPTH",
        Integer(0, MAX9),
        width=10,
        help="messages on the queue now",
        verified="DISPLAY QSTATUS",
    ),
    K(
        "IPPROCS",
        Integer(0, MAX9),
        width=10,
        help="handles open for input",
        verified="DISPLAY QSTATUS",
    ),
    K(
        "OPPROCS",
        Integer(0, MAX9),
        width=10,
        help="handles open for output",
        verified="DISPLAY QSTATUS",
    ),
    K(
        "UNCOM",
        Choice(("NO", "YES")),
        width=10,
        help="whether a unit of work holds uncommitted changes to the queue",
        verified="DISPLAY QSTATUS",
    ),
)
#: CURDEPTH is shown without being asked for, as runmqsc's DISPLAY QSTATUS shows it (z/OS
#: UNVERIFIED).
STATUS = Family(
    objtype="QSTATUS",
    attributes=QSTATUS,
    identity=("QSTATUS", "TYPE", "QSGDISP", "CURDEPTH"),
    reply="MQSC421I",
)
_HV = "DISPLAY QSTATUS (z/OS): handle status attributes"
#: DISPLAY QSTATUS TYPE(HANDLE): one record per handle open on the queue (IBM "DISPLAY
#: QSTATUS", handle attributes valid on z/OS), from the connections of
#: mqsc/engine/connregistry.py, so DISPLAY CONN TYPE(HANDLE) shows the same handles.
HANDLE_STATUS = table(
    K("QSTATUS", QNAME, width=48, help="queue name", verified=_HV),
    K("TYPE", Choice(("QUEUE", "HANDLE")), width=10, help="handle status", verified=_HV),
    K(
        "QSGDISP",
        Choice(("QMGR", "COPY", "SHARED")),
        width=10,
        help="disposition of the queue",
        verified=_HV,
    ),
    K("APPLTAG", Text(28), width=28, help="the application that has it open", verified=_HV),
    K(
        "APPLTYPE",
        Choice(("BATCH", "RRSBATCH", "CICS", "IMS", "CHINIT", "SYSTEM", "USER")),
        width=10,
        help="the kind of application",
        verified=_HV,
    ),
    K("ASID", Text(4), width=4, help="its address space identifier", verified=_HV),
    K("BROWSE", Choice(("YES", "NO")), width=10, help="open for browsing", verified=_HV),
    K("INPUT", Choice(("SHARED", "EXCL", "NO")), width=10, help="open for input", verified=_HV),
    K("INQUIRE", Choice(("YES", "NO")), width=10, help="open for inquiry", verified=_HV),
    K("OUTPUT", Choice(("YES", "NO")), width=10, help="open for output", verified=_HV),
    K("SET", Choice(("YES", "NO")), width=10, help="open for setting attributes", verified=_HV),
    K(
        "HSTATE",
        Choice(("ACTIVE", "INACTIVE")),
        width=10,
        help="whether an API call is in progress on the handle",
        verified=_HV,
    ),
    K("QMURID", Text(16), width=16, help="its unit of recovery (blank: none)", verified=_HV),
    K(
        "URTYPE",
        Choice(("QMGR", "RRS", "CICS", "IMS", "XA")),
        width=10,
        help="who coordinates that unit",
        verified=_HV,
    ),
    K("USERID", Text(12), width=12, help="the user id of its connection", verified=_HV),
)
HANDLE_FAMILY = Family(
    objtype="QSTATUS.HANDLE",
    attributes=HANDLE_STATUS,
    identity=("QSTATUS", "TYPE", "QSGDISP", "APPLTAG", "APPLTYPE", "ASID", "USERID"),
    reply="MQSC421I",
)

#: The handle records of DISPLAY QSTATUS TYPE(HANDLE) (their field widths).
STATUS_ATTRIBUTES = {"QSTATUS.HANDLE": HANDLE_STATUS}

#: DISPLAY QUEUE shows every queue type; DISPLAY QLOCAL, QALIAS... one.
FAMILIES = {
    "QLOCAL": FAMILY,
    "QUEUE": QUEUE,
    "QALIAS": ALIAS,
    "QREMOTE": REMOTE,
    "QMODEL": MODEL,
    "QSTATUS": STATUS,
    "QCLUSTER": QCLUSTER,
}

_NO_STORAGE = common.pick(
    _QUEUE_SELECTORS, ("ALL", "CMDSCOPE", "QSGDISP", "CLUSTER", "CLUSNL", "CLUSINFO")
)

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "DEFINE",
        "QLOCAL",
        common.QNAME,
        _QL_DEFINE,
        S_2CR,
        "CSQMAQLC",
        verified="[DOC-DEFQL]",
        help="define a local queue",
    ),
    CommandSpec(
        "ALTER",
        "QLOCAL",
        common.QNAME,
        _QL_ALTER,
        S_2CR,
        "CSQMAQLC",
        verified="[DOC-DEFQL] [DOC-ALTQL]",
        help="change a local queue",
    ),
    CommandSpec(
        "DELETE",
        "QLOCAL",
        common.QNAME,
        _QL_DELETE,
        S_2CR,
        "CSQMUQLC",
        verified="[DOC-DELQ] [DOC-DELQL]",
        help="delete a local queue",
    ),
    _display("QLOCAL", _QUEUE_SELECTORS, QLOCAL, "local queues"),
    CommandSpec(
        "DISPLAY",
        "QUEUE",
        common.GENERIC_QNAME,
        common.merged(_QUEUE_SELECTORS, common.table(_QUEUE_TYPE)),
        S_2CR,
        "CSQMDRTS",
        requestable=_requestable(QUEUE.attributes),
        where=_filters(QUEUE.attributes),
        verified="[DOC-DISQ]",
        help="show queues of every type",
    ),
    # Module names of the other queue types' commands follow CSQMAQLC / CSQMUQLC (UNVERIFIED).
    CommandSpec(
        "DEFINE",
        "QALIAS",
        common.QNAME,
        _define(QALIAS, ALIAS, _PRIVATE_OR_GROUP),
        S_2CR,
        "CSQMAQLC",
        verified="DEFINE QALIAS",
        help="define an alias queue",
    ),
    CommandSpec(
        "ALTER",
        "QALIAS",
        common.QNAME,
        _alter(QALIAS, ALIAS),
        S_2CR,
        "CSQMAQLC",
        verified="ALTER QALIAS",
        help="change an alias queue",
    ),
    CommandSpec(
        "DELETE",
        "QALIAS",
        common.QNAME,
        _Q_DELETE,
        S_2CR,
        "CSQMUQLC",
        verified="DELETE QALIAS",
        help="delete an alias queue",
    ),
    _display("QALIAS", _NO_STORAGE, QALIAS, "alias queues"),
    CommandSpec(
        "DEFINE",
        "QREMOTE",
        common.QNAME,
        _define(QREMOTE, REMOTE, _PRIVATE_OR_GROUP),
        S_2CR,
        "CSQMAQLC",
        verified="DEFINE QREMOTE (create local definition of a remote queue)",
        help="define a remote queue, queue manager alias or reply-to alias",
    ),
    CommandSpec(
        "ALTER",
        "QREMOTE",
        common.QNAME,
        _alter(QREMOTE, REMOTE),
        S_2CR,
        "CSQMAQLC",
        verified="ALTER QREMOTE",
        help="change a remote queue definition",
    ),
    CommandSpec(
        "DELETE",
        "QREMOTE",
        common.QNAME,
        _Q_DELETE,
        S_2CR,
        "CSQMUQLC",
        verified="DELETE QREMOTE",
        help="delete a remote queue definition",
    ),
    _display("QREMOTE", _NO_STORAGE, QREMOTE, "remote queue definitions"),
    CommandSpec(
        "DEFINE",
        "QMODEL",
        common.QNAME,
        _define(QMODEL, MODEL, _PRIVATE_OR_GROUP),
        S_2CR,
        "CSQMAQLC",
        verified="DEFINE QMODEL",
        help="define a model queue",
    ),
    CommandSpec(
        "ALTER",
        "QMODEL",
        common.QNAME,
        _alter(QMODEL, MODEL),
        S_2CR,
        "CSQMAQLC",
        verified="ALTER QMODEL",
        help="change a model queue",
    ),
    CommandSpec(
        "DELETE",
        "QMODEL",
        common.QNAME,
        _Q_DELETE,
        S_2CR,
        "CSQMUQLC",
        verified="DELETE QMODEL",
        help="delete a model queue",
    ),
    # The cluster queues are known through the channel initiator's repository manager: "On
    # z/OS, the channel initiator must be running before you can display information about
    # cluster queues (using TYPE(QCLUSTER) or the CLUSINFO parameter)" ([DOC-DISQ] usage
    # notes). DISPLAY QCLUSTER is that display ([DOC-DISQ]: "DISPLAY QCLUSTER" is an
    # alternative to TYPE(QCLUSTER)), from the cluster repository (docs/clusters.md); with no
    # channel initiator it answers CSQM131I (the module name is UNVERIFIED).
    CommandSpec(
        "DISPLAY",
        "QCLUSTER",
        common.GENERIC_QNAME,
        common.pick(_QUEUE_SELECTORS, ("ALL", "CMDSCOPE", "CLUSTER", "CLUSNL")),
        S_2CR,
        "CSQMDRTS",
        requestable=_requestable(QUEUE.attributes),
        where=_filters(QUEUE.attributes),
        verified="[DOC-DISQ] usage notes",
        help="show cluster queues",
    ),
    _display(
        "QMODEL",
        common.pick(_QUEUE_SELECTORS, ("ALL", "CMDSCOPE", "QSGDISP", "STGCLASS", "CFSTRUCT")),
        QMODEL,
        "model queues",
    ),
    # Module names of CLEAR and MOVE follow the message manager's pattern (UNVERIFIED).
    CommandSpec(
        "CLEAR",
        "QLOCAL",
        common.QNAME,
        common.table(
            common.CMDSCOPE,
            K(
                "QSGDISP",
                Choice(("PRIVATE", "SHARED")),
                default="PRIVATE",
                help="clear the private queue or the shared queue of that name",
                verified="CLEAR QLOCAL (clear messages from local queue)",
            ),
        ),
        S_2CR,
        "CSQMCLMQ",
        verified="CLEAR QLOCAL (clear messages from local queue)",
        help="remove every message from a local queue",
    ),
    CommandSpec(
        "MOVE",
        "QLOCAL",
        common.QNAME,
        common.table(
            K(
                "TOQLOCAL",
                QNAME,
                help="the local queue the messages go to",
                verified="MOVE QLOCAL (move messages between local queues) on z/OS",
            ),
            K(
                "TYPE",
                Choice(("MOVE", "ADD")),
                default="MOVE",
                help="MOVE: the target must be empty; ADD: add to the messages it has",
                verified="MOVE QLOCAL (move messages between local queues) on z/OS",
            ),
            common.CMDSCOPE,
            K(
                "QSGDISP",
                Choice(("PRIVATE", "SHARED")),
                default="PRIVATE",
                help="move from the private queue or the shared queue of that name",
                verified="MOVE QLOCAL (move messages between local queues) on z/OS",
            ),
        ),
        S_2CR,
        "CSQMMVMQ",
        required=("TOQLOCAL",),
        verified="MOVE QLOCAL (move messages between local queues) on z/OS",
        help="move every message of a local queue to another",
    ),
    CommandSpec(
        "DISPLAY",
        "QSTATUS",
        common.GENERIC_QNAME,
        common.table(
            common.ALL,
            common.CMDSCOPE,
            K(
                "TYPE",
                Choice(("QUEUE", "HANDLE")),
                default="QUEUE",
                help="queue status, or the handles open on the queue",
                verified="DISPLAY QSTATUS",
            ),
            K(
                "OPENTYPE",
                Choice(("ALL", "INPUT", "OUTPUT")),
                default="ALL",
                help="only queues (or handles) open for input, or for output",
                verified="DISPLAY QSTATUS (OPENTYPE)",
            ),
        ),
        S_2CR,
        "CSQMDRTS",
        requestable=frozenset(
            n for n in (*QSTATUS, *HANDLE_STATUS) if n not in ("QSTATUS", "TYPE")
        ),
        where=frozenset(n for n in (*QSTATUS, *HANDLE_STATUS) if n not in ("QSTATUS", "TYPE")),
        verified="DISPLAY QSTATUS",
        help="show the status of local queues",
    ),
)
