"""The cluster workload management algorithm (mqsc/engine/messaging/clusterput.py), step by
step, on destinations built by hand: IBM "The cluster workload management algorithm" gives
exact arithmetic for the last step (the least recently used destination by DestSeqFactor,
which grows by about 1000/CLWLWGHT at each choice), so the splits below are exact."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mqsc.engine.messaging.clusterput import Destination, choose, eligible


def dest(key: str, **values: object) -> Destination:
    fields = {
        "qmname": key.removeprefix("TO."),
        "qmid": key.removeprefix("TO.") + ".ID",
        "cluster": "DEMO",
        "queue": None,
        "weight": 50,
        "channel_rank": 0,
        "channel_priority": 0,
        "netprty": 0,
        "queue_rank": 0,
        "queue_priority": 0,
        "put_enabled": True,
        "suspended": False,
        "status": "RUNNING",
    }
    fields.update(values)
    return Destination(key, **fields)  # type: ignore[arg-type]


def split(destinations: list[Destination], count: int, state: dict | None = None) -> Counter:
    chosen = choose(destinations, state or {}, 999_999_999, count)
    return Counter(dict(chosen.counts))


def test_weights_75_and_25_split_1000_puts_750_250() -> None:
    assert split([dest("TO.QMA", weight=75), dest("TO.QMB", weight=25)], 1000) == {
        "TO.QMA": 750,
        "TO.QMB": 250,
    }


def test_equal_weights_alternate_least_recently_used_first() -> None:
    chosen = choose([dest("TO.QMA"), dest("TO.QMB")], {}, 999_999_999, 1)
    assert chosen.counts == (("TO.QMA", 1),)
    # The next choice is the other one: it was used less recently (lower DestSeqNumber).
    again = choose([dest("TO.QMA"), dest("TO.QMB")], chosen.state, 999_999_999, 1)
    assert again.counts == (("TO.QMB", 1),)


@given(
    st.lists(st.integers(1, 99), min_size=2, max_size=4),
    st.integers(1, 3000),
)
def test_every_split_follows_the_weights_within_one_choice(weights: list[int], count: int) -> None:
    """The factor each destination reached differs from any other's by at most one step of
    the biggest increment: the split is the weights' proportion to within one message."""
    destinations = [dest(f"TO.Q{i}", weight=w) for i, w in enumerate(weights)]
    counts = split(destinations, count)
    assert sum(counts.values()) == count
    factors = [counts[d.key] * round(1_000_000 / d.weight) for d in destinations]
    assert max(factors) - min(factors) <= max(round(1_000_000 / w) for w in weights)


def test_workload_state_carries_over_between_puts() -> None:
    destinations = [dest("TO.QMA", weight=75), dest("TO.QMB", weight=25)]
    state: dict = {}
    total: Counter = Counter()
    for _ in range(10):
        chosen = choose(destinations, state, 999_999_999, 100)
        total.update(dict(chosen.counts))
        state = dict(chosen.state)
    assert total == {"TO.QMA": 750, "TO.QMB": 250}


def test_a_new_destination_starts_every_factor_again() -> None:
    first = choose([dest("TO.QMA")], {}, 999_999_999, 10)
    grown = choose([dest("TO.QMA"), dest("TO.QMB")], first.state, 999_999_999, 2)
    # Reset to zero: QMB (never used, DestSeqNumber 0) first, then QMA, not QMB ten times.
    assert grown.counts == (("TO.QMB", 1), ("TO.QMA", 1))


def test_changed_weight_starts_every_factor_again() -> None:
    first = choose([dest("TO.QMA"), dest("TO.QMB")], {}, 999_999_999, 40)
    changed = choose([dest("TO.QMA", weight=75), dest("TO.QMB")], first.state, 999_999_999, 5)
    assert dict(changed.counts)["TO.QMA"] >= 3


def test_clwlmruc_keeps_the_most_recently_used() -> None:
    destinations = [dest("TO.QMA"), dest("TO.QMB"), dest("TO.QMC")]
    assert split(destinations, 30) == {"TO.QMA": 10, "TO.QMB": 10, "TO.QMC": 10}
    only_one = choose(destinations, {}, 1, 30)
    assert len(only_one.counts) == 1


