"""STOP QMGR / START QMGR: what survives a restart (storage rules BP-6, BP-7,
docs/storage.md#storage-rules; [DOC-MANAGEBP])."""

from __future__ import annotations

from pathlib import Path

from mqsc.catalog import CommandSource
from mqsc.engine.manager import QueueManager
from mqsc.store.home import open_qmgr

CSQINP1 = """\
DEFINE BUFFPOOL(0) BUFFERS(1000)
DEFINE BUFFPOOL(1) BUFFERS(1000) NOREPLACE
DEFINE BUFFPOOL(2) BUFFERS(1000) REPLACE
DEFINE PSID(00) BUFFPOOL(0)
DEFINE PSID(01) BUFFPOOL(1)
DEFINE PSID(02) BUFFPOOL(2)
"""
CSQINP2 = """\
DEFINE STGCLASS(SYSTEMST) PSID(00) REPLACE
DEFINE STGCLASS(DEFAULT) PSID(01) REPLACE
DEFINE QLOCAL(SYSTEM.DEFAULT.LOCAL.QUEUE) REPLACE
DEFINE QLOCAL(APP.Q) REPLACE MAXDEPTH(100)
DEFINE QLOCAL(KEEP.Q)
"""


def make() -> QueueManager:
    return QueueManager.create("QMR", csqinp1=CSQINP1, csqinp2=CSQINP2)


def restart(qm: QueueManager):
    stop = qm.execute("STOP QMGR", source=CommandSource.CONSOLE)
    assert stop.ok and stop.message_ids[:3] == ("CSQY009I", "CSQY002I", "CSQ9022I")
    start = qm.execute("START QMGR", source=CommandSource.CONSOLE)
    assert start.ok, start.message_ids
    return start


def test_noreplace_keeps_altered_pool_replace_takes_csqinp1() -> None:
    qm = make()
    assert qm.execute("ALTER BUFFPOOL(1) BUFFERS(3000)").ok
    assert qm.execute("ALTER BUFFPOOL(2) BUFFERS(3000)").ok
    restart(qm)
    pools = qm.state.tables["pool"]
    assert pools[1].buffers == 3000  # NOREPLACE: the logged value wins
    assert pools[2].buffers == 1000  # REPLACE: CSQINP1 wins


def test_pending_pageclass_applies_at_restart() -> None:
    qm = QueueManager.create(
        "QMR",
        csqinp1=CSQINP1.replace(
            "DEFINE BUFFPOOL(1) BUFFERS(1000) NOREPLACE",
            "DEFINE BUFFPOOL(1) BUFFERS(1000) LOC(ABOVE) PAGECLAS(4KB)",
        ),
        csqinp2=CSQINP2,
    )
    assert qm.execute("ALTER BUFFPOOL(1) PAGECLAS(FIXED4KB)").ok
    assert qm.state.tables["pool"][1].pageclass == "4KB"
    restart(qm)
    assert qm.state.tables["pool"][1].pageclass == "FIXED4KB"


def test_persistent_messages_survive_nonpersistent_do_not() -> None:
    qm = make()
    assert qm.execute("DEFINE QLOCAL(P.Q) DEFPSIST(YES)").ok
    assert qm.execute("DEFINE QLOCAL(N.Q)").ok
    assert qm.put("P.Q", 100, 2000).done == 100
    assert qm.put("N.Q", 100, 2000).done == 100
    restart(qm)
    depths = {q: s.depth for q, s in qm.state.tables["messages"].items()}
    assert depths == {"P.Q": 100}
    ps = qm.state.tables["pageset"][1]
    assert ps.persistent == 100 // 1 and ps.nonpersistent == 2  # 100 pages, 2 list pages
    assert qm.get("P.Q").done == 100


def test_buffer_pools_start_empty_and_statistics_reset() -> None:
    qm = make()
    qm.execute("DEFINE QLOCAL(N.Q) MAXDEPTH(5000)")
    qm.put("N.Q", 1000, 4096)
    assert qm.state.tables["pool"][1].stats.getn > 0
    assert qm.state.tables["pageset"][1].expansions > 0
    restart(qm)
    pool = qm.state.tables["pool"][1]
    assert pool.stealable == pool.buffers - 1  # only the page set header is changed
    assert pool.stats.getn == 0
    assert qm.state.tables["pageset"][1].expansions == 0
    assert qm.state.tables["pageset"][1].total > 1078  # the expanded space stays


def test_csqinp2_runs_again() -> None:
    qm = make()
    assert qm.execute("ALTER QLOCAL(APP.Q) MAXDEPTH(5)").ok
    start = restart(qm)
    (queue,) = qm.execute("DISPLAY QLOCAL(APP.Q) MAXDEPTH").objects
    assert queue.get("MAXDEPTH") == 100  # REPLACE in CSQINP2 resets it
    # KEEP.Q has no REPLACE: CSQINP2 fails for it, as CSQOUT2 would show.
    assert "MQSC595E" in start.message_ids


def test_commands_while_stopped_get_csq3106e() -> None:
    qm = make()
    qm.execute("STOP QMGR", source=CommandSource.CONSOLE)
    result = qm.execute("DISPLAY QMGR")
    assert result.message_ids == ("CSQ3106E", "CSQ9023E")
    assert qm.put("APP.Q", 1, 10).reason == 2059


def test_stop_is_seen_by_other_processes(tmp_path: Path) -> None:
    db = tmp_path / "qm.db"
    qm = open_qmgr("QMZ1", state=db)
    qm.execute("STOP QMGR", source=CommandSource.CONSOLE)
    qm.close()
    other = open_qmgr("QMZ1", state=db)
    assert other.execute("DISPLAY QMGR").message_ids[0] == "CSQ3106E"
    assert other.execute("START QMGR", source=CommandSource.CONSOLE).ok
    other.close()
    assert open_qmgr("QMZ1", state=db).execute("DISPLAY QMGR").ok


def test_dynamic_page_set_goes_offline_unless_csqinp1_defines_it() -> None:
    qm = make()
    assert qm.execute("DEFINE PSID(05) BUFFPOOL(2) DSN(MQ.PS05)").ok
    start = restart(qm)
    assert "CSQI005I" in start.message_ids
    assert qm.state.tables["pageset"][5].status == "OFFLINE"
    usage = qm.execute("DISPLAY USAGE PSID(5)").records[0].rows[0]
    assert usage.status == "OFFLINE"
    assert qm.execute("DEFINE PSID(05) BUFFPOOL(2) DSN(MQ.PS05)").ok  # back online
    assert qm.state.tables["pageset"][5].status == "AVAILABLE"


def test_a_namelist_and_an_alias_come_back_from_the_store(tmp_path) -> None:
    """Lists of names are stored as JSON arrays and come back as the binder makes them."""
    from mqsc.batch import dump
    from mqsc.store.home import open_qmgr

    db = tmp_path / "qm.db"
    qm = open_qmgr("QMZ1", state=db)
    for command in (
        "DEFINE NAMELIST(NL1) NAMES(X, Y)",
        "DEFINE NAMELIST(NL2)",
        "DEFINE QALIAS(A1) TARGET(Q1)",
    ):
        assert qm.execute(command).ok
    deck = dump.csqinp2_deck(qm)
    qm.close()
    again = open_qmgr("QMZ1", state=db)
    assert again.execute("DISPLAY NAMELIST(NL1) NAMES").objects[0].get("NAMES") == ("X", "Y")
    assert dump.csqinp2_deck(again) == deck
    assert "NAMES(X, Y)" in deck.replace("+\n       ", "")
    again.close()
