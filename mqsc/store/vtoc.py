"""What z/OS keeps about a data set besides its records: its DCB and space, as the volume's table
of contents (VTOC) holds them in the format-1 DSCB, and the volume the catalog points to.

A catalog directory (``$MQSC_HOME/catalog``, or a job's ``--catalog DIR``) holds each data set
as a file or, for a library, a folder of members (mqsc/batch/datasets.py); what a directory
entry cannot say (record format, record length, block size, organization, directory blocks,
space, volume, creation date, whether the records are text or bytes) is one row of
``.vtoc.sqlite`` in the same directory (standard library ``sqlite3``, WAL journal, created
owner-only). A data set written before it had a row, or by a program that allocates none,
has no row: its attributes are the defaults of a batch allocation (mqsc/batch/datasets.py).

One SELECT answers a listing of every data set: z/OSMF's data set list (``X-IBM-Attributes:
base``) of 10,000 data sets costs one query, not 10,000 file reads.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import astuple, dataclass, fields
from pathlib import Path

FILE_NAME = ".vtoc.sqlite"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS dscb (
    dsn TEXT PRIMARY KEY,
    dsorg TEXT NOT NULL,
    recfm TEXT NOT NULL,
    lrecl INTEGER NOT NULL,
    blksize INTEGER NOT NULL,
    dsntype TEXT NOT NULL,
    dirblk INTEGER NOT NULL,
    spacu TEXT NOT NULL,
    primary_space INTEGER NOT NULL,
    secondary_space INTEGER NOT NULL,
    volser TEXT NOT NULL,
    created TEXT NOT NULL,
    binary INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS binary_member (
    dsn TEXT NOT NULL,
    member TEXT NOT NULL,
    PRIMARY KEY (dsn, member)
) WITHOUT ROWID;
"""
#: Seconds a writer waits for another process's transaction (a job and the server at once).
BUSY_MS = 10_000


class VtocError(Exception):
    """The VTOC database cannot be read or written (the message says why)."""


@dataclass(frozen=True, slots=True)
class Allocation:
    """A data set's attributes (z/OS DFSMS "Data set control block (DSCB)" fields, named as
    z/OSMF's data set list names them)."""

    dsorg: str = "PS"  # PS sequential, PO partitioned
    recfm: str = "FB"
    lrecl: int = 80
    blksize: int = 27920
    dsntype: str = "BASIC"  # BASIC, LARGE, PDS, LIBRARY (a PDSE)
    dirblk: int = 0
    spacu: str = "TRACKS"  # CYLINDERS, TRACKS, BLOCKS
    primary: int = 1
    secondary: int = 0
    volser: str = "MQS001"
    created: str = ""  # yyyy/mm/dd
    #: The records are bytes (written in binary or record mode, or by a program such as
    #: IFASMFDP), not lines of text.
    binary: bool = False


_COLUMNS = len(fields(Allocation))


