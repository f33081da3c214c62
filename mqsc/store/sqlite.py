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

Opening (:meth:`open`) validates the file read-only before anything is written; creating
(:meth:`create`) builds the database aside and links it into place whole; every opener holds
the database's lease (:mod:`mqsc.store.lease`) until it closes, and :meth:`reset` removes a
database only with the lease held exclusively (docs/state.md).
"""

from __future__ import annotations

import glob
import hashlib
import json
import os
import re
import sqlite3
import time
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

from mqsc.catalog import FAMILIES, zparm
from mqsc.catalog.queues import ADDED_ATTRIBUTES
from mqsc.engine.collaborators import Collaborators, Committed, Probes
from mqsc.engine.config import QMConfig
from mqsc.engine.group import CFRMPolicy, Group
from mqsc.engine.log import LogRecord
from mqsc.engine.manager import Clock, QueueManager
from mqsc.engine.mqobjects import Attributes, MQObject
from mqsc.engine.serial import attribute_values, restore, snapshot
from mqsc.engine.state import GROUP_TABLES, PRIVATE_TABLES, Change
from mqsc.language.source import Source as TextSource
from mqsc.store.errors import StoreBusy, StoreError
from mqsc.store.lease import Lease, alive, describe, handle_owner_alive, owner_alive
from mqsc.store.schema import APPLICATION, CURRENT, MIGRATIONS
from mqsc.store.settings import strict_mode
from mqsc.support.files import FileError, StrPath, check_private, open_private
from mqsc.support.memo import IdentityMemo

#: The probes of a queue manager shared between processes through a state database: whether a
#: handle's holder (``pid:thread``) or a connection's owning process (``pid.start``) still runs.
PROBES = Probes(handle=handle_owner_alive, connection=owner_alive)


def lock_timeout() -> float:
    """Seconds a command waits for another process holding the queue manager
    (``$MQSC_LOCK_TIMEOUT``, default 10)."""
    text = os.environ.get("MQSC_LOCK_TIMEOUT", "")
    if not text.strip():
        return 10.0
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise StoreError(
            f"MQSC_LOCK_TIMEOUT={text!r} is not a number of seconds (such as 10 or 0.5)"
        )
    return value


def _key(key: Any) -> str:
    return json.dumps(key)


#: What a damaged database's rows can raise while they are decoded into objects.
_DECODE_ERRORS = (
    sqlite3.DatabaseError,
    ValueError,
    KeyError,
    TypeError,
    AttributeError,
    IndexError,
)


class StateStore:
    """One open state database."""

    def __init__(
        self, path: Path, conn: sqlite3.Connection, *, timeout: float, lease: Lease | None = None
    ) -> None:
        self.path = path
        self.conn = conn
        self.timeout = timeout
        self.lease = lease
        self.version: dict[str, int] = {}
        self.in_txn = False
        self.dirty: dict[tuple[str, str, Any], Any] = {}
        #: Log records not yet written, with the queue manager that wrote each.
        self.journal: list[tuple[str, LogRecord]] = []
        self.group_max = 1
        self.group_seconds = 0.0
        self.commands = 0
        self.started = 0.0
        self.on_durable: Callable[[], None] | None = None
        self._profile_ids: IdentityMemo[Mapping[str, object], int] = IdentityMemo()
        self._profiles: dict[int, Mapping[str, object]] = {}
        #: The queue managers this store serves, by name (a group's members share it).
        self.held: list[str] = []

    # ---- opening ---------------------------------------------------------------------------
    @classmethod
    def create(
        cls,
        path: StrPath,
        qm: QueueManager,
        definition: Mapping[str, Any],
        *,
        timeout: float | None = None,
        lease: Lease | None = None,
    ) -> StateStore | None:
        """Create a database for ``qm``; None when another process created it meanwhile (the
        caller opens that one).

        Built aside (``state.db.creating-PID``) and linked into place only when complete, so a
        kill during creation leaves either no database or a whole one, never half of one."""
        path = Path(path)
        timeout = lock_timeout() if timeout is None else timeout
        sweep_unfinished(path)
        check_files(path)
        aside = path.with_name(f"{path.name}.creating-{os.getpid()}")
        for suffix in ("", "-journal", "-wal", "-shm"):
            Path(f"{aside}{suffix}").unlink(missing_ok=True)
        _create_private(aside)
        try:
            conn = sqlite3.connect(aside, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            aside.unlink(missing_ok=True)
            raise StoreError(f"cannot create {path}: {error}") from None
        store = cls(path, conn, timeout=timeout, lease=lease)
        try:
            # Nothing to roll back: an unfinished file is discarded, never used.
            conn.execute("PRAGMA journal_mode=OFF")
            conn.execute("PRAGMA synchronous=OFF")
            conn.execute("BEGIN IMMEDIATE")
            for script in MIGRATIONS:
                _run_script(conn, script)
            conn.execute(
                "INSERT INTO meta VALUES ('application', ?), ('schema_version', ?)",
                (APPLICATION, str(CURRENT)),
            )
            store.add(qm, definition)
            conn.execute("COMMIT")
            conn.execute("PRAGMA journal_mode=WAL")
            conn.close()
            _fsync(aside)
            try:
                os.link(aside, path)
            except FileExistsError:
                return None  # another process finished first: use its database
            except OSError:
                # A file system without hard links: rename (the lease keeps resets out, and
                # the existence check above makes a clash with a creator unlikely).
                os.replace(aside, path)
            _fsync(path.parent)
        except sqlite3.Error as error:
            raise StoreError(f"cannot create {path}: {error}") from None
        except OSError as error:
            raise StoreError(f"cannot create {path}: {error.strerror}") from None
        finally:
            conn.close()
            for suffix in ("", "-journal", "-wal", "-shm"):
                Path(f"{aside}{suffix}").unlink(missing_ok=True)
        try:
            store.conn = _connect(path, timeout)
        except sqlite3.Error as error:
            raise StoreError(f"cannot open {path}: {error}") from None
        return store

    @classmethod
    def open(
        cls, path: StrPath, *, timeout: float | None = None, lease: Lease | None = None
    ) -> StateStore:
        """Open an existing database, migrating an older schema; refuse anything else.

        Nothing is written until the file has been validated read-only (schema, SQLite's
        quick check); the caller loads the queue manager, then :meth:`activate` switches the
        file to WAL if it is not already."""
        path = Path(path)
        timeout = lock_timeout() if timeout is None else timeout
        if not path.is_file():
            raise _missing(path)
        sweep_unfinished(path)
        check_files(path)
        try:
            # Look first, read-only: a foreign or damaged file must not be changed at all
            # (even switching it to WAL would rewrite its header).
            probe = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                version = _check(probe, path)
                if version < CURRENT:
                    _decode_rows(probe)
            finally:
                probe.close()
            conn = _connect(path, timeout)
        except sqlite3.OperationalError as error:
            # Not the file's content: SQLite could not open it, or its -wal or -shm beside it
            # (a directory of that name, a file it may not write).
            raise StoreError(f"cannot open {path}: {error}") from None
        except _DECODE_ERRORS as error:
            raise _unusable(path, error) from None
        store = cls(path, conn, timeout=timeout, lease=lease)
        if version < CURRENT:
            store._migrate(version)
        return store

    def activate(self) -> None:
        """After the queue manager was loaded: WAL journal (readers never wait for a writer),
        the only change opening makes to a file, made once it is known to be good."""
        try:
            if self.conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                self.conn.execute("PRAGMA journal_mode=WAL")
        except sqlite3.OperationalError:
            pass  # busy: another process uses it in rollback mode; the next opener switches

    @classmethod
    def reset(cls, path: StrPath) -> None:
        """``mqsc state reset``: delete the database, refused while any process has it open
        (its lease) and for a file that is not a usable mqsc database."""
        path = Path(path)
        if not path.is_file():
            raise _missing(path)
        check_files(path)
        lease = Lease.exclusive(path)
        try:
            if unfinished(path):
                discard(path)
                lease.remove()
                return
            store = cls.open(path, timeout=0, lease=lease)
            try:
                store.conn.execute("BEGIN EXCLUSIVE")
            except sqlite3.OperationalError:
                store.conn.close()
                raise StoreBusy(
                    f"{path} is in use by another process; nothing was removed"
                ) from None
            try:
                for suffix in ("-wal", "-shm", ""):
                    Path(f"{path}{suffix}").unlink(missing_ok=True)
            except OSError as error:
                store.conn.close()
                raise StoreBusy(
                    f"{path} could not be removed ({error.strerror}): in use by {describe(path)}"
                ) from None
            store.conn.execute("ROLLBACK")
            store.conn.close()
            lease.remove()
        finally:
            lease.release()

    def _migrate(self, version: int) -> None:
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        for script in MIGRATIONS[version:]:
            _run_script(conn, script)
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(CURRENT),))
        conn.execute("COMMIT")

    def names(self) -> list[str]:
        """Queue managers this database holds."""
        return [
            r[0]
            for r in self.conn.execute(
                "SELECT name FROM qmgr WHERE name NOT LIKE 'QSG:%' ORDER BY name"
            )
        ]

    def groups(self) -> list[str]:
        """Queue sharing groups this database holds."""
        return [
            r[0][4:]
            for r in self.conn.execute(
                "SELECT name FROM qmgr WHERE name LIKE 'QSG:%' ORDER BY name"
            )
        ]

    # ---- explicit transactions (adding members) --------------------------------------------
    def begin(self) -> None:
        self.conn.execute("BEGIN IMMEDIATE")

    def commit(self) -> None:
        self.conn.execute("COMMIT")

    def rollback(self) -> None:
        self.conn.execute("ROLLBACK")

    # ---- writing a whole queue manager -----------------------------------------------------
    def add(self, qm: QueueManager, definition: Mapping[str, Any]) -> None:
        """Write a new queue manager's definition and whole state (inside a transaction).

        A member of a queue sharing group also (re)writes the group's shared tables, under
        the group's own row (its first member creates it)."""
        self.conn.execute("INSERT INTO qmgr VALUES (?, 1, ?)", (qm.name, json.dumps(definition)))
        rows = []
        for table in PRIVATE_TABLES:
            for key, value in qm.state.tables[table].items():
                rows.append((qm.name, table, _key(key), 1, self._encode(value)))
        self.conn.executemany("INSERT INTO entity VALUES (?, ?, ?, ?, ?)", rows)
        self._write_log((qm.name, r) for r in qm.state.journal)
        self.version[qm.name] = 1
        self.held.append(qm.name)
        if qm.group is not None:
            self._write_group(qm.group)

    def _write_group(self, group: Group) -> None:
        owner = group_owner(group.name)
        row = self.conn.execute("SELECT version FROM qmgr WHERE name = ?", (owner,)).fetchone()
        version = (row[0] if row else 0) + 1
        definition = json.dumps({"qsg": group.name, "cfrm": group.cfrm.to_toml()})
        self.conn.execute(
            "INSERT OR REPLACE INTO qmgr VALUES (?, ?, ?)", (owner, version, definition)
        )
        self.conn.execute("DELETE FROM entity WHERE qmgr = ?", (owner,))
        self.conn.executemany(
            "INSERT INTO entity VALUES (?, ?, ?, ?, ?)",
            [
                (owner, table, _key(key), version, self._encode(value))
                for table in GROUP_TABLES
                for key, value in group.tables[table].items()
            ],
        )
        self.version[owner] = version

    def collaborators(self, given: Collaborators | None = None) -> Collaborators:
        """What a queue manager durable through this store works with: what the front end
        ``given`` (such as the home's RACF database), with this store as its gate and the
        probes of the processes sharing it."""
        return replace(given or Collaborators(), gate=self, probes=PROBES)

    def load(
        self, name: str, clock: Clock | None = None, *, given: Collaborators | None = None
    ) -> QueueManager:
        """Build the queue manager ``name`` from the database (it is not started again), with
        this store as its gate; a member of a queue sharing group comes with its group and the
        other members. ``clock``: the queue managers' clock (default: the time of day);
        ``given``: what the front end gives them besides (:meth:`collaborators`).

        A row that cannot be decoded (a damaged page, bad JSON, a missing table) is a
        StoreError: nothing has been written yet (:meth:`open`), so the file is untouched."""
        try:
            return self._load(name, clock, given)
        except _DECODE_ERRORS as error:
            raise _unusable(self.path, error) from None

    def _load(self, name: str, clock: Clock | None, given: Collaborators | None) -> QueueManager:
        definition = self._definition(name)
        qsg = definition.get("qsg", "")
        if qsg and self._definition_or_none(group_owner(qsg)) is not None:
            return self._load_group(qsg, clock, given=given).members[name]
        return self._load_member(name, definition, None, clock, given=given)

    def _definition(self, name: str) -> dict[str, Any]:
        definition = self._definition_or_none(name)
        if definition is None:
            raise StoreError(f"{self.path} holds no queue manager {name}")
        return definition

    def _definition_or_none(self, name: str) -> dict[str, Any] | None:
        row = self.conn.execute("SELECT definition FROM qmgr WHERE name = ?", (name,)).fetchone()
        return json.loads(row[0]) if row is not None else None

    def _load_member(
        self,
        name: str,
        definition: Mapping[str, Any],
        group: Group | None,
        clock: Clock | None,
        served: bool = True,
        given: Collaborators | None = None,
    ) -> QueueManager:
        version = self.conn.execute("SELECT version FROM qmgr WHERE name = ?", (name,)).fetchone()[
            0
        ]
        tables = self._rows(name, PRIVATE_TABLES)
        qm = QueueManager(
            name,
            cpf=definition["cpf"],
            qsg=definition.get("qsg", ""),
            config=QMConfig.from_toml(definition.get("config", "")),
            csqinp1=[TextSource(t, n) for n, t in definition.get("csqinp1", [])],
            csqinp2=[TextSource(t, n) for n, t in definition.get("csqinp2", [])],
            group=group,
            parameters=_parameters(definition),
            module=str(definition.get("module") or zparm.DEFAULT_MODULE),
            strict=strict_mode(),
            clock=clock,
            collaborators=self.collaborators(given) if served else given,
            tables=tables,
        )
        self.version[name] = version
        if served and name not in self.held:
            self.held.append(name)
        return qm

    def load_group(
        self,
        qsg: str,
        clock: Clock | None = None,
        *,
        served: bool = True,
        given: Collaborators | None = None,
    ) -> Group:
        """A queue sharing group and every member this database holds; ``served``: the
        members use this store as their gate (False: a picture of the group as stored);
        ``given``: what the front end gives the members besides (:meth:`collaborators`)."""
        try:
            return self._load_group(qsg, clock, served, given)
        except _DECODE_ERRORS as error:
            raise _unusable(self.path, error) from None

    def _load_group(
        self,
        qsg: str,
        clock: Clock | None,
        served: bool = True,
        given: Collaborators | None = None,
    ) -> Group:
        owner = group_owner(qsg)
        definition = self._definition(owner)
        version = self.conn.execute("SELECT version FROM qmgr WHERE name = ?", (owner,)).fetchone()[
            0
        ]
        rows = self._rows(owner, GROUP_TABLES)
        tables = {t: rows.get(t, {}) for t in GROUP_TABLES}
        cfrm = CFRMPolicy.from_data(tomllib.loads(definition.get("cfrm", "")))
        group = Group(qsg, cfrm=cfrm, tables=tables)
        self.version[owner] = version
        for name in self.names():
            member = self._definition(name)
            if member.get("qsg", "") == qsg:
                self._load_member(name, member, group, clock, served, given)
        return group

    def _rows(self, owner: str, known: Iterable[str]) -> dict[str, dict[Any, Any]]:
        """An owner's rows, by table (each of ``known``) and key: what the engine builds a
        queue manager or a group from (and brings up to this version's derived state,
        :func:`mqsc.engine.serial.upgrade`). A row of another table is damage (KeyError)."""
        found: dict[str, dict[Any, Any]] = {table: {} for table in known}
        for table, key, data in self.conn.execute(
            "SELECT tbl, key, data FROM entity WHERE qmgr = ?", (owner,)
        ):
            found[table][json.loads(key)] = self._decode(data)
        return found

    # ---- the gate: around every command ----------------------------------------------------
    def enter(self, qm: QueueManager) -> list[Committed]:
        """Take the database's write lock and hand back what other processes committed since
        this process last looked (the queue manager applies it)."""
        if self.in_txn:
            return []
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
        return self._committed(qm)

    def record(self, qm: QueueManager, changes: list[Change], journal: list[LogRecord]) -> None:
        """A transaction the queue manager commits: written with the open SQL transaction."""
        for change in changes:
            self.dirty[(owner_of(qm, change.table), change.table, change.key)] = change.value
        self.journal.extend((qm.name, record) for record in journal)

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
        elif (
            self.commands >= self.group_max or time.monotonic() - self.started >= self.group_seconds
        ):
            self.flush(qm)

    def flush(self, qm: QueueManager) -> None:
        """Commit (or, if nothing changed, release) the open transaction."""
        if not self.in_txn:
            return
        conn = self.conn
        if self.dirty or self.journal:
            owners = {o for o, _, _ in self.dirty} | {name for name, _ in self.journal}
            versions = {o: self.version.get(o, 0) + 1 for o in owners}
            self._write(versions)
            conn.executemany(
                "UPDATE qmgr SET version = ? WHERE name = ?", [(v, o) for o, v in versions.items()]
            )
            conn.execute("COMMIT")
            self.version.update(versions)
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

    def abandon(self, qm: QueueManager) -> None:
        """Give up the open transaction after a commit failed: roll it back, forget the
        changes it held and close. The caller drops ``qm`` (its memory holds what the disk
        does not) and opens the queue manager again from the database."""
        try:
            if self.in_txn:
                self.conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # SQLite rolled back already (a failed COMMIT may end the transaction)
        self.in_txn = False
        self.dirty = {}
        self.journal = []
        try:
            self.release()
        except sqlite3.Error:
            pass

    def release(self) -> None:
        """Close the database without a queue manager attached (nothing pending); the lease
        goes last (closing the connection first, so no one removes a file still in use)."""
        self.conn.close()
        if self.lease is not None:
            self.lease.release()
            self.lease = None

    def grouped(self, commands: int, seconds: float) -> None:
        """Keep each transaction open over up to ``commands`` commands or ``seconds``."""
        self.group_max = max(1, commands)
        self.group_seconds = seconds

    # ---- reading what others wrote ---------------------------------------------------------
    def _committed(self, qm: QueueManager) -> list[Committed]:
        """What other processes committed: to this queue manager, to the other members of its
        group served here, and to the group's shared tables."""
        found = []
        for name in self.held or [qm.name]:
            changes = self._since(name)
            if changes is not None:
                found.append(Committed(name, changes))
        if qm.group is not None:
            changes = self._since(group_owner(qm.group.name))
            if changes is not None:
                found.append(Committed(qm.group.name, changes, group=True))
        return found

    def _since(self, owner: str) -> tuple[Change, ...] | None:
        """An owner's rows changed since this process last looked (a deletion's value is
        None), in the order to apply them; None when its version has not moved."""
        row = self.conn.execute("SELECT version FROM qmgr WHERE name = ?", (owner,)).fetchone()
        current = row[0] if row else 0
        known = self.version.get(owner, 0)
        if current == known:
            return None
        changes = [
            Change(table, json.loads(key), None)
            for table, key in self.conn.execute(
                "SELECT tbl, key FROM tombstone WHERE qmgr = ? AND version > ?", (owner, known)
            )
        ]
        changes += [
            Change(table, json.loads(key), self._decode(data))
            for table, key, data in self.conn.execute(
                "SELECT tbl, key, data FROM entity WHERE qmgr = ? AND version > ?", (owner, known)
            )
        ]
        self.version[owner] = current
        return tuple(changes)

    # ---- writing ---------------------------------------------------------------------------
    def _write(self, versions: Mapping[str, int]) -> None:
        upserts, deletes = [], []
        for (owner, table, key), value in self.dirty.items():
            k = _key(key)
            if value is None:
                deletes.append((owner, table, k, versions[owner]))
            else:
                upserts.append((owner, table, k, versions[owner], self._encode(value)))
        conn = self.conn
        if deletes:
            conn.executemany(
                "DELETE FROM entity WHERE qmgr = ? AND tbl = ? AND key = ?",
                [d[:3] for d in deletes],
            )
            conn.executemany("INSERT OR REPLACE INTO tombstone VALUES (?, ?, ?, ?)", deletes)
        if upserts:
            conn.executemany(
                "DELETE FROM tombstone WHERE qmgr = ? AND tbl = ? AND key = ?",
                [u[:3] for u in upserts],
            )
            conn.executemany("INSERT OR REPLACE INTO entity VALUES (?, ?, ?, ?, ?)", upserts)
        self._write_log(self.journal)

    def _write_log(self, records: Iterable[tuple[str, LogRecord]]) -> None:
        # One statement for the whole group: a statement per record cost a fifth of a
        # durable deck's store time (50,000 DEFINEs write 50,000 records).
        self.conn.executemany(
            "INSERT OR REPLACE INTO log VALUES (?, ?, ?, ?, ?)",
            [(name, r.rba, r.kind, r.size, json.dumps(dict(r.detail))) for name, r in records],
        )

    def log_records(self, name: str, since: int = 0) -> list[LogRecord]:
        """The recovery log of ``name`` from RBA ``since`` on (CF structure recovery),
        including records of commands committed in the open group but not yet written."""
        stored = [
            LogRecord(rba, kind, size, json.loads(detail))
            for rba, kind, size, detail in self.conn.execute(
                "SELECT rba, kind, size, detail FROM log WHERE qmgr = ? AND rba >= ? ORDER BY rba",
                (name, since),
            )
        ]
        pending = [r for n, r in self.journal if n == name and r.rba >= since]
        return stored + pending

    # ---- entities as rows ------------------------------------------------------------------
    def _encode(self, value: Any) -> str:
        if isinstance(value, MQObject):
            attrs = value.attrs
            return json.dumps(
                {
                    "kind": "object",
                    "objtype": value.objtype,
                    "name": value.name,
                    "profile": self._profile_id(attrs),
                    "own": dict(attrs.own),
                    "created": value.created,
                    "altered": value.altered,
                }
            )
        return json.dumps(snapshot(value))

    def _decode(self, data: str) -> Any:
        value = json.loads(data)
        if value.get("kind") == "object" and "profile" in value:
            base = self._profile(value["profile"])
            own = _with_added(value["objtype"], base, attribute_values(value["own"]))
            attrs = Attributes(base, MappingProxyType(own))
            return MQObject(
                value["objtype"], value["name"], attrs, value["created"], value["altered"]
            )
        return restore(value)

    def _profile_id(self, attrs: Attributes) -> int:
        """The id of an object's shared profile, stored once per distinct content."""
        base = attrs._base  # noqa: SLF001 - the store is the profile's other half
        cached = self._profile_ids.get(base)
        if cached is not None:
            return cached
        text = json.dumps(dict(base), sort_keys=True)
        digest = hashlib.sha256(text.encode()).hexdigest()
        row = self.conn.execute("SELECT id FROM profile WHERE hash = ?", (digest,)).fetchone()
        if row is None:
            pid = cast(
                int,
                self.conn.execute(
                    "INSERT INTO profile (hash, data) VALUES (?, ?)", (digest, text)
                ).lastrowid,
            )
        else:
            pid = row[0]
        self._profile_ids.put(base, pid)
        self._profiles[pid] = base
        return pid

    def _profile(self, pid: int) -> Mapping[str, object]:
        profile = self._profiles.get(pid)
        if profile is None:
            row = self.conn.execute("SELECT data FROM profile WHERE id = ?", (pid,)).fetchone()
            profile = MappingProxyType(attribute_values(json.loads(row[0])))
            self._profiles[pid] = profile
            self._profile_ids.put(profile, pid)
        return profile

    # ---- copies ----------------------------------------------------------------------------
    def backup(self, target: StrPath) -> None:
        """Copy the database to ``target`` (a new file, owner-only), consistent even while
        other processes use it: SQLite's online backup copies one committed state."""
        target = Path(target)
        _create_private(target)
        copy = sqlite3.connect(target)
        try:
            self.conn.backup(copy)
            copy.execute("DELETE FROM session")  # rows of mqsc before the lock file
            copy.commit()
        except sqlite3.Error as error:
            copy.close()
            target.unlink(missing_ok=True)
            raise StoreError(f"backup to {target} failed: {error}") from None
        copy.close()

    def remove(self) -> None:
        """Delete the database (``mqsc state reset``), refusing while any other process has
        it open: this store lets go of it first, then :meth:`reset` takes it exclusively."""
        self.release()
        type(self).reset(self.path)

    # ---- who holds it ----------------------------------------------------------------------
    def busy_message(self, name: str) -> str:
        """Who is holding the queue manager, as the lock file names its users."""
        who = describe(self.path, exclude_self=True)
        return (
            f"queue manager {name} is in use by {who}: it held {self.path} for more than "
            f"{self.timeout:g} seconds (MQSC_LOCK_TIMEOUT)"
        )


