"""The log as data sets: the active log ring, the offload task and the bootstrap data set.

IBM MQ for z/OS writes log records "to a set of predefined DASD active log data sets, which are
used sequentially and recycled. If archiving is active, as each active log data set becomes
full, its contents are automatically offloaded to a new archive log data set" (IBM MQ "How the
IBM MQ for z/OS logs are written"). The bootstrap data set (BSDS) keeps "an inventory of all
active and archived log data sets ... For active logs, the inventory shows which are full and
which are available for reuse. The inventory holds the relative byte address (RBA) of each
portion of the log held in that data set" (IBM MQ "The bootstrap data set").

:class:`Bsds` is that inventory and the offload task, as a frozen record changed by pure
functions that return the new record and the console messages the change writes
(:class:`Event`). The recovery log (mqsc/engine/log.py) counts RBAs; when its RBA reaches the
end of the current data set the engine calls :func:`switch` here.

Time: an offload takes the data set's bytes over the archive rate, on the queue manager's
clock. A writer that finds every active log full waits for the offload ("If all the active
logs become full, IBM MQ stops processing, until offloading occurs", IBM MQ "When the IBM MQ
for z/OS archive log is written"); mqsc runs one command at a time, so the wait moves the log's
own time line (:attr:`Bsds.ahead`) past the queue manager's clock, and every later moment of
the log is at least that.

Rates: 110 MB/s for uncompressed archives and 38 MB/s for zEDC-compressed ones (COMPACT=YES):
what IBM measured reading archive logs back (storage rule BN-5, docs/storage.md#storage-rules);
mqsc uses the same rates for writing them (an emulator choice: IBM publishes no offload rate).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any, cast

#: MB/s an archive log is written and read back at, by COMPACT (storage rule BN-5).
ARCHIVE_RATES = {"NO": 110.0, "YES": 38.0}
#: An active log is read back at the uncompressed rate.
ACTIVE_RATE = ARCHIVE_RATES["NO"]
MB = 2**20
#: Most data sets of one log copy (IBM MQ "Adding information about a data set to the BSDS":
#: "A maximum of 310 data sets can be defined for each log copy, either by this NEWLOG
#: function or the MQSC DEFINE LOG command").
MAX_ACTIVE = 310

#: Statuses of an active log data set in the inventory.
NEW, CURRENT, FULL, REUSABLE = "NEW", "CURRENT", "NOTREUSABLE", "REUSABLE"


@dataclass(frozen=True, slots=True)
class ActiveLog:
    """One slot of the active log ring: copy 1's and copy 2's data sets (``dsn2`` "" when
    logging is single), the size in bytes, and what it holds now."""

    dsn1: str
    dsn2: str
    size: int
    status: str = NEW
    start: int = -1  # first RBA of this pass (-1: never written)
    end: int = -1  # last RBA written, once the log switched away from it


@dataclass(frozen=True, slots=True)
class ArchiveLog:
    """An archive log data set (one per copy) as the BSDS records it."""

    dsn: str
    copy: int
    start: int
    end: int
    started: str  # ISO moments: when the active log was first and last written
    ended: str
    unit: str
    catalogued: bool
    compacted: bool


@dataclass(frozen=True, slots=True)
class Event:
    """A console message a log change writes: its id and inserts."""

    msg_id: str
    inserts: Mapping[str, object]


@dataclass(frozen=True, slots=True)
class Bsds:
    """The inventory and the offload task.

    Attributes:
        ring: the active log slots, in the order they are used.
        current: the slot being written.
        archives: archive log data sets, oldest first (the BSDS keeps MAXARCH of them).
        sequence: the number the next archive's ``Annnnnnn`` qualifier takes.
        pending: slots waiting to be offloaded, oldest first; the first is being offloaded
            when ``busy_until`` is set.
        busy_since, busy_until: when the offload in progress started and will end (ISO).
        written: when each slot was first written this pass (ISO), for the archive's times.
        requested: an ARCHIVE LOG is in progress until the slots it truncated are offloaded.
        ahead: the log's time line (ISO): how far waits for offloads took it past the clock.
        waits, waited: how many writes waited for an offload, and the seconds they waited.
        bsds: the BSDS copies (copy 2 "" with TWOBSDS=NO); ``single`` when a copy failed and
            the queue manager runs with one until RECOVER BSDS; ``lost`` the copy that failed.
        catalogued: the BSDS copies were put in the data set catalog (at the first start with
            one), so a copy the catalog no longer holds is a copy lost.
        suspended: SUSPEND QMGR LOG is in effect.
        warned: the last percentage CSQJ110E reported for the last available data set.
        restarted: when the queue manager last started (ISO; DISPLAY LOG's "Restarted at").

    """

    ring: tuple[ActiveLog, ...]
    current: int = 0
    archives: tuple[ArchiveLog, ...] = ()
    sequence: int = 1
    pending: tuple[int, ...] = ()
    busy_since: str = ""
    busy_until: str = ""
    written: tuple[str, ...] = ()
    requested: bool = False
    ahead: str = ""
    waits: int = 0
    waited: float = 0.0
    bsds: tuple[str, str] = ("", "")
    single: bool = False
    lost: str = ""
    catalogued: bool = False
    suspended: bool = False
    warned: int = 0
    restarted: str = ""

    def snapshot(self) -> dict[str, Any]:
        """The inventory as JSON-able data (the state store keeps it)."""
        data = {f: getattr(self, f) for f in self.__dataclass_fields__}
        data["ring"] = [asdict(s) for s in self.ring]
        data["archives"] = [asdict(a) for a in self.archives]
        data["pending"], data["written"] = list(self.pending), list(self.written)
        data["bsds"] = list(self.bsds)
        return {"kind": "bsds", **data}

    @classmethod
    def restore(cls, data: Mapping[str, Any]) -> Bsds:
        values = {k: v for k, v in data.items() if k != "kind" and k in cls.__dataclass_fields__}
        values["ring"] = tuple(ActiveLog(**s) for s in values.get("ring", ()))
        values["archives"] = tuple(ArchiveLog(**a) for a in values.get("archives", ()))
        for key in ("pending", "written", "bsds"):
            values[key] = tuple(values.get(key, ()))
        return cls(**values)

    # ---- what the ring looks like ---------------------------------------------------------
    @property
    def switch_at(self) -> int:
        """The RBA at which the current data set is full (where the log switches)."""
        slot = self.ring[self.current]
        return slot.start + slot.size

    def room(self, rba: int) -> int:
        """Bytes the current data set still takes when the log is at ``rba``."""
        return max(0, self.switch_at - rba)

    def full_logs(self) -> int:
        """Full active logs not yet offloaded (DISPLAY LOG's "full logs to offload")."""
        return sum(1 for s in self.ring if s.status == FULL)

    def available(self) -> int:
        """Slots the log can switch to without waiting for an offload."""
        return sum(
            1 for i, s in enumerate(self.ring) if i != self.current and s.status in (NEW, REUSABLE)
        )

    def percent_full(self, rba: int) -> int:
        slot = self.ring[self.current]
        return min(100, (rba - slot.start) * 100 // max(1, slot.size))

    def offloading(self, now: dt.datetime) -> bool:
        return bool(self.busy_until) and moment(self.busy_until) > now

    def slot_of(self, rba: int) -> ActiveLog | None:
        """The active log that holds ``rba`` (None: it was overwritten, only archives have it)."""
        for slot in self.ring:
            if slot.start >= 0 and slot.start <= rba < slot.start + slot.size:
                return slot
        return None

    def archive_of(self, rba: int) -> ArchiveLog | None:
        for archive in reversed(self.archives):
            if archive.copy == 1 and archive.start <= rba <= archive.end:
                return archive
        return None


def moment(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)


def now_of(bsds: Bsds, clock_now: dt.datetime) -> dt.datetime:
    """The log's now: the clock, or later when a wait for an offload took the log past it."""
    if bsds.ahead:
        ahead = moment(bsds.ahead)
        if ahead > clock_now:
            return ahead
    return clock_now


# ---- building the ring ------------------------------------------------------------------------
def active_names(qmgr: str, count: int, dual: bool) -> list[tuple[str, str]]:
    """The active log data sets a new queue manager gets: ``qmgr.LOGCOPYn.DSnn``, the names of
    IBM's CSQ4BSDS sample and of IBM's "Changes for active logs" examples."""
    return [
        (f"{qmgr}.LOGCOPY1.DS{i:02d}", f"{qmgr}.LOGCOPY2.DS{i:02d}" if dual else "")
        for i in range(1, count + 1)
    ]


def new(
    qmgr: str,
    sizes: list[int],
    *,
    dual_active: bool,
    dual_bsds: bool,
    names: list[tuple[str, str]] | None = None,
    start: int = 0,
) -> Bsds:
    """The inventory of a new queue manager: its active logs, the first one current from RBA
    ``start`` (0 for a new log)."""
    names = names or active_names(qmgr, len(sizes), dual_active)
    ring = tuple(ActiveLog(n1, n2, size) for (n1, n2), size in zip(names, sizes, strict=True))
    ring = (replace(ring[0], status=CURRENT, start=start), *ring[1:])
    return Bsds(
        ring,
        written=("",) * len(ring),
        bsds=(f"{qmgr}.BSDS01", f"{qmgr}.BSDS02" if dual_bsds else ""),
    )


def lose_copy(bsds: Bsds, dsn: str) -> Bsds:
    """A BSDS copy failed: the queue manager goes on in single BSDS mode with the other ("IBM
    MQ drops into a single BSDS mode from its normal dual BSDS mode due to an error", IBM MQ
    "Finding out what the BSDS contains")."""
    return replace(bsds, single=True, lost=dsn)


def good_copy(bsds: Bsds) -> str:
    """The BSDS copy in use: the one that did not fail."""
    return bsds.bsds[1] if bsds.lost == bsds.bsds[0] else bsds.bsds[0]


def restore_dual(bsds: Bsds) -> Bsds:
    """RECOVER BSDS copied the good copy into a data set of the lost one's name: dual again."""
    return replace(bsds, single=False, lost="")


def add_active(bsds: Bsds, copy: int, dsn: str, size: int) -> Bsds:
    """DEFINE LOG: a new data set for copy ``copy``, "added to the active log ring in a position
    such that it will be switched to after the last-added active log fills" (IBM MQ "DEFINE
    LOG"). With dual logging a slot is used once both copies have their data set: a copy 1
    data set fills the first slot that lacks copy 1, else opens a new slot (same for copy 2)."""
    ring = list(bsds.ring)
    for i, slot in enumerate(ring):
        if copy == 1 and not slot.dsn1:
            ring[i] = replace(slot, dsn1=dsn, size=min(slot.size, size) if slot.size else size)
            return replace(bsds, ring=tuple(ring))
        if copy == 2 and not slot.dsn2 and slot.dsn1 and _waiting(slot):
            ring[i] = replace(slot, dsn2=dsn, size=min(slot.size, size))
            return replace(bsds, ring=tuple(ring))
    slot = ActiveLog(dsn if copy == 1 else "", dsn if copy == 2 else "", size)
    return replace(bsds, ring=(*ring, slot), written=(*bsds.written, ""))


def _waiting(slot: ActiveLog) -> bool:
    """A slot added for copy 1 that still waits for its copy 2 data set."""
    return slot.status == NEW and slot.start < 0


def usable(slot: ActiveLog, dual: bool) -> bool:
    """Whether the log may switch to a slot: it has its data set of each copy in use."""
    return bool(slot.dsn1) and (bool(slot.dsn2) or not dual)


def names_in_use(bsds: Bsds) -> set[str]:
    return {n for slot in bsds.ring for n in (slot.dsn1, slot.dsn2) if n}


def copy_count(bsds: Bsds, copy: int) -> int:
    return sum(1 for slot in bsds.ring if (slot.dsn1 if copy == 1 else slot.dsn2))


# ---- the offload task ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ArchiveSettings:
    """What an offload needs of the current system parameters (CSQ6ARVP/CSQ6LOGP, as SET
    ARCHIVE and SET LOG left them): the values are read when the offload starts ("The new
    values will be used at the next archive log offload", IBM MQ "SET ARCHIVE")."""

    offload: bool = True
    dual: bool = True
    prefix1: str = "CSQARC1"
    prefix2: str = "CSQARC2"
    tstamp: str = "NO"
    compact: str = "NO"
    catalog: bool = False
    unit: str = "TAPE"
    unit2: str = ""
    maxarch: int = 500


def settings(values: Mapping[str, object]) -> ArchiveSettings:
    """The offload settings of a set of current parameter values (catalog/zparm.py names)."""
    return ArchiveSettings(
        offload=values.get("OFFLOAD", "YES") == "YES",
        dual=values.get("TWOARCH", "YES") == "YES",
        prefix1=str(values.get("ARCPFX1", "CSQARC1")),
        prefix2=str(values.get("ARCPFX2", "CSQARC2")),
        tstamp=str(values.get("TSTAMP", "NO")),
        compact=str(values.get("COMPACT", "NO")),
        catalog=values.get("CATALOG", "NO") == "YES",
        unit=str(values.get("UNIT", "TAPE")),
        unit2=str(values.get("UNIT2", "")),
        maxarch=int(cast(int, values.get("MAXARCH", 500))),
    )


def archive_name(
    prefix: str, sequence: int, stamp: dt.datetime, tstamp: str, kind: str = "A"
) -> str:
    """An archive log data set's name: ``prefix.Annnnnnn``; with TSTAMP=YES the date and time
    go before it, ``prefix.Dyyddd.Thhmmsst.Annnnnnn``, with TSTAMP=EXT a four-digit year,
    ``prefix.Dyyyyddd.Thhmmsst.Annnnnnn`` (UNVERIFIED: IBM's Db2 for z/OS archive naming,
    which IBM MQ's archive log code shares; the ``A`` qualifier is seen in IBM's CSQJU003
    example ``CSQREPAL.A0001187``). ``kind`` B names the BSDS copy offloaded with it.

    >>> t = dt.datetime(2026, 11, 28, 10, 30, 5, 600000)
    >>> archive_name("CSQARC1", 7, t, "NO"), archive_name("QMZ1.ARC1", 7, t, "YES")
    ('CSQARC1.A0000007', 'QMZ1.ARC1.D26332.T1030056.A0000007')
    >>> archive_name("QMZ1.ARC1", 7, t, "EXT", "B")
    'QMZ1.ARC1.D2026332.T1030056.B0000007'
    """
    last = f"{kind}{sequence:07d}"
    if tstamp == "NO":
        return f"{prefix}.{last}"
    day = f"D{stamp:%Y%j}" if tstamp == "EXT" else f"D{stamp:%y%j}"
    return f"{prefix}.{day}.T{stamp:%H%M%S}{stamp.microsecond // 100000}.{last}"


def offload_seconds(nbytes: int, compact: str) -> float:
    """How long offloading ``nbytes`` takes at the archive rate."""
    return nbytes / MB / ARCHIVE_RATES.get(compact, ACTIVE_RATE)


def _start_next(bsds: Bsds, at: dt.datetime, params: ArchiveSettings) -> Bsds:
    """Start offloading the oldest pending slot at ``at`` (if the task is idle)."""
    if bsds.busy_until or not bsds.pending:
        return bsds
    slot = bsds.ring[bsds.pending[0]]
    # A data set ARCHIVE LOG truncated holds less than its size.
    used = slot.end - slot.start + 1 if slot.end >= 0 else slot.size
    until = at + dt.timedelta(seconds=offload_seconds(used, params.compact))
    return replace(bsds, busy_since=at.isoformat(), busy_until=until.isoformat())


def advance(
    bsds: Bsds, now: dt.datetime, params: ArchiveSettings
) -> tuple[Bsds, list[Event], list[ArchiveLog]]:
    """Complete every offload that has ended by ``now`` (in order, each starting when the one
    before ended): the archives are recorded (CSQJ003I each) and the slots are reusable.

    Returns the new inventory, the messages, and the archive data sets made (the caller
    catalogs them).
    """
    events: list[Event] = []
    made: list[ArchiveLog] = []
    while bsds.busy_until and moment(bsds.busy_until) <= now:
        index = bsds.pending[0]
        slot = bsds.ring[index]
        ended = moment(bsds.busy_until)
        started = bsds.written[index] or bsds.busy_since
        copies = [(1, params.prefix1, params.unit)]
        if params.dual:
            copies.append((2, params.prefix2, params.unit2 or params.unit))
        stamp = moment(bsds.busy_since)
        for copy, prefix, unit in copies:
            archive = ArchiveLog(
                archive_name(prefix, bsds.sequence, stamp, params.tstamp),
                copy,
                slot.start,
                slot.end if slot.end >= 0 else slot.start + slot.size - 1,
                started,
                ended.isoformat(),
                unit,
                params.catalog,
                params.compact == "YES",
            )
            made.append(archive)
            events.append(
                Event(
                    "CSQJ003I",
                    {
                        "dsname": archive.dsn,
                        "start": archive.start,
                        "end": archive.end,
                        "starttime": archive.started,
                        "endtime": archive.ended,
                        "unit": unit,
                        "copy": copy,
                        # The simulation's volume serial: one volume per archive data set,
                        # which never spans volumes.
                        "volume": f"MQ{bsds.sequence % 10000:04d}",
                        "volspan": "NO",
                        "catalogued": "YES" if params.catalog else "NO",
                    },
                )
            )
        ring = list(bsds.ring)
        ring[index] = replace(slot, status=REUSABLE)
        keep = (*bsds.archives, *made[-len(copies) :])
        # The BSDS records MAXARCH archive volumes per copy: the oldest go (it wraps).
        per_copy = params.maxarch * (2 if params.dual else 1)
        bsds = replace(
            bsds,
            ring=tuple(ring),
            archives=keep[-per_copy:],
            sequence=bsds.sequence + 1,
            pending=bsds.pending[1:],
            busy_since="",
            busy_until="",
        )
        if not bsds.pending:
            bsds = replace(bsds, requested=False)
        bsds = _start_next(bsds, ended, params)
    return bsds, events, made


def switch(
    bsds: Bsds, rba: int, now: dt.datetime, params: ArchiveSettings, *, dual: bool
) -> tuple[Bsds, list[Event], str, list[ArchiveLog]]:
    """The log switches at ``rba`` (the current data set is full, or ARCHIVE LOG truncated
    it): CSQJ002I for the full one, which is queued for offload (OFFLOAD=NO: reusable at
    once), CSQJ001I for the next. When no slot is free the writer waits until the oldest
    offload ends (CSQJ111A) and the log's time line moves to then.

    Returns the inventory, the messages, "" or why the log cannot go on ("no offload":
    every active log is full and none is being offloaded), and the archives made while the
    writer waited.
    """
    events: list[Event] = []
    made: list[ArchiveLog] = []
    index = bsds.current
    slot = bsds.ring[index]
    end = rba - 1
    events.append(Event("CSQJ002I", {"dsname": slot.dsn1, "start": slot.start, "end": end}))
    if slot.dsn2:
        events.append(Event("CSQJ002I", {"dsname": slot.dsn2, "start": slot.start, "end": end}))
    ring = list(bsds.ring)
    if params.offload:
        ring[index] = replace(slot, status=FULL, end=end)
        bsds = replace(bsds, ring=tuple(ring), pending=(*bsds.pending, index))
        bsds = _start_next(bsds, now, params)
    else:
        ring[index] = replace(slot, status=REUSABLE, end=end)
        bsds = replace(bsds, ring=tuple(ring))
    target = _next_slot(bsds, dual)
    waited = 0.0
    if target is None:
        return bsds, events, "no slot", made
    if bsds.ring[target].status == FULL:
        # Every active log is full: wait for the offload of this one.
        if not bsds.busy_until:
            return bsds, [*events, Event("CSQJ111A", {})], "no offload", made
        events.append(Event("CSQJ111A", {}))
        while bsds.ring[target].status == FULL and bsds.busy_until:
            until = moment(bsds.busy_until)
            waited += max(0.0, (until - now).total_seconds())
            now = max(now, until)
            bsds, done, archives = advance(bsds, now, params)
            events += done
            made += archives
        if bsds.ring[target].status == FULL:
            return bsds, events, "no offload", made
        bsds = replace(
            bsds, ahead=now.isoformat(), waits=bsds.waits + 1, waited=bsds.waited + waited
        )
    ring = list(bsds.ring)
    ring[target] = replace(ring[target], status=CURRENT, start=rba, end=-1)
    written = list(bsds.written)
    written[target] = now.isoformat()
    bsds = replace(bsds, ring=tuple(ring), current=target, written=tuple(written), warned=0)
    new_slot = ring[target]
    events.append(
        Event(
            "CSQJ001I",
            {"copy": 1, "dsname": new_slot.dsn1, "start": rba, "end": rba + new_slot.size - 1},
        )
    )
    if new_slot.dsn2:
        events.append(
            Event(
                "CSQJ001I",
                {"copy": 2, "dsname": new_slot.dsn2, "start": rba, "end": rba + new_slot.size - 1},
            )
        )
    return bsds, events, "", made


def _next_slot(bsds: Bsds, dual: bool) -> int | None:
    """The slot after the current one in ring order that the log can use (skipping slots that
    lack a copy's data set); None when there is none at all."""
    n = len(bsds.ring)
    for step in range(1, n + 1):
        i = (bsds.current + step) % n
        if i != bsds.current and usable(bsds.ring[i], dual):
            return i
    return None


def last_available(bsds: Bsds, dual: bool) -> bool:
    """Whether the current data set is the last one the log can switch from without waiting:
    no other slot is free (ARCHIVE LOG is refused then; CSQJ110E warns while it fills)."""
    return not any(
        i != bsds.current and usable(s, dual) and s.status in (NEW, REUSABLE)
        for i, s in enumerate(bsds.ring)
    )


def restart_range(bsds: Bsds, start: int, end: int) -> tuple[int, int, list[str]]:
    """What a restart reads from RBA ``start`` to ``end``: bytes in active logs, bytes only in
    archives, and the data sets read (in order)."""
    active = archive = 0
    read: list[str] = []
    rba = start
    while rba < end:
        slot = bsds.slot_of(rba)
        if slot is not None:
            upto = min(end, slot.start + slot.size)
            active += upto - rba
            if slot.dsn1 not in read:
                read.append(slot.dsn1)
            rba = upto
            continue
        archive_log = bsds.archive_of(rba)
        if archive_log is None:
            break
        upto = min(end, archive_log.end + 1)
        archive += upto - rba
        if archive_log.dsn not in read:
            read.append(archive_log.dsn)
        rba = upto
    return active, archive, read


def restart_offload(bsds: Bsds, at: dt.datetime, params: ArchiveSettings) -> Bsds:
    """ARCHIVE LOG CANCEL OFFLOAD: the offload in progress is abandoned and starts again with
    the oldest data set waiting for it."""
    return _start_next(replace(bsds, busy_since="", busy_until=""), at, params)
