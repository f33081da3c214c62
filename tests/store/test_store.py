"""The SQLite state store: durability, atomicity, refusal of bad files, migrations."""

from __future__ import annotations

import shutil
import sqlite3
import stat
from pathlib import Path

import pytest

from mqsc.store.home import QMgrError, open_qmgr
from mqsc.store.schema import CURRENT

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def test_state_survives_reopening(tmp_path: Path) -> None:
    db = tmp_path / "qm.db"
    qm = open_qmgr("QMZ1", state=db)
    assert qm.execute("DEFINE QLOCAL(KEPT) DESCR('across sessions')").ok
    assert qm.put("USER1.ABAR.QUEUE", 300, 4096).done == 300
    qm.close()
    again = open_qmgr("QMZ1", state=db)
    (queue,) = again.execute("DISPLAY QLOCAL(KEPT) DESCR").objects
    assert queue.get("DESCR") == "across sessions"
    assert again.state.tables["messages"]["USER1.ABAR.QUEUE"].depth == 300
    assert again.state.tables["pool"][11].stealable == 393
    again.close()


def test_reloaded_state_equals_the_state_in_memory(tmp_path: Path) -> None:
    db = tmp_path / "qm.db"
    qm = open_qmgr("QMZ1", state=db)
    for text in (
        "DEFINE QLOCAL(A) MAXDEPTH(7)",
        "DEFINE STGCLASS(SC) PSID(4)",
        "ALTER BUFFPOOL(10) BUFFERS(2000)",
        "DELETE QLOCAL(USER1.BBAR.QUEUE)",
    ):
        assert qm.execute(text).ok
    qm.put("USER1.ABAR.QUEUE", 50, 100)
    digest = qm.digest()
    qm.close()
    assert open_qmgr("QMZ1", state=db).digest() == digest


def test_a_failed_command_leaves_no_trace(tmp_path: Path) -> None:
    db = tmp_path / "qm.db"
    qm = open_qmgr("QMZ1", state=db)
    qm.close()
    before = db.read_bytes()
    qm = open_qmgr("QMZ1", state=db)
    digest = qm.digest()
    assert not qm.execute("DEFINE QLOCAL(USER1.ABAR.QUEUE)").ok
    assert not qm.execute("DELETE BUFFPOOL(3)").ok
    qm.close()
    assert db.read_bytes() == before, "a failed command changed the database file"
    assert not Path(f"{db}-wal").exists() or Path(f"{db}-wal").stat().st_size == 0
    again = open_qmgr("QMZ1", state=db)
    assert again.digest() == digest
    again.close()
    version = sqlite3.connect(db).execute("SELECT version FROM qmgr").fetchone()[0]
    assert version == 1, "a failed command must not commit anything"


def test_file_is_owner_only(tmp_path: Path) -> None:
    db = tmp_path / "qm.db"
    open_qmgr("QMZ1", state=db).close()
    assert stat.S_IMODE(db.stat().st_mode) == 0o600


def test_default_location_is_the_data_directory(mqsc_home: Path) -> None:
    open_qmgr("QMZ1").close()
    assert (mqsc_home / "qmgrs" / "QMZ1" / "state.db").exists()


@pytest.mark.parametrize("content", [b"not a database at all" * 100, b"\x00" * 4096])
def test_corrupt_file_is_refused_and_untouched(tmp_path: Path, content: bytes) -> None:
    db = tmp_path / "qm.db"
    db.write_bytes(content)
    with pytest.raises(QMgrError, match="not a usable mqsc state database"):
        open_qmgr("QMZ1", state=db)
    assert db.read_bytes() == content


def test_foreign_sqlite_file_is_refused_and_untouched(tmp_path: Path) -> None:
    db = tmp_path / "other.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE customers (id INTEGER)")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    with pytest.raises(QMgrError, match="not an mqsc state database"):
        open_qmgr("QMZ1", state=db)
    assert db.read_bytes() == before


def test_newer_schema_is_refused_and_untouched(tmp_path: Path) -> None:
    db = tmp_path / "qm.db"
    open_qmgr("QMZ1", state=db).close()
    conn = sqlite3.connect(db)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(CURRENT + 1),))
    conn.commit()
    conn.close()
    before = db.read_bytes()
    with pytest.raises(QMgrError, match="newer mqsc"):
        open_qmgr("QMZ1", state=db)
    assert db.read_bytes() == before


