"""The home's security database: durable, shared by processes, owner-only, backed up."""

from __future__ import annotations

import datetime as dt
import sqlite3
import stat
import threading
from pathlib import Path

import pytest

from mqsc.racf.actions import Issuer
from mqsc.store.errors import StoreError
from mqsc.store.racfdb import SecurityStore, default_path

ISSUER = Issuer("IBMUSER", dt.datetime(2026, 3, 5))


def test_created_with_security_off_and_owner_only(tmp_path: Path) -> None:
    path = default_path(tmp_path)
    store = SecurityStore.open(path, queue_managers=["QMZ1", "QMA"])
    db = store.read()
    assert ("MQADMIN", "QMZ1.NO.SUBSYS.SECURITY") in db.profiles
    assert ("MQADMIN", "QMA.NO.SUBSYS.SECURITY") in db.profiles
    # MQADMIN is RACLISTed: the profiles are in its in-storage copy too.
    assert {p.name for p in db.instorage["MQADMIN"]} == {
        "QMZ1.NO.SUBSYS.SECURITY",
        "QMA.NO.SUBSYS.SECURITY",
    }
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    store.close()


def test_commands_are_durable_and_seen_by_another_process(tmp_path: Path) -> None:
    path = default_path(tmp_path)
    first = SecurityStore.open(path)
    second = SecurityStore.open(path)
    before = second.read()
    outcome = first.command("RDEFINE MQQUEUE QMZ1.PAY.** UACC(READ)", ISSUER)
    assert outcome.rc == 0
    after = second.read()
    assert after is not before and ("MQQUEUE", "QMZ1.PAY.**") in after.profiles
    assert second.read() is after  # nothing changed since: the same database
    first.close()
    second.close()
    reopened = SecurityStore.open(path)
    assert reopened.read().profiles[("MQQUEUE", "QMZ1.PAY.**")].uacc == "READ"
    reopened.close()


def test_a_failed_command_writes_nothing(tmp_path: Path) -> None:
    store = SecurityStore.open(default_path(tmp_path))
    version = store.version()
    assert store.command("PERMIT NOPE CLASS(MQQUEUE) ID(IBMUSER)", ISSUER).rc == 8
    assert store.version() == version
    store.close()


def test_concurrent_administrators_lose_nothing(tmp_path: Path) -> None:
    path = default_path(tmp_path)
    SecurityStore.open(path).close()

    def define(prefix: str) -> None:
        store = SecurityStore.open(path, timeout=30)
        for i in range(25):
            assert store.command(f"RDEFINE MQQUEUE {prefix}.Q{i}", ISSUER).rc == 0
        store.close()

    threads = [threading.Thread(target=define, args=(p,)) for p in ("A", "B", "C")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    store = SecurityStore.open(path)
    assert sum(1 for (c, _) in store.read().profiles if c == "MQQUEUE") == 75
    store.close()


def test_foreign_or_damaged_files_are_refused(tmp_path: Path) -> None:
    path = default_path(tmp_path)
    path.parent.mkdir(mode=0o700)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE other (x)")
    conn.close()
    path.chmod(0o600)
    before = path.read_bytes()
    with pytest.raises(StoreError, match="not an mqsc security database"):
        SecurityStore.open(path)
    assert path.read_bytes() == before
    junk = tmp_path / "junk" / "racf.db"
    junk.parent.mkdir(mode=0o700)
    junk.write_bytes(b"not a database at all" * 100)
    junk.chmod(0o600)
    with pytest.raises(StoreError, match="not a usable mqsc security database"):
        SecurityStore.open(junk)


def test_backup_and_restore(tmp_path: Path) -> None:
    store = SecurityStore.open(default_path(tmp_path))
    store.command("ADDGROUP MQSTC", ISSUER)
    copy = tmp_path / "copy.db"
    store.backup(copy)
    with pytest.raises(StoreError, match="never overwrites"):
        store.backup(copy)
    store.command("DELGROUP MQSTC", ISSUER)
    assert "MQSTC" not in store.read().groups
    store.restore(copy)
    assert "MQSTC" in store.read().groups
    store.close()
