"""The queue manager: DISPLAY / ALTER QMGR, START / STOP QMGR (IBM MQ for z/OS,
"ALTER QMGR", "START QMGR")."""

from __future__ import annotations

from collections.abc import Mapping

from mqsc.catalog import common as A
from mqsc.catalog.common import QNAME, QNAME_OR_BLANK, K, table
from mqsc.catalog.model import (
    S_2CR,
    S_CR,
    Choice,
    Flag,
    CommandSpec,
    Family,
    Integer,
    Keyword,
    Name,
    NameRule,
    ObjectType,
    Source,
    Text,
)

OBJECT_TYPES = (ObjectType("QMGR", (), "the queue manager", rank=70),)

_AQ = "ALTER QMGR (IBM MQ 9.4 for z/OS)"
_EV = Choice(("DISABLED", "ENABLED"))
_LEVELS = ("OFF", "LOW", "MEDIUM", "HIGH")


def _q(name: str, kind, default, help: str, width: int | None = None) -> Keyword:
    """A queue manager attribute of the z/OS ALTER QMGR diagram; its default is the initial
    value of a new queue manager (UNVERIFIED where the documentation gives none)."""
    if width is None:
        width = 10 if not isinstance(kind, Text) else kind.max_length
    return K(name, kind, default=default, width=width, help=help, verified=_AQ)


