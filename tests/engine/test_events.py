"""Event messages, one test per event type mqsc writes, each decoded from its event queue
(docs/events.md): the reason, the MQCFH, the parameters IBM lists, and what the event does
to the queue's attributes and statistics."""

from __future__ import annotations

import datetime as dt

import pytest

from mqsc.catalog import CommandSource, mqrc
from mqsc.catalog.pcf import CONSTANTS, PARAMETERS, pid
from mqsc.engine.manager import QueueManager
from mqsc.engine.messaging import pcf
from mqsc.engine.messaging.eventreport import report
from mqsc.engine.records import Issuer
from mqsc.store.home import bundled
from tests.engine.conftest import NOW

PERFM = "SYSTEM.ADMIN.PERFM.EVENT"
QMGR_EVENTS = "SYSTEM.ADMIN.QMGR.EVENT"
COMMAND = "SYSTEM.ADMIN.COMMAND.EVENT"
CONFIG = "SYSTEM.ADMIN.CONFIG.EVENT"
CHANNEL = "SYSTEM.ADMIN.CHANNEL.EVENT"


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> dt.datetime:
        return self.now


def system_qm(name: str = "QEV1", clock=None) -> QueueManager:
    """A queue manager built from the system decks (the event queues of CSQ4INSG)."""
    decks = [bundled("samples/system/CSQINP1.mqsc"), bundled("samples/system/CSQINP2.mqsc")]
    text = [path.read_text(encoding="utf-8") for path in decks]
    return QueueManager.create(name, csqinp1=text[0], csqinp2=text[1], clock=clock or Clock())


def events_on(qm: QueueManager, queue: str) -> list:
    """Every event message on ``queue``, got and decoded (with its MQMD fields)."""
    found = []
    while True:
        got = qm.get_message(queue)
        if got.reason:
            return found
        message = got.delivered[0]
        found.append((message, pcf.decode(message.data, encoding=message.encoding)))


def values(decoded: pcf.Message) -> dict[str, object]:
    """Parameter name -> value, groups flattened."""
    from mqsc.catalog.pcf import PARAMETERS

    return {PARAMETERS[p.pid].name: p.value for _, p in pcf.walk(decoded.params)}


def attrs(qm: QueueManager, queue: str, *names: str) -> dict[str, object]:
    found = qm.execute(f"DISPLAY QLOCAL({queue}) {' '.join(names)}").objects[0]
    return {n: found.get(n) for n in names}


# ---- the message itself ------------------------------------------------------------------
def test_event_message_mqmd_and_header() -> None:
    qm = system_qm()
    qm.execute("ALTER QMGR PERFMEV(ENABLED)")
    qm.execute("DEFINE QLOCAL(PAY.IN) MAXDEPTH(10) QDPHIEV(ENABLED) QDEPTHHI(50)")
    qm.put("PAY.IN", 5, 100)
    [(message, decoded)] = events_on(qm, PERFM)
    # IBM "Event message MQMD": MQFMT_EVENT, the queue manager's name as PutApplName, z/OS
    # encoding 785 and the queue manager's CCSID; the event queue's default persistence.
    assert message.format == "MQEVENT "
    assert (message.encoding, message.ccsid) == (785, 500)
    assert message.appltype == CONSTANTS["MQAT_QMGR"] and message.applname == "QEV1"
    assert message.reply_qmgr == "QEV1" and message.persistent  # DEFPSIST(YES) in CSQ4INSG
    head = decoded.header
    assert (head.type, head.version, head.command) == (7, 1, CONSTANTS["MQCMD_PERFM_EVENT"])
    assert (head.compcode, head.control, head.seq, head.count) == (1, 1, 1, 6)
    # Big-endian as on z/OS, strings in EBCDIC (CCSID 500).
    assert message.data[:8] == bytes.fromhex("0000000700000024")
    assert "PAY.IN".encode("cp500") in message.data


