"""The recovery log's data sets inside a command: switches, offloads, archives, waits.

The recovery log (mqsc/engine/log.py) counts RBAs; the inventory of its data sets is the
``bsds`` entity (mqsc/engine/bsds.py). This module joins them in a command's transaction:

* :func:`after_write` runs when a write filled the current active log data set (the log's
  ``switch_at``): the log switches (CSQJ002I, CSQJ001I), the full data set goes to the offload
  task, and when every active log is full the writer waits for the offload (CSQJ111A);
* :func:`tick` completes the offloads that have ended by now (the queue manager's clock, or
  the log's own time line after a wait): archive data sets are recorded in the BSDS and, when
  CATALOG=YES and the queue manager has a data set catalog, catalogued there (CSQJ003I);
* CSQJ110E warns at each 5% step while the last available active log fills.

Only a write that reaches the log's next stop (``switch_at``: the data set's end, or the next
5% step of the last available one) costs anything: the log's hot path is one comparison
(``LogState.switch_due``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import cast

from mqsc.engine import bsds, sysparm
from mqsc.engine.context import Ctx
from mqsc.engine.log import NO_SWITCH
from mqsc.engine.log import rba as rba_text
from mqsc.engine.records import Message


def inventory(ctx: Ctx) -> bsds.Bsds:
    """The log's data sets (made at the first start of a queue manager)."""
    found = ctx.txn.get("bsds", None)
    if found is None:
        found = create(ctx)
    return found


def create(ctx: Ctx) -> bsds.Bsds:
    """The inventory of a new queue manager: its active logs as its configuration gives them
    (mqsc.toml ``[log]``), dual when TWOACTV=YES, BSDS copies by TWOBSDS."""
    params = sysparm.of(ctx.txn)
    config = ctx.qm.config
    log = ctx.txn.edit("log", None)
    # A log already written (a queue manager kept before its data sets were): its first data
    # set starts where it is now.
    inv = bsds.new(
        ctx.qm.name,
        [config.log_bytes] * config.log_datasets,
        dual_active=params.value("TWOACTV") == "YES",
        dual_bsds=params.value("TWOBSDS") == "YES",
        start=log.rba,
    )
    inv = replace(inv, written=(ctx.qm.clock().isoformat(), *inv.written[1:]))
    ctx.txn.put("bsds", None, inv)
    log.switch_at = inv.switch_at
    return inv


def check_bsds(ctx: Ctx, inv: bsds.Bsds) -> tuple[bsds.Bsds, list[Message]]:
    """At start: the BSDS copies as the data set catalog has them. The first start with a
    catalog puts them in it; later, a copy of dual BSDSs that the catalog no longer holds
    (an IDCAMS DELETE while the queue manager was stopped) cannot be opened, and the queue
    manager starts in single BSDS mode with the other (MQSC667E) until RECOVER BSDS. Both
    copies gone is a start z/OS refuses; mqsc leaves that case out (docs/state.md)."""
    catalog = ctx.qm.logcatalog
    if catalog is None or inv.single:
        return inv, []
    copies = [dsn for dsn in inv.bsds if dsn]
    if not inv.catalogued:
        for dsn in copies:
            if not catalog.bsds_data_set(dsn):
                catalog.define_bsds(dsn, ctx.qm.name)
        return replace(inv, catalogued=True), []
    missing = [dsn for dsn in copies if not catalog.bsds_data_set(dsn)]
    if len(copies) != 2 or len(missing) != 1:
        return inv, []
    inv = bsds.lose_copy(inv, missing[0])
    said = Message("MQSC667E", {"dsname": missing[0], "good": bsds.good_copy(inv)})
    return inv, [said]


def settings(ctx: Ctx) -> bsds.ArchiveSettings:
    return bsds.settings(sysparm.of(ctx.txn).values())


def dual(ctx: Ctx) -> bool:
    return sysparm.of(ctx.txn).value("TWOACTV") == "YES"


def now(ctx: Ctx) -> dt.datetime:
    """The log's now: the queue manager's clock, or later after a wait for an offload."""
    inv = ctx.txn.get("bsds", None)
    clock = ctx.qm.clock()
    return bsds.now_of(inv, clock) if inv is not None else clock


def tick(ctx: Ctx) -> None:
    """Complete the offloads that have ended by now."""
    inv = ctx.txn.get("bsds", None)
    if inv is None or not inv.busy_until:
        return
    at = now(ctx)
    if bsds.moment(inv.busy_until) > at:
        return
    inv, events, made = bsds.advance(inv, at, settings(ctx))
    ctx.txn.put("bsds", None, inv)
    _report(ctx, events)
    _catalog(ctx, made)


def after_write(ctx: Ctx) -> None:
    """The log reached its next stop (``LogState.switch_at``): the end of the current active
    log data set (switch, as often as the write spanned data sets), or the next 5% step of the
    last available one (CSQJ110E)."""
    log = ctx.txn.edit("log", None)
    inv = inventory(ctx)
    while log.switch_at != NO_SWITCH and log.rba >= inv.switch_at:
        switch(ctx, inv.switch_at)
        log = ctx.txn.edit("log", None)
        inv = inventory(ctx)
    _warn_last(ctx)
    if log.switch_at != NO_SWITCH:
        log.switch_at = next_stop(ctx)


