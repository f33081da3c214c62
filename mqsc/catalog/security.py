"""IBM MQ for z/OS security as tables: the security switches and their profiles, the RACF
class each kind of check uses, the access each command and each open option needs, and the
security parameters' defaults. :mod:`mqsc.engine.security` reads them.

Sources: IBM MQ for z/OS "Switch profiles" ("Profiles to control subsystem security",
"Profiles to control queue sharing group or queue manager level security", "Resource level
checks"), "Profiles for command security", "Profiles for command resource security",
"API-resource security access quick reference" [DOC-SECAPIQR], "Profiles for context
security" [DOC-SECCTX], "Profiles for processes" [DOC-SECPROC] (MQNLIST's profiles are taken
to be as MQPROC's: IBM's "Profiles for namelists" was not seen), "User IDs checked for batch
connections" [DOC-SECBATCHIDS], "AlternateUserId (MQCHAR12)" [DOC-ALTUSERID], "Security
considerations for the IBM MQ Console and REST API on z/OS" [DOC-MQWEBZOS], "Displaying
security status", and IBM's z/OS MQ security lab (start-up messages, [LAB-SECURITY]).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True, slots=True)
class Switch:
    """A security switch.

    Attributes:
        name: how CSQH021I/CSQH031I name it (``ALTERNATE USER``).
        profile: the switch profile after ``hlq.NO.`` (``ALTERNATE.USER.CHECKS``).
        check: the kind of check it switches (the keys of :data:`CLASSES`), '' for the
            subsystem and level switches.
        qsg_only: only queue sharing group members have it (QMGR, QSG).

    """

    name: str
    profile: str
    check: str = ""
    qsg_only: bool = False


SUBSYSTEM = Switch("SUBSYSTEM", "SUBSYS.SECURITY")
QMGR_LEVEL = Switch("QMGR", "QMGR.CHECKS", qsg_only=True)
QSG_LEVEL = Switch("QSG", "QSG.CHECKS", qsg_only=True)

#: The resource switches in the order the queue manager reports them at start-up (IBM's
#: security lab: CSQH021I/CSQH024I from CSQHINIT).
RESOURCE_SWITCHES: tuple[Switch, ...] = (
    Switch("CONNECTION", "CONNECT.CHECKS", "connection"),
    Switch("COMMAND", "CMD.CHECKS", "command"),
    Switch("CONTEXT", "CONTEXT.CHECKS", "context"),
    Switch("ALTERNATE USER", "ALTERNATE.USER.CHECKS", "alternate-user"),
    Switch("COMMAND RESOURCES", "CMD.RESC.CHECKS", "command-resource"),
    Switch("PROCESS", "PROCESS.CHECKS", "process"),
    Switch("NAMELIST", "NLIST.CHECKS", "namelist"),
    Switch("QUEUE", "QUEUE.CHECKS", "queue"),
    Switch("TOPIC", "TOPIC.CHECKS", "topic"),
)
#: Every switch, in start-up order.
SWITCHES: tuple[Switch, ...] = (SUBSYSTEM, QMGR_LEVEL, QSG_LEVEL, *RESOURCE_SWITCHES)
#: The order DISPLAY SECURITY lists them in (IBM's "Displaying security status" figure).
DISPLAY_ORDER: tuple[str, ...] = (
    "SUBSYSTEM",
    "QMGR",
    "QSG",
    "CONNECTION",
    "COMMAND",
    "CONTEXT",
    "ALTERNATE USER",
    "PROCESS",
    "NAMELIST",
    "QUEUE",
    "TOPIC",
    "COMMAND RESOURCES",
)
BY_CHECK: Mapping[str, Switch] = MappingProxyType({s.check: s for s in RESOURCE_SWITCHES})

#: The RACF class of each kind of check: (uppercase class, mixed-case class). Topics are
#: MXTOPIC in both; commands and connections have no mixed-case class.
CLASSES: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "connection": ("MQCONN", "MQCONN"),
        "command": ("MQCMDS", "MQCMDS"),
        "command-resource": ("MQADMIN", "MXADMIN"),
        "context": ("MQADMIN", "MXADMIN"),
        "alternate-user": ("MQADMIN", "MXADMIN"),
        "reslevel": ("MQADMIN", "MXADMIN"),
        "process": ("MQPROC", "MXPROC"),
        "namelist": ("MQNLIST", "MXNLIST"),
        "queue": ("MQQUEUE", "MXQUEUE"),
        "topic": ("MXTOPIC", "MXTOPIC"),
    }
)
#: The classes MQ itself keeps profiles of in storage, that REFRESH SECURITY refreshes
#: ("Refreshing queue manager security on z/OS"); MQCMDS and MQCONN are not among them.
CACHED_CLASSES = frozenset(
    {
        "MQADMIN",
        "MXADMIN",
        "MQPROC",
        "MXPROC",
        "MQNLIST",
        "MXNLIST",
        "MQQUEUE",
        "MXQUEUE",
        "MXTOPIC",
    }
)
#: The resource switch each REFRESH SECURITY class belongs to (MQADMIN: the switches
#: themselves and the MQADMIN checks).
REFRESH_SWITCH: Mapping[str, str] = MappingProxyType(
    {
        "MQQUEUE": "QUEUE",
        "MXQUEUE": "QUEUE",
        "MQPROC": "PROCESS",
        "MXPROC": "PROCESS",
        "MQNLIST": "NAMELIST",
        "MXNLIST": "NAMELIST",
        "MXTOPIC": "TOPIC",
    }
)

#: Access a command needs in MQCMDS, by verb; any verb not here needs CONTROL (IBM MQ,
#: "Profiles for command security": DISPLAY READ; DEFINE, ALTER, DELETE, CLEAR, MOVE,
#: REFRESH, RVERIFY ALTER; START, STOP, SET and the other operations CONTROL, as IBM's lab
#: permits them).
COMMAND_ACCESS: Mapping[str, str] = MappingProxyType(
    {
        "DISPLAY": "READ",
        "DEFINE": "ALTER",
        "ALTER": "ALTER",
        "DELETE": "ALTER",
        "CLEAR": "ALTER",
        "MOVE": "ALTER",
        "REFRESH": "ALTER",
        "RVERIFY": "ALTER",
    }
)
DEFAULT_COMMAND_ACCESS = "CONTROL"
#: The pkw of a command's MQCMDS profile (hlq.verb.pkw), where it is not the object keyword:
#: DISPLAY of one queue type is DISPLAY QUEUE.
COMMAND_PKW: Mapping[tuple[str, str], str] = MappingProxyType(
    {("DISPLAY", t): "QUEUE" for t in ("QLOCAL", "QALIAS", "QMODEL", "QREMOTE", "QCLUSTER")}
)
#: Commands not checked: initialization (CSQINP1/CSQINP2) runs under the queue manager's own
#: authority, and START QMGR is the start itself.
UNCHECKED: frozenset[tuple[str, str]] = frozenset({("START", "QMGR")})

#: Command resource profile types (MQADMIN hlq.type.name), by object type of the command
#: ("Profiles for command resource security": QUEUE, PROCESS, NAMELIST, TOPIC, AUTHINFO,
#: CHANNEL). Other object types have no resource check.
RESOURCE_TYPES: Mapping[str, str] = MappingProxyType(
    {
        **{t: "QUEUE" for t in ("QLOCAL", "QALIAS", "QMODEL", "QREMOTE", "QUEUE")},
        "PROCESS": "PROCESS",
        "NAMELIST": "NAMELIST",
        "TOPIC": "TOPIC",
        "AUTHINFO": "AUTHINFO",
        "CHANNEL": "CHANNEL",
    }
)
#: Access a command resource check needs, by verb (IBM MQ Console's table: ALTER for
#: changes; CONTROL for operations on channels; DISPLAY commands have no resource check).
RESOURCE_ACCESS: Mapping[str, str] = MappingProxyType(
    {
        "DEFINE": "ALTER",
        "ALTER": "ALTER",
        "DELETE": "ALTER",
        "CLEAR": "ALTER",
        "MOVE": "ALTER",
        "START": "CONTROL",
        "STOP": "CONTROL",
        "PING": "CONTROL",
        "RESET": "CONTROL",
        "RESOLVE": "CONTROL",
    }
)

#: Access to the queue (MQQUEUE) each open option needs ("API-resource security access
#: quick reference"), by option.
QUEUE_ACCESS: Mapping[str, str] = MappingProxyType(
    {
        "INQUIRE": "READ",
        "BROWSE": "READ",
        "INPUT": "UPDATE",
        "SAVE_ALL_CONTEXT": "UPDATE",
        "OUTPUT": "UPDATE",
        "SET": "ALTER",
        # Topics (MXTOPIC hlq.PUBLISH.topic and hlq.SUBSCRIBE.topic, "Profiles for topic
        # security"; the access IBM's "Grant access to a user to publish to a topic" and
        # "... to subscribe to a topic" permit).
        "PUBLISH": "UPDATE",
        "SUBSCRIBE": "ALTER",
    }
)
#: Access to hlq.CONTEXT.queue each context option needs (same table).
CONTEXT_ACCESS: Mapping[str, str] = MappingProxyType(
    {
        "PASS_IDENTITY_CONTEXT": "READ",
        "PASS_ALL_CONTEXT": "READ",
        "SET_IDENTITY_CONTEXT": "UPDATE",
        "SET_ALL_CONTEXT": "CONTROL",
        "XMITQ": "CONTROL",
    }
)
#: The context options a program may give (MQOO_/MQPMO_ name without its prefix and
#: ``_CONTEXT``), with the :data:`CONTEXT_ACCESS` key each is checked by ('' no check:
#: "Profiles for context security": MQPMO_NO_CONTEXT, MQPMO_DEFAULT_CONTEXT and
#: MQOO_SAVE_ALL_CONTEXT make no context check).
CONTEXT_OPTIONS: Mapping[str, str] = MappingProxyType(
    {
        "NO": "",
        "DEFAULT": "",
        "SAVE_ALL": "",
        "PASS_IDENTITY": "PASS_IDENTITY_CONTEXT",
        "PASS_ALL": "PASS_ALL_CONTEXT",
        "SET_IDENTITY": "SET_IDENTITY_CONTEXT",
        "SET_ALL": "SET_ALL_CONTEXT",
    }
)
#: The longest alternate user id (MQOD AlternateUserId, MQCHAR12); the first
#: :data:`USERID_LENGTH` characters are the user the objects are checked for.
ALTERNATE_USER_LENGTH = 12
USERID_LENGTH = 8
#: Access to hlq.ALTERNATE.USER.userid that MQOO_ALTERNATE_USER_AUTHORITY needs.
ALTERNATE_USER_ACCESS = "UPDATE"
#: Access to the connection profile (hlq.BATCH, CICS, IMS, CHIN).
CONNECT_ACCESS = "READ"
#: RESLEVEL: access of the connecting address space's user to hlq.RESLEVEL at which MQ
#: checks no API resources ("RESLEVEL and batch connections": CONTROL or ALTER).
RESLEVEL_BYPASS = "CONTROL"

#: CSQ6SYSP's security parameters (DISPLAY SECURITY TIMEOUT, INTERVAL), in minutes: IBM's
#: defaults (TIMEOUT 30, INTERVAL 12; UNVERIFIED recollection of the CSQ6SYSP page).
DEFAULT_TIMEOUT = 30
DEFAULT_INTERVAL = 12