#: Every z/OS attribute of ALTER QMGR besides the original few (the 9.4 syntax diagram: those
#: marked "valid only on z/OS" and those without a platform note; the Multiplatforms-only ones,
#: ACCTCONO, ACTVTRC, CHAD, IMGSCHED, STATMQI..., are left out and answered with CSQ9001E).
_ZOS_ATTRIBUTES: tuple[Keyword, ...] = (
    _q("ACCTQ", Choice(("OFF", "ON", "NONE")), "OFF", "queue accounting data"),
    _q("ACTCHL", Integer(1, 9999), 200, "most channels active at once"),
    _q("ACTIVREC", Choice(("DISABLED", "MSG", "QUEUE")), "MSG", "activity reports"),
    _q("ADOPTCHK", Choice(("ALL", "NETADDR", "NONE", "QMNAME")), "ALL",
       "what an adopted MCA must match"),
    _q("ADOPTMCA", Choice(("ALL", "NO")), "ALL", "restart orphaned receiver MCAs"),
    _q("AUTHOREV", Choice(("DISABLED",)), "DISABLED",
       "authority events (only DISABLED on z/OS)"),
    _q("BRIDGEEV", _EV, "DISABLED", "IMS bridge events"),
    _q("CERTLABL", Text(64), "", "certificate label of the queue manager (blank: the default)"),
    _q("CERTQSGL", Text(64), "", "certificate label of the queue sharing group"),
    _q("CFCONLOS", Choice(("TERMINATE", "TOLERATE")), "TOLERATE",
       "action on loss of connectivity to the administration structure"),
    _q("CHADEXIT", Text(8), "", "channel auto-definition exit"),
    _q("CHIADAPS", Integer(0, 9999), 8, "channel initiator adapter subtasks"),
    _q("CHIDISPS", Integer(1, 9999), 5, "channel initiator dispatchers"),
    _q("CHISERVP", Text(8), "", "reserved"),
    _q("CHLAUTH", _EV, "ENABLED", "use channel authentication records"),
    _q("CHLEV", Choice(("DISABLED", "ENABLED", "EXCEPTION")), "DISABLED", "channel events"),
    _q("CLWLDATA", Text(32), "", "cluster workload exit data"),
    _q("CLWLEXIT", Text(8), "", "cluster workload exit"),
    _q("CLWLLEN", Integer(0, 999_999_999), 100, "bytes of message passed to the exit"),
    _q("CLWLMRUC", Integer(1, 999_999_999), 999_999_999, "most recently used channels"),
    _q("CLWLUSEQ", Choice(("LOCAL", "ANY")), "LOCAL", "use of local cluster queues"),
    _q("CMDEV", Choice(("DISABLED", "ENABLED", "NODISPLAY")), "DISABLED", "command events"),
    _q("CONFIGEV", _EV, "DISABLED", "configuration events"),
    _q("CONNAUTH", Text(48), "", "AUTHINFO object for user id and password checks"),
    _q("CUSTOM", Text(128), "", "attributes for new features"),
    _q("DEFCLXQ", Choice(("SCTQ", "CHANNEL")), "SCTQ",
       "transmission queue of cluster-sender channels"),
    _q("DNSGROUP", Text(18), "", "reserved (DNS group)"),
    _q("DNSWLM", Choice(("NO",)), "NO", "reserved (WLM DNS registration)"),
    _q("EXPRYINT", Text(9), "OFF", "seconds between expired-message scans, or OFF"),
    _q("GROUPUR", _EV, "DISABLED", "group units of recovery"),
    _q("IGQ", _EV, "DISABLED", "intra-group queuing"),
    _q("IGQAUT", Choice(("DEF", "CTX", "ONLYIGQ", "ALTIGQ")), "DEF",
       "intra-group queuing authority"),
    _q("IGQUSER", Text(12), "", "intra-group queuing user"),
    _q("INHIBTEV", _EV, "DISABLED", "inhibit events"),
    _q("IPADDRV", Choice(("IPV4", "IPV6")), "IPV4", "IP protocol preferred"),
    _q("LOCALEV", _EV, "DISABLED", "local error events"),
    _q("LSTRTMR", Integer(5, 9999), 60, "seconds between listener restart attempts"),
    _q("LUGROUP", Text(8), "", "generic LU name for group listeners"),
    _q("LUNAME", Text(8), "", "LU name for outbound LU 6.2"),
    _q("LU62ARM", Text(2), "", "APPCPM suffix"),
    _q("LU62CHL", Integer(0, 9999), 200, "most LU 6.2 channels"),
    _q("MARKINT", Text(9), "5000", "browse mark interval in ms, or NOLIMIT"),
    _q("MAXCHL", Integer(1, 9999), 200, "most channels current at once"),
    _q("MAXHANDS", Integer(0, 999_999_999), 256, "most open handles per connection"),
    _q("MAXPROPL", Text(9), "NOLIMIT", "longest property data, or NOLIMIT"),
    _q("MAXUMSGS", Integer(1, 999_999_999), 10000, "most messages in one unit of work"),
    _q("MONACLS", Choice(("QMGR", *_LEVELS)), "QMGR", "monitoring of auto-defined cluster-senders"),
    _q("MONCHL", Choice(("NONE", *_LEVELS)), "OFF", "channel monitoring"),
    _q("MONQ", Choice(("NONE", *_LEVELS)), "OFF", "queue monitoring"),
    _q("OPORTMAX", Integer(0, 65535), 0, "highest outbound port"),
    _q("OPORTMIN", Integer(0, 65535), 0, "lowest outbound port"),
    _q("PARENT", Text(48), "", "parent in a publish/subscribe hierarchy"),
    _q("PERFMEV", _EV, "DISABLED", "performance events"),
    _q("PSCLUS", _EV, "ENABLED", "publish/subscribe clustering"),
    _q("PSMODE", Choice(("COMPAT", "DISABLED", "ENABLED")), "ENABLED", "publish/subscribe engine"),
    _q("PSNPMSG", Choice(("DISCARD", "KEEP")), "DISCARD", "undeliverable non-persistent input"),
    _q("PSNPRES", Choice(("NORMAL", "SAFE", "DISCARD")), "NORMAL",
       "undeliverable non-persistent replies"),
    _q("PSRTYCNT", Integer(0, 999_999_999), 5, "retries of a failed publish/subscribe command"),
    _q("PSSYNCPT", Choice(("IFPER", "YES")), "IFPER", "sync point for publications"),
    _q("RCVTIME", Integer(0, 999_999_999), 0, "receive time-out"),
    _q("RCVTMIN", Integer(0, 999_999), 0, "shortest receive time-out in s"),
    _q("RCVTTYPE", Choice(("MULTIPLY", "ADD", "EQUAL")), "MULTIPLY", "how RCVTIME applies"),
    _q("REMOTEEV", _EV, "DISABLED", "remote error events"),
    _q("REPOS", Text(48), "", "cluster of which this is a full repository"),
    _q("REPOSNL", Text(48), "", "namelist of such clusters"),
    _q("REVDNS", _EV, "ENABLED", "reverse DNS look-up of connection names"),
    _q("ROUTEREC", Choice(("DISABLED", "MSG", "QUEUE")), "MSG", "trace-route information"),
    _q("SCYCASE", Choice(("UPPER", "MIXED")), "UPPER", "case of security profiles"),
    _q("SQQMNAME", Choice(("USE", "IGNORE")), "USE", "shared queue queue-manager name"),
    _q("SSLCRLNL", Text(48), "", "namelist of AUTHINFO objects for revocation checks"),
    _q("SSLEV", _EV, "DISABLED", "TLS events"),
    _q("SSLFIPS", Choice(("NO", "YES")), "NO", "FIPS-certified algorithms only"),
    _q("SSLKEYR", Text(256), "", "key ring"),
    _q("SSLRKEYC", Integer(0, 999_999_999), 0, "bytes before secret keys are renegotiated"),
    _q("SSLTASKS", Integer(0, 9999), 0, "TLS server subtasks"),
    _q("STATACLS", Choice(("QMGR", *_LEVELS)), "QMGR",
       "statistics of auto-defined cluster-senders"),
    _q("STATCHL", Choice(("NONE", *_LEVELS)), "OFF", "channel statistics"),
    _q("STRSTPEV", _EV, "ENABLED", "start and stop events"),
    _q("SUITEB", Choice(("NONE", "128_BIT", "192_BIT")), "NONE", "Suite B cryptography"),
    _q("TCPCHL", Integer(0, 9999), 200, "most TCP/IP channels"),
    _q("TCPKEEP", Choice(("NO", "YES")), "NO", "TCP keepalive"),
    _q("TCPNAME", Text(8), "TCPIP", "TCP/IP system name"),
    _q("TCPSTACK", Choice(("SINGLE", "MULTIPLE")), "SINGLE", "TCP/IP stacks"),
    _q("TRAXSTR", Choice(("YES", "NO")), "YES", "start the channel initiator trace"),
    _q("TRAXTBL", Integer(2, 2048), 2, "channel initiator trace table size in MB"),
    _q("TREELIFE", Integer(0, 604_000), 1800, "lifetime of non-administrative topics in s"),
    _q("TRIGINT", Integer(0, 999_999_999), 999_999_999, "trigger interval in ms"),
)

