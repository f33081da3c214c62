"""The figures of a statistics interval, gathered from the queue manager's state under IBM's
field names (mqsc/engine/smf/build.py lays them out as records).

Buffer pools (QPST) and page sets (QIS1) are the storage simulation's own counters, the same
``mqsc stats`` and DISPLAY USAGE read; the message manager (QMST), data manager (QIST), log
(QJST) and per-queue (QQST) figures are what the interval counted (interval.py); CF structures
(QEST) in a queue sharing group, the topic manager (QTST) from the subscriptions defined, the
channel initiator (QCCT and a QCT_DSP per dispatcher task) when it runs. mqsc has no storage or
lock manager of its own: their sections (QSST, QLST) are written with zero counts.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mqsc.engine.smf.build import StatFigures
from mqsc.engine.state import Txn
from mqsc.engine.storage import constants

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.manager import QueueManager
    from mqsc.engine.smf.interval import SmfState

#: QIS1EXPM: the page set's expansion method (1 USER, 2 SYSTEM, 3 NONE; UNVERIFIED numbers).
EXPAND_METHODS = {"USER": 1, "SYSTEM": 2, "NONE": 3}
#: A log control interval: 4 KB, a page.
LOG_CI = constants.PAGE_SIZE


def pools(txn: Txn) -> tuple[dict[str, Any], ...]:
    """A QPST entry per buffer pool that a page set uses."""
    used = {ps.pool for ps in txn.values("pageset")}
    out = []
    for key in sorted(used):
        pool = txn.get("pool", key)
        if pool is None:
            continue
        stats = pool.stats
        flag = (0x80000000 if pool.location == "ABOVE" else 0) | (
            0x40000000 if pool.pageclass == "FIXED4KB" else 0
        )
        out.append(
            {
                "qpstpool": key,
                "qpstnbuf": pool.buffers,
                "qpstcbsl": stats.low if stats.low >= 0 else pool.stealable,
                "qpstcbs": pool.stealable,
                "qpstgetp": stats.getp,
                "qpstgetn": stats.getn,
                "qpstrio": stats.rio,
                "qpststw": stats.stw,
                "qpsttpw": stats.tpw,
                "qpstwio": stats.wio,
                "qpstimw": stats.imw,
                "qpstdwt": stats.dwt,
                "qpstdmc": stats.dmc,
                "qpststl": stats.stl,
                "qpstsos": stats.sos,
                "qpstflag": flag,
            }
        )
    return tuple(out)


def pagesets(txn: Txn) -> tuple[dict[str, Any], ...]:
    """A QIS1 entry per page set."""
    out = []
    for ps in sorted(txn.values("pageset"), key=lambda p: p.psid):
        pool = txn.get("pool", ps.pool)
        io = pool.io.get(ps.psid) if pool is not None else None
        io_values = io.as_dict() if io is not None else {}
        out.append(
            {
                "qis1psno": ps.psid,
                "qis1bpno": ps.pool,
                "qis1topg": ps.total,
                "qis1unpg": ps.unused,
                "qis1ppg": ps.persistent,
                "qis1nppg": ps.nonpersistent,
                "qis1full": ps.stats.full,
                "qis1dwpn": io_values.get("dw_ios", 0),
                "qis1dwpp": io_values.get("dw_pages", 0),
                "qis1imwn": io_values.get("imw_ios", 0),
                "qis1imwp": io_values.get("imw_pages", 0),
                "qis1getn": io_values.get("read_ios", 0),
                "qis1getp": io_values.get("read_pages", 0),
                "qis1ckpp": io_values.get("ckpt_pages", 0),
                "qis1expn": min(ps.expansions, 0xFFFF),
                "qis1expm": EXPAND_METHODS.get(ps.expand, 0),
            }
        )
    return tuple(out)


def _statq_on(txn: Txn, name: str, qmgr_statq: str) -> bool:
    queue = txn.get("qlocal", name)
    if queue is None:
        return False
    statq = queue.get("STATQ") or "QMGR"
    return statq == "ON" or (statq == "QMGR" and qmgr_statq == "ON")


#: QQST figures derived from the counted ones: (field, all of them, the persistent ones).
_QUEUE_DERIVED = (
    ("qqstnppt", ("qqstputs", "qqstput1"), "qqstppt"),
    ("qqstnppb", ("qqstputb",), "qqstppb"),
    ("qqstnpdg", ("qqstgets",), "qqstpdg"),
    ("qqstnpdb", ("qqstgetb",), "qqstpdb"),
    ("qqstnpbr", ("qqstbrws",), "qqstpbr"),
    ("qqstnpbb", ("qqstbrwb",), "qqstpbb"),
)


def derived_queue(counted: Mapping[str, int]) -> dict[str, int]:
    """A queue's counters with those interval.count leaves to be derived: closes as many as
    opens, the nonpersistent figures all less the persistent ones (a counter an interval
    saved before kept as it was).

    >>> derived_queue({"qqstopen": 2, "qqstputs": 3, "qqstppt": 1})["qqstclos"]
    2
    >>> derived_queue({"qqstopen": 2, "qqstputs": 3, "qqstppt": 1})["qqstnppt"]
    2
    """
    out = dict(counted)
    out.setdefault("qqstclos", out.get("qqstopen", 0))
    for name, totals, persistent in _QUEUE_DERIVED:
        if name not in out:
            value = sum(out.get(t, 0) for t in totals) - out.get(persistent, 0)
            if value or any(t in out for t in totals):
                out[name] = value
    return out


def derived_qmgr(state: SmfState) -> dict[str, int]:
    """The queue manager's counters (QMST) with the derived ones: MQCLOSEs as many as
    MQOPENs, nonpersistent messages and bytes put (all the queues' less the persistent)."""
    out = {k: v for k, v in state.counts.items() if k.startswith("qmst")}
    out.setdefault("qmstclos", out.get("qmstopen", 0))
    if "qmstsnp" not in out and ("qmstput" in out or "qmstput1" in out):
        queues = state.queues.values()
        put = sum(q.get("qqstputs", 0) + q.get("qqstput1", 0) for q in queues)
        put_bytes = sum(q.get("qqstputb", 0) for q in queues)
        out["qmstsnp"] = put - out.get("qmstspp", 0)
        out["qmstnbp"] = put_bytes - out.get("qmstpbp", 0)
    return out


def queues(txn: Txn, state: SmfState, qsg: str) -> tuple[dict[str, Any], ...]:
    """A QQST entry per local queue whose statistics are collected (STATQ(ON), or
    STATQ(QMGR) with the queue manager's STATQ(ON)), with what the interval counted."""
    qmgr_statq = str(txn.get("qmgr", None).attrs.get("STATQ", "OFF"))
    out = []
    for name in sorted(txn.keys("qlocal")):
        if not _statq_on(txn, name, qmgr_statq):
            continue
        queue = txn.get("qlocal", name)
        shared = queue.get("QSGDISP") == "SHARED"
        store = txn.get("cfmsgs" if shared else "messages", name)
        depth = store.depth if store is not None else 0
        counted = derived_queue(state.queues.get(name, {}))
        counted.setdefault("qqstdphi", depth)
        counted.setdefault("qqstdplo", depth)
        puts = counted.get("qqstputs", 0) + counted.get("qqstput1", 0)
        if puts:
            counted["qqstmsav"] = (counted.get("qqstputb", 0)) // puts
        entry: dict[str, Any] = {"qqstqnam": name, "qqstdpth": depth, **counted}
        if shared:
            entry.update(
                qqstflag=0x80000000,
                qqstpsid=-1,
                qqstbpid=-1,
                qqstqsgn=qsg,
                qqstcfst=str(queue.get("CFSTRUCT") or ""),
            )
        else:
            stgclass = txn.get("stgclass", queue.get("STGCLASS"))
            psid = stgclass.get("PSID") if stgclass is not None else None
            ps = txn.get("pageset", psid) if psid is not None else None
            entry.update(
                qqstpsid=psid if ps is not None else -1, qqstbpid=ps.pool if ps is not None else -1
            )
        out.append(entry)
    return tuple(out)


def _chinit(txn: Txn, qmgr: str, qsg: str) -> tuple[dict[str, Any] | None, tuple, tuple]:
    info = txn.get("qmgr", None)
    attrs, channels = info.attrs, info.chinit.statuses
    if not info.chinit.active:
        return None, (), ()
    current = len(channels)
    running = sum(1 for s in channels.values() if s.status == "RUNNING")
    qcct = {
        "qcctjobn": f"{qmgr[:4]}CHIN",
        "qcctqsgn": qsg,
        "qcctnocc": current,
        "qcctmxcc": int(attrs.get("MAXCHL", 200)),
        "qcctnoac": running,
        "qcctmxac": int(attrs.get("ACTCHL", 200)),
        "qcctmxtp": int(attrs.get("TCPCHL", 200)),
        "qcctmxlu": int(attrs.get("LU62CHL", 200)),
    }
    dispatchers = int(attrs.get("CHIDISPS", 5))
    tasks = tuple(
        {
            "qcttskn": n + 1,
            "qctchln": current // dispatchers + (1 if n < current % dispatchers else 0),
        }
        for n in range(dispatchers)
    )
    adapters = tuple({"qcttskn": n + 1} for n in range(int(attrs.get("CHIADAPS", 8))))
    return qcct, tasks, adapters


def statistics(
    txn: Txn, qm: QueueManager, state: SmfState, start: dt.datetime, end: dt.datetime
) -> StatFigures:
    """Everything one interval's records say."""
    qsg = qm.info.qsg
    log = txn.get("log", None)
    tally = txn.get("smf", "tally")
    logged = max(0, log.rba - state.log_rba)
    qjst = {
        "qjstwrnw": tally.log_writes if tally is not None else 0,
        "qjstciwr": math.ceil(logged / LOG_CI),
        "qjstbfwr": math.ceil(logged / LOG_CI),
        "qjstllcp": max(0, log.gen - state.log_gen),
    }
    qmst = derived_qmgr(state)
    qist = (
        {"qistdcre": tally.creates, "qistdput": tally.alters, "qistddel": tally.deletes}
        if tally is not None
        else {}
    )
    subs = list(txn.values("sub"))
    qtst = {
        "qtststot": len(subs),
        "qtstsdur": len(subs),
        "qtstshig": (0, len(subs), 0),
        "qtstslow": (0, len(subs), 0),
    }
    qest: tuple[dict[str, Any], ...] = ()
    if qsg:
        qest = tuple(
            {"qeststr": name, "qeststrn": index + 1, **state.structures.get(name, {})}
            for index, name in enumerate(sorted(txn.keys("cfstruct")))
        )
    chinit, dispatchers, adapters = _chinit(txn, qm.name, qsg)
    return StatFigures(
        qm.name,
        start,
        end,
        qsg,
        qsst={},
        qjst=qjst,
        qlst={},
        qmst=qmst,
        qist=qist,
        qtst=qtst,
        qest=qest,
        pools=pools(txn),
        pagesets=pagesets(txn),
        queues=queues(txn, state, qsg),
        chinit=chinit,
        dispatchers=dispatchers,
        adapters=adapters,
    )
