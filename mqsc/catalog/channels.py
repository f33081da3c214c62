"""Channels: DEFINE / ALTER / DELETE / DISPLAY CHANNEL (IBM MQ 9.4 for z/OS, "DEFINE CHANNEL"
and its syntax diagram per channel type, "DISPLAY CHANNEL").

One attribute table for every channel type; :data:`APPLIES` says which types take which
attribute (the syntax diagram of each CHLTYPE), and :data:`REQUIRED` what each type must have.
Defaults are the ones "supplied with IBM MQ" in the diagrams; a new channel takes its defaults
from the SYSTEM.DEF.* channel of its type when that exists (:data:`DEFAULT_OBJECTS`), as z/OS
does. AMQP channels are not listed: IBM MQ for z/OS has no AMQP service (UNVERIFIED: the 9.x
DISPLAY CHANNEL diagram lists TYPE(AMQP) without a platform note).
"""

from __future__ import annotations

from collections.abc import Mapping

from mqsc.catalog import common
from mqsc.catalog.common import MAX9, NO_YES, QNAME_OR_BLANK, K, table
from mqsc.catalog.model import (
    S_2CR,
    Choice,
    CommandSpec,
    Family,
    Integer,
    Name,
    NameRule,
    ObjectType,
    Text,
)

OBJECT_TYPES = (ObjectType("CHANNEL", ("CHL",), "channel definition", rank=12),)

TYPES = ("SDR", "SVR", "RCVR", "RQSTR", "CLNTCONN", "SVRCONN", "CLUSSDR", "CLUSRCVR")
#: The channel types whose pairs the channel initiator runs (docs/channels.md, docs/clusters.md):
#: the sending ends, which take messages from a transmission queue, and the receiving ends.
SENDER_TYPES = ("SDR", "SVR", "CLUSSDR")
RECEIVER_TYPES = ("RCVR", "RQSTR", "CLUSRCVR")
#: TCP/IP ports (IBM MQ START LISTENER, DEFINE CHANNEL PORT) and IBM's default, which a
#: listener without PORT and a CONNAME without a port take.
TCP_PORTS = (0, 65535)
DEFAULT_PORT = 1414
CHANNEL_NAME = Name(NameRule.QUEUE, 20)
GENERIC_CHANNEL = Name(NameRule.QUEUE, 20, generic=True)

_EV = "DEFINE CHANNEL syntax diagrams (IBM MQ 9.4 for z/OS)"

