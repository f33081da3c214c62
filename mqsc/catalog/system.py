"""System, log, security, trace and status commands of IBM MQ 9.4 for z/OS (MQSC reference, each
command's page): the command server (START / STOP / DISPLAY CMDSERV), DISPLAY LOG, and the
commands whose facility the simulation does not have (answered by mqsc/catalog/absent.py):
DISPLAY SYSTEM / ARCHIVE / SECURITY / TRACE / CONN / THREAD / PUBSUB /
SMDS / SMDSCONN, SET LOG / ARCHIVE / SYSTEM, ARCHIVE LOG, RECOVER BSDS, START / STOP / ALTER
TRACE, ALTER / REFRESH / RVERIFY SECURITY, RESOLVE INDOUBT, RESET QSTATS / TPIPE / SMDS,
REFRESH QMGR, ALTER SMDS, START / STOP SMDSCONN, DEFINE LOG, DEFINE MAXSMSGS.

Keyword lists are the documented ones; value kinds are kept loose (text) where a value is not
used by the simulation, so a valid deck is never refused for a value mqsc does not model.
"""

from __future__ import annotations

from mqsc.catalog import common
from mqsc.catalog.common import MAX9, NO_YES, K, table
from mqsc.catalog.model import (
    S_2CR,
    S_12CR,
    S_CR,
    Choice,
    CommandSource,
    CommandSpec,
    Flag,
    Integer,
    Name,
    NameList,
    NameRule,
    ObjectType,
    Text,
)

OBJECT_TYPES = (
    ObjectType("CMDSERV", ("CS",), "the command server", rank=80),
    ObjectType("LOG", (), "the recovery log", rank=81),
    ObjectType("ARCHIVE", (), "archive log parameters", rank=82),
    ObjectType("SYSTEM", (), "system parameters", rank=83),
    ObjectType("SECURITY", ("SEC",), "security settings", rank=84),
    ObjectType("TRACE", (), "traces", rank=85),
    ObjectType("CONN", (), "connections (DISPLAY)", rank=86),
    ObjectType("GROUP", (), "the queue sharing group (DISPLAY)", rank=99),
    ObjectType("THREAD", ("THD",), "threads (DISPLAY)", rank=87),
    ObjectType("INDOUBT", (), "in-doubt units of recovery (RESOLVE)", rank=88),
    ObjectType("BSDS", (), "the bootstrap data set (RECOVER)", rank=89),
    ObjectType("QSTATS", (), "queue performance statistics (RESET)", rank=90),
    ObjectType("TPIPE", (), "an IMS bridge transaction pipe (RESET)", rank=91),
    ObjectType("SMDS", (), "shared message data sets", rank=92),
    ObjectType("SMDSCONN", (), "connections to shared message data sets", rank=93),
    ObjectType("PUBSUB", (), "publish/subscribe status (DISPLAY)", rank=94),
    ObjectType("SBSTATUS", ("SBS",), "subscription status (DISPLAY)", rank=95),
    ObjectType("TPSTATUS", ("TPS",), "topic status (DISPLAY)", rank=96),
    ObjectType("MAXSMSGS", (), "most messages in one unit of work (DEFINE)", rank=98),
    ObjectType("TOPICSTR", (), "retained publications of a topic string (CLEAR)", rank=100),
)

