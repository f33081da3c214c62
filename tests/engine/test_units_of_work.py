"""Units of work on private local queues, through the storage model
(mqsc/engine/storage/queuestore.py, mqsc/engine/messaging/privateq.py): messages put in a unit
of work are on the queue from the MQPUT (CURDEPTH counts them, no MQGET takes them), messages
got in one stay in their place and pages until the commit, a backout makes them available
again where they were, and trigger messages of a unit's puts become available when it ends.

IBM MQ: "CurrentQDepth" ("the count includes messages that have been put on the queue within
a unit of work, but which have not yet been committed ... it excludes messages that have been
retrieved within a unit of work"), "Committing and backing out units of work", "MQBACK"
("messages retrieved as part of a unit of work are reinstated on the queue"), "Designing an
application that uses triggered queues" (trigger messages and units of work).
"""

from __future__ import annotations

from mqsc.catalog import CommandSource
from mqsc.engine.manager import QueueManager
from tests.engine.conftest import fresh_minimal


def qmgr() -> QueueManager:
    qm = fresh_minimal()
    for queue in ("PAY.IN", "PAY.OUT"):
        assert qm.execute(f"DEFINE QLOCAL({queue}) STGCLASS(DEFAULT)").ok
    return qm


def curdepth(qm: QueueManager, queue: str) -> int:
    [obj] = qm.execute(f"DISPLAY QLOCAL({queue}) CURDEPTH").objects
    return int(obj.get("CURDEPTH"))


def pages(qm: QueueManager) -> tuple[int, int]:
    """(persistent, nonpersistent) pages in use on every page set."""
    sets = qm.state.tables["pageset"].values()
    return sum(ps.persistent for ps in sets), sum(ps.nonpersistent for ps in sets)


def test_curdepth_counts_uncommitted_puts_that_no_get_takes() -> None:
    qm = qmgr()
    before = pages(qm)
    conn = qm.connection("PAYJOB", owner="p")
    assert conn.put("PAY.IN", count=3, size=100, syncpoint=True).done == 3
    assert curdepth(qm, "PAY.IN") == 3  # from the MQPUT
    assert pages(qm) != before  # on the page set already
    other = qm.get("PAY.IN", 1)
    assert (other.done, other.reason) == (0, 2033)  # not eligible before the commit
    [status] = qm.execute("DISPLAY QSTATUS(PAY.IN) CURDEPTH UNCOM").objects
    assert (status.get("CURDEPTH"), status.get("UNCOM")) == (3, "YES")
    conn.commit()
    assert qm.get("PAY.IN", 3).done == 3
    assert curdepth(qm, "PAY.IN") == 0 and pages(qm) == before


def test_a_backout_of_puts_frees_their_pages() -> None:
    qm = qmgr()
    before = pages(qm)
    conn = qm.connection("PAYJOB", owner="p")
    conn.put("PAY.IN", count=20, size=4096, persistent=True, syncpoint=True)
    assert pages(qm)[0] > before[0]
    conn.backout()
    assert curdepth(qm, "PAY.IN") == 0
    assert pages(qm) == before
    assert "PAY.IN" not in qm.state.tables["messages"]


def test_uncommitted_gets_leave_curdepth_but_keep_their_pages_until_the_commit() -> None:
    qm = qmgr()
    qm.put("PAY.IN", 4, 4096)
    held = pages(qm)
    conn = qm.connection("PAYJOB", owner="p")
    assert conn.get("PAY.IN", 3, syncpoint=True).done == 3
    assert curdepth(qm, "PAY.IN") == 1  # MQGET decrements CURDEPTH
    assert pages(qm) == held  # still on the queue until the commit
    assert qm.get("PAY.IN", 4).done == 1  # the others are out of reach
    conn.commit()
    assert curdepth(qm, "PAY.IN") == 0
    assert pages(qm)[1] < held[1]
    assert "PAY.IN" not in qm.state.tables["messages"]