class Vtoc:
    """The attribute rows of one catalog directory."""

    def __init__(self, root: Path) -> None:
        self.path = Path(root) / FILE_NAME

    # ---- reading: no file is created by a reader ------------------------------------------
    def get(self, dsn: str) -> Allocation | None:
        if not self.path.is_file():
            return None
        with self._connection() as conn:
            row = conn.execute("SELECT * FROM dscb WHERE dsn = ?", (dsn,)).fetchone()
        return _allocation(row) if row is not None else None

    def all(self) -> dict[str, Allocation]:
        """Every row, by data set name."""
        if not self.path.is_file():
            return {}
        with self._connection() as conn:
            rows = conn.execute("SELECT * FROM dscb").fetchall()
        return {row[0]: _allocation(row) for row in rows}

    def binary_member(self, dsn: str, member: str) -> bool:
        """Whether a member's records are bytes (written in binary or record mode)."""
        if not self.path.is_file():
            return False
        with self._connection() as conn:
            row = conn.execute(
                "SELECT 1 FROM binary_member WHERE dsn = ? AND member = ?", (dsn, member)
            ).fetchone()
        return row is not None

    # ---- writing ---------------------------------------------------------------------------
    def mark_member(self, dsn: str, member: str, binary: bool) -> None:
        if not binary and not self.path.is_file():
            return
        with self._connection(create=binary) as conn:
            conn.execute("DELETE FROM binary_member WHERE dsn = ? AND member = ?", (dsn, member))
            if binary:
                conn.execute("INSERT INTO binary_member VALUES (?, ?)", (dsn, member))

    def rename_member(self, dsn: str, old: str, new: str) -> None:
        if not self.path.is_file():
            return
        with self._connection() as conn:
            conn.execute("DELETE FROM binary_member WHERE dsn = ? AND member = ?", (dsn, new))
            conn.execute(
                "UPDATE binary_member SET member = ? WHERE dsn = ? AND member = ?",
                (new, dsn, old),
            )

    def put(self, dsn: str, allocation: Allocation) -> None:
        values = (dsn, *astuple(allocation))
        with self._connection(create=True) as conn:
            conn.execute(
                f"INSERT OR REPLACE INTO dscb VALUES ({', '.join('?' * (_COLUMNS + 1))})",
                values,
            )

    def drop(self, dsn: str) -> None:
        if not self.path.is_file():
            return
        with self._connection() as conn:
            conn.execute("DELETE FROM dscb WHERE dsn = ?", (dsn,))
            conn.execute("DELETE FROM binary_member WHERE dsn = ?", (dsn,))

    def rename(self, old: str, new: str) -> None:
        if not self.path.is_file():
            return
        with self._connection() as conn:
            conn.execute("DELETE FROM dscb WHERE dsn = ?", (new,))
            conn.execute("UPDATE dscb SET dsn = ? WHERE dsn = ?", (new, old))
            conn.execute("DELETE FROM binary_member WHERE dsn = ?", (new,))
            conn.execute("UPDATE binary_member SET dsn = ? WHERE dsn = ?", (new, old))

    # ---- the connection --------------------------------------------------------------------
    def _connection(self, *, create: bool = False) -> _Connection:
        return _Connection(self.path, create)


class _Connection:
    """One short transaction: opened, committed (or rolled back) and closed."""

    def __init__(self, path: Path, create: bool) -> None:
        self.path = path
        self.create = create
        self.conn: sqlite3.Connection | None = None

    def __enter__(self) -> sqlite3.Connection:
        try:
            if self.create and not self.path.exists():
                _create_private(self.path)
            self.conn = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None)
            self.conn.execute(f"PRAGMA busy_timeout={BUSY_MS}")
            # A row is written with the data set's file, which is synced: the WAL's sync at
            # each checkpoint is enough for the attributes.
            self.conn.execute("PRAGMA synchronous=NORMAL")
            if self.create:
                self.conn.execute("PRAGMA journal_mode=WAL")
                self.conn.executescript(_SCHEMA)
            self.conn.execute("BEGIN IMMEDIATE" if self.create else "BEGIN")
        except (sqlite3.Error, OSError) as error:
            self._close()
            raise VtocError(f"{self.path}: {error}") from None
        return self.conn

    def __exit__(self, kind, value, traceback) -> None:
        try:
            if self.conn is not None:
                self.conn.execute("ROLLBACK" if kind is not None else "COMMIT")
        except sqlite3.Error as error:
            if kind is None:
                raise VtocError(f"{self.path}: {error}") from None
        finally:
            self._close()
        if isinstance(value, sqlite3.Error):
            raise VtocError(f"{self.path}: {value}") from None

    def _close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def _create_private(path: Path) -> None:
    """The database file, owner-only whatever the umask (its WAL and shared-memory files take
    its mode); a link planted under its name is refused."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o600)
    finally:
        os.close(fd)


def _allocation(row: tuple) -> Allocation:
    values = list(row[1:])
    values[-1] = bool(values[-1])
    return Allocation(*values)
