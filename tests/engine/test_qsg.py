"""Queue sharing groups: dispositions, CMDSCOPE routing, CF structures, shared queues, failure,
backup and recovery. One test per rule; exact output is in test_qsg_golden.py."""

from __future__ import annotations

import datetime as dt

import pytest

from mqsc.catalog import CommandSource, mqrc
from mqsc.engine.storage import cf
from tests.engine.conftest import NOW, fresh_group, fresh_minimal


class Clock:
    """One clock for every member, moved on by the test."""

    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> dt.datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += dt.timedelta(seconds=seconds)


@pytest.fixture
def group():
    g = fresh_group()
    clock = Clock()
    for member in g.members.values():
        member.clock = clock
    g.clock = clock
    return g


def ids(result) -> list[str]:
    return [m.msg_id for one in result.all_sets() for m in one.messages()]


def depth(group, queue: str) -> int:
    store = group.tables["cfmsgs"].get(queue)
    return store.depth if store is not None else 0


def persistent_runs(group, queue: str) -> list[tuple[int, int, int, int]]:
    store = group.tables["cfmsgs"].get(queue)
    if store is None:
        return []
    return [(r.id, r.count, r.size, r.priority) for r in store.runs if r.persistent]


# ---- outside a group -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "DEFINE CFSTRUCT(APP1)",
        "DISPLAY CFSTATUS(*)",
        "BACKUP CFSTRUCT(APP1)",
        "RESET CFSTRUCT(APP1) ACTION(FAIL)",
        "DEFINE QLOCAL(X) QSGDISP(GROUP)",
    ],
)
def test_group_commands_need_a_group(text) -> None:
    qm = fresh_minimal()
    result = qm.execute(text)
    assert ids(result) == ["MQSC552E", "CSQ9023E"]


def test_cmdscope_needs_a_group() -> None:
    result = fresh_minimal().execute("DISPLAY QLOCAL(*) CMDSCOPE(*)")
    assert ids(result) == ["MQSC310E", "CSQ9023E"]


# ---- CF structure definitions ------------------------------------------------------------------
def test_structures_are_seen_by_every_member(group) -> None:
    a, b = group.members["QSA1"], group.members["QSA2"]
    assert a.execute("DEFINE CFSTRUCT(NEW1) DESCR('x')").ok
    shown = b.execute("DISPLAY CFSTRUCT(NEW1) DESCR").objects[0]
    assert shown.get("DESCR") == "x"


def test_structure_rules(group) -> None:
    a = group.members["QSA1"]
    assert ids(a.execute("DEFINE CFSTRUCT(CSQ_ADMIN)"))[0] == "MQSC553E"
    assert ids(a.execute("DEFINE CFSTRUCT(LOW) CFLEVEL(2) RECOVER(YES)"))[:2] == [
        "MQSC550E",
        "CSQ9023E",
    ]
    assert ids(a.execute("DELETE CFSTRUCT(APP1)"))[0] == "MQSC501E"  # PAY.SQ uses it


def test_at_most_63_structures(group) -> None:
    a = group.members["QSA1"]
    for i in range(63 - 3):
        assert a.execute(f"DEFINE CFSTRUCT(S{i:02d})").ok
    result = a.execute("DEFINE CFSTRUCT(ONEMORE)")
    assert ids(result) == ["MQSC307E", "CSQM090E", "CSQ9023E"]
    assert result.records[1].inserts["code"] == "00C5004F"


def test_at_most_512_queues_per_structure(group) -> None:
    a = group.members["QSA1"]
    for i in range(cf.MAX_QUEUES - 1):
        assert a.execute(f"DEFINE QLOCAL(Q{i:03d}) QSGDISP(SHARED) CFSTRUCT(APP1)").ok
    assert ids(a.execute("DEFINE QLOCAL(QMORE) QSGDISP(SHARED) CFSTRUCT(APP1)"))[0] == "MQSC308E"


