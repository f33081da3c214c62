"""Page set geometry and dynamic expansion (storage rules DU-3, DU-4, EX-1, EX-2, EX-3, EX-4,
docs/storage.md#storage-rules)."""

from __future__ import annotations

import pytest

from mqsc.engine.storage import constants
from mqsc.engine.storage.alloc import PageSetFull, allocate
from mqsc.engine.storage.pageset import PageSetState
from mqsc.engine.storage.pool import PoolState


@pytest.mark.parametrize(("physical", "total"), [(1080, 1078), (3240, 3238), (20160, 20157)])
def test_usable_pages_as_the_lab_shows(physical: int, total: int) -> None:
    assert PageSetState(0, 0, physical=physical).total == total


def test_expansion_starts_above_90_percent() -> None:
    ps, pool = PageSetState(4, 3), PoolState(3, 20000)
    allocate(ps, pool, "o", 970, persistent=False)
    assert ps.expansions == 0  # 970 <= 0.9 x 1078 = 970.2
    allocate(ps, pool, "o", 1, persistent=False)
    assert ps.expansions == 1 and ps.total == 1618


def test_the_lab_page_set_4_history() -> None:
    """The lab's page set 4: 2436 pages in use expand 1078 -> 3238 in exactly four steps."""
    ps, pool = PageSetState(4, 3), PoolState(3, 20000)
    allocate(ps, pool, "o", 2436, persistent=False)
    assert (ps.total, ps.expansions) == (3238, 4)


def test_system_expansion_adds_about_ten_percent_in_cylinders() -> None:
    ps = PageSetState(4, 3, expand="SYSTEM", physical=20160)
    assert ps.expansion_size() == 2160  # 10% of 20160 rounded up to 180-page cylinders
    assert PageSetState(4, 3, expand="SYSTEM").expansion_size() == 180


def test_expand_none_fills_up() -> None:
    ps, pool = PageSetState(4, 3, expand="NONE"), PoolState(3, 20000)
    allocate(ps, pool, "o", 1078, persistent=False)
    with pytest.raises(PageSetFull):
        allocate(ps, pool, "o", 1, persistent=False)
    assert ps.expansions == 0


def test_user_expansion_without_secondary_marks_no_further_expansion() -> None:
    ps, pool = PageSetState(4, 3, secondary=0), PoolState(3, 20000)
    allocate(ps, pool, "o", 1000, persistent=False)
    assert ps.noexpand
    with pytest.raises(PageSetFull):
        allocate(ps, pool, "o", 100, persistent=False)


def test_119_extents_at_most() -> None:
    ps, pool = PageSetState(4, 3, secondary=180), PoolState(3, 1_000_000)
    with pytest.raises(PageSetFull):
        allocate(ps, pool, "o", 1080 + 118 * 180, persistent=False)
    assert ps.extents == constants.MAX_EXTENTS and ps.noexpand


def test_64_gb_at_most() -> None:
    ps = PageSetState(4, 3, physical=constants.MAX_PAGES - 100, secondary=540)
    assert ps.expand_once().failed == "limit" and ps.noexpand


def test_formatted_pages_occupy_changed_buffers() -> None:
    ps, pool = PageSetState(4, 3), PoolState(3, 20000)
    allocate(ps, pool, "o", 971, persistent=False)
    assert pool.changed == 971 + 540 + 1  # data, one formatted extent, the space map page
