"""Publishing through a topic alias (mqsc/engine/messaging/pubsub.py), through the storage model."""

from __future__ import annotations

import pytest

from mqsc.engine.messaging.topictree import matches
from tests.engine.conftest import fresh_minimal

SETUP = (
    "DEFINE QLOCAL(D1)",
    "DEFINE QLOCAL(D2) MAXDEPTH(3)",
    "DEFINE TOPIC(SPORTS) TOPICSTR('sport/tennis')",
    "DEFINE QALIAS(PUBQ) TARGET(SPORTS) TARGTYPE(TOPIC)",
    "DEFINE SUB(S1) TOPICSTR('sport/#') DEST(D1)",
    "DEFINE SUB(S2) TOPICSTR('sport/+/x') DEST(D2)",
    "DEFINE SUB(S3) TOPICSTR('sport/+') DEST(D2)",
)


def depths(qm) -> dict[str, int]:
    return {q: s.depth for q, s in qm.state.tables["messages"].items()}


def publishing():
    qm = fresh_minimal()
    for text in SETUP:
        assert qm.execute(text).ok, text
    return qm


@pytest.mark.parametrize(
    ("pattern", "wschema", "topic", "hit"),
    [
        ("sport/#", "TOPIC", "sport", True),  # '#' is zero or more levels
        ("sport/#", "TOPIC", "sport/tennis/x", True),
        ("#", "TOPIC", "a/b", True),
        ("sport/+", "TOPIC", "sport/tennis", True),  # '+' exactly one level
        ("sport/+", "TOPIC", "sport/tennis/x", False),
        ("sport/+", "TOPIC", "sport", False),
        ("#/x", "TOPIC", "a/b/x", True),
        ("sp#", "TOPIC", "sport", False),  # not a whole level: a literal
        ("sport/tennis", "TOPIC", "sport/tennis", True),
        ("sport/tennis", "TOPIC", "sport/Tennis", False),
        ("sport*", "CHAR", "sport/tennis", True),  # CHAR: '*' any characters, '/' included
        ("sp?rt", "CHAR", "sport", True),
        ("sport/#", "CHAR", "sport/tennis", False),
    ],
)
def test_wildcard_schemes(pattern, wschema, topic, hit) -> None:
    assert matches(pattern, wschema, topic) is hit


def test_a_publication_reaches_every_matching_subscription() -> None:
    qm = publishing()
    out = qm.put("PUBQ", 2, 100)
    assert (out.done, out.reason) == (2, 0)
    assert out.pages > 0  # the copies took pages on the destinations' page sets
    assert depths(qm) == {"D1": 2, "D2": 2}  # S1 and S3 match, S2 does not


def test_no_subscriber_stores_nothing() -> None:
    qm = publishing()
    assert qm.execute("DEFINE TOPIC(NEWS) TOPICSTR('news')").ok
    assert qm.execute("DEFINE QALIAS(NEWSQ) TARGET(NEWS) TARGTYPE(TOPIC)").ok
    before = qm.digest()
    out = qm.put("NEWSQ", 5, 100)
    assert (out.done, out.reason) == (5, 0)
    assert depths(qm) == {}
    assert qm.digest() == before


def test_a_missing_topic_object_is_2085_and_changes_nothing() -> None:
    qm = publishing()
    assert qm.execute("DEFINE QALIAS(LOST) TARGET(NOSUCH) TARGTYPE(TOPIC)").ok
    before = qm.digest()
    out = qm.put("LOST", 1, 10)
    assert (out.done, out.reason) == (0, 2085)
    assert qm.digest() == before


def test_pub_disabled_up_the_tree_is_2051() -> None:
    qm = publishing()
    assert qm.execute("DEFINE TOPIC(ROOT) TOPICSTR('sport') PUB(DISABLED)").ok
    assert qm.put("PUBQ", 1, 10).reason == 2051  # SPORTS is PUB(ASPARENT)
    assert qm.execute("ALTER TOPIC(SPORTS) PUB(ENABLED)").ok
    assert qm.put("PUBQ", 1, 10).reason == 0


