"""Topics and subscriptions: DEFINE / ALTER / DELETE / DISPLAY TOPIC and SUB (IBM MQ 9.4 for
z/OS, "DEFINE TOPIC", "DEFINE SUB": sources 2CR for topics, CR for subscriptions).

Publications reach subscriptions through topic aliases (mqsc/engine/messaging/pubsub.py); DISPLAY
SBSTATUS and DISPLAY TPSTATUS show what that did. The rules kept
(mqsc/engine/messaging/topictree.py): a topic object
names a topic string, which is required, not empty, not ending in '/', unique among topic
objects and not changed by ALTER; a subscription names TOPICSTR or TOPICOBJ (an existing topic
object) and, with DESTCLAS(PROVIDED), a destination.
"""

from __future__ import annotations

from mqsc.catalog import common
from mqsc.catalog.common import MAX9, QNAME, QNAME_OR_BLANK, K, table
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
    ObjectType("TOPIC", (), "administrative topic object", rank=13),
    ObjectType("SUB", ("SUBSCRIPTION",), "durable subscription", rank=14),
    ObjectType("PUBSUB", (), "publish/subscribe status (DISPLAY)", rank=94),
    ObjectType("TOPICSTR", (), "retained publications of a topic string (CLEAR)", rank=100),
)

_TEV = "DEFINE TOPIC (IBM MQ 9.4 for z/OS)"
_SEV = "DEFINE SUB (IBM MQ 9.4 for z/OS)"
_ASP = "ASPARENT"
#: The longest topic string MQSC accepts (MQ_TOPIC_STR_LENGTH is 10240).
TOPICSTR_LENGTH = 10240

