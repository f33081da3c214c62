"""Queue performance statistics: what RESET QSTATS reports (mqsc/engine/families/qstats.py).

Each local queue's MSGIN, MSGOUT and HIQDEPTH since the last reset, counted by the engine on
every put and get that reaches the queue, whoever makes it (an application, a channel's
receiving end, a publication to a subscriber's queue, MOVE QLOCAL), in the ``qstats`` table.
IBM "MQCMD_RESET_Q_STATS Response": MsgEnqCount "includes messages that have been put to the
queue, but have not yet been committed"; MsgDeqCount likewise for gets; HighQDepth is "the
peak value of the CurrentQDepth ... since the last reset"; counts above 999 999 999 are
returned as 999 999 999. For shared queues "each queue manager keeps an independent copy"
("RESET QSTATS" usage notes), so the table is each member's own. IBM "Performance event
statistics": the statistics are reset when the queue manager stops and restarts.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mqsc.engine.context import moment

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.context import Ctx

TABLE = "qstats"


@dataclass(frozen=True, slots=True)
class QueueStats:
    """One queue's statistics since ``since`` (a STAMP; "" since the queue manager started)."""

    msgin: int = 0
    msgout: int = 0
    hiqdepth: int = 0
    since: str = ""

    def snapshot(self) -> dict[str, Any]:
        return {
            "kind": "qstats",
            "msgin": self.msgin,
            "msgout": self.msgout,
            "hiqdepth": self.hiqdepth,
            "since": self.since,
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> QueueStats:
        return cls(
            int(data["msgin"]), int(data["msgout"]), int(data["hiqdepth"]), str(data["since"])
        )


def of(ctx: Ctx, queue: str) -> QueueStats:
    found = ctx.txn.get(TABLE, queue)
    return found if found is not None else QueueStats(since=_started(ctx))


def _started(ctx: Ctx) -> str:
    """When the queue manager started (the row under key None, written at every start)."""
    start = ctx.txn.get(TABLE, None)
    return start.since if start is not None else ""


def put(ctx: Ctx, queue: str, count: int, depth: int) -> None:
    """``count`` messages were put on ``queue``, which now holds ``depth``."""
    now = of(ctx, queue)
    if count <= 0 and depth <= now.hiqdepth:
        return
    ctx.txn.put(
        TABLE, queue, QueueStats(now.msgin + count, now.msgout, max(now.hiqdepth, depth), now.since)
    )


def reset(ctx: Ctx, queue: str, depth: int) -> None:
    """Statistics start again now for ``queue``, which holds ``depth``: MSGIN and MSGOUT 0,
    HIQDEPTH the depth (RESET QSTATS, and a performance event: IBM "Performance event
    statistics")."""
    ctx.txn.put(TABLE, queue, QueueStats(0, 0, depth, ctx.stamp()))


def got(ctx: Ctx, queue: str, count: int) -> None:
    """``count`` messages were got from ``queue`` (destructively)."""
    if count <= 0:
        return
    now = of(ctx, queue)
    ctx.txn.put(TABLE, queue, QueueStats(now.msgin, now.msgout + count, now.hiqdepth, now.since))


def forget(ctx: Ctx, queue: str) -> None:
    """The queue was deleted: its statistics go with it."""
    if ctx.txn.has(TABLE, queue):
        ctx.txn.delete(TABLE, queue)


def reset_all(ctx: Ctx) -> None:
    """At a start or restart: every queue's statistics start again, from now."""
    for queue in list(ctx.txn.keys(TABLE)):
        if queue is not None:
            ctx.txn.delete(TABLE, queue)
    ctx.txn.put(TABLE, None, QueueStats(since=ctx.stamp()))


def seconds_since(ctx: Ctx, since: str) -> int:
    now = ctx.qm.clock()
    then = moment(since, now) if since else None
    if then is None:
        return 0
    return max(0, int((now.replace(microsecond=0) - then) / dt.timedelta(seconds=1)))
