"""Topic objects: TOPICSTR uniqueness through the topic-string index
(mqsc/engine/messaging/topictree.py)."""

from __future__ import annotations

from mqsc.catalog import CommandSource
from tests.engine.conftest import fresh_minimal


def ids(result) -> list[str]:
    return result.message_ids


def test_a_topic_string_is_held_by_one_topic_object() -> None:
    qm = fresh_minimal()
    assert qm.execute("DEFINE TOPIC(A) TOPICSTR('x/y')").ok
    refused = qm.execute("DEFINE TOPIC(B) TOPICSTR('x/y')")
    assert not refused.ok and "MQSC569E" in ids(refused)
    # REPLACE with another string frees the old one and takes the new one.
    assert qm.execute("DEFINE TOPIC(A) TOPICSTR('x/z') REPLACE").ok
    assert qm.execute("DEFINE TOPIC(B) TOPICSTR('x/y')").ok
    assert "MQSC569E" in ids(qm.execute("DEFINE TOPIC(C) TOPICSTR('x/z')"))
    # DELETE frees it.
    assert qm.execute("DELETE TOPIC(A)").ok
    assert qm.execute("DEFINE TOPIC(C) TOPICSTR('x/z')").ok
    assert {s: t.name for s, t in qm.state.tables["topicstr"].items()} == {"x/y": "B", "x/z": "C"}


def test_a_refused_define_leaves_the_index_as_it_was() -> None:
    qm = fresh_minimal()
    assert qm.execute("DEFINE TOPIC(A) TOPICSTR('x')").ok
    before = qm.digest()
    assert not qm.execute("DEFINE TOPIC(B) TOPICSTR('x')").ok
    assert not qm.execute("DEFINE TOPIC(B) TOPICSTR('x/')").ok
    assert qm.digest() == before


def test_the_index_survives_a_restart() -> None:
    qm = fresh_minimal()
    assert qm.execute("DEFINE TOPIC(A) TOPICSTR('x')").ok
    assert qm.execute("STOP QMGR", source=CommandSource.CONSOLE).ok
    assert qm.execute("START QMGR", source=CommandSource.CONSOLE).ok
    assert "MQSC569E" in ids(qm.execute("DEFINE TOPIC(B) TOPICSTR('x')"))


def test_the_index_survives_the_state_store(tmp_path) -> None:
    from mqsc.store.home import open_qmgr

    db = tmp_path / "qm.db"
    qm = open_qmgr("QMZ1", state=db)
    assert qm.execute("DEFINE TOPIC(A) TOPICSTR('x')").ok
    digest = qm.digest()
    qm.close()
    again = open_qmgr("QMZ1", state=db)
    assert again.digest() == digest
    assert "MQSC569E" in ids(again.execute("DEFINE TOPIC(B) TOPICSTR('x')"))
    again.close()


def test_a_state_without_the_index_gets_it_when_loaded(tmp_path) -> None:
    """A database written before the index was kept: its topics are indexed on load."""
    import sqlite3

    from mqsc.store.home import open_qmgr

    db = tmp_path / "qm.db"
    qm = open_qmgr("QMZ1", state=db)
    assert qm.execute("DEFINE TOPIC(A) TOPICSTR('x')").ok
    qm.close()
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM entity WHERE tbl = 'topicstr'")
    again = open_qmgr("QMZ1", state=db)
    assert "MQSC569E" in ids(again.execute("DEFINE TOPIC(B) TOPICSTR('x')"))
    again.close()
