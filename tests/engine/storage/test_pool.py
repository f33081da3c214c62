"""Buffer pool rules (storage rules ST-3, ST-4, ST-6, ST-7, BP-6, docs/storage.md#storage-rules)."""

from __future__ import annotations

from mqsc.engine.storage.pool import PoolState


def test_stealable_percentage_is_truncated() -> None:
    pool = PoolState(3, 20000)
    pool.new_pages("o", 4, 3223)
    assert (pool.stealable, pool.percent) == (16777, 83)  # 83.885%, not 84


def test_deferred_write_at_85_percent_drains_to_80() -> None:
    pool = PoolState(1, 1000)
    pool.new_pages("o", 1, 850)
    assert pool.stats.dwt == 0 and pool.changed == 850
    pool.new_pages("o", 1, 1)
    assert pool.stats.dwt == 1 and pool.changed == 800 and pool.clean == 51
    assert pool.stats.tpw == 51 and pool.stats.wio == 2  # 32-page write batches
    assert pool.stats.low == 149  # taken at the peak


def test_deferred_write_drops_freed_pages_without_io() -> None:
    pool = PoolState(1, 1000)
    pool.new_pages("o", 1, 800)
    pool.free("o", 1, 300)  # freed pages stay changed
    assert pool.changed == 800
    pool.new_pages("p", 1, 51)
    assert pool.stats.dwt == 1 and pool.stats.tpw == 0 and pool.changed == 800


def test_lru_steal_of_clean_buffers() -> None:
    pool = PoolState(1, 100)
    pool.read_pages("old", 1, 100)
    pool.new_pages("new", 1, 10)
    assert pool.stats.stl == 10
    assert pool.resident("old") == (0, 90)


def test_shrinking_below_changed_pages_writes_synchronously() -> None:
    pool = PoolState(1, 1000)
    pool.new_pages("o", 1, 800)
    pool.resize(500)
    assert pool.stats.dmc == 1 and pool.stats.imw >= 300
    assert pool.changed + pool.clean <= 500


def test_checkpoint_writes_persistent_pages_two_checkpoints_old() -> None:
    pool = PoolState(1, 1000)
    pool.new_pages("p", 1, 10, persistent=True, gen=0)
    pool.new_pages("n", 1, 10, persistent=False, gen=0)
    assert pool.checkpoint(1) == 0  # changed since the previous checkpoint: not yet
    assert pool.checkpoint(2) == 10  # persistent pages only; nonpersistent wait for DWT
    assert pool.resident("p") == (0, 10) and pool.resident("n") == (10, 0)


def test_restart_empties_the_pool() -> None:
    pool = PoolState(1, 1000)
    pool.new_pages("o", 1, 100)
    pool.empty_out()
    assert pool.stealable == 1000 and not pool.lru


def test_touching_a_clean_page_makes_it_changed_not_both() -> None:
    """A space-map page written out by the deferred writer and then updated again was counted
    both clean and changed: buffers in use drifted from the pages they hold (found by
    the merged state machine)."""
    pool = PoolState(1, 1000)
    pool.touch(("spacemap", 1), 1)
    pool.new_pages("o", 1, 850)  # the deferred writer writes the oldest, the space map too
    assert pool.resident(("spacemap", 1)) == (0, 1)
    pool.touch(("spacemap", 1), 1)
    assert pool.resident(("spacemap", 1)) == (1, 0)
    assert sum(s.pages for s in pool.lru) == pool.changed + pool.clean
