"""The event messages mqsc writes: for each, IBM's event name, the reason code in its MQCFH,
its category (the MQCFH Command), its event queue, the queue manager attribute that switches
it on and the IBM page that lays out its data (IBM MQ, "Event message descriptions").

The engine (mqsc/engine/messaging/events.py) writes them; ``mqsc events`` names them back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mqsc.catalog import mqrc

_DOCS = "https://www.ibm.com/docs/en/ibm-mq/9.4.x?topic="
PERFM_QUEUE = "SYSTEM.ADMIN.PERFM.EVENT"
QMGR_QUEUE = "SYSTEM.ADMIN.QMGR.EVENT"
CHANNEL_QUEUE = "SYSTEM.ADMIN.CHANNEL.EVENT"
COMMAND_QUEUE = "SYSTEM.ADMIN.COMMAND.EVENT"
CONFIG_QUEUE = "SYSTEM.ADMIN.CONFIG.EVENT"
#: Every event queue, as CSQ4INSG defines them on z/OS.
QUEUES = (CHANNEL_QUEUE, COMMAND_QUEUE, CONFIG_QUEUE, PERFM_QUEUE, QMGR_QUEUE)


@dataclass(frozen=True, slots=True)
class EventType:
    """One kind of event message."""

    name: str  # IBM's event name ("Queue Depth High")
    reason: int  # the MQCFH Reason (MQRC_Q_DEPTH_HIGH)
    category: str  # the MQCFH Command (MQCMD_PERFM_EVENT)
    queue: str  # where it is put
    switch: str  # the ALTER QMGR attribute that enables it (PERFMEV)
    kind: str  # IBM's event type ("Performance", "Inhibit", "Local"...)
    page: str  # IBM's page of its event data (a topic of the "Event message descriptions")
    version: int = 1  # MQCFH Version: 2 for configuration events, 3 for command events

    @property
    def reason_name(self) -> str:
        return mqrc.name(self.reason)


def _e(
    name: str,
    reason: int,
    category: str,
    queue: str,
    switch: str,
    kind: str,
    topic: str,
    version: int = 1,
) -> EventType:
    # A page seen at its address is cited there; the others by the 9.4 topic of IBM's
    # "Event message descriptions" (the same naming as the pages seen).
    page = topic if topic.startswith("https:") else _DOCS + topic
    return EventType(name, reason, category, queue, switch, kind, page, version)


_PERF = ("MQCMD_PERFM_EVENT", PERFM_QUEUE, "PERFMEV", "Performance")
_CONFIG = ("MQCMD_CONFIG_EVENT", CONFIG_QUEUE, "CONFIGEV", "Configuration")
_CHANNEL = ("MQCMD_CHANNEL_EVENT", CHANNEL_QUEUE, "CHLEV", "Channel")

#: The events mqsc writes, by the reason code that identifies them.
EVENTS: Mapping[int, EventType] = {
    e.reason: e
    for e in (
        _e(
            "Queue Depth High",
            mqrc.MQRC_Q_DEPTH_HIGH,
            *_PERF,
            "https://www.ibm.com/docs/en/SSFKSJ_9.1.0/reference/q049960_.html",
        ),
        _e(
            "Queue Depth Low",
            mqrc.MQRC_Q_DEPTH_LOW,
            *_PERF,
            "https://www.ibm.com/docs/en/SSFKSJ_9.2.0/com.ibm.mq.ref.doc/q049970_.html",
        ),
        _e(
            "Queue Full",
            mqrc.MQRC_Q_FULL,
            *_PERF,
            "https://www.ibm.com/docs/en/SSFKSJ_9.2.0/com.ibm.mq.ref.doc/q049980_.html",
        ),
        _e(
            "Queue Service Interval High",
            mqrc.MQRC_Q_SERVICE_INTERVAL_HIGH,
            *_PERF,
            "https://www.ibm.com/docs/en/SSFKSJ_9.2.0/com.ibm.mq.ref.doc/q050010_.html",
        ),
        _e(
            "Queue Service Interval OK",
            mqrc.MQRC_Q_SERVICE_INTERVAL_OK,
            *_PERF,
            "https://www.ibm.com/support/knowledgecenter/en/SSFKSJ_9.1.0/com.ibm.mq.ref.doc/q050020_.html",
        ),
        _e(
            "Get Inhibited",
            mqrc.MQRC_GET_INHIBITED,
            "MQCMD_Q_MGR_EVENT",
            QMGR_QUEUE,
            "INHIBTEV",
            "Inhibit",
            "https://www.ibm.com/support/knowledgecenter/en/SSFKSJ_9.0.0/com.ibm.mq.ref.doc/q049870_.html",
        ),
        _e(
            "Put Inhibited",
            mqrc.MQRC_PUT_INHIBITED,
            "MQCMD_Q_MGR_EVENT",
            QMGR_QUEUE,
            "INHIBTEV",
            "Inhibit",
            "descriptions-put-inhibited",
        ),
        _e(
            "Unknown Object Name",
            mqrc.MQRC_UNKNOWN_OBJECT_NAME,
            "MQCMD_Q_MGR_EVENT",
            QMGR_QUEUE,
            "LOCALEV",
            "Local",
            "https://www.ibm.com/support/knowledgecenter/en/SSFKSJ_9.0.0/com.ibm.mq.ref.doc/q050100_.html",
        ),
        _e(
            "Alias Base Queue Type Error",
            mqrc.MQRC_ALIAS_BASE_Q_TYPE_ERROR,
            "MQCMD_Q_MGR_EVENT",
            QMGR_QUEUE,
            "LOCALEV",
            "Local",
            "descriptions-alias-base-queue-type-error",
        ),
        _e(
            "Unknown Alias Base Queue",
            mqrc.MQRC_UNKNOWN_ALIAS_BASE_Q,
            "MQCMD_Q_MGR_EVENT",
            QMGR_QUEUE,
            "LOCALEV",
            "Local",
            "descriptions-unknown-alias-base-queue",
        ),
        _e(
            "Unknown Remote Queue Manager",
            mqrc.MQRC_UNKNOWN_REMOTE_Q_MGR,
            "MQCMD_Q_MGR_EVENT",
            QMGR_QUEUE,
            "REMOTEEV",
            "Remote",
            "descriptions-unknown-remote-queue-manager",
        ),
        _e(
            "Transmission Queue Usage Error",
            mqrc.MQRC_XMIT_Q_USAGE_ERROR,
            "MQCMD_Q_MGR_EVENT",
            QMGR_QUEUE,
            "REMOTEEV",
            "Remote",
            "descriptions-transmission-queue-usage-error",
        ),
        _e(
            "Transmission Queue Type Error",
            mqrc.MQRC_XMIT_Q_TYPE_ERROR,
            "MQCMD_Q_MGR_EVENT",
            QMGR_QUEUE,
            "REMOTEEV",
            "Remote",
            "https://www.ibm.com/support/knowledgecenter/en/SSFKSJ_9.1.0/com.ibm.mq.ref.doc/q050060_.html",
        ),
        _e(
            "Unknown Transmission Queue",
            mqrc.MQRC_UNKNOWN_XMIT_Q,
            "MQCMD_Q_MGR_EVENT",
            QMGR_QUEUE,
            "REMOTEEV",
            "Remote",
            "https://www.ibm.com/support/knowledgecenter/en/SSFKSJ_9.0.0/com.ibm.mq.ref.doc/q050120_.html",
        ),
        _e(
            "Queue Manager Active",
            mqrc.MQRC_Q_MGR_ACTIVE,
            "MQCMD_Q_MGR_EVENT",
            QMGR_QUEUE,
            "STRSTPEV",
            "Start And Stop",
            "https://www.ibm.com/support/knowledgecenter/SSFKSJ_9.0.0/com.ibm.mq.ref.doc/q049990_.htm",
        ),
        _e(
            "Channel Started",
            mqrc.MQRC_CHANNEL_STARTED,
            *_CHANNEL,
            "https://www.ibm.com/support/knowledgecenter/en/SSFKSJ_9.0.0/com.ibm.mq.ref.doc/q049790_.html",
        ),
        _e(
            "Channel Stopped",
            mqrc.MQRC_CHANNEL_STOPPED,
            *_CHANNEL,
            "https://www.ibm.com/support/knowledgecenter/en/SSFKSJ_9.0.0/com.ibm.mq.ref.doc/q049800_.html",
        ),
        _e(
            "Channel Stopped By User",
            mqrc.MQRC_CHANNEL_STOPPED_BY_USER,
            *_CHANNEL,
            "https://www.ibm.com/support/knowledgecenter/en/SSFKSJ_9.0.0/com.ibm.mq.ref.doc/q049810_.html",
        ),
        _e(
            "Create object",
            mqrc.MQRC_CONFIG_CREATE_OBJECT,
            *_CONFIG,
            "https://www.ibm.com/support/knowledgecenter/SSFKSJ_9.1.0/com.ibm.mq.ref.doc/q049830_.htm",
            2,
        ),
        _e(
            "Change object",
            mqrc.MQRC_CONFIG_CHANGE_OBJECT,
            *_CONFIG,
            "descriptions-change-object",
            2,
        ),
        _e(
            "Delete object",
            mqrc.MQRC_CONFIG_DELETE_OBJECT,
            *_CONFIG,
            "https://www.ibm.com/support/knowledgecenter/en/SSFKSJ_9.1.0/com.ibm.mq.ref.doc/q049860_.html",
            2,
        ),
        _e(
            "Refresh object",
            mqrc.MQRC_CONFIG_REFRESH_OBJECT,
            *_CONFIG,
            "https://www.ibm.com/docs/SSFKSJ_9.2.0/reference/q050040_.html",
            2,
        ),
        _e(
            "Command",
            mqrc.MQRC_COMMAND_MQSC,
            "MQCMD_COMMAND_EVENT",
            COMMAND_QUEUE,
            "CMDEV",
            "Command",
            "https://www.ibm.com/support/knowledgecenter/en/SSFKSJ_9.0.0/com.ibm.mq.ref.doc/q049820_.html",
            3,
        ),
    )
}
#: Reason codes of IBM events mqsc reads but does not write (a message from elsewhere).
OTHER_EVENT_NAMES: Mapping[int, str] = {
    mqrc.MQRC_Q_MGR_NOT_ACTIVE: "Queue Manager Not Active",
    mqrc.MQRC_COMMAND_PCF: "Command",
}


def event_name(reason: int) -> str:
    """IBM's name of the event a reason code identifies ("" when it identifies none).

    >>> event_name(2224), event_name(2413), event_name(2033)
    ('Queue Depth High', 'Command', '')
    """
    found = EVENTS.get(reason)
    return found.name if found is not None else OTHER_EVENT_NAMES.get(reason, "")


#: The PCF command of each MQSC verb and object keyword (a command event's Command): IBM's
#: MQCMD_* of the PCF command that does what the MQSC command does (IBM "Command summary for
#: IBM MQ for z/OS"); MQCMD_NONE where no PCF command matches (UNVERIFIED: IBM does not list
#: which value such an MQSC command's event carries).
_VERB_PCF = {"DEFINE": "CREATE", "ALTER": "CHANGE", "DISPLAY": "INQUIRE", "DELETE": "DELETE"}
_OBJECT_PCF = {
    "QLOCAL": "Q",
    "QALIAS": "Q",
    "QREMOTE": "Q",
    "QMODEL": "Q",
    "QUEUE": "Q",
    "QMGR": "Q_MGR",
    "PROCESS": "PROCESS",
    "NAMELIST": "NAMELIST",
    "CHANNEL": "CHANNEL",
    "STGCLASS": "STG_CLASS",
    "CFSTRUCT": "CF_STRUC",
    "AUTHINFO": "AUTH_INFO",
    "TOPIC": "TOPIC",
    "SUB": "SUBSCRIPTION",
    "QSTATUS": "Q_STATUS",
    "CHSTATUS": "CHANNEL_STATUS",
    "CHINIT": "CHANNEL_INIT",
    "LISTENER": "CHANNEL_LISTENER",
    "BUFFPOOL": "BUFFER_POOL",
    "PSID": "PAGE_SET",
    "USAGE": "USAGE",
    "LOG": "LOG",
    "SYSTEM": "SYSTEM",
    "ARCHIVE": "ARCHIVE",
    "TRACE": "TRACE",
    "THREAD": "THREAD",
    "CONN": "CONNECTION",
    "SECURITY": "SECURITY",
    "CMDSERV": "CMD_SERVER",
    "QSG": "QSG",
    "CFSTATUS": "CF_STRUC_STATUS",
}


def pcf_command(verb: str, objtype: str, known: Mapping[str, int]) -> str:
    """The MQCMD_* name of an MQSC command (``known``: the constants that exist).

    >>> from mqsc.catalog.pcf import CONSTANTS
    >>> pcf_command("ALTER", "QLOCAL", CONSTANTS), pcf_command("PING", "QMGR", CONSTANTS)
    ('MQCMD_CHANGE_Q', 'MQCMD_NONE')
    """
    action = _VERB_PCF.get(verb, verb)
    name = f"MQCMD_{action}_{_OBJECT_PCF.get(objtype, objtype)}"
    return name if name in known else "MQCMD_NONE"
