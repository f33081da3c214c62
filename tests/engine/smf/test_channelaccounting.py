"""Channel accounting (SMF 116 subtype 10, a QCST per channel) of a sender/receiver pair:
TRACE(ACCTG) CLASS(4), STATCHL and STATACLS, the accounting interval, STOP TRACE and STOP
CHINIT; what the records hold is what DISPLAY CHSTATUS shows."""

from __future__ import annotations

import datetime as dt

import pytest

from mqsc.catalog import CommandSource
from mqsc.engine.smf import channelaccounting, clock, record
from mqsc.engine.smf.layout import QCST
from mqsc.engine.smf.record import SmfRecord
from tests.network.test_network import set_up
from tests.network.test_network_golden import pair

START = dt.datetime(2026, 1, 15, 10, 0)
CONSOLE = CommandSource.CONSOLE
CHANNEL = "QMZ1.TO.QMZ2"


def network(now: list[dt.datetime]):
    """QMZ1's sender to QMZ2's receiver (tests/network/test_network.py), on a clock the test
    moves."""
    qmgrs, _ = pair()
    for qm in qmgrs.values():
        qm.clock = lambda: now[0]
    set_up(qmgrs)
    return qmgrs["QMZ1"], qmgrs["QMZ2"]


def run(qm, *texts: str) -> None:
    for text in texts:
        result = qm.execute(text, source=CONSOLE)
        assert result.ok, (text, [str(m) for m in result.messages()])


def channel_records(qm) -> list[SmfRecord]:
    return [
        r
        for r in record.read_records(qm.smf_sink.read())
        if isinstance(r, SmfRecord) and r.rtype == 116 and r.subtype == 10
    ]


def qcsts(qm) -> list[dict]:
    return [dict(e) for r in channel_records(qm) for e in r.section("QCST")]


def chstatus(qm, channel: str = CHANNEL):
    [status] = qm.execute(f"DISPLAY CHSTATUS({channel}) ALL", source=CONSOLE).objects
    return status


def traced(now: list[dt.datetime], level: str = "HIGH"):
    qmz1, qmz2 = network(now)
    run(qmz1, f"ALTER CHANNEL({CHANNEL}) CHLTYPE(SDR) STATCHL({level})")
    run(qmz2, f"ALTER CHANNEL({CHANNEL}) CHLTYPE(RCVR) STATCHL({level})")
    for qm in (qmz1, qmz2):
        run(qm, "START TRACE(ACCTG) CLASS(4)")
    run(qmz1, f"START CHANNEL({CHANNEL})")
    return qmz1, qmz2


def test_each_end_writes_what_display_chstatus_shows() -> None:
    now = [START]
    qmz1, qmz2 = traced(now)
    assert qmz1.put("PAY.OUT", 5, 100, persistent=True).done == 5
    now[0] += dt.timedelta(minutes=10)
    assert qmz1.put("PAY.OUT", 120, 100, persistent=True).done == 120
    now[0] += dt.timedelta(minutes=20)  # ACCTIME -1: STATIME's 30 minutes
    for qm, chltype, rqmname, code in ((qmz1, "SDR", "QMZ2", 1), (qmz2, "RCVR", "QMZ1", 3)):
        status = chstatus(qm)  # the command that finds the interval over
        [rec] = channel_records(qm)
        [qcst] = rec.section("QCST")
        assert qcst["qcstchnm"].strip() == CHANNEL and status.get("CHLTYPE") == chltype
        assert qcst["qcstchty"] == code and qcst["qcstchst"] == 3  # MQCHS_RUNNING
        assert status.get("STATUS") == "RUNNING"
        assert qcst["qcstnmsg"] == status.get("MSGS") == 125
        assert qcst["qcstbatc"] == status.get("BATCHES") == 4  # 5, then 50 + 50 + 20
        assert qcst["qcstfuba"] == 2
        assert qcst["qcstcbsz"] == status.get("BATCHSZ") == 50
        assert qcst["qcstrqmn"].strip() == status.get("RQMNAME") == rqmname
        assert qcst["qcstcnnm"].strip() == str(status.get("CONNAME"))
        assert qcst["qcststcl"] == 65 and qcst["qcstchdp"] == 4  # MQMON_HIGH, MQCHLD_PRIVATE
        assert clock.from_stck(qcst["qcststrt"]) == START
        assert clock.from_stck(qcst["qcstlmst"]) == START + dt.timedelta(minutes=10)
        assert clock.from_stck(qcst["qcstcltm"]) == START + dt.timedelta(minutes=30)
        assert clock.from_stck(rec.product["qwhstime"]) == START
        assert rec.product["qwhsdurn"] == clock.stck_duration(1800)
        assert rec.ssid == qm.name and rec.product["qwhsnsda"] == 2


