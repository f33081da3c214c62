"""The channel initiator's state as records: whether it is active, its listeners' ports, each
channel's status (DISPLAY CHSTATUS) and synchronisation data (sequence numbers, units of work,
the batch in doubt). A field of the queue manager's record
(:attr:`mqsc.engine.mqobjects.QueueManagerInfo.chinit`), changed by
:mod:`mqsc.engine.channelstate` with :func:`dataclasses.replace`, never edited in place.

The state store keeps them among the queue manager's attributes, as plain JSON under the keys
CHINIT, LISTENERS, CHSTATUS and CHSYNC (:meth:`ChinitState.to_attrs` and
:meth:`ChinitState.from_attrs`, called by :mod:`mqsc.engine.serial` only): a key a record
leaves out is one the stored mapping leaves out, so an ``$MQSC_HOME`` written before these
records were typed reads and writes the same mappings (docs/channels.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: Where the channel initiator's state is stored among the queue manager's attributes (not
#: MQSC attributes: DISPLAY QMGR and ALTER QMGR never see them).
CHINIT, LISTENERS, CHANNELS, SYNC = "CHINIT", "LISTENERS", "CHSTATUS", "CHSYNC"
STORED_KEYS = (CHINIT, LISTENERS, CHANNELS, SYNC)


@dataclass(frozen=True, slots=True)
class ChannelStatus:
    """One channel instance's status, as DISPLAY CHSTATUS shows it. A field that is None was
    never set for this instance (DISPLAY shows it blank: a channel stopped before it ever
    ran has no message count)."""

    chltype: str
    conname: str = ""
    xmitq: str = ""
    #: RUNNING, RETRYING, STOPPED or REQUESTING (INACTIVE channels have no status).
    status: str = ""
    msgs: int | None = None
    batches: int | None = None
    #: The queue manager at the other end (RQMNAME), once known.
    rqmname: str | None = None
    #: A server started by its requester sends over the requester's call: the requester's
    #: queue manager ("" otherwise).
    partner: str = ""
    #: When the last message was sent or received (the queue manager's clock, STAMP format).
    lastat: str = ""
    #: Short and long retries left (SHORTRTS, LONGRTS), for a sender.
    shortrts: int | None = None
    longrts: int | None = None
    #: When a RETRYING sender tries again ("" when no retry is scheduled).
    retryat: str | None = None
    #: A sender restarted with a batch in doubt resynchronises before it sends anything.
    resync: bool = False
    #: A cluster-sender has exchanged cluster information with its partner since it started.
    checked: bool = False

    def counted(self, messages: int, batches: int, rqmname: str, lastat: str) -> ChannelStatus:
        """This status after a batch of ``messages`` (``batches`` of BATCHSZ) with the queue
        manager at the other end, at ``lastat``. Built field by field rather than with
        dataclasses.replace: a channel batch counts on both ends (the channel benchmark's
        step ratio, docs/performance.md)."""
        return ChannelStatus(
            self.chltype,
            self.conname,
            self.xmitq,
            self.status,
            (self.msgs or 0) + messages,
            (self.batches or 0) + batches,
            rqmname,
            self.partner,
            lastat,
            self.shortrts,
            self.longrts,
            self.retryat,
            self.resync,
            self.checked,
        )

    def to_mapping(self) -> dict[str, object]:
        """The stored form (and DISPLAY CHSTATUS's values, by attribute name)."""
        out: dict[str, object] = {
            "CHLTYPE": self.chltype,
            "CONNAME": self.conname,
            "XMITQ": self.xmitq,
            "STATUS": self.status,
        }
        if self.msgs is not None:
            out["MSGS"] = self.msgs
        if self.batches is not None:
            out["BATCHES"] = self.batches
        if self.rqmname is not None:
            out["RQMNAME"] = self.rqmname
        if self.partner:
            out["PARTNER"] = self.partner
        if self.shortrts is not None:
            out["SHORTRTS"] = self.shortrts
        if self.longrts is not None:
            out["LONGRTS"] = self.longrts
        if self.resync:
            out["RESYNC"] = "YES"
        if self.lastat:
            out["LASTAT"] = self.lastat
        if self.retryat is not None:
            out["RETRYAT"] = self.retryat
        if self.checked:
            out["CHECKED"] = "YES"
        return out

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> ChannelStatus:
        return cls(
            str(data.get("CHLTYPE", "")),
            str(data.get("CONNAME", "")),
            str(data.get("XMITQ", "")),
            str(data.get("STATUS", "")),
            _int_or_none(data.get("MSGS")),
            _int_or_none(data.get("BATCHES")),
            None if data.get("RQMNAME") is None else str(data["RQMNAME"]),
            str(data.get("PARTNER") or ""),
            str(data.get("LASTAT") or ""),
            _int_or_none(data.get("SHORTRTS")),
            _int_or_none(data.get("LONGRTS")),
            None if data.get("RETRYAT") is None else str(data["RETRYAT"]),
            bool(data.get("RESYNC")),
            bool(data.get("CHECKED")),
        )


@dataclass(frozen=True, slots=True)
class BatchInDoubt:
    """A batch a sender sent and has had no answer for: its unit of work (LUWID), the sequence
    number of its last message, how many messages, the transmission queue, the process and
    thread sending it, and the message runs it got: ``runs`` inside its unit of work, ``fast``
    the NPMSPEED(FAST) nonpersistent ones sent outside it, each (run id, messages)."""

    luwid: str
    seqno: int
    count: int
    xmitq: str
    owner: str
    runs: tuple[tuple[int, int], ...] = ()
    fast: tuple[tuple[int, int], ...] = ()

    def to_mapping(self) -> dict[str, object]:
        return {
            "LUWID": self.luwid,
            "SEQNO": self.seqno,
            "COUNT": self.count,
            "XMITQ": self.xmitq,
            "OWNER": self.owner,
            "RUNS": [[i, n] for i, n in self.runs],
            "FAST": [[i, n] for i, n in self.fast],
        }

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> BatchInDoubt:
        return cls(
            str(data["LUWID"]),
            int(data["SEQNO"]),
            int(data["COUNT"]),
            str(data["XMITQ"]),
            str(data.get("OWNER", "")),
            tuple((int(i), int(n)) for i, n in data.get("RUNS", ())),
            tuple((int(i), int(n)) for i, n in data.get("FAST", ())),
        )


@dataclass(frozen=True, slots=True)
class ChannelSync:
    """A channel instance's synchronisation data, kept apart from its status because it
    outlives it (STOP CHINIT, a restart): the last committed batch's sequence number and unit
    of work, how many batches it has begun, and the batch in doubt. None: never set (DISPLAY
    CHSTATUS shows 0 and a unit of work of zeros)."""

    seqno: int | None = None
    luwid: str | None = None
    batchno: int | None = None
    in_doubt: BatchInDoubt | None = None

    def begun(self, doubt: BatchInDoubt) -> ChannelSync:
        """A sender has begun batch ``batchno + 1``, ``doubt``, and is in doubt about it."""
        return ChannelSync(self.seqno, self.luwid, (self.batchno or 0) + 1, doubt)

    def committed(self, seqno: int, luwid: str) -> ChannelSync:
        """The batch ending at ``seqno`` with unit of work ``luwid`` is committed (no longer in
        doubt)."""
        return ChannelSync(seqno, luwid, self.batchno, None)

    def received(self, seqno: int, luwid: str) -> ChannelSync:
        """The receiving end committed the batch ending at ``seqno``, unit of work ``luwid``."""
        return ChannelSync(seqno, luwid, self.batchno, self.in_doubt)

    def to_mapping(self) -> dict[str, object]:
        out: dict[str, object] = {}
        if self.batchno is not None:
            out["BATCHNO"] = self.batchno
        if self.seqno is not None:
            out["SEQNO"] = self.seqno
        if self.luwid is not None:
            out["LUWID"] = self.luwid
        if self.in_doubt is not None:
            out["INDOUBT"] = self.in_doubt.to_mapping()
        return out

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> ChannelSync:
        doubt = data.get("INDOUBT")
        return cls(
            _int_or_none(data.get("SEQNO")),
            None if data.get("LUWID") is None else str(data["LUWID"]),
            _int_or_none(data.get("BATCHNO")),
            BatchInDoubt.from_mapping(doubt) if doubt else None,
        )


@dataclass(frozen=True, slots=True)
class ChinitState:
    """The channel initiator of a queue manager: active or not, the TCP/IP ports its listeners
    listen on, each channel instance's status (only those that have one: the others are
    INACTIVE) and synchronisation data (only those that ever moved a batch), by status key
    (:func:`mqsc.engine.channelstate.instance`)."""

    active: bool = False
    listeners: tuple[int, ...] = ()
    statuses: Mapping[str, ChannelStatus] = field(default_factory=dict)
    syncs: Mapping[str, ChannelSync] = field(default_factory=dict)

    def with_status(self, key: str, status: ChannelStatus | None) -> ChinitState:
        """This state with a channel instance's status set (None: it has none, INACTIVE)."""
        table = dict(self.statuses)
        if status is None:
            table.pop(key, None)
        else:
            table[key] = status
        return ChinitState(self.active, self.listeners, table, self.syncs)

    def with_sync(self, key: str, sync: ChannelSync) -> ChinitState:
        """This state with a channel instance's synchronisation record set."""
        return ChinitState(self.active, self.listeners, self.statuses, {**self.syncs, key: sync})

    def to_attrs(self) -> dict[str, object]:
        """The stored form: the queue manager attributes that hold this state (a key is left
        out when it holds nothing)."""
        out: dict[str, object] = {}
        if self.active:
            out[CHINIT] = "ACTIVE"
        if self.listeners:
            out[LISTENERS] = list(self.listeners)
        if self.statuses:
            out[CHANNELS] = {k: s.to_mapping() for k, s in self.statuses.items()}
        if self.syncs:
            out[SYNC] = {k: s.to_mapping() for k, s in self.syncs.items()}
        return out

    @classmethod
    def from_attrs(cls, attrs: Mapping[str, Any]) -> ChinitState:
        """The state stored in the queue manager's attributes ``attrs`` (:meth:`to_attrs`)."""
        if not any(key in attrs for key in STORED_KEYS):
            return NO_CHINIT
        return cls(
            attrs.get(CHINIT) == "ACTIVE",
            tuple(int(p) for p in attrs.get(LISTENERS) or ()),
            {k: ChannelStatus.from_mapping(s) for k, s in (attrs.get(CHANNELS) or {}).items()},
            {k: ChannelSync.from_mapping(s) for k, s in (attrs.get(SYNC) or {}).items()},
        )


#: A queue manager whose channel initiator never ran.
NO_CHINIT = ChinitState()


def _int_or_none(value: object) -> int | None:
    return None if value is None else int(value)  # type: ignore[call-overload]
