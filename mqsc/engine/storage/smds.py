"""Shared message data sets (SMDS): where a CF structure with CFLEVEL(5) OFFLOAD(SMDS) keeps
the data of large shared messages, one data set per queue manager of the group.

IBM MQ for z/OS, "Shared message data sets": each queue manager writes the messages it puts
to its own data set (DSGROUP with its name for the ``*``) and reads every member's; the
structure holds a pointer entry for each offloaded message (mqsc/engine/storage/cf.py). An SMDS
has a status (ACTIVE, FAILED, RECOVERED) and an access state (ENABLED, SUSPENDED, DISABLED)
the group shares; each queue manager has a connection to each data set whose availability
STOP / START SMDSCONN change (AVAIL(STOPPED) / NORMAL) and per-queue-manager overrides of the
structure's DSBUFS and DSEXPAND (ALTER SMDS). Messages over 63 KB put to such a structure go
to the putter's data set; the put fails while it cannot be used (its connection stopped, the
data set disabled or failed): MQRC_CF_STRUC_FAILED (2373, UNVERIFIED choice of reason).

The state lives in the group's ``smds`` table (key "STRUCTURE/QMGR") and each member's
``smdsconn`` table (same key: this member's connection to that data set).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from mqsc.catalog.mqrc import MQRC_CF_STRUC_FAILED, MQRC_NONE

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.context import Ctx

GROUP_TABLE, MEMBER_TABLE = "smds", "smdsconn"


def key(structure: str, qmgr: str) -> str:
    return f"{structure}/{qmgr}"


@dataclass(frozen=True, slots=True)
class DataSet:
    """One queue manager's shared message data set of one structure (the group's view)."""

    structure: str
    qmgr: str
    dsname: str
    status: str = "ACTIVE"
    access: str = "ENABLED"
    dsbufs: int = 0  # 0: DEFAULT (the structure's DSBUFS)
    dsexpand: str = "DEFAULT"
    offloaded: int = 0  # messages written to it
    offloaded_bytes: int = 0
    changed: str = ""  # when its status last changed (RCVDATE/RCVTIME, FAILDATE/FAILTIME)

    def snapshot(self) -> dict[str, Any]:
        return {
            "kind": "smds",
            "structure": self.structure,
            "qmgr": self.qmgr,
            "dsname": self.dsname,
            "status": self.status,
            "access": self.access,
            "dsbufs": self.dsbufs,
            "dsexpand": self.dsexpand,
            "offloaded": self.offloaded,
            "offloaded_bytes": self.offloaded_bytes,
            "changed": self.changed,
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> DataSet:
        return cls(
            data["structure"],
            data["qmgr"],
            data["dsname"],
            data["status"],
            data["access"],
            int(data["dsbufs"]),
            data["dsexpand"],
            int(data.get("offloaded", 0)),
            int(data.get("offloaded_bytes", 0)),
            data.get("changed", ""),
        )


@dataclass(frozen=True, slots=True)
class Connection:
    """This queue manager's connection to one data set."""

    structure: str
    owner: str
    avail: str = "NORMAL"

    def snapshot(self) -> dict[str, Any]:
        return {
            "kind": "smdsconn",
            "structure": self.structure,
            "owner": self.owner,
            "avail": self.avail,
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> Connection:
        return cls(data["structure"], data["owner"], data["avail"])


def offloads(definition: Any) -> bool:
    """Whether a CF structure definition offloads to shared message data sets."""
    return (
        definition is not None
        and definition.get("OFFLOAD") == "SMDS"
        and int(definition.get("CFLEVEL", 0)) >= 5
    )


def dsname(definition: Any, qmgr: str) -> str:
    """The data set a member's SMDS is: the structure's DSGROUP with its name for the ``*``
    (IBM "DEFINE CFSTRUCT", DSGROUP)."""
    return str(definition.get("DSGROUP", "")).replace("*", qmgr)


def ensure(ctx: Ctx, structure: str) -> DataSet | None:
    """This member's data set of ``structure`` (made when the member first uses an offloading
    structure) and its connections to every member's data set; None when the structure does
    not offload to SMDS."""
    definition = ctx.txn.get("cfstruct", structure)
    if not offloads(definition):
        return None
    qmgr = ctx.qm.name
    mine = ctx.txn.get(GROUP_TABLE, key(structure, qmgr))
    if mine is None:
        mine = DataSet(structure, qmgr, dsname(definition, qmgr))
        ctx.txn.put(GROUP_TABLE, key(structure, qmgr), mine)
    for data_set in list(ctx.txn.values(GROUP_TABLE)):
        if data_set.structure == structure and not ctx.txn.has(
            MEMBER_TABLE, key(structure, data_set.qmgr)
        ):
            ctx.txn.put(
                MEMBER_TABLE, key(structure, data_set.qmgr), Connection(structure, data_set.qmgr)
            )
    return mine


def data_sets(ctx: Ctx, structure: str) -> list[DataSet]:
    """Every member's data set of ``structure``, by queue manager name."""
    return sorted(
        (d for d in ctx.txn.values(GROUP_TABLE) if d.structure == structure), key=lambda d: d.qmgr
    )


def usable(ctx: Ctx, data_set: DataSet) -> bool:
    """Whether this member may use the data set now."""
    conn = ctx.txn.get(MEMBER_TABLE, key(data_set.structure, data_set.qmgr))
    return (
        data_set.status in ("ACTIVE", "RECOVERED")
        and data_set.access == "ENABLED"
        and (conn is None or conn.avail == "NORMAL")
    )


def writable(ctx: Ctx, structure: str) -> int:
    """MQRC_NONE when this member can write large messages of ``structure`` to its data set
    (or the structure offloads to Db2), else the reason the put fails."""
    mine = ensure(ctx, structure)
    if mine is None or usable(ctx, mine):
        return MQRC_NONE
    return MQRC_CF_STRUC_FAILED


def record(ctx: Ctx, structure: str, count: int, size: int) -> None:
    """``count`` large messages of ``size`` bytes went to this member's data set."""
    mine = ensure(ctx, structure)
    if mine is not None and count:
        ctx.txn.put(
            GROUP_TABLE,
            key(structure, mine.qmgr),
            replace(
                mine,
                offloaded=mine.offloaded + count,
                offloaded_bytes=mine.offloaded_bytes + count * size,
            ),
        )


def readable(ctx: Ctx, structure: str) -> int:
    """MQRC_NONE when this member can read large messages of ``structure`` (its connections
    to the data sets are not stopped), else the reason a get fails."""
    definition = ctx.txn.get("cfstruct", structure)
    if not offloads(definition):
        return MQRC_NONE
    ensure(ctx, structure)
    for data_set in data_sets(ctx, structure):
        if data_set.offloaded and not usable(ctx, data_set):
            return MQRC_CF_STRUC_FAILED
    return MQRC_NONE