def _create_private(path: Path) -> None:
    """Create an empty file with owner-only permissions (the state holds a site's
    configuration); never touch one that exists."""
    try:
        fd = open_private(path, os.O_WRONLY, "state database", create=True, exclusive=True)
    except FileExistsError:
        raise StoreError(f"{path} already exists") from None
    except FileError as error:
        raise StoreError(str(error)) from None
    os.close(fd)


#: What SQLite keeps beside a database, and the lease's lock file.
COMPANIONS = ("-wal", "-shm", "-journal", "-lock")


def check_files(path: Path) -> None:
    """Refuse a state database, or a file SQLite or the lease keeps beside it, that is a
    symbolic link, not a regular file (a directory named ``qm.db-wal``), owned by another
    user or writable by group or others: SQLite would follow such a name, or fail on it
    half-way through a command."""
    try:
        check_private(path, "state database")
        for suffix in COMPANIONS:
            check_private(f"{path}{suffix}", "state file")
    except FileError as error:
        raise StoreError(str(error)) from None


def group_owner(qsg: str) -> str:
    """The row name a queue sharing group's shared tables are stored under (queue manager
    names cannot contain a colon, so it never clashes with one)."""
    return f"QSG:{qsg}"


def owner_of(qm: QueueManager, table: str) -> str:
    """Whose row a change of ``table`` made by ``qm`` belongs to: the group's for the shared
    tables of a member, else the queue manager's."""
    if qm.group is not None and table in GROUP_TABLES:
        return group_owner(qm.group.name)
    return qm.name


