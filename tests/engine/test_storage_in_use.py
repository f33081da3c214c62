"""A queue's storage class, and a storage class's page set, cannot change while messages are on
them; a page set cannot go while pages are recorded on it.

IBM, "3207 (0C87) (RC3207): MQRCCF_STORAGE_CLASS_IN_USE": *the command for a local queue
involved a change to the StorageClass value, but there are messages on the queue*; IBM,
"DEFINE STGCLASS" usage notes: *you can change a storage class only if it is not being used by
any queues*. Every refusal here leaves the state digest unchanged.
"""

from __future__ import annotations

import pytest

from mqsc.catalog import CommandSource
from mqsc.engine.manager import QueueManager
from mqsc.render.jsonout import reason_of
from tests.engine.conftest import fresh_minimal, fresh_qmz1

IN_USE = ["MQSC507E", "CSQ9023E"]


@pytest.fixture
def qm() -> QueueManager:
    qm = fresh_minimal()
    assert qm.execute("DEFINE STGCLASS(OTHER) PSID(01)").ok
    assert qm.execute("DEFINE QLOCAL(Q) STGCLASS(DEFAULT)").ok
    return qm


def refused(qm: QueueManager, text: str, ids: list[str]) -> None:
    before = qm.digest()
    result = qm.execute(text)
    assert not result.ok and list(result.message_ids) == ids, result.message_ids
    assert qm.digest() == before


def restart(qm: QueueManager) -> None:
    for text in ("STOP QMGR", "START QMGR"):
        assert qm.execute(text, source=CommandSource.CONSOLE).ok


def used(qm: QueueManager, psid: int) -> tuple[int, int]:
    ps = qm.state.tables["pageset"][psid]
    return ps.persistent, ps.nonpersistent


@pytest.mark.parametrize(
    "text",
    [
        "ALTER QLOCAL(Q) STGCLASS(SYSTEMST)",
        "DEFINE QLOCAL(Q) STGCLASS(SYSTEMST) REPLACE",
    ],
)
def test_a_queue_holding_messages_keeps_its_storage_class(qm: QueueManager, text: str) -> None:
    qm.put("Q", 3, 100)
    refused(qm, text, IN_USE)
    assert reason_of(qm.execute(text)) == 3207  # MQRCCF_STORAGE_CLASS_IN_USE
    assert qm.get("Q").done == 3
    assert qm.execute(text).ok  # empty again: the change is allowed


@pytest.mark.parametrize(
    "text",
    [
        "ALTER STGCLASS(DEFAULT) PSID(00)",
        "DEFINE STGCLASS(DEFAULT) PSID(00) REPLACE",
        "DELETE STGCLASS(DEFAULT)",
    ],
)
def test_a_storage_class_in_use_keeps_its_page_set(qm: QueueManager, text: str) -> None:
    qm.put("Q", 1, 100, persistent=True)
    refused(qm, text, IN_USE)
    qm.get("Q")
    assert qm.execute(text).ok


def test_a_storage_class_change_that_keeps_the_page_set_is_allowed(qm: QueueManager) -> None:
    qm.put("Q", 2, 100)
    assert qm.execute("ALTER STGCLASS(DEFAULT) DESCR('still page set 1')").ok
    assert qm.execute("ALTER QLOCAL(Q) DESCR('still DEFAULT')").ok


def test_delete_psid_refused_while_pages_are_recorded_on_it(qm: QueueManager) -> None:
    assert qm.execute("DEFINE PSID(05) BUFFPOOL(1) DSN(MQ.PS05)").ok
    assert qm.execute("DEFINE STGCLASS(FIVE) PSID(05)").ok
    assert qm.execute("DEFINE QLOCAL(Q5) STGCLASS(FIVE)").ok
    qm.put("Q5", 10, 1024)
    assert qm.execute("DELETE QLOCAL(Q5) PURGE").ok
    assert qm.execute("DELETE STGCLASS(FIVE)").ok
    assert used(qm, 5) == (0, 0)
    assert qm.execute("DELETE PSID(05)").ok


def test_delete_psid_refused_while_a_storage_class_or_messages_use_it(qm) -> None:
    assert qm.execute("DEFINE PSID(05) BUFFPOOL(1) DSN(MQ.PS05)").ok
    assert qm.execute("DEFINE STGCLASS(FIVE) PSID(05)").ok
    assert qm.execute("DEFINE QLOCAL(Q5) STGCLASS(FIVE)").ok
    qm.put("Q5", 10, 1024)
    refused(qm, "DELETE PSID(05)", ["MQSC631E", "CSQ9023E"])
    assert qm.execute("DELETE STGCLASS(FIVE)").message_ids[0] == "MQSC507E"


# ---- a reproduction: a storage-class change of an emptied queue ---------------
def test_an_emptied_queue_that_changed_storage_class_keeps_its_pages_straight() -> None:
    """``mqsc put Q --count 0``, ALTER QLOCAL STGCLASS, put 1000, get: the message list went to
    the new page set but was recorded on the old one, so the get failed an assertion and
    every later START QMGR did too."""
    qm = fresh_qmz1()
    queue = "USER1.ABAR.QUEUE"
    before = {psid: used(qm, psid) for psid in (0, 11)}
    assert qm.put(queue, 0).done == 0
    assert queue not in qm.state.tables["messages"]  # a put of nothing leaves no store
    assert qm.execute(f"ALTER QLOCAL({queue}) STGCLASS(SYSTEMST)").ok
    assert qm.put(queue, 1000).done == 1000
    store = qm.state.tables["messages"][queue]
    assert store.list_psid == 0 and {run.psid for run in store.runs} == {0}
    assert used(qm, 0)[1] == 500 + 16  # 1 KB messages two to a page, 16 list pages
    assert qm.get(queue).done == 1000
    assert {psid: used(qm, psid) for psid in (0, 11)} == before
    restart(qm)


def test_a_store_emptied_by_a_get_and_moved_puts_its_list_on_the_new_page_set() -> None:
    qm = fresh_qmz1()
    queue = "USER1.ABAR.QUEUE"
    qm.put(queue, 70)
    qm.get(queue)
    assert qm.execute(f"ALTER QLOCAL({queue}) STGCLASS(SYSTEMST)").ok
    qm.put(queue, 70, persistent=True)
    assert qm.state.tables["messages"][queue].list_psid == 0
    restart(qm)
    assert used(qm, 11) == (0, 0)
    assert qm.execute(f"DELETE QLOCAL({queue}) PURGE").ok
    assert used(qm, 0)[1] == 0
