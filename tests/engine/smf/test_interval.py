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
