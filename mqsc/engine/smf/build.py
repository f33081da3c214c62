"""SMF records from what an interval (115) or a task (116) did, and the figures back.

The engine gathers its figures under IBM's field names (``qpstgetp``, ``qmstput``...) into
:class:`StatFigures` and :class:`TaskFigures`; :func:`statistics` and :func:`accounting` lay
them out as the records IBM MQ writes for the trace classes that run, splitting a section with
many entries (queues, queue records of a task) over several records as IBM does, so none passes
32,756 bytes. :func:`pool_and_pageset_figures` reads the buffer pool and page set figures back
from records: what ``mqsc stats`` shows, from a dump or from the interval in progress.

Which statistics class gives which subtype: class 1 the system and queue manager records
(subtypes 1 and 2, IFCIDs 0001 and 0002: IBM MQ START TRACE), class 4 the channel initiator's
(231), class 5 the queue statistics (216). IBM's current page does not say which class gives
the page set and buffer pool records (201, 215): mqsc writes them with class 2 (UNVERIFIED),
in the default CLASS(1,2) of START TRACE(STAT). Accounting class 1 gives subtype 0, class 3
subtypes 1 and 2 ("Interpreting IBM MQ accounting data").
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mqsc.engine.smf import clock
from mqsc.engine.smf.layout import (
    IFCIDS,
    SECTIONS,
    SMF_HEADER,
    TRIPLETS,
    WQ_VERSION,
    WTAS_VERSION,
)
from mqsc.engine.smf.record import (
    CHANNEL_SUBTYPE,
    MAX_RECORD,
    Section,
    SmfRecord,
    product_layout,
)

Figures = Mapping[str, Any]
#: The z/OS system the simulated queue managers run on (the lab's, seed 000).
SYSTEM_ID = "SOW1"


@dataclass(frozen=True, slots=True)
class StatFigures:
    """What one statistics interval of a queue manager saw, by IBM field name."""

    qmgr: str
    start: dt.datetime
    end: dt.datetime
    qsg: str = ""
    qsst: Figures = field(default_factory=dict)
    qjst: Figures = field(default_factory=dict)
    qlst: Figures = field(default_factory=dict)
    qmst: Figures = field(default_factory=dict)
    qist: Figures = field(default_factory=dict)
    qtst: Figures = field(default_factory=dict)
    #: One entry per CF structure (a queue sharing group only).
    qest: tuple[Figures, ...] = ()
    pools: tuple[Figures, ...] = ()
    pagesets: tuple[Figures, ...] = ()
    #: Queues whose statistics are collected (STATQ).
    queues: tuple[Figures, ...] = ()
    #: The channel initiator (None when it is not running): QCCT, then its tasks.
    chinit: Figures | None = None
    dispatchers: tuple[Figures, ...] = ()
    adapters: tuple[Figures, ...] = ()


@dataclass(frozen=True, slots=True)
class TaskFigures:
    """What one task (a connection: a batch job step, a CICS transaction...) did, by IBM
    field name: its identity (WTID, QWHC), its totals (WTAS, QWAC, QMAC) and one WQ entry per
    queue it used."""

    qmgr: str
    start: dt.datetime
    end: dt.datetime
    #: Connection type (WTIDATYP: 1 batch, as the MQ accounting records number them).
    conntype: int = 1
    connection: str = ""
    userid: str = ""
    correlator: str = ""
    channel: str = ""
    channel_conn: str = ""
    wtas: Figures = field(default_factory=dict)
    qwac: Figures = field(default_factory=dict)
    qmac: Figures = field(default_factory=dict)
    queues: tuple[Figures, ...] = ()


def _product(
    rtype: int,
    subtype: int,
    qmgr: str,
    start: dt.datetime,
    end: dt.datetime,
    extra: Figures | None = None,
) -> dict[str, Any]:
    values: dict[str, Any] = {
        "qwhsiid": IFCIDS[(rtype, subtype)],
        "qwhsssid": qmgr,
        "qwhsstck": clock.stck(end),
    }
    if rtype == 115 or subtype == CHANNEL_SUBTYPE:
        seconds = max(0.0, (end - start).total_seconds())
        # The channel initiator's records (231, and its channel accounting, mqsc's choice
        # for 116 subtype 10) keep the duration in STCK units, the queue manager's in
        # microseconds (mq-smf-csv CHANGES, October 2016: "SMF 115 subtype 231
        # (CHIN) records do not use same scale for qwhsdurn").
        values["qwhstime"] = clock.stck(start)
        values["qwhsdurn"] = (
            clock.stck_duration(seconds)
            if subtype in (231, CHANNEL_SUBTYPE)
            else int(round(seconds * 1_000_000))
        )
    return {**values, **(extra or {})}


def _record(
    rtype: int,
    subtype: int,
    qmgr: str,
    start: dt.datetime,
    end: dt.datetime,
    sections: Sequence[tuple[str | None, Sequence[Figures]]],
    extra: Figures | None = None,
) -> SmfRecord:
    return SmfRecord(
        rtype,
        subtype,
        end,
        SYSTEM_ID,
        qmgr[:4],
        _product(rtype, subtype, qmgr[:4], start, end, extra),
        tuple(Section(name, tuple(entries)) for name, entries in sections),
    )


def _layout_of(
    rtype: int, subtype: int, given: Mapping[str, Sequence[Figures]]
) -> list[tuple[str | None, Sequence[Figures]]]:
    """Every triplet of the subtype, in IBM's order, with the entries given for it."""
    return [(name, given.get(name or "", ())) for name in TRIPLETS[(rtype, subtype)]]


