"""The recovery log, its archives and the system parameters (mqsc/catalog/recoverylog.py).

DISPLAY SYSTEM / LOG / ARCHIVE report the parameters in effect (the module's values and SET's,
mqsc/engine/sysparm.py) and, for LOG, the state of the log's data sets (mqsc/engine/bsds.py);
SET changes a parameter until the queue manager stops; ARCHIVE LOG truncates the active log
and offloads what is not archived yet; DEFINE LOG adds a cataloged linear data set to the ring;
DEFINE MAXSMSGS is ALTER QMGR MAXUMSGS (IBM MQ "DEFINE MAXSMSGS": "You should use the MAXUMSGS
parameter of the ALTER QMGR command instead").
"""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from mqsc.catalog import zparm
from mqsc.engine import bsds, connregistry, logdatasets, sysparm
from mqsc.engine.context import Ctx
from mqsc.engine.log import rba
from mqsc.engine.records import LogCopy, LogStatusReport, ParameterReport, ParameterRow
from mqsc.engine.registry import handles

#: SET SYSTEM sets CTHREAD, IDFORE and IDBACK to this whatever it is given ("Any attempt to
#: change the value of one of these parameters sets it to a default value of 32767", IBM MQ
#: "SET SYSTEM").
OBSOLETE_VALUE = 32767


# ---- DISPLAY SYSTEM / LOG / ARCHIVE -------------------------------------------------------------
def parameter_report(ctx: Ctx, kind: str) -> ParameterReport:
    """The CSQJ322I report of ``kind``: each parameter's module value and SET value."""
    from mqsc.language.zparmsource import format_value  # noqa: PLC0415 - start-up: the CSQ6xxx macro reader only for DISPLAY and SET of them

    params = sysparm.of(ctx.txn)
    rows = []
    for p in zparm.report(kind):
        if p.name == "MULCCAPT" and params.value(p.name) != "REFINED":
            continue  # "only displayed if the MULCCAPT property is set to REFINED" [DOC-DISSYS]
        initial = params.initial.get(p.name, p.default)
        changed = params.changed.get(p.name)
        rows.append(
            ParameterRow(
                p.name,
                format_value(p, initial),
                "" if changed is None else format_value(p, changed),
            )
        )
    return ParameterReport(kind, tuple(rows))


@handles("DISPLAY", "SYSTEM")
def display_system(ctx: Ctx) -> None:
    ctx.add(parameter_report(ctx, "SYSTEM"))


@handles("DISPLAY", "LOG")
def display_log(ctx: Ctx) -> None:
    """The log parameters, then the log status: the current active log of each copy, the RBA
    the queue manager started from and the latest one, the offload task, the full logs."""
    ctx.add(parameter_report(ctx, "LOG"))
    inv = logdatasets.inventory(ctx)
    log = ctx.txn.get("log", None)
    slot = inv.ring[inv.current]
    zhyperwrite = str(sysparm.of(ctx.txn).value("ZHYWRITE"))
    percent = inv.percent_full(log.rba)
    copies = tuple(
        LogCopy(copy, percent, zhyperwrite, dsn)
        for copy, dsn in ((1, slot.dsn1), (2, slot.dsn2))
        if dsn
    )
    started = inv.restarted or ""
    at = logdatasets.now(ctx)
    ctx.add(
        LogStatusReport(
            copies,
            bsds.moment(started).strftime("%Y-%m-%d %H:%M:%S") if started else "",
            rba(log.started),
            rba(log.rba),
            "BUSY, COPYING LOG" if inv.offloading(at) else "AVAILABLE",
            inv.full_logs(),
            len(inv.ring),
            inv.suspended,
        )
    )


@handles("DISPLAY", "ARCHIVE")
def display_archive(ctx: Ctx) -> None:
    """The archive parameters, then the archive log data sets the BSDS records."""
    ctx.add(parameter_report(ctx, "ARCHIVE"))
    inv = logdatasets.inventory(ctx)
    copy1 = [a for a in inv.archives if a.copy == 1]
    if copy1:
        newest = copy1[-1]
        ctx.say(
            "MQSC657I",
            count=len(inv.archives),
            dsname=newest.dsn,
            start=rba(newest.start),
            end=rba(newest.end),
        )