_T = Text(256)  # a value the simulation does not use: any text, checked only for length
_GENERIC48 = Name(NameRule.QUEUE, 48, generic=True)
_SCOPE = table(common.CMDSCOPE)
# CLASS, DEST, IFCID, RMID, TNO and USERID each take a list (START TRACE(STAT) CLASS(1,2),
# DEST(GTF,SMF); IBM MQ for z/OS "START TRACE"); how many items each takes is UNVERIFIED.
_TRACE = table(
    common.CMDSCOPE,
    K(
        "CLASS",
        NameList(NameRule.ANY, 8, 32),
        help="trace classes: *, numbers or ranges m:n",
        verified="START TRACE (z/OS): a list",
    ),
    K("COMMENT", Text(120), help="comment for the trace"),
    K(
        "DEST",
        NameList(NameRule.ANY, 8, 4),
        help="destinations (GTF, SMF, RES, SRV)",
        verified="START TRACE (z/OS): a list",
    ),
    K("IFCID", NameList(NameRule.ANY, 8, 32), help="instrumentation ids"),
    K("RMID", NameList(NameRule.ANY, 8, 32), help="resource manager ids"),
    K("TNO", NameList(NameRule.ANY, 8, 32), help="trace numbers"),
    K("USERID", NameList(NameRule.ANY, 8, 32), help="user ids"),
)
_SYSTEM = table(
    *(
        K(name, _T, help="system parameter")
        for name in (
            "ACELIM",
            "CTHREAD",
            "EXCLMSG",
            "IDBACK",
            "IDFORE",
            "LOGLOAD",
            "OTMACON",
            "SERVICE",
            "SMFACCT",
            "SMFSTAT",
            "STATIME",
            "TRACTBL",
            "WLMTIME",
            "WLMTIMU",
            "ACCTIME",
            "CMDUSER",
            "RESAUDIT",
            "ROUTCDE",
            "SMFINTVL",
            "TRACSTR",
        )
    ),
    common.CMDSCOPE,
    K("DEFAULT", Flag(), help="reset to the parameter module's values"),
)
_LOGP = table(
    *(
        K(name, _T, help="log parameter")
        for name in (
            "COMPLOG",
            "DEALLCT",
            "MAXARCH",
            "MAXCNOFF",
            "MAXRTU",
            "ZHYWRITE",
            "WRTHRSH",
            "OFFLOAD",
            "TWOACTV",
            "TWOARCH",
            "TWOBSDS",
            "DUALACTV",
        )
    ),
    common.CMDSCOPE,
    K("DEFAULT", Flag(), help="reset to the parameter module's values"),
)
_ARCP = table(
    *(
        K(name, _T, help="archive parameter")
        for name in (
            "ALCUNIT",
            "ARCPFX1",
            "ARCPFX2",
            "ARCRETN",
            "ARCWRTC",
            "ARCWTOR",
            "BLKSIZE",
            "CATALOG",
            "COMPACT",
            "PRIQTY",
            "PROTECT",
            "QUIESCE",
            "SECQTY",
            "TSTAMP",
            "UNIT",
            "UNIT2",
        )
    ),
    common.CMDSCOPE,
    K("DEFAULT", Flag(), help="reset to the parameter module's values"),
)

FAMILIES: dict = {}


def _absent(
    verb: str,
    objtype: str,
    facility: str,
    keywords=_SCOPE,
    *,
    name=None,
    sources=S_CR,
    csect: str = "CSQMDRTS",
    help: str = "",
    required=(),
    name_required: bool = False,
    requestable=frozenset(),
    verified: str = "",
) -> CommandSpec:
    return CommandSpec(
        verb,
        objtype,
        name,
        keywords,
        sources,
        csect,
        name_required=name_required,
        required=required,
        requestable=requestable,
        verified=verified or f"{verb} {objtype} (IBM MQ 9.4 for z/OS)",
        help=help,
        facility=facility,
    )