def test_database_made_by_schema_1_opens_and_migrates(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    shutil.copy(FIXTURES / "state-v1.db", db)
    qm = open_qmgr(state=db)
    (queue,) = qm.execute("DISPLAY QLOCAL(V1.PERSISTENT) CURDEPTH DESCR").objects
    assert queue.get("CURDEPTH") == 25 and queue.get("DESCR") == "made by schema 1"
    assert qm.execute("DISPLAY STGCLASS(V1CLASS)").objects
    assert qm.state.tables["pool"][3].buffers == 25000
    assert qm.execute("DEFINE QLOCAL(AFTER.MIGRATION)").ok
    qm.close()
    meta = dict(sqlite3.connect(db).execute("SELECT key, value FROM meta"))
    assert meta["schema_version"] == str(CURRENT)
    assert open_qmgr(state=db).execute("DISPLAY QLOCAL(AFTER.MIGRATION)").objects


def test_queues_saved_before_capexpry_read_back_with_its_default(tmp_path: Path) -> None:
    # state-v1.db predates CAPEXPRY (a z/OS queue attribute from IBM MQ 9.4): its queues have
    # none, and are read with the catalog default, NOLIMIT, which DISPLAY, WHERE and LIKE see.
    db = tmp_path / "old.db"
    shutil.copy(FIXTURES / "state-v1.db", db)
    qm = open_qmgr(state=db)
    (queue,) = qm.execute("DISPLAY QLOCAL(V1.PERSISTENT) CAPEXPRY").objects
    assert queue.get("CAPEXPRY") == "NOLIMIT"
    assert qm.execute("DISPLAY QLOCAL(V1.*) WHERE(CAPEXPRY EQ NOLIMIT)").objects
    assert qm.execute("DEFINE QLOCAL(COPY.OF.V1) LIKE(V1.PERSISTENT)").ok
    (copy,) = qm.execute("DISPLAY QLOCAL(COPY.OF.V1) CAPEXPRY").objects
    assert copy.get("CAPEXPRY") == "NOLIMIT"
    qm.close()


def test_integrity_after_work(tmp_path: Path) -> None:
    db = tmp_path / "qm.db"
    qm = open_qmgr("QMZ1", state=db)
    for i in range(50):
        qm.execute(f"DEFINE QLOCAL(Q.{i}) DEFPSIST(YES)")
        qm.put(f"Q.{i}", 10, 500)
    qm.close()
    assert sqlite3.connect(db).execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_log_records_are_stored(tmp_path: Path) -> None:
    db = tmp_path / "qm.db"
    qm = open_qmgr("QMZ1", state=db)
    qm.execute("DEFINE QLOCAL(P) DEFPSIST(YES)")
    rba_before = qm.state.tables["log"][None].rba
    qm.put("P", 10, 1000)
    qm.close()
    rows = (
        sqlite3.connect(db).execute("SELECT rba, kind, size FROM log WHERE kind = 'put'").fetchall()
    )
    assert rows == [(rba_before, "put", 10 * (1000 + 1280))]


def test_the_sqlite_store_implements_the_store_protocol(tmp_path: Path) -> None:
    from mqsc.store.interface import Store

    qm = open_qmgr("QMZ1", state=tmp_path / "qm.db")
    try:
        assert isinstance(qm.gate, Store)
    finally:
        qm.close()


def test_page_set_0_object_bytes_are_recounted_on_load(tmp_path) -> None:
    """A database written before page set 0's per-type sizes kept a running total of the
    old ones: loading it recounts the total (and its pages) from the definitions it holds,
    so deleting them later frees exactly their pages."""
    import json
    import sqlite3

    from mqsc.engine import space
    from mqsc.store.home import open_qmgr

    db = tmp_path / "old.db"
    qm = open_qmgr("QMZ1", state=db)
    right = qm.state.tables["pageset"][0].object_bytes
    pages = qm.state.tables["pageset"][0].persistent
    qm.close()
    conn = sqlite3.connect(db)
    (data,) = conn.execute("SELECT data FROM entity WHERE tbl = 'pageset' AND key = '0'").fetchone()
    row = json.loads(data)
    row["object_bytes"], row["persistent"] = right + 40960, pages + 10  # 10 pages too many
    conn.execute(
        "UPDATE entity SET data = ? WHERE tbl = 'pageset' AND key = '0'", (json.dumps(row),)
    )
    conn.commit()
    conn.close()
    qm = open_qmgr("QMZ1", state=db)
    try:
        ps = qm.state.tables["pageset"][0]
        assert (ps.object_bytes, ps.persistent) == (right, pages)
        assert ps.object_bytes == space.object_bytes(qm.state.tables)
        assert qm.execute("DEFINE QLOCAL(NEW.ONE)").ok
        assert qm.execute("DELETE QLOCAL(NEW.ONE)").ok
        assert qm.state.tables["pageset"][0].object_bytes == right
    finally:
        qm.close()