# ---- SET SYSTEM / LOG / ARCHIVE -----------------------------------------------------------------
def _set(ctx: Ctx, kind: str) -> None:
    """Change parameters of ``kind`` for the running queue manager, or (DEFAULT) go back to
    the module's values; every value is checked first, so a bad one changes nothing."""
    from mqsc.language.zparmsource import BadValue, format_value, parse_value  # noqa: PLC0415 - start-up: the CSQ6xxx macro reader only for DISPLAY and SET of them

    macro = zparm.MACRO_OF[kind]
    params = sysparm.of(ctx.txn)
    given = [p for p in zparm.settable(kind) if ctx.cmd.get(p.name) is not None]
    if ctx.cmd.get("DEFAULT", False):
        if given:
            raise ctx.fail("MQSC659E", problem=f"SET {kind} DEFAULT takes no parameters")
        changed = {k: v for k, v in params.changed.items() if zparm.BY_NAME[k].macro != macro}
        _apply(ctx, replace(params, changed=changed))
        return
    if not given:
        raise ctx.fail("MQSC659E", problem=f"SET {kind} needs DEFAULT or a parameter")
    changed = dict(params.changed)
    for p in given:
        raw = ctx.cmd.get(p.name)
        try:
            value = parse_value(p, raw if isinstance(raw, tuple) else str(raw))
        except BadValue as error:
            raise ctx.fail("MQSC659E", problem=str(error)) from None
        changed[p.name] = OBSOLETE_VALUE if p.obsolete else value
    _apply(ctx, replace(params, changed=changed))
    for p in given:
        ctx.say(
            "MQSC660I",
            kind=f"SET {kind}",
            name=p.name,
            value=format_value(p, changed[p.name]),
            initial=format_value(p, params.initial.get(p.name, p.default)),
        )


def _apply(ctx: Ctx, params: sysparm.SysParms) -> None:
    ctx.txn.put("sysparm", None, params)
    log = ctx.txn.edit("log", None)
    log.loadlimit = int(params.value("LOGLOAD"))  # type: ignore[call-overload]


@handles("SET", "SYSTEM")
def set_system(ctx: Ctx) -> None:
    _set(ctx, "SYSTEM")


@handles("SET", "LOG")
def set_log(ctx: Ctx) -> None:
    _set(ctx, "LOG")


@handles("SET", "ARCHIVE")
def set_archive(ctx: Ctx) -> None:
    _set(ctx, "ARCHIVE")


# ---- ARCHIVE LOG ---------------------------------------------------------------------------
@handles("ARCHIVE", "LOG")
def archive_log(ctx: Ctx) -> None:
    """Truncate the current active log, switch to the next, and offload every data set not
    archived yet (IBM MQ "ARCHIVE LOG"). Units of work live across commands (connections,
    jobs, the REST API), so MODE(QUIESCE) reaches its point of consistency only when no
    connection has one in progress; IBM: "If activity has not quiesced in that time, the
    command fails; no off-load is done". Nothing can commit while this command runs, so the
    TIME seconds (the QUIESCE system parameter by default) end with the same units active
    and the command fails at once with MQSC654E, nothing truncated."""
    inv = logdatasets.inventory(ctx)
    settings = logdatasets.settings(ctx)
    at = logdatasets.now(ctx)
    if ctx.cmd.get("TIME") is not None and ctx.cmd.get("MODE") is None:
        raise ctx.fail("MQSC654E", why="TIME needs MODE(QUIESCE)")
    if ctx.cmd.get("CANCEL") or ctx.cmd.get("OFFLOAD"):
        if not (ctx.cmd.get("CANCEL") and ctx.cmd.get("OFFLOAD")):
            raise ctx.fail("MQSC654E", why="give CANCEL OFFLOAD (both words)")
        if not inv.pending:
            raise ctx.fail("MQSC654E", why="no offload is waiting or running to cancel")
        # "Cancels any off-loading currently in progress and restarts the off-load process.
        # The process starts with the oldest active log data set" (IBM MQ "ARCHIVE LOG").
        restarted = bsds.restart_offload(inv, at, settings)
        ctx.txn.put("bsds", None, restarted)
        ctx.say(
            "MQSC665I",
            count=len(restarted.pending),
            until=bsds.moment(restarted.busy_until).strftime("%Y-%m-%d %H:%M:%S"),
        )
        return
    if inv.suspended:
        raise ctx.fail("MQSC654E", why="logging is suspended (SUSPEND QMGR LOG)")
    if not settings.offload:
        raise ctx.fail("MQSC654E", why="archiving is off (OFFLOAD=NO in CSQ6LOGP)")
    if inv.requested:
        raise ctx.fail(
            "MQSC654E",
            why="a previous ARCHIVE LOG is in progress: its offload ends at "
            + bsds.moment(inv.busy_until or at.isoformat()).strftime("%Y-%m-%d %H:%M:%S"),
        )
    if bsds.last_available(inv, logdatasets.dual(ctx)):
        raise ctx.fail(
            "MQSC654E",
            why="the current active log data set is the last available one (it would leave "
            "none for logging until an offload completes)",
        )
    if ctx.cmd.get("MODE") == "QUIESCE":
        _quiesce(ctx)
    log = ctx.txn.edit("log", None)
    logdatasets.switch(ctx, log.rba)
    inv = replace(ctx.txn.get("bsds", None), requested=True)
    ctx.txn.put("bsds", None, inv)
    ctx.say(
        "MQSC655I",
        rba=rba(log.rba),
        count=len(inv.pending),
        until=bsds.moment(inv.busy_until).strftime("%Y-%m-%d %H:%M:%S")
        if inv.busy_until
        else "now",
    )


