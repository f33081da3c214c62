"""A buffer pool: buffers that are empty, clean or changed, in LRU order (docs/storage.md).

Pages live in buffers as *segments*: runs of pages with one owner (a message run, a page set's
header or space map, object definitions, freed or freshly formatted pages), one state (changed
or clean) and the checkpoint generation they were changed in. Segments are kept oldest first;
adjacent segments that agree merge, so a million identical messages are a handful of segments.

Rules (each a storage rule of docs/storage.md#storage-rules, numbers in constants.py):

* Stealable = Available - changed (pinned buffers are not kept between calls);
  Stealable % = floor(100 x Stealable / Available) (storage rule ST-3).
* A new page takes an empty buffer, else steals the least recently used clean one (QPSTSTL),
  else (no clean buffer) is a shortage: the oldest changed page is written synchronously and its
  buffer taken (QPSTSOS, QPSTIMW).
* Deferred write: when more than 85% of the buffers are changed (QPSTDWT), freed and formatted
  pages are dropped without I/O, then the oldest changed pages are written in batches of 32
  until 80% remain changed; written pages stay resident as clean (storage rules ST-4, ST-7).
* Synchronous writes: while more than 95% are changed, each further update writes a page at
  once (QPSTDMC, QPSTIMW) (storage rule ST-6). With the deferred writer keeping up this is
  reached only when
  ALTER BUFFPOOL shrinks a pool below its changed pages.
* Checkpoint: persistent pages changed since before the previous checkpoint are written
  (the "two checkpoints" rule, storage rules ST-4, ST-6).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass, field, fields, replace
from operator import attrgetter

from mqsc.engine.storage import constants
from mqsc.engine.storage.copying import copier

Owner = Hashable
#: Owners whose changed pages the deferred writer may drop without writing.
DROPPABLE = ("freed", "format")
#: "Any owner" for PoolState._take (no real owner is this object).
_ANY: Owner = object()


@dataclass(slots=True)
class Segment:
    """A run of pages in buffers with one owner and state."""

    owner: Owner
    psid: int
    pages: int
    changed: bool
    gen: int = 0
    persistent: bool = False

    def joins(self, other: Segment) -> bool:
        return (
            self.owner == other.owner
            and self.psid == other.psid
            and self.changed == other.changed
            and self.gen == other.gen
            and self.persistent == other.persistent
        )


@dataclass(slots=True)
class PoolStats:
    """Buffer manager statistics since the last reset (SMF 115 CSQDQPST names,
    storage rule ST-8 (docs/storage.md#storage-rules))."""

    low: int = -1  # QPSTCBSL: lowest stealable
    getp: int = 0  # QPSTGETP: get-page requests for existing pages
    getn: int = 0  # QPSTGETN: get-page requests for new pages
    rio: int = 0  # QPSTRIO: read I/Os
    stw: int = 0  # QPSTSTW: set-write intents (page updates)
    tpw: int = 0  # QPSTTPW: pages written
    wio: int = 0  # QPSTWIO: write I/Os
    imw: int = 0  # QPSTIMW: pages written out synchronously
    dwt: int = 0  # QPSTDWT: times the deferred write threshold was reached
    # QPSTDMC: updates performed synchronously because more than 95% of the pool waited for
    # write I/O (IBM, "Buffer manager data records"); a bulk step counts as one update.
    dmc: int = 0
    stl: int = 0  # QPSTSTL: buffers stolen
    sos: int = 0  # QPSTSOS: no buffer available
    # Not a QPST field: freed or formatted pages the deferred writer released without a write.
    # A threshold reached when the changed buffers hold only such pages writes nothing: this
    # says why DWT can count while TPW stays 0 (storage rule ST-7, docs/storage.md).
    dropped: int = 0

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(slots=True)
class PageSetIO:
    """Page set I/O counts kept by the pool that does the I/O (SMF CSQDQIS1 names)."""

    dw_ios: int = 0  # QIS1DWPN: deferred write I/Os
    dw_pages: int = 0  # QIS1DWPP
    imw_ios: int = 0  # QIS1IMWN: immediate write I/Os
    imw_pages: int = 0  # QIS1IMWP
    read_ios: int = 0  # QIS1GETN
    read_pages: int = 0  # QIS1GETP
    ckpt_pages: int = 0  # QIS1CKPP

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(slots=True)
class PoolState:
    """One buffer pool: its definition and the state of its buffers (mutable; cloned in txns).

    ``pending_pageclass`` holds an ALTER PAGECLAS that waits for a location switch or a
    restart; ``replace`` is the REPLACE flag of its CSQINP1 definition
    (storage rules BP-6, BP-7 (docs/storage.md#storage-rules)).
    """

    pool: int
    buffers: int
    location: str = "BELOW"
    pageclass: str = "4KB"
    pending_pageclass: str | None = None
    replace: bool = False
    defined: bool = True
    lru: deque[Segment] = field(default_factory=deque)
    changed: int = 0
    clean: int = 0
    stats: PoolStats = field(default_factory=PoolStats)
    io: dict[int, PageSetIO] = field(default_factory=dict)

    def clone(self) -> PoolState:
        copy = _copy_pool(self)
        copy.lru = _Borrowed(self.lru)
        copy.stats = _copy_stats(self.stats)
        copy.io = {k: _copy_io(v) for k, v in self.io.items()}
        return copy

    def _own_all(self) -> None:
        """Copy the segments still shared with the pool this one was cloned from.

        Called before any loop that may change segments, so no loop holds a shared one.
        """
        lru = self.lru
        if type(lru) is _Borrowed:
            mine = lru.mine
            self.lru = deque(s if id(s) in mine else _copy_segment(s) for s in lru)

    # ---- figures ---------------------------------------------------------------------------
    @property
    def stealable(self) -> int:
        return self.buffers - self.changed

    @property
    def percent(self) -> int:
        """Stealable percentage, truncated (16777 of 20000 is 83, not 84)."""
        return 100 * self.stealable // self.buffers if self.buffers else 0

    @property
    def empty(self) -> int:
        return self.buffers - self.changed - self.clean

    @property
    def reusable(self) -> int:
        """Buffers a read could use without a synchronous write: empty, clean, or holding a
        freed or formatted page."""
        droppable = sum(
            s.pages
            for s in self.lru
            if s.changed and isinstance(s.owner, tuple) and s.owner[0] in DROPPABLE
        )
        return self.empty + self.clean + droppable

    def resident(self, owner: Owner) -> tuple[int, int]:
        """(changed, clean) pages of ``owner`` in buffers."""
        changed = clean = 0
        for seg in self.lru:
            if seg.owner == owner:
                if seg.changed:
                    changed += seg.pages
                else:
                    clean += seg.pages
        return changed, clean

    def owners(self) -> Iterator[Owner]:
        return (s.owner for s in self.lru)

    def _note(self) -> None:
        low = self.stats.low
        if low < 0 or self.stealable < low:
            self.stats.low = self.stealable

    def _io(self, psid: int) -> PageSetIO:
        io = self.io.get(psid)
        if io is None:
            io = self.io[psid] = PageSetIO()
        return io

    # ---- bringing pages in -----------------------------------------------------------------
    def new_pages(
        self, owner: Owner, psid: int, pages: int, *, persistent: bool = False, gen: int = 0
    ) -> None:
        """Pages newly allocated and changed (GETN, STW); may trigger the deferred writer."""
        self.stats.getn += pages
        self._add_changed(owner, psid, pages, persistent, gen)

    def format_pages(self, psid: int, pages: int, gen: int = 0) -> None:
        """Pages a page set expansion formatted: they occupy changed buffers (FITTED)."""
        self._add_changed(("format", psid), psid, pages, False, gen)

    def touch(self, owner: Owner, psid: int, pages: int = 1, gen: int = 0) -> None:
        """Mark ``pages`` of ``owner`` changed, bringing them in if not resident (STW).

        Used for a page set's header and space-map pages, updated in place.
        """
        changed, clean = self.resident(owner)
        if changed >= pages:
            return
        self.stats.stw += pages - changed
        if clean:
            # The clean copy becomes the changed one: its buffer is no longer clean.
            self.clean -= self._remove(owner, min(clean, pages - changed), changed=False)
        self._add_changed(owner, psid, pages - changed, False, gen, count_stw=False)

    def read_pages(self, owner: Owner, psid: int, pages: int) -> None:
        """Pages read from the page set into clean buffers (RIO), e.g. a get of written pages."""
        if pages <= 0:
            return
        self.stats.rio += pages
        io = self._io(psid)
        io.read_ios += pages
        io.read_pages += pages
        self._make_room(pages)
        self._append(Segment(owner, psid, pages, False))
        self.clean += pages
        self._note()

    def _add_changed(
        self,
        owner: Owner,
        psid: int,
        pages: int,
        persistent: bool,
        gen: int,
        *,
        count_stw: bool = True,
    ) -> None:
        if count_stw:
            self.stats.stw += pages
        threshold = math.floor(constants.DWT * self.buffers)
        while pages > 0:
            room = max(1, threshold - self.changed + 1)
            step = min(pages, room)
            self._make_room(step)
            self._append(Segment(owner, psid, step, True, gen, persistent))
            self.changed += step
            pages -= step
            # The low-water mark is taken at the peak, before any write relieves it.
            self._note()
            self._synchronous_writes()
            if self.changed > threshold:
                self.deferred_write()

    def _make_room(self, pages: int) -> None:
        """Free ``pages`` buffers: empty ones first, then steal clean LRU ones, then reuse
        buffers of freed or formatted pages (their content is not needed, so no I/O), and
        only then write changed pages synchronously (a shortage, QPSTSOS)."""
        short = pages - self.empty
        if short <= 0:
            return
        short -= self._steal(short)
        if short > 0:
            short -= self._reclaim(short)
        if short > 0:
            self.stats.sos += 1
            self._write_oldest(short, immediate=True)
            self._steal(short)

    def _reclaim(self, pages: int) -> int:
        """Reuse up to ``pages`` buffers holding freed or formatted pages, oldest first."""
        taken = self._drop_pages(pages)
        self.changed -= taken
        self.stats.stl += taken
        return taken

    def _drop_pages(self, pages: int) -> int:
        """Take up to ``pages`` changed buffers holding freed or formatted pages, oldest
        first (their content is not needed: no I/O); returns how many."""
        return self._take(pages, changed=True, droppable=True)

    def _steal(self, pages: int) -> int:
        """Steal up to ``pages`` clean buffers, least recently used first."""
        taken = self._take(pages, changed=False)
        self.clean -= taken
        self.stats.stl += taken
        return taken

    def _take(
        self, pages: int, *, changed: bool, owner: Owner = _ANY, droppable: bool = False
    ) -> int:
        """Take up to ``pages`` pages out of the segments that are changed (or clean), of
        ``owner`` if given, holding freed or formatted pages if ``droppable``, oldest first;
        returns how many. Only those segments change (copied first if still shared with the
        pool this one was cloned from), and the ones left empty go. (The tests are inline, not
        a predicate: this loop runs for every put and get.)"""
        lru = self.lru
        taken = 0
        emptied: list[int] = []
        for i in range(len(lru)) if pages > 0 else ():
            seg = lru[i]
            if seg.changed != changed or (owner is not _ANY and seg.owner != owner):
                continue
            if droppable and not (isinstance(seg.owner, tuple) and seg.owner[0] in DROPPABLE):
                continue
            seg = self._owned(i, seg)
            n = min(seg.pages, pages - taken)
            seg.pages -= n
            if not seg.pages:
                emptied.append(i)
            taken += n
            if taken >= pages:
                break
        if emptied:
            self._compact(emptied)
        return taken

    # ---- writing ---------------------------------------------------------------------------
    def deferred_write(self) -> None:
        """The deferred write processor: drop freed/formatted pages, then write to 80%."""
        self.stats.dwt += 1
        target = math.floor(constants.DWT_TARGET * self.buffers)
        excess = self.changed - target
        dropped = self._drop_pages(excess)
        self.stats.dropped += dropped
        self.changed -= dropped
        excess -= dropped
        if excess > 0:
            self._write_oldest(excess, immediate=False)

    def _synchronous_writes(self) -> None:
        """Above 95% changed, updates are written at once (DMC, IMW)."""
        limit = math.floor(constants.SPT * self.buffers)
        if self.changed > limit:
            self.stats.dmc += 1
            self._write_oldest(self.changed - limit, immediate=True)

    def _write_oldest(self, pages: int, *, immediate: bool) -> int:
        """Write the oldest changed pages (they become clean); returns pages written."""
        self._own_all()
        written: dict[int, int] = {}
        remaining = pages
        for seg in list(self.lru):
            if remaining <= 0:
                break
            if not seg.changed or _droppable(seg):
                # Freed and formatted pages are dropped, never written.
                continue
            n = min(seg.pages, remaining)
            self._split_clean(seg, n)
            written[seg.psid] = written.get(seg.psid, 0) + n
            remaining -= n
        total = pages - remaining
        self.changed -= total
        self.clean += total
        self._count_writes(written, immediate)
        self._merge()
        return total

    def _count_writes(self, written: dict[int, int], immediate: bool) -> None:
        for psid, n in written.items():
            ios = n if immediate else math.ceil(n / constants.WRITE_BATCH)
            io = self._io(psid)
            self.stats.tpw += n
            self.stats.wio += ios
            if immediate:
                self.stats.imw += n
                io.imw_ios += ios
                io.imw_pages += n
            else:
                io.dw_ios += ios
                io.dw_pages += n

    def checkpoint(self, gen: int) -> int:
        """Checkpoint ``gen``: write persistent pages changed before the previous one."""
        self._own_all()
        written: dict[int, int] = {}
        for seg in self.lru:
            if seg.changed and seg.persistent and seg.gen <= gen - 2:
                seg.changed = False
                written[seg.psid] = written.get(seg.psid, 0) + seg.pages
        total = sum(written.values())
        self.changed -= total
        self.clean += total
        for psid, n in written.items():
            io = self._io(psid)
            io.ckpt_pages += n
            io.imw_ios += n
            io.imw_pages += n
            self.stats.imw += n
            self.stats.tpw += n
            self.stats.wio += n
        self._merge()
        return total

    def write_persistent(self) -> int:
        """Shutdown: every changed page holding persistent data is written."""
        self._own_all()
        written: dict[int, int] = {}
        for seg in self.lru:
            if seg.changed and seg.persistent:
                seg.changed = False
                written[seg.psid] = written.get(seg.psid, 0) + seg.pages
        total = sum(written.values())
        self.changed -= total
        self.clean += total
        self._count_writes(written, immediate=True)
        self._merge()
        return total

    # ---- taking pages out ------------------------------------------------------------------
    def free(self, owner: Owner, psid: int, pages: int) -> tuple[int, int]:
        """The oldest ``pages`` resident pages of ``owner`` are freed (a get or a purge).

        Their buffers stay changed, holding the freed pages (FITTED: the lab's BP3 keeps 16777
        stealable after the gets), until the deferred writer drops them. Returns (changed,
        clean) pages taken.
        """
        from_clean = self._remove(owner, pages, changed=False)
        from_changed = self._remove(owner, pages - from_clean, changed=True)
        freed = from_clean + from_changed
        if freed:
            self.clean -= from_clean
            self.changed -= from_changed
            self._add_changed(("freed", psid), psid, freed, False, 0, count_stw=False)
        self.stats.getp += freed
        return from_changed, from_clean

    def drop(self, owner: Owner) -> int:
        """Remove every page of ``owner`` without I/O (its data is gone); returns pages."""
        dropped = 0
        for seg in list(self.lru):
            if seg.owner == owner:
                if seg.changed:
                    self.changed -= seg.pages
                else:
                    self.clean -= seg.pages
                dropped += seg.pages
                self.lru.remove(seg)
        return dropped

    def _remove(self, owner: Owner, pages: int, *, changed: bool) -> int:
        # Only the segments of ``owner`` change: a get from a transmission queue after every
        # batch would otherwise copy every segment of a cloned pool (_own_all) and look each
        # emptied one up again by equality (deque.remove).
        return self._take(pages, changed=changed, owner=owner)

    def _compact(self, emptied: list[int]) -> None:
        """Drop the segments left with no pages (their indices ``emptied``, ascending), order
        kept; the two segments a dropped one separated are joined when they agree, as
        :meth:`_merge` joins them. Otherwise the freed pages of every get from a transmission
        queue stay one segment each (80 of them in a channel's pool, scanned by
        every later get)."""
        lru = self.lru
        count = len(lru)
        into: dict[int, int] = {}
        for i in emptied:
            left = i - 1
            while left >= 0 and not lru[left].pages:
                left -= 1
            right = i + 1
            while right < count and not lru[right].pages:
                right += 1
            if left < 0 or right >= count or right in into:
                continue
            head = into.get(left, left)
            if lru[head].joins(lru[right]):
                into[right] = head
        if into:
            gone = set()
            for right, head in into.items():
                self._owned(head, lru[head]).pages += lru[right].pages
                gone.add(id(lru[right]))
            kept: Iterable[Segment] = (s for s in lru if s.pages and id(s) not in gone)
        else:
            kept = filter(_has_pages, lru)
        self.lru = deque(kept) if type(lru) is not _Borrowed else _Borrowed(kept, lru.mine)

    # ---- resizing and restart --------------------------------------------------------------
    def resize(self, buffers: int) -> None:
        """ALTER BUFFPOOL BUFFERS: add or remove buffers relative to the current allocation."""
        self.buffers = buffers
        resident = self.changed + self.clean
        if resident > buffers:
            self._steal(resident - buffers)
        if self.changed + self.clean > buffers:
            # Not enough clean buffers to give back: changed pages are written at once.
            self.stats.dmc += 1
            self._write_oldest(self.changed + self.clean - buffers, immediate=True)
            self._steal(self.changed + self.clean - buffers)
        if self.changed > math.floor(constants.DWT * buffers):
            self.deferred_write()
        self._note()

    def empty_out(self) -> None:
        """A restart: every buffer empty, statistics reset."""
        self.lru.clear()
        self.changed = self.clean = 0
        self.stats = PoolStats()
        self.io = {}

    def reset_stats(self) -> None:
        """Start a new statistics interval (SMF interval)."""
        self.stats = PoolStats(low=self.stealable)
        self.io = {}

    # ---- segment bookkeeping ---------------------------------------------------------------
    def _append(self, seg: Segment) -> None:
        lru = self.lru
        if lru and lru[-1].joins(seg):
            last = lru[-1]
            if type(lru) is _Borrowed and id(last) not in lru.mine:
                last = lru[-1] = _copy_segment(last)
                lru.mine.add(id(last))
            last.pages += seg.pages
        else:
            lru.append(seg)
            if type(lru) is _Borrowed:
                lru.mine.add(id(seg))

    def _owned(self, i: int, seg: Segment) -> Segment:
        """Segment ``i`` of the LRU (``seg``), copied first if still shared with the pool
        this one was cloned from, so only the segments a loop changes are copied."""
        lru = self.lru
        if type(lru) is _Borrowed and id(seg) not in lru.mine:
            seg = lru[i] = _copy_segment(seg)
            lru.mine.add(id(seg))
        return seg

    def _split_clean(self, seg: Segment, pages: int) -> None:
        """Make the first ``pages`` of a changed segment clean, splitting it if needed."""
        assert type(self.lru) is not _Borrowed
        if pages >= seg.pages:
            seg.changed = False
            return
        index = self.lru.index(seg)
        head = replace(seg, pages=pages, changed=False)
        seg.pages -= pages
        self.lru.insert(index, head)

    def _merge(self) -> None:
        """Join adjacent segments that agree."""
        self._own_all()
        merged: deque[Segment] = deque()
        for seg in self.lru:
            if merged and merged[-1].joins(seg):
                merged[-1].pages += seg.pages
            else:
                merged.append(seg)
        self.lru = merged


class _Borrowed(deque):
    """The buffers of a cloned pool, sharing their segments with the original.

    A transaction clones a pool whenever it adds a page, and a pool holds dozens of segments:
    the clone copies none of them. ``mine`` holds the ids of the segments this pool owns (added
    or copied since the clone); :meth:`PoolState._append` copies the last segment before
    growing it, and any other change first copies them all (:meth:`PoolState._own_all`). The
    shared segments stay alive with the original for the whole transaction, so an id in
    ``mine`` never names one of them.
    """

    __slots__ = ("mine",)

    def __init__(self, segments: Iterable[Segment] = (), mine: set[int] | None = None) -> None:
        super().__init__(segments)
        self.mine: set[int] = set() if mine is None else mine


_has_pages = attrgetter("pages")
_copy_pool = copier(PoolState)
_copy_segment = copier(Segment)
_copy_stats = copier(PoolStats)
_copy_io = copier(PageSetIO)


def _droppable(seg: Segment) -> bool:
    """A changed buffer holding freed or formatted pages: dropped, never written."""
    return seg.changed and isinstance(seg.owner, tuple) and seg.owner[0] in DROPPABLE
