"""Messages with data (mqsc.engine.messaging.bodies): round trips in delivery order across a
restart,
page accounting, browse and selection, and failures that change nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mqsc.engine.manager import QueueManager
from mqsc.engine.storage.queuestore import QueueStore
from tests.engine.conftest import fresh_minimal

#: (data or a data-less run's (count, size), persistent, priority)
puts = st.lists(
    st.tuples(
        st.one_of(st.binary(max_size=5000), st.tuples(st.integers(1, 3), st.integers(0, 5000))),
        st.booleans(),
        st.integers(0, 9),
    ),
    max_size=12,
)


def pages_in_use(qm: QueueManager) -> dict[int, int]:
    return {
        psid: ps.persistent + ps.nonpersistent for psid, ps in qm.state.tables["pageset"].items()
    }


def expected_order(items) -> list[tuple[bytes, bool]]:
    """What successive gets return: highest priority first, as put within a priority."""
    flat = []
    for n, (what, persistent, priority) in enumerate(items):
        if isinstance(what, bytes):
            flat.append((-priority, n, 0, what, persistent))
        else:
            count, size = what
            flat.extend((-priority, n, k, bytes(size), persistent) for k in range(count))
    return [(data, persistent) for *_, data, persistent in sorted(flat)]


def put_all(qm: QueueManager, items) -> None:
    for what, persistent, priority in items:
        if isinstance(what, bytes):
            done = qm.put_message("Q", what, persistent=persistent, priority=priority)
        else:
            done = qm.put("Q", what[0], what[1], persistent=persistent, priority=priority)
        assert done.reason == 0


def get_all(qm: QueueManager) -> list[tuple[bytes, bool]]:
    out = []
    while True:
        done = qm.get_message("Q")
        if done.reason:
            assert done.reason == 2033
            return out
        [d] = done.delivered
        out.append((d.data, d.persistent))


@settings(max_examples=40, deadline=None)
@given(puts)
def test_bodies_come_back_in_delivery_order_and_pages_balance(items) -> None:
    qm = fresh_minimal()
    qm.run("DEFINE QLOCAL(Q)")
    before = pages_in_use(qm)
    put_all(qm, items)
    store = qm.state.tables["messages"].get("Q")
    if store is not None:
        # The page sets hold exactly the runs' pages and the message list.
        held = sum(r.pages for r in store.runs) + store.lists
        assert sum(pages_in_use(qm).values()) - sum(before.values()) == held
        # The store pictures itself faithfully (what SQLite keeps).
        assert QueueStore.restore(store.snapshot()) == store
    assert get_all(qm) == expected_order(items)
    assert pages_in_use(qm) == before


@settings(max_examples=25, deadline=None)
@given(puts)
def test_persistent_bodies_survive_a_restart(items) -> None:
    qm = fresh_minimal()
    qm.run("DEFINE QLOCAL(Q)")
    put_all(qm, items)
    qm.run("STOP QMGR")
    qm.restart()
    assert get_all(qm) == [m for m in expected_order(items) if m[1]]


def test_browse_changes_nothing_and_ids_select() -> None:
    qm = fresh_minimal()
    qm.run("DEFINE QLOCAL(Q)")
    first = qm.put_message("Q", b"one", correlid=b"A" * 24).delivered[0]
    qm.put("Q", 2, 10)
    second = qm.put_message("Q", b"two").delivered[0]
    assert first.msgid != second.msgid and len(first.msgid) == 24
    digest = qm.digest()
    seen = qm.get_message("Q", browse=True).delivered[0]
    assert (seen.data, seen.msgid, qm.digest()) == (b"one", first.msgid, digest)
    got = qm.get_message("Q", msgid=second.msgid).delivered[0]
    assert got.data == b"two"
    assert qm.get_message("Q", msgid=second.msgid).reason == 2033
    # A data-less message keeps its MsgId from browse to get.
    qm.get_message("Q", correlid=b"A" * 24)
    plain = qm.get_message("Q", browse=True).delivered[0]
    assert qm.get_message("Q", msgid=plain.msgid).delivered[0].data == bytes(10)


def test_failures_change_nothing() -> None:
    qm = fresh_minimal()
    qm.run("DEFINE QLOCAL(Q) MAXDEPTH(1)")
    qm.run("DEFINE QLOCAL(NOPUT) PUT(DISABLED)")
    qm.run("DEFINE QLOCAL(NOGET) GET(DISABLED)")
    qm.run("DEFINE QLOCAL(SMALL) MAXMSGL(4)")
    assert qm.put_message("Q", b"kept").reason == 0
    digest = qm.digest()
    assert qm.put_message("Q", b"more").reason == 2053
    assert qm.put_message("NOPUT", b"x").reason == 2051
    assert qm.put_message("SMALL", b"12345").reason == 2030
    assert qm.put_message("NONE", b"x").reason == 2085
    assert qm.get_message("NOGET").reason == 2016
    assert qm.get_message("NONE").reason == 2085
    assert qm.digest() == digest


def test_a_full_page_set_refuses_with_2192_and_changes_nothing() -> None:
    qm = fresh_minimal()
    qm.run("DEFINE QLOCAL(Q) MAXDEPTH(999999999)")
    # Fill the page set with data-less messages, then a message with data no longer fits.
    filled = qm.put("Q", 10_000_000, 4000)
    assert filled.reason == 2192, filled.reason_name
    refused = qm.put_message("Q", b"x" * 4000)
    assert refused.reason == 2192
    assert refused.done == 0 and not refused.delivered
    store = qm.state.tables["messages"]["Q"]
    assert store.depth == filled.done and all(r.body is None for r in store.runs)
    assert qm.state.tables["pageset"][1].free_pages() < 2


def test_move_qlocal_keeps_data_and_ids() -> None:
    qm = fresh_minimal()
    qm.run("DEFINE QLOCAL(A)")
    qm.run("DEFINE QLOCAL(B)")
    put = qm.put_message("A", b"moved", persistent=True).delivered[0]
    qm.put("A", 1, 7)
    assert qm.run("MOVE QLOCAL(A) TOQLOCAL(B)")[-1].ok
    got = qm.get_message("B").delivered[0]
    assert (got.data, got.msgid, got.persistent) == (b"moved", put.msgid, True)
    assert qm.get_message("B").delivered[0].data == bytes(7)


def test_shared_queue_data_is_seen_by_every_member() -> None:
    from tests.engine.conftest import fresh_group

    group = fresh_group()
    qsa1, qsa2 = group.members["QSA1"], group.members["QSA2"]
    first = qsa1.put_message("PAY.SQ", b"one", persistent=True).delivered[0]
    qsa1.put_message("PAY.SQ", b"two", correlid=b"C" * 24)
    assert qsa2.get_message("PAY.SQ", browse=True).delivered[0].msgid == first.msgid
    assert qsa2.get_message("PAY.SQ", correlid=b"C" * 24).delivered[0].data == b"two"
    got = qsa2.get_message("PAY.SQ")
    assert (got.delivered[0].data, got.structure) == (b"one", "APP1")
    assert qsa1.get_message("PAY.SQ").reason == 2033
    qsa1.run("ALTER QLOCAL(PAY.SQ) QSGDISP(SHARED) GET(DISABLED)")
    assert qsa1.get_message("PAY.SQ").reason == 2016


def test_expired_messages_are_discarded_by_the_get_that_finds_them() -> None:
    import datetime as dt

    from tests.engine.conftest import NOW

    now = [NOW]
    qm = fresh_minimal()
    qm.clock = lambda: now[0]
    qm.run("DEFINE QLOCAL(Q)")
    qm.put_message("Q", b"short", expiry=50)  # 5 seconds
    qm.put_message("Q", b"long", expiry=6000)
    now[0] = NOW + dt.timedelta(seconds=2)
    seen = qm.get_message("Q", browse=True).delivered[0]
    assert (seen.data, seen.expiry) == (b"short", 30)
    now[0] = NOW + dt.timedelta(seconds=10)
    assert qm.browse_messages("Q", 10).done == 1  # the expired one is not listed
    got = qm.get_message("Q")
    assert (got.delivered[0].data, got.delivered[0].expiry) == (b"long", 5900)
    assert got.pages >= 2  # the expired message's page went too
    assert qm.get_message("Q").reason == 2033
    assert "Q" not in qm.state.tables["messages"]


def test_gets_from_a_model_queue_make_no_queues() -> None:
    qm = fresh_minimal()
    qm.run("DEFINE QMODEL(M) DEFTYPE(PERMDYN)")
    before = set(qm.state.tables["qlocal"])
    for _ in range(3):
        assert qm.get_message("M").reason == 2033
    assert set(qm.state.tables["qlocal"]) == before


def test_a_data_less_message_keeps_its_msgid_when_others_join_its_run() -> None:
    qm = fresh_minimal()
    qm.run("DEFINE QLOCAL(Q2)")
    qm.put("Q2", 2, 10)
    seen = qm.get_message("Q2", browse=True).delivered[0].msgid
    qm.put("Q2", 1, 10)  # joins the same run
    assert qm.get_message("Q2", browse=True).delivered[0].msgid == seen
    got = qm.get_message("Q2", msgid=seen)
    assert (got.reason, got.delivered[0].msgid) == (0, seen)
    assert qm.get_message("Q2", msgid=seen).reason == 2033  # that one is gone
    assert qm.queued("Q2")[0].count == 2


def test_every_listed_message_can_be_got_by_its_msgid() -> None:
    qm = fresh_minimal()
    qm.run("DEFINE QLOCAL(Q2)")
    qm.put("Q2", 3, 10, persistent=True)
    listed = [m.msgid for m in qm.browse_messages("Q2", 10).delivered]
    assert len(set(listed)) == 3
    # A messagelist filtered by the id of a later message finds it, past the first `limit`.
    assert [m.msgid for m in qm.browse_messages("Q2", 1, msgid=listed[2]).delivered] == [listed[2]]
    qm.restart()  # the count of messages taken is kept with the run
    got = qm.get_message("Q2", msgid=listed[1])
    assert (got.reason, got.delivered[0].msgid) == (0, listed[1])
    # The oldest went (they are identical): the ids still there are the last two.
    assert [m.msgid for m in qm.browse_messages("Q2", 10).delivered] == listed[1:]
    qm.restart()
    assert [m.msgid for m in qm.browse_messages("Q2", 10).delivered] == listed[1:]


def test_the_count_taken_survives_a_snapshot() -> None:
    qm = fresh_minimal()
    qm.run("DEFINE QLOCAL(Q2)")
    qm.put("Q2", 3, 10)
    qm.get("Q2", 1)
    store = qm.state.tables["messages"]["Q2"]
    again = QueueStore.restore(store.snapshot())
    assert [r.taken for r in again.runs] == [1]
    assert (
        QueueStore.restore({k: v for k, v in store.snapshot().items() if k != "taken"})
        .runs[0]
        .taken
        == 0
    )  # written before it was kept