def _quiesce(ctx: Ctx) -> None:
    """MODE(QUIESCE): fail while any connection's unit of work is in progress."""
    active = [c for c in connregistry.every(ctx.txn) if c.uow is not None]
    if active:
        seconds = ctx.cmd.get("TIME")
        if seconds is None:
            seconds = sysparm.of(ctx.txn).value("QUIESCE")
        names = ", ".join(sorted({c.appltag.strip() or c.conn for c in active}))
        raise ctx.fail(
            "MQSC654E",
            why=f"{len(active)} unit(s) of work still active after {seconds} seconds of "
            f"MODE(QUIESCE) ({names}); no offload is done",
        )


# ---- DEFINE LOG, RECOVER BSDS --------------------------------------------------------------
@handles("DEFINE", "LOG")
def define_log(ctx: Ctx) -> None:
    """Add a data set to copy 1's or copy 2's ring: a VSAM linear cluster the queue manager's
    data set catalog holds (IBM MQ "DEFINE LOG": "the name of a VSAM linear data set which will
    have already been defined by Access Method Services")."""
    dsn = str(ctx.cmd.name)
    copy = int(ctx.cmd.get("COPY"))
    inv = logdatasets.inventory(ctx)
    catalog = ctx.qm.logcatalog
    size = catalog.log_data_set(dsn) if catalog is not None else None
    if size is None:
        raise ctx.fail("MQSC652E", dsname=dsn)
    why = ""
    if dsn in bsds.names_in_use(inv) or any(dsn in (a.dsn,) for a in inv.archives):
        why = "it is already one of the log's data sets"
    elif copy == 2 and not logdatasets.dual(ctx):
        why = "logging is single (TWOACTV=NO): there is no copy 2"
    elif bsds.copy_count(inv, copy) >= bsds.MAX_ACTIVE:
        why = f"the copy has {bsds.MAX_ACTIVE} data sets, the most it may have"
    if why:
        raise ctx.fail("MQSC653E", dsname=dsn, copy=copy, why=why)
    ctx.txn.put("bsds", None, bsds.add_active(inv, copy, dsn, size))
    ctx.say("MQSC664I", dsname=dsn, copy=copy, megabytes=size // 2**20)


@handles("RECOVER", "BSDS")
def recover_bsds(ctx: Ctx) -> None:
    """Re-establish dual BSDS mode after a copy failed (a copy the catalog no longer held at
    start): "Command processing consists of allocating a data set with the same name as the
    one that encountered the error and copying onto the new data set the contents of the BSDS
    that does not have an error" (IBM MQ "RECOVER BSDS")."""
    inv = logdatasets.inventory(ctx)
    if not inv.bsds[1]:
        raise ctx.fail("MQSC656E", why="the queue manager runs with a single BSDS (TWOBSDS=NO)")
    if not inv.single:
        raise ctx.fail(
            "MQSC656E",
            why=f"the BSDS is in dual mode already ({inv.bsds[0]} and {inv.bsds[1]})",
        )
    lost, good = inv.lost, bsds.good_copy(inv)
    catalog = ctx.qm.logcatalog
    if catalog is not None and lost and not catalog.bsds_data_set(lost):
        catalog.define_bsds(lost, ctx.qm.name)
    ctx.txn.put("bsds", None, bsds.restore_dual(inv))
    ctx.say("MQSC668I", dsname=lost or inv.bsds[1], good=good)


# ---- MAXSMSGS ------------------------------------------------------------------------------
@handles("DEFINE", "MAXSMSGS")
def define_maxsmsgs(ctx: Ctx) -> None:
    """The most messages a task may get or put within a unit of recovery: the queue manager's
    MAXUMSGS, kept over a restart ("Once a value is set, it is preserved during a queue manager
    restart", IBM MQ "DEFINE MAXSMSGS")."""
    info = ctx.txn.get("qmgr", None)
    value = cast(int, ctx.cmd.name)
    attrs = {**info.attrs, "MAXUMSGS": value}
    ctx.txn.put("qmgr", None, replace(info, attrs=attrs, altered=ctx.stamp()))


@handles("DISPLAY", "MAXSMSGS")
def display_maxsmsgs(ctx: Ctx) -> None:
    ctx.say("MQSC663I", value=ctx.txn.get("qmgr", None).attrs.get("MAXUMSGS", 10000))


# ---- RESET QMGR ----------------------------------------------------------------------------
@handles("RESET", "QMGR")
def reset_qmgr(ctx: Ctx) -> None:
    """TYPE(PUBSUB) CHILD(name) or PARENT(name) removes a queue manager from this one's
    publish/subscribe hierarchy; mqsc keeps no hierarchies, so the name is never a child or
    the parent."""
    child, parent = ctx.cmd.get("CHILD"), ctx.cmd.get("PARENT")
    if child is None and parent is None:
        raise ctx.fail("MQSC659E", problem="RESET QMGR TYPE(PUBSUB) needs CHILD or PARENT")
    if child is not None and parent is not None:
        raise ctx.fail("MQSC659E", problem="RESET QMGR TYPE(PUBSUB) takes CHILD or PARENT")
    relation, name = ("child", child) if child is not None else ("parent", parent)
    raise ctx.fail("MQSC658E", qmgr=name, relation=relation)