def _per_record(rtype: int, subtype: int, fixed: int, entry: str) -> int:
    """How many entries of ``entry`` fit in one record beside ``fixed`` bytes of others."""
    count = 1 + len(TRIPLETS[(rtype, subtype)])
    room = MAX_RECORD - SMF_HEADER.size - 8 * count - product_layout(rtype, subtype).size
    return max(1, (room - fixed) // SECTIONS[entry].size)


def _chunks(entries: Sequence[Figures], size: int) -> list[Sequence[Figures]]:
    return [entries[i : i + size] for i in range(0, len(entries), size)] or [()]


# ---- SMF 115 ---------------------------------------------------------------------------------
def statistics(figures: StatFigures, classes: frozenset[int]) -> list[SmfRecord]:
    """The 115 records of an interval for the statistics classes that run."""
    f = figures
    out: list[SmfRecord] = []

    def add(subtype: int, given: Mapping[str, Sequence[Figures]]) -> None:
        out.append(_record(115, subtype, f.qmgr, f.start, f.end, _layout_of(115, subtype, given)))

    if 1 in classes:
        add(1, {"QSST": (f.qsst,), "QJST": (f.qjst,)})
        add(
            2,
            {
                "QMST": (f.qmst,),
                "QIST": (f.qist,),
                "QLST": (f.qlst,),
                "QTST": (f.qtst,),
                "QEST": ({"qeststuc": f.qest},) if f.qsg else (),
            },
        )
    if 2 in classes:
        for part in _chunks(f.pools, _per_record(115, 215, 0, "QPST")):
            add(215, {"QPST": part})
        for part in _chunks(f.pagesets, _per_record(115, 201, 0, "QIS1")):
            add(201, {"QIS1": part})
    if 4 in classes and f.chinit is not None:
        add(231, {"QCCT": (f.chinit,), "QCT_DSP": f.dispatchers, "QCT_ADP": f.adapters})
    if 5 in classes and f.queues:
        for part in _chunks(f.queues, _per_record(115, 216, 0, "QQST")):
            add(216, {"QQST": part})
    return out


# ---- SMF 116 ---------------------------------------------------------------------------------
def _correl(task: TaskFigures) -> bytes:
    """The 16 bytes that tie a task's WTAS, WTID and WQ records together: WTASSTRT and the
    two words after it (mq-smf-csv: "The wtasstrt is 8 bytes but the following fields combine
    to make a default correlation token")."""
    return clock.stck(task.start).to_bytes(8, "big") + bytes(8)


def accounting(task: TaskFigures, classes: frozenset[int]) -> list[SmfRecord]:
    """The 116 records of a task for the accounting classes that run."""
    t = task
    qwhc = {
        "qwhcaid": t.userid,
        "qwhccv": t.correlator or t.connection,
        "qwhccn": t.connection,
        "qwhcopid": t.userid,
        "qwhcatyp": t.conntype,
        "qwhctyp": t.conntype,
    }
    out: list[SmfRecord] = []
    if 1 in classes:
        qwac = {"qwacbsc": clock.stck(t.start), "qwacesc": clock.stck(t.end), **t.qwac}
        out.append(
            _record(
                116,
                0,
                t.qmgr,
                t.start,
                t.end,
                _layout_of(116, 0, {"QWAC": (qwac,), "QMAC": (t.qmac,)}),
                qwhc,
            )
        )
    if 3 in classes:
        correl = _correl(t)
        queues = [{**q, "wqver": WQ_VERSION, "correl": correl} for q in t.queues]
        wtid = {
            "wtidatyp": t.conntype,
            "wtidccn": t.connection,
            "wtidopid": t.userid,
            "wtidcori": t.correlator or t.connection,
            "wtidchl": t.channel,
            "wtidchlc": t.channel_conn,
        }
        first = _per_record(116, 1, SECTIONS["WTID"].size + SECTIONS["WTAS"].size, "WQ")
        wtas = {
            "wtasstrt": clock.stck(t.start),
            "wtasver": WTAS_VERSION,
            "wtasints": clock.stck(t.start),
            "wtasinte": clock.stck(t.end),
            "wtaswqct": len(queues),
            **t.wtas,
        }
        out.append(
            _record(
                116,
                1,
                t.qmgr,
                t.start,
                t.end,
                _layout_of(116, 1, {"WTID": (wtid,), "WTAS": (wtas,), "WQ": queues[:first]}),
                qwhc,
            )
        )
        rest = queues[first:]
        more = _per_record(116, 2, SECTIONS["WTID"].size, "WQ")
        for index in range(0, len(rest), more):
            out.append(
                _record(
                    116,
                    2,
                    t.qmgr,
                    t.start,
                    t.end,
                    _layout_of(116, 2, {"WTID": (wtid,), "WQ": rest[index : index + more]}),
                    qwhc,
                )
            )
    return out


# ---- SMF 116 subtype 10 ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChannelFigures:
    """The channel accounting of one interval: a QCST entry per channel, by IBM field name."""

    qmgr: str
    start: dt.datetime
    end: dt.datetime
    channels: tuple[Figures, ...] = ()


def channel_accounting(figures: ChannelFigures) -> list[SmfRecord]:
    """The 116 subtype 10 records of an interval: its QCST entries, as many records as they
    need (IBM MQ "Planning for channel initiator SMF data": with many channels active, more
    than one record); none without a channel."""
    f = figures
    if not f.channels:
        return []
    return [
        _record(116, CHANNEL_SUBTYPE, f.qmgr, f.start, f.end, _layout_of(116, 10, {"QCST": part}))
        for part in _chunks(f.channels, _per_record(116, CHANNEL_SUBTYPE, 0, "QCST"))
    ]


# ---- reading figures back ------------------------------------------------------------------------
#: Buffer pool figures ``mqsc stats`` shows: the QPST field after its prefix, in column order.
POOL_COLUMNS = (
    "NBUF",
    "CBSL",
    "CBS",
    "GETP",
    "GETN",
    "RIO",
    "STW",
    "TPW",
    "WIO",
    "IMW",
    "DWT",
    "DMC",
    "STL",
    "SOS",
)
#: Page set figures ``mqsc stats`` shows: the QIS1 field after its prefix, in column order.
PAGESET_COLUMNS = (
    "TOPG",
    "UNPG",
    "PPG",
    "NPPG",
    "EXPN",
    "FULL",
    "DWPN",
    "DWPP",
    "IMWN",
    "IMWP",
    "GETN",
    "GETP",
    "CKPP",
)


def pool_and_pageset_figures(records: Sequence[Any], qmgr: str | None = None) -> dict[str, Any]:
    """The buffer pool and page set figures of the last interval the records hold (of one
    queue manager: ``qmgr``, else the last one seen), as ``mqsc stats`` shows them."""
    stats = [
        r
        for r in records
        if isinstance(r, SmfRecord)
        and r.rtype == 115
        and r.subtype in (201, 215)
        and (qmgr is None or r.ssid.strip() == qmgr[:4])
    ]
    if not stats:
        return {"bufferPools": {}, "pageSets": {}, "interval": None}
    last = stats[-1]
    interval = (last.product.get("qwhstime"), last.product.get("qwhsdurn"))
    same = [
        r
        for r in stats
        if r.ssid == last.ssid
        and (r.product.get("qwhstime"), r.product.get("qwhsdurn")) == interval
    ]
    pools = {
        e["qpstpool"]: {c: e["qpst" + c.lower()] for c in POOL_COLUMNS}
        for r in same
        for e in r.section("QPST")
    }
    pagesets = {
        e["qis1psno"]: {c: e["qis1" + c.lower()] for c in PAGESET_COLUMNS}
        for r in same
        for e in r.section("QIS1")
    }
    start = clock.from_stck(interval[0]) if interval[0] else None
    return {
        "bufferPools": dict(sorted(pools.items())),
        "pageSets": dict(sorted(pagesets.items())),
        "interval": {
            "qmgr": last.ssid.strip(),
            "start": start,
            "seconds": (interval[1] or 0) / 1_000_000,
        },
    }
