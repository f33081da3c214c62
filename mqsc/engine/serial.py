"""Entities as plain JSON-able data, and back: for the state digest and the state store.

Object definitions are stored as their profile and own values, so 100,000 queues sharing one
profile store it once (the store interns profiles by content).
"""

from __future__ import annotations

import hashlib
import json
from collections import deque
from dataclasses import asdict, fields, is_dataclass
from typing import Any

from mqsc.engine import space
from mqsc.engine.bsds import Bsds
from mqsc.engine.channelrecords import STORED_KEYS, ChinitState
from mqsc.engine.connregistry import Connection, Ended, InDoubt
from mqsc.engine.group import GroupInfo
from mqsc.engine.log import LogState
from mqsc.engine.messaging import topictree
from mqsc.engine.messaging.events import ServiceTimer
from mqsc.engine.messaging.pubsub import Retained
from mqsc.engine.messaging.queuestats import QueueStats
from mqsc.engine.messaging.topictree import SubStatus
from mqsc.engine.mqobjects import Attributes, MQObject, QueueManagerInfo
from mqsc.engine.security import CachedProfile, Settings, UserEntry
from mqsc.engine.smf.interval import SmfState, Tally
from mqsc.engine.smf.tracetable import TraceTable
from mqsc.engine.state import TABLES, State
from mqsc.engine.storage.cf import StructureState
from mqsc.engine.storage.pageset import PageSetState, PageSetStats
from mqsc.engine.storage.pool import PageSetIO, PoolState, PoolStats, Segment
from mqsc.engine.storage.queuestore import QueueStore
from mqsc.engine.storage.smds import Connection as SmdsConnection
from mqsc.engine.storage.smds import DataSet
from mqsc.engine.sysparm import SysParms


def snapshot(entity: Any) -> Any:
    """A JSON-able picture of an entity (equal entities, equal pictures)."""
    if isinstance(entity, MQObject):
        return {
            "kind": "object",
            "objtype": entity.objtype,
            "name": entity.name,
            "attrs": dict(entity.attrs),
            "created": entity.created,
            "altered": entity.altered,
        }
    if isinstance(entity, QueueManagerInfo):
        return {
            "kind": "qmgr",
            "name": entity.name,
            "cpf": entity.cpf,
            "qsg": entity.qsg,
            # The channel initiator's records are stored among the attributes, as plain
            # mappings (ChinitState.to_attrs: the one place they become JSON).
            "attrs": {**entity.attrs, **entity.chinit.to_attrs()},
            "altered": entity.altered,
            "status": entity.status,
        }
    if isinstance(entity, PoolState):
        data = _plain(entity)
        data["kind"] = "pool"
        return data
    if isinstance(entity, PageSetState):
        data = _plain(entity)
        data["kind"] = "pageset"
        return data
    if isinstance(entity, LogState):
        data = _plain(entity)
        data["kind"] = "log"
        return data
    if hasattr(entity, "snapshot"):
        return entity.snapshot()
    raise TypeError(f"no snapshot for {type(entity).__name__}")


def _plain(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, deque | list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def restore(data: dict[str, Any]) -> Any:
    """The entity a :func:`snapshot` pictures."""
    kind = data["kind"]
    if kind == "object":
        return MQObject(
            data["objtype"],
            data["name"],
            Attributes.profile(attribute_values(data["attrs"])),
            data["created"],
            data["altered"],
        )
    if kind == "qmgr":
        attrs = dict(data["attrs"])
        chinit = ChinitState.from_attrs(attrs)
        for key in STORED_KEYS:
            attrs.pop(key, None)
        return QueueManagerInfo(
            data["name"],
            data["cpf"],
            data["qsg"],
            attrs,
            data["altered"],
            data.get("status", "RUNNING"),
            chinit,
        )
    if kind == "pool":
        values = {k: v for k, v in data.items() if k != "kind"}
        values["lru"] = deque(Segment(**_owner(s)) for s in values["lru"])
        values["stats"] = PoolStats(**values["stats"])
        values["io"] = {int(k): PageSetIO(**v) for k, v in values["io"].items()}
        return PoolState(**values)
    if kind == "pageset":
        values = {k: v for k, v in data.items() if k != "kind"}
        values["stats"] = PageSetStats(**values["stats"])
        return PageSetState(**values)
    if kind == "log":
        values = {k: v for k, v in data.items() if k != "kind"}
        values["checkpoints"] = tuple(values.get("checkpoints", ()))
        return LogState(**values)
    if kind == "messages":
        return QueueStore.restore(data)
    if kind == "group":
        return GroupInfo.restore(data)
    if kind == "substatus":
        return SubStatus(data["nummsgs"], data["last"])
    if kind == "trace":
        return TraceTable.restore(data)
    if kind == "smf":
        return SmfState.restore(data)
    if kind == "smftally":
        return Tally.restore(data)
    if kind == "smfchl":
        from mqsc.engine.smf.channelaccounting import (  # noqa: PLC0415 - start-up: only a state with the interval loads it
            Interval as ChannelInterval,
        )

        return ChannelInterval.restore(data)
    if kind == "sysparm":
        return SysParms.restore(data)
    if kind == "bsds":
        return Bsds.restore(data)
    if kind == "conn":
        return Connection.restore(data)
    if kind == "indoubt":
        return InDoubt.restore(data)
    if kind == "ended":
        return Ended.restore(data)
    if kind in ("smds", "smdsconn"):
        return (DataSet if kind == "smds" else SmdsConnection).restore(data)
    if kind == "retained":
        return Retained.restore(data)
    if kind == "qstats":
        return QueueStats.restore(data)
    if kind == "security":
        return Settings.restore(data)
    if kind == "secprofile":
        return CachedProfile.restore(data)
    if kind == "secuser":
        return UserEntry.restore(data)
    if kind == "svctimer":
        return ServiceTimer.restore(data)
    if kind == "cfstatus":
        return StructureState.restore(data)
    raise ValueError(f"unknown entity kind {kind!r}")


def upgrade(tables: dict[str, dict[Any, Any]]) -> None:
    """Bring tables read back from storage up to this version's derived state: the topic
    string index (older states have topics and no index) and page set 0's object bytes
    (older states kept a running total of the old per-type sizes)."""
    topictree.reindex(tables)
    space.reconcile_objects(tables)


def attribute_values(data: dict[str, Any]) -> dict[str, Any]:
    """Object attributes read back from JSON: a list of names (NAMES) is a tuple again, as the
    binder makes it."""
    return {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}


def _owner(segment: dict[str, Any]) -> dict[str, Any]:
    owner = segment["owner"]
    return {**segment, "owner": tuple(owner) if isinstance(owner, list) else owner}


def digest(state: State) -> str:
    """A fingerprint of the whole state: equal states, equal digests.

    Tests use it to prove a failed command changed nothing.
    """
    hasher = hashlib.sha256()
    for table in TABLES:
        for key in sorted(state.tables[table], key=repr):
            row = [table, repr(key), snapshot(state.tables[table][key])]
            hasher.update(json.dumps(row, sort_keys=True, default=repr).encode())
    return hasher.hexdigest()


__all__ = ["asdict", "attribute_values", "digest", "restore", "snapshot"]