def test_the_next_interval_holds_its_own_share() -> None:
    now = [START]
    qmz1, _ = traced(now)
    qmz1.put("PAY.OUT", 30, 100)
    now[0] += dt.timedelta(minutes=30)
    qmz1.put("PAY.OUT", 7, 100)  # in the second interval
    now[0] += dt.timedelta(minutes=30)
    assert chstatus(qmz1).get("MSGS") == 37
    assert [(q["qcstnmsg"], q["qcstbatc"]) for q in qcsts(qmz1)] == [(30, 1), (7, 1)]


def test_a_quiet_channel_is_written_every_interval_with_zero_counts() -> None:
    now = [START]
    qmz1, _ = traced(now)
    now[0] += dt.timedelta(minutes=65)  # two intervals over: the clock moved far
    run(qmz1, "DISPLAY TRACE(*)")
    assert [q["qcstnmsg"] for q in qcsts(qmz1)] == [0, 0]


@pytest.mark.parametrize(
    ("qmgr", "channel", "written"),
    [
        ("OFF", "HIGH", 65),
        ("MEDIUM", "QMGR", 33),
        ("LOW", "QMGR", 17),
        ("OFF", "QMGR", None),  # the queue manager's default: nothing
        ("HIGH", "OFF", None),
        ("NONE", "HIGH", None),  # NONE: off whatever the channels say
    ],
)
def test_statchl_decides(qmgr: str, channel: str, written: int | None) -> None:
    now = [START]
    qmz1, _ = traced(now, channel)
    run(qmz1, f"ALTER QMGR STATCHL({qmgr})")
    qmz1.put("PAY.OUT", 3, 100)
    now[0] += dt.timedelta(minutes=30)
    run(qmz1, "DISPLAY TRACE(*)")
    assert [q["qcststcl"] for q in qcsts(qmz1)] == ([written] if written is not None else [])
    if written is None:
        assert channel_records(qmz1) == []


def test_stop_trace_writes_what_is_pending() -> None:
    now = [START]
    qmz1, _ = traced(now)
    qmz1.put("PAY.OUT", 4, 100)
    now[0] += dt.timedelta(minutes=12)
    run(qmz1, "STOP TRACE(ACCTG) CLASS(4)")
    [rec] = channel_records(qmz1)
    assert rec.section("QCST")[0]["qcstnmsg"] == 4
    assert rec.product["qwhsdurn"] == clock.stck_duration(12 * 60)
    assert qmz1.state.tables["smf"].get(channelaccounting.KEY) is None
    qmz1.put("PAY.OUT", 4, 100)
    now[0] += dt.timedelta(hours=2)
    run(qmz1, "DISPLAY TRACE(*)")
    assert len(channel_records(qmz1)) == 1  # nothing more without the trace


def test_other_accounting_classes_write_no_channel_records() -> None:
    now = [START]
    qmz1, _ = network(now)
    run(qmz1, f"ALTER CHANNEL({CHANNEL}) CHLTYPE(SDR) STATCHL(HIGH)")
    run(qmz1, "START TRACE(ACCTG) CLASS(1,3)", f"START CHANNEL({CHANNEL})")
    qmz1.put("PAY.OUT", 4, 100)
    now[0] += dt.timedelta(minutes=31)
    run(qmz1, "DISPLAY TRACE(*)")
    assert channel_records(qmz1) == []
    # ALTER TRACE adding class 4 starts it; taking it away writes what is pending.
    run(qmz1, "ALTER TRACE(ACCTG) TNO(02) CLASS(1,3,4)")
    qmz1.put("PAY.OUT", 2, 100)
    now[0] += dt.timedelta(minutes=5)
    run(qmz1, "ALTER TRACE(ACCTG) TNO(02) CLASS(1)")
    assert [q["qcstnmsg"] for q in qcsts(qmz1)] == [2]


