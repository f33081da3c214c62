"""OEMPUT, OEMPUTX and MGET: the lab's workload programs, on the storage simulation.

OEMPUTX (SupportPac IP13) and OEMPUT (SupportPac MP1B) put messages in quantity; MGET (IP13)
gets them back. The seed lab runs them as job steps LOADQ and MGETQ. Their SYSPRINT here keeps
the real programs' opening lines and totals as the seed prints them (secondary
sources, VERIFIED as printed), but where the real programs print elapsed time, CPU time and
rates, the emulator prints what it simulated instead (pages, buffer pool activity, page set I/O,
expansions): timings are properties of a real machine and are never invented.

PARM syntax (the public sources give only fragments; this is the emulator's documented subset,
flags case-insensitive with the value written straight after the letter):

* OEMPUT / OEMPUTX: ``-m<qmgr> -q<queue> -n<count> -s<bytes> [-p] [-c<n>]``; ``-p`` puts
  persistent messages, ``-c<n>`` commits every n messages; ``-fileDD:<dd>`` takes the message
  data from a DD (its size is the data's), with ``-crlf`` each line of it in turn.
* MGET: ``-m<qmgr> -q<queue> [-n<count>] [-w<seconds>]``: at most count messages (default
  all), waiting ``-w`` seconds (default 10) for more before it ends.

Condition codes (UNVERIFIED; the programs' documentation is not public): 0 all done, 8 an MQ
call failed (the MQRC is printed), 12 the PARM could not be used.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterable
from dataclasses import dataclass, replace

from mqsc.batch.csqutil import Unavailable
from mqsc.batch.steps import StepContext, StepOutcome
from mqsc.catalog import mqrc
from mqsc.engine import mqi
from mqsc.engine.connregistry import NotConnected
from mqsc.engine.records import Workload
from mqsc.render.workload import summary_lines

CC_OK, CC_MQ_FAILED, CC_BAD_PARM = 0, 8, 12
#: MGET's "all messages" count and its default buffer size, as the seed prints them.
ALL_MESSAGES = 99_999_999
MGET_BUFFER = 1000
NOT_EMULATED = "Elapsed and CPU times are not emulated: they are properties of the real machine."
#: How often a waiting MGET looks for messages (seconds).
POLL_SECONDS = 0.2


class ParmError(ValueError):
    """A PARM the program cannot use; the message says which flag and why."""


@dataclass(frozen=True, slots=True)
class PutParm:
    """What OEMPUT/OEMPUTX were asked to do."""

    qmgr: str
    queue: str
    count: int = 1
    size: int = 1024
    persistent: bool = False
    commit: int = 0
    file_dd: str = ""
    crlf: bool = False


@dataclass(frozen=True, slots=True)
class GetParm:
    """What MGET was asked to do."""

    qmgr: str
    queue: str
    count: int | None = None
    wait: int = 10


#: Flags of the real programs that a simulation without a clock or a second application
#: cannot honour, with the reason printed when a PARM uses one.
UNSUPPORTED = {
    "TM": "time-based runs (-tm, -ts) need the real machine's message rate",
    "TS": "time-based runs (-tm, -ts) need the real machine's message rate",
    "L": "request/reply loops (-l, -r) need a second application",
    "R": "request/reply loops (-l, -r) need a second application",
    "CGCPC": "request/reply loops (-l, -r) need a second application",
}


def _flags(parm: str) -> Iterable[tuple[str, str, str]]:
    """(letter(s) upper-cased, value, the token) for each ``-xVALUE`` token."""
    for token in parm.split():
        if not token.startswith("-") or len(token) < 2:
            raise ParmError(f"{token!r} is not a flag (flags are written -xVALUE)")
        body = token[1:]
        upper = body.upper()
        if upper.startswith("FILEDD:"):
            yield "FILEDD", body[7:], token
        elif upper == "CRLF" or upper == "CGCPC":
            yield upper, "", token
        elif upper[:2] in ("TM", "TS"):
            yield upper[:2], body[2:], token
        else:
            yield upper[0], body[1:], token


def _number(token: str, value: str, low: int, high: int) -> int:
    if not value.isdigit() or not low <= int(value) <= high:
        raise ParmError(f"{token}: expected a number from {low} to {high}")
    return int(value)


def parse_put_parm(parm: str) -> PutParm:
    """The PARM of OEMPUT/OEMPUTX.

    >>> parse_put_parm("-mQMZ1 -qUSER1.ABAR.QUEUE -n300 -s4096")
    PutParm(qmgr='QMZ1', queue='USER1.ABAR.QUEUE', count=300, size=4096, persistent=False, \
commit=0, file_dd='', crlf=False)
    """
    values: dict[str, object] = {}
    for flag, value, token in _flags(parm):
        if flag in UNSUPPORTED:
            raise ParmError(f"{token}: not supported by the emulator: {UNSUPPORTED[flag]}")
        if flag == "M":
            values["qmgr"] = value.upper()
        elif flag == "Q":
            values["queue"] = value.upper()
        elif flag == "N":
            values["count"] = _number(token, value, 0, 999_999_999)
        elif flag == "S":
            values["size"] = _number(token, value, 0, 104_857_600)
        elif flag == "P" and not value:
            values["persistent"] = True
        elif flag == "C":
            values["commit"] = _number(token, value, 1, 999_999_999)
        elif flag == "FILEDD":
            values["file_dd"] = value.upper()
        elif flag == "CRLF":
            values["crlf"] = True
        else:
            raise ParmError(f"{token}: unknown flag")
    return PutParm(**_required(values))  # type: ignore[arg-type]


def parse_get_parm(parm: str) -> GetParm:
    """The PARM of MGET.

    >>> parse_get_parm("-mQMZ1 -qUSER1.BBAR.QUEUE -w10")
    GetParm(qmgr='QMZ1', queue='USER1.BBAR.QUEUE', count=None, wait=10)
    """
    values: dict[str, object] = {}
    for flag, value, token in _flags(parm):
        if flag == "M":
            values["qmgr"] = value.upper()
        elif flag == "Q":
            values["queue"] = value.upper()
        elif flag == "N":
            values["count"] = _number(token, value, 0, ALL_MESSAGES)
        elif flag == "W":
            values["wait"] = _number(token, value, 0, 86_400)
        else:
            raise ParmError(f"{token}: unknown flag")
    return GetParm(**_required(values))  # type: ignore[arg-type]


def _required(values: dict[str, object]) -> dict[str, object]:
    for key, flag, what in (("qmgr", "-m", "queue manager"), ("queue", "-q", "queue")):
        if not values.get(key):
            raise ParmError(f"{flag} is required (the {what})")
    return values


# ---- the programs ----------------------------------------------------------------------------
def run_oemput(ctx: StepContext) -> StepOutcome:
    """``EXEC PGM=OEMPUT`` or ``PGM=OEMPUTX``."""
    try:
        parm = parse_put_parm(ctx.parm)
    except ParmError as error:
        ctx.sysprint(f"{ctx.program}: PARM error: {error}")
        return StepOutcome(cc=CC_BAD_PARM)
    sizes = [parm.size]
    if parm.file_dd:
        if not ctx.has(parm.file_dd):
            ctx.sysprint(f"{ctx.program}: DD {parm.file_dd} (-fileDD) is missing")
            return StepOutcome(cc=CC_BAD_PARM)
        text = ctx.read(parm.file_dd).text
        lines = text.splitlines()
        sizes = [len(line.encode()) for line in lines] if parm.crlf else [len(text.encode())]
        sizes = sizes or [0]
    qm, reason = _connect(ctx, parm.qmgr)
    ctx.sysprint(
        f"{ctx.program} (mqsc emulation): {parm.count} "
        f"{'persistent' if parm.persistent else 'nonpersistent'} messages to "
        f"{parm.queue} on {parm.qmgr}",
        f"Commit every {parm.commit} messages" if parm.commit else "No units of work",
        "",
    )
    if qm is None:
        return _no_connection(ctx, reason)
    # The step is one task (a batch connection): its accounting records, when the
    # accounting trace runs, say what it did (mqsc/engine/smf/accounting.py).
    qm.begin_task(ctx.job, correlator=ctx.job)
    try:
        outcome = _put_cycle(qm, parm, sizes, ctx.conn(qm))
    finally:
        qm.end_task()
    ctx.audit(outcome.messages)
    ctx.sysprint(f"Total Transactions : {outcome.done}", "", NOT_EMULATED, "")
    ctx.print("SYSPRINT", summary_lines(_without_racf(outcome), qm.name, qm.cpf))
    if outcome.reason:
        ctx.sysprint("", f"MQPUT failed with reason code {outcome.reason} ({outcome.reason_name})")
        return StepOutcome(cc=CC_MQ_FAILED)
    if outcome.held:  # SUSPEND QMGR LOG: the MQPUT was not done (no reason code: z/OS waits)
        return StepOutcome(cc=CC_MQ_FAILED)
    return StepOutcome(cc=CC_OK)


def _put_cycle(qm, parm: PutParm, sizes: list[int], conn: str = "") -> Workload:
    """Put ``parm.count`` messages whose sizes cycle through ``sizes`` (one size: one call)."""
    if len(set(sizes)) == 1:
        return qm.put(
            parm.queue,
            parm.count,
            sizes[0],
            persistent=parm.persistent,
            batch=parm.commit,
            conn=conn,
        )
    total: Workload | None = None
    for index in range(parm.count):
        one = qm.put(
            parm.queue, 1, sizes[index % len(sizes)], persistent=parm.persistent, conn=conn
        )
        total = one if total is None else total.plus(one)
        if one.reason:
            break
    return total if total is not None else qm.put(parm.queue, 0, parm.size, conn=conn)


def run_mget(ctx: StepContext) -> StepOutcome:
    """``EXEC PGM=MGET``."""
    try:
        parm = parse_get_parm(ctx.parm)
    except ParmError as error:
        ctx.sysprint(f"MGET: PARM error: {error}")
        return StepOutcome(cc=CC_BAD_PARM)
    start = ctx.clock()
    ctx.sysprint(
        f"About to get {parm.count if parm.count is not None else ALL_MESSAGES} messages from:",
        "",
        f"Qname = {parm.queue}",
        f"Qmgr = {parm.qmgr}",
        "",
        f"Wait interval is {parm.wait} seconds",
        "Quiet mode - Messages will not be printed",
        f"Buffer size is {MGET_BUFFER} bytes",
        "",
        f"Starting at {_stamp(start)}",
        "",
    )
    qm, reason = _connect(ctx, parm.qmgr)
    if qm is None:
        return _no_connection(ctx, reason)
    qm.begin_task(ctx.job, correlator=ctx.job)
    try:
        outcome = _get_waiting(ctx, qm, parm)
    finally:
        qm.end_task()
    ctx.audit(outcome.messages)
    ctx.sysprint(f"Total Messages : {outcome.done}", NOT_EMULATED, "")
    ctx.print("SYSPRINT", summary_lines(_without_racf(outcome), qm.name, qm.cpf))
    failed = outcome.reason not in (mqrc.MQRC_NONE, mqrc.MQRC_NO_MSG_AVAILABLE)
    if failed:
        ctx.sysprint("", f"MQGET failed with reason code {outcome.reason} ({outcome.reason_name})")
    ctx.sysprint("", f"Ending at {_stamp(mget_end(ctx.clock(), parm, outcome.reason))}.")
    return StepOutcome(cc=CC_MQ_FAILED if failed or outcome.held else CC_OK)


def _without_racf(outcome: Workload) -> Workload:
    """The outcome without RACF's ICH408I: those go to the job's log, not SYSPRINT."""
    return replace(outcome, messages=tuple(m for m in outcome.messages if m.msg_id != "ICH408I"))


def _get_waiting(ctx: StepContext, qm, parm: GetParm) -> Workload:
    """MGET's gets: all it can, then it waits ``-w`` seconds for more, each message starting
    the wait again (MQGMO_WAIT). A message can arrive meanwhile only from another program
    connected to the queue manager from another process (a job, a console, ``mqsc serve``);
    while none is, nothing could come, so the wait is not spent in real time (the SYSPRINT's
    ending time still counts it)."""
    conn = ctx.conn(qm)
    hid = 0
    if conn:
        # MGET holds the queue open for input while it runs (DISPLAY QSTATUS IPPROCS, and
        # TYPE(HANDLE) and DISPLAY CONN show the handle).
        try:
            hid = mqi.open_queue(qm, conn, parm.queue, mqi.INPUT)
        except NotConnected as refused:
            # Refused by the security manager, its ICH408I go to the job's log.
            audit = getattr(refused, "messages", ())
            return Workload(
                "get", parm.queue, parm.count or -1, 0, reason=refused.reason, messages=audit
            )
    try:
        return _gets(ctx, qm, parm, conn)
    finally:
        if hid:
            try:
                mqi.close_queue(qm, conn, hid)
            except NotConnected:
                pass  # the connection ended meanwhile (a restart): its handles went with it


def _gets(ctx: StepContext, qm, parm: GetParm, conn: str) -> Workload:
    outcome = qm.get(parm.queue, parm.count, conn=conn)
    if outcome.reason != mqrc.MQRC_NO_MSG_AVAILABLE and outcome.reason:
        return outcome
    deadline = time.monotonic() + parm.wait
    while time.monotonic() < deadline and _others_connected(qm, ctx.owner):
        if parm.count is not None and outcome.done >= parm.count:
            break
        _let_go(qm)
        time.sleep(POLL_SECONDS)
        left = None if parm.count is None else parm.count - outcome.done
        more = qm.get(parm.queue, left, conn=conn)
        if more.done:
            outcome = outcome.plus(more)
            deadline = time.monotonic() + parm.wait
        elif more.reason not in (mqrc.MQRC_NONE, mqrc.MQRC_NO_MSG_AVAILABLE):
            return replace(outcome, reason=more.reason)
    return outcome


def _let_go(qm) -> None:
    """While MGET waits, the queue manager is free for the others: what the job did so far is
    committed and the state database's lock released (a job otherwise keeps one grouped
    transaction to its end, docs/state.md)."""
    flush = getattr(qm.gate, "flush", None)
    if flush is not None:
        flush(qm)


def _others_connected(qm, owner: str) -> bool:
    """Whether a program of another process is connected to ``qm`` now."""
    return any(c.owner and c.owner != owner for c in qm.connections())


def mget_end(last_get: dt.datetime, parm: GetParm, reason: int) -> dt.datetime:
    """When MGET ends: after its last get, plus the wait interval when it ended by waiting.

    Without a count MGET gets until a get has waited the whole interval in vain (2033): that
    is its normal end, one wait interval after the last message (seed step 20). With a count
    it reached, or a get that failed, it ends at once.

    >>> at = dt.datetime(2026, 1, 15, 10, 30)
    >>> mget_end(at, GetParm("QMZ1", "Q", None, 10), 0).time()
    datetime.time(10, 30, 10)
    >>> mget_end(at, GetParm("QMZ1", "Q", 4, 10), 0).time()
    datetime.time(10, 30)
    """
    waited = reason == mqrc.MQRC_NO_MSG_AVAILABLE or (parm.count is None and reason == 0)
    return last_get + dt.timedelta(seconds=parm.wait) if waited else last_get


def _connect(ctx: StepContext, name: str):
    """MQCONN: the queue manager and MQRC_NONE; None and 2058 when the job has no queue
    manager of that name, None and 2059 when another process holds it
    (:class:`mqsc.batch.csqutil.Unavailable`), None and 2035 when the security manager
    refuses the job's user."""
    try:
        qm = ctx.qmgr(name)
    except Unavailable as error:
        return None, error.mqrc
    if qm is None:
        return None, mqrc.MQRC_Q_MGR_NAME_ERROR
    # The connection check (MQCONN hlq.BATCH, READ) is made at MQCONN: a job whose user may
    # not connect fails there, RACF's ICH408I in its job log (IBM's security lab, PUTMSG).
    reason, audit = qm.authorize_connection(ctx.user or None)
    ctx.audit(audit)
    return (qm, mqrc.MQRC_NONE) if not reason else (None, reason)


def _no_connection(ctx: StepContext, reason: int = mqrc.MQRC_Q_MGR_NAME_ERROR) -> StepOutcome:
    """MQCONN failed: 2058 no such queue manager, 2059 not available now, 2035 not
    authorized."""
    ctx.sysprint(f"MQCONN failed with reason code {reason} ({mqrc.name(reason)})")
    return StepOutcome(cc=CC_MQ_FAILED)


def _stamp(moment: dt.datetime) -> str:
    """``2015-12-10 19:57:34.557462``, as MGET prints its start and end."""
    return moment.strftime("%Y-%m-%d %H:%M:%S.%f")
