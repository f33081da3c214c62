"""RESET QSTATS (mqsc/catalog/qstats.py): each matching local queue's statistics
(mqsc/engine/messaging/queuestats.py), reported, then started again."""

from __future__ import annotations

from mqsc.catalog.common import MAX9
from mqsc.catalog.qstats import QSTATS_FAMILY
from mqsc.engine import objectcommands
from mqsc.engine.context import Ctx
from mqsc.engine.messaging.queuestats import of, reset, seconds_since
from mqsc.engine.records import ObjectRecord
from mqsc.engine.registry import handles


@handles("RESET", "QSTATS")
def reset_qstats(ctx: Ctx) -> None:
    """Report each matching local queue's statistics, then zero them: MSGIN and MSGOUT go to
    0, HIQDEPTH to the current depth, RESETINT starts again."""
    pattern = str(ctx.cmd.name)
    queues = []
    for name, q in sorted(ctx.txn.items("qlocal")):
        if objectcommands.matches(pattern, name):
            queues.append((name, q, "messages"))
    for name, q in sorted(ctx.txn.items("gqlocal")):
        if q.get("QSGDISP") == "SHARED" and objectcommands.matches(pattern, name):
            queues.append((name, q, "cfmsgs"))
    if not queues:
        if "*" in pattern:
            ctx.say("CSQM297I", objtype="QUEUE")
            return
        raise ctx.not_found("QLOCAL", pattern)
    for name, q, table in queues:
        stats = of(ctx, name)
        store = ctx.txn.get(table, name)
        depth = store.depth if store is not None else 0
        values = {
            "QSTATS": name,
            "QSGDISP": q.get("QSGDISP", "QMGR"),
            "RESETINT": min(MAX9, seconds_since(ctx, stats.since)),
            "HIQDEPTH": min(MAX9, max(stats.hiqdepth, depth)),
            "MSGIN": min(MAX9, stats.msgin),
            "MSGOUT": min(MAX9, stats.msgout),
        }
        ctx.add(
            ObjectRecord(
                "QSTATS",
                "QSTATS",
                QSTATS_FAMILY.reply,
                tuple((n, values[n]) for n in QSTATS_FAMILY.identity),
                verb="RESET",
            )
        )
        reset(ctx, name, depth)