def test_rank_then_put_enabled_then_suspended_then_channel_state() -> None:
    a, b = dest("TO.QMA", channel_rank=1), dest("TO.QMB")
    assert eligible([a, b]) == [a]
    a, b = dest("TO.QMA", queue_rank=3), dest("TO.QMB", queue_rank=4)
    assert eligible([a, b]) == [b]
    a, b = dest("TO.QMA", put_enabled=False), dest("TO.QMB")
    assert eligible([a, b]) == [b]
    assert eligible([dest("TO.QMA", put_enabled=False)]) == []
    a, b = dest("TO.QMA", suspended=True), dest("TO.QMB")
    assert eligible([a, b]) == [b]
    # Suspended are chosen when nothing else is left.
    assert eligible([dest("TO.QMA", suspended=True)]) == [dest("TO.QMA", suspended=True)]
    a, b = dest("TO.QMA", status="RETRYING"), dest("TO.QMB", status="INACTIVE")
    assert eligible([a, b]) == [b]
    a, b = dest("TO.QMA", status="RETRYING"), dest("TO.QMB", status="STOPPED")
    assert eligible([a, b]) == [a]


def test_priorities_after_availability() -> None:
    a, b = dest("TO.QMA", channel_priority=5), dest("TO.QMB", channel_priority=2)
    assert eligible([a, b]) == [a]
    # A higher priority that is not available is not chosen (IBM: "IBM MQ checks channel
    # status before prioritizing the channels").
    a, b = dest("TO.QMA", channel_priority=5, status="RETRYING"), dest("TO.QMB")
    assert eligible([a, b]) == [b]
    a, b = dest("TO.QMA", queue_priority=1), dest("TO.QMB", queue_priority=0)
    assert eligible([a, b]) == [a]


def test_highest_netprty_per_queue_manager() -> None:
    low = dest("TO.QMA.SLOW", qmid="QMA.ID", qmname="QMA", netprty=1)
    high = dest("TO.QMA.FAST", qmid="QMA.ID", qmname="QMA", netprty=4)
    other = dest("TO.QMB", netprty=0)
    assert eligible([low, high, other]) == [high, other]


def test_the_local_instance_when_clwluseq_says_local() -> None:
    local = dest("", qmname="QMC", qmid="QMC.ID", status="RUNNING")
    remote = dest("TO.QMA")
    assert eligible([local, remote], useq_local=True) == [local]
    assert eligible([local, remote]) == [local, remote]


def one_at_a_time(destinations: list[Destination], count: int) -> list[str]:
    """Step 9 as IBM states it, one choice per message (the reference the runs of
    clusterput.choose must match)."""
    factor = {d.key: 0 for d in destinations}
    number = {d.key: 0 for d in destinations}
    order = sorted(destinations, key=lambda d: (d.qmname, d.key))
    picks, last = [], 0
    for _ in range(count):
        pick = min(order, key=lambda d: (factor[d.key], number[d.key]))
        factor[pick.key] += round(1_000_000 / pick.weight)
        last += 1
        number[pick.key] = last
        picks.append(pick.key)
    return picks


@given(
    st.lists(st.integers(1, 99), min_size=1, max_size=5), st.lists(st.integers(1, 60), max_size=6)
)
def test_choices_in_runs_are_the_choices_one_at_a_time(weights: list[int], puts: list[int]) -> None:
    destinations = [dest(f"TO.Q{i}", weight=w) for i, w in enumerate(weights)]
    expected = one_at_a_time(destinations, sum(puts))
    state: dict = {}
    done = 0
    for count in puts:
        chosen = choose(destinations, state, 999_999_999, count)
        state = dict(chosen.state)
        wanted = Counter(expected[done : done + count])
        assert dict(chosen.counts) == dict(wanted)
        # In the order first chosen.
        assert [k for k, _ in chosen.counts] == list(dict.fromkeys(expected[done : done + count]))
        done += count


@pytest.mark.parametrize("count", [1, 7, 100])
def test_one_destination_takes_everything(count: int) -> None:
    assert split([dest("TO.QMA")], count) == {"TO.QMA": count}
