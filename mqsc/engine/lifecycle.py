"""A queue manager's life: start (CSQINP1, page sets, CSQINP2), checkpoints, stop and restart.

Dispatch (:mod:`mqsc.engine.manager`) runs one command at a time; this module is what happens
around and between commands: the initialization data sets at start, the page sets opened or
left offline, the checkpoints the log asks for, the last checkpoint at STOP QMGR, and a START
QMGR on a stopped queue manager with the console messages a z/OS restart writes.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import TYPE_CHECKING

from mqsc import catalog
from mqsc.catalog import CommandSource, CommandSpec, product
from mqsc.engine import (
    channelstate,
    connregistry,
    logdatasets,
    results,
    routing,
    security,
    space,
    sysparm,
)
from mqsc.engine.bsds import now_of as bsds_now
from mqsc.engine.context import Ctx
from mqsc.engine.log import rba as rba_text
from mqsc.engine.messaging import events, queuestats
from mqsc.engine.messaging.privateq import discard_nonpersistent
from mqsc.engine.pagesetpools import attach_pool, open_pageset
from mqsc.engine.phase import Phase
from mqsc.engine.records import RC_FAILED, RC_OK, Message, Record, Result
from mqsc.engine.smf import interval
from mqsc.engine.state import Txn
from mqsc.engine.storage import constants
from mqsc.engine.sysparm import SysParms
from mqsc.language.commands import Command
from mqsc.language.reader import LogicalCommand

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.manager import QueueManager


def start(qm: QueueManager, module: str = "") -> list[Result]:
    """Start: process CSQINP1, open the page sets, then process CSQINP2.

    Returns the results of both data sets (what z/OS writes to CSQOUT1 and CSQOUT2); the
    page-set messages of the start (CSQI005I for page sets gone offline) are kept for the
    START QMGR reply.
    """
    bsds_messages = load_parameters(qm, module)
    qm.phase = Phase.CSQINP1
    qm.defined = {"pool": set(), "pageset": set()}
    # Security is initialized first (CSQHINIT): the switches come from RACF as it is now.
    txn = Txn(qm.state)
    qm.security_messages = security.start(qm, txn)
    if txn.changed:
        qm.commit(txn, None)
    start_traces(qm)
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
    became_active(qm)
    qm.start_results = done
    qm.start_messages = [*bsds_messages, *opened]
    return done


def became_active(qm: QueueManager) -> None:
    """The queue manager is active: service timers start for the queues that hold messages
    ("At queue manager startup the service timer is set to startup time if the queue depth
    is greater than zero"), and a restart puts the Queue Manager Active event (none at the
    first start on z/OS, mqsc/engine/messaging/events.py)."""
    txn = Txn(qm.state)
    ctx = system_ctx(qm, txn)
    for queue in list(txn.keys(events.TIMERS)):
        txn.delete(events.TIMERS, queue)
    now = qm.clock().isoformat()
    for queue, store in list(txn.items("messages")):
        if store.depth:
            txn.put(events.TIMERS, queue, events.ServiceTimer(now))
    if qm.restarting:
        events.qmgr_active(ctx)
    if txn.changed:
        qm.commit(txn, None)


def load_parameters(qm: QueueManager, module: str = "") -> list[Message]:
    """The system parameters of this start: the module's values (``module``: START QMGR PARM,
    else the queue manager's own), no SET values (they do not outlive a stop, IBM MQ "SET
    ARCHIVE"); LOGLOAD sets the checkpoint frequency; the log's data sets are made at the
    first start, and the BSDS copies are looked for in the data set catalog (the messages of
    a copy lost)."""
    txn = Txn(qm.state)
    values = qm.parameters if not module else qm.load_module(module)
    params = SysParms(module or qm.module, dict(values or qm.parameters), {})
    txn.put("sysparm", None, params)
    log = txn.edit("log", None)
    log.loadlimit = int(params.value("LOGLOAD"))  # type: ignore[call-overload]
    ctx = system_ctx(qm, txn)
    inv, said = logdatasets.check_bsds(ctx, logdatasets.inventory(ctx))
    # The log is not suspended after a start; DISPLAY LOG shows when it started.
    txn.put("bsds", None, replace(inv, suspended=False, restarted=qm.clock().isoformat()))
    qm.commit(txn, None)
    return said


def start_traces(qm: QueueManager) -> None:
    """The traces the system parameters start before CSQINP1 runs (TRACSTR, SMFSTAT,
    SMFACCT: mqsc/engine/smf/interval.py)."""
    txn = Txn(qm.state)
    interval.start_at_startup(system_ctx(qm, txn))
    qm.commit(txn, None)


def refresh_copies(qm: QueueManager) -> list[Result]:
    """At start, a member of a queue sharing group makes a QSGDISP(COPY) object for every
    GROUP object it has no private object of that name for (IBM: group objects are copied
    to page set 0 of each queue manager as it starts)."""
    done = []
    tables = qm.state.tables
    for family in catalog.DEFINED.values():
        if not family.group_table:
            continue
        for name, obj in sorted(tables[family.group_table].items()):
            if obj.get("QSGDISP") != "GROUP" or name in tables[family.table]:
                continue
            command = routing.copy_command(qm, family.objtype, name)
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
    queuestats.reset_all(ctx)  # IBM "Performance event statistics": a restart resets them
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
    # The applications lose their connections (their next call: MQRC 2009); units of work in
    # flight are backed out, those in doubt kept for RESOLVE INDOUBT (as z/OS restart does).
    connregistry.end_all(ctx)
    interval.stopping(ctx)
    channelstate.shutdown(ctx)
    txn = ctx.txn
    txn.put("qmgr", None, replace(txn.get("qmgr", None), status="STOPPED"))


def restart(qm: QueueManager, module: str = "") -> list[Result]:
    """START QMGR on a stopped queue manager.

    Buffer pools start empty and their statistics and the page sets' expansion counts reset;
    a PAGECLAS change that waited for a restart applies (storage rule BP-6
    (docs/storage.md#storage-rules)); nonpersistent
    messages are gone, persistent ones stay. Then CSQINP1 is processed with the restart rules
    (a pool's logged attributes survive unless CSQINP1 says REPLACE, storage rule BP-7
    (docs/storage.md#storage-rules)), the page
    sets are
    opened and CSQINP2 runs. The initialization data sets are read again first: a member
    edited while the queue manager ran is what this start processes.
    """
    reread_decks(qm)
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
    # The connections ended with the stop; z/OS restart backs out their units of recovery in
    # flight and keeps those in doubt (mqsc/engine/connregistry.py).
    connregistry.end_all(ctx)
    discard_nonpersistent(ctx)
    for topicstr, kept in list(txn.items("retained")):
        if not kept.persistent:  # nonpersistent retained publications do not survive
            txn.delete("retained", topicstr)
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
        return start(qm, module)
    finally:
        qm.restarting = False
        qm.logged_pools = {}


def reread_decks(qm: QueueManager) -> None:
    """Take the current CSQINP1 and CSQINP2 decks from where they live (IBM MQ for z/OS: the
    data sets are opened at each start); a DD whose decks cannot all be read keeps the decks
    the queue manager had."""
    if qm.initdecks is None:
        return
    for ddname in ("CSQINP1", "CSQINP2"):
        decks = qm.initdecks.decks(qm.name, ddname)
        if decks is not None:
            setattr(qm, ddname.lower(), decks)


def start_command(
    qm: QueueManager, logical: LogicalCommand | None, spec: CommandSpec, parm: str = ""
) -> Result:
    """START QMGR on a stopped queue manager: a restart, with its console messages.

    ``parm`` names the system parameter module (START QMGR PARM(name)); a module no load
    library holds stops the start before anything is done. The restart reads the log from the
    restart RBA to its end, from the active logs and, for what they no longer hold, from the
    archives, at the rates of storage rule BN-5: the MQSC650I line says how much and how long,
    and the log's time line moves on by that time."""
    if parm and qm.load_module(parm) is None:
        failed = Message("MQSC651E", {"module": parm})
        return results.result(qm.cpf, logical, spec, False, [failed], RC_FAILED)
    log = qm.state.tables["log"][None]
    prior = log.checkpoints[-1] if log.checkpoints else 0
    start_rba, end_rba = log.restart_rba, log.rba
    inventory = qm.state.tables["bsds"].get(None)
    compact = str(sysparm.of(qm.state).value("COMPACT"))
    done = restart(qm, parm)
    records: list[Record] = [
        Message("CSQY000I", {"version": product.RELEASE}),
        Message("CSQY001I", {"module": parm or qm.module}),
        *active_log_messages(qm),
        *qm.security_messages,
        Message("CSQR001I", {}),
        Message("CSQR003I", {"rba": rba_text(prior)}),
        Message(
            "CSQR004I", {"commit": "0000", "indoubt": "0000", "inflight": "0000", "backout": "0000"}
        ),
    ]
    if inventory is not None:
        records.append(_restart_read(qm, inventory, start_rba, end_rba, compact))
    records += [Message("CSQR002I", {}), *qm.start_messages]
    for one in done:
        if not one.ok:
            records.extend(one.messages())
    records.append(Message("CSQY022I", {}))
    return results.result(qm.cpf, logical, spec, True, records, RC_OK)


def active_log_messages(qm: QueueManager) -> list[Message]:
    """CSQJ001I for each copy of the current active log data set ("When the queue manager
    starts, this information message is sent to identify the current active log data sets",
    IBM MQ csq_j)."""
    inventory = qm.state.tables["bsds"].get(None)
    if inventory is None:
        return []
    slot = inventory.ring[inventory.current]
    end = slot.start + slot.size - 1
    out = [
        Message(
            "CSQJ001I",
            {"copy": copy, "dsname": dsn, "start": rba_text(slot.start), "end": rba_text(end)},
        )
        for copy, dsn in ((1, slot.dsn1), (2, slot.dsn2))
        if dsn
    ]
    return out


def _restart_read(qm: QueueManager, inventory, start: int, end: int, compact: str) -> Message:
    """What reading the log back took: bytes from active logs and from archives, and the
    seconds at 110 MB/s (38 MB/s for compacted archives); the log's time line moves on."""
    active, archive, seconds = logdatasets.restart_figures(inventory, start, end, compact)
    txn = Txn(qm.state)
    current = txn.get("bsds", None)
    if current is not None and seconds:
        later = bsds_now(current, qm.clock()) + dt.timedelta(seconds=seconds)
        txn.put("bsds", None, replace(current, ahead=later.isoformat()))
        qm.commit(txn, None)
    mb = 2**20
    return Message(
        "MQSC650I",
        {
            "start": rba_text(start),
            "end": rba_text(end),
            "active": f"{active / mb:.1f}",
            "archive": f"{archive / mb:.1f}",
            "seconds": f"{seconds:.1f}",
        },
    )