def test_level_cannot_drop_under_messages(group) -> None:
    a = group.members["QSA1"]
    a.put("TEMP.SQ", 1, 10, persistent=False)
    assert ids(a.execute("ALTER CFSTRUCT(NOREC) CFLEVEL(3)"))[0] == "MQSC501E"
    a.get("TEMP.SQ")
    assert a.execute("ALTER CFSTRUCT(NOREC) CFLEVEL(3)").ok


# ---- dispositions --------------------------------------------------------------------------
def test_shared_queue_rules(group) -> None:
    a = group.members["QSA1"]
    assert ids(a.execute("DEFINE QLOCAL(S1) QSGDISP(SHARED)"))[0] == "MQSC554E"
    assert ids(a.execute("DEFINE QLOCAL(S1) QSGDISP(SHARED) CFSTRUCT(NONE)"))[0] == "CSQM125I"
    assert a.execute("DEFINE QLOCAL(PRIV.Q)").ok
    assert ids(a.execute("DEFINE QLOCAL(PRIV.Q) QSGDISP(SHARED) CFSTRUCT(APP1)"))[0] == "MQSC312E"
    assert ids(a.execute("DEFINE QLOCAL(PAY.SQ)"))[0] == "MQSC312E"


def test_group_objects_get_copies_on_every_active_member(group) -> None:
    a, b, c = (group.members[n] for n in ("QSA1", "QSA2", "QSA3"))
    c.execute("STOP QMGR", source=CommandSource.CONSOLE)
    result = a.execute("DEFINE QLOCAL(G.Q) QSGDISP(GROUP) DESCR('group queue')")
    assert ids(result) == [
        "MQSC138I",
        "CSQ9022I",
        "MQSC121I",
        "CSQ9022I",
        "MQSC121I",
        "CSQ9022I",
        "MQSC122I",
    ]
    for member in (a, b):
        copy = member.state.tables["qlocal"]["G.Q"]
        assert copy.get("QSGDISP") == "COPY" and copy.get("DESCR") == "group queue"
    assert "G.Q" not in c.state.tables["qlocal"]
    # A member that starts later makes its copy at start (after CSQINP2).
    c.execute("START QMGR", source=CommandSource.CONSOLE)
    assert c.state.tables["qlocal"]["G.Q"].get("QSGDISP") == "COPY"
    # Deleting the group object deletes the copies too.
    assert a.execute("DELETE QLOCAL(G.Q) QSGDISP(GROUP)").ok
    assert all("G.Q" not in m.state.tables["qlocal"] for m in (a, b, c))


def test_copy_needs_the_group_object(group) -> None:
    result = group.members["QSA1"].execute("DEFINE QLOCAL(NOPE) QSGDISP(COPY)")
    assert ids(result)[:2] == ["CSQM125I", "CSQM090E"]
    assert result.records[0].inserts["qsgdisp"] == "GROUP"


@pytest.mark.parametrize(
    "selector,expected",
    [
        ("LIVE", [("G.Q", "COPY"), ("PAY.SQ", "SHARED")]),
        ("ALL", [("G.Q", "COPY"), ("G.Q", "GROUP"), ("PAY.SQ", "SHARED")]),
        ("GROUP", [("G.Q", "GROUP")]),
        ("SHARED", [("PAY.SQ", "SHARED")]),
        ("PRIVATE", [("G.Q", "COPY")]),
        ("COPY", [("G.Q", "COPY")]),
    ],
)
def test_display_by_disposition(group, selector, expected) -> None:
    a = group.members["QSA1"]
    a.execute("DEFINE QLOCAL(G.Q) QSGDISP(GROUP)")
    result = a.execute(f"DISPLAY QLOCAL(*) QSGDISP({selector}) WHERE(QUEUE NL SYSTEM*)")
    shown = [
        (o.get("QUEUE"), o.get("QSGDISP"))
        for o in result.objects
        if o.get("QUEUE") in ("G.Q", "PAY.SQ")
    ]
    assert shown == expected