CHANNEL = table(
    K("CHANNEL", CHANNEL_NAME, width=20, help="channel name (1-20 characters)", verified=_EV),
    K("CHLTYPE", Choice(TYPES), width=8, help="channel type", verified=_EV),
    K(
        "QSGDISP",
        Choice(("QMGR", "COPY", "GROUP")),
        default="QMGR",
        width=10,
        help="disposition in the queue sharing group",
        verified=_EV,
    ),
    K(
        "TRPTYPE",
        Choice(("TCP", "LU62")),
        default="TCP",
        width=10,
        help="transport type (z/OS default UNVERIFIED)",
    ),
    K("DESCR", Text(64), default="", width=64, help="description", verified=_EV),
    K(
        "CONNAME",
        Text(264),
        default="",
        width=264,
        help="connection name: host(port)",
        verified=_EV,
    ),
    K("XMITQ", QNAME_OR_BLANK, default="", width=48, help="transmission queue", verified=_EV),
    K(
        "LOCLADDR",
        Text(48),
        default="",
        width=48,
        help="local communications address",
        verified=_EV,
    ),
    K("MCANAME", Text(20), default="", width=20, help="reserved: blank", verified=_EV),
    K(
        "MCATYPE",
        Choice(("PROCESS", "THREAD")),
        default="PROCESS",
        width=10,
        help="message channel agent type (no effect on z/OS)",
        verified=_EV,
    ),
    K("MCAUSER", Text(64), default="", width=64, help="user the MCA runs as", verified=_EV),
    K("MODENAME", Text(8), default="", width=8, help="LU 6.2 mode name", verified=_EV),
    K("TPNAME", Text(64), default="", width=64, help="LU 6.2 transaction program", verified=_EV),
    K("BATCHSZ", Integer(1, 9999), default=50, width=10, help="messages per batch", verified=_EV),
    K(
        "BATCHHB",
        Integer(0, MAX9),
        default=0,
        width=10,
        help="batch heartbeat interval in ms",
        verified=_EV,
    ),
    K(
        "BATCHINT",
        Integer(0, MAX9),
        default=0,
        width=10,
        help="minimum batch duration in ms",
        verified=_EV,
    ),
    K(
        "BATCHLIM",
        Integer(0, 999_999),
        default=5000,
        width=10,
        help="kilobytes per batch before a sync point",
        verified=_EV,
    ),
    K(
        "DISCINT",
        Integer(0, 999_999),
        default=6000,
        width=10,
        help="disconnect interval in seconds (SVRCONN: 0)",
        verified=_EV,
    ),
    K(
        "HBINT",
        Integer(0, 999_999),
        default=300,
        width=10,
        help="heartbeat interval in seconds",
        verified=_EV,
    ),
    K(
        "KAINT",
        Text(6),
        default="AUTO",
        width=10,
        help="keepalive interval: seconds or AUTO",
        verified=_EV,
    ),
    K("SHORTRTY", Integer(0, MAX9), default=10, width=10, help="short retries", verified=_EV),
    K(
        "SHORTTMR",
        Integer(0, MAX9),
        default=60,
        width=10,
        help="short retry interval in s",
        verified=_EV,
    ),
    K("LONGRTY", Integer(0, MAX9), default=MAX9, width=10, help="long retries", verified=_EV),
    K(
        "LONGTMR",
        Integer(0, MAX9),
        default=1200,
        width=10,
        help="long retry interval in s",
        verified=_EV,
    ),
    K(
        "MAXMSGL",
        Integer(0, 104_857_600),
        default=4_194_304,
        width=10,
        help="largest message the channel carries",
        verified=_EV,
    ),
    K("CONVERT", NO_YES, default="NO", width=10, help="convert application data", verified=_EV),
    K(
        "NPMSPEED",
        Choice(("FAST", "NORMAL")),
        default="FAST",
        width=10,
        help="speed of non-persistent messages",
        verified=_EV,
    ),
    K(
        "SEQWRAP",
        Integer(100, MAX9),
        default=MAX9,
        width=10,
        help="highest message sequence number",
        verified=_EV,
    ),
    K(
        "PUTAUT",
        Choice(("DEF", "CTX", "ONLYMCA", "ALTMCA")),
        default="DEF",
        width=10,
        help="user identifier for puts",
        verified=_EV,
    ),
    K("MRDATA", Text(32), default="", width=32, help="message-retry exit data", verified=_EV),
    K("MREXIT", Text(8), default="", width=8, help="message-retry exit", verified=_EV),
    K("MRRTY", Integer(0, MAX9), default=10, width=10, help="message retries", verified=_EV),
    K(
        "MRTMR",
        Integer(0, MAX9),
        default=1000,
        width=10,
        help="message retry interval in ms",
        verified=_EV,
    ),
    # The message, receive and send exits and their data are lists (MSGEXIT( , string) in
    # the DEFINE CHANNEL syntax diagrams); up to eight of each is UNVERIFIED.
    K("MSGDATA", Text(32, 8), default="", width=32, help="message exit data", verified=_EV),
    K("MSGEXIT", Text(8, 8), default="", width=8, help="message exits", verified=_EV),
    K("RCVDATA", Text(32, 8), default="", width=32, help="receive exit data", verified=_EV),
    K("RCVEXIT", Text(8, 8), default="", width=8, help="receive exits", verified=_EV),
    K("SCYDATA", Text(32), default="", width=32, help="security exit data", verified=_EV),
    K("SCYEXIT", Text(8), default="", width=8, help="security exit", verified=_EV),
    K("SENDDATA", Text(32, 8), default="", width=32, help="send exit data", verified=_EV),
    K("SENDEXIT", Text(8, 8), default="", width=8, help="send exits", verified=_EV),
    K("USERID", Text(12), default="", width=12, help="LU 6.2 user", verified=_EV),
    K("PASSWORD", Text(12), default="", width=12, help="LU 6.2 password", verified=_EV),
    K("SSLCIPH", Text(32), default="", width=32, help="TLS CipherSpec", verified=_EV),
    K("SSLPEER", Text(1024), default="", width=1024, help="TLS peer name filter", verified=_EV),
    K(
        "SSLCAUTH",
        Choice(("REQUIRED", "OPTIONAL")),
        default="REQUIRED",
        width=10,
        help="TLS client authentication",
        verified=_EV,
    ),
    K("CERTLABL", Text(64), default="", width=64, help="certificate label", verified=_EV),
    # Both are lists in order of preference: COMPHDR( , NONE SYSTEM), COMPMSG( , NONE RLE
    # ZLIBFAST ZLIBHIGH) in the DEFINE CHANNEL syntax diagrams; COMPMSG takes up to four.
    K(
        "COMPHDR",
        Choice(("NONE", "SYSTEM"), max_items=2),
        default="NONE",
        width=10,
        help="header compression techniques, in order of preference",
        verified=_EV,
    ),
    K(
        "COMPMSG",
        Choice(("NONE", "RLE", "ZLIBFAST", "ZLIBHIGH", "ANY"), max_items=4),
        default="NONE",
        width=10,
        help="message compression techniques, in order of preference",
        verified=_EV,
    ),
    K(
        "MONCHL",
        Choice(("QMGR", "OFF", "LOW", "MEDIUM", "HIGH")),
        default="QMGR",
        width=10,
        help="online monitoring",
        verified=_EV,
    ),
    K(
        "STATCHL",
        Choice(("QMGR", "OFF", "LOW", "MEDIUM", "HIGH")),
        default="QMGR",
        width=10,
        help="statistics collection (not SVRCONN on z/OS, APAR PH36719)",
        verified=_EV,
    ),
    K(
        "DEFCDISP",
        Choice(("PRIVATE", "FIXSHARED", "SHARED")),
        default="PRIVATE",
        width=10,
        help="default disposition when started (z/OS)",
        verified=_EV,
    ),
    K(
        "PROPCTL",
        Choice(("COMPAT", "ALL", "NONE")),
        default="COMPAT",
        width=10,
        help="message properties to a queue manager of an older level",
        verified=_EV,
    ),
    K("USEDLQ", NO_YES, default="YES", width=10, help="use the dead-letter queue", verified=_EV),
    K(
        "CLUSTER",
        QNAME_OR_BLANK,
        default="",
        width=48,
        help="cluster of the channel",
        verified=_EV,
    ),
    K(
        "CLUSNL",
        Name(NameRule.NAMELIST, 48, blank_allowed=True),
        default="",
        width=48,
        help="namelist of clusters",
        verified=_EV,
    ),
    K(
        "CLWLPRTY",
        Integer(0, 9),
        default=0,
        width=10,
        help="cluster workload priority",
        verified=_EV,
    ),
    K("CLWLRANK", Integer(0, 9), default=0, width=10, help="cluster workload rank", verified=_EV),
    K(
        "CLWLWGHT",
        Integer(1, 99),
        default=50,
        width=10,
        help="cluster workload weight",
        verified=_EV,
    ),
    K("NETPRTY", Integer(0, 9), default=0, width=10, help="network priority", verified=_EV),
    K(
        "MAXINST",
        Integer(0, MAX9),
        default=MAX9,
        width=10,
        help="most instances of a server-connection channel",
        verified=_EV,
    ),
    K(
        "MAXINSTC",
        Integer(0, MAX9),
        default=MAX9,
        width=10,
        help="most instances from one client",
        verified=_EV,
    ),
    K(
        "SHARECNV",
        Integer(0, MAX9),
        default=10,
        width=10,
        help="conversations per channel instance",
        verified=_EV,
    ),
    K(
        "QMNAME",
        Text(48),
        default="",
        width=48,
        help="queue manager a client connects to",
        verified=_EV,
    ),
    K(
        "AFFINITY",
        Choice(("PREFERRED", "NONE")),
        default="PREFERRED",
        width=10,
        help="client connection affinity",
        verified=_EV,
    ),
    K("CLNTWGHT", Integer(0, 99), default=0, width=10, help="client channel weight", verified=_EV),
    K(
        "DEFRECON",
        Choice(("NO", "YES", "QMGR", "DISABLED")),
        default="NO",
        width=10,
        help="client reconnection",
        verified=_EV,
    ),
    K("ALTDATE", Text(12), width=12, help="date of the last change"),
    K("ALTTIME", Text(8), width=8, help="time of the last change"),
    # Multiplatforms channel attributes (answered with CSQ9001E on z/OS).
    K("AMQPKA", Integer(0, MAX9), zos=False),
    K("PORT", Integer(*TCP_PORTS), zos=False),
    K("TPROOT", Text(48), zos=False),
    K("USECLTID", NO_YES, zos=False),
    K("RESETSEQ", Integer(0, MAX9), zos=False),
)

