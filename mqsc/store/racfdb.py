"""The mqsc home's security database: ``$MQSC_HOME/racf/racf.db``, the RACF database every
queue manager of the home shares (as the queue managers of one z/OS image share one).

SQLite (standard library), owner-only, one row per user, group and general resource profile,
one row per in-storage (RACLISTed) class copy, and the options. Each TSO command is one
``BEGIN IMMEDIATE`` transaction: read, change (:mod:`mqsc.racf.actions`, pure), write the
records that changed, count the version up, commit; so two processes administering RACF at
once each see the other's committed commands and never half of one. Readers (the queue
managers' checks) keep the database they read last and reload only when the version moved.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict
from pathlib import Path
from types import MappingProxyType
from typing import Any

from mqsc.catalog import racf
from mqsc.racf.actions import Issuer, Outcome, run
from mqsc.racf.database import (
    Connect,
    Database,
    Group,
    Options,
    Permit,
    Profile,
    User,
    fresh,
)
from mqsc.store.errors import StoreError
from mqsc.support.files import FileError, check_private, private_dir

APPLICATION = "mqsc-racf"
SCHEMA = 1
_TABLES = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE users (userid TEXT PRIMARY KEY, data TEXT NOT NULL)",
    "CREATE TABLE groups (name TEXT PRIMARY KEY, data TEXT NOT NULL)",
    "CREATE TABLE profiles (cls TEXT NOT NULL, name TEXT NOT NULL, data TEXT NOT NULL, "
    "PRIMARY KEY (cls, name))",
    "CREATE TABLE instorage (cls TEXT PRIMARY KEY, data TEXT NOT NULL)",
)


def default_path(home: Path) -> Path:
    """The security database of an mqsc home."""
    return home / "racf" / "racf.db"


# ---- records as JSON ---------------------------------------------------------------------------
def _user(data: Mapping[str, Any]) -> User:
    fields = dict(data)
    fields["connects"] = tuple(Connect(**c) for c in fields.get("connects", ()))
    return User(**fields)


def _profile(data: Mapping[str, Any]) -> Profile:
    fields = dict(data)
    fields["permits"] = tuple(Permit(**p) for p in fields.get("permits", ()))
    return Profile(**fields)


def _options(data: Mapping[str, Any]) -> Options:
    values: dict[str, Any] = {
        k: (frozenset(v) if isinstance(v, list) else v) for k, v in data.items()
    }
    return Options(**values)


def _options_data(options: Options) -> dict[str, Any]:
    return {k: (sorted(v) if isinstance(v, frozenset) else v) for k, v in asdict(options).items()}


def _dump(record: Any) -> str:
    return json.dumps(asdict(record), sort_keys=True, separators=(",", ":"))


class SecurityStore:
    """One open security database."""

    def __init__(self, path: Path, conn: sqlite3.Connection, timeout: float = 10.0) -> None:
        self.path = path
        self._conn: sqlite3.Connection | None = conn
        self.timeout = timeout
        self._db: Database | None = None
        self._version = -1

    @property
    def conn(self) -> sqlite3.Connection:
        """The connection (opened again after :meth:`close`: a scratch copy of a queue manager
        may read RACF after the queue manager it was copied from closed it)."""
        if self._conn is None:
            try:
                self._conn = sqlite3.connect(
                    self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False
                )
            except sqlite3.Error as error:
                raise StoreError(f"{self.path} cannot be opened: {error}") from None
        return self._conn

    # ---- opening -------------------------------------------------------------------------
    @classmethod
    def open(
        cls, path: Path, *, timeout: float = 10.0, queue_managers: Iterable[str] = ()
    ) -> SecurityStore:
        """Open the database at ``path``, creating it (fresh, with security off for
        ``queue_managers``) when it does not exist."""
        try:
            private_dir(path.parent, "security directory")
            check_private(path, "security database")
            if not path.exists():
                fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
                os.close(fd)
                os.chmod(path, 0o600)
            conn = sqlite3.connect(
                path, timeout=timeout, isolation_level=None, check_same_thread=False
            )
        except FileError as error:
            raise StoreError(str(error)) from None
        except OSError as error:
            raise StoreError(f"{path}: {error.strerror}") from None
        except sqlite3.Error as error:
            raise StoreError(f"{path} cannot be opened: {error}") from None
        store = cls(path, conn, timeout)
        try:
            store._check()  # before anything is written: a foreign file stays as it was
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            store._create_if_empty(queue_managers)
        except sqlite3.DatabaseError as error:
            conn.close()
            raise StoreError(
                f"{path} is not a usable mqsc security database ({error}); it was left untouched"
            ) from None
        except StoreError:
            conn.close()
            raise
        return store

    def _create_if_empty(self, queue_managers: Iterable[str]) -> None:
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            tables = {
                r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
            if not tables:
                for statement in _TABLES:
                    self.conn.execute(statement)
                self.conn.executemany(
                    "INSERT INTO meta VALUES (?, ?)",
                    (
                        ("application", APPLICATION),
                        ("schema", str(SCHEMA)),
                        ("version", "0"),
                        ("options", "{}"),
                    ),
                )
                db = with_security_off(fresh(), queue_managers)
                self._write(Database(), db)
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise

    def _check(self) -> None:
        tables = {
            r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        if not tables:
            return  # new: created next
        meta = dict(self.conn.execute("SELECT key, value FROM meta")) if "meta" in tables else {}
        if meta.get("application") != APPLICATION:
            raise StoreError(
                f"{self.path} is not an mqsc security database: refused, nothing was changed"
            )
        if int(meta.get("schema", "0")) > SCHEMA:
            raise StoreError(
                f"{self.path} was written by a newer mqsc (schema "
                f"{meta['schema']}): refused, nothing was changed"
            )

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    # ---- reading -------------------------------------------------------------------------
    def version(self) -> int:
        row = self.conn.execute("SELECT value FROM meta WHERE key='version'").fetchone()
        return int(row[0])

    def read(self) -> Database:
        """The database as committed now (the one read last when nothing changed since)."""
        version = self.version()
        if self._db is None or version != self._version:
            self._db = self._load(version)
            self._version = version
        return self._db

    def _load(self, version: int) -> Database:
        users = {
            u: _user(json.loads(d)) for u, d in self.conn.execute("SELECT userid, data FROM users")
        }
        groups = {
            g: Group(**json.loads(d)) for g, d in self.conn.execute("SELECT name, data FROM groups")
        }
        profiles = {
            (c, n): _profile(json.loads(d))
            for c, n, d in self.conn.execute("SELECT cls, name, data FROM profiles")
        }
        instorage = {
            c: tuple(_profile(p) for p in json.loads(d))
            for c, d in self.conn.execute("SELECT cls, data FROM instorage")
        }
        options_row = self.conn.execute("SELECT value FROM meta WHERE key='options'").fetchone()
        return Database(
            users=MappingProxyType(users),
            groups=MappingProxyType(groups),
            profiles=MappingProxyType(profiles),
            options=_options(json.loads(options_row[0])),
            instorage=MappingProxyType(instorage),
            version=version,
        )

    # ---- changing ------------------------------------------------------------------------
    def apply(self, change: Callable[[Database], Outcome]) -> Outcome:
        """Run ``change`` on the committed database in one transaction and commit what it
        returns (nothing when it returns the database unchanged)."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            version = self.version()
            old = self._load(version)
            outcome = change(old)
            if outcome.db is not old:
                self._write(old, outcome.db)
                version += 1
                self.conn.execute("UPDATE meta SET value=? WHERE key='version'", (str(version),))
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self._db, self._version = None, -1
        return outcome

    def command(self, text: str, issuer: Issuer) -> Outcome:
        """Run one TSO command."""
        return self.apply(lambda db: run(db, text, issuer))

    def _write(self, old: Database, new: Database) -> None:
        """Write the records of ``new`` that are not the very objects of ``old``."""
        execute = self.conn.execute
        for table, key, old_map, new_map in (
            ("users", "userid", old.users, new.users),
            ("groups", "name", old.groups, new.groups),
        ):
            for name, record in new_map.items():
                if old_map.get(name) is not record:
                    execute(
                        f"INSERT OR REPLACE INTO {table} ({key}, data) VALUES (?, ?)",
                        (name, _dump(record)),
                    )
            for name in old_map.keys() - new_map.keys():
                execute(f"DELETE FROM {table} WHERE {key}=?", (name,))
        for (cls, name), profile in new.profiles.items():
            if old.profiles.get((cls, name)) is not profile:
                execute(
                    "INSERT OR REPLACE INTO profiles (cls, name, data) VALUES (?, ?, ?)",
                    (cls, name, _dump(profile)),
                )
        for cls, name in old.profiles.keys() - new.profiles.keys():
            execute("DELETE FROM profiles WHERE cls=? AND name=?", (cls, name))
        for cls, copy in new.instorage.items():
            if old.instorage.get(cls) is not copy:
                execute(
                    "INSERT OR REPLACE INTO instorage (cls, data) VALUES (?, ?)",
                    (cls, json.dumps([asdict(p) for p in copy], sort_keys=True)),
                )
        for cls in old.instorage.keys() - new.instorage.keys():
            execute("DELETE FROM instorage WHERE cls=?", (cls,))
        if old.options is not new.options:
            execute(
                "UPDATE meta SET value=? WHERE key='options'",
                (json.dumps(_options_data(new.options), sort_keys=True),),
            )

    # ---- copies ---------------------------------------------------------------------------
    def backup(self, target: Path) -> None:
        """Copy the database to ``target`` (a new owner-only file), consistent while others
        use it (SQLite's online backup)."""
        try:
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            os.close(fd)
        except FileExistsError:
            raise StoreError(f"{target} exists: a backup never overwrites a file") from None
        except OSError as error:
            raise StoreError(f"{target}: {error.strerror}") from None
        copy = sqlite3.connect(target)
        try:
            self.conn.backup(copy)
        except sqlite3.Error as error:
            copy.close()
            target.unlink(missing_ok=True)
            raise StoreError(f"backup to {target} failed: {error}") from None
        copy.close()

    def restore(self, source: Path) -> None:
        """Replace the database's contents with those of a backup (one transaction)."""
        backup = SecurityStore.open_existing(source)
        try:
            db = backup.read()
        finally:
            backup.close()

        def replace_all(old: Database) -> Outcome:
            return Outcome(
                db.with_(
                    users=db.users,
                    groups=db.groups,
                    profiles=db.profiles,
                    options=db.options,
                    instorage=db.instorage,
                ),
                (),
                0,
            )

        self.apply(replace_all)

    @classmethod
    def open_existing(cls, path: Path) -> SecurityStore:
        """Open a database that must exist (a backup), read only in spirit."""
        if not path.is_file():
            raise StoreError(f"{path} does not exist")
        return cls.open(path)