SPECS: tuple[CommandSpec, ...] = (
    # ---- the command server: executed ------------------------------------------------------
    CommandSpec(
        "START",
        "CMDSERV",
        None,
        table(),
        frozenset({CommandSource.CSQINP1, CommandSource.CSQINP2, CommandSource.CONSOLE}),
        "CSQNCMDS",
        name_required=False,
        verified="START CMDSERV (z/OS), 12C; CSQN001I",
        help="start the command server",
    ),
    CommandSpec(
        "STOP",
        "CMDSERV",
        None,
        table(),
        frozenset({CommandSource.CSQINP1, CommandSource.CSQINP2, CommandSource.CONSOLE}),
        "CSQNCMDS",
        name_required=False,
        verified="STOP CMDSERV (z/OS), 12C; CSQN005I",
        help="stop the command server",
        simplified="the state changes and DISPLAY CMDSERV shows it; commands sent "
        "through mqsc's command-server framing are still processed",
    ),
    CommandSpec(
        "DISPLAY",
        "CMDSERV",
        None,
        table(),
        frozenset({CommandSource.CSQINP1, CommandSource.CSQINP2, CommandSource.CONSOLE}),
        "CSQNCMDS",
        name_required=False,
        verified="DISPLAY CMDSERV (z/OS), 12C; CSQN011I-CSQN015I",
        help="command server status",
    ),
    # ---- the recovery log: executed from the log the store keeps ---------------------------
    CommandSpec(
        "DISPLAY",
        "LOG",
        None,
        _SCOPE,
        S_CR,
        "CSQJC001",
        name_required=False,
        verified="DISPLAY LOG (z/OS), CR",
        help="log status: data set, RBAs",
        simplified="one summary line (CSQJ370I) from the simulated recovery log: the "
        "current active log data set, its latest RBA and the restart RBA; no "
        "parameter table, no offload task",
    ),
    _absent(
        "DEFINE",
        "LOG",
        "ARCHIVE",
        table(
            K("DSNAME", Name(NameRule.DSN, 44), help="active log data set"),
            K("COPY", Integer(1, 2), help="log copy"),
        ),
        sources=S_CR,
        csect="CSQJC001",
        required=("DSNAME", "COPY"),
        help="add an active log data set",
    ),
    _absent(
        "SET",
        "LOG",
        "PARAMETERS",
        _LOGP,
        sources=S_12CR,
        csect="CSQJC001",
        help="change log parameters",
    ),
    _absent("DISPLAY", "ARCHIVE", "ARCHIVE", csect="CSQJC001", help="archive status"),
    _absent(
        "SET",
        "ARCHIVE",
        "PARAMETERS",
        _ARCP,
        sources=S_12CR,
        csect="CSQJC001",
        help="change archive parameters",
    ),
    _absent(
        "ARCHIVE",
        "LOG",
        "ARCHIVE",
        table(
            common.CMDSCOPE,
            K("MODE", Choice(("QUIESCE",)), help="quiesce update activity first"),
            K("TIME", Integer(1, 999), help="seconds to quiesce"),
            K("WAIT", NO_YES, help="wait for the quiesce"),
            K("CANCEL", Choice(("OFFLOAD",)), help="cancel an offload"),
        ),
        csect="CSQJC001",
        help="switch the active log and archive it",
    ),
    _absent("RECOVER", "BSDS", "ARCHIVE", table(), csect="CSQJC001", help="re-establish dual BSDS"),
    # ---- the queue sharing group: executed from the group the simulation keeps -------------
    CommandSpec(
        "DISPLAY",
        "GROUP",
        None,
        table(
            common.CMDSCOPE,
            K("OBSMSGS", NO_YES, default="NO", help="also look for obsolete messages in Db2"),
        ),
        S_2CR,
        "CSQ5DQSG",
        name_required=False,
        verified="DISPLAY GROUP (IBM MQ for z/OS), 2CR: valid only in a queue sharing "
        "group; reports the group's name, its members and whether all are active",
        help="queue sharing group members and their status",
        simplified="the report's layout is one line per fact (MQSC350I, MQSC352I, "
        "MQSC353I; UNVERIFIED layout); OBSMSGS(YES) finds none (no Db2 messages)",
    ),
    # ---- system parameters -----------------------------------------------------------------
    _absent("DISPLAY", "SYSTEM", "PARAMETERS", help="system parameters"),
    _absent(
        "SET",
        "SYSTEM",
        "PARAMETERS",
        _SYSTEM,
        sources=S_12CR,
        csect="CSQJC001",
        help="change system parameters",
    ),
    _absent(
        "DEFINE",
        "MAXSMSGS",
        "PARAMETERS",
        _SCOPE,
        name=Integer(1, MAX9),
        sources=S_12CR,
        csect="CSQMDMSG",
        name_required=True,
        help="most messages one unit of work may put or get",
    ),
    # ---- security and trace ----------------------------------------------------------------
    _absent(
        "DISPLAY",
        "SECURITY",
        "SECURITY",
        table(
            common.CMDSCOPE,
            common.ALL,
            K("INTERVAL", Flag()),
            K("SWITCHES", Flag()),
            K("TIMEOUT", Flag()),
        ),
        sources=S_12CR,
        help="security settings",
    ),
    _absent(
        "ALTER",
        "SECURITY",
        "SECURITY",
        table(common.CMDSCOPE, K("INTERVAL", Integer(0, 10080)), K("TIMEOUT", Integer(0, 10080))),
        sources=S_12CR,
        help="change security timeouts",
    ),
    # REFRESH SECURITY(* | a RACF class) TYPE(CLASSES | SSL | CONNAUTH); AUTHSERV is not
    # valid on z/OS (IBM MQ 9.4 "REFRESH SECURITY (refresh security settings)"). TYPE(SSL)
    # needs the channel initiator (the page's command sources table): mqsc/engine/families/system.py.
    _absent(
        "REFRESH",
        "SECURITY",
        "SECURITY",
        table(
            common.CMDSCOPE,
            K(
                "TYPE",
                Choice(("CLASSES", "SSL", "CONNAUTH")),
                help="what to refresh",
                verified="REFRESH SECURITY (z/OS)",
            ),
        ),
        name=Choice(
            (
                "*",
                "MQADMIN",
                "MQNLIST",
                "MQPROC",
                "MQQUEUE",
                "MXADMIN",
                "MXNLIST",
                "MXPROC",
                "MXQUEUE",
                "MXTOPIC",
            )
        ),
        sources=S_2CR,
        help="refresh RACF profiles",
    ),
    # RVERIFY SECURITY(userids...): "You must specify one or more user IDs" (IBM MQ for z/OS
    # "RVERIFY SECURITY"); how many is UNVERIFIED.
    _absent(
        "RVERIFY",
        "SECURITY",
        "SECURITY",
        _SCOPE,
        name=NameList(NameRule.ANY, 8, 256),
        name_required=True,
        sources=S_2CR,
        help="reverify users",
    ),
    _absent(
        "DISPLAY",
        "TRACE",
        "TRACE",
        common.merged(_TRACE, table(K("DETAIL", Text(8)))),
        name=Text(8),
        sources=S_12CR,
        help="active traces",
    ),
    _absent("START", "TRACE", "TRACE", _TRACE, name=Text(8), sources=S_12CR, help="start a trace"),
    _absent("STOP", "TRACE", "TRACE", _TRACE, name=Text(8), sources=S_12CR, help="stop a trace"),
    _absent("ALTER", "TRACE", "TRACE", _TRACE, name=Text(8), sources=S_12CR, help="change a trace"),
    # ---- connections, threads, units of recovery -------------------------------------------
    _absent(
        "DISPLAY",
        "CONN",
        "ADAPTERS",
        table(common.CMDSCOPE, common.ALL, K("TYPE", Choice(("CONN", "HANDLE", "ALL")))),
        name=Name(NameRule.ANY, 32, generic=True),
        name_required=True,
        help="connections to the queue manager",
    ),
    _absent(
        "DISPLAY",
        "THREAD",
        "ADAPTERS",
        table(
            common.CMDSCOPE,
            K("TYPE", Choice(("ACTIVE", "INDOUBT", "REGIONS", "*"))),
            K("QMNAME", Text(48)),
        ),
        name=Text(64),
        sources=S_CR,
        help="threads of connected adapters",
    ),
    _absent(
        "RESOLVE",
        "INDOUBT",
        "ADAPTERS",
        table(
            common.CMDSCOPE,
            K("ACTION", Choice(("COMMIT", "BACKOUT"))),
            K("NID", Text(64)),
            K("QMNAME", Text(48)),
        ),
        name=Text(64),
        name_required=True,
        required=("ACTION",),
        help="resolve in-doubt units of recovery",
    ),
    _absent(
        "RESET",
        "TPIPE",
        "IMSBRIDGE",
        table(
            common.CMDSCOPE,
            K("ACTION", Choice(("COMMIT", "BACKOUT"))),
            K("SENDSEQ", Text(16)),
            K("RCVSEQ", Text(16)),
            K("XCFGNAME", Text(8)),
            K("XCFMNAME", Text(16)),
        ),
        name=Text(8),
        name_required=True,
        help="reset an IMS bridge transaction pipe",
    ),
    # ---- statistics and events -------------------------------------------------------------
    _absent(
        "RESET",
        "QSTATS",
        "EVENTS",
        _SCOPE,
        name=_GENERIC48,
        name_required=True,
        help="queue performance statistics (reported and reset)",
    ),
    _absent(
        "REFRESH",
        "QMGR",
        "EVENTS",
        table(
            common.CMDSCOPE,
            K("TYPE", Choice(("CONFIGEV", "EARLY", "EXPIRY", "PROXYSUB"))),
            K("INCLINT", Integer(0, 999999)),
            K("NAME", _GENERIC48),
            K("OBJECT", Text(16)),
        ),
        sources=S_2CR,
        help="refresh events or expiry",
    ),
    # ---- publish/subscribe status ----------------------------------------------------------
    _absent(
        "DISPLAY",
        "PUBSUB",
        "PUBSUB",
        table(common.CMDSCOPE, common.ALL, K("TYPE", Choice(("ALL", "CHILD", "LOCAL", "PARENT")))),
        requestable=frozenset(("PUBCOUNT", "STATUS", "SUBCOUNT", "SUBID")),
        help="publish/subscribe status",
    ),
    _absent(
        "CLEAR",
        "TOPICSTR",
        "PUBSUB",
        table(
            common.CMDSCOPE,
            K("CLRTYPE", Choice(("RETAINED",)), help="what to clear"),
            K("SCOPE", Choice(("LOCAL",)), default="LOCAL", help="where"),
        ),
        name=Text(256),
        name_required=True,
        sources=S_2CR,
        required=("CLRTYPE",),
        help="remove the retained publication of a topic string",
    ),
    _absent(
        "RESET",
        "QMGR",
        "PUBSUB",
        table(
            common.CMDSCOPE,
            K("TYPE", Choice(("PUBSUB",)), help="what to reset"),
            K("CHILD", Text(48), help="child queue manager to remove"),
            K("PARENT", Text(48), help="parent queue manager to remove"),
        ),
        sources=S_2CR,
        required=("TYPE",),
        help="remove a queue manager from a publish/subscribe hierarchy",
    ),
    # ---- shared message data sets ----------------------------------------------------------
    _absent(
        "DISPLAY",
        "SMDS",
        "SMDS",
        table(common.CMDSCOPE, K("CFSTRUCT", _GENERIC48)),
        name=Text(4),
        name_required=True,
        help="shared message data sets",
    ),
    _absent(
        "ALTER",
        "SMDS",
        "SMDS",
        table(K("CFSTRUCT", Text(12)), K("DSBUFS", Text(8)), K("DSEXPAND", Text(8))),
        name=Text(4),
        name_required=True,
        required=("CFSTRUCT",),
        help="change shared message data set parameters",
    ),
    _absent(
        "RESET",
        "SMDS",
        "SMDS",
        table(
            K("CFSTRUCT", Text(12)),
            K("ACCESS", Choice(("ENABLED", "DISABLED"))),
            K("STATUS", Choice(("FAILED", "RECOVERED"))),
        ),
        name=Text(4),
        name_required=True,
        required=("CFSTRUCT",),
        help="change a shared message data set's availability",
    ),
    _absent(
        "DISPLAY",
        "SMDSCONN",
        "SMDS",
        table(common.CMDSCOPE, K("CFSTRUCT", _GENERIC48)),
        name=Text(4),
        name_required=True,
        help="connections to shared message data sets",
    ),
    _absent(
        "START",
        "SMDSCONN",
        "SMDS",
        table(common.CMDSCOPE, K("CFSTRUCT", Text(12))),
        name=Text(4),
        name_required=True,
        help="connect to shared message data sets",
    ),
    _absent(
        "STOP",
        "SMDSCONN",
        "SMDS",
        table(common.CMDSCOPE, K("CFSTRUCT", Text(12))),
        name=Text(4),
        name_required=True,
        help="disconnect from shared message data sets",
    ),
)