def test_group_storage_class(group) -> None:
    a, b = group.members["QSA1"], group.members["QSA2"]
    assert a.execute("DEFINE STGCLASS(GSC) PSID(01) QSGDISP(GROUP)").ok
    assert b.state.tables["stgclass"]["GSC"].get("QSGDISP") == "COPY"
    shown = b.execute("DISPLAY STGCLASS(GSC) QSGDISP(ALL)").objects
    assert [o.get("QSGDISP") for o in shown] == ["COPY", "GROUP"]


# ---- CMDSCOPE ------------------------------------------------------------------------------
def test_cmdscope_one_member(group) -> None:
    a, b = group.members["QSA1"], group.members["QSA2"]
    result = a.execute("DEFINE QLOCAL(ONLY.ON.B) CMDSCOPE(QSA2)")
    assert ids(result) == ["MQSC137I", "MQSC121I", "CSQ9022I", "MQSC122I"]
    assert "ONLY.ON.B" in b.state.tables["qlocal"]
    assert "ONLY.ON.B" not in a.state.tables["qlocal"]


def test_cmdscope_star_reaches_running_members_and_reports_failures(group) -> None:
    a, c = group.members["QSA1"], group.members["QSA3"]
    c.execute("STOP QMGR", source=CommandSource.CONSOLE)
    a.execute("DEFINE QLOCAL(ONLY.ON.A)")
    result = a.execute("DELETE QLOCAL(ONLY.ON.A) CMDSCOPE(*)")
    assert ids(result) == [
        "MQSC137I",
        "MQSC121I",
        "CSQ9022I",
        "MQSC121I",
        "CSQM125I",
        "CSQM090E",
        "CSQ9023E",
        "MQSC123E",
    ]
    assert result.records[0].inserts["count"] == 2
    assert not all(r.ok for r in result.all_sets())


def test_cmdscope_to_a_stranger_or_a_stopped_member(group) -> None:
    a, c = group.members["QSA1"], group.members["QSA3"]
    assert ids(a.execute("DISPLAY QMGR CMDSCOPE(QZZZ)")) == ["MQSC311E", "CSQ9023E"]
    c.execute("STOP QMGR", source=CommandSource.CONSOLE)
    assert ids(a.execute("DISPLAY QMGR CMDSCOPE(QSA3)")) == ["MQSC311E", "CSQ9023E"]


# ---- shared queues -------------------------------------------------------------------------
def test_messages_are_shared_by_every_member(group) -> None:
    a, b = group.members["QSA1"], group.members["QSA2"]
    out = a.put("PAY.SQ", 10, 1000)
    assert out.done == 10 and out.structure == "APP1" and out.pages == 0
    assert out.cf_bytes == 10 * 1536
    assert b.get("PAY.SQ", 4).done == 4
    shown = a.execute("DISPLAY QLOCAL(PAY.SQ) CURDEPTH").objects[0]
    assert shown.get("CURDEPTH") == 6


def test_first_use_connects_and_allocates(group) -> None:
    a = group.members["QSA1"]
    before = a.execute("DISPLAY CFSTATUS(APP1)").objects[0]
    assert before.get("STATUS") == "NOTFOUND" and before.get("ENTSMAX") == 0
    out = a.put("PAY.SQ", 1, 10)
    assert [m.msg_id for m in out.messages] == ["CSQE005I"]
    after = a.execute("DISPLAY CFSTATUS(APP1)").objects[0]
    assert after.get("STATUS") == "ACTIVE" and after.get("ENTSUSED") == 1
    connected = a.execute("DISPLAY CFSTATUS(APP1) TYPE(CONNECT)").objects
    assert [o.get("QMNAME") for o in connected] == ["QSA1"]


