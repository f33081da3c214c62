"""The channel initiator's commands: START / STOP / DISPLAY CHINIT, DISPLAY CHSTATUS, START /
STOP / PING / RESET / RESOLVE CHANNEL, START / STOP LISTENER, SUSPEND / RESUME QMGR (IBM MQ 9.4
for z/OS MQSC reference, each command's page).

START / STOP / DISPLAY CHINIT, START / STOP LISTENER, START / STOP CHANNEL and DISPLAY
CHSTATUS act on the simulated channel initiator (mqsc/engine/channelstate.py, docs/channels.md);
the others (``facility="CHINIT"``, :mod:`mqsc.catalog.absent`) are bound with their full
keyword checks and answered as z/OS answers while the channel initiator is not started.
Channel *definitions* are in :mod:`mqsc.catalog.channels`, the cluster commands (DISPLAY
CLUSQMGR, REFRESH and RESET CLUSTER) in :mod:`mqsc.catalog.clusters`.
"""

from __future__ import annotations

from collections.abc import Mapping

from mqsc.catalog import common
from mqsc.catalog.channels import (
    CHANNEL_NAME,
    DEFAULT_PORT,
    GENERIC_CHANNEL,
    TCP_PORTS,
    TYPES,
)
from mqsc.catalog.clusters import CLUSTER_NAME
from mqsc.catalog.common import MAX9, NO_YES, QNAME, K, table
from mqsc.catalog.model import (
    S_2CR,
    S_C,
    S_CR,
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
    ObjectType("CHINIT", ("CHI", "DQM"), "the channel initiator", rank=52),
    ObjectType("CHSTATUS", ("CHS",), "channel status (DISPLAY)", rank=53),
    ObjectType("LISTENER", ("LSTR",), "a channel initiator listener (START/STOP)", rank=54),
)

CHLDISP = K(
    "CHLDISP",
    Choice(("DEFAULT", "PRIVATE", "SHARED", "FIXSHARED", "ALL")),
    help="disposition of the channel in the queue sharing group",
    verified="START CHANNEL, DISPLAY CHSTATUS (z/OS)",
)
_CONNAME = K("CONNAME", Text(264), help="connection name", verified="START CHANNEL (z/OS)")

#: Status attributes DISPLAY CHSTATUS can show (IBM MQ 9.4 DISPLAY CHSTATUS, z/OS).
CHSTATUS_ATTRIBUTES = (
    "CHLTYPE",
    "CURLUWID",
    "CURMSGS",
    "CURSEQNO",
    "INDOUBT",
    "LSTLUWID",
    "LSTSEQNO",
    "STATUS",
    "BATCHES",
    "BATCHSZ",
    "BUFSRCVD",
    "BUFSSENT",
    "BYTSRCVD",
    "BYTSSENT",
    "CHSTADA",
    "CHSTATI",
    "COMPHDR",
    "COMPMSG",
    "COMPRATE",
    "COMPTIME",
    "CURSHCNV",
    "EXITTIME",
    "HBINT",
    "JOBNAME",
    "KAINT",
    "LOCLADDR",
    "LONGRTS",
    "LSTMSGDA",
    "LSTMSGTI",
    "MAXSHCNV",
    "MAXMSGL",
    "MCASTAT",
    "MCAUSER",
    "MONCHL",
    "MSGS",
    "NETTIME",
    "NPMSPEED",
    "QMNAME",
    "RAPPLTAG",
    "RPRODUCT",
    "RQMNAME",
    "RVERSION",
    "SECPROT",
    "SHORTRTS",
    "SSLCERTI",
    "SSLCIPH",
    "SSLCERTU",
    "SSLKEYDA",
    "SSLKEYTI",
    "SSLPEER",
    "SSLRKEYS",
    "STATCHL",
    "STOPREQ",
    "SUBSTATE",
    "XBATCHSZ",
    "XQMSGSA",
    "XQTIME",
)
_LISTENER = table(
    common.CMDSCOPE,
    K(
        "INDISP",
        Choice(("QMGR", "GROUP")),
        default="QMGR",
        help="inbound disposition the listener handles",
        verified="START LISTENER (z/OS)",
    ),
    K("IPADDR", Text(48), help="IP address to listen on", verified="START LISTENER (z/OS)"),
    K(
        "PORT",
        Integer(*TCP_PORTS),
        default=DEFAULT_PORT,
        help="TCP port",
        verified="START LISTENER (z/OS)",
    ),
    K(
        "TRPTYPE",
        Choice(("TCP", "LU62")),
        default="TCP",
        help="transport",
        verified="START LISTENER (z/OS)",
    ),
)