# ---- performance events ------------------------------------------------------------------
def test_queue_depth_high_then_low() -> None:
    qm = system_qm()
    qm.execute("ALTER QMGR PERFMEV(ENABLED)")
    qm.execute("DEFINE QLOCAL(PAY.IN) MAXDEPTH(10) QDPHIEV(ENABLED) QDEPTHHI(80) QDEPTHLO(20)")
    qm.put("PAY.IN", 7, 100)
    assert events_on(qm, PERFM) == []  # 7 of 10 is under 80%
    qm.put("PAY.IN", 1, 100)
    [(_, high)] = events_on(qm, PERFM)
    assert high.header.reason == mqrc.MQRC_Q_DEPTH_HIGH == 2224
    data = values(high)
    assert data["MQCA_Q_MGR_NAME"] == "QEV1" and data["MQCA_BASE_Q_NAME"] == "PAY.IN"
    assert (data["MQIA_HIGH_Q_DEPTH"], data["MQIA_MSG_ENQ_COUNT"], data["MQIA_MSG_DEQ_COUNT"]) == (
        8,
        8,
        0,
    )
    assert "MQIA_TIME_SINCE_RESET" in data
    # It disables itself and enables Queue Depth Low and Queue Full.
    assert attrs(qm, "PAY.IN", "QDPHIEV", "QDPLOEV", "QDPMAXEV") == {
        "QDPHIEV": "DISABLED",
        "QDPLOEV": "ENABLED",
        "QDPMAXEV": "ENABLED",
    }
    qm.put("PAY.IN", 1, 100)
    assert events_on(qm, PERFM) == []  # disabled now
    qm.get("PAY.IN", 7)  # 9 -> 2: at or below 20%
    [(_, low)] = events_on(qm, PERFM)
    assert low.header.reason == mqrc.MQRC_Q_DEPTH_LOW == 2225
    # The statistics were reset by the high event: one put since, seven gets.
    assert (values(low)["MQIA_MSG_ENQ_COUNT"], values(low)["MQIA_MSG_DEQ_COUNT"]) == (1, 7)
    assert attrs(qm, "PAY.IN", "QDPHIEV", "QDPLOEV") == {
        "QDPHIEV": "ENABLED",
        "QDPLOEV": "DISABLED",
    }


def test_queue_full() -> None:
    qm = system_qm()
    qm.execute("ALTER QMGR PERFMEV(ENABLED)")
    qm.execute("DEFINE QLOCAL(SMALL) MAXDEPTH(3) QDPMAXEV(ENABLED)")
    done = qm.put("SMALL", 5, 10)
    assert (done.done, done.reason) == (3, mqrc.MQRC_Q_FULL)
    [(_, full)] = events_on(qm, PERFM)
    assert full.header.reason == 2053
    assert values(full)["MQCA_BASE_Q_NAME"] == "SMALL"
    assert attrs(qm, "SMALL", "QDPMAXEV", "QDPLOEV") == {
        "QDPMAXEV": "DISABLED",
        "QDPLOEV": "ENABLED",
    }
    qm.put("SMALL", 1, 10)  # refused again: no second event until re-enabled
    assert events_on(qm, PERFM) == []


def test_service_interval_high_and_ok() -> None:
    clock = Clock()
    qm = system_qm(clock=clock)
    qm.execute("ALTER QMGR PERFMEV(ENABLED)")
    qm.execute("DEFINE QLOCAL(SVC.Q) QSVCIEV(HIGH) QSVCINT(2000)")
    qm.put("SVC.Q", 2, 10)  # to an empty queue: the service timer starts
    clock.now += dt.timedelta(seconds=5)
    qm.get("SVC.Q", 1)  # 5 s > 2 s: High; the queue is not empty, the timer restarts
    [(_, high)] = events_on(qm, PERFM)
    assert high.header.reason == mqrc.MQRC_Q_SERVICE_INTERVAL_HIGH == 2226
    assert attrs(qm, "SVC.Q", "QSVCIEV") == {"QSVCIEV": "OK"}
    clock.now += dt.timedelta(seconds=1)
    qm.get("SVC.Q", 1)  # within 2 s: OK
    [(_, ok)] = events_on(qm, PERFM)
    assert ok.header.reason == mqrc.MQRC_Q_SERVICE_INTERVAL_OK == 2227
    assert attrs(qm, "SVC.Q", "QSVCIEV") == {"QSVCIEV": "HIGH"}


def test_performance_events_off_by_default() -> None:
    qm = system_qm()
    qm.execute("DEFINE QLOCAL(PAY.IN) MAXDEPTH(10) QDPHIEV(ENABLED) QDEPTHHI(10)")
    qm.put("PAY.IN", 10, 10)
    assert events_on(qm, PERFM) == []
    assert attrs(qm, "PAY.IN", "QDPHIEV") == {"QDPHIEV": "ENABLED"}


