"""Channel authentication records: SET CHLAUTH and DISPLAY CHLAUTH (mqsc/catalog/chlauth.py).

The z/OS rules kept (IBM MQ 9.4 for z/OS, "SET CHLAUTH"): each TYPE takes the keywords of its
own block of the syntax diagram and needs its own (USERLIST, ADDRLIST, SSLPEER, ADDRESS,
CLNTUSER, QMNAME); a BLOCKADDR record's profile is '*'; USERSRC(MAP) needs MCAUSER. ACTION(ADD)
of a record that exists fails, REPLACE creates or replaces, REMOVE of a missing record fails,
REMOVEALL removes every record of the profile and type. The records are kept in the state like
object definitions; no channel is checked against them (no channel runs in the simulation).
"""

from __future__ import annotations

from collections.abc import Iterator
from fnmatch import fnmatchcase

from mqsc.catalog import chlauth as catalog_chlauth
from mqsc.catalog.chlauth import APPLIES, MAP_KEY, REQUIRED
from mqsc.engine import objectcommands
from mqsc.engine.context import Ctx
from mqsc.engine.mqobjects import Attributes, MQObject
from mqsc.engine.registry import handles

CHLAUTH = catalog_chlauth.FAMILY
TABLE = "chlauth"
#: Keywords that name a record rather than set its values (all REMOVE accepts).
_IDENTITY = frozenset(("TYPE", "ACTION", "CMDSCOPE", *MAP_KEY.values()))


def applies(name: str, kind: object) -> bool:
    return objectcommands.applies(APPLIES, name, kind)


def key(profile: str, kind: str, mapped: object) -> str:
    """A record's key in the state: profile, type and mapped value (tab-separated: none of
    them can hold a tab)."""
    return f"{profile}\t{kind}\t{mapped or ''}"


def _defaults(kind: str) -> dict[str, object]:
    return {n: v for n, v in CHLAUTH.catalog_defaults.items() if applies(n, kind)}


@handles("SET", "CHLAUTH")
def set_chlauth(ctx: Ctx) -> None:
    cmd = ctx.cmd
    profile, kind = str(cmd.name), str(cmd.get("TYPE"))
    action = str(cmd.get("ACTION", "ADD"))
    for name in cmd.attrs:
        if not applies(name, kind):
            raise ctx.object_failure("MQSC550E", "NOT_ALLOWED", keyword1="TYPE", keyword2=name)
    if kind == "BLOCKADDR" and profile != "*":
        # "The channel profile name must be '*' when TYPE is BLOCKADDR" (SET CHLAUTH, note 1).
        raise ctx.object_failure(
            "MQSC554E", "NOT_ALLOWED", keyword="TYPE", value=kind, required="CHLAUTH('*')"
        )
    if action == "REMOVEALL":
        doomed = [
            k
            for k, rec in ctx.txn.items(TABLE)
            if rec.get("CHLAUTH") == profile and rec.get("TYPE") == kind
        ]
        for k in doomed:
            ctx.txn.delete(TABLE, k)
        return
    mapped_by = MAP_KEY.get(kind)
    record_key = key(profile, kind, cmd.get(mapped_by) if mapped_by else None)
    existing = ctx.txn.get(TABLE, record_key)
    needed = REQUIRED[kind] if action != "REMOVE" else ((mapped_by,) if mapped_by else ())
    for name in needed:
        if not cmd.get(name):
            raise ctx.object_failure(
                "MQSC554E", "NOT_ALLOWED", keyword="TYPE", value=kind, required=name
            )
    if action == "REMOVE":
        extra = sorted(set(cmd.attrs) - _IDENTITY)
        if extra:
            raise ctx.object_failure(
                "MQSC550E", "NOT_ALLOWED", keyword1="ACTION", keyword2=extra[0]
            )
        if existing is None:
            raise ctx.not_found("CHLAUTH", profile)
        ctx.txn.delete(TABLE, record_key)
        return
    if existing is not None and action == "ADD":
        raise ctx.object_failure("MQSC595E", "ALREADY_EXISTS", objtype="CHLAUTH", name=profile)
    values = {
        **_defaults(kind),
        "CHLAUTH": profile,
        **{n: v for n, v in cmd.attrs.items() if n in CHLAUTH.settable_set},
    }
    if mapped_by and values.get("USERSRC") == "MAP" and not values.get("MCAUSER"):
        raise ctx.object_failure(
            "MQSC554E", "NOT_ALLOWED", keyword="USERSRC", value="MAP", required="MCAUSER"
        )
    stamp = ctx.stamp()
    created = existing.created if existing is not None else stamp
    ctx.txn.put(
        TABLE,
        record_key,
        MQObject("CHLAUTH", record_key, Attributes.profile(values), created, stamp),
    )


@handles("DISPLAY", "CHLAUTH")
def display_chlauth(ctx: Ctx) -> None:
    objectcommands.display_typed(ctx, CHLAUTH, selected(ctx), "CHLAUTH", applies, "TYPE")


def selected(ctx: Ctx) -> Iterator[MQObject]:
    """Records by profile (MATCH: GENERIC and ALL match the name as a pattern, EXACT the same
    profile, RUNCHECK the records whose profile and patterns cover the partner described),
    then type, in profile order."""
    cmd = ctx.cmd
    wanted = str(cmd.get("TYPE", "ALL"))
    match = str(cmd.get("MATCH", "GENERIC"))
    name = str(cmd.name)
    for record_key in sorted(ctx.txn.keys(TABLE)):
        rec = ctx.txn.get(TABLE, record_key)
        profile = str(rec.get("CHLAUTH"))
        if wanted != "ALL" and rec.get("TYPE") != wanted:
            continue
        if match == "EXACT" and profile != name:
            continue
        if match in ("GENERIC", "ALL") and not fnmatchcase(profile, name):
            continue
        if match == "RUNCHECK" and not _covers(cmd, rec, name):
            continue
        yield rec


def _covers(cmd, rec: MQObject, channel: str) -> bool:
    """Whether a record's patterns cover the channel and partner a RUNCHECK describes."""
    if not fnmatchcase(channel, str(rec.get("CHLAUTH"))):
        return False
    for name in ("ADDRESS", "CLNTUSER", "QMNAME", "SSLPEER"):
        pattern, given = rec.get(name), cmd.get(name)
        if pattern and given is not None and not fnmatchcase(str(given), str(pattern)):
            return False
    return True
