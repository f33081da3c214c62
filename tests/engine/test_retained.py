"""Retained publications (MQPMO_RETAIN) and CLEAR TOPICSTR (mqsc/engine/messaging/pubsub.py,
mqsc/engine/families/topics.py): a retained publication is kept per topic string (the last one),
DISPLAY TPSTATUS shows it, CLEAR TOPICSTR CLRTYPE(RETAINED) removes it, a restart keeps only
persistent ones, and clearing a topic string with none fails and changes nothing."""

from __future__ import annotations

from mqsc.catalog import CommandSource
from mqsc.engine.manager import QueueManager
from tests.engine.conftest import fresh_qmz1


def publisher() -> QueueManager:
    qm = fresh_qmz1()
    for command in (
        "DEFINE TOPIC(SPORTS) TOPICSTR('Sports/Tennis')",
        "DEFINE QALIAS(SPORTS.PUB) TARGET(SPORTS) TARGTYPE(TOPIC)",
        "DEFINE QLOCAL(PLAIN)",
    ):
        assert qm.execute(command).ok
    return qm


def retained(qm: QueueManager, topicstr: str) -> str:
    [status] = qm.execute(f"DISPLAY TPSTATUS('{topicstr}') RETAINED").objects
    return str(status.get("RETAINED"))


def test_retain_then_clear() -> None:
    qm = publisher()
    assert retained(qm, "Sports/Tennis") == "NO"
    assert qm.put("SPORTS.PUB", 1, 100, retain=True).done == 1
    assert retained(qm, "Sports/Tennis") == "YES"
    assert qm.execute("CLEAR TOPICSTR('Sports/Tennis') CLRTYPE(RETAINED)").ok
    assert retained(qm, "Sports/Tennis") == "NO"


def test_clearing_nothing_fails_and_changes_nothing() -> None:
    qm = publisher()
    qm.put("SPORTS.PUB", 1, 100)  # not retained
    before = qm.digest()
    result = qm.execute("CLEAR TOPICSTR('Sports/Tennis') CLRTYPE(RETAINED)")
    assert not result.ok and result.message_ids[0] == "MQSC585E"
    assert qm.digest() == before


def test_a_put_to_a_queue_retains_nothing() -> None:
    qm = publisher()
    qm.put("PLAIN", 1, 100, retain=True)
    assert not qm.state.tables["retained"]


def test_a_restart_keeps_persistent_retained_publications_only() -> None:
    qm = publisher()
    assert qm.execute("DEFINE TOPIC(NEWS) TOPICSTR('News')").ok
    assert qm.execute("DEFINE QALIAS(NEWS.PUB) TARGET(NEWS) TARGTYPE(TOPIC)").ok
    qm.put_message("SPORTS.PUB", b"6-4 6-3", persistent=True, retain=True)
    qm.put_message("NEWS.PUB", b"extra", persistent=False, retain=True)
    assert qm.execute("STOP QMGR", source=CommandSource.CONSOLE).ok
    assert qm.execute("START QMGR", source=CommandSource.CONSOLE).ok
    assert (retained(qm, "Sports/Tennis"), retained(qm, "News")) == ("YES", "NO")