def test_event_discarded_when_event_queue_is_put_inhibited() -> None:
    qm = system_qm()
    qm.execute("ALTER QMGR PERFMEV(ENABLED)")
    qm.execute(f"ALTER QLOCAL({PERFM}) PUT(DISABLED)")
    qm.execute("DEFINE QLOCAL(PAY.IN) MAXDEPTH(10) QDPHIEV(ENABLED)")
    done = qm.put("PAY.IN", 9, 10)
    assert done.done == 9 and not done.reason  # the put goes on
    qm.execute(f"ALTER QLOCAL({PERFM}) PUT(ENABLED)")
    assert events_on(qm, PERFM) == []
    qm.execute(f"DELETE QLOCAL({PERFM})")
    qm.execute("ALTER QLOCAL(PAY.IN) QDPHIEV(ENABLED)")
    assert qm.put("PAY.IN", 1, 10).done == 1  # no event queue at all: discarded too


# ---- queue manager events ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("switch", "setup", "operation", "reason"),
    [
        ("INHIBTEV", "DEFINE QLOCAL(Q1) PUT(DISABLED)", "put", mqrc.MQRC_PUT_INHIBITED),
        ("INHIBTEV", "DEFINE QLOCAL(Q1) GET(DISABLED)", "get", mqrc.MQRC_GET_INHIBITED),
        ("LOCALEV", "DEFINE NAMELIST(NOQ)", "put", mqrc.MQRC_UNKNOWN_OBJECT_NAME),
    ],
)
def test_mqi_events(switch: str, setup: str, operation: str, reason: int) -> None:
    qm = system_qm()
    qm.execute(f"ALTER QMGR {switch}(ENABLED)")
    qm.execute(setup)
    with qm.acting_as(Issuer("PAYUSER", "PAYJOB")):
        done = qm.put("Q1", 1, 10) if operation == "put" else qm.get("Q1", 1)
    assert done.reason == reason
    [(_, event)] = events_on(qm, QMGR_EVENTS)
    assert event.header.reason == reason and event.header.command == CONSTANTS["MQCMD_Q_MGR_EVENT"]
    data = values(event)
    assert data["MQCA_Q_NAME"] == "Q1" and data["MQCACF_APPL_NAME"] == "PAYJOB"
    assert data["MQIA_APPL_TYPE"] == CONSTANTS["MQAT_MVS"]


ALIAS_AND_REMOTE = [
    # (switch, definitions, reason, the event's data beyond QName/ApplType/ApplName, in order)
    (
        "LOCALEV",
        "DEFINE QALIAS(Q1) TARGET(NOPE)",
        mqrc.MQRC_UNKNOWN_ALIAS_BASE_Q,
        [("MQCA_BASE_Q_NAME", "NOPE")],
    ),
    (
        "LOCALEV",
        "DEFINE QALIAS(Q1) TARGET(AL2)\nDEFINE QALIAS(AL2) TARGET(SYSTEM.DEFAULT.LOCAL.QUEUE)",
        mqrc.MQRC_ALIAS_BASE_Q_TYPE_ERROR,
        [("MQCA_BASE_Q_NAME", "AL2"), ("MQIA_Q_TYPE", CONSTANTS["MQQT_ALIAS"])],
    ),
    (
        "REMOTEEV",
        "DEFINE QREMOTE(Q1) RNAME(A) RQMNAME(QMZ9) XMITQ(NO.SUCH.XQ)",
        mqrc.MQRC_UNKNOWN_XMIT_Q,
        [("MQCA_XMIT_Q_NAME", "NO.SUCH.XQ")],
    ),
    (
        "REMOTEEV",
        "DEFINE QREMOTE(Q1) RNAME(A) RQMNAME(QMZ9) XMITQ(XQA)\n"
        "DEFINE QALIAS(XQA) TARGET(SYSTEM.DEFAULT.LOCAL.QUEUE)",
        mqrc.MQRC_XMIT_Q_TYPE_ERROR,
        [("MQCA_XMIT_Q_NAME", "XQA"), ("MQIA_Q_TYPE", CONSTANTS["MQQT_ALIAS"])],
    ),
]