FAMILIES: dict = {}

_COUNTS = frozenset(
    (
        "BATCHES",
        "BATCHSZ",
        "BUFSRCVD",
        "BUFSSENT",
        "BYTSRCVD",
        "BYTSSENT",
        "CURMSGS",
        "CURSEQNO",
        "CURSHCNV",
        "HBINT",
        "LONGRTS",
        "LSTSEQNO",
        "MAXMSGL",
        "MAXSHCNV",
        "MSGS",
        "SHORTRTS",
        "XQMSGSA",
        "BATCHHB",
        "BATCHINT",
        "BATCHLIM",
        "CLWLPRTY",
        "CLWLRANK",
        "CLWLWGHT",
        "DISCINT",
        "LONGRTY",
        "LONGTMR",
        "MRRTY",
        "MRTMR",
        "NETPRTY",
        "SEQWRAP",
        "SHORTRTY",
        "SHORTTMR",
    )
)
_CHOICES = {
    "STATUS": Choice(
        (
            "BINDING",
            "INITIALIZING",
            "PAUSED",
            "REQUESTING",
            "RETRYING",
            "RUNNING",
            "STARTING",
            "STOPPED",
            "STOPPING",
            "SWITCHING",
            "INACTIVE",
        )
    ),
    # Every channel type but client connections, which have no status of their own.
    "CHLTYPE": Choice(tuple(t for t in TYPES if t != "CLNTCONN")),
    "INDOUBT": NO_YES,
    "STOPREQ": NO_YES,
    "MCASTAT": Choice(("RUNNING", "NOTRUNNING")),
    "SUSPEND": NO_YES,
    "QMTYPE": Choice(("NORMAL", "REPOS")),
    "DEFTYPE": Choice(("CLUSSDR", "CLUSSDRA", "CLUSSDRB", "CLUSRCVR")),
}


#: Widths in command-server replies (MQSC422I) of the status attributes the simulation
#: shows, padded as the other DISPLAY reply lines are: names to their maximum length, the
#: documented words to the longest of them (numbers right-aligned in 10 as everywhere).
#: UNVERIFIED, as the other CHSTATUS widths below.
_WIDTHS = {
    "RQMNAME": 48,
    "CURLUWID": 16,
    "LSTLUWID": 16,
    "CHLTYPE": 8,
    "STATUS": 12,
    "INDOUBT": 3,
    "STOPREQ": 3,
}


def _status_table(names: tuple[str, ...]) -> Mapping[str, Keyword]:
    """Attributes of a status display the simulation never produces, as kinds a WHERE filter
    can be bound with (counts, the documented values, text otherwise)."""
    return table(
        *(
            K(
                n,
                Integer(0, MAX9) if n in _COUNTS else _CHOICES.get(n, Text(256)),
                width=_WIDTHS.get(n),
            )
            for n in names
        )
    )


#: What DISPLAY CHSTATUS can show and filter on (IBM MQ 9.4 for z/OS).
STATUS_ATTRIBUTES = {"CHSTATUS": _status_table(CHSTATUS_ATTRIBUTES)}


