"""Connections, handles, units of recovery and queue statistics (mqsc/engine/connregistry.py,
mqsc/engine/messaging/queuestats.py): the z/OS rules, with golden DISPLAY CONN, DISPLAY
THREAD, DISPLAY QSTATUS TYPE(HANDLE) and RESET QSTATS replies in both framings."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from mqsc.catalog import CommandSource
from mqsc.catalog.mqrc import (
    MQRC_CONNECTION_BROKEN,
    MQRC_HCONN_ERROR,
    MQRC_Q_MGR_NOT_AVAILABLE,
    MQRC_UNKNOWN_OBJECT_NAME,
)
from mqsc.cli.run import render
from mqsc.engine.connregistry import NotConnected
from mqsc.engine.manager import QueueManager
from mqsc.engine.mqi import OnePhaseOnly
from tests.engine.conftest import fresh_minimal

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "connections"


def depth(qm: QueueManager, queue: str) -> int:
    return sum(run.count for run in qm.queued(queue) or ())


def defined(qm: QueueManager, *queues: str) -> QueueManager:
    for queue in queues:
        assert qm.execute(f"DEFINE QLOCAL({queue}) STGCLASS(DEFAULT)").ok
    return qm


@pytest.fixture
def qm() -> QueueManager:
    return defined(fresh_minimal(), "PAY.IN", "PAY.OUT")


# ---- the scenario the golden files show --------------------------------------------------------
def scenario(qm: QueueManager) -> None:
    """A batch job with a handle, a subscription and a unit of work in flight, an RRS job
    whose prepared unit of recovery its end leaves in doubt, a CICS trigger monitor (CKTI),
    and the puts and gets they made."""
    qm.put("PAY.IN", 5)
    assert qm.execute("DEFINE SUB(PAY.EVENTS) TOPICSTR('pay/events') DEST(PAY.OUT)").ok
    payjob = qm.connection("PAYJOB", userid="oper1", owner="job-1")
    payjob.open("PAY.IN", ("MQOO_INPUT_SHARED", "MQOO_INQUIRE"))
    payjob.open("PAY.OUT")
    payjob.subscribe("PAY.EVENTS")
    payjob.get("PAY.IN", 2, syncpoint=True)
    payjob.put("PAY.OUT", count=2, size=512, syncpoint=True)
    rrs = qm.connection("RRSJOB", appltype="RRSBATCH", userid="OPER2", owner="job-2")
    rrs.get("PAY.IN", 1, syncpoint=True)
    rrs.prepare("RRS", "RRSNID01")
    qm.end_abnormally([rrs.conn])
    defined(qm, "PAY.INIT")
    assert qm.trigger_monitor("PAY.INIT", appltag="CICSPAY", owner="cics-1").reason == 0
    # A message that expires a minute after it is put, an hour ago by the clock.
    qm.put_message("PAY.OUT", b"stale", expiry=600)
    later = qm.clock() + dt.timedelta(hours=1)
    qm.clock = lambda: later


COMMANDS = (
    "DISPLAY CONN(*) ALL",
    "DISPLAY CONN(*) TYPE(HANDLE) ALL",
    "DISPLAY CONN(*) TYPE(ALL) WHERE(APPLTAG EQ PAYJOB)",
    "DISPLAY CONN(*) EXTURID TASKNO TRANSID PSBNAME PSTID ASTATE",
    "DISPLAY CONN(*) TYPE(HANDLE) WHERE(OBJTYPE EQ TOPIC) SUBNAME SUBID TOPICSTR DEST DESTQMGR",
    "DISPLAY THREAD(*) TYPE(*)",
    "DISPLAY QSTATUS(PAY.*) TYPE(HANDLE) ALL",
    "DISPLAY QSTATUS(PAY.*) IPPROCS OPPROCS UNCOM",
    "RESET QSTATS(PAY.*)",
    "RESOLVE INDOUBT(RRSJOB) ACTION(BACKOUT) NID(RRSNID01)",
    "DISPLAY THREAD(RRSJOB) TYPE(INDOUBT)",
    "RESET QSTATS(PAY.IN)",
    "REFRESH QMGR TYPE(EXPIRY) NAME(PAY.*)",
    "REFRESH QMGR TYPE(EARLY)",
)


@pytest.mark.parametrize("style", ["console", "server"])
def test_golden_replies(qm: QueueManager, style: str, golden) -> None:
    scenario(qm)
    out = []
    for command in COMMANDS:
        out.append(render(qm.execute(command, source=CommandSource.CONSOLE), "text", style))
    golden(GOLDEN / f"scenario.{style}.txt", "".join(out))


# ---- the rules ---------------------------------------------------------------------------------
def test_disconnect_commits_and_the_connection_goes(qm: QueueManager) -> None:
    conn = qm.connection("JOB1", owner="p")
    conn.put("PAY.IN", count=3, syncpoint=True)
    assert depth(qm, "PAY.IN") == 0
    conn.close()  # MQDISC: "any uncommitted changes are committed"
    assert depth(qm, "PAY.IN") == 3
    assert qm.connections() == []


def test_an_abnormal_end_backs_out_what_was_in_flight(qm: QueueManager) -> None:
    qm.put("PAY.IN", 4)
    conn = qm.connection("JOB1", owner="p")
    conn.put("PAY.OUT", count=2, syncpoint=True)
    conn.get("PAY.IN", 3, syncpoint=True)
    assert depth(qm, "PAY.IN") == 1  # MQGET takes them off the queue at once
    qm.end_abnormally([conn.conn])
    assert (depth(qm, "PAY.IN"), depth(qm, "PAY.OUT")) == (4, 0)
    assert qm.connections() == []
    with pytest.raises(NotConnected) as broken:
        conn.commit()
    assert broken.value.reason == MQRC_HCONN_ERROR


def test_a_restart_backs_out_in_flight_and_keeps_in_doubt(qm: QueueManager) -> None:
    qm.put("PAY.IN", 4, persistent=True)
    flight = qm.connection("FLIGHT", owner="a")
    flight.get("PAY.IN", 1, syncpoint=True)
    doubt = qm.connection("DOUBT", appltype="RRSBATCH", owner="b")
    doubt.get("PAY.IN", 2, syncpoint=True)
    doubt.prepare("RRS", "NID1")
    assert qm.execute("STOP QMGR", source=CommandSource.CONSOLE).ok
    assert qm.execute("START QMGR", source=CommandSource.CONSOLE).ok
    assert qm.connections() == []
    assert depth(qm, "PAY.IN") == 2  # the in-flight get came back; the in-doubt one waits
    threads = qm.execute("DISPLAY THREAD(*) TYPE(INDOUBT)", source=CommandSource.CONSOLE)
    assert any("NID1" in line for line in render(threads, "text", "console").splitlines())
    # The application's next call: its connection is broken.
    assert qm.get("PAY.IN", 1, conn=flight.conn).reason == MQRC_CONNECTION_BROKEN
    done = qm.execute("RESOLVE INDOUBT(DOUBT) ACTION(COMMIT) NID(*)", source=CommandSource.CONSOLE)
    assert done.ok and done.message_ids[0] == "MQSC581I"
    assert depth(qm, "PAY.IN") == 2  # committed: the gets stay done


def test_resolve_indoubt_backout_puts_the_messages_back(qm: QueueManager) -> None:
    qm.put("PAY.IN", 2)
    rrs = qm.connection("RRSJOB", appltype="RRSBATCH", owner="r")
    rrs.get("PAY.IN", 2, syncpoint=True)
    rrs.prepare("RRS", "N1")
    qm.end_abnormally([rrs.conn])
    assert depth(qm, "PAY.IN") == 0
    assert qm.execute("RESOLVE INDOUBT(RRSJOB) ACTION(BACKOUT) NID(N1)").ok
    assert depth(qm, "PAY.IN") == 2


def test_resolve_indoubt_of_nothing_fails_and_changes_nothing(qm: QueueManager) -> None:
    before = qm.digest()
    result = qm.execute("RESOLVE INDOUBT(NOSUCH) ACTION(COMMIT) NID(*)")
    assert not result.ok and list(result.message_ids) == ["MQSC580E", "CSQ9023E"]
    assert qm.digest() == before


def test_open_of_an_unknown_queue_is_refused(qm: QueueManager) -> None:
    conn = qm.connection("JOB1", owner="p")
    before = qm.digest()
    with pytest.raises(NotConnected) as refused:
        conn.open("NO.SUCH.QUEUE")
    assert refused.value.reason == MQRC_UNKNOWN_OBJECT_NAME
    assert qm.digest() == before


@pytest.mark.parametrize("appltype", ["BATCH", "CHINIT", "SYSTEM", "USER"])
def test_only_a_two_phase_adapter_can_prepare(qm: QueueManager, appltype: str) -> None:
    # IBM "RESOLVE INDOUBT": batch and TSO units of recovery are never in doubt unless the RRS
    # adapter is used; a one-phase adapter has no prepare, so the unit stays in flight.
    conn = qm.connection("JOB1", appltype=appltype, owner="p")
    conn.put("PAY.OUT", count=1, syncpoint=True)
    before = qm.digest()
    with pytest.raises(OnePhaseOnly) as refused:
        conn.prepare("RRS", "NID1")
    assert refused.value.appltype == appltype
    assert qm.digest() == before
    [record] = qm.execute("DISPLAY CONN(*) UOWSTATE URTYPE").objects
    assert record.get("UOWSTATE") == "ACTIVE"
    conn.backout()
    conn.close()
    assert not qm.execute("DISPLAY THREAD(*) TYPE(INDOUBT)").objects


@pytest.mark.parametrize("appltype", ["RRSBATCH", "CICS", "IMS"])
def test_a_two_phase_adapter_prepares(qm: QueueManager, appltype: str) -> None:
    with qm.connection("JOB1", appltype=appltype, owner="p") as conn:
        conn.put("PAY.OUT", count=1, syncpoint=True)
        urid = conn.prepare("RRS", "NID1")
        [record] = qm.execute("DISPLAY CONN(*) UOWSTATE QMURID").objects
        assert (record.get("UOWSTATE"), record.get("QMURID")) == ("PREPARED", urid)
        conn.commit()


def test_no_connection_to_a_stopped_queue_manager(qm: QueueManager) -> None:
    assert qm.execute("STOP QMGR", source=CommandSource.CONSOLE).ok
    with pytest.raises(NotConnected) as refused:
        qm.connection("JOB1")
    assert refused.value.reason == MQRC_Q_MGR_NOT_AVAILABLE


def test_asid_per_owner_and_user_ids(qm: QueueManager) -> None:
    a = qm.connection("JOBA", userid="alice", owner="p1")
    b = qm.connection("JOBA", userid="bob", owner="p1")
    c = qm.connection("JOBC", owner="p2")
    by_conn = {c.conn: c for c in qm.connections()}
    assert by_conn[a.conn].asid == by_conn[b.conn].asid != by_conn[c.conn].asid
    assert (by_conn[a.conn].userid, by_conn[b.conn].userid) == ("ALICE", "BOB")
    assert by_conn[c.conn].userid == qm.user  # none given: the queue manager's


def test_activity_counts_what_each_connection_did(qm: QueueManager) -> None:
    conn = qm.connection("JOB1", owner="p")
    conn.put("PAY.IN", count=3, size=100)
    conn.get("PAY.IN", 2)
    conn.put("PAY.OUT", count=1, size=10, syncpoint=True)
    conn.commit()
    [record] = qm.connections()
    pay_in = record.activity_on("PAY.IN")
    assert (pay_in.puts, pay_in.put_bytes, pay_in.gets, pay_in.get_bytes) == (3, 300, 2, 200)
    assert record.activity_on("PAY.OUT").puts == 1 and record.commits == 1


def test_qstats_count_puts_gets_and_the_high_depth(qm: QueueManager) -> None:
    qm.put("PAY.IN", 7)
    qm.get("PAY.IN", 5)
    qm.put("PAY.IN", 1)
    [record] = qm.execute("RESET QSTATS(PAY.IN)").objects
    assert (record.get("MSGIN"), record.get("MSGOUT"), record.get("HIQDEPTH")) == (8, 5, 7)
    [again] = qm.execute("RESET QSTATS(PAY.IN)").objects
    # Reset: the counts start again from zero, the high depth from the current depth.
    assert (again.get("MSGIN"), again.get("MSGOUT"), again.get("HIQDEPTH")) == (0, 0, 3)


def test_reset_qstats_of_an_unknown_queue(qm: QueueManager) -> None:
    result = qm.execute("RESET QSTATS(NO.SUCH)")
    assert not result.ok and result.message_ids[0] == "CSQM125I"
    assert qm.execute("RESET QSTATS(NONE.*)").message_ids[0] == "CSQM297I"


def test_qstats_go_with_a_deleted_queue(qm: QueueManager) -> None:
    qm.put("PAY.OUT", 2)
    qm.get("PAY.OUT", 2)
    assert qm.execute("DELETE QLOCAL(PAY.OUT)").ok
    assert qm.execute("DEFINE QLOCAL(PAY.OUT) STGCLASS(DEFAULT)").ok
    [record] = qm.execute("RESET QSTATS(PAY.OUT)").objects
    assert record.get("MSGIN") == 0


# ---- commands carry the connection that sent them ------------------------------------------------
def test_a_command_acts_for_the_user_of_the_connection_that_sent_it(qm: QueueManager) -> None:
    conn = qm.connection("PAYJOB", userid="oper3", owner="p")
    result = qm.execute("STOP QMGR", conn=conn.conn)
    accepted = next(r for r in result.records if getattr(r, "msg_id", "") == "CSQY009I")
    assert accepted.inserts["user"] == "OPER3"


def test_a_console_command_without_a_connection_acts_for_the_operator(qm: QueueManager) -> None:
    result = qm.execute("STOP QMGR", source=CommandSource.CONSOLE)
    accepted = next(r for r in result.records if getattr(r, "msg_id", "") == "CSQY009I")
    assert accepted.inserts["user"] == qm.user


# ---- ended connections wait for accounting -------------------------------------------------------
def ended(qm: QueueManager):
    from mqsc.engine.connregistry import ended as ended_records
    from mqsc.engine.state import Txn

    return ended_records(Txn(qm.state))


def test_an_ended_connection_keeps_its_final_activity_until_accounting_takes_it(
    qm: QueueManager,
) -> None:
    from mqsc.engine.connregistry import take_ended
    from mqsc.engine.context import Ctx
    from mqsc.engine.serial import restore, snapshot
    from mqsc.engine.state import Txn

    conn = qm.connection("JOB1", userid="acct1", owner="p")
    conn.put("PAY.IN", count=4, size=100)
    hid = conn.open("PAY.OUT")
    conn.put("PAY.OUT", count=1, size=10, syncpoint=True)
    conn.close()  # MQDISC: commits, closes the handle
    dead = qm.connection("JOB2", owner="q")
    dead.get("PAY.IN", 1, syncpoint=True)
    qm.end_abnormally([dead.conn])
    first, second = ended(qm)
    assert (first.connection.appltag, first.abnormal) == ("JOB1", False)
    assert (second.connection.appltag, second.abnormal) == ("JOB2", True)
    final = first.connection
    assert final.userid == "ACCT1" and final.commits == 1 and final.handles == ()
    assert final.activity_on("PAY.IN").puts == 4
    assert final.activity_on("PAY.OUT").closes == 2  # its one-shot put's and handle's
    assert hid == 1 and second.connection.backouts == 1
    assert restore(snapshot(first)) == first
    # The accounting interval takes them in its own transaction.
    txn = Txn(qm.state)
    taken = take_ended(Ctx(qm, txn, None, None, CommandSource.SERVER))
    assert [e.connection.conn for e in taken] == [first.connection.conn, second.connection.conn]
    qm.commit(txn, None)
    assert ended(qm) == []


def test_ended_records_are_bounded_and_their_ids_are_not_given_again(qm: QueueManager) -> None:
    from mqsc.engine import connregistry

    ids = set()
    for _ in range(5):
        with qm.connection("JOB", owner="p") as conn:
            ids.add(conn.conn)
    assert len(ids) == 5  # one clock second: no CONN given twice while its record waits
    assert len(ended(qm)) == 5
    limit = connregistry.MAX_ENDED
    connregistry.MAX_ENDED = 3  # a small bound, for the test
    try:
        with qm.connection("JOB", owner="p"):
            pass
    finally:
        connregistry.MAX_ENDED = limit
    assert [e.sequence for e in ended(qm)] == [4, 5, 6]  # the oldest went first


def test_a_subscription_handle_names_its_subscription_and_goes_at_mqclose(qm: QueueManager) -> None:
    assert qm.execute("DEFINE SUB(PAY.ALL) TOPICSTR('pay/#') DEST(PAY.IN)").ok
    with qm.connection("PAYJOB", userid="oper1") as conn:
        with pytest.raises(NotConnected) as refused:
            conn.subscribe("NO.SUCH.SUB")
        assert refused.value.reason == 2428  # MQRC_NO_SUBSCRIPTION
        hid = conn.subscribe("PAY.ALL")
        [handle] = qm.execute("DISPLAY CONN(*) TYPE(HANDLE) ALL").objects
        assert (handle.get("OBJTYPE"), handle.get("SUBNAME"), handle.get("TOPICSTR")) == (
            "TOPIC",
            "PAY.ALL",
            "pay/#",
        )
        [sub] = qm.execute("DISPLAY SUB(PAY.ALL) SUBID").objects
        assert handle.get("SUBID") == sub.get("SUBID")
        assert (handle.get("DEST"), handle.get("DESTQMGR")) == ("PAY.IN", qm.name)
        # A topic handle is no queue's: DISPLAY QSTATUS and IPPROCS do not count it.
        assert not qm.execute("DISPLAY QSTATUS(PAY.IN) TYPE(HANDLE)").objects
        conn.close_handle(hid)
        assert qm.execute("DISPLAY CONN(*) TYPE(HANDLE)").message_ids[0] == "CSQM297I"


def test_exturid_is_the_coordinators_identifier_of_a_prepared_unit(qm: QueueManager) -> None:
    with qm.connection("RRSJOB", appltype="RRSBATCH") as conn:
        conn.put("PAY.OUT", count=1, syncpoint=True)
        [before] = qm.execute("DISPLAY CONN(*) EXTURID QMURID").objects
        assert before.get("EXTURID") == ""  # in flight, the queue manager's own unit
        urid = conn.prepare("RRS", "NID1")
        [after] = qm.execute("DISPLAY CONN(*) EXTURID").objects
        assert after.get("EXTURID") == urid
        conn.commit()


def test_a_commit_while_the_log_is_suspended_changes_nothing_until_resumed(qm) -> None:
    # z/OS holds the MQCMIT until RESUME QMGR LOG; mqsc raises LogSuspended and keeps the unit
    # of work as it was, so the commit after the resume puts the message.
    from mqsc.engine.context import LogSuspended  # noqa: PLC0415 - the one test that needs it

    conn = qm.connection("PAYJOB", userid="OPER1")
    assert conn.put("PAY.IN", count=1, syncpoint=True, persistent=True).done == 1
    assert qm.run("SUSPEND QMGR LOG", source=CommandSource.CONSOLE)[0].ok
    before = qm.digest()
    with pytest.raises(LogSuspended):
        conn.commit()
    with pytest.raises(LogSuspended):
        conn.close()
    assert qm.digest() == before
    assert qm.run("RESUME QMGR LOG", source=CommandSource.CONSOLE)[0].ok
    assert qm.get("PAY.IN", 1).reason == 2033  # on the queue, uncommitted: no get takes it
    conn.commit()  # the MQDISC that failed did not end the connection
    assert qm.get("PAY.IN", 1).done == 1
    conn.close()
