"""A queue manager's life: start (CSQINP1, page sets, CSQINP2), checkpoints, stop and restart.

Dispatch (:mod:`mqsc.engine.manager`) runs one command at a time; this module is what happens
around and between commands: the initialization data sets at start, the page sets opened or
left offline, the checkpoints the log asks for, the last checkpoint at STOP QMGR, and a START
QMGR on a stopped queue manager with the console messages a z/OS restart writes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from mqsc import catalog
from mqsc.catalog import CommandSource, CommandSpec, product
from mqsc.engine import results, space
from mqsc.engine.context import Ctx
from mqsc.engine.log import dataset as log_dataset
from mqsc.engine.log import rba as rba_text
from mqsc.engine.messaging.privateq import discard_nonpersistent
from mqsc.engine.pagesetpools import attach_pool, open_pageset
from mqsc.engine.phase import Phase
from mqsc.engine.records import RC_OK, Message, Record, Result
from mqsc.engine.state import Txn
from mqsc.engine.storage import constants
from mqsc.language.commands import Command
from mqsc.language.pipeline import parse_one
from mqsc.language.reader import LogicalCommand

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.manager import QueueManager


def start(qm: QueueManager) -> list[Result]:
    """Start: process CSQINP1, open the page sets, then process CSQINP2.

    Returns the results of both data sets (what z/OS writes to CSQOUT1 and CSQOUT2); the
    page-set messages of the start (CSQI005I for page sets gone offline) are kept for the
    START QMGR reply.
    """
    qm.phase = Phase.CSQINP1
    qm.defined = {"pool": set(), "pageset": set()}
    done = []
    # The initialization data sets are card images: "Only columns 1 through 72 are
    # significant. Columns 73 through 80 are ignored" (IBM MQ for z/OS, "Initialization data
    # set formats"), whatever the deck's lines look like.
    for deck in qm.csqinp1:
        done += qm.run(deck, source=CommandSource.CSQINP1, columns="72")
    opened = open_pagesets(qm)
    qm.phase = Phase.CSQINP2
    for deck in qm.csqinp2:
        done += qm.run(deck, source=CommandSource.CSQINP2, columns="72")
    if qm.group is not None:
        done += refresh_copies(qm)
    qm.phase = Phase.RUNNING
    qm.start_results = done
    qm.start_messages = opened
    return done


def refresh_copies(qm: QueueManager) -> list[Result]:
    """At start, a member of a queue sharing group makes a QSGDISP(COPY) object for every
    GROUP object it has no private object of that name for (IBM: group objects are copied
    to page set 0 of each queue manager as it starts)."""
    done = []
    tables = qm.state.tables
    for family in catalog.DEFINED.values():
        if family.group_table is None:
            continue
        for name, obj in sorted(tables[family.group_table].items()):
            if obj.get("QSGDISP") != "GROUP" or name in tables[family.table]:
                continue
            command = parse_one(f"DEFINE {family.objtype}('{name}') REPLACE QSGDISP(COPY)")
            done.append(qm.execute_parsed(None, command, source=CommandSource.CSQINP2))
    return done


def system_ctx(qm: QueueManager, txn: Txn, verb: str = "START") -> Ctx:
    """The context of work the queue manager does itself (start, checkpoints)."""
    spec = catalog.COMMANDS[(verb, "QMGR")]
    return Ctx(qm, txn, Command(verb, "QMGR"), spec, CommandSource.CONSOLE)


def open_pagesets(qm: QueueManager) -> list[Message]:
    """Open the page sets CSQINP1 defined; page sets it no longer defines go offline."""
    txn = Txn(qm.state)
    ctx = system_ctx(qm, txn)
    for psid in sorted(txn.keys("pageset")):
        ps = txn.get("pageset", psid)
        if qm.restarting and psid not in qm.defined["pageset"]:
            # Not in CSQINP1 any more (a page set added with DSN while running is not kept
            # unless CSQINP1 defines it, IBM "DEFINE PSID"): its data stays, offline.
            offline = txn.edit("pageset", psid)
            log = txn.get("log", None)
            if offline.status != "OFFLINE":
                offline.status = "OFFLINE"
                offline.offline_rba = log.restart_rba
            ctx.console(
                "CSQI005I", csect="CSQIRSTR", psid=f"{psid:02d}", rba=rba_text(offline.offline_rba)
            )
            continue
        attach_pool(ctx, ps.pool)
        open_pageset(ctx, psid)
    qm.commit(txn, ctx.cmd)
    return ctx.later


def checkpoint(ctx: Ctx, *, final: bool = False) -> None:
    """A checkpoint: pools write the persistent pages changed before the previous one
    (``final``, at shutdown: every changed persistent page, storage rule ST-4
    (docs/storage.md#storage-rules)).

    Console messages as a real start-up log shows them: CSQP018I, one CSQP019I per pool, one
    CSQP021I per page set.
    """
    txn = ctx.txn
    log = txn.edit("log", None)
    gen = log.take_checkpoint()
    ctx.console("CSQP018I", csect="CSQPBCKW")
    for pool_id in sorted(txn.keys("pool")):
        if not any(ps.pool == pool_id for ps in txn.values("pageset")):
            continue
        pool = txn.edit("pool", pool_id)
        written = pool.checkpoint(gen) + (pool.write_persistent() if final else 0)
        ctx.console("CSQP019I", csect="CSQPDWP2", pool=pool_id, pages=written)
    for psid in sorted(txn.keys("pageset")):
        ctx.console(
            "CSQP021I", psid=psid, rba=rba_text(log.restart_rba), checkpoint=rba_text(log.rba)
        )


def shutdown(ctx: Ctx) -> None:
    """STOP QMGR: a last checkpoint writes every changed persistent page, then the queue
    manager is stopped (recorded in its state, so every process sees it)."""
    checkpoint(ctx, final=True)
    from mqsc.engine import channelstate  # its handlers import this module's callers

    channelstate.shutdown(ctx)
    txn = ctx.txn
    txn.put("qmgr", None, replace(txn.get("qmgr", None), status="STOPPED"))


def restart(qm: QueueManager) -> list[Result]:
    """START QMGR on a stopped queue manager.

    Buffer pools start empty and their statistics and the page sets' expansion counts reset;
    a PAGECLAS change that waited for a restart applies (storage rule BP-6
    (docs/storage.md#storage-rules)); nonpersistent
    messages are gone, persistent ones stay. Then CSQINP1 is processed with the restart rules
    (a pool's logged attributes survive unless CSQINP1 says REPLACE, storage rule BP-7
    (docs/storage.md#storage-rules)), the page
    sets are
    opened and CSQINP2 runs.
    """
    txn = Txn(qm.state)
    for pool_id in list(txn.keys("pool")):
        pool = txn.edit("pool", pool_id)
        if pool.pending_pageclass:
            pool.pageclass, pool.pending_pageclass = pool.pending_pageclass, None
        pool.empty_out()
    for psid in list(txn.keys("pageset")):
        ps = txn.edit("pageset", psid)
        ps.expansions = 0
        ps.noexpand = False
    ctx = system_ctx(qm, txn)
    discard_nonpersistent(ctx)
    for initq in list(txn.keys("monitors")):
        txn.delete("monitors", initq)  # the trigger monitors' connections ended with the stop
    space.recount(ctx)
    log = txn.edit("log", None)
    log.started = log.rba
    ctx.log("restart", constants.LOG_RECORD_BYTES)
    txn.put("qmgr", None, replace(txn.get("qmgr", None), status="RUNNING"))
    qm.commit(txn, ctx.cmd)
    qm.restarting = True
    qm.logged_pools = {
        k: (p.buffers, p.location, p.pageclass)
        for k, p in qm.state.tables["pool"].items()
        if p.defined
    }
    try:
        return start(qm)
    finally:
        qm.restarting = False
        qm.logged_pools = {}


def start_command(qm: QueueManager, logical: LogicalCommand | None, spec: CommandSpec) -> Result:
    """START QMGR on a stopped queue manager: a restart, with its console messages."""
    log = qm.state.tables["log"][None]
    prior = log.checkpoints[-1] if log.checkpoints else 0
    done = restart(qm)
    extent = log.rba - log.rba % constants.LOG_DATASET_BYTES
    records: list[Record] = [
        Message("CSQY000I", {"version": product.RELEASE}),
        Message(
            "CSQJ001I",
            {
                "dsname": log_dataset(qm.name, log.rba, log.rba),
                "start": rba_text(extent),
                "end": rba_text(extent + constants.LOG_DATASET_BYTES - 1),
            },
        ),
        Message("CSQR001I", {}),
        Message("CSQR003I", {"rba": rba_text(prior)}),
        Message(
            "CSQR004I", {"commit": "0000", "indoubt": "0000", "inflight": "0000", "backout": "0000"}
        ),
        Message("CSQR002I", {}),
        *qm.start_messages,
    ]
    for one in done:
        if not one.ok:
            records.extend(one.messages())
    records.append(Message("CSQY022I", {}))
    return results.result(qm.cpf, logical, spec, True, records, RC_OK)