_MESSAGE = ("SDR", "SVR", "RCVR", "RQSTR", "CLUSSDR", "CLUSRCVR")
_SENDING = ("SDR", "SVR", "CLUSSDR", "CLUSRCVR")
_RECEIVING = ("RCVR", "RQSTR", "CLUSRCVR")
_CLUSTER = ("CLUSSDR", "CLUSRCVR")
_OUTBOUND = ("SDR", "SVR", "RQSTR", "CLNTCONN", "CLUSSDR", "CLUSRCVR")

#: Channel types each attribute applies to (the syntax diagram of each CHLTYPE); an attribute
#: not listed applies to every type.
APPLIES: Mapping[str, frozenset[str]] = {
    name: frozenset(types)
    for name, types in {
        "CONNAME": _OUTBOUND,
        "XMITQ": ("SDR", "SVR"),
        "LOCLADDR": _OUTBOUND,
        "MCANAME": ("SDR", "SVR", "RQSTR", "CLUSSDR", "CLUSRCVR"),
        "MCATYPE": ("SDR", "SVR", "RQSTR", "CLUSSDR", "CLUSRCVR"),
        "MCAUSER": (*_MESSAGE, "SVRCONN"),
        "BATCHSZ": _MESSAGE,
        "BATCHHB": _SENDING,
        "BATCHINT": _SENDING,
        "BATCHLIM": _SENDING,
        "DISCINT": (*_SENDING, "SVRCONN"),
        "SHORTRTY": _SENDING,
        "SHORTTMR": _SENDING,
        "LONGRTY": _SENDING,
        "LONGTMR": _SENDING,
        "CONVERT": _SENDING,
        "NPMSPEED": _MESSAGE,
        "SEQWRAP": _MESSAGE,
        "PUTAUT": (*_RECEIVING, "SVRCONN"),
        "MRDATA": _RECEIVING,
        "MREXIT": _RECEIVING,
        "MRRTY": _RECEIVING,
        "MRTMR": _RECEIVING,
        "MSGDATA": _MESSAGE,
        "MSGEXIT": _MESSAGE,
        "USERID": ("SDR", "SVR", "RQSTR", "CLNTCONN", "CLUSSDR"),
        "PASSWORD": ("SDR", "SVR", "RQSTR", "CLNTCONN", "CLUSSDR"),
        "SSLCAUTH": ("SVR", "RCVR", "RQSTR", "SVRCONN", "CLUSRCVR"),
        "MONCHL": (*_MESSAGE, "SVRCONN"),
        "STATCHL": _MESSAGE,
        "DEFCDISP": ("SDR", "SVR", "RCVR", "RQSTR", "SVRCONN"),
        "PROPCTL": _SENDING,
        "USEDLQ": _MESSAGE,
        "CLUSTER": _CLUSTER,
        "CLUSNL": _CLUSTER,
        "CLWLPRTY": _CLUSTER,
        "CLWLRANK": _CLUSTER,
        "CLWLWGHT": _CLUSTER,
        "NETPRTY": ("CLUSRCVR",),
        "MAXINST": ("SVRCONN",),
        "MAXINSTC": ("SVRCONN",),
        "SHARECNV": ("SVRCONN", "CLNTCONN"),
        "QMNAME": ("CLNTCONN",),
        "AFFINITY": ("CLNTCONN",),
        "CLNTWGHT": ("CLNTCONN",),
        "DEFRECON": ("CLNTCONN",),
    }.items()
}

