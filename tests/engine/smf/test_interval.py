"""The statistics interval on the queue manager's clock: records of the channel initiator
(class 4), of CF structures in a queue sharing group, catch-up over several intervals, and
STOP QMGR writing the interval in progress."""

from __future__ import annotations

import datetime as dt

from mqsc.catalog import CommandSource
from mqsc.engine.smf import record
from mqsc.engine.smf.record import SmfRecord
from tests.engine.conftest import fresh_group, fresh_qmz1

START = dt.datetime(2026, 1, 15, 10, 0)


def _on_clock(qm, moment: list[dt.datetime]):
    qm.clock = lambda: moment[0]
    return qm


def _records(qm) -> list[SmfRecord]:
    return [r for r in record.read_records(qm.smf_sink.read()) if isinstance(r, SmfRecord)]


def test_channel_initiator_statistics_with_class_4() -> None:
    now = [START]
    qm = _on_clock(fresh_qmz1(), now)
    for text in ("START CHINIT", "START TRACE(CHINIT)", "START TRACE(STAT) CLASS(4)"):
        assert qm.execute(text, source=CommandSource.CONSOLE).ok, text
    now[0] += dt.timedelta(minutes=30)
    assert qm.execute("DISPLAY TRACE(*)").ok  # the interval's end is found by the next command
    [rec] = _records(qm)
    assert rec.subtype == 231 and rec.section("QCCT")[0]["qcctjobn"].strip() == "QMZ1CHIN"
    dispatchers = rec.section("QCT_DSP")
    assert len(dispatchers) == 5 and [d["qcttskn"] for d in dispatchers] == [1, 2, 3, 4, 5]
    assert rec.product["qwhsdurn"] == 1800 * 1_000_000 << 12  # the channel initiator: STCK


def test_a_clock_moved_on_writes_every_interval() -> None:
    now = [START]
    qm = _on_clock(fresh_qmz1(), now)
    assert qm.execute("START TRACE(STAT) CLASS(1)").ok
    now[0] += dt.timedelta(hours=2, minutes=5)
    assert qm.put("USER1.ABAR.QUEUE", 3).done == 3
    starts = [f"{r.moment:%H:%M}" for r in _records(qm) if r.subtype == 2]
    assert starts == ["10:30", "11:00", "11:30", "12:00"]
    assert qm.execute("STOP QMGR", source=CommandSource.CONSOLE).ok
    last = [r for r in _records(qm) if r.subtype == 2][-1]
    assert f"{last.moment:%H:%M}" == "12:05" and last.section("QMST")[0]["qmstput"] == 3


def test_cf_structures_in_a_queue_sharing_group() -> None:
    now = [START]
    group = fresh_group()
    qm = _on_clock(group.members["QSA1"], now)
    assert qm.execute("START TRACE(STAT) CLASS(1)").ok
    assert qm.put("PAY.SQ", 10, 100).done == 10
    now[0] += dt.timedelta(minutes=30)
    assert qm.execute("DISPLAY TRACE(STAT)").ok
    [qmst_record] = [r for r in _records(qm) if r.subtype == 2]
    [qest] = qmst_record.section("QEST")
    used = {e["qeststr"].strip(): e["qestcsec"] for e in qest["qeststuc"] if e["qeststr"].strip()}
    assert used["APP1"] == 10 and used["APP3"] == 0


def _tasks(qm) -> list[tuple[str, int, int, str]]:
    """Each task's connection name, MQPUTs, MQGETs and end (subtype 1 records)."""
    out = []
    for r in _records(qm):
        if r.rtype == 116 and r.subtype == 1:
            [wq] = r.section("WQ")
            name = r.section("WTID")[0]["wtidccn"].strip()
            out.append((name, wq["putn"], wq["getn"], f"{r.moment:%H:%M}"))
    return out


def test_the_process_connection_is_one_task_written_every_acctime() -> None:
    """Puts and gets outside a job step are the process's connection: one task, written when
    ACCTIME (-1: STATIME, 30 minutes) is over and when the queue manager is let go."""
    now = [START]
    qm = _on_clock(fresh_qmz1(), now)
    assert qm.execute("START TRACE(ACCTG) CLASS(3)").ok
    assert qm.put("USER1.ABAR.QUEUE", 3).done == 3
    assert qm.get("USER1.ABAR.QUEUE", 2).done == 2
    assert _tasks(qm) == []  # still running
    now[0] += dt.timedelta(minutes=31)
    assert qm.put("USER1.ABAR.QUEUE", 1).done == 1  # counted in the next interval's task
    assert _tasks(qm) == [("MQSC", 3, 2, "10:30")]
    qm.close()
    assert _tasks(qm) == [("MQSC", 3, 2, "10:30"), ("MQSC", 1, 0, "10:31")]