def test_persistent_needs_recover_yes(group) -> None:
    a = group.members["QSA1"]
    assert a.put("TEMP.SQ", 1, 10, persistent=True).reason == mqrc.MQRC_PERSISTENT_NOT_ALLOWED
    assert a.put("TEMP.SQ", 1, 10, persistent=False).done == 1


def test_message_size_limit_per_level(group) -> None:
    a = group.members["QSA1"]
    assert a.execute("ALTER QLOCAL(HR.SQ) QSGDISP(SHARED) MAXMSGL(200000)").ok
    assert a.put("HR.SQ", 1, cf.CF_MAX_MESSAGE + 1).reason == mqrc.MQRC_MSG_TOO_BIG_FOR_Q
    assert a.put("HR.SQ", 1, cf.CF_MAX_MESSAGE).done == 1
    assert a.execute("ALTER CFSTRUCT(APP3) CFLEVEL(4)").ok
    assert a.put("HR.SQ", 1, cf.CF_MAX_MESSAGE + 1).done == 1  # offloaded


def test_capacity_follows_the_sizing_rule(group) -> None:
    # NOREC is 1 MB: 838,860 usable bytes; 4096-byte messages take 4608 bytes each -> 182.
    a = group.members["QSA1"]
    assert cf.entry_bytes(4096) == 4608
    out = a.put("TEMP.SQ", 500, 4096, persistent=False)
    assert (out.done, out.reason) == (182, mqrc.MQRC_STORAGE_MEDIUM_FULL)
    summary = a.execute("DISPLAY CFSTATUS(NOREC)").objects[0]
    assert summary.get("ENTSUSED") == 182 and summary.get("SIZEUSED") == 99
    assert cf.Capacity(512 * 1024).entries == 279_620  # the seed's 0.5 GB structure


def test_log_volume_per_shared_persistent_message(group) -> None:
    a = group.members["QSA1"]
    before = a.state.tables["log"][None].rba
    a.put("PAY.SQ", 10, 1000, persistent=True)
    assert a.state.tables["log"][None].rba - before == 10 * (1000 + 1536)


# ---- failure -------------------------------------------------------------------------------
def test_reset_needs_level_5(group) -> None:
    result = group.members["QSA1"].execute("RESET CFSTRUCT(APP3) ACTION(FAIL)")
    assert ids(result) == ["MQSC306E", "CSQM090E", "CSQ9023E"]
    assert result.records[1].inserts["code"] == "00C50064"


def test_failure_loses_everything_until_recovered(group) -> None:
    a, b = group.members["QSA1"], group.members["QSA2"]
    a.put("PAY.SQ", 5, 100, persistent=True)
    b.put("PAY.SQ", 5, 100, persistent=False)
    result = a.execute("RESET CFSTRUCT(APP1) ACTION(FAIL)")
    assert [m.msg_id for m in result.messages() if m.unsolicited] == ["CSQE006I", "CSQE006I"]
    assert depth(group, "PAY.SQ") == 0
    assert b.put("PAY.SQ", 1, 10).reason == mqrc.MQRC_CF_STRUC_FAILED
    assert b.get("PAY.SQ").reason == mqrc.MQRC_CF_STRUC_FAILED
    status = b.execute("DISPLAY CFSTATUS(APP1)").objects[0]
    assert status.get("STATUS") == "FAILED" and status.get("FAILDATE") == "2026-01-15"
    assert ids(a.execute("RESET CFSTRUCT(APP1) ACTION(FAIL)"))[0] == "MQSC305E"


# ---- backup --------------------------------------------------------------------------------
def test_backup_rules(group) -> None:
    a = group.members["QSA1"]
    assert ids(a.execute("BACKUP CFSTRUCT(NOREC)"))[0] == "MQSC301E"
    assert ids(a.execute("BACKUP CFSTRUCT(NOSUCH)"))[0] == "CSQM125I"
    assert a.execute("BACKUP CFSTRUCT(APP1)").ok
    # A second backup while the first runs (at least a second) is refused, then allowed.
    assert ids(group.members["QSA2"].execute("BACKUP CFSTRUCT(APP1)"))[0] == "MQSC302E"
    group.clock.advance(2)
    assert group.members["QSA2"].execute("BACKUP CFSTRUCT(APP1)").ok