TOPIC = table(
    K("TOPIC", QNAME, width=48, help="topic object name", verified=_TEV),
    K("TYPE", Choice(("LOCAL",)), default="LOCAL", width=10, help="topic type", verified=_TEV),
    K(
        "QSGDISP",
        Choice(("QMGR", "COPY", "GROUP")),
        default="QMGR",
        width=10,
        help="disposition in the queue sharing group",
        verified=_TEV,
    ),
    K(
        "TOPICSTR",
        Text(TOPICSTR_LENGTH),
        default="",
        help="topic string ('/' separates levels)",
        verified=_TEV,
    ),
    K("DESCR", Text(64), default="", width=64, help="description", verified=_TEV),
    K(
        "CLUSTER",
        Text(48),
        default="",
        width=48,
        help="cluster the topic is published in",
        verified=_TEV,
    ),
    K(
        "CLROUTE",
        Choice(("DIRECT", "TOPICHOST")),
        default="DIRECT",
        width=10,
        help="cluster routing",
        verified=_TEV,
    ),
    K(
        "DEFPRTY",
        Choice((_ASP, *map(str, range(10)))),
        default=_ASP,
        width=10,
        help="default priority of publications",
        verified=_TEV,
    ),
    K(
        "DEFPSIST",
        Choice((_ASP, "NO", "YES")),
        default=_ASP,
        width=10,
        help="default persistence of publications",
        verified=_TEV,
    ),
    K(
        "DEFPRESP",
        Choice((_ASP, "SYNC", "ASYNC")),
        default=_ASP,
        width=10,
        help="default put response",
        verified=_TEV,
    ),
    K(
        "DURSUB",
        Choice((_ASP, "NO", "YES")),
        default=_ASP,
        width=10,
        help="durable subscriptions allowed",
        verified=_TEV,
    ),
    K(
        "MDURMDL",
        QNAME_OR_BLANK,
        default="",
        width=48,
        help="model queue for managed durable subscriptions",
        verified=_TEV,
    ),
    K(
        "MNDURMDL",
        QNAME_OR_BLANK,
        default="",
        width=48,
        help="model queue for managed non-durable subscriptions",
        verified=_TEV,
    ),
    K(
        "NPMSGDLV",
        Choice((_ASP, "ALL", "ALLAVAIL", "ALLDUR")),
        default=_ASP,
        width=10,
        help="delivery of non-persistent publications",
        verified=_TEV,
    ),
    K(
        "PMSGDLV",
        Choice((_ASP, "ALL", "ALLAVAIL", "ALLDUR")),
        default=_ASP,
        width=10,
        help="delivery of persistent publications",
        verified=_TEV,
    ),
    K(
        "PROXYSUB",
        Choice(("FIRSTUSE", "FORCE")),
        default="FIRSTUSE",
        width=10,
        help="when proxy subscriptions are sent",
        verified=_TEV,
    ),
    K(
        "PUB",
        Choice((_ASP, "ENABLED", "DISABLED")),
        default=_ASP,
        width=10,
        help="publishing allowed",
        verified=_TEV,
    ),
    K(
        "PUBSCOPE",
        Choice((_ASP, "QMGR", "ALL")),
        default=_ASP,
        width=10,
        help="publication scope",
        verified=_TEV,
    ),
    K(
        "SUB",
        Choice((_ASP, "ENABLED", "DISABLED")),
        default=_ASP,
        width=10,
        help="subscribing allowed",
        verified=_TEV,
    ),
    K(
        "SUBSCOPE",
        Choice((_ASP, "QMGR", "ALL")),
        default=_ASP,
        width=10,
        help="subscription scope",
        verified=_TEV,
    ),
    K(
        "USEDLQ",
        Choice((_ASP, "NO", "YES")),
        default=_ASP,
        width=10,
        help="undeliverable publications to the dead-letter queue",
        verified=_TEV,
    ),
    K(
        "WILDCARD",
        Choice(("PASSTHRU", "BLOCK")),
        default="PASSTHRU",
        width=10,
        help="wildcard subscriptions above this topic",
        verified=_TEV,
    ),
    # CAPEXPRY limits the expiry of messages put to "a queue or topic" (IBM MQ 9.4 "CAPEXPRY:
    # Limit message expiry time"), on z/OS from 9.4.0 (RC3389); a topic's default is to take
    # its parent's (ASPARENT, UNVERIFIED as the default for z/OS).
    K(
        "CAPEXPRY",
        Integer(1, MAX9, words=(_ASP, "NOLIMIT")),
        default=_ASP,
        width=10,
        help="longest expiry, in tenths of a second, of messages published here",
        verified="CAPEXPRY: Limit message expiry time (9.4); RC3389",
    ),
    K(
        "CUSTOM",
        Text(128),
        default="",
        width=128,
        help="attributes for new features",
        verified=_TEV,
    ),
    K("ALTDATE", Text(12), width=12, help="date of the last change"),
    K("ALTTIME", Text(8), width=8, help="time of the last change"),
    K("COMMINFO", Text(48), zos=False),
    K("MCAST", Choice(("ENABLED", "DISABLED", "ONLY", _ASP)), zos=False),
)
TOPIC_SETTABLE = tuple(
    n
    for n, k in TOPIC.items()
    if k.zos and n not in ("TOPIC", "TYPE", "QSGDISP", "ALTDATE", "ALTTIME")
)

TOPIC_FAMILY = Family(
    objtype="TOPIC",
    attributes=TOPIC,
    identity=("TOPIC", "TYPE", "QSGDISP"),
    reply="MQSC417I",
    settable=(*TOPIC_SETTABLE, "QSGDISP"),
    table="topic",
    default_object="SYSTEM.DEFAULT.TOPIC",
    group_table="gtopic",
    json_key="topics",
)

SUBNAME = Text(TOPICSTR_LENGTH)