def with_security_off(db: Database, queue_managers: Iterable[str]) -> Database:
    """``db`` with ``qmgr.NO.SUBSYS.SECURITY`` defined in MQADMIN for each queue manager that
    has none, and MQADMIN's in-storage copy refreshed: a new queue manager starts with
    security off, as every deck written before mqsc had security expects."""
    profiles = dict(db.profiles)
    added = False
    for name in queue_managers:
        key = ("MQADMIN", f"{name.upper()}.NO.SUBSYS.SECURITY")
        if key not in profiles:
            profiles[key] = Profile("MQADMIN", key[1], False, owner=racf.ADMINISTRATOR)
            added = True
    if not added:
        return db
    instorage = dict(db.instorage)
    if "MQADMIN" in db.options.raclisted:
        instorage["MQADMIN"] = tuple(
            sorted((p for (c, _), p in profiles.items() if c == "MQADMIN"), key=lambda p: p.name)
        )
    return db.with_(profiles=profiles, instorage=instorage)


def security_off_for(store: SecurityStore, queue_managers: Iterable[str]) -> None:
    """Make sure each queue manager starts with security off (see
    :func:`with_security_off`); nothing is written when all have their profile."""
    names = tuple(queue_managers)
    store.apply(lambda db: Outcome(with_security_off(db, names), (), 0))
