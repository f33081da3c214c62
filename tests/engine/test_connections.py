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
    """A batch job with a handle and a unit of work in flight, an RRS job whose prepared unit
    of recovery its end leaves in doubt, and the puts and gets they made."""
    qm.put("PAY.IN", 5)
    payjob = qm.connection("PAYJOB", userid="oper1", owner="job-1")
    payjob.open("PAY.IN", ("MQOO_INPUT_SHARED", "MQOO_INQUIRE"))
    payjob.open("PAY.OUT")
    payjob.get("PAY.IN", 2, syncpoint=True)
    payjob.put("PAY.OUT", count=2, size=512, syncpoint=True)
    rrs = qm.connection("RRSJOB", appltype="RRSBATCH", userid="OPER2", owner="job-2")
    rrs.get("PAY.IN", 1, syncpoint=True)
    rrs.prepare("RRS", "RRSNID01")
    qm.end_abnormally([rrs.conn])
    # A message that expires a minute after it is put, an hour ago by the clock.
    qm.put_message("PAY.OUT", b"stale", expiry=600)
    later = qm.clock() + dt.timedelta(hours=1)
    qm.clock = lambda: later


COMMANDS = (
    "DISPLAY CONN(*) ALL",
    "DISPLAY CONN(*) TYPE(HANDLE) ALL",
    "DISPLAY CONN(*) TYPE(ALL) WHERE(APPLTAG EQ PAYJOB)",
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
    assert depth(qm, "PAY.IN") == 0
    assert qm.run("RESUME QMGR LOG", source=CommandSource.CONSOLE)[0].ok
    conn.commit()  # the MQDISC that failed did not end the connection
    assert depth(qm, "PAY.IN") == 1
    conn.close()