def next_stop(ctx: Ctx) -> int:
    """Where the log's writes next need the data sets' attention: the end of the current
    active log data set or, while it is the last available one, the RBA at which it is the
    next 5% fuller than CSQJ110E last said (so the hot path stays one comparison)."""
    inv = inventory(ctx)
    end = inv.switch_at
    if not bsds.last_available(inv, dual(ctx)):
        return end
    slot = inv.ring[inv.current]
    step = max(5, inv.warned + 5)
    if step >= 100:
        return end
    return min(end, slot.start - (-step * slot.size // 100))


def switch(ctx: Ctx, at: int) -> None:
    """Switch to the next active log at RBA ``at`` (the current one is full, or ARCHIVE LOG
    truncated it)."""
    tick(ctx)
    inv = inventory(ctx)
    inv, events, problem, made = bsds.switch(inv, at, now(ctx), settings(ctx), dual=dual(ctx))
    ctx.txn.put("bsds", None, inv)
    _report(ctx, events)
    _catalog(ctx, made)
    log = ctx.txn.edit("log", None)
    if problem:
        # No active log can be used and none is being offloaded (OFFLOAD=NO never gets here):
        # the log stays on the full data set, as z/OS halts update work until an offload
        # frees one (docs/engine.md).
        log.switch_at = NO_SWITCH
        return
    log.switch_at = next_stop(ctx)


def _warn_last(ctx: Ctx) -> None:
    """CSQJ110E at each 5% step of the last available active log ("Message CSQJ110E is issued
    when the last available active log is 5% full and at 5% increments thereafter", IBM MQ
    "When the IBM MQ for z/OS archive log is written")."""
    inv = ctx.txn.get("bsds", None)
    if inv is None or not bsds.last_available(inv, dual(ctx)):
        return
    log = ctx.txn.get("log", None)
    percent = inv.percent_full(log.rba) // 5 * 5
    if percent >= 5 and percent > inv.warned:
        ctx.txn.put("bsds", None, replace(inv, warned=percent))
        ctx.console("CSQJ110E", csect="CSQJW307", copy=1, percent=percent)


def _report(ctx: Ctx, events: list[bsds.Event]) -> None:
    for event in events:
        inserts = dict(event.inserts)
        for key in ("start", "end"):
            if key in inserts:
                inserts[key] = rba_text(int(cast(int, inserts[key])))
        for key in ("starttime", "endtime"):
            if key in inserts:
                inserts[key] = _bsds_time(str(inserts[key]))
        ctx.console(event.msg_id, **inserts)


def _bsds_time(text: str) -> str:
    """A moment as CSQJ003I shows STARTTIME and ENDTIME: yyyydddhhmmsst (the time stamp format
    of IBM's CSQJU003 utility, "yyyydddhhmmsst"), UNVERIFIED for CSQJ003I itself."""
    if not text:
        return ""
    moment = bsds.moment(text)
    return f"{moment:%Y%j%H%M%S}{moment.microsecond // 100000}"


def _catalog(ctx: Ctx, made: list[bsds.ArchiveLog]) -> None:
    """Catalog new archive log data sets (CATALOG=YES) in the queue manager's catalog."""
    catalog = ctx.qm.logcatalog
    if catalog is None:
        return
    for archive in made:
        if archive.catalogued:
            catalog.catalog_archive(
                archive.dsn,
                {
                    "qmgr": ctx.qm.name,
                    "copy": archive.copy,
                    "startrba": rba_text(archive.start),
                    "endrba": rba_text(archive.end),
                    "starttime": archive.started,
                    "endtime": archive.ended,
                    "unit": archive.unit,
                    "compacted": archive.compacted,
                },
            )


def restart_figures(inv: bsds.Bsds, start: int, end: int, compact: str) -> tuple[int, int, float]:
    """What a restart reads from the restart RBA to the end of the log: bytes from active logs,
    bytes only in archives, and the seconds that takes (active logs at the uncompressed rate,
    archives at their own: storage rule BN-5)."""
    active, archive, _ = bsds.restart_range(inv, start, end)
    rate = bsds.ARCHIVE_RATES.get(compact, bsds.ACTIVE_RATE)
    seconds = active / bsds.MB / bsds.ACTIVE_RATE + archive / bsds.MB / rate
    return active, archive, seconds


def suspended(ctx: Ctx) -> bool:
    """Whether SUSPEND QMGR LOG is in effect."""
    inv = ctx.txn.get("bsds", None)
    return inv is not None and inv.suspended


def suspend(ctx: Ctx) -> None:
    """SUSPEND QMGR LOG: logging and update activity stop until RESUME QMGR LOG ("suspend
    logging and update activity for the queue manager until a subsequent RESUME QMGR command
    is issued", IBM MQ "SUSPEND QMGR")."""
    inv = inventory(ctx)
    log = ctx.txn.get("log", None)
    if inv.suspended:
        ctx.say("MQSC661I", state="already suspended", rba=rba_text(log.rba))
        return
    ctx.txn.put("bsds", None, replace(inv, suspended=True))
    ctx.say("MQSC661I", state="suspended", rba=rba_text(ctx.txn.get("log", None).rba))


def resume(ctx: Ctx) -> None:
    """RESUME QMGR LOG."""
    inv = inventory(ctx)
    log = ctx.txn.get("log", None)
    if not inv.suspended:
        ctx.say("MQSC661I", state="not suspended", rba=rba_text(log.rba))
        return
    ctx.txn.put("bsds", None, replace(inv, suspended=False))
    ctx.say("MQSC661I", state="resumed", rba=rba_text(log.rba))
