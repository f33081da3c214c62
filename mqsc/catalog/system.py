"""System, security and status commands of IBM MQ 9.4 for z/OS (MQSC reference, each
command's page): the command server (START / STOP / DISPLAY CMDSERV), DISPLAY GROUP, and the
commands whose facility the simulation does not have (answered by mqsc/catalog/absent.py):
DISPLAY SECURITY, ALTER / REFRESH / RVERIFY SECURITY, RESET TPIPE, REFRESH QMGR. The log,
archive and system parameter commands are catalog/recoverylog.py's (the object types LOG,
ARCHIVE, SYSTEM, BSDS and MAXSMSGS stay here); connections and threads
catalog/connections.py's, queue statistics catalog/qstats.py's, shared message data sets
catalog/smds.py's, DISPLAY PUBSUB and CLEAR TOPICSTR catalog/topics.py's, the trace commands
catalog/trace.py's.

Keyword lists are the documented ones; value kinds are kept loose (text) where a value is not
used by the simulation, so a valid deck is never refused for a value mqsc does not model.
"""

from __future__ import annotations

from mqsc.catalog import common
from mqsc.catalog.common import NO_YES, K, table
from mqsc.catalog.model import (
    S_2CR,
    S_12CR,
    S_C,
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
    ObjectType("GROUP", (), "the queue sharing group (DISPLAY)", rank=99),
    ObjectType("BSDS", (), "the bootstrap data set (RECOVER)", rank=89),
    ObjectType("TPIPE", (), "an IMS bridge transaction pipe (RESET)", rank=91),
    ObjectType("SBSTATUS", ("SBS",), "subscription status (DISPLAY)", rank=95),
    ObjectType("TPSTATUS", ("TPS",), "topic status (DISPLAY)", rank=96),
    ObjectType("MAXSMSGS", (), "most messages in one unit of work (DEFINE)", rank=98),
)

_T = Text(256)  # a value the simulation does not use: any text, checked only for length
_REFRESH = "REFRESH QMGR (IBM MQ 9.4 for z/OS)"
_GENERIC48 = Name(NameRule.QUEUE, 48, generic=True)
_SCOPE = table(common.CMDSCOPE)

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
        S_12CR,
        "CSQNCMDS",
        name_required=False,
        verified="DISPLAY CMDSERV (IBM MQ 9.4 for z/OS): 'You can issue this command "
        "from sources 12CR'; CSQN011I-CSQN015I",
        help="command server status",
    ),
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
    # ---- security --------------------------------------------------------------------------
    # The security commands run against the switches and the in-storage profiles the queue
    # manager keeps (mqsc/engine/security.py); their module names: DISPLAY from IBM's
    # "Displaying security status" figure (CSQHPDTC), REFRESH from IBM's security lab
    # (CSQHSREF); ALTER (CSQHPATC) and RVERIFY (CSQHRVFY) UNVERIFIED.
    _absent(
        "DISPLAY",
        "SECURITY",
        "",
        table(
            common.CMDSCOPE,
            common.ALL,
            K("INTERVAL", Flag()),
            K("SWITCHES", Flag()),
            K("TIMEOUT", Flag()),
        ),
        sources=S_12CR,
        csect="CSQHPDTC",
        help="security settings",
    ),
    _absent(
        "ALTER",
        "SECURITY",
        "",
        table(common.CMDSCOPE, K("INTERVAL", Integer(0, 10080)), K("TIMEOUT", Integer(0, 10080))),
        sources=S_12CR,
        csect="CSQHPATC",
        help="change security timeouts",
    ),
    # REFRESH SECURITY(* | a RACF class) TYPE(CLASSES | SSL | CONNAUTH); AUTHSERV is not
    # valid on z/OS (IBM MQ 9.4 "REFRESH SECURITY (refresh security settings)"). TYPE(SSL)
    # needs the channel initiator (the page's command sources table):
    # mqsc/engine/families/system.py.
    _absent(
        "REFRESH",
        "SECURITY",
        "",
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
        csect="CSQHSREF",
        help="refresh RACF profiles",
    ),
    # RVERIFY SECURITY(userids...): "You must specify one or more user IDs" (IBM MQ for z/OS
    # "RVERIFY SECURITY"); how many is UNVERIFIED.
    _absent(
        "RVERIFY",
        "SECURITY",
        "",
        _SCOPE,
        name=NameList(NameRule.ANY, 8, 256),
        name_required=True,
        sources=S_2CR,
        csect="CSQHRVFY",
        help="reverify users",
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
    # REFRESH QMGR (IBM MQ 9.4, "REFRESH QMGR (refresh a queue manager)", table "REFRESH
    # QMGR command and command sources"): TYPE(CONFIGEV), TYPE(EXPIRY) and TYPE(PROXYSUB)
    # from 2CR, TYPE(EARLY) from the console only ("Queue manager must not be active").
    CommandSpec(
        "REFRESH",
        "QMGR",
        None,
        table(
            common.CMDSCOPE,
            K(
                "TYPE",
                Choice(("CONFIGEV", "EARLY", "EXPIRY", "PROXYSUB")),
                help="configuration events, early code, an expiry scan, or proxy subscriptions",
                verified=_REFRESH,
                value_sources={"EARLY": S_C},
            ),
            K(
                "INCLINT",
                Integer(0, 999999),
                help="minutes back for configuration events",
                verified=_REFRESH,
            ),
            K(
                "NAME",
                _GENERIC48,
                default="*",
                help="objects (queues) to include",
                verified=_REFRESH,
            ),
            K("OBJECT", Text(16), help="object type for configuration events", verified=_REFRESH),
        ),
        S_2CR,
        "CSQMREFR",
        name_required=False,
        required=("TYPE",),
        verified=_REFRESH,
        help="expiry scan, configuration events, proxy subscriptions or early code",
        simplified="TYPE(CONFIGEV) puts a Refresh Object event for each object it selects "
        "(docs/events.md), or fails as z/OS does while CONFIGEV is DISABLED; TYPE(EARLY) is "
        "refused while the queue manager runs, as z/OS refuses it, and a stopped one takes "
        "no command but START QMGR",
    ),
)