#: What each channel type must name (the diagrams' required parameters; CLUSRCVR's CONNAME
#: may be blank since IBM MQ 7.0, on z/OS UNVERIFIED).
REQUIRED: Mapping[str, tuple[str, ...]] = {
    "SDR": ("CONNAME", "XMITQ"),
    "SVR": ("XMITQ",),
    "RQSTR": ("CONNAME",),
    "CLNTCONN": ("CONNAME",),
    "CLUSSDR": ("CONNAME",),
}

#: The object a new channel of each type takes its defaults from (CSQ4INSX defines them).
DEFAULT_OBJECTS: Mapping[str, str] = {
    "SDR": "SYSTEM.DEF.SENDER",
    "SVR": "SYSTEM.DEF.SERVER",
    "RCVR": "SYSTEM.DEF.RECEIVER",
    "RQSTR": "SYSTEM.DEF.REQUESTER",
    "CLNTCONN": "SYSTEM.DEF.CLNTCONN",
    "SVRCONN": "SYSTEM.DEF.SVRCONN",
    "CLUSSDR": "SYSTEM.DEF.CLUSSDR",
    "CLUSRCVR": "SYSTEM.DEF.CLUSRCVR",
}
#: Supplied defaults that differ by type (the SVRCONN diagram: DISCINT(0)).
TYPE_DEFAULTS: Mapping[str, Mapping[str, object]] = {"SVRCONN": {"DISCINT": 0}}