def test_a_backout_reinstates_got_messages_in_their_place() -> None:
    qm = qmgr()
    for text in (b"first", b"second", b"third"):
        assert qm.put_message("PAY.IN", text).done == 1
    conn = qm.connection("PAYJOB", owner="p")
    got = conn.get("PAY.IN", data=True, syncpoint=True)
    assert got.delivered[0].data == b"first"
    assert curdepth(qm, "PAY.IN") == 2
    conn.backout()
    assert curdepth(qm, "PAY.IN") == 3
    again = qm.get_message("PAY.IN")
    assert again.delivered[0].data == b"first"  # back where it was, not at the end
    assert again.delivered[0].msgid == got.delivered[0].msgid


def test_backed_out_messages_without_data_come_first_with_their_msgids() -> None:
    qm = qmgr()
    qm.put("PAY.IN", 5, 100)
    first = qm.browse_messages("PAY.IN", 5).delivered
    conn = qm.connection("PAYJOB", owner="p")
    conn.get("PAY.IN", 2, syncpoint=True)
    assert [m.msgid for m in qm.browse_messages("PAY.IN", 5).delivered] == [
        m.msgid for m in first[2:]
    ]
    conn.backout()
    assert [m.msgid for m in qm.browse_messages("PAY.IN", 5).delivered] == [m.msgid for m in first]


def test_a_queue_with_uncommitted_work_cannot_be_cleared_or_deleted() -> None:
    qm = qmgr()
    conn = qm.connection("PAYJOB", owner="p")
    conn.put("PAY.IN", count=1, syncpoint=True)
    before = qm.digest()
    for command in ("CLEAR QLOCAL(PAY.IN)", "DELETE QLOCAL(PAY.IN) PURGE"):
        refused = qm.execute(command)
        assert not refused.ok and "MQSC501E" in refused.message_ids
    assert qm.digest() == before
    conn.commit()
    assert qm.execute("CLEAR QLOCAL(PAY.IN)").ok


def test_trigger_messages_of_a_unit_of_work_come_when_it_ends_even_backed_out() -> None:
    qm = qmgr()
    for text in (
        "DEFINE QLOCAL(INITQ)",
        "DEFINE PROCESS(P) APPLICID('TRAN')",
        "ALTER QLOCAL(PAY.IN) TRIGGER TRIGTYPE(FIRST) INITQ(INITQ) PROCESS(P)",
    ):
        assert qm.execute(text).ok, text
    assert qm.trigger_monitor("INITQ").reason == 0
    conn = qm.connection("PAYJOB", owner="p")
    out = conn.put("PAY.IN", count=2, syncpoint=True)
    assert len(out.triggers) == 1  # the event happens at the MQPUT (uncommitted counted)
    assert curdepth(qm, "INITQ") == 1 and qm.queued("INITQ") == ()  # not available yet
    conn.backout()
    assert curdepth(qm, "PAY.IN") == 0
    assert sum(r.count for r in qm.queued("INITQ")) == 1  # available, though backed out


def test_a_restart_keeps_uncommitted_puts_of_a_unit_in_doubt_until_resolved() -> None:
    qm = qmgr()
    rrs = qm.connection("RRSJOB", appltype="RRSBATCH", owner="r")
    rrs.put("PAY.IN", count=2, persistent=True, syncpoint=True)
    rrs.prepare("RRS", "NID1")
    flight = qm.connection("FLIGHT", owner="f")
    flight.put("PAY.OUT", count=3, persistent=True, syncpoint=True)
    assert qm.execute("STOP QMGR", source=CommandSource.CONSOLE).ok
    assert qm.execute("START QMGR", source=CommandSource.CONSOLE).ok
    assert curdepth(qm, "PAY.OUT") == 0  # in flight: backed out
    assert curdepth(qm, "PAY.IN") == 2 and qm.queued("PAY.IN") == ()  # in doubt: kept
    assert qm.execute("RESOLVE INDOUBT(RRSJOB) ACTION(COMMIT) NID(NID1)").ok
    assert sum(r.count for r in qm.queued("PAY.IN")) == 2


