"""A page set: geometry, used pages, and dynamic expansion (docs/storage.md).

Pages are counted, not numbered: DISPLAY USAGE and the SMF data report counts, and which page
number a message gets changes no figure the product shows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from mqsc.engine.storage import constants
from mqsc.engine.storage.copying import copier


@dataclass(frozen=True, slots=True)
class PageSetStats:
    """Page set I/O statistics since the last reset (SMF 115 CSQDQIS1 names).

    Immutable, so a page set's clone shares them (a DEFINE clones page set 0): a change is a
    new record (:meth:`counted_full`)."""

    full: int = 0  # QIS1FULL: times the page set was full
    dw_ios: int = 0  # QIS1DWPN
    dw_pages: int = 0  # QIS1DWPP
    imw_ios: int = 0  # QIS1IMWN
    imw_pages: int = 0  # QIS1IMWP
    read_ios: int = 0  # QIS1GETN
    read_pages: int = 0  # QIS1GETP
    ckpt_pages: int = 0  # QIS1CKPP

    def counted_full(self) -> PageSetStats:
        """These statistics with one more time the page set was full."""
        return replace(self, full=self.full + 1)


@dataclass(frozen=True, slots=True)
class Expansion:
    """What one expansion attempt did: pages added, or why it failed."""

    psid: int
    added: int
    failed: str = ""  # "" when it worked, else "extents" or "limit" or "secondary"


@dataclass(slots=True)
class PageSetState:
    """One page set (mutable; the engine edits clones inside transactions)."""

    psid: int
    pool: int
    expand: str = "USER"
    dsn: str = ""
    physical: int = constants.DEFAULT_PRIMARY
    secondary: int = constants.DEFAULT_SECONDARY
    extents: int = 1
    expansions: int = 0
    noexpand: bool = False
    persistent: int = 0
    nonpersistent: int = 0
    object_bytes: int = 0
    status: str = "AVAILABLE"  # OFFLINE after a restart whose CSQINP1 no longer defines it
    offline_rba: int = 0  # the recovery RBA it went offline with (CSQI005I, MQSC725I)
    stats: PageSetStats = field(default_factory=PageSetStats)

    def clone(self) -> PageSetState:
        return _copy_pageset(self)  # every field immutable (the statistics too)

    @property
    def overhead(self) -> int:
        """Header and space-map pages (FITTED: 1080 -> 1078, 3240 -> 3238, 20160 -> 20157)."""
        return constants.HEADER_PAGES + math.ceil(self.physical / constants.SPACEMAP_SPAN)

    @property
    def total(self) -> int:
        """Usable pages: the "Total pages" column."""
        return self.physical - self.overhead

    @property
    def used(self) -> int:
        return self.persistent + self.nonpersistent

    @property
    def unused(self) -> int:
        """Unused = Total - Persistent - NonPersist (storage rule DU-3
        (docs/storage.md#storage-rules))."""
        return self.total - self.used

    def free_pages(self) -> int:
        """Pages that can be allocated now, without expanding."""
        return self.total - self.used

    def needs_expansion(self) -> bool:
        """In use above the 90% trigger with expansion still possible (storage rule EX-2
        (docs/storage.md#storage-rules))."""
        return (
            self.used > constants.EXPAND_AT * self.total
            and self.expand != "NONE"
            and not self.noexpand
        )

    def expansion_size(self) -> int:
        """Pages one expansion adds: the secondary (USER) or about 10% (SYSTEM)
        (storage rules EX-3, EX-4 (docs/storage.md#storage-rules))."""
        if self.expand == "SYSTEM":
            return max(
                constants.CYL_PAGES,
                math.ceil(0.10 * self.physical / constants.CYL_PAGES) * constants.CYL_PAGES,
            )
        return self.secondary

    def expand_once(self) -> Expansion:
        """Add one extent, or mark the page set 'no further expansion' if it cannot grow."""
        size = self.expansion_size()
        if size <= 0:
            self.noexpand = True
            return Expansion(self.psid, 0, "secondary")
        if self.extents >= constants.MAX_EXTENTS:
            self.noexpand = True
            return Expansion(self.psid, 0, "extents")
        if self.physical + size > constants.MAX_PAGES:
            self.noexpand = True
            return Expansion(self.psid, 0, "limit")
        self.physical += size
        self.extents += 1
        self.expansions += 1
        return Expansion(self.psid, size)

    def take(self, pages: int, persistent: bool) -> None:
        """Count ``pages`` as in use (the caller checked there is room)."""
        if persistent:
            self.persistent += pages
        else:
            self.nonpersistent += pages

    def release(self, pages: int, persistent: bool) -> None:
        """Return ``pages`` to the free space."""
        if persistent:
            self.persistent -= pages
        else:
            self.nonpersistent -= pages
        assert self.persistent >= 0 and self.nonpersistent >= 0


_copy_pageset = copier(PageSetState)