SUB = table(
    K("SUB", SUBNAME, help="subscription name", verified=_SEV),
    K("SUBID", Text(48), width=48, help="subscription identifier (assigned)", verified=_SEV),
    K("TOPICSTR", Text(TOPICSTR_LENGTH), default="", help="topic string", verified=_SEV),
    K("TOPICOBJ", QNAME_OR_BLANK, default="", width=48, help="topic object", verified=_SEV),
    K("DEST", QNAME_OR_BLANK, default="", width=48, help="destination queue", verified=_SEV),
    K(
        "DESTCLAS",
        Choice(("PROVIDED", "MANAGED")),
        default="PROVIDED",
        width=10,
        help="destination provided or managed",
        verified=_SEV,
    ),
    K("DESTCORL", Text(48), default="", width=48, help="correlation identifier", verified=_SEV),
    K("DESTQMGR", Text(48), default="", width=48, help="destination queue manager", verified=_SEV),
    K(
        "EXPIRY",
        Text(10),
        default="UNLIMITED",
        width=10,
        help="expiry in tenths of a second, or UNLIMITED",
        verified=_SEV,
    ),
    K(
        "PSPROP",
        Choice(("MSGPROP", "COMPAT", "NONE", "RFH2")),
        default="MSGPROP",
        width=10,
        help="publish/subscribe properties",
        verified=_SEV,
    ),
    K("PUBACCT", Text(64), default="", width=64, help="accounting token", verified=_SEV),
    K("PUBAPPID", Text(32), default="", width=32, help="application identity data", verified=_SEV),
    K(
        "PUBPRTY",
        Choice(("ASPUB", "ASQDEF", *map(str, range(10)))),
        default="ASPUB",
        width=10,
        help="priority of messages sent to this subscription",
        verified=_SEV,
    ),
    K(
        "REQONLY",
        Choice(("NO", "YES")),
        default="NO",
        width=10,
        help="publications only on request",
        verified=_SEV,
    ),
    # SELECTOR, USERDATA and TOPICSTR are variable-length strings (up to 10240 bytes): the
    # command server gives them as they are, not padded to a fixed width as DESCR is.
    K("SELECTOR", Text(10240), default="", help="message selector", verified=_SEV),
    K("SUBLEVEL", Integer(1, 9), default=1, width=10, help="subscription level", verified=_SEV),
    K(
        "SUBSCOPE",
        Choice(("ALL", "QMGR")),
        default="ALL",
        width=10,
        help="subscription scope",
        verified=_SEV,
    ),
    K("SUBUSER", Text(12), default="", width=12, help="user that owns it", verified=_SEV),
    K("USERDATA", Text(10240), default="", help="user data", verified=_SEV),
    K(
        "VARUSER",
        Choice(("ANY", "FIXED")),
        default="ANY",
        width=10,
        help="other users may take it over",
        verified=_SEV,
    ),
    K(
        "WSCHEMA",
        Choice(("TOPIC", "CHAR")),
        default="TOPIC",
        width=10,
        help="wildcard schema",
        verified=_SEV,
    ),
    K(
        "DURABLE",
        Choice(("YES",)),
        default="YES",
        width=10,
        help="durable (always YES)",
        verified=_SEV,
    ),
    K(
        "SUBTYPE",
        Choice(("ADMIN",)),
        default="ADMIN",
        width=10,
        help="how it was created",
        verified=_SEV,
    ),
    K("CRDATE", Text(12), width=12, help="date created"),
    K("CRTIME", Text(8), width=8, help="time created"),
    K("ALTDATE", Text(12), width=12, help="date of the last change"),
    K("ALTTIME", Text(8), width=8, help="time of the last change"),
)
SUB_SETTABLE = tuple(
    n
    for n in SUB
    if n not in ("SUB", "SUBID", "DURABLE", "SUBTYPE", "CRDATE", "CRTIME", "ALTDATE", "ALTTIME")
)
#: What ALTER SUB may change (the topic, destination class and scope are fixed, DEFINE SUB).
SUB_ALTERABLE = tuple(
    n
    for n in SUB_SETTABLE
    if n not in ("TOPICSTR", "TOPICOBJ", "DESTCLAS", "SUBSCOPE", "WSCHEMA", "SELECTOR")
)

SUB_FAMILY = Family(
    objtype="SUB",
    attributes=SUB,
    identity=("SUB", "SUBID"),
    reply="MQSC420I",
    settable=SUB_SETTABLE,
    table="sub",
    json_key="subscriptions",
)