def test_stop_chinit_writes_the_channels_then_counts_afresh() -> None:
    now = [START]
    qmz1, _ = traced(now)
    qmz1.put("PAY.OUT", 6, 100)
    now[0] += dt.timedelta(minutes=3)
    run(qmz1, "STOP CHINIT")
    assert [(q["qcstnmsg"], q["qcstchst"]) for q in qcsts(qmz1)] == [(6, 3)]
    run(qmz1, "START CHINIT", f"START CHANNEL({CHANNEL})")
    qmz1.put("PAY.OUT", 2, 100)
    now[0] += dt.timedelta(minutes=30)
    run(qmz1, "DISPLAY TRACE(*)")
    assert [q["qcstnmsg"] for q in qcsts(qmz1)] == [6, 2]


def test_a_channel_stopped_within_the_interval_is_written_once() -> None:
    now = [START]
    qmz1, _ = traced(now)
    qmz1.put("PAY.OUT", 6, 100)
    run(qmz1, f"STOP CHANNEL({CHANNEL})")
    now[0] += dt.timedelta(minutes=30)
    run(qmz1, "DISPLAY TRACE(*)")
    now[0] += dt.timedelta(minutes=30)
    run(qmz1, "DISPLAY TRACE(*)")
    assert [(q["qcstnmsg"], q["qcstchst"]) for q in qcsts(qmz1)] == [(6, 6)]  # MQCHS_STOPPED


def test_stop_qmgr_writes_what_is_pending() -> None:
    now = [START]
    qmz1, _ = traced(now)
    qmz1.put("PAY.OUT", 9, 100)
    now[0] += dt.timedelta(minutes=1)
    run(qmz1, "STOP QMGR")
    assert [q["qcstnmsg"] for q in qcsts(qmz1)] == [9]


def test_smfacct_starts_channel_accounting_at_start_up() -> None:
    """SMFACCT of CSQ6SYSP with class 4 starts the accounting trace before CSQINP1; the channel
    initiator started later is counted from then."""
    from mqsc.engine.manager import QueueManager
    from mqsc.network.transport import Network

    now = [START]
    template = pair()[0]["QMZ1"]
    qmgrs = {
        name: QueueManager.create(
            name,
            csqinp1=template.csqinp1,
            csqinp2=template.csqinp2,
            clock=lambda: now[0],
            parameters={"SMFACCT": (4,)} if name == "QMZ1" else {},
        )
        for name in ("QMZ1", "QMZ2")
    }
    Network(list(qmgrs.values()))
    set_up(qmgrs)
    qmz1 = qmgrs["QMZ1"]
    run(qmz1, f"ALTER CHANNEL({CHANNEL}) CHLTYPE(SDR) STATCHL(LOW)", f"START CHANNEL({CHANNEL})")
    qmz1.put("PAY.OUT", 2, 100)
    now[0] += dt.timedelta(minutes=30)
    run(qmz1, "DISPLAY TRACE(*)")
    assert [(q["qcstnmsg"], q["qcststcl"]) for q in qcsts(qmz1)] == [(2, 17)]


@pytest.mark.parametrize(
    "text",
    [
        f"ALTER CHANNEL({CHANNEL}) CHLTYPE(SDR) STATCHL(BAD)",
        "ALTER QMGR STATCHL(BAD)",
        "ALTER QMGR STATACLS(NONE)",
        f"ALTER CHANNEL({CHANNEL}) CHLTYPE(SDR) STATCHL(NONE)",
    ],
)
def test_a_bad_statchl_is_refused_and_changes_nothing(text: str) -> None:
    now = [START]
    qmz1, _ = traced(now)
    tables = ("channel", "qmgr", "smf", "trace")
    before = {t: dict(qmz1.state.tables[t]) for t in tables}
    channel = qmz1.execute(f"DISPLAY CHANNEL({CHANNEL}) STATCHL", source=CONSOLE).objects
    qmgr = qmz1.execute("DISPLAY QMGR STATCHL STATACLS", source=CONSOLE).objects
    result = qmz1.execute(text, source=CONSOLE)
    assert not result.ok
    assert qmz1.execute(f"DISPLAY CHANNEL({CHANNEL}) STATCHL", source=CONSOLE).objects == channel
    assert qmz1.execute("DISPLAY QMGR STATCHL STATACLS", source=CONSOLE).objects == qmgr
    assert {t: dict(qmz1.state.tables[t]) for t in tables} == before


