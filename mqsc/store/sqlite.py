"""The SQLite state store (standard library ``sqlite3``, WAL journal).

How a command becomes durable: before it runs, :meth:`StateStore.enter` takes the database's
write lock (``BEGIN IMMEDIATE``, waiting at most ``timeout`` seconds) and reads in whatever
other processes committed since this one last looked; the engine runs the command in memory;
if it changed anything, its changes and log records are written in the same SQL transaction,
which is committed (``synchronous=FULL``) before the command's result is returned. A failed
command writes nothing. So a console and a batch run can share a queue manager: their commands
are serialised, and each sees the other's.

Grouped commits (:meth:`grouped`): a batch run may keep the transaction open over up to N
commands or T seconds. The runner buffers each command's result, then asks the store to commit
if the group is due (:meth:`flush_if_due`); ``on_durable`` tells it when a group is committed,
and only then does it print the group's results. So nothing is reported before it is durable,
and a crash loses at most the group in flight, wholly.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from mqsc.engine.config import QMConfig
from mqsc.engine.log import LogRecord
from mqsc.engine.manager import Phase, QueueManager
from mqsc.engine.objects import Attributes, MQObject
from mqsc.engine.serial import restore, snapshot
from mqsc.engine.state import TABLES, Change
from mqsc.source import Source as TextSource
from mqsc.store.schema import APPLICATION, CURRENT, MIGRATIONS

#: Seconds a command waits for another process holding the queue manager ($MQSC_LOCK_TIMEOUT).
DEFAULT_TIMEOUT = float(os.environ.get("MQSC_LOCK_TIMEOUT", "10"))


class StoreError(Exception):
    """A state database cannot be used; nothing was changed."""


class StoreBusy(StoreError):
    """Another process held the queue manager for longer than the wait allows."""


def _key(key: Any) -> str:
    return json.dumps(key)


class StateStore:
    """One open state database."""

    def __init__(self, path: Path, conn: sqlite3.Connection, *, timeout: float) -> None:
        self.path = path
        self.conn = conn
        self.timeout = timeout
        self.version: dict[str, int] = {}
        self.in_txn = False
        self.dirty: dict[tuple[str, Any], Any] = {}
        self.journal: list[LogRecord] = []
        self.group_max = 1
        self.group_seconds = 0.0
        self.commands = 0
        self.started = 0.0
        self.on_durable: Callable[[], None] | None = None
        self._profile_ids: dict[int, tuple[Any, int]] = {}
        self._profiles: dict[int, Mapping[str, object]] = {}
        self.session: tuple[int, str, str] | None = None

    # ---- opening ---------------------------------------------------------------------------
    @classmethod
    def create(cls, path: Path, qm: QueueManager, definition: Mapping[str, Any], *,
               timeout: float = DEFAULT_TIMEOUT) -> StateStore:
        """Create a database for ``qm`` (refuses to touch an existing file)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            # Owner-only permissions from the start: the state holds a site's configuration.
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        except FileExistsError:
            raise StoreError(f"{path} already exists") from None
        except OSError as error:
            raise StoreError(f"{path}: {error.strerror}") from None
        os.close(fd)
        store = cls(path, _connect(path, timeout), timeout=timeout)
        conn = store.conn
        conn.execute("BEGIN IMMEDIATE")
        for script in MIGRATIONS:
            _run_script(conn, script)
        conn.execute("INSERT INTO meta VALUES ('application', ?), ('schema_version', ?)",
                     (APPLICATION, str(CURRENT)))
        store.add(qm, definition)
        conn.execute("COMMIT")
        store._register()
        return store

    @classmethod
    def open(cls, path: Path, *, timeout: float = DEFAULT_TIMEOUT) -> StateStore:
        """Open an existing database, migrating an older schema; refuse anything else."""
        if not path.is_file():
            raise StoreError(f"no state database at {path}")
        try:
            # Look first, read-only: a foreign or damaged file must not be changed at all
            # (even switching it to WAL would rewrite its header).
            probe = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                version = _check(probe, path)
            finally:
                probe.close()
            conn = _connect(path, timeout)
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{path} is not a usable mqsc state database ({error}); it was "
                             "left untouched") from None
        store = cls(path, conn, timeout=timeout)
        if version < CURRENT:
            store._migrate(version)
        store._register()
        return store

    # ---- sessions --------------------------------------------------------------------------
    def _register(self) -> None:
        """Record this process as a user of the database; forget processes that died."""
        started = time.strftime("%Y-%m-%d %H:%M:%S")
        program = " ".join(["mqsc", *sys.argv[1:2]])
        self.session = (os.getpid(), program[:40], started)
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError:
            return  # busy: the session is only informative; register next time
        for pid, prog, when in list(self.conn.execute("SELECT * FROM session")):
            if not _alive(pid):
                self.conn.execute("DELETE FROM session WHERE pid = ? AND program = ? AND "
                                  "started = ?", (pid, prog, when))
        self.conn.execute("INSERT OR REPLACE INTO session VALUES (?, ?, ?)", self.session)
        self.conn.execute("COMMIT")

    def _unregister(self) -> None:
        if self.session is None:
            return
        try:
            self.conn.execute("DELETE FROM session WHERE pid = ? AND program = ? AND "
                              "started = ?", self.session)
        except sqlite3.OperationalError:
            pass  # busy: a later process removes it as dead

    def _migrate(self, version: int) -> None:
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        for script in MIGRATIONS[version:]:
            _run_script(conn, script)
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(CURRENT),))
        conn.execute("COMMIT")

    def names(self) -> list[str]:
        """Queue managers this database holds."""
        return [r[0] for r in self.conn.execute("SELECT name FROM qmgr ORDER BY name")]

    # ---- writing a whole queue manager -----------------------------------------------------
    def add(self, qm: QueueManager, definition: Mapping[str, Any]) -> None:
        """Write a new queue manager's definition and whole state (inside a transaction)."""
        self.conn.execute("INSERT INTO qmgr VALUES (?, 1, ?)",
                          (qm.name, json.dumps(definition)))
        rows = []
        for table in TABLES:
            for key, value in qm.state.tables[table].items():
                rows.append((qm.name, table, _key(key), 1, self._encode(value)))
        self.conn.executemany("INSERT INTO entity VALUES (?, ?, ?, ?, ?)", rows)
        self._write_log(qm.name, qm.state.journal)
        self.version[qm.name] = 1

    def load(self, name: str) -> QueueManager:
        """Build the queue manager ``name`` from the database (it is not started again)."""
        row = self.conn.execute("SELECT version, definition FROM qmgr WHERE name = ?",
                                (name,)).fetchone()
        if row is None:
            raise StoreError(f"{self.path} holds no queue manager {name}")
        version, definition = row[0], json.loads(row[1])
        qm = QueueManager(
            name, cpf=definition["cpf"], qsg=definition.get("qsg", ""),
            config=QMConfig.from_toml(definition.get("config", "")),
            csqinp1=[TextSource(t, n) for n, t in definition.get("csqinp1", [])],
            csqinp2=[TextSource(t, n) for n, t in definition.get("csqinp2", [])],
        )
        for table in TABLES:
            qm.state.tables[table] = {}
        for table, key, data in self.conn.execute(
                "SELECT tbl, key, data FROM entity WHERE qmgr = ?", (name,)):
            qm.state.tables[table][json.loads(key)] = self._decode(data)
        qm.phase = _phase(qm)
        self.version[name] = version
        return qm

    def attach(self, qm: QueueManager) -> None:
        """Make ``qm`` durable through this store."""
        qm.gate = self
        qm.listeners.append(self._record)

    # ---- the gate: around every command ----------------------------------------------------
    def enter(self, qm: QueueManager) -> None:
        if self.in_txn:
            return
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                self.conn.execute("BEGIN IMMEDIATE")
                break
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) and "busy" not in str(error):
                    raise StoreError(f"{self.path}: {error}") from None
                if time.monotonic() >= deadline:
                    raise StoreBusy(self.busy_message(qm.name)) from None
                time.sleep(0.05)
        self.in_txn = True
        self.started = time.monotonic()
        self.commands = 0
        self._refresh(qm)

    def _record(self, qm: QueueManager, cmd: object, changes: list[Change],
                journal: list[LogRecord]) -> None:
        for change in changes:
            self.dirty[(change.table, change.key)] = change.value
        self.journal.extend(journal)

    def leave(self, qm: QueueManager) -> None:
        """After a command: commit at once, unless grouping (then :meth:`flush_if_due`,
        called by the runner once it holds the command's result, commits the group)."""
        if not self.in_txn:
            return
        self.commands += 1
        if self.group_max <= 1:
            self.flush(qm)

    def flush_if_due(self, qm: QueueManager) -> None:
        """Commit the open group when it is full or old enough; with nothing open (each
        command committed as it ended), what the runner holds is durable already."""
        if not self.in_txn:
            if self.on_durable is not None:
                self.on_durable()
        elif (self.commands >= self.group_max
              or time.monotonic() - self.started >= self.group_seconds):
            self.flush(qm)

    def flush(self, qm: QueueManager) -> None:
        """Commit (or, if nothing changed, release) the open transaction."""
        if not self.in_txn:
            return
        conn = self.conn
        if self.dirty or self.journal:
            version = self.version.get(qm.name, 0) + 1
            self._write(qm.name, version)
            conn.execute("UPDATE qmgr SET version = ? WHERE name = ?", (version, qm.name))
            conn.execute("COMMIT")
            self.version[qm.name] = version
        else:
            conn.execute("ROLLBACK")
        self.in_txn = False
        self.dirty = {}
        self.journal = []
        if self.on_durable is not None:
            self.on_durable()

    def close(self, qm: QueueManager) -> None:
        self.flush(qm)
        self.release()

    def release(self) -> None:
        """Close the database without a queue manager attached (nothing pending)."""
        self._unregister()
        self.conn.close()

    def grouped(self, commands: int, seconds: float) -> None:
        """Keep each transaction open over up to ``commands`` commands or ``seconds``."""
        self.group_max = max(1, commands)
        self.group_seconds = seconds

    # ---- reading what others wrote ---------------------------------------------------------
    def _refresh(self, qm: QueueManager) -> None:
        name = qm.name
        row = self.conn.execute("SELECT version FROM qmgr WHERE name = ?", (name,)).fetchone()
        current = row[0] if row else 0
        known = self.version.get(name, 0)
        if current == known:
            return
        tables = qm.state.tables
        for table, key in self.conn.execute(
                "SELECT tbl, key FROM tombstone WHERE qmgr = ? AND version > ?", (name, known)):
            tables[table].pop(json.loads(key), None)
        for table, key, data in self.conn.execute(
                "SELECT tbl, key, data FROM entity WHERE qmgr = ? AND version > ?",
                (name, known)):
            tables[table][json.loads(key)] = self._decode(data)
        qm.phase = _phase(qm)
        self.version[name] = current

    # ---- writing ---------------------------------------------------------------------------
    def _write(self, name: str, version: int) -> None:
        upserts, deletes = [], []
        for (table, key), value in self.dirty.items():
            k = _key(key)
            if value is None:
                deletes.append((name, table, k))
            else:
                upserts.append((name, table, k, version, self._encode(value)))
        conn = self.conn
        if deletes:
            conn.executemany("DELETE FROM entity WHERE qmgr = ? AND tbl = ? AND key = ?",
                             deletes)
            conn.executemany("INSERT OR REPLACE INTO tombstone VALUES (?, ?, ?, ?)",
                             [(*d, version) for d in deletes])
        if upserts:
            conn.executemany("DELETE FROM tombstone WHERE qmgr = ? AND tbl = ? AND key = ?",
                             [u[:3] for u in upserts])
            conn.executemany("INSERT OR REPLACE INTO entity VALUES (?, ?, ?, ?, ?)", upserts)
        self._write_log(name, self.journal)

    def _write_log(self, name: str, records: list[LogRecord]) -> None:
        if records:
            self.conn.executemany(
                "INSERT OR REPLACE INTO log VALUES (?, ?, ?, ?, ?)",
                [(name, r.rba, r.kind, r.size, json.dumps(dict(r.detail))) for r in records])

    def log_records(self, name: str, since: int = 0) -> list[LogRecord]:
        """The recovery log of ``name`` from RBA ``since`` on (CF structure recovery)."""
        return [LogRecord(rba, kind, size, json.loads(detail)) for rba, kind, size, detail in
                self.conn.execute("SELECT rba, kind, size, detail FROM log WHERE qmgr = ? "
                                  "AND rba >= ? ORDER BY rba", (name, since))]

    # ---- entities as rows ------------------------------------------------------------------
    def _encode(self, value: Any) -> str:
        if isinstance(value, MQObject):
            attrs = value.attrs
            return json.dumps({"kind": "object", "objtype": value.objtype, "name": value.name,
                               "profile": self._profile_id(attrs), "own": dict(attrs.own),
                               "created": value.created, "altered": value.altered})
        return json.dumps(snapshot(value))

    def _decode(self, data: str) -> Any:
        value = json.loads(data)
        if value.get("kind") == "object" and "profile" in value:
            base = self._profile(value["profile"])
            attrs = Attributes(base, MappingProxyType(value["own"]))
            return MQObject(value["objtype"], value["name"], attrs, value["created"],
                            value["altered"])
        return restore(value)

    def _profile_id(self, attrs: Attributes) -> int:
        """The id of an object's shared profile, stored once per distinct content."""
        base = attrs._base  # noqa: SLF001 - the store is the profile's other half
        cached = self._profile_ids.get(id(base))
        if cached is not None and cached[0] is base:
            return cached[1]
        text = json.dumps(dict(base), sort_keys=True)
        digest = hashlib.sha256(text.encode()).hexdigest()
        row = self.conn.execute("SELECT id FROM profile WHERE hash = ?", (digest,)).fetchone()
        if row is None:
            pid = self.conn.execute("INSERT INTO profile (hash, data) VALUES (?, ?)",
                                    (digest, text)).lastrowid
        else:
            pid = row[0]
        self._profile_ids[id(base)] = (base, pid)
        self._profiles[pid] = base
        return pid

    def _profile(self, pid: int) -> Mapping[str, object]:
        profile = self._profiles.get(pid)
        if profile is None:
            row = self.conn.execute("SELECT data FROM profile WHERE id = ?", (pid,)).fetchone()
            profile = MappingProxyType(json.loads(row[0]))
            self._profiles[pid] = profile
            self._profile_ids[id(profile)] = (profile, pid)
        return profile

    # ---- copies ----------------------------------------------------------------------------
    def backup(self, target: Path) -> None:
        """Copy the database to ``target`` (a new file, owner-only), consistent even while
        other processes use it: SQLite's online backup copies one committed state."""
        try:
            fd = os.open(target, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        except FileExistsError:
            raise StoreError(f"{target} already exists") from None
        except OSError as error:
            raise StoreError(f"{target}: {error.strerror}") from None
        os.close(fd)
        copy = sqlite3.connect(target)
        try:
            self.conn.backup(copy)
            copy.execute("DELETE FROM session")
            copy.commit()
        except sqlite3.Error as error:
            copy.close()
            target.unlink(missing_ok=True)
            raise StoreError(f"backup to {target} failed: {error}") from None
        copy.close()

    def remove(self) -> None:
        """Delete the database (``mqsc state reset``), refusing while another process has it
        open; the exclusive lock keeps a new user out until the files are gone."""
        others = self.others()
        if others:
            raise StoreBusy(f"{self.path} is in use by {'; '.join(others)}; nothing was removed")
        try:
            self.conn.execute("BEGIN EXCLUSIVE")
        except sqlite3.OperationalError:
            raise StoreBusy(f"{self.path} is in use by another process; nothing was "
                            "removed") from None
        for suffix in ("-wal", "-shm", ""):
            Path(f"{self.path}{suffix}").unlink(missing_ok=True)
        self.conn.execute("ROLLBACK")
        self.conn.close()

    # ---- who holds it ----------------------------------------------------------------------
    def others(self) -> list[str]:
        """Other live processes that have the database open, as the session table knows."""
        found = []
        try:
            for pid, program, started in self.conn.execute("SELECT * FROM session"):
                if pid != os.getpid() and _alive(pid):
                    found.append(f"process {pid} ({program}, since {started})")
        except sqlite3.OperationalError:
            pass
        return found

    def busy_message(self, name: str) -> str:
        """Who is holding the queue manager, as far as the session table knows."""
        who = "; ".join(self.others()) or "another process"
        return (f"queue manager {name} is in use by {who}: it held {self.path} for more than "
                f"{self.timeout:g} seconds (MQSC_LOCK_TIMEOUT)")


def _alive(pid: int) -> bool:
    """Whether a process exists (signal 0 checks without sending anything)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _connect(path: Path, timeout: float) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=min(timeout, 0.05), isolation_level=None,
                           check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    # FULL: a command is on disk, not just in the OS, before its completion is shown.
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=OFF")
    return conn


def _check(conn: sqlite3.Connection, path: Path) -> int:
    """The schema version of an mqsc database; StoreError for anything else."""
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if "meta" not in tables:
        raise StoreError(f"{path} is not an mqsc state database (it was left untouched)")
    meta = dict(conn.execute("SELECT key, value FROM meta"))
    if meta.get("application") != APPLICATION:
        raise StoreError(f"{path} is not an mqsc state database (it was left untouched)")
    version = int(meta.get("schema_version", "0"))
    if version > CURRENT:
        raise StoreError(f"{path} was written by a newer mqsc (schema {version}; this one "
                         f"knows up to {CURRENT}); it was left untouched")
    return version


def _run_script(conn: sqlite3.Connection, script: str) -> None:
    """Run a migration's statements inside the caller's transaction (``executescript`` would
    commit first, so a failing migration could leave half a schema)."""
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


def _phase(qm: QueueManager) -> Phase:
    return Phase.STOPPED if qm.info.status == "STOPPED" else Phase.RUNNING