_TOPIC_QSG = common.qsgdisp("QMGR", "COPY", "GROUP")
_GENERIC_TOPIC = Name(NameRule.QUEUE, 48, generic=True)
_GENERIC_SUB = Text(TOPICSTR_LENGTH)

# ---- DISPLAY SBSTATUS and DISPLAY TPSTATUS -------------------------------------------------
_SBV = "DISPLAY SBSTATUS (IBM MQ 9.4 for z/OS), CR"
_TPV = "DISPLAY TPSTATUS (IBM MQ 9.4 for z/OS), 2CR"
_STAMP_HELP = "of the last message put to the destination for it (blank: none yet)"
#: A subscription's status (IBM "DISPLAY SBSTATUS", status attributes valid on z/OS).
#: ACTCONN: no application has a subscription open between commands here, so it is the
#: connection identifier of none (48 zeros, UNVERIFIED). RESMDATE/RESMTIME: an administrative
#: subscription is resumed when it is created (UNVERIFIED: the define's date and time).
SUB_STATUS = table(
    K("SUB", SUBNAME, help="subscription name", verified=_SBV),
    K("SUBID", Text(48), width=48, help="subscription identifier", verified=_SBV),
    K(
        "ACTCONN",
        Text(48),
        width=48,
        help="connection that has it open (none: zeros)",
        verified=_SBV,
    ),
    K("DURABLE", Choice(("YES", "NO")), width=10, help="durable", verified=_SBV),
    K("LMSGDATE", Text(12), width=12, help="date " + _STAMP_HELP, verified=_SBV),
    K("LMSGTIME", Text(8), width=8, help="time " + _STAMP_HELP, verified=_SBV),
    K(
        "NUMMSGS",
        Integer(0, MAX9),
        width=10,
        help="messages put to its destination since it was created",
        verified=_SBV,
    ),
    K("RESMDATE", Text(12), width=12, help="date it was last resumed", verified=_SBV),
    K("RESMTIME", Text(8), width=8, help="time it was last resumed", verified=_SBV),
    K(
        "SUBTYPE",
        Choice(("ADMIN", "API", "PROXY")),
        width=10,
        help="how it was created",
        verified=_SBV,
    ),
    K("SUBUSER", Text(12), width=12, help="user that owns it", verified=_SBV),
    K("TOPICSTR", Text(TOPICSTR_LENGTH), help="its topic string", verified=_SBV),
)
SBSTATUS_FAMILY = Family(
    objtype="SBSTATUS", attributes=SUB_STATUS, identity=("SUB", "SUBID"), reply="MQSC424I"
)

#: A topic node's status (IBM "DISPLAY TPSTATUS", topic status attributes valid on z/OS):
#: its attributes resolved through ASPARENT, the topic object that names it (ADMIN), its
#: publishers (none hold the topic open between commands) and subscriptions.
_RESOLVED = (
    "CLROUTE",
    "CLUSTER",
    "DEFPRESP",
    "DEFPRTY",
    "DEFPSIST",
    "DURSUB",
    "MDURMDL",
    "MNDURMDL",
    "NPMSGDLV",
    "PMSGDLV",
    "PUB",
    "PUBSCOPE",
    "SUB",
    "SUBSCOPE",
    "USEDLQ",
)


def _resolved(name: str) -> K:
    return K(
        name,
        TOPIC[name].kind,
        width=TOPIC[name].width,
        help=f"{TOPIC[name].help}, as resolved",
        verified=_TPV,
    )