_DISPLAY_ONLY = ("CHANNEL", "QSGDISP", "ALTDATE", "ALTTIME")
SETTABLE = tuple(n for n, k in CHANNEL.items() if k.zos and n not in _DISPLAY_ONLY)

FAMILY = Family(
    objtype="CHANNEL",
    attributes=CHANNEL,
    identity=("CHANNEL", "CHLTYPE", "QSGDISP"),
    reply="MQSC406I",
    settable=(*SETTABLE, "QSGDISP"),
    table="channel",
    group_table="gchannel",
    json_key="channels",
)

_ATTRS = common.pick(CHANNEL, (*SETTABLE, "AMQPKA", "PORT", "TPROOT", "USECLTID"))
_LIKE = common.like(CHANNEL_NAME)
_DEFINE = common.merged(
    _ATTRS, table(_LIKE, common.REPLACE, common.CMDSCOPE, common.qsgdisp("QMGR", "COPY", "GROUP"))
)
_ALTER = common.merged(_ATTRS, table(common.CMDSCOPE, common.qsgdisp("QMGR", "COPY", "GROUP")))
_DELETE = table(
    common.CMDSCOPE,
    common.qsgdisp("QMGR", "COPY", "GROUP"),
    K("CHLTABLE", Choice(("QMGRTBL", "CLNTTBL")), zos=False),
)
_DISPLAY = table(
    common.ALL,
    common.CMDSCOPE,
    K(
        "QSGDISP",
        Choice(common.DISPLAY_QSGDISP[:-1]),
        default="LIVE",
        help="which dispositions to show",
        verified="DISPLAY CHANNEL (z/OS)",
    ),
    K(
        "TYPE",
        Choice(("ALL", *TYPES)),
        default="ALL",
        help="channel type to show",
        verified="DISPLAY CHANNEL (z/OS)",
    ),
)
_REQUESTABLE = frozenset(n for n, k in CHANNEL.items() if k.zos and n != "CHANNEL")
_FILTERS = frozenset(n for n in _REQUESTABLE if n not in ("QSGDISP", "MCANAME"))

FAMILIES = {"CHANNEL": FAMILY}

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "DEFINE",
        "CHANNEL",
        CHANNEL_NAME,
        _DEFINE,
        S_2CR,
        "CSQMACHL",
        required=("CHLTYPE",),
        verified=_EV + ", 2CR",
        help="define a channel (SDR, SVR, RCVR, RQSTR, CLNTCONN, SVRCONN, CLUSSDR, CLUSRCVR)",
    ),
    CommandSpec(
        "ALTER",
        "CHANNEL",
        CHANNEL_NAME,
        _ALTER,
        S_2CR,
        "CSQMACHL",
        required=("CHLTYPE",),
        verified="ALTER CHANNEL (z/OS): CHLTYPE required, 2CR",
        help="change a channel definition",
    ),
    CommandSpec(
        "DELETE",
        "CHANNEL",
        CHANNEL_NAME,
        _DELETE,
        S_2CR,
        "CSQMUCHL",
        verified="DELETE CHANNEL (z/OS), 2CR",
        help="delete a channel definition",
    ),
    CommandSpec(
        "DISPLAY",
        "CHANNEL",
        GENERIC_CHANNEL,
        _DISPLAY,
        S_2CR,
        "CSQMDRTS",
        requestable=_REQUESTABLE,
        where=_FILTERS,
        verified="DISPLAY CHANNEL (z/OS), 2CR",
        help="show channel definitions",
    ),
)