QMGR = table(
    K("QMNAME", Name(NameRule.QMGR, 4), width=4, help="queue manager name",
      verified="[DOC-MSGS] (CSQM409I example)"),
    K("QSGNAME", Text(4), default="", width=4, help="queue sharing group"),
    K("PLATFORM", Choice(("MVS",)), default="MVS", width=10, help="operating system"),
    K("CMDLEVEL", Integer(0, 999), default=940, width=10, help="command level"),
    K("VERSION", Text(8), default="09040000", width=8, help="product version"),
    K("DESCR", Text(64), default="", width=64, help="description"),
    K("DEADQ", QNAME_OR_BLANK, default="", width=48, help="dead-letter queue",
      verified="[DOC-MSGS] (CSQM409I example), [DOC-SOURCES] (CSQINP2 sample)"),
    K("DEFXMITQ", QNAME_OR_BLANK, default="", width=48, help="default transmission queue"),
    K("COMMANDQ", QNAME, default="SYSTEM.COMMAND.INPUT", width=48, help="command queue"),
    K("MAXMSGL", Integer(32768, 104_857_600), default=104_857_600, width=10,
      help="largest message (fixed at 100 MB on z/OS)",
      verified="storage rule CF-2 (docs/storage.md#storage-rules)"),
    K("CCSID", Integer(1, 65535), default=500, width=10, help="coded character set"),
    # Shown, never set: the "queue manager system attributes" of IBM's DISPLAY QMGR that z/OS
    # has and ALTER QMGR does not take. Values for a queue manager without IBM MQ Advanced for
    # z/OS VUE: priorities 0-9, CPI level 100, syncpoint available, no Advanced or AMS
    # capability (the values are UNVERIFIED).
    K("MAXPRTY", Integer(0, 9), default=9, width=10, help="highest message priority",
      verified="DISPLAY QMGR (system attributes)"),
    K("CPILEVEL", Integer(0, 999), default=100, width=10, help="CPI level",
      verified="DISPLAY QMGR (system attributes, z/OS only)"),
    K("SYNCPT", Flag(), default=True, width=6, help="syncpoint is available",
      verified="DISPLAY QMGR (system attributes)"),
    K("ADVCAP", Choice(("ENABLED", "DISABLED")), default="DISABLED", width=10,
      help="IBM MQ Advanced capabilities", verified="DISPLAY QMGR (system attributes)"),
    K("SPLCAP", Choice(("ENABLED", "DISABLED")), default="DISABLED", width=10,
      help="Advanced Message Security capability", verified="DISPLAY QMGR (system attributes)"),
    *_ZOS_ATTRIBUTES,
    K("ALTDATE", Text(12), width=12, help="date of the last change"),
    K("ALTTIME", Text(8), width=8, help="time of the last change"),
)
QMGR_SETTABLE = ("DESCR", "DEADQ", "DEFXMITQ", "CCSID", *(k.name for k in _ZOS_ATTRIBUTES))

FAMILY = Family(objtype="QMGR", attributes=QMGR, identity=("QMNAME",), reply="CSQM409I",
                settable=QMGR_SETTABLE)

FAMILIES = {"QMGR": FAMILY}