_TOPIC_STATUS_OWN = {
    "ADMIN": K(
        "ADMIN",
        Text(48),
        width=48,
        help="topic object naming this node (blank: none)",
        verified=_TPV,
    ),
    "PUBCOUNT": K(
        "PUBCOUNT", Integer(0, MAX9), width=10, help="publishers that have it open", verified=_TPV
    ),
    "RETAINED": K(
        "RETAINED",
        Choice(("NO", "YES")),
        width=10,
        help="a retained publication is kept",
        verified=_TPV,
    ),
    "SUBCOUNT": K(
        "SUBCOUNT", Integer(0, MAX9), width=10, help="subscriptions on this node", verified=_TPV
    ),
}
#: In the syntax diagram's (alphabetical) order.
TOPIC_STATUS = table(
    K("TOPICSTR", Text(TOPICSTR_LENGTH), help="topic string of the node", verified=_TPV),
    *(
        _TOPIC_STATUS_OWN[n] if n in _TOPIC_STATUS_OWN else _resolved(n)
        for n in sorted((*_RESOLVED, *_TOPIC_STATUS_OWN))
    ),
)
#: TYPE(SUB): one record per subscription on the node; TYPE(PUB): one per publisher.
TOPIC_SUB_STATUS = table(
    K("TOPICSTR", Text(TOPICSTR_LENGTH), help="topic string of the node", verified=_TPV),
    *(
        SUB_STATUS[n]
        for n in (
            "SUBID",
            "ACTCONN",
            "DURABLE",
            "LMSGDATE",
            "LMSGTIME",
            "NUMMSGS",
            "RESMDATE",
            "RESMTIME",
            "SUBTYPE",
            "SUBUSER",
        )
    ),
)
TOPIC_PUB_STATUS = table(
    K("TOPICSTR", Text(TOPICSTR_LENGTH), help="topic string of the node", verified=_TPV),
    K("ACTCONN", Text(48), width=48, help="connection of the publisher", verified=_TPV),
    K("LPUBDATE", Text(12), width=12, help="date of its last publication", verified=_TPV),
    K("LPUBTIME", Text(8), width=8, help="time of its last publication", verified=_TPV),
    K("NUMPUBS", Integer(0, MAX9), width=10, help="publications it made", verified=_TPV),
)
#: Every attribute DISPLAY TPSTATUS can show (requested or filtered on), for the renderers.
TPSTATUS_ALL = {**TOPIC_STATUS, **TOPIC_SUB_STATUS, **TOPIC_PUB_STATUS}
TPSTATUS_FAMILY = Family(
    objtype="TPSTATUS", attributes=TPSTATUS_ALL, identity=("TOPICSTR",), reply="MQSC425I"
)
#: The layouts of DISPLAY TPSTATUS by TYPE (the same reply id: UNVERIFIED).
TPSTATUS_TYPES = {
    "TOPIC": Family(
        objtype="TPSTATUS", attributes=TOPIC_STATUS, identity=("TOPICSTR",), reply="MQSC425I"
    ),
    "SUB": Family(
        objtype="TPSTATUS",
        attributes=TOPIC_SUB_STATUS,
        identity=("TOPICSTR", "SUBID"),
        reply="MQSC425I",
    ),
    "PUB": Family(
        objtype="TPSTATUS", attributes=TOPIC_PUB_STATUS, identity=("TOPICSTR",), reply="MQSC425I"
    ),
}

# ---- DISPLAY PUBSUB ---------------------------------------------------------------------------
_PSV = "DISPLAY PUBSUB (IBM MQ 9.2): returned TYPE, QMNAME, STATUS, SUBCOUNT, TPCOUNT"
#: The publish/subscribe engine's status (IBM "DISPLAY PUBSUB": "A group of parameters is
#: returned, containing the attributes TYPE, QMNAME, STATUS, SUBCOUNT, and TPCOUNT"; STATUS
#: values from "Queue manager Publish/Subscribe Engine status attributes").
PUBSUB_STATUS = table(
    K(
        "TYPE",
        Choice(("LOCAL", "PARENT", "CHILD")),
        width=10,
        help="this queue manager, or a hierarchical connection",
        verified=_PSV,
    ),
    K("QMNAME", Text(48), width=48, help="the queue manager's name", verified=_PSV),
    K(
        "STATUS",
        Choice(("ACTIVE", "COMPAT", "ERROR", "INACTIVE", "STARTING", "STOPPING", "REFUSED")),
        width=10,
        help="the publish/subscribe engine's status",
        verified=_PSV,
    ),
    K(
        "SUBCOUNT",
        Integer(0, MAX9),
        width=10,
        help="subscriptions against the local topic tree",
        verified=_PSV,
    ),
    K(
        "TPCOUNT",
        Integer(0, MAX9),
        width=10,
        help="topic nodes in the local topic tree",
        verified=_PSV,
    ),
)
PUBSUB_FAMILY = Family(
    objtype="PUBSUB",
    attributes=PUBSUB_STATUS,
    identity=("TYPE", "QMNAME", "STATUS"),
    reply="MQSC430I",
)