#: What DISPLAY CHSTATUS shows of a simulated channel (IBM MQ 9.4 DISPLAY CHSTATUS, z/OS:
#: CHSTATUS, XMITQ, CONNAME, CHLTYPE, STATUS always; MSGS, BATCHES, CURSEQNO... on request).
#: The widths are UNVERIFIED (command-server framing).
CHSTATUS = Family(
    objtype="CHSTATUS",
    attributes=table(
        K(
            "CHSTATUS",
            Name(NameRule.QUEUE, 20),
            width=20,
            help="channel name",
            verified="DISPLAY CHSTATUS (z/OS)",
        ),
        K("XMITQ", QNAME, width=48, help="transmission queue", verified="DISPLAY CHSTATUS (z/OS)"),
        K(
            "CONNAME",
            Text(264),
            width=48,
            help="connection name",
            verified="DISPLAY CHSTATUS (z/OS)",
        ),
        *(
            STATUS_ATTRIBUTES["CHSTATUS"][n]
            for n in (
                "CHLTYPE",
                "STATUS",
                "RQMNAME",
                "MSGS",
                "BATCHES",
                "CURSEQNO",
                "LSTSEQNO",
                "INDOUBT",
                "CURLUWID",
                "LSTLUWID",
                "STOPREQ",
                "BATCHSZ",
                "SHORTRTS",
                "LONGRTS",
            )
        ),
    ),
    identity=("CHSTATUS", "XMITQ", "CONNAME", "CHLTYPE", "STATUS"),
    reply="MQSC422I",
)
# What DISPLAY CHSTATUS shows is rendered from these (mqsc.catalog.attributes_of): the name,
# XMITQ and CONNAME with their widths too, so the MQSC422I line is padded as a whole.
STATUS_ATTRIBUTES["CHSTATUS"] = {**STATUS_ATTRIBUTES["CHSTATUS"], **CHSTATUS.attributes}

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "START",
        "CHINIT",
        None,
        table(
            common.CMDSCOPE,
            K(
                "ENVPARM",
                Text(126),
                help="JCL substitution for the xxxxCHIN procedure",
                verified="START CHINIT (z/OS)",
            ),
            K(
                "PARM",
                Text(8),
                help="obsolete parameter module (ignored, CSQX003I)",
                verified="CSQX003I",
            ),
        ),
        S_2CR,
        "CSQXCRPS",
        name_required=False,
        verified="START CHINIT (z/OS), 2CR",
        help="start the channel initiator",
        simplified="the channel initiator is state of the queue manager (no address "
        "space, no dispatchers or adapters as tasks): it starts at once (CSQX022I)",
    ),
    CommandSpec(
        "STOP",
        "CHINIT",
        None,
        table(
            common.CMDSCOPE,
            K(
                "SHARED",
                Choice(("RESTART", "STOP")),
                default="STOP",
                help="what happens to its shared channels",
                verified="STOP CHINIT",
            ),
        ),
        S_CR,
        "CSQXCRPS",
        name_required=False,
        verified="STOP CHINIT (z/OS), CR",
        help="stop the channel initiator",
    ),
    CommandSpec(
        "DISPLAY",
        "CHINIT",
        None,
        table(common.CMDSCOPE),
        S_CR,
        "CSQXDISP",
        name_required=False,
        verified="DISPLAY CHINIT (z/OS), CR",
        help="channel initiator status",
    ),
    CommandSpec(
        "DISPLAY",
        "CHSTATUS",
        GENERIC_CHANNEL,
        table(
            common.ALL,
            common.CMDSCOPE,
            CHLDISP,
            _CONNAME,
            K("CURRENT", Flag(), help="current status (default)"),
            K("SAVED", Flag(), help="saved status"),
            K("SHORT", Flag(), help="short status (z/OS)"),
            K("MONITOR", Flag(), help="the monitoring attributes"),
            K(
                "XMITQ",
                Name(NameRule.QUEUE, 48, generic=True),
                help="only channels using this transmission queue",
            ),
        ),
        S_CR,
        "CSQXDISP",
        requestable=frozenset(CHSTATUS_ATTRIBUTES),
        where=frozenset(CHSTATUS_ATTRIBUTES),
        verified="DISPLAY CHSTATUS (z/OS), CR",
        help="channel status",
    ),
    CommandSpec(
        "START",
        "CHANNEL",
        CHANNEL_NAME,
        table(common.CMDSCOPE, CHLDISP, _CONNAME),
        S_CR,
        "CSQXSTRT",
        verified="START CHANNEL (z/OS), CR",
        help="start a channel",
    ),
    CommandSpec(
        "STOP",
        "CHANNEL",
        CHANNEL_NAME,
        table(
            common.CMDSCOPE,
            CHLDISP,
            _CONNAME,
            K(
                "MODE",
                Choice(("QUIESCE", "FORCE", "TERMINATE")),
                default="QUIESCE",
                help="how to stop",
            ),
            K("QMNAME", Text(48), help="remote queue manager (client channels)"),
            K(
                "STATUS",
                Choice(("STOPPED", "INACTIVE")),
                default="STOPPED",
                help="state the channel is left in",
            ),
        ),
        S_CR,
        "CSQXSTOP",
        verified="STOP CHANNEL (z/OS), CR",
        help="stop a channel",
    ),
    CommandSpec(
        "PING",
        "CHANNEL",
        CHANNEL_NAME,
        table(
            common.CMDSCOPE,
            CHLDISP,
            K("DATALEN", Integer(16, 32768), default=16, help="bytes of test data"),
        ),
        S_CR,
        "CSQXPING",
        verified="PING CHANNEL (IBM MQ 9.3 for z/OS), CR",
        help="test a sender or server channel's link to its partner",
    ),
    CommandSpec(
        "RESET",
        "CHANNEL",
        CHANNEL_NAME,
        table(
            common.CMDSCOPE,
            CHLDISP,
            # IBM "RESET CHANNEL": "in the range 1 through 999 999 999".
            K("SEQNUM", Integer(1, MAX9), default=1, help="new message sequence number"),
        ),
        S_CR,
        "CSQXREST",
        verified="RESET CHANNEL (z/OS), CR",
        help="reset a channel's sequence number",
    ),
    CommandSpec(
        "RESOLVE",
        "CHANNEL",
        CHANNEL_NAME,
        table(
            common.CMDSCOPE,
            CHLDISP,
            K(
                "ACTION",
                Choice(("COMMIT", "BACKOUT")),
                help="commit or back out the in-doubt batch",
            ),
        ),
        S_CR,
        "CSQXRESV",
        required=("ACTION",),
        verified="RESOLVE CHANNEL (z/OS), CR",
        help="resolve an in-doubt channel",
    ),
    CommandSpec(
        "START",
        "LISTENER",
        None,
        common.merged(_LISTENER, table(K("LUNAME", Text(8), help="LU 6.2 symbolic name"))),
        S_CR,
        "CSQXSTRL",
        name_required=False,
        verified="START LISTENER (z/OS), CR",
        help="start a channel initiator listener",
    ),
    CommandSpec(
        "STOP",
        "LISTENER",
        None,
        _LISTENER,
        S_CR,
        "CSQXSTPL",
        name_required=False,
        verified="STOP LISTENER (z/OS), CR",
        help="stop a listener",
    ),
    CommandSpec(
        "SUSPEND",
        "QMGR",
        None,
        table(
            common.CMDSCOPE,
            K("CLUSTER", CLUSTER_NAME, help="suspend from this cluster"),
            K(
                "CLUSNL",
                Name(NameRule.NAMELIST, 48),
                help="suspend from the clusters of this namelist",
            ),
            K("FACILITY", Choice(("DB2", "IMSBRIDGE")), help="suspend Db2 or IMS bridge use"),
            K("MODE", Choice(("QUIESCE", "FORCE")), default="QUIESCE", help="how to suspend"),
            K(
                "LOG",
                Flag(),
                help="suspend logging and update activity (console only)",
                verified="SUSPEND QMGR (IBM MQ 9.4): LOG, valid only on "
                "z/OS; SUSPEND QMGR LOG from source C",
                sources=S_C,
            ),
        ),
        S_CR,
        "CSQXSPRN",
        name_required=False,
        verified="SUSPEND QMGR (z/OS)",
        help="suspend cluster membership (or Db2/IMS bridge use, or logging)",
    ),
    CommandSpec(
        "RESUME",
        "QMGR",
        None,
        table(
            common.CMDSCOPE,
            K("CLUSTER", CLUSTER_NAME, help="resume in this cluster"),
            K(
                "CLUSNL",
                Name(NameRule.NAMELIST, 48),
                help="resume in the clusters of this namelist",
            ),
            K("FACILITY", Choice(("DB2", "IMSBRIDGE")), help="resume Db2 or IMS use"),
            K(
                "LOG",
                Flag(),
                help="resume logging and update activity (console only)",
                verified="RESUME QMGR (z/OS): RESUME QMGR LOG from source C",
                sources=S_C,
            ),
        ),
        S_CR,
        "CSQXSPRN",
        name_required=False,
        verified="RESUME QMGR (z/OS)",
        help="resume what SUSPEND QMGR suspended",
    ),
)