def test_persistent_all_durable_is_all_or_nothing() -> None:
    qm = publishing()
    assert qm.put("PUBQ", 2, 100).done == 2
    before = qm.digest()
    # D2 has room for one more: PMSGDLV(ALLDUR), the root's default, refuses the publication.
    out = qm.put("PUBQ", 2, 100, persistent=True)
    assert (out.done, out.reason) == (0, 2053)
    assert qm.digest() == before
    # Nonpersistent, NPMSGDLV(ALLAVAIL): D1 gets them, the full D2 is skipped.
    out = qm.put("PUBQ", 2, 100, persistent=False)
    assert (out.done, out.reason) == (2, 0)
    assert depths(qm) == {"D1": 4, "D2": 2}


def test_pmsgdlv_allavail_delivers_where_it_can() -> None:
    qm = publishing()
    assert qm.execute("ALTER TOPIC(SPORTS) PMSGDLV(ALLAVAIL)").ok
    assert qm.put("PUBQ", 3, 100).done == 3
    out = qm.put("PUBQ", 1, 100, persistent=True)
    assert (out.done, out.reason) == (1, 0)
    assert depths(qm) == {"D1": 4, "D2": 3}


def two_subs_one_dest():
    qm = fresh_minimal()
    for text in (
        "DEFINE QLOCAL(D1) MAXDEPTH(1)",
        "DEFINE TOPIC(T) TOPICSTR('a')",
        "DEFINE QALIAS(PUBQ) TARGET(T) TARGTYPE(TOPIC)",
        "DEFINE SUB(S1) TOPICSTR('a') DEST(D1)",
        "DEFINE SUB(S2) TOPICSTR('a') DEST(D1)",
    ):
        assert qm.execute(text).ok, text
    return qm


def test_all_durable_counts_every_copy_bound_for_one_dest() -> None:
    qm = two_subs_one_dest()
    before = qm.digest()
    # Two subscriptions, one DEST with room for one: ALLDUR refuses it, and nothing is put.
    out = qm.put_message("PUBQ", b"x", persistent=True)
    assert (out.done, out.reason) == (0, 2053)
    assert qm.digest() == before
    assert depths(qm) == {}


def test_allavail_gives_a_shared_dest_only_what_fits() -> None:
    qm = two_subs_one_dest()
    out = qm.put_message("PUBQ", b"x", persistent=False)
    assert (out.done, out.reason) == (1, 0)
    assert depths(qm) == {"D1": 1}


def test_a_publication_refused_mid_way_leaves_no_copy() -> None:
    # A copy that passes the checks and then fails (its page set fills up: MQRC 2192) backs
    # out the copies already put: the child unit of work is dropped. D1 (page set 0) takes
    # its copy first; D2's page set 1 is full.
    qm = publishing()
    assert qm.execute("ALTER QLOCAL(D1) STGCLASS(SYSTEMST)").ok
    assert qm.execute("DEFINE QLOCAL(FILL) MAXDEPTH(999999999)").ok
    assert qm.put("FILL", 10_000_000, 4000).reason == 2192
    before = qm.digest()
    out = qm.put("PUBQ", 1, 100, persistent=True)
    assert (out.done, out.reason) == (0, 2192)
    assert qm.digest() == before
    assert "D1" not in depths(qm)


def test_a_publication_carries_its_copies_trigger_messages() -> None:
    qm = publishing()
    for text in (
        "DEFINE QLOCAL(INITQ)",
        "DEFINE PROCESS(P) APPLICID('app')",
        "ALTER QLOCAL(D1) TRIGGER TRIGTYPE(EVERY) INITQ(INITQ) PROCESS(P)",
    ):
        assert qm.execute(text).ok, text
    assert qm.trigger_monitor("INITQ").reason == 0
    out = qm.put("PUBQ", 1, 100)
    assert out.reason == 0
    assert [t.queue for t in out.triggers] == ["D1"]
