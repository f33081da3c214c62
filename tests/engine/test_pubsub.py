"""Publishing through a topic alias (mqsc/engine/pubsub.py), through the storage model."""

from __future__ import annotations

import pytest

from mqsc.engine.topics import matches
from tests.engine.conftest import fresh_minimal

SETUP = ("DEFINE QLOCAL(D1)", "DEFINE QLOCAL(D2) MAXDEPTH(3)",
         "DEFINE TOPIC(SPORTS) TOPICSTR('sport/tennis')",
         "DEFINE QALIAS(PUBQ) TARGET(SPORTS) TARGTYPE(TOPIC)",
         "DEFINE SUB(S1) TOPICSTR('sport/#') DEST(D1)",
         "DEFINE SUB(S2) TOPICSTR('sport/+/x') DEST(D2)",
         "DEFINE SUB(S3) TOPICSTR('sport/+') DEST(D2)")


def depths(qm) -> dict[str, int]:
    return {q: s.depth for q, s in qm.state.tables["messages"].items()}


def publishing():
    qm = fresh_minimal()
    for text in SETUP:
        assert qm.execute(text).ok, text
    return qm


@pytest.mark.parametrize(("pattern", "wschema", "topic", "hit"), [
    ("sport/#", "TOPIC", "sport", True),           # '#' is zero or more levels
    ("sport/#", "TOPIC", "sport/tennis/x", True),
    ("#", "TOPIC", "a/b", True),
    ("sport/+", "TOPIC", "sport/tennis", True),    # '+' exactly one level
    ("sport/+", "TOPIC", "sport/tennis/x", False),
    ("sport/+", "TOPIC", "sport", False),
    ("#/x", "TOPIC", "a/b/x", True),
    ("sp#", "TOPIC", "sport", False),              # not a whole level: a literal
    ("sport/tennis", "TOPIC", "sport/tennis", True),
    ("sport/tennis", "TOPIC", "sport/Tennis", False),
    ("sport*", "CHAR", "sport/tennis", True),      # CHAR: '*' any characters, '/' included
    ("sp?rt", "CHAR", "sport", True),
    ("sport/#", "CHAR", "sport/tennis", False),
])
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