#: DISPLAY QMGR SYSTEM, EVENT, CHINIT, CLUSTER and PUBSUB show groups of attributes (IBM MQ 9.3
#: "DISPLAY QMGR (display queue manager settings)": "queue manager system attributes", "event
#: control attributes", "distributed queuing attributes for z/OS", "cluster attributes",
#: "queue manager publish/subscribe attributes"). Each shows those of its names the catalog
#: has. SYSTEM and EVENT are the diagram's lists; CHINIT's is the diagram's up to OPORTMIN
#: and UNVERIFIED after it; CLUSTER's and PUBSUB's are UNVERIFIED.
QMGR_GROUPS: Mapping[str, tuple[str, ...]] = {
    "SYSTEM": ("ACCTCONO", "ACCTINT", "ACCTMQI", "ACCTQ", "ACTIVREC", "ACTVCONO", "ACTVTRC",
               "ADVCAP", "ALTDATE", "AMQPCAP", "ALTTIME", "CCSID", "CFCONLOS", "CMDLEVEL",
               "COMMANDQ", "CONNAUTH", "CPILEVEL", "CRDATE", "CRTIME", "CUSTOM", "DEADQ",
               "DESCR", "DISTL", "EXPRYINT", "GROUPUR", "IMGINTVL", "IMGLOGLN", "IMGRCOVO",
               "IMGRCOVQ", "IMGSCHED", "INITKEY", "MARKINT", "MAXHANDS", "MAXMSGL",
               "MAXPROPL", "MAXPRTY", "MAXUMSGS", "MONQ", "PLATFORM", "QMNAME", "QSGNAME",
               "ROUTEREC", "SCMDSERV", "SCYCASE", "SPLCAP", "SQQMNAME", "STATINT", "STATMQI",
               "STATQ", "SYNCPT", "TRIGINT", "VERSION", "XRCAP"),
    "EVENT": ("AUTHOREV", "BRIDGEEV", "CHLEV", "CMDEV", "CONFIGEV", "INHIBTEV", "LOCALEV",
              "LOGGEREV", "PERFMEV", "REMOTEEV", "SSLEV", "STRSTPEV"),
    "CHINIT": ("ACTCHL", "ADOPTCHK", "ADOPTMCA", "CERTLABL", "CERTQSGL", "CHADEXIT",
               "CHIADAPS", "CHIDISPS", "CHISERVP", "CHLAUTH", "CHLEV", "DEADQ", "DEFXMITQ",
               "DNSGROUP", "DNSWLM", "IGQ", "IGQAUT", "IGQUSER", "IPADDRV", "LSTRTMR",
               "LUGROUP", "LUNAME", "LU62ARM", "LU62CHL", "MAXCHL", "MONACLS", "MONCHL",
               "OPORTMAX", "OPORTMIN", "RCVTIME", "RCVTMIN", "RCVTTYPE", "SSLCRLNL",
               "SSLKEYR", "SSLRKEYC", "SSLTASKS", "STATACLS", "STATCHL", "TCPCHL", "TCPKEEP",
               "TCPNAME", "TCPSTACK", "TRAXSTR", "TRAXTBL"),
    "CLUSTER": ("CLWLDATA", "CLWLEXIT", "CLWLLEN", "CLWLMRUC", "CLWLUSEQ", "PSCLUS", "REPOS",
                "REPOSNL"),
    "PUBSUB": ("PARENT", "PSCLUS", "PSMODE", "PSNPMSG", "PSNPRES", "PSRTYCNT", "PSSYNCPT",
               "TREELIFE"),
}

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec("DISPLAY", "QMGR", None,
          A.merged(A.table(A.ALL, A.CMDSCOPE), A.table(*(
              K(group, Flag(), help=f"the {group.lower()} attributes",
                verified="DISPLAY QMGR (display queue manager settings)")
              for group in QMGR_GROUPS))), S_2CR, "CSQMDRTS",
          name_required=False, requestable=frozenset(QMGR),
          verified="[DOC-MSGS] (CSQMDRTS), [DOC-MSGS] (CSQM409I)", help="show queue manager attributes"),
    CommandSpec("ALTER", "QMGR", None, A.pick(QMGR, QMGR_SETTABLE), S_2CR, "CSQMAQMG",
          name_required=False, verified="[DOC-SOURCES] (CSQINP2 sample has ALTER QMGR)",
          help="change queue manager attributes"),
    CommandSpec("START", "QMGR", None,
          A.table(K("PARM", Text(8), help="system parameter module (accepted, not used)")),
          frozenset({Source.CONSOLE}), "CSQYASCP", name_required=False,
          verified="[DOC-MSGS] (CSQYASCP)", help="start the queue manager (restart)"),
    CommandSpec("STOP", "QMGR", None,
          A.table(K("MODE", Choice(("QUIESCE", "FORCE", "RESTART")), default="QUIESCE",
                    help="how to stop")),
          S_CR, "CSQYASCP", name_required=False, verified="secondary sources example",
          help="stop the queue manager"),
)