def test_a_channel_sends_no_uncommitted_message() -> None:
    qm = qmgr()
    assert qm.execute("DEFINE QLOCAL(XQ) USAGE(XMITQ)").ok
    assert qm.execute("DEFINE QREMOTE(THERE) RNAME(Q) RQMNAME(QMB) XMITQ(XQ)").ok
    conn = qm.connection("PAYJOB", owner="p")
    conn.put("THERE", count=2, syncpoint=True)
    assert curdepth(qm, "XQ") == 2
    assert qm.outgoing("XQ") == ()
    conn.commit()
    assert sum(t.count for t in qm.outgoing("XQ")) == 2


def test_a_put_past_maxdepth_or_inhibited_fails_at_the_mqput_and_the_commit_loses_none() -> None:
    # IBM "MQPUT": MQRC_Q_FULL (2053) and MQRC_PUT_INHIBITED (2051) are the MQPUT's reasons;
    # PUT(DISABLED) refuses later puts, never messages already put.
    qm = qmgr()
    assert qm.execute("ALTER QLOCAL(PAY.IN) MAXDEPTH(3)").ok
    conn = qm.connection("PAYJOB", owner="p")
    outcomes = [conn.put("PAY.IN", b"m%d" % i, syncpoint=True) for i in range(5)]
    assert [(o.done, o.reason) for o in outcomes] == [(1, 0)] * 3 + [(0, 2053)] * 2
    assert qm.execute("ALTER QLOCAL(PAY.IN) PUT(DISABLED)").ok
    assert (conn.put("PAY.IN", b"late", syncpoint=True).reason) == 2051
    conn.commit()
    assert curdepth(qm, "PAY.IN") == 3
    assert [m.data for m in qm.browse_messages("PAY.IN", 9).delivered] == [b"m0", b"m1", b"m2"]


def test_a_backout_reinstates_a_get_whatever_maxdepth_says_with_its_mqmd() -> None:
    qm = qmgr()
    assert qm.execute("ALTER QLOCAL(PAY.IN) MAXDEPTH(3)").ok
    first = qm.put_message("PAY.IN", b"m1", correlid=b"C" * 24, reply_q="PAY.REPLY")
    for text in (b"m2", b"m3"):
        qm.put_message("PAY.IN", text)
    getter = qm.connection("GETTER", owner="p")
    assert getter.get("PAY.IN", data=True, syncpoint=True).delivered[0].data == b"m1"
    assert qm.put_message("PAY.IN", b"m4").done == 1  # the room the get made
    getter.backout()
    assert curdepth(qm, "PAY.IN") == 4  # above MAXDEPTH: z/OS reinstates it all the same
    back = qm.browse_messages("PAY.IN", 9).delivered
    assert [m.data for m in back] == [b"m1", b"m2", b"m3", b"m4"]
    sent = first.delivered[0]
    assert (back[0].msgid, back[0].correlid, back[0].reply_q) == (
        sent.msgid,
        b"C" * 24,
        "PAY.REPLY",
    )
    assert [m.backout_count for m in back] == [1, 0, 0, 0]
    assert getter.get("PAY.IN", data=True, syncpoint=True).delivered[0].backout_count == 1
    getter.backout()
    assert qm.get_message("PAY.IN").delivered[0].backout_count == 2


def test_a_shared_queue_refuses_a_unit_of_works_put_at_the_mqput() -> None:
    from tests.engine.conftest import fresh_group  # noqa: PLC0415 - the group template is costly

    group = fresh_group()
    qsa1 = group.members["QSA1"]
    assert qsa1.execute("ALTER QLOCAL(PAY.SQ) QSGDISP(SHARED) MAXDEPTH(2)").ok
    conn = qsa1.connection("PAYJOB", owner="p")
    outcomes = [conn.put("PAY.SQ", b"s%d" % i, syncpoint=True) for i in range(3)]
    assert [(o.done, o.reason) for o in outcomes] == [(1, 0), (1, 0), (0, 2053)]
    assert qsa1.execute("ALTER QLOCAL(PAY.SQ) QSGDISP(SHARED) PUT(DISABLED)").ok
    assert conn.put("PAY.SQ", b"late", syncpoint=True).reason == 2051
    conn.commit()  # the messages put before PUT(DISABLED) reach the queue
    assert [m.data for m in qsa1.browse_messages("PAY.SQ", 9).delivered] == [b"s0", b"s1"]
