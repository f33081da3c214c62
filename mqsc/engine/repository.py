"""The cluster repository a queue manager holds, read from the messages that hold it.

IBM MQ keeps what a queue manager knows of its clusters as persistent messages on
SYSTEM.CLUSTER.REPOSITORY.QUEUE ("Cluster repository": a full repository holds a complete set
of information about every queue manager and object in the cluster, a partial repository what
it needs). mqsc does the same: each record (a cluster queue manager, a cluster queue or topic,
a subscription of a partial repository) is one persistent message with data on that queue,
put and got through the page set and buffer pool of its storage class, so DISPLAY USAGE and
the pool statistics see the repository grow. This module only reads them: which records the
messages hold (:func:`view`), which clusters this queue manager is in, the cluster-sender
channels the records define automatically, and the transmission queue of a cluster-sender
channel. Writing them is the repository manager's (:mod:`mqsc.engine.clusterstate`).

A record is identified by its kind, its cluster, the queue manager identifier (QMID) of the
queue manager that owns it and its name; the owner numbers its publications (``seq``), so a
copy that arrives twice, or late, changes nothing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from mqsc.catalog.channels import APPLIES as CHANNEL_APPLIES
from mqsc.engine.mqobjects import Attributes, MQObject
from mqsc.engine.storage.queuestore import QueueStore
from mqsc.support.memo import IdentityMemo

#: The system queues of clustering (IBM MQ for z/OS, "System default objects").
COMMAND_QUEUE = "SYSTEM.CLUSTER.COMMAND.QUEUE"
REPOSITORY_QUEUE = "SYSTEM.CLUSTER.REPOSITORY.QUEUE"
TRANSMIT_QUEUE = "SYSTEM.CLUSTER.TRANSMIT.QUEUE"
#: A cluster-sender's own transmission queue under DEFCLXQ(CHANNEL) is this prefix and the
#: channel's name (IBM "Working with cluster transmission queues and cluster-sender channels").
TRANSMIT_PREFIX = "SYSTEM.CLUSTER.TRANSMIT."
#: The name DISPLAY CLUSQMGR gives the target of a manually defined cluster-sender channel
#: before the cluster has told this queue manager who is there: this prefix and its CONNAME.
TEMP_PREFIX = "SYSTEM.TEMPQMGR."
#: The channel types of clustering.
CLUSSDR, CLUSRCVR = "CLUSSDR", "CLUSRCVR"

#: Record kinds: a cluster queue manager (from its cluster-receiver channel), a cluster queue,
#: a cluster topic, and a partial repository's subscription to a queue name.
QMGR, QUEUE, TOPIC, SUB = "QMGR", "QUEUE", "TOPIC", "SUB"

#: Where the repository manager's own state lives among the queue manager's attributes (not
#: MQSC attributes: DISPLAY QMGR never shows them): clusters SUSPEND QMGR suspended it from
#: ({cluster: MODE}), when its records next fall due (republication or expiry), and the
#: workload algorithm's destination sequence numbers and factors.
SUSPENDED, DUE, WORKLOAD = "CLUSSUSP", "CLUSDUE", "CLWLSTATE"
#: The channels this queue manager has published its own records through, per cluster: a
#: channel that leads to a full repository it has not told yet gets all of them.
TOLD = "CLUSTOLD"
#: "YES" while this queue manager is a member of a cluster, as its repository manager last
#: saw (a command that changes a cluster queue of a queue manager in no cluster has nothing
#: to tell: when it joins, everything is published).
MEMBER = "CLUSMEMBER"

_LIFE_DAYS_REPUBLISH = 27
_LIFE_DAYS_EXPIRE = 30
#: IBM "Refreshing a cluster queue manager" / "REFRESH CLUSTER": the objects of a cluster
#: "automatically send status updates to all interested queue managers" at 27-day intervals;
#: information not refreshed for 30 days expires ("the cluster continues to regard the deleted
#: queue manager as a member of the cluster for at least 30 days", "dltmqm" usage notes).
REPUBLISH_DAYS, EXPIRE_DAYS = _LIFE_DAYS_REPUBLISH, _LIFE_DAYS_EXPIRE


@dataclass(frozen=True, slots=True)
class Record:
    """One piece of cluster information, as the repository holds it.

    ``attrs`` are the owner's attributes: a queue manager's are those of its cluster-receiver
    channel (CONNAME, CLWLWGHT...) plus QMTYPE (REPOS or NORMAL) and SUSPEND; a queue's those
    DISPLAY QCLUSTER shows (DEFBIND, PUT, CLWLPRTY...). ``published`` is when the owner last
    sent it (the 27- and 30-day lifetimes count from there), ``known`` when it became
    available here (CLUSDATE, CLUSTIME). A deleted record (``deleted``) travels as a
    publication and is never kept.
    """

    kind: str
    cluster: str
    name: str
    qmname: str
    qmid: str
    attrs: Mapping[str, Any] = field(default_factory=dict)
    seq: int = 1
    published: str = ""
    known: str = ""
    deleted: bool = False

    @property
    def key(self) -> tuple[str, str, str, str]:
        return (self.kind, self.cluster, self.qmid, self.name)

    def get(self, attribute: str, default: Any = None) -> Any:
        return self.attrs.get(attribute, default)

    def same(self, other: Record) -> bool:
        """Whether two copies say the same (whatever their numbers and moments)."""
        return dict(self.attrs) == dict(other.attrs) and self.qmname == other.qmname

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": self.kind,
            "cluster": self.cluster,
            "name": self.name,
            "qmname": self.qmname,
            "qmid": self.qmid,
            "attrs": {k: list(v) if isinstance(v, tuple) else v for k, v in self.attrs.items()},
            "seq": self.seq,
            "published": self.published,
        }
        if self.known:
            data["known"] = self.known
        if self.deleted:
            data["deleted"] = True
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Record:
        return cls(
            str(data["kind"]),
            str(data["cluster"]),
            str(data["name"]),
            str(data["qmname"]),
            str(data["qmid"]),
            {k: tuple(v) if isinstance(v, list) else v for k, v in data["attrs"].items()},
            int(data["seq"]),
            str(data.get("published", "")),
            str(data.get("known", "")),
            bool(data.get("deleted", False)),
        )

    def encoded(self) -> bytes:
        """The data of the message that holds it on SYSTEM.CLUSTER.REPOSITORY.QUEUE (mqsc's own
        layout: IBM's internal record format is not published)."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":")).encode()

    def renewed(self, **changes: Any) -> Record:
        return replace(self, **changes)


def decode(data: bytes) -> Record | None:
    """The record a repository message holds (None for data that holds none)."""
    try:
        parsed = json.loads(data)
        return Record.from_json(parsed) if isinstance(parsed, dict) and "kind" in parsed else None
    except (ValueError, KeyError, TypeError):
        return None


@dataclass(frozen=True, slots=True)
class Repository:
    """The records of one queue manager's repository (``records``, by key) and the run of the
    repository queue each is held in (``runs``, to get it when it is replaced)."""

    records: Mapping[tuple[str, str, str, str], Record]
    runs: Mapping[tuple[str, str, str, str], int]

    def of(self, kind: str, cluster: str | None = None) -> Iterator[Record]:
        for record in self.records.values():
            if record.kind == kind and (cluster is None or record.cluster == cluster):
                yield record

    def qmgrs(self, cluster: str | None = None) -> list[Record]:
        return sorted(self.of(QMGR, cluster), key=lambda r: (r.cluster, r.qmname, r.qmid))

    def queues(self, name: str | None = None) -> list[Record]:
        found = (r for r in self.of(QUEUE) if name is None or r.name == name)
        return sorted(found, key=lambda r: (r.name, r.qmname, r.cluster))

    def qmgr(self, cluster: str, qmid: str) -> Record | None:
        return self.records.get((QMGR, cluster, qmid, _name_of(self, cluster, qmid)))

    def repositories(self, cluster: str) -> list[Record]:
        """The full repositories of a cluster this repository knows."""
        return [r for r in self.qmgrs(cluster) if r.get("QMTYPE") == "REPOS"]


def _name_of(repo: Repository, cluster: str, qmid: str) -> str:
    for kind, c, q, name in repo.records:
        if kind == QMGR and c == cluster and q == qmid:
            return name
    return ""


_EMPTY = Repository({}, {})
_DECODED: IdentityMemo[Any, Record | None] = IdentityMemo()
_VIEWS: IdentityMemo[QueueStore, Repository] = IdentityMemo(256)


def view(txn: Any) -> Repository:
    """What the repository queue holds now, as this transaction sees it. A committed store
    (the same object until a transaction replaces it) is read once; one this transaction is
    changing is read again each time."""
    store = txn.get("messages", REPOSITORY_QUEUE)
    if store is None or not store.runs:
        return _EMPTY
    pending = txn.pending.get("messages")
    committed = not pending or REPOSITORY_QUEUE not in pending
    if committed:
        known = _VIEWS.get(store)
        if known is not None:
            return known
    records: dict[tuple[str, str, str, str], Record] = {}
    runs: dict[tuple[str, str, str, str], int] = {}
    for run in store.runs:
        if not run.count or run.body is None:
            continue
        record = _DECODED.get(run.body)
        if record is None:
            record = _DECODED.put(run.body, decode(run.body.data))
        if record is not None:
            records[record.key] = record
            runs[record.key] = run.id
    repo = Repository(records, runs)
    return _VIEWS.put(store, repo) if committed else repo


# ---- this queue manager's membership ----------------------------------------------------------
def names_in(txn: Any, cluster: object, clusnl: object) -> tuple[str, ...]:
    """The clusters a CLUSTER or CLUSNL attribute names (the namelist's names; a namelist that
    does not exist names none)."""
    if cluster:
        return (str(cluster),)
    if clusnl:
        namelist = txn.get("namelist", str(clusnl))
        if namelist is not None:
            return tuple(str(n) for n in namelist.get("NAMES", ()) or () if str(n).strip())
    return ()


def clusters_of(txn: Any, obj: Any) -> tuple[str, ...]:
    return names_in(txn, obj.get("CLUSTER", ""), obj.get("CLUSNL", ""))


def receivers(txn: Any) -> list[MQObject]:
    """This queue manager's cluster-receiver channels, by name."""
    found = [c for c in txn.values("channel") if c.get("CHLTYPE") == CLUSRCVR]
    return sorted(found, key=lambda c: c.name)


def member_clusters(txn: Any) -> tuple[str, ...]:
    """The clusters this queue manager is a member of: those its cluster-receiver channels
    name (IBM "Cluster channels": a queue manager joins a cluster with a CLUSRCVR)."""
    names = {c for channel in receivers(txn) for c in clusters_of(txn, channel)}
    return tuple(sorted(names))


def repository_clusters(txn: Any) -> frozenset[str]:
    """The clusters this queue manager holds a full repository for (REPOS or REPOSNL)."""
    attrs = txn.get("qmgr", None).attrs
    return frozenset(names_in(txn, attrs.get("REPOS", ""), attrs.get("REPOSNL", "")))


def qmid(name: str) -> str:
    """The queue manager identifier (QMID): the name and 16 hexadecimal digits. IBM: "the
    internally generated unique name of the queue manager"; the layout of the z/OS one is
    UNVERIFIED, and in mqsc a queue manager made again with the same name has the same one."""
    return f"{name}.{hashlib.sha256(name.encode()).hexdigest()[:16].upper()}"


def suspended(txn: Any) -> Mapping[str, str]:
    """The clusters SUSPEND QMGR suspended this queue manager from, with the MODE."""
    return txn.get("qmgr", None).attrs.get(SUSPENDED, {})


# ---- cluster-sender channels -----------------------------------------------------------------
_CLUSSDR_ATTRS = frozenset(n for n, types in CHANNEL_APPLIES.items() if CLUSSDR in types)
_AUTO: IdentityMemo[Repository, Mapping[str, MQObject]] = IdentityMemo(256)


def channel_attrs(obj: Any) -> dict[str, Any]:
    """What a queue manager record carries of its cluster-receiver channel: its attributes,
    which a cluster-sender to it takes (IBM "Auto-definition of cluster channels": the
    CLUSRCVR's attributes, the rest from SYSTEM.DEF.CLUSSDR) and DISPLAY CLUSQMGR shows."""
    return {n: obj.get(n) for n in sorted(obj.attrs) if n not in _NOT_CARRIED}


_NOT_CARRIED = frozenset(("CHLTYPE", "QSGDISP", "CLUSTER", "CLUSNL", "ALTDATE", "ALTTIME"))


def auto_channels(txn: Any) -> Mapping[str, MQObject]:
    """The cluster-sender channels this queue manager's repository defines automatically,
    by name: one to each other queue manager it has a record of, named as that queue
    manager's cluster-receiver, with its attributes over SYSTEM.DEF.CLUSSDR's."""
    repo = view(txn)
    known = _AUTO.get(repo)
    if known is not None and not txn.pending.get("channel"):
        return known
    own = qmid(txn.get("qmgr", None).name)
    model = txn.get("channel", "SYSTEM.DEF.CLUSSDR")
    base = (
        {n: v for n, v in model.attrs.items() if n not in ("QSGDISP",)}
        if model is not None and model.get("CHLTYPE") == CLUSSDR
        else {}
    )
    found: dict[str, MQObject] = {}
    for record in repo.qmgrs():
        if record.qmid == own:
            continue
        name = str(record.get("CHANNEL", ""))
        if not name:
            continue
        earlier = found.get(name)
        clusters = (
            (*(earlier.get("CLUSNL") or ()), record.cluster) if earlier else (record.cluster,)
        )
        values = {
            **base,
            **{n: v for n, v in record.attrs.items() if n in _CLUSSDR_ATTRS},
            "CHLTYPE": CLUSSDR,
            "CLUSTER": clusters[0] if len(clusters) == 1 else "",
            "CLUSNL": clusters if len(clusters) > 1 else "",
            "DEFTYPE": "CLUSSDRA",
            "RQMNAME": record.qmname,
        }
        found[name] = MQObject("CHANNEL", name, Attributes.profile(values), record.known)
    return _AUTO.put(repo, found) if not txn.pending.get("channel") else found


def definition(txn: Any, name: str) -> Any:
    """A channel's definition: the one defined here, else the cluster-sender channel the
    repository defined automatically (IBM "Stop Channel": "Where there is both a locally
    defined channel and an auto-defined cluster-sender channel of the same name, the command
    applies to the locally defined channel")."""
    obj = txn.get("channel", name)
    if obj is not None:
        return obj
    return auto_channels(txn).get(name) if txn.get("messages", REPOSITORY_QUEUE) else None


def cluster_senders(txn: Any) -> dict[str, Any]:
    """Every cluster-sender channel: defined here, or automatically, by name."""
    found: dict[str, Any] = dict(auto_channels(txn))
    for channel in txn.values("channel"):
        if channel.get("CHLTYPE") == CLUSSDR:
            found[channel.name] = channel
    return found


def _clchname_match(pattern: str, channel: str) -> bool:
    return channel.startswith(pattern[:-1]) if pattern.endswith("*") else channel == pattern


def xmitq_for(txn: Any, channel: str) -> str:
    """The transmission queue a cluster-sender channel takes its messages from (IBM "Working
    with cluster transmission queues and cluster-sender channels"): a transmission queue whose
    CLCHNAME names it (the most specific name wins), else its own
    SYSTEM.CLUSTER.TRANSMIT.channel under DEFCLXQ(CHANNEL), else
    SYSTEM.CLUSTER.TRANSMIT.QUEUE."""
    best, length = "", -1
    for q in txn.values("qlocal"):
        pattern = str(q.get("CLCHNAME", "") or "")
        if pattern and q.get("USAGE") == "XMITQ" and _clchname_match(pattern, channel):
            specific = len(pattern.rstrip("*"))
            if specific > length or (specific == length and q.name < best):
                best, length = q.name, specific
    if best:
        return best
    if txn.get("qmgr", None).attrs.get("DEFCLXQ") == "CHANNEL":
        return TRANSMIT_PREFIX + channel
    return TRANSMIT_QUEUE


def dest_channel(dest: str) -> str:
    """The cluster-sender channel a message on a cluster transmission queue is for (the third
    word of its transmission header: IBM MQ keeps it in the message's CorrelId), "" for one
    that is not a cluster message."""
    parts = dest.split(" ")
    return parts[2] if len(parts) > 2 else ""


def waiting_for(store: QueueStore | None) -> set[str]:
    """The cluster-sender channels messages wait for on a transmission queue."""
    if store is None:
        return set()
    return {c for run in store.runs if run.count and (c := dest_channel(run.dest))}