def test_generic_backup_takes_the_recoverable_structures(group) -> None:
    result = group.members["QSA1"].execute("BACKUP CFSTRUCT(*)")
    assert result.ok
    started = [m.inserts["struc"] for m in result.messages() if m.msg_id == "MQSC820I"]
    assert started == ["APP1", "APP3"]


def test_backup_is_written_to_the_issuing_members_log(group) -> None:
    a, b = group.members["QSA1"], group.members["QSA2"]
    a.put("PAY.SQ", 100, 1000, persistent=True)
    group.clock.advance(60)
    before = b.state.tables["log"][None].rba
    assert b.execute("BACKUP CFSTRUCT(APP1)").ok
    after = b.state.tables["log"][None].rba
    row = b.execute("DISPLAY CFSTATUS(APP1) TYPE(BACKUP)").objects[0]
    assert row.get("QMNAME") == "QSA2"
    assert int(str(row.get("BKUPSRBA")), 16) == before
    assert int(str(row.get("BKUPERBA")), 16) == after
    assert after - before == 100 * (1000 + cf.CF_MQMD)
    # LOGS: the members whose logs a recovery would need: none yet, then the writer's.
    assert row.get("BKUPSIZE") == 1 and row.get("LOGS") == ""
    a.put("PAY.SQ", 1, 10, persistent=True)
    row = b.execute("DISPLAY CFSTATUS(APP1) TYPE(BACKUP)").objects[0]
    assert row.get("LOGS") == "QSA1"


def test_exclint_leaves_recent_messages_to_the_logs(group) -> None:
    a = group.members["QSA1"]
    a.put("PAY.SQ", 10, 1000, persistent=True)
    group.clock.advance(100)
    a.put("PAY.SQ", 20, 1000, persistent=True)  # 100 s later
    group.clock.advance(40)
    assert a.execute("BACKUP CFSTRUCT(APP1) EXCLINT(60)").ok  # the 20 are newer than 60 s
    backup = group.tables["cfstatus"]["APP1"].backup
    assert backup.size == 10 * (1000 + cf.CF_MQMD)
    a.execute("RESET CFSTRUCT(APP1) ACTION(FAIL)")
    assert a.execute("RECOVER CFSTRUCT(APP1)").ok
    assert depth(group, "PAY.SQ") == 30  # the 20 came back from the log


# ---- recovery ------------------------------------------------------------------------------
def test_recover_rules(group) -> None:
    a = group.members["QSA1"]
    assert ids(a.execute("RECOVER CFSTRUCT(APP1)"))[0] == "MQSC303E"  # not failed
    a.execute("RESET CFSTRUCT(APP1) ACTION(FAIL)")
    assert ids(a.execute("RECOVER CFSTRUCT(APP1)"))[0] == "MQSC304E"  # never backed up
    assert ids(a.execute("RECOVER CFSTRUCT(NOREC)"))[0] == "MQSC301E"
    before = a.digest()
    assert not a.execute("RECOVER CFSTRUCT(APP1,APP3)").ok  # APP3 is not failed: nothing done
    assert a.digest() == before


