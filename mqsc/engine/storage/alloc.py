"""Allocating and freeing page-set space through its buffer pool, with dynamic expansion.

Both object definitions (page set 0) and messages use these functions, so expansion, the 90%
trigger, formatted pages in the pool and "page set full" behave the same for both.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from mqsc.engine.storage.pageset import Expansion, PageSetState
from mqsc.engine.storage.pool import PoolState


class PageSetFull(Exception):
    """No room on the page set, and it cannot expand (MQRC 2192 for a put)."""

    def __init__(self, psid: int) -> None:
        super().__init__(f"page set {psid} is full")
        self.psid = psid


@dataclass(slots=True)
class SpaceEvents:
    """What an allocation did besides taking pages: expansions attempted."""

    expansions: list[Expansion] = field(default_factory=list)


def allocate(
    ps: PageSetState,
    pool: PoolState,
    owner: Hashable,
    pages: int,
    *,
    persistent: bool,
    gen: int = 0,
    events: SpaceEvents | None = None,
) -> SpaceEvents:
    """Take ``pages`` on ``ps`` for ``owner``: new changed pages in ``pool``.

    Expands the page set when the pages do not fit, then while more than 90% is in use
    (storage rule EX-2 (docs/storage.md#storage-rules)); each expansion's formatted pages
    occupy changed buffers (FITTED).

    Raises:
        PageSetFull: the pages do not fit and the page set cannot grow; nothing was taken.

    """
    events = events if events is not None else SpaceEvents()
    while ps.free_pages() < pages:
        if ps.expand == "NONE" or ps.noexpand:
            raise PageSetFull(ps.psid)
        grown = ps.expand_once()
        events.expansions.append(grown)
        if grown.failed:
            raise PageSetFull(ps.psid)
        pool.format_pages(ps.psid, grown.added, gen)
    if pages <= 0:
        return events
    pool.touch(("spacemap", ps.psid), ps.psid, 1, gen)
    ps.take(pages, persistent)
    pool.new_pages(owner, ps.psid, pages, persistent=persistent, gen=gen)
    while ps.needs_expansion():
        grown = ps.expand_once()
        events.expansions.append(grown)
        if grown.failed:
            break
        pool.format_pages(ps.psid, grown.added, gen)
    return events


def release(
    ps: PageSetState, pool: PoolState, owner: Hashable, pages: int, *, persistent: bool
) -> tuple[int, int]:
    """Free ``pages`` of ``owner``: resident ones become freed buffers, the rest just go.

    Returns (resident pages freed, pages that were only on the page set).
    """
    changed, clean = pool.free(owner, ps.psid, pages)
    ps.release(pages, persistent)
    resident = changed + clean
    return resident, pages - resident