@pytest.mark.parametrize(
    ("switch", "setup", "reason", "data"),
    ALIAS_AND_REMOTE,
    ids=[mqrc.name(r) for _, _, r, _ in ALIAS_AND_REMOTE],
)
def test_alias_and_remote_queue_events(
    switch: str, setup: str, reason: int, data: list[tuple[str, object]]
) -> None:
    # IBM: an alias whose base queue is unknown answers 2082, an XMITQ that is no queue 2196,
    # one that is not a local queue 2091; each is its own event with the names that failed.
    qm = system_qm()
    qm.execute(f"ALTER QMGR {switch}(ENABLED)")
    for line in setup.splitlines():
        assert qm.execute(line).ok
    with qm.acting_as(Issuer("PAYUSER", "PAYJOB")):
        done = qm.put("Q1", 1, 10)
    assert (done.done, done.reason) == (0, reason)
    [(_, event)] = events_on(qm, QMGR_EVENTS)
    assert event.header.reason == reason
    names = [PARAMETERS[p.pid].name for p in event.params]
    found = [(PARAMETERS[p.pid].name, p.value) for p in event.params]
    assert names[:2] == ["MQCA_Q_MGR_NAME", "MQCA_Q_NAME"]
    assert found[2 : 2 + len(data)] == data
    assert names[2 + len(data) :] == [
        "MQIA_APPL_TYPE",
        "MQCACF_APPL_NAME",
        "MQCACF_OBJECT_Q_MGR_NAME",
    ]
    qm.execute(f"ALTER QMGR {switch}(DISABLED)")
    assert qm.put("Q1", 1, 10).reason == reason
    assert events_on(qm, QMGR_EVENTS) == []


def test_mqi_event_needs_its_switch() -> None:
    qm = system_qm()
    qm.execute("DEFINE QLOCAL(Q1) PUT(DISABLED)")
    qm.put("Q1", 1, 10)
    assert events_on(qm, QMGR_EVENTS) == []


def test_queue_manager_active_only_at_a_restart() -> None:
    qm = system_qm()  # STRSTPEV(ENABLED) is the default
    assert events_on(qm, QMGR_EVENTS) == []  # not at the first start on z/OS
    qm.execute("STOP QMGR")
    assert qm.execute("START QMGR", source=CommandSource.CONSOLE).ok
    [(_, active)] = events_on(qm, QMGR_EVENTS)
    assert active.header.reason == mqrc.MQRC_Q_MGR_ACTIVE == 2222
    assert values(active) == {"MQCA_Q_MGR_NAME": "QEV1"}
    qm.execute("ALTER QMGR STRSTPEV(DISABLED)")
    qm.execute("STOP QMGR")
    qm.execute("START QMGR", source=CommandSource.CONSOLE)
    assert events_on(qm, QMGR_EVENTS) == []


# ---- command events ----------------------------------------------------------------------
def test_command_event_origins_and_users() -> None:
    qm = system_qm()
    qm.execute("ALTER QMGR CMDEV(ENABLED)", source=CommandSource.CONSOLE)
    with qm.acting_as(Issuer("OPER1", "OPER1")):
        qm.execute("DEFINE QLOCAL(A.Q)", source=CommandSource.CONSOLE)
    with qm.acting_as(Issuer("BATCH1", "PAYJOB")):
        qm.execute("ALTER QLOCAL(A.Q) MAXDEPTH(7)", source=CommandSource.SERVER)
    found = [values(d) for _, d in events_on(qm, COMMAND)]
    assert [v["MQCACF_COMMAND_MQSC"] for v in found] == [
        "ALTER QMGR CMDEV(ENABLED)",
        "DEFINE QLOCAL(A.Q)",
        "ALTER QLOCAL(A.Q) MAXDEPTH(7)",
    ]
    console, server = found[1], found[2]
    assert console["MQIACF_EVENT_ORIGIN"] == CONSTANTS["MQEVO_CONSOLE"]
    assert console["MQCACF_EVENT_USER_ID"] == "OPER1"
    assert "MQCACF_EVENT_APPL_NAME" not in console  # context only for command messages
    assert server["MQIACF_EVENT_ORIGIN"] == CONSTANTS["MQEVO_MSG"]
    assert (server["MQCACF_EVENT_USER_ID"], server["MQCACF_EVENT_APPL_NAME"]) == (
        "BATCH1",
        "PAYJOB",
    )
    assert server["MQIACF_COMMAND"] == CONSTANTS["MQCMD_CHANGE_Q"]