def _connect(path: Path, timeout: float) -> sqlite3.Connection:
    conn = sqlite3.connect(
        path, timeout=min(timeout, 0.05), isolation_level=None, check_same_thread=False
    )
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
        raise StoreError(
            f"{path} was written by a newer mqsc (schema {version}; this one "
            f"knows up to {CURRENT}); it was left untouched"
        )
    missing = sorted(_tables(version) - tables)
    if missing:
        raise sqlite3.DatabaseError(f"missing table {', '.join(missing)}")
    # Reads every page: a damaged one is found now, before anything is written.
    problems = [row[0] for row in conn.execute("PRAGMA quick_check(3)")]
    if problems != ["ok"]:
        raise sqlite3.DatabaseError("; ".join(problems))
    return version


def _tables(version: int) -> set[str]:
    """The tables schema ``version`` has."""
    return {
        m.group(1)
        for script in MIGRATIONS[:version]
        for m in re.finditer(r"CREATE TABLE (\w+)", script)
    }


def _with_added(
    objtype: str, base: Mapping[str, object], own: dict[str, object]
) -> dict[str, object]:
    """An object's own attributes, with the default of each attribute its type gained after it
    was saved (``ADDED_ATTRIBUTES``) and it lacks."""
    family = FAMILIES.get(objtype)
    for name in ADDED_ATTRIBUTES.get(objtype, ()):
        if name not in own and name not in base and family is not None:
            own[name] = family.attributes[name].default
    return own


