"""The channel initiator's records in the state store (mqsc/engine/channelrecords.py): a home
whose queue manager row holds the channel state as plain mappings, exactly as homes written
before the records were typed hold it, opens, displays, runs and is written back unchanged."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from mqsc.catalog import CommandSource
from mqsc.engine.channelrecords import (
    BatchInDoubt,
    ChannelStatus,
    ChannelSync,
    ChinitState,
)
from mqsc.store.home import open_qmgr

#: What a queue manager's row held after a sender moved a batch of three persistent messages,
#: was stopped, had a second batch begun and left in doubt, and another sender was retrying
#: (captured from main at ba3d19c, the last version that kept these as dicts).
STORED = {
    "CHINIT": "ACTIVE",
    "LISTENERS": [1414],
    "CHSTATUS": {
        "QMZ1.TO.QMZ2": {
            "CHLTYPE": "SDR",
            "CONNAME": "b(1415)",
            "XMITQ": "QMZ2",
            "STATUS": "STOPPED",
            "MSGS": 3,
            "BATCHES": 1,
            "RQMNAME": "QMZ2",
            "SHORTRTS": 10,
            "LONGRTS": 999999999,
            "LASTAT": "2026-01-15 10.30.00",
        },
        "TO.NOWHERE": {
            "CHLTYPE": "SDR",
            "CONNAME": "c(1499)",
            "XMITQ": "QMZ2",
            "STATUS": "RETRYING",
            "MSGS": 0,
            "BATCHES": 0,
            "RQMNAME": "",
            "SHORTRTS": 9,
            "LONGRTS": 999999999,
            "RETRYAT": "2026-01-15 10.31.00",
        },
        # Stopped by SUSPEND QMGR MODE(FORCE) before it ever ran: no counts at all.
        "TO.QMZ1": {"CHLTYPE": "CLUSRCVR", "CONNAME": "", "XMITQ": "", "STATUS": "STOPPED"},
    },
    "CHSYNC": {
        "QMZ1.TO.QMZ2": {
            "BATCHNO": 2,
            "SEQNO": 3,
            "LUWID": "6F66D0B83B117209",
            "INDOUBT": {
                "LUWID": "FE1D66879EDFF83F",
                "SEQNO": 5,
                "COUNT": 2,
                "XMITQ": "QMZ2",
                "OWNER": "1:1",
                "RUNS": [[1, 2]],
                "FAST": [],
            },
        },
        "B.TO.QMZ1": {"SEQNO": 7, "LUWID": "0123456789ABCDEF"},
    },
}

DECK = (
    "DEFINE QLOCAL(QMZ2) USAGE(XMITQ)",
    "DEFINE CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(SDR) TRPTYPE(TCP) CONNAME('b(1415)') XMITQ(QMZ2)",
    "DEFINE CHANNEL(TO.NOWHERE) CHLTYPE(SDR) TRPTYPE(TCP) CONNAME('c(1499)') XMITQ(QMZ2)",
    "DEFINE CHANNEL(B.TO.QMZ1) CHLTYPE(RCVR) TRPTYPE(TCP)",
)


def _row(db: Path) -> dict:
    (data,) = (
        sqlite3.connect(db)
        .execute("SELECT data FROM entity WHERE qmgr = 'QMZ1' AND tbl = 'qmgr'")
        .fetchone()
    )
    return json.loads(data)


def _write_row(db: Path, row: dict) -> None:
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(
            "UPDATE entity SET data = ? WHERE qmgr = 'QMZ1' AND tbl = 'qmgr'", (json.dumps(row),)
        )
    conn.close()


def _stored_chinit(row: dict) -> dict:
    return {k: v for k, v in row["attrs"].items() if k in STORED}


def _home_as_stored_before(tmp_path: Path) -> Path:
    db = tmp_path / "qm.db"
    qm = open_qmgr("QMZ1", state=db)
    for text in DECK:
        assert qm.execute(text).ok, text
    qm.close()
    row = _row(db)
    row["attrs"] = {**row["attrs"], **STORED}
    _write_row(db, row)
    return db


def test_a_home_with_the_channel_state_as_plain_mappings_opens_as_records(tmp_path: Path) -> None:
    db = _home_as_stored_before(tmp_path)
    qm = open_qmgr("QMZ1", state=db)
    try:
        chinit = qm.info.chinit
        assert chinit.active and chinit.listeners == (1414,)
        assert chinit.statuses["QMZ1.TO.QMZ2"] == ChannelStatus(
            "SDR",
            "b(1415)",
            "QMZ2",
            "STOPPED",
            msgs=3,
            batches=1,
            rqmname="QMZ2",
            lastat="2026-01-15 10.30.00",
            shortrts=10,
            longrts=999999999,
        )
        assert chinit.statuses["TO.NOWHERE"].retryat == "2026-01-15 10.31.00"
        assert chinit.statuses["TO.QMZ1"].msgs is None
        assert chinit.syncs["QMZ1.TO.QMZ2"] == ChannelSync(
            3,
            "6F66D0B83B117209",
            2,
            BatchInDoubt("FE1D66879EDFF83F", 5, 2, "QMZ2", "1:1", ((1, 2),), ()),
        )
        # Not among the MQSC attributes: DISPLAY QMGR and ALTER QMGR never see them.
        assert not set(STORED) & set(qm.info.attrs)
        shown = qm.execute("DISPLAY CHSTATUS(QMZ1.TO.QMZ2) ALL").objects[0]
        assert (shown.get("INDOUBT"), shown.get("CURLUWID"), shown.get("LSTLUWID")) == (
            "YES",
            "FE1D66879EDFF83F",
            "6F66D0B83B117209",
        )
        assert (shown.get("CURSEQNO"), shown.get("LSTSEQNO"), shown.get("MSGS")) == (5, 3, 3)
        saved = qm.execute("DISPLAY CHSTATUS(B.TO.QMZ1) SAVED LSTSEQNO").objects[0]
        assert (saved.get("STATUS"), saved.get("LSTSEQNO")) == ("INACTIVE", 7)
        # Any change to the queue manager's record writes the channel state back as it was.
        assert qm.execute("ALTER QMGR DESCR('written back')").ok
    finally:
        qm.close()
    row = _row(db)
    assert row["attrs"]["DESCR"] == "written back"
    assert _stored_chinit(row) == STORED


def test_the_stored_in_doubt_batch_is_resolved_and_stored_as_before(tmp_path: Path) -> None:
    db = _home_as_stored_before(tmp_path)
    qm = open_qmgr("QMZ1", state=db)
    try:
        done = qm.execute(
            "RESOLVE CHANNEL(QMZ1.TO.QMZ2) ACTION(BACKOUT)", source=CommandSource.CONSOLE
        )
        assert done.ok
        assert "MQSC338I" in {m.msg_id for m in done.messages()}
        assert qm.execute("STOP CHINIT", source=CommandSource.CONSOLE).ok
    finally:
        qm.close()
    stored = _stored_chinit(_row(db))
    # STOP CHINIT: no longer active, no listeners; STOPPED channels and every channel's
    # synchronisation data stay; the batch backed out is no longer in doubt.
    assert stored == {
        "CHSTATUS": {
            "QMZ1.TO.QMZ2": STORED["CHSTATUS"]["QMZ1.TO.QMZ2"],
            "TO.QMZ1": STORED["CHSTATUS"]["TO.QMZ1"],
        },
        "CHSYNC": {
            "QMZ1.TO.QMZ2": {"BATCHNO": 2, "SEQNO": 3, "LUWID": "6F66D0B83B117209"},
            "B.TO.QMZ1": STORED["CHSYNC"]["B.TO.QMZ1"],
        },
    }


_text = st.text("ABCQMZ.0123 ", max_size=12)
_count = st.none() | st.integers(0, 999_999_999)
_statuses = st.builds(
    ChannelStatus,
    st.sampled_from(["SDR", "SVR", "RCVR", "RQSTR", "CLUSSDR", "CLUSRCVR"]),
    _text,
    _text,
    st.sampled_from(["RUNNING", "RETRYING", "STOPPED", "REQUESTING"]),
    _count,
    _count,
    st.none() | _text,
    _text,
    _text,
    _count,
    _count,
    st.none() | _text,
    st.booleans(),
    st.booleans(),
)
_runs = st.lists(st.tuples(st.integers(1, 10**6), st.integers(1, 5000)), max_size=3).map(tuple)
_doubts = st.builds(BatchInDoubt, _text, st.integers(1), st.integers(1), _text, _text, _runs, _runs)
_syncs = st.builds(ChannelSync, _count, st.none() | _text, _count, st.none() | _doubts)


@given(
    st.builds(
        ChinitState,
        st.booleans(),
        st.lists(st.integers(1, 65535), unique=True, max_size=3).map(lambda p: tuple(sorted(p))),
        st.dictionaries(_text, _statuses, max_size=3),
        st.dictionaries(_text, _syncs, max_size=3),
    )
)
def test_records_and_their_stored_form_make_a_round_trip(chinit: ChinitState) -> None:
    stored = json.loads(json.dumps(chinit.to_attrs()))
    assert ChinitState.from_attrs(stored) == chinit
