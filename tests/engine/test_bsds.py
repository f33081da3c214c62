"""The active log ring, the offload task and the BSDS inventory (mqsc/engine/bsds.py)."""

from __future__ import annotations

import datetime as dt

from mqsc.engine import bsds

T0 = dt.datetime(2026, 11, 28, 10, 0, 0)
MB = 2**20
PARAMS = bsds.ArchiveSettings(prefix1="QMZ1.ARC1", prefix2="QMZ1.ARC2", tstamp="NO")


def ring(n=2, size=110 * MB, dual=True) -> bsds.Bsds:
    return bsds.new("QMZ1", [size] * n, dual_active=dual, dual_bsds=True)


def test_a_new_queue_manager_writes_its_first_active_log():
    b = ring(3)
    assert [s.dsn1 for s in b.ring] == [
        "QMZ1.LOGCOPY1.DS01",
        "QMZ1.LOGCOPY1.DS02",
        "QMZ1.LOGCOPY1.DS03",
    ]
    assert b.ring[0].status == bsds.CURRENT and b.switch_at == 110 * MB
    assert b.bsds == ("QMZ1.BSDS01", "QMZ1.BSDS02")


def test_a_switch_queues_the_full_log_for_offload_and_moves_on():
    b, events, problem, _ = bsds.switch(ring(3), 110 * MB, T0, PARAMS, dual=True)
    assert problem == ""
    assert [e.msg_id for e in events] == ["CSQJ002I", "CSQJ002I", "CSQJ001I", "CSQJ001I"]
    assert b.current == 1 and b.ring[0].status == bsds.FULL and b.pending == (0,)
    # 110 MB at 110 MB/s: the offload ends a second later.
    assert bsds.moment(b.busy_until) == T0 + dt.timedelta(seconds=1)
    b, events, made = bsds.advance(b, T0 + dt.timedelta(seconds=1), PARAMS)
    assert [a.dsn for a in made] == ["QMZ1.ARC1.A0000001", "QMZ1.ARC2.A0000001"]
    assert [e.msg_id for e in events] == ["CSQJ003I", "CSQJ003I"]
    assert b.ring[0].status == bsds.REUSABLE and not b.pending and not b.busy_until
    assert (made[0].start, made[0].end) == (0, 110 * MB - 1)


def test_compacted_archives_are_written_at_38_mb_per_second():
    params = bsds.ArchiveSettings(compact="YES")
    b, _, _, _ = bsds.switch(ring(size=38 * MB), 38 * MB, T0, params, dual=True)
    assert bsds.moment(b.busy_until) - T0 == dt.timedelta(seconds=1)


def test_when_every_active_log_is_full_the_writer_waits_for_the_offload():
    b = ring(2)
    b, _, _, _ = bsds.switch(b, 110 * MB, T0, PARAMS, dual=True)  # DS01 full, offloading
    b, events, problem, _ = bsds.switch(b, 220 * MB, T0, PARAMS, dual=True)  # DS02 full: wait
    assert problem == ""
    ids = [e.msg_id for e in events]
    assert "CSQJ111A" in ids and "CSQJ003I" in ids
    assert b.current == 0 and b.ring[0].start == 220 * MB
    assert b.waits == 1 and b.waited == 1.0
    assert bsds.now_of(b, T0) == T0 + dt.timedelta(seconds=1)


def test_without_offload_a_full_log_is_reused_at_once():
    params = bsds.ArchiveSettings(offload=False)
    b, _, _, _ = bsds.switch(ring(2), 110 * MB, T0, params, dual=True)
    b, events, problem, _ = bsds.switch(b, 220 * MB, T0, params, dual=True)
    assert problem == "" and "CSQJ111A" not in [e.msg_id for e in events]
    assert not b.archives and b.current == 0


def test_the_archive_data_set_names_follow_arcpfx_and_tstamp():
    params = bsds.ArchiveSettings(prefix1="QMZ1.ARC1", prefix2="QMZ1.ARC2", tstamp="YES")
    b, _, _, _ = bsds.switch(ring(3), 110 * MB, T0, params, dual=True)
    _, _, made = bsds.advance(b, T0 + dt.timedelta(seconds=5), params)
    assert [a.dsn for a in made] == [
        "QMZ1.ARC1.D26332.T1000000.A0000001",
        "QMZ1.ARC2.D26332.T1000000.A0000001",
    ]


def test_the_bsds_keeps_maxarch_archives():
    params = bsds.ArchiveSettings(dual=False, maxarch=10)
    b = ring(2, size=MB, dual=False)
    rba, now = 0, T0
    for _ in range(15):
        rba = b.switch_at
        b, _, problem, _ = bsds.switch(b, rba, now, params, dual=False)
        assert problem == ""
        now = bsds.now_of(b, now) + dt.timedelta(seconds=1)
        b, _, _ = bsds.advance(b, now, params)
    assert len(b.archives) == 10 and b.archives[-1].dsn.endswith("A0000015")


def test_restart_reads_active_logs_then_archives():
    params = bsds.ArchiveSettings(dual=False)
    b = ring(2, size=100, dual=False)
    now = T0
    for rba in (100, 200, 300):
        b, _, _, _ = bsds.switch(b, rba, now, params, dual=False)
        now += dt.timedelta(seconds=10)
        b, _, _ = bsds.advance(b, now, params)
    active, archive, read = bsds.restart_range(b, 50, 350)
    # 200-350 are in the two active logs; 50-200 only in archives now.
    assert (active, archive) == (150, 150)
    assert read[0].startswith("CSQARC1.A") and "QMZ1.LOGCOPY1.DS01" in read


def test_define_log_adds_slots_used_after_the_last_added():
    b = ring(2)
    b = bsds.add_active(b, 1, "QMZ1.LOGCOPY1.DS03", 50 * MB)
    assert len(b.ring) == 3 and not bsds.usable(b.ring[2], dual=True)
    b = bsds.add_active(b, 2, "QMZ1.LOGCOPY2.DS03", 60 * MB)
    assert bsds.usable(b.ring[2], dual=True) and b.ring[2].size == 50 * MB
    assert bsds.copy_count(b, 1) == 3 and "QMZ1.LOGCOPY2.DS03" in bsds.names_in_use(b)
