"""Records from interval and task figures, and figures back from records."""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from mqsc.engine.smf import build, record
from mqsc.engine.smf.build import StatFigures, TaskFigures
from mqsc.engine.smf.record import SmfRecord

START = dt.datetime(2026, 1, 15, 10, 30)
END = START + dt.timedelta(minutes=1)


def _pool(pool: int, getp: int) -> dict:
    return {
        "qpstpool": pool,
        "qpstnbuf": 50_000,
        "qpstcbsl": 49_000,
        "qpstcbs": 49_500,
        "qpstgetp": getp,
    }


def test_classes_give_subtypes() -> None:
    figures = StatFigures(
        "QMZ1",
        START,
        END,
        pools=(_pool(0, 3),),
        pagesets=({"qis1psno": 0, "qis1topg": 1080},),
        queues=({"qqstqnam": "MP1B.TESTER", "qqstdpth": 7},),
    )
    subtypes = lambda classes: [r.subtype for r in build.statistics(figures, classes)]  # noqa: E731
    assert subtypes(frozenset({1, 2})) == [1, 2, 215, 201]
    assert subtypes(frozenset({1, 2, 4, 5})) == [1, 2, 215, 201, 216]  # no chinit: no 231
    assert subtypes(frozenset({5})) == [216]
    chinit = StatFigures(
        "QMZ1", START, END, chinit={"qcctjobn": "QMZ1CHIN"}, dispatchers=({"qcttskn": 1},) * 5
    )
    assert [r.subtype for r in build.statistics(chinit, frozenset({4}))] == [231]


def test_interval_in_the_qwhs() -> None:
    rec = build.statistics(StatFigures("QMZ1", START, END), frozenset({1}))[0]
    back = record.decode(record.encode(rec))
    assert isinstance(back, SmfRecord)
    assert back.product["qwhsdurn"] == 60_000_000  # mq-smf-csv prints value/1,000,000 = 60
    assert back.moment == END and back.product["qwhsiid"] == 1


@given(st.integers(0, 250))
def test_many_queues_split_over_records(count: int) -> None:
    queues = tuple({"qqstqnam": f"Q{i}", "qqstdpth": i} for i in range(count))
    records = build.statistics(StatFigures("QMZ1", START, END, queues=queues), frozenset({5}))
    names = [e["qqstqnam"].strip() for r in records for e in r.section("QQST")]
    assert names == [f"Q{i}" for i in range(count)]
    for rec in records:
        assert len(record.encode(rec)) <= record.MAX_RECORD


@given(st.integers(0, 40))
def test_task_queues_over_subtypes_1_and_2(count: int) -> None:
    task = TaskFigures(
        "QMZ1",
        START,
        END,
        connection="LOADQ",
        userid="USER1",
        queues=tuple({"objname": f"Q{i}", "putn": i} for i in range(count)),
    )
    records = build.accounting(task, frozenset({1, 3}))
    assert records[0].subtype == 0 and records[1].subtype == 1
    assert all(r.subtype == 2 for r in records[2:])
    wq = [e for r in records for e in r.section("WQ")]
    assert [e["objname"].strip() for e in wq] == [f"Q{i}" for i in range(count)]
    assert records[1].section("WTAS")[0]["wtaswqct"] == count
    assert {e["correl"] for e in wq} <= {
        records[1].section("WTAS")[0]["wtasstrt"].to_bytes(8, "big") + bytes(8)
    }
    for rec in records:
        assert len(record.encode(rec)) <= record.MAX_RECORD


def test_pool_figures_back() -> None:
    earlier = StatFigures("QMZ1", START - dt.timedelta(minutes=1), START, pools=(_pool(0, 1),))
    figures = StatFigures(
        "QMZ1",
        START,
        END,
        pools=(_pool(0, 9), _pool(3, 4)),
        pagesets=({"qis1psno": 3, "qis1bpno": 3, "qis1topg": 1080},),
    )
    records = [
        record.decode(record.encode(r))
        for f in (earlier, figures)
        for r in build.statistics(f, frozenset({2}))
    ]
    got = build.pool_and_pageset_figures(records)
    assert got["bufferPools"][0]["GETP"] == 9 and got["bufferPools"][3]["GETP"] == 4
    assert got["pageSets"][3]["TOPG"] == 1080
    assert got["interval"]["seconds"] == 60
    assert build.pool_and_pageset_figures([])["bufferPools"] == {}