def test_records_split_when_many_channels_run() -> None:
    """One record holds as many QCST as fit in 32,756 bytes; more go to further records."""
    from mqsc.engine.smf import build

    entries = tuple({"qcstchnm": f"C{i}", "qcstnmsg": i} for i in range(150))
    recs = build.channel_accounting(
        build.ChannelFigures("QMZ1", START, START + dt.timedelta(minutes=30), entries)
    )
    per = (32_756 - 28 - 16 - 52) // QCST.size
    assert [len(r.section("QCST")) for r in recs] == [per, 150 - per]
    assert all(len(record.encode(r)) <= 32_756 for r in recs)
    assert build.channel_accounting(build.ChannelFigures("QMZ1", START, START)) == []


def test_a_channel_that_ended_inactive_within_the_interval_is_written_from_its_mca() -> None:
    """IBM ("Planning for channel initiator SMF data"): a channel that stops within the SMF
    interval is written the next time SMF processing runs; STATUS(INACTIVE) leaves no status
    to read."""
    now = [START]
    qmz1, qmz2 = traced(now)
    qmz1.put("PAY.OUT", 4, 100)
    now[0] += dt.timedelta(minutes=35)  # the first interval: 4
    run(qmz1, "DISPLAY TRACE(*)")
    qmz1.put("PAY.OUT", 6, 100)
    now[0] += dt.timedelta(minutes=5)
    run(qmz1, f"STOP CHANNEL({CHANNEL}) STATUS(INACTIVE)")
    assert not qmz1.execute(f"DISPLAY CHSTATUS({CHANNEL})", source=CONSOLE).objects
    now[0] += dt.timedelta(minutes=20)
    run(qmz1, "DISPLAY TRACE(*)")  # the second interval: the ended run's 6
    now[0] += dt.timedelta(minutes=30)
    run(qmz1, "DISPLAY TRACE(*)")  # the third: nothing ran
    written = [(q["qcstnmsg"], q["qcstchst"], q["qcstludt"] != 0) for q in qcsts(qmz1)]
    assert written == [(4, 3, False), (6, 0, True)]  # MQCHS_RUNNING, then MQCHS_INACTIVE
    [ended] = [q for q in qcsts(qmz1) if q["qcstludt"]]
    assert clock.from_stck(ended["qcstludt"]) == START + dt.timedelta(minutes=40)


def test_a_channel_started_again_within_the_interval_counts_both_runs() -> None:
    now = [START]
    qmz1, _ = traced(now)
    qmz1.put("PAY.OUT", 40, 100)
    now[0] += dt.timedelta(minutes=31)
    run(qmz1, "DISPLAY TRACE(*)")  # the first interval: 40
    qmz1.put("PAY.OUT", 3, 100)
    now[0] += dt.timedelta(minutes=1)
    run(qmz1, f"STOP CHANNEL({CHANNEL}) STATUS(INACTIVE)")
    now[0] += dt.timedelta(minutes=1)
    run(qmz1, f"START CHANNEL({CHANNEL})")
    qmz1.put("PAY.OUT", 45, 100)  # more than the 43 the first run had counted
    now[0] += dt.timedelta(minutes=30)
    run(qmz1, "DISPLAY TRACE(*)")
    assert chstatus(qmz1).get("MSGS") == 45
    second = sorted((q["qcstnmsg"], q["qcstchst"]) for q in qcsts(qmz1)[1:])
    assert second == [(3, 0), (45, 3)]


def test_the_statistics_interval_knows_the_key_and_class() -> None:
    from mqsc.engine.smf import interval

    assert (interval.TABLE, interval.CHANNELS, interval.CHANNEL_CLASS) == (
        channelaccounting.TABLE,
        channelaccounting.KEY,
        channelaccounting.CLASS,
    )