def _decode_rows(conn: sqlite3.Connection) -> None:
    """Every JSON column decodes (before a migration writes to an older file)."""
    for query in (
        "SELECT definition FROM qmgr",
        "SELECT data FROM entity",
        "SELECT key FROM entity",
        "SELECT data FROM profile",
        "SELECT detail FROM log",
    ):
        for (text,) in conn.execute(query):
            json.loads(text)


def unfinished(path: Path) -> bool:
    """Whether ``path`` is what a creation killed before it finished left behind (by mqsc
    before creation was atomic): an empty file, or an SQLite database without a single table.
    Neither holds anything to lose."""
    try:
        if path.stat().st_size == 0:
            return True
        probe = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return probe.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
        finally:
            probe.close()
    except (OSError, sqlite3.Error):
        return False


def discard(path: Path) -> None:
    """Remove an unfinished database and what SQLite kept beside it."""
    for suffix in ("-wal", "-shm", ""):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def _missing(path: Path) -> StoreError:
    if path.is_symlink():
        return StoreError(f"{path} is a symbolic link to {os.readlink(path)}, which does not exist")
    if path.exists():
        return StoreError(f"{path} is not a file")
    return StoreError(f"no state database at {path}")


def _unusable(path: Path, error: BaseException) -> StoreError:
    detail = " ".join(str(error).split()) or type(error).__name__  # one line
    return StoreError(
        f"{path} is not a usable mqsc state database ({detail}); it was left untouched"
    )


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def sweep_unfinished(path: Path) -> None:
    """Remove what creations killed before they finished left beside ``path``: a database
    being built by a process that is gone, or the creation name of one already linked into
    place (a kill between the link and the unlink leaves it as a second name of the live
    database, docs/state.md), with what SQLite kept beside them."""
    try:
        leftovers = list(path.parent.glob(f"{glob.escape(path.name)}.creating-*"))
        live = os.lstat(path) if os.path.lexists(path) else None
    except OSError:
        return
    for leftover in leftovers:
        pid = leftover.name.rsplit("-", 1)[-1]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            info = os.lstat(leftover)
        except OSError:
            continue
        linked = live is not None and (info.st_dev, info.st_ino) == (live.st_dev, live.st_ino)
        if linked or not alive(int(pid)):
            for suffix in ("", "-journal", "-wal", "-shm"):
                try:
                    Path(f"{leftover}{suffix}").unlink(missing_ok=True)
                except OSError:
                    pass


def _run_script(conn: sqlite3.Connection, script: str) -> None:
    """Run a migration's statements inside the caller's transaction (``executescript`` would
    commit first, so a failing migration could leave half a schema)."""
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


def _parameters(definition: Mapping[str, Any]) -> dict[str, object] | None:
    """The system parameter values of a stored definition (None: IBM's defaults). The source
    was assembled cleanly when the queue manager was created."""
    source = definition.get("zparm")
    if not source:
        return None
    from mqsc.language import zparmsource  # noqa: PLC0415 - start-up: the macro reader only for a home's own parameter module

    return zparmsource.assemble(source[1]).values()