def test_command_event_nodisplay_and_failures() -> None:
    qm = system_qm()
    qm.execute("ALTER QMGR CMDEV(NODISPLAY)")
    qm.execute("DISPLAY QLOCAL(*)")
    qm.execute("DELETE QLOCAL(NO.SUCH.QUEUE)")  # fails: no event
    qm.execute("ALTER QMGR CMDEV(DISABLED)")  # was not DISABLED before: an event
    qm.execute("DEFINE QLOCAL(B.Q)")
    texts = [values(d)["MQCACF_COMMAND_MQSC"] for _, d in events_on(qm, COMMAND)]
    assert texts == ["ALTER QMGR CMDEV(NODISPLAY)", "ALTER QMGR CMDEV(DISABLED)"]


def test_command_events_from_initialization_data_set() -> None:
    qm = system_qm()
    qm.execute("ALTER QMGR CMDEV(ENABLED)")
    qm.execute("STOP QMGR")
    from mqsc.language.source import Source

    qm.csqinp2 = (*qm.csqinp2, Source("DEFINE QLOCAL(FROM.INP2) REPLACE\n", "CSQINP2"))
    qm.execute("START QMGR", source=CommandSource.CONSOLE)
    origins = {
        values(d)["MQCACF_COMMAND_MQSC"]: values(d)["MQIACF_EVENT_ORIGIN"]
        for _, d in events_on(qm, COMMAND)
    }
    assert origins["DEFINE QLOCAL(FROM.INP2) REPLACE"] == CONSTANTS["MQEVO_INIT"]
    assert "START QMGR" not in origins  # never a command event


# ---- configuration events ----------------------------------------------------------------
def test_config_create_change_delete() -> None:
    qm = system_qm()
    qm.execute("ALTER QMGR CONFIGEV(ENABLED)")
    events_on(qm, CONFIG)  # the ALTER QMGR's own change event
    qm.execute("DEFINE QLOCAL(CFG.Q) MAXDEPTH(100) DESCR('first')")
    qm.execute("ALTER QLOCAL(CFG.Q) MAXDEPTH(200)")
    qm.execute("DELETE QLOCAL(CFG.Q)")
    found = events_on(qm, CONFIG)
    reasons = [d.header.reason for _, d in found]
    assert reasons == [2367, 2368, 2368, 2369]
    (_, create), (before_msg, before), (after_msg, after), (_, delete) = found
    assert create.header.version == 2
    assert values(create)["MQCA_Q_NAME"] == "CFG.Q" and values(create)["MQCA_Q_DESC"] == "first"
    assert values(create)["MQIACF_OBJECT_TYPE"] == CONSTANTS["MQOT_Q"]
    assert values(create)["MQIA_Q_TYPE"] == CONSTANTS["MQQT_LOCAL"]
    # Change object: before (1, NOT_LAST) and after (2, LAST), the same CorrelId.
    assert (before.header.seq, before.header.control) == (1, 0)
    assert (after.header.seq, after.header.control) == (2, 1)
    assert before_msg.correlid == after_msg.correlid != bytes(24)
    assert (values(before)["MQIA_MAX_Q_DEPTH"], values(after)["MQIA_MAX_Q_DEPTH"]) == (100, 200)
    assert values(delete)["MQCA_Q_NAME"] == "CFG.Q"


def test_config_event_of_alter_qmgr() -> None:
    qm = system_qm()
    qm.execute("ALTER QMGR CONFIGEV(ENABLED)")
    [(_, before), (_, after)] = events_on(qm, CONFIG)
    assert values(before)["MQIACF_OBJECT_TYPE"] == CONSTANTS["MQOT_Q_MGR"]
    assert values(after)["MQIA_CONFIGURATION_EVENT"] == CONSTANTS["MQEVR_ENABLED"]
    qm.execute("ALTER QLOCAL(SYSTEM.DEFAULT.LOCAL.QUEUE) DESCR('x')", source=CommandSource.CONSOLE)
    # Switched off by the command itself: CONFIGEV as the command leaves it decides.
    qm.execute("ALTER QMGR CONFIGEV(DISABLED)")
    qm.execute("DEFINE QLOCAL(NOT.REPORTED)")
    assert [d.header.reason for _, d in events_on(qm, CONFIG)] == [2368, 2368]
    assert values(before)["MQIA_CONFIGURATION_EVENT"] == CONSTANTS["MQEVR_DISABLED"]