def test_recover_normal_restores_persistent_messages_from_every_members_log(group) -> None:
    a, b, c = (group.members[n] for n in ("QSA1", "QSA2", "QSA3"))
    a.put("PAY.SQ", 100, 1000, persistent=True)
    b.put("PAY.SQ", 50, 500, persistent=False)
    group.clock.advance(60)
    assert c.execute("BACKUP CFSTRUCT(APP1)").ok
    b.put("PAY.SQ", 30, 2000, persistent=True)
    a.get("PAY.SQ", 120)  # 100 persistent, 20 nonpersistent
    c.put("PAY.SQ", 5, 300, persistent=True)
    expected = persistent_runs(group, "PAY.SQ")
    assert a.execute("RESET CFSTRUCT(APP1) ACTION(FAIL)").ok
    result = b.execute("RECOVER CFSTRUCT(APP1)")
    assert ids(result) == [
        "MQSC830I",
        "MQSC832I",
        "MQSC833I",
        "MQSC834I",
        "MQSC831I",
        "MQSC309I",
        "CSQ9022I",
    ]
    assert persistent_runs(group, "PAY.SQ") == expected == [(3, 30, 2000, 0), (4, 5, 300, 0)]
    assert depth(group, "PAY.SQ") == 35
    assert a.put("PAY.SQ", 1, 10).done == 1  # usable again


def test_recover_purge_empties_and_forgets_the_backup(group) -> None:
    a = group.members["QSA1"]
    a.put("PAY.SQ", 10, 100, persistent=True)
    group.clock.advance(60)
    a.execute("BACKUP CFSTRUCT(APP1)")
    a.execute("RESET CFSTRUCT(APP1) ACTION(FAIL)")
    assert a.execute("RECOVER CFSTRUCT(APP1) TYPE(PURGE)").ok
    assert depth(group, "PAY.SQ") == 0
    row = a.execute("DISPLAY CFSTATUS(APP1) TYPE(BACKUP)").objects[0]
    assert row.get("STATUS") == "NONE"
    a.put("PAY.SQ", 3, 100, persistent=True)
    a.execute("RESET CFSTRUCT(APP1) ACTION(FAIL)")
    assert ids(a.execute("RECOVER CFSTRUCT(APP1)"))[0] == "MQSC304E"


def test_deleted_messages_stay_deleted(group) -> None:
    a = group.members["QSA1"]
    a.put("PAY.SQ", 10, 100, persistent=True)
    group.clock.advance(60)
    a.execute("BACKUP CFSTRUCT(APP1)")
    assert a.execute("DELETE QLOCAL(PAY.SQ) QSGDISP(SHARED) PURGE").ok
    assert a.execute("DEFINE QLOCAL(PAY.SQ) QSGDISP(SHARED) CFSTRUCT(APP1)").ok
    a.execute("RESET CFSTRUCT(APP1) ACTION(FAIL)")
    assert a.execute("RECOVER CFSTRUCT(APP1)").ok
    assert depth(group, "PAY.SQ") == 0


def test_recover_cfstruct_brings_messages_back_with_their_data(group) -> None:
    """A backup holds the persistent messages whole, and the log the data of those put
    after it: a recovered structure's messages keep data, MsgId and CorrelId."""
    a = group.members["QSA1"]
    a.put("PAY.SQ", 3, 10, persistent=True)
    first = a.put_message(
        "PAY.SQ", b"before the backup", persistent=True, correlid=b"C" * 24
    ).delivered[0]
    assert a.get("PAY.SQ", 1).done == 1  # one data-less message got: the other two keep ids
    plain = [m.msgid for m in a.browse_messages("PAY.SQ", 2).delivered]
    assert a.execute("BACKUP CFSTRUCT(APP1)").ok
    second = a.put_message("PAY.SQ", b"after the backup", persistent=True).delivered[0]
    a.execute("RESET CFSTRUCT(APP1) ACTION(FAIL)")
    assert a.execute("RECOVER CFSTRUCT(APP1)").ok
    assert [m.msgid for m in a.browse_messages("PAY.SQ", 2).delivered] == plain
    got = a.get_message("PAY.SQ", msgid=first.msgid).delivered[0]
    assert (got.data, got.correlid) == (b"before the backup", b"C" * 24)
    assert a.get("PAY.SQ", 2).done == 2
    got = a.get_message("PAY.SQ").delivered[0]
    assert (got.data, got.msgid) == (b"after the backup", second.msgid)
