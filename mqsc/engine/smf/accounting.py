"""Accounting (SMF 116): what each task did, written when it ends.

A task is one connection to the queue manager (a batch job step running OEMPUT or MGET, one
``mqsc put``, one MQPUT through the REST API). It counts, per queue it used, the MQOPENs,
MQCLOSEs, MQGETs and MQPUTs with their bytes, persistent messages, smallest and largest
messages, and the highest depth it saw (the WQ record), and, for the whole task, its commits
and log writes (WTAS) and its MQPUTs and MQGETs by message size (QMAC). When it ends, the
accounting classes that were active both when it started and now write its records: class 1
the subtype 0 record, class 3 subtypes 1 and 2 ("The accounting trace must be active when an
application starts, and it must still be active when the application finishes", IBM MQ
"Using IBM MQ trace").
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.smf.interval import QueueActivity

#: MQQT_LOCAL, and MQQSGD_Q_MGR / MQQSGD_SHARED / MQQSGD_COPY (IBM MQ constants).
MQQT_LOCAL = 1
QSGDISP = {"QMGR": 0, "COPY": 1, "SHARED": 2, "GROUP": 3}
#: The smallest-message fields' value before any message (mq-smf-csv: "The MINMS values for
#: put/get are initially set to 0x0FFFFFFF").
NO_MESSAGE = 0x0FFFFFFF
#: QMAC's message size buckets: below 100 bytes, below 1,000, below 10,000, and larger.
_BUCKETS = (100, 1000, 10_000)


@dataclass
class Task:
    """A task in progress (held by the process running it; mutable)."""

    qmgr: str
    connection: str
    userid: str
    start: dt.datetime
    #: Accounting classes active when it started.
    classes: frozenset[int]
    correlator: str = ""
    conntype: int = 1
    #: A connection's task, not a job step's: written every accounting interval (ACCTIME)
    #: while the connection lasts.
    long_running: bool = False
    commits: int = 0
    #: When the accounting interval (ACCTIME) it was last asked about ends, and that
    #: interval in seconds: each call compares one moment instead of subtracting.
    interval: float = -1
    interval_ends: dt.datetime | None = None
    log_records: int = 0
    log_bytes: int = 0
    queues: dict[str, dict[str, Any]] = field(default_factory=dict)
    qmac: dict[str, int] = field(default_factory=dict)


def _bucket(size: int) -> str:
    """QMAC's bucket letter of a message size.

    >>> [_bucket(n) for n in (0, 99, 100, 999, 1000, 9999, 10000)]
    ['a', 'a', 'b', 'b', 'c', 'c', 'd']
    """
    small, medium, large = _BUCKETS
    return "a" if size < small else "b" if size < medium else "c" if size < large else "d"


def add(
    task: Task,
    activity: QueueActivity,
    meta: dict[str, Any],
    commits: int,
    log_records: int,
    log_bytes: int,
) -> None:
    """Count one workload call of the task on one queue."""
    # Every MQPUT and MQGET of a task comes here while an accounting trace runs: plain dict
    # updates (bench/traces_instructions.py).
    a = activity
    wq = task.queues.get(a.queue)
    if wq is None:
        wq = task.queues[a.queue] = {
            "objname": a.queue,
            "basename": a.queue,
            "qtype": MQQT_LOCAL,
            "opentime": a.stamp,
            "getminms": NO_MESSAGE,
            "putminms": NO_MESSAGE,
            **meta,
        }
    get = wq.get
    wq["clostime"] = a.stamp
    if a.opened:
        wq["openn"] = get("openn", 0) + 1  # as many MQCLOSEs: records() derives closen
    messages = a.messages
    size = a.bytes // messages if messages else 0
    if a.operation in ("put", "put1"):
        count, pmsg = _PUT_FIELDS if a.operation == "put" else _PUT1_FIELDS
        wq[count] = get(count, 0) + (messages or 1)
        wq["validput"] = get("validput", 0) + messages
        wq["putbytes"] = get("putbytes", 0) + a.bytes
        wq[pmsg] = get(pmsg, 0) + a.persistent
        if messages:
            if size > get("putmaxms", -1):
                wq["putmaxms"] = size
            if size < wq["putminms"]:
                wq["putminms"] = size
            key = "qmacput" + _bucket(size)
            task.qmac[key] = task.qmac.get(key, 0) + messages
    else:
        # getn (every MQGET) is geta + getbrwa: records() derives it.
        field_ = "getbrwa" if a.operation == "browse" else "geta"
        wq[field_] = get(field_, 0) + (messages or 1)
        if a.failed:
            wq["geterr"] = get("geterr", 0) + 1
        wq["validget"] = get("validget", 0) + messages
        wq["getbytes"] = get("getbytes", 0) + a.bytes
        wq["getpmsg"] = get("getpmsg", 0) + a.persistent
        if messages:
            if size > get("getmaxms", -1):
                wq["getmaxms"] = size
            if size < wq["getminms"]:
                wq["getminms"] = size
            key = "qmacget" + _bucket(size)
            task.qmac[key] = task.qmac.get(key, 0) + messages
    if a.depth > get("maxqdpth", -1):
        wq["maxqdpth"] = a.depth
    task.commits += commits
    task.log_records += log_records
    task.log_bytes += log_bytes


#: The WQ fields an MQPUT and an MQPUT1 count in: calls, persistent messages.
_PUT_FIELDS = ("putn", "putpmsg")
_PUT1_FIELDS = ("put1n", "put1pmsg")


def remaining(task: Task, now: dt.datetime, interval_seconds: float) -> float:
    """Seconds left of a long-running task's accounting interval (ACCTIME)."""
    return interval_seconds - (now - task.start).total_seconds()


def due(task: Task, now: dt.datetime, interval_seconds: float) -> bool:
    """Whether a long-running task's accounting interval (ACCTIME) is over."""
    if task.interval != interval_seconds or task.interval_ends is None:
        task.interval = interval_seconds
        task.interval_ends = task.start + dt.timedelta(seconds=interval_seconds)
    return now >= task.interval_ends


def records(task: Task, active: frozenset[int], end: dt.datetime) -> list[bytes]:
    """The task's 116 records for the classes active at its start and at its end."""
    classes = task.classes & active
    if not classes:
        return []
    from mqsc.engine.smf import build, record  # noqa: PLC0415 - start-up: record layouts only when written

    figures = build.TaskFigures(
        task.qmgr,
        task.start,
        end,
        task.conntype,
        task.connection,
        task.userid,
        task.correlator,
        wtas={"wtascmn": task.commits, "wtasjwn": task.log_records, "wtasjwb": task.log_bytes},
        qwac={"qwaccomm": task.commits},
        qmac=dict(task.qmac),
        queues=tuple(
            {
                "closen": task.queues[name].get("openn", 0),
                "getn": task.queues[name].get("geta", 0) + task.queues[name].get("getbrwa", 0),
                **task.queues[name],
            }
            for name in sorted(task.queues)
        ),
    )
    return [record.encode(r) for r in build.accounting(figures, classes)]