FAMILIES = {
    "TOPIC": TOPIC_FAMILY,
    "SUB": SUB_FAMILY,
    "SBSTATUS": SBSTATUS_FAMILY,
    "TPSTATUS": TPSTATUS_FAMILY,
    "PUBSUB": PUBSUB_FAMILY,
}

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "DEFINE",
        "TOPIC",
        QNAME,
        common.merged(
            common.pick(TOPIC, (*TOPIC_SETTABLE, "COMMINFO", "MCAST")),
            table(common.like(QNAME), common.REPLACE, common.CMDSCOPE, _TOPIC_QSG),
        ),
        S_2CR,
        "CSQMATOP",
        required=("TOPICSTR",),
        verified=_TEV + ", 2CR",
        help="define an administrative topic",
    ),
    CommandSpec(
        "ALTER",
        "TOPIC",
        QNAME,
        common.merged(
            common.pick(TOPIC, tuple(n for n in TOPIC_SETTABLE if n != "TOPICSTR")),
            table(common.CMDSCOPE, _TOPIC_QSG),
        ),
        S_2CR,
        "CSQMATOP",
        verified="ALTER TOPIC (z/OS): TOPICSTR cannot change",
        help="change a topic object",
    ),
    CommandSpec(
        "DELETE",
        "TOPIC",
        QNAME,
        table(common.CMDSCOPE, _TOPIC_QSG),
        S_2CR,
        "CSQMUTOP",
        verified="DELETE TOPIC (z/OS), 2CR",
        help="delete a topic object",
    ),
    CommandSpec(
        "DISPLAY",
        "TOPIC",
        _GENERIC_TOPIC,
        table(
            common.ALL,
            common.CMDSCOPE,
            K(
                "QSGDISP",
                Choice(common.DISPLAY_QSGDISP[:-1]),
                default="LIVE",
                help="which dispositions to show",
            ),
            K(
                "TYPE",
                Choice(("ALL", "LOCAL", "CLUSTER")),
                default="LOCAL",
                help="local or cluster topics",
            ),
        ),
        S_2CR,
        "CSQMDRTS",
        requestable=frozenset(n for n, k in TOPIC.items() if k.zos and n != "TOPIC"),
        where=frozenset(
            n for n, k in TOPIC.items() if k.zos and n not in ("TOPIC", "QSGDISP", "TYPE")
        ),
        verified="DISPLAY TOPIC (z/OS), 2CR",
        help="show topic objects",
    ),
    CommandSpec(
        "DEFINE",
        "SUB",
        SUBNAME,
        common.merged(common.pick(SUB, SUB_SETTABLE), table(common.REPLACE, common.CMDSCOPE)),
        S_CR,
        "CSQMASUB",
        verified=_SEV + ", CR",
        help="define a durable subscription",
    ),
    CommandSpec(
        "ALTER",
        "SUB",
        SUBNAME,
        common.merged(
            common.pick(SUB, SUB_ALTERABLE),
            table(common.CMDSCOPE, K("SUBID", Text(48), help="identifier")),
        ),
        S_CR,
        "CSQMASUB",
        verified="ALTER SUB (z/OS), CR",
        help="change a subscription",
    ),
    CommandSpec(
        "DELETE",
        "SUB",
        SUBNAME,
        table(common.CMDSCOPE, K("SUBID", Text(48), help="identifier")),
        S_CR,
        "CSQMUSUB",
        verified="DELETE SUB (z/OS), CR",
        help="delete a subscription",
    ),
    CommandSpec(
        "DISPLAY",
        "SUB",
        _GENERIC_SUB,
        table(
            common.ALL,
            common.CMDSCOPE,
            K("SUBID", Text(48), help="only this identifier"),
            K("DURABLE", Choice(("ALL", "YES", "NO")), default="ALL"),
            K("SUBTYPE", Choice(("ADMIN", "ALL", "API", "PROXY", "USER")), default="USER"),
        ),
        S_CR,
        "CSQMDRTS",
        requestable=frozenset(n for n in SUB if n != "SUB"),
        where=frozenset(n for n in SUB if n not in ("SUB", "DURABLE", "SUBTYPE", "SUBID")),
        verified="DISPLAY SUB (z/OS), CR",
        help="show subscriptions",
    ),
    CommandSpec(
        "DISPLAY",
        "SBSTATUS",
        Text(TOPICSTR_LENGTH),
        table(
            common.ALL,
            common.CMDSCOPE,
            K("SUBID", Text(48), help="only this identifier"),
            K("DURABLE", Choice(("ALL", "NO", "YES")), default="ALL"),
            K("SUBTYPE", Choice(("ADMIN", "ALL", "API", "PROXY", "USER")), default="USER"),
        ),
        S_CR,
        "CSQMDRTS",
        requestable=frozenset(n for n in SUB_STATUS if n != "SUB"),
        where=frozenset(n for n in SUB_STATUS if n not in ("SUB", "SUBID")),
        verified=_SBV,
        help="subscription status: messages delivered to it",
    ),
    CommandSpec(
        "DISPLAY",
        "TPSTATUS",
        Text(TOPICSTR_LENGTH),
        table(
            common.ALL,
            common.CMDSCOPE,
            K("TYPE", Choice(("PUB", "SUB", "TOPIC")), default="TOPIC", help="what status to show"),
        ),
        S_2CR,
        "CSQMDRTS",
        requestable=frozenset(n for n in TPSTATUS_ALL if n != "TOPICSTR"),
        where=frozenset(n for n in TPSTATUS_ALL if n != "TOPICSTR"),
        verified=_TPV,
        help="topic status: attributes as resolved, subscriptions",
    ),
    CommandSpec(
        "DISPLAY",
        "PUBSUB",
        None,
        table(
            common.CMDSCOPE,
            common.ALL,
            K(
                "TYPE",
                Choice(("ALL", "CHILD", "LOCAL", "PARENT")),
                default="ALL",
                help="this queue manager, its hierarchical connections, or all",
                verified=_PSV,
            ),
        ),
        S_CR,
        "CSQMDRTS",
        name_required=False,
        requestable=frozenset(("SUBCOUNT", "TPCOUNT")),
        where=frozenset(("STATUS", "SUBCOUNT", "TPCOUNT", "QMNAME")),
        verified=_PSV + " (sources UNVERIFIED)",
        help="publish/subscribe engine status",
        simplified="a PARENT connection is shown with STATUS(ERROR) when no "
        "transmission queue reaches the parent, else STARTING: mqsc runs no "
        "hierarchy protocol, so it never becomes ACTIVE",
    ),
    # CLEAR TOPICSTR (IBM MQ 9.4 for z/OS, "CLEAR TOPICSTR"): CLRTYPE(RETAINED) removes the
    # retained publication of a topic string; SCOPE(LOCAL) is the only scope on z/OS.
    CommandSpec(
        "CLEAR",
        "TOPICSTR",
        Text(TOPICSTR_LENGTH),
        table(
            common.CMDSCOPE,
            K(
                "CLRTYPE",
                Choice(("RETAINED",)),
                help="what to clear",
                verified="CLEAR TOPICSTR (z/OS)",
            ),
            K(
                "SCOPE",
                Choice(("LOCAL",)),
                default="LOCAL",
                help="this queue manager only",
                verified="CLEAR TOPICSTR (z/OS)",
            ),
        ),
        S_2CR,
        "CSQMCLTS",
        name_required=True,
        required=("CLRTYPE",),
        verified="CLEAR TOPICSTR (IBM MQ 9.4 for z/OS) (sources UNVERIFIED)",
        help="remove the retained publication of a topic string",
    ),
)