# ---- channel events ----------------------------------------------------------------------
def test_channel_started_stopped_and_stopped_by_user() -> None:
    from tests.network.test_network import SETUP
    from tests.network.test_network_golden import pair

    qmgrs, _network = pair()
    qmz1, qmz2 = qmgrs["QMZ1"], qmgrs["QMZ2"]
    for name in ("QMZ2", "QMZ1"):
        for text in SETUP[name]:
            assert qmgrs[name].execute(text, source=CommandSource.CONSOLE).ok, text
    for qm in (qmz1, qmz2):
        qm.execute("ALTER QMGR CHLEV(ENABLED)")
    assert qmz1.execute("START CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE).ok
    assert qmz1.put("PAY.OUT", 3, 100).done == 3
    assert qmz1.execute("STOP CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE).ok
    sender = [(d.header.reason, values(d)) for _, d in events_on(qmz1, CHANNEL)]
    assert [r for r, _ in sender] == [2282, 2279]
    started = sender[0][1]
    assert started["MQCACH_CHANNEL_NAME"] == "QMZ1.TO.QMZ2"
    assert started["MQCACH_XMIT_Q_NAME"] == "QMZ2"  # a sender's events name its XMITQ
    assert started["MQCACH_CONNECTION_NAME"] == "b(1415)"
    assert sender[1][1]["MQIACF_REASON_QUALIFIER"] == CONSTANTS["MQRQ_CHANNEL_STOPPED_DISABLED"]
    receiver = [(d.header.reason, values(d)) for _, d in events_on(qmz2, CHANNEL)]
    assert receiver and receiver[0][0] == 2282
    assert "MQCACH_XMIT_Q_NAME" not in receiver[0][1]  # not for a receiver


def test_channel_exception_level_leaves_out_started() -> None:
    from tests.network.test_network import SETUP
    from tests.network.test_network_golden import pair

    qmgrs, _network = pair()
    for name in ("QMZ2", "QMZ1"):
        for text in SETUP[name]:
            assert qmgrs[name].execute(text, source=CommandSource.CONSOLE).ok, text
    qmz1 = qmgrs["QMZ1"]
    qmz1.execute("ALTER QMGR CHLEV(EXCEPTION)")
    qmz1.execute("START CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE)
    qmz1.execute("STOP CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE)
    assert [d.header.reason for _, d in events_on(qmz1, CHANNEL)] == [2279]


def test_report_names_every_number() -> None:
    qm = system_qm()
    qm.execute("ALTER QMGR CMDEV(ENABLED)")
    [(message, _)] = events_on(qm, COMMAND)
    decoded = report(message.data, queue=COMMAND, message=message)
    assert decoded.event == "Command" and decoded.reason_name == "MQRC_COMMAND_MQSC"
    origin = next(f for f in decoded.fields if f.name == "MQIACF_EVENT_ORIGIN")
    assert origin.constant == "MQEVO_MSG"
    assert pid("MQCACF_COMMAND_MQSC") == 3075


def test_refresh_qmgr_configev_puts_refresh_object_events() -> None:
    qm = system_qm()
    refused = qm.execute("REFRESH QMGR TYPE(CONFIGEV) OBJECT(QLOCAL) NAME(PAY.*)")
    assert not refused.ok  # CONFIGEV DISABLED: MQRCCF_EVENTS_DISABLED, nothing put
    assert events_on(qm, CONFIG) == []
    qm.execute("DEFINE QLOCAL(PAY.A)")
    qm.execute("DEFINE QLOCAL(PAY.B)")
    qm.execute("DEFINE QALIAS(PAY.C) TARGET(PAY.A)")
    qm.execute("ALTER QMGR CONFIGEV(ENABLED)")
    events_on(qm, CONFIG)
    done = qm.execute("REFRESH QMGR TYPE(CONFIGEV) OBJECT(QLOCAL) NAME(PAY.*)")
    assert done.ok
    found = events_on(qm, CONFIG)
    assert [d.header.reason for _, d in found] == [2370, 2370]
    assert [values(d)["MQCA_Q_NAME"] for _, d in found] == ["PAY.A", "PAY.B"]
