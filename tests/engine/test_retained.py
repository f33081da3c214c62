"""Retained publications (MQPMO_RETAIN) and CLEAR TOPICSTR (mqsc/engine/messaging/pubsub.py,
mqsc/engine/families/topics.py): a retained publication is kept per topic string (the last one),
DISPLAY TPSTATUS shows it, CLEAR TOPICSTR CLRTYPE(RETAINED) removes it, a restart keeps only
persistent ones, clearing a topic string with none fails and changes nothing, and a
subscription defined later receives it at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from mqsc.catalog import CommandSource
from mqsc.cli.run import render
from mqsc.engine.manager import QueueManager
from tests.engine.conftest import fresh_qmz1
from tests.engine.test_pubsub import publishing

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "engine"


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


# ---- retained publications and subscriptions made later ------------------------------------------
def retaining():
    qm = publishing()
    assert qm.put_message("PUBQ", b"score 6-4", persistent=True, retain=True).done == 1
    assert qm.execute("DEFINE QLOCAL(LATE)").ok
    return qm


def test_a_new_subscription_gets_the_retained_publication_at_once() -> None:
    # IBM "Retained publications": "If you create a subscription to a topic that has a
    # retained publication, the publication is immediately forwarded to you."
    qm = retaining()
    assert qm.execute("DEFINE SUB(LATE.SUB) TOPICSTR('sport/+') DEST(LATE) PUBPRTY(7)").ok
    got = qm.get_message("LATE")
    [message] = got.delivered
    assert (message.data, message.persistent, message.priority) == (b"score 6-4", True, 7)
    [status] = qm.execute("DISPLAY SBSTATUS(LATE.SUB) NUMMSGS").objects
    assert status.get("NUMMSGS") == 1
    # A REPLACE alters the subscription (MQSO_ALTER): nothing is sent again.
    assert qm.execute("DEFINE SUB(LATE.SUB) TOPICSTR('sport/+') DEST(LATE) REPLACE").ok
    assert qm.get_message("LATE").reason == 2033


def test_publications_on_request_only_and_unmatched_topics_get_none() -> None:
    qm = retaining()
    assert qm.execute("DEFINE SUB(ASKS) TOPICSTR('sport/#') DEST(LATE) REQONLY(YES)").ok
    assert qm.execute("DEFINE SUB(OTHER) TOPICSTR('news/#') DEST(LATE)").ok
    assert qm.queued("LATE") == ()


def test_a_retained_publication_nobody_can_take_refuses_the_subscription() -> None:
    qm = retaining()
    assert qm.execute("ALTER QLOCAL(LATE) PUT(DISABLED)").ok
    before = qm.digest()
    refused = qm.execute("DEFINE SUB(LATE.SUB) TOPICSTR('sport/#') DEST(LATE)")
    assert not refused.ok and "MQSC587E" in refused.message_ids
    assert qm.digest() == before  # MQRC_RETAINED_NOT_DELIVERED: the subscription is not made
    # With a dead-letter queue, the publication goes there and the subscription is made.
    assert qm.execute("DEFINE QLOCAL(DLQ)").ok
    assert qm.execute("ALTER QMGR DEADQ(DLQ)").ok
    assert qm.execute("DEFINE SUB(LATE.SUB) TOPICSTR('sport/#') DEST(LATE)").ok
    assert sum(r.count for r in qm.queued("DLQ")) == 1


#: What an operator sees: a subscription refused because nobody can take the retained
#: publication, then made once a dead-letter queue can, and one that gets it.
GOLDEN_COMMANDS = (
    "DISPLAY TPSTATUS('sport/tennis') RETAINED",
    "ALTER QLOCAL(LATE) PUT(DISABLED)",
    "DEFINE SUB(REFUSED) TOPICSTR('sport/#') DEST(LATE)",
    "DISPLAY SUB(REFUSED)",
    "ALTER QLOCAL(LATE) PUT(ENABLED)",
    "DEFINE SUB(LATE.SUB) TOPICSTR('sport/+') DEST(LATE)",
    "DISPLAY SBSTATUS(LATE.SUB) NUMMSGS",
    "DISPLAY QLOCAL(LATE) CURDEPTH",
)


@pytest.mark.parametrize("style", ["console", "server"])
def test_golden_retained_to_new_subscriptions(style: str, golden) -> None:
    qm = retaining()
    out = [render(qm.execute(command), "text", style) for command in GOLDEN_COMMANDS]
    golden(GOLDEN / f"retained-subscriptions.{style}.txt", "".join(out))