def test_a_job_step_task_runs_in_front_of_the_process_connection() -> None:
    now = [START]
    qm = _on_clock(fresh_qmz1(), now)
    assert qm.execute("START TRACE(ACCTG) CLASS(3)").ok
    assert qm.put("USER1.ABAR.QUEUE", 2).done == 2
    qm.begin_task("JOB1", correlator="JOB1")
    assert qm.put("USER1.ABAR.QUEUE", 5).done == 5
    qm.end_task()
    assert qm.get("USER1.ABAR.QUEUE", 1).done == 1
    qm.close()
    assert _tasks(qm) == [("JOB1", 5, 0, "10:00"), ("MQSC", 2, 1, "10:00")]


def test_set_system_statime_takes_effect_as_ibm_says() -> None:
    """A shorter STATIME than what is left of the interval: SMF data is gathered now and the new
    interval takes effect; a longer one: from the end of the interval in progress."""
    now = [START]
    qm = _on_clock(fresh_qmz1(), now)
    assert qm.execute("START TRACE(STAT) CLASS(1)").ok
    now[0] += dt.timedelta(minutes=5)
    assert qm.execute("SET SYSTEM STATIME(1.00)").ok
    now[0] += dt.timedelta(minutes=1, seconds=30)
    assert qm.execute("SET SYSTEM STATIME(10)").ok  # 30 s left of the 1-minute interval
    now[0] += dt.timedelta(minutes=12)
    assert qm.execute("DISPLAY TRACE(*)").ok
    ends = [f"{r.moment:%H:%M}" for r in _records(qm) if r.subtype == 2]
    assert ends == ["10:05", "10:06", "10:07", "10:17"]


def test_set_system_acctime_shorter_writes_the_long_running_task_now() -> None:
    now = [START]
    qm = _on_clock(fresh_qmz1(), now)
    assert qm.execute("START TRACE(ACCTG) CLASS(3)").ok
    assert qm.put("USER1.ABAR.QUEUE", 2).done == 2
    now[0] += dt.timedelta(minutes=5)
    assert qm.execute("SET SYSTEM ACCTIME(1.00)").ok
    assert _tasks(qm) == [("MQSC", 2, 0, "10:05")]


def test_each_connection_is_a_task_written_at_its_mqdisc() -> None:
    """A connection (the Python API's, a REST user's, `mqsc put`'s) is a task of its own: its
    records name it (WTID connection name and user) and are written when it disconnects."""
    now = [START]
    qm = _on_clock(fresh_qmz1(), now)
    assert qm.execute("START TRACE(ACCTG) CLASS(3)").ok
    with qm.connection("PAYJOB", userid="OPER1") as conn:
        assert conn.put("USER1.ABAR.QUEUE", count=3).done == 3
        assert qm.put("USER1.ABAR.QUEUE", 1).done == 1  # no connection: the process's task
        now[0] += dt.timedelta(minutes=2)
        assert conn.get("USER1.ABAR.QUEUE", count=2).done == 2
        assert _tasks(qm) == []
    assert _tasks(qm) == [("PAYJOB", 3, 2, "10:02")]
    [record] = [r for r in _records(qm) if r.rtype == 116]
    assert record.section("WTID")[0]["wtidopid"].strip() == "OPER1"
    qm.close()
    assert _tasks(qm)[1:] == [("MQSC", 1, 0, "10:02")]


def test_a_unit_of_work_is_counted_at_its_calls_and_its_commit() -> None:
    """MQPUT and MQGET in syncpoint are counted as the calls are made, as any other: the
    statistics (QMST) and the connection's task (WQ, and its MQCMITs in WTASCMN)."""
    now = [START]
    qm = _on_clock(fresh_qmz1(), now)
    for text in ("START TRACE(STAT) CLASS(1)", "START TRACE(ACCTG) CLASS(3)"):
        assert qm.execute(text).ok
    with qm.connection("UOWJOB", userid="OPER1") as conn:
        assert conn.put("USER1.ABAR.QUEUE", count=10, syncpoint=True).done == 10
        conn.commit()
        assert conn.get("USER1.ABAR.QUEUE", count=4, syncpoint=True).done == 4
        conn.commit()
    assert _tasks(qm) == [("UOWJOB", 10, 4, "10:00")]
    [task] = [r for r in _records(qm) if r.rtype == 116 and r.subtype == 1]
    assert task.section("WTAS")[0]["wtascmn"] == 2
    now[0] += dt.timedelta(minutes=30)
    assert qm.execute("DISPLAY TRACE(STAT)").ok
    [stats] = [r for r in _records(qm) if r.rtype == 115 and r.subtype == 2]
    qmst = stats.section("QMST")[0]
    assert (qmst["qmstput"], qmst["qmstget"]) == (10, 4)
