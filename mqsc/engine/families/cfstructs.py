"""Coupling facility structures: DEFINE, ALTER, DELETE, DISPLAY CFSTRUCT and CFSTATUS, and
BACKUP, RECOVER and RESET CFSTRUCT ([DOC-DEFCFS] [DOC-BACKUP] [DOC-RECOVER] [DOC-RESETCF];
docs/qsg.md).

CF structures exist only in a queue sharing group; a queue manager outside one answers every
CF structure command with MQSC552E. Definitions live in the group's shared repository (every
member sees them at once); each has a :class:`~mqsc.engine.storage.cf.StructureState`.

Rules, and where they come from:

* a name is 1-12 characters and not CSQ_ADMIN; at most 63 application structures per group
  (storage rules CF-1, CF-7 (docs/storage.md#storage-rules));
* RECOVER(YES) needs CFLEVEL(3) or higher (CFLEVEL 3 is the level for persistent messages,
  [DOC-DEFCFS]); a structure's level cannot drop while its queues hold messages, and a
  structure cannot be deleted while shared queues use it;
* BACKUP CFSTRUCT needs CFLEVEL(3)+ and RECOVER(YES), and fails while another backup of the
  structure is running ([DOC-BACKUP] usage notes); EXCLINT seconds before now are left out;
* RECOVER CFSTRUCT needs a FAILED structure ([DOC-RECOVER] note 1): TYPE(NORMAL) restores the
  last backup and replays every member's logged changes since, TYPE(PURGE) empties it;
* RESET CFSTRUCT ACTION(FAIL) needs CFLEVEL(5) ([DOC-RESETCF] note 2) and fails the structure:
  every message in it is gone, and it is unusable until recovered (MQRC 2373).

Failures whose z/OS message text is not public answer with the VERIFIED CSQM090E reason
00C5004F ("see the accompanying message") after an explanatory MQSC3nnE message
(messages.py, docs/qsg.md).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Iterator

from mqsc.catalog import cfstructs as catalog_cfstructs
from mqsc.engine import objectcommands
from mqsc.engine.context import Ctx
from mqsc.engine.group import group_of
from mqsc.engine.log import rba as rba_text
from mqsc.engine.messaging.sharedq import connection_name
from mqsc.engine.mqobjects import Attributes, MQObject
from mqsc.engine.records import ObjectRecord
from mqsc.engine.registry import handles
from mqsc.engine.storage import cf, smds
from mqsc.engine.storage.queuestore import QueueStore

#: The administration structure: it holds no messages and cannot be defined.
ADMIN = "CSQ_ADMIN"
#: Log read-back rate (MB/s) for recovery estimates: active or uncompressed archive logs on
#: z14 (storage rule BN-5 (docs/storage.md#storage-rules)); mqsc advise shows the other rates.
READ_RATE = 110.0

CFSTRUCT = catalog_cfstructs.FAMILY


def require_qsg(ctx: Ctx) -> None:
    if not ctx.qm.info.qsg:
        raise ctx.fail("MQSC552E", qsgdisp="GROUP")


def check(ctx: Ctx, attrs: Attributes, existing: MQObject | None) -> None:
    name = str(ctx.cmd.name)
    if name == ADMIN:
        raise ctx.object_failure("MQSC553E", "NOT_ALLOWED", objtype="CFSTRUCT", name=ADMIN)
    level = int(attrs.get("CFLEVEL"))
    if attrs.get("RECOVER") == "YES" and level < 3:
        raise ctx.object_failure("MQSC550E", "NOT_ALLOWED", keyword1="CFLEVEL", keyword2="RECOVER")
    if existing is None:
        count = sum(1 for _ in ctx.txn.keys("cfstruct"))
        if count >= cf.MAX_STRUCTURES:
            raise ctx.object_failure("MQSC307E", "CF_REQUEST", count=count)
    elif level < int(existing.get("CFLEVEL")) and any(
        store.depth for store in cf.stores_on(ctx, name)
    ):
        # Decrease a level only while the structure's queues are empty ([DOC-DEFCFS]).
        raise ctx.object_failure("MQSC501E", "IN_USE", objtype="CFSTRUCT", name=name)


@handles("DEFINE", "CFSTRUCT")
def define_cfstruct(ctx: Ctx) -> None:
    require_qsg(ctx)
    obj = objectcommands.define(ctx, CFSTRUCT, check)
    if not ctx.txn.has("cfstatus", obj.name):
        ctx.txn.put("cfstatus", obj.name, cf.StructureState(obj.name))


@handles("ALTER", "CFSTRUCT")
def alter_cfstruct(ctx: Ctx) -> None:
    require_qsg(ctx)
    objectcommands.alter(ctx, CFSTRUCT, check)


@handles("DELETE", "CFSTRUCT")
def delete_cfstruct(ctx: Ctx) -> None:
    require_qsg(ctx)
    obj = objectcommands.existing_object(ctx, CFSTRUCT)
    if cf.queues_on(ctx, obj.name):
        raise ctx.object_failure("MQSC501E", "IN_USE", objtype="CFSTRUCT", name=obj.name)
    ctx.txn.delete("cfstruct", obj.name)
    ctx.txn.delete("cfstatus", obj.name)


@handles("DISPLAY", "CFSTRUCT")
def display_cfstruct(ctx: Ctx) -> None:
    require_qsg(ctx)
    objectcommands.display(ctx, CFSTRUCT, selected(ctx))


def selected(ctx: Ctx) -> Iterator[objectcommands.Getter]:
    for name in sorted(ctx.txn.keys("cfstruct")):
        if objectcommands.matches(str(ctx.cmd.name), name):
            obj = ctx.txn.get("cfstruct", name)
            yield objectcommands.getter(obj, "CFSTRUCT")


# ---- DISPLAY CFSTATUS ----------------------------------------------------------------------
#: What each TYPE shows, in order (secondary sources: the V6 PCF response fields
#: per type, with the 9.4 MQSC keyword spellings CFTYPE and LOGS).
CFSTATUS_FIELDS = {
    "SUMMARY": (
        "CFSTATUS",
        "TYPE",
        "CFTYPE",
        "STATUS",
        "SIZEMAX",
        "SIZEUSED",
        "ENTSMAX",
        "ENTSUSED",
        "FAILTIME",
        "FAILDATE",
    ),
    "CONNECT": ("CFSTATUS", "TYPE", "QMNAME", "STATUS", "SYSNAME", "FAILTIME", "FAILDATE"),
    "SMDS": (
        "CFSTATUS",
        "TYPE",
        "SMDS",
        "STATUS",
        "ACCESS",
        "RCVDATE",
        "RCVTIME",
        "FAILDATE",
        "FAILTIME",
    ),
    "BACKUP": (
        "CFSTATUS",
        "TYPE",
        "STATUS",
        "QMNAME",
        "BKUPTIME",
        "BKUPDATE",
        "BKUPSRBA",
        "BKUPERBA",
        "BKUPSIZE",
        "LOGS",
        "FAILTIME",
        "FAILDATE",
    ),
}
#: The z/OS image every emulated member runs on (the lab's system, seed 000).
SYSNAME = "SOW1"


@handles("DISPLAY", "CFSTATUS")
def display_cfstatus(ctx: Ctx) -> None:
    require_qsg(ctx)
    kind = str(ctx.cmd.get("TYPE", "SUMMARY"))
    where = ctx.cmd.where
    found = 0
    for values in _status_rows(ctx, kind):
        if where is not None and not objectcommands.passes(where, values.get(where.keyword, "")):
            continue
        fields = tuple((n, values.get(n, "")) for n in CFSTATUS_FIELDS[kind])
        ctx.add(ObjectRecord("CFSTATUS", "CFSTATUS", "MQSC443I", fields))
        found += 1
    if not found:
        ctx.say("CSQM297I", objtype="CFSTATUS")


def _status_rows(ctx: Ctx, kind: str) -> Iterator[dict[str, object]]:
    names = sorted(ctx.txn.keys("cfstatus"))
    if kind == "SUMMARY":
        names = [ADMIN, *names]  # CSQ_ADMIN is reported for TYPE(SUMMARY) only ([DOC-DISCFST])
    for name in names:
        if not objectcommands.matches(str(ctx.cmd.name), name):
            continue
        if name == ADMIN:
            yield _admin_row(ctx)
            continue
        if kind == "SMDS":
            # One row per member's shared message data set (mqsc/engine/storage/smds.py).
            for data_set in smds.data_sets(ctx, name):
                when = _date_time(data_set.changed)
                recovered = data_set.status == "RECOVERED"
                yield {
                    "CFSTATUS": name,
                    "TYPE": "SMDS",
                    "SMDS": data_set.qmgr,
                    "STATUS": data_set.status,
                    "ACCESS": data_set.access,
                    "RCVDATE": when[0] if recovered else "",
                    "RCVTIME": when[1] if recovered else "",
                    "FAILDATE": when[0] if data_set.status == "FAILED" else "",
                    "FAILTIME": when[1] if data_set.status == "FAILED" else "",
                }
            continue
        state = ctx.txn.get("cfstatus", name)
        failed = _date_time(state.failed)
        base = {"CFSTATUS": name, "TYPE": kind, "FAILDATE": failed[0], "FAILTIME": failed[1]}
        if kind == "SUMMARY":
            yield {**base, **_summary(ctx, state)}
        elif kind == "CONNECT":
            status = "FAILED" if state.status == "FAILED" else "ACTIVE"
            for qmgr in sorted(state.connections):
                yield {**base, "QMNAME": qmgr, "STATUS": status, "SYSNAME": SYSNAME}
        else:
            yield {**base, **_backup(ctx, state)}


def _summary(ctx: Ctx, state: cf.StructureState) -> dict[str, object]:
    size_kb = group_of(ctx.qm).cfrm.size_kb(state.name)
    capacity = cf.Capacity(size_kb)
    entries, used = cf.usage(ctx, state.name)
    allocated = state.status != "NOTFOUND"
    # SIZEUSED: the share of the structure in use, counting the 25 % overhead
    # (storage rule CF-4 (docs/storage.md#storage-rules)).
    percent = math.floor(100 * used / cf.CF_USABLE / (size_kb * 1024)) if allocated else 0
    return {
        "CFTYPE": "APPL",
        "STATUS": state.status,
        "SIZEMAX": size_kb if allocated else 0,
        "SIZEUSED": percent,
        "ENTSMAX": capacity.entries if allocated else 0,
        "ENTSUSED": entries,
    }


def _admin_row(ctx: Ctx) -> dict[str, object]:
    # CSQ_ADMIN holds no messages: about 1000 entries per queue manager (storage rule CF-3
    # (docs/storage.md#storage-rules),
    # the seed's 10,000 KB structure showing ENTSMAX(9362)).
    members = len(group_of(ctx.qm).members)
    return {
        "CFSTATUS": ADMIN,
        "TYPE": "SUMMARY",
        "CFTYPE": "ADMIN",
        "STATUS": "ACTIVE",
        "SIZEMAX": 10_240,
        "SIZEUSED": math.ceil(100 * 6 * members / 9362),
        "ENTSMAX": 9362,
        "ENTSUSED": 6 * members,
        "FAILTIME": "",
        "FAILDATE": "",
    }


def _backup(ctx: Ctx, state: cf.StructureState) -> dict[str, object]:
    backup = state.backup
    if state.status == "FAILED":
        status = "FAILED"
    elif backup is None:
        status = "NONE"
    elif _running(ctx, backup):
        status = "INBACKUP"
    else:
        status = "ACTIVE"
    if backup is None:
        return {
            "STATUS": status,
            "QMNAME": "",
            "BKUPTIME": "",
            "BKUPDATE": "",
            "BKUPSRBA": "",
            "BKUPERBA": "",
            "BKUPSIZE": 0,
            "LOGS": ",".join(cf.log_members(ctx, state.name, state.base)),
        }
    ended = _date_time(backup.ended)
    return {
        "STATUS": status,
        "QMNAME": backup.qmgr,
        "BKUPTIME": ended[1],
        "BKUPDATE": ended[0],
        "BKUPSRBA": rba_text(backup.srba),
        "BKUPERBA": rba_text(backup.erba),
        "BKUPSIZE": _megabytes(backup.size),
        "LOGS": ",".join(cf.log_members(ctx, state.name, backup.lrsn)),
    }


def _date_time(stamp: str) -> tuple[str, str]:
    return (stamp[:10], stamp[11:]) if stamp else ("", "")


def _megabytes(size: int) -> int:
    """BKUPSIZE is in megabytes (V6 PCF); a backup holding anything shows at least 1."""
    return math.ceil(size / 2**20)


# ---- BACKUP CFSTRUCT -----------------------------------------------------------------------
@handles("BACKUP", "CFSTRUCT")
def backup_cfstruct(ctx: Ctx) -> None:
    require_qsg(ctx)
    pattern = str(ctx.cmd.name)
    generic = pattern.endswith("*")
    names = [n for n in sorted(ctx.txn.keys("cfstruct")) if objectcommands.matches(pattern, n)]
    if generic:
        # * and prefix* mean the recoverable structures ([DOC-BACKUP]).
        names = [n for n in names if _recoverable(ctx, n) is None]
    elif not names:
        raise ctx.not_found("CFSTRUCT", pattern, "GROUP")
    for name in names:
        _backup_one(ctx, name)
    if not names:
        ctx.say("CSQM297I", objtype="CFSTRUCT")


def _recoverable(ctx: Ctx, name: str) -> str | None:
    """Why a structure cannot be backed up or recovered (None when it can)."""
    definition = ctx.txn.get("cfstruct", name)
    level = int(definition.get("CFLEVEL"))
    if level < 3:
        return f"CFLEVEL({level}), below 3"
    if definition.get("RECOVER") != "YES":
        return "RECOVER(NO)"
    return None


def _cf_failure(ctx: Ctx, msg_id: str, **inserts: object):
    return ctx.object_failure(msg_id, "CF_REQUEST", **inserts)


def _running(ctx: Ctx, backup: cf.Backup) -> bool:
    return cf.now(ctx) < dt.datetime.fromisoformat(backup.until)


def _backup_one(ctx: Ctx, name: str) -> None:
    why = _recoverable(ctx, name)
    if why is not None:
        raise _cf_failure(ctx, "MQSC301E", struc=name, why=why)
    state = ctx.txn.get("cfstatus", name)
    if state.status == "FAILED":
        raise _cf_failure(ctx, "MQSC305E", struc=name, status="FAILED: recover it first")
    previous = state.backup
    if previous is not None and _running(ctx, previous):
        raise _cf_failure(
            ctx, "MQSC302E", struc=name, qmgr=previous.qmgr, until=previous.until.replace("T", " ")
        )
    moment = cf.now(ctx)
    exclint = int(ctx.cmd.get("EXCLINT", 30))
    floor = previous.lrsn if previous is not None else state.base
    lrsn = cf.lrsn_before(ctx, name, moment - dt.timedelta(seconds=exclint), floor)
    content = cf.recovered_content(ctx, state, lrsn)
    size = cf.content_bytes(content)
    ctx.say("MQSC820I", struc=name)
    log = ctx.txn.get("log", None)
    srba = log.rba
    # The fuzzy backup is written to the log of the queue manager that runs it
    # (storage rule BR-3 (docs/storage.md#storage-rules)).
    ctx.log("cfbackup", max(size, 1), structure=name, lrsn=lrsn, content=cf.content_data(content))
    erba = ctx.txn.get("log", None).rba
    # It runs as long as writing it to the log takes (storage rule BN-1
    # (docs/storage.md#storage-rules): 2 CPU s per
    # 100,000 x 1 KB;
    # at least a second), and until then another BACKUP of it is refused.
    seconds = max(1, math.ceil(size / (100_000 * 1024) * 2))
    until = (moment + dt.timedelta(seconds=seconds)).isoformat(timespec="seconds")
    edited = ctx.txn.edit("cfstatus", name)
    edited.backup = cf.Backup(ctx.qm.name, srba, erba, lrsn, size, ctx.stamp(), until)
    ctx.console("MQSC821I", struc=name, rba=rba_text(erba), size=_megabytes(size))


# ---- RECOVER CFSTRUCT ----------------------------------------------------------------------
@handles("RECOVER", "CFSTRUCT")
def recover_cfstruct(ctx: Ctx) -> None:
    require_qsg(ctx)
    names = ctx.cmd.name if isinstance(ctx.cmd.name, tuple) else (str(ctx.cmd.name),)
    purge = ctx.cmd.get("TYPE", "NORMAL") == "PURGE"
    for name in names:
        if not ctx.txn.has("cfstruct", name):
            raise ctx.not_found("CFSTRUCT", name, "GROUP")
        why = _recoverable(ctx, name)
        if why is not None:
            raise _cf_failure(ctx, "MQSC301E", struc=name, why=why)
        state = ctx.txn.get("cfstatus", name)
        if state.status != "FAILED":
            raise _cf_failure(ctx, "MQSC303E", struc=name)
        if not purge and state.backup is None:
            raise _cf_failure(ctx, "MQSC304E", struc=name)
    for name in names:
        if purge:
            _purge(ctx, name)
        else:
            _recover(ctx, name)


def _recover(ctx: Ctx, name: str) -> None:
    state = ctx.txn.get("cfstatus", name)
    backup = state.backup
    records = cf.changes_since(ctx, name, backup.lrsn)
    to_lrsn = int(records[-1].detail["lrsn"]) if records else backup.lrsn
    ctx.say(
        "MQSC830I",
        struc=name,
        qmgr=backup.qmgr,
        from_rba=rba_text(backup.srba),
        to_rba=rba_text(backup.erba),
    )
    ctx.say("MQSC832I", from_lrsn=f"{backup.lrsn:012X}", to_lrsn=f"{to_lrsn:012X}")
    if records:
        # The logs are read backwards from the newest change (storage rule BR-6
        # (docs/storage.md#storage-rules)).
        ctx.say("MQSC833I", lrsn=f"{to_lrsn:012X}")
    content = cf.recovered_content(ctx, state)
    queues = set(cf.queues_on(ctx, name))
    for queue in queues:
        if ctx.txn.has("cfmsgs", queue):
            ctx.txn.delete("cfmsgs", queue)
    for queue, store in content.items():
        if queue in queues:
            ctx.txn.put("cfmsgs", queue, QueueStore(queue, store.runs, store.next_id))
    ctx.say("MQSC834I")
    _recovered(ctx, name)
    log_mb = sum(r.size for r in records) / 2**20
    restore = cf.RESTORE_SECONDS_PER_MB * backup.size / 2**20
    seconds = restore + log_mb / READ_RATE
    ctx.say(
        "MQSC309I",
        struc=name,
        seconds=f"{seconds:.1f}",
        restore=f"{restore:.1f}",
        mb=f"{log_mb:.1f}",
        rate=f"{READ_RATE:g}",
    )


def _purge(ctx: Ctx, name: str) -> None:
    for queue in cf.queues_on(ctx, name):
        if ctx.txn.has("cfmsgs", queue):
            ctx.txn.delete("cfmsgs", queue)
    edited = _recovered(ctx, name)
    # Empty from now on: an older backup would bring purged messages back.
    edited.base = ctx.txn.get("group", None).lrsn
    edited.backup = None


def _recovered(ctx: Ctx, name: str) -> cf.StructureState:
    """A recovered structure is ACTIVE again, connected to the recovering member."""
    edited = ctx.txn.edit("cfstatus", name)
    edited.status = "ACTIVE"
    edited.recovered = ctx.stamp()
    edited.connections = [ctx.qm.name]
    ctx.say("MQSC831I", struc=name)
    return edited


# ---- RESET CFSTRUCT ------------------------------------------------------------------------
@handles("RESET", "CFSTRUCT")
def reset_cfstruct(ctx: Ctx) -> None:
    require_qsg(ctx)
    name = str(ctx.cmd.name)
    definition = ctx.txn.get("cfstruct", name)
    if definition is None:
        raise ctx.not_found("CFSTRUCT", name, "GROUP")
    level = int(definition.get("CFLEVEL"))
    if level < 5:
        raise ctx.object_failure("MQSC306E", "CF_LEVEL", struc=name, level=level)
    state = ctx.txn.get("cfstatus", name)
    if state.status == "FAILED":
        raise _cf_failure(ctx, "MQSC305E", struc=name, status="FAILED already")
    # Failing a structure loses every message in it; persistent ones come back only
    # through RECOVER CFSTRUCT ([DOC-RESETCF], storage rule BR-1 (docs/storage.md#storage-rules)).
    for queue in cf.queues_on(ctx, name):
        if ctx.txn.has("cfmsgs", queue):
            ctx.txn.delete("cfmsgs", queue)
    edited = ctx.txn.edit("cfstatus", name)
    edited.status = "FAILED"
    edited.failed = ctx.stamp()

    for qmgr in sorted(edited.connections):
        ctx.console("CSQE006I", struc=name, conn=connection_name(ctx, qmgr))
