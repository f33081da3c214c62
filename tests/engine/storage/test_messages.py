"""Puts and gets: page accounting, MQ reason codes, units of work, delivery order."""

from __future__ import annotations

import pytest

from mqsc.catalog import mqrc
from mqsc.engine.manager import QueueManager
from tests.engine.conftest import fresh_minimal, fresh_qmz1


@pytest.fixture
def qm() -> QueueManager:
    return fresh_minimal()


def pageset(qm: QueueManager, psid: int = 1):
    return qm.state.tables["pageset"][psid]


def test_short_messages_share_pages(qm: QueueManager) -> None:
    qm.execute("DEFINE QLOCAL(S)")
    assert qm.put("S", 10, 1024).done == 10  # two per page (storage rule PS-10)
    assert pageset(qm).nonpersistent == 5 + 1  # 5 data pages, 1 message-list page
    assert qm.get("S", 3).done == 3  # the first page is freed, the second half used
    assert pageset(qm).nonpersistent == 4 + 1
    assert qm.get("S").done == 7
    assert pageset(qm).nonpersistent == 0


def test_long_messages_take_whole_pages(qm: QueueManager) -> None:
    qm.execute("DEFINE QLOCAL(L) MAXMSGL(104857600)")
    qm.put("L", 2, 4 * 1024 * 1024)
    assert pageset(qm).nonpersistent == 2 * 1037 + 1


def test_persistent_pages_are_counted_apart(qm: QueueManager) -> None:
    qm.execute("DEFINE QLOCAL(P) DEFPSIST(YES)")
    qm.put("P", 4, 4096)
    qm.put("P", 4, 4096, persistent=False)
    assert (pageset(qm).persistent, pageset(qm).nonpersistent) == (8, 8 + 1)


def test_maxdepth_gives_2053(qm: QueueManager) -> None:
    qm.execute("DEFINE QLOCAL(F) MAXDEPTH(5)")
    out = qm.put("F", 8, 100)
    assert (out.done, out.reason) == (5, mqrc.MQRC_Q_FULL)


def test_maxmsgl_gives_2030(qm: QueueManager) -> None:
    qm.execute("DEFINE QLOCAL(M) MAXMSGL(1000)")
    assert qm.put("M", 1, 1001).reason == mqrc.MQRC_MSG_TOO_BIG_FOR_Q


def test_put_and_get_inhibited(qm: QueueManager) -> None:
    qm.execute("DEFINE QLOCAL(I) PUT(DISABLED)")
    assert qm.put("I", 1, 10).reason == mqrc.MQRC_PUT_INHIBITED
    qm.execute("ALTER QLOCAL(I) PUT(ENABLED) GET(DISABLED)")
    assert qm.put("I", 1, 10).done == 1
    assert qm.get("I").reason == mqrc.MQRC_GET_INHIBITED


def test_unknown_queue_gives_2085(qm: QueueManager) -> None:
    assert qm.put("NOSUCH", 1, 10).reason == mqrc.MQRC_UNKNOWN_OBJECT_NAME


def test_missing_storage_class_gives_2105(qm: QueueManager) -> None:
    qm.execute("DEFINE QLOCAL(X) STGCLASS(NOSUCH)")
    assert qm.put("X", 1, 10).reason == mqrc.MQRC_STORAGE_CLASS_ERROR


def test_undefined_page_set_gives_2193_and_csqi041i(qm: QueueManager) -> None:
    qm.execute("DEFINE STGCLASS(LOST) PSID(77)")
    qm.execute("DEFINE QLOCAL(X) STGCLASS(LOST)")
    out = qm.put("X", 1, 10)
    assert out.reason == mqrc.MQRC_PAGESET_ERROR
    assert [m.msg_id for m in out.messages] == ["CSQI041I"]


def test_full_page_set_gives_2192(qm: QueueManager) -> None:
    qm.execute("ALTER PSID(01) EXPAND(NONE)")
    qm.execute("DEFINE QLOCAL(BIG) MAXDEPTH(999999)")
    out = qm.put("BIG", 1000, 4096)
    assert out.reason == mqrc.MQRC_STORAGE_MEDIUM_FULL
    ps = pageset(qm)
    # 534 messages take 1068 data pages + ceil(534/64) = 9 list pages = 1077 of 1078; the
    # 535th needs two more pages, so the put stops with 2192 and one page left unused.
    assert out.done == 534 and out.pages == 534 * 2 + 9
    assert ps.unused == 1078 - 1077 and ps.stats.full == 1


def test_expansion_until_the_limit_then_2192(qm: QueueManager) -> None:
    qm.execute("DEFINE QLOCAL(BIG) MAXDEPTH(999999)")
    out = qm.put("BIG", 20_000, 4096)
    assert out.done == 20_000 and out.expansions > 0
    assert {m.msg_id for m in out.messages} == {"MQSC613I", "MQSC731I"}


def test_unit_of_work_in_flight_is_backed_out(qm: QueueManager) -> None:
    qm.execute("DEFINE QLOCAL(B) MAXDEPTH(25)")
    out = qm.put("B", 40, 100, batch=10)
    assert (out.done, out.backed_out, out.reason) == (20, 5, mqrc.MQRC_Q_FULL)
    assert qm.state.tables["messages"]["B"].depth == 20


def test_priority_order_then_fifo(qm: QueueManager) -> None:
    qm.execute("DEFINE QLOCAL(PR)")
    qm.put("PR", 3, 100, priority=1)
    qm.put("PR", 2, 200, priority=5)
    out = qm.get("PR", 2)
    assert out.bytes == 400  # the two priority-5 messages first
    qm.execute("DEFINE QLOCAL(FF) MSGDLVSQ(FIFO)")
    qm.put("FF", 1, 100, priority=1)
    qm.put("FF", 1, 200, priority=9)
    assert qm.get("FF", 1).bytes == 100


def test_get_beyond_depth_gives_2033(qm: QueueManager) -> None:
    qm.execute("DEFINE QLOCAL(E)")
    qm.put("E", 2, 10)
    out = qm.get("E", 5)
    assert (out.done, out.reason) == (2, mqrc.MQRC_NO_MSG_AVAILABLE)
    assert qm.get("E").reason == mqrc.MQRC_NO_MSG_AVAILABLE


def test_put_then_get_returns_every_page() -> None:
    qm = fresh_qmz1()
    before = {k: (ps.persistent, ps.nonpersistent) for k, ps in qm.state.tables["pageset"].items()}
    for queue in ("USER1.ABAR.QUEUE", "USER1.BBAR.QUEUE"):
        qm.put(queue, 777, 3000, persistent=True)
        qm.put(queue, 333, 100_000)
        qm.get(queue)
    after = {k: (ps.persistent, ps.nonpersistent) for k, ps in qm.state.tables["pageset"].items()}
    assert after == before


def test_a_put_that_fills_the_page_set_records_its_list_where_it_is(qm: QueueManager) -> None:
    """The first try takes list pages, fails on the data, gives the list back and then puts
    what fits: the list it finally takes is recorded on the page set it is on."""
    qm.execute("DEFINE QLOCAL(L) MAXMSGL(104857600)")
    assert qm.execute("ALTER PSID(01) EXPAND(NONE)").ok
    out = qm.put("L", 44, 100_000)
    assert out.reason == mqrc.MQRC_STORAGE_MEDIUM_FULL and out.done == 43
    store = qm.state.tables["messages"]["L"]
    assert (store.lists, store.list_psid) == (1, 1)
    assert qm.get("L").done == 43
    assert pageset(qm).nonpersistent == 0
