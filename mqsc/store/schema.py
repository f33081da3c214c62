"""The database schema, as numbered migrations.

A new database applies every migration; an older one applies those it lacks, in order, inside
one transaction. A database with a newer version than this code knows is refused, never
changed. ``tests/fixtures/state-v1.db`` is a database made by schema version 1; a test opens it
with the current code.
"""

from __future__ import annotations

#: Identifies an mqsc database in its meta table (anything else is a foreign file).
APPLICATION = "mqsc"

MIGRATIONS: tuple[str, ...] = (
    # 1: entities by queue manager, table and key, stamped with the version that wrote them;
    #    tombstones for deletions; shared attribute profiles; the recovery log.
    """
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE qmgr (name TEXT PRIMARY KEY, version INTEGER NOT NULL,
                       definition TEXT NOT NULL);
    CREATE TABLE entity (qmgr TEXT NOT NULL, tbl TEXT NOT NULL, key TEXT NOT NULL,
                         version INTEGER NOT NULL, data TEXT NOT NULL,
                         PRIMARY KEY (qmgr, tbl, key)) WITHOUT ROWID;
    CREATE TABLE tombstone (qmgr TEXT NOT NULL, tbl TEXT NOT NULL, key TEXT NOT NULL,
                            version INTEGER NOT NULL,
                            PRIMARY KEY (qmgr, tbl, key)) WITHOUT ROWID;
    CREATE TABLE profile (id INTEGER PRIMARY KEY, hash TEXT NOT NULL UNIQUE,
                          data TEXT NOT NULL);
    CREATE TABLE log (qmgr TEXT NOT NULL, rba INTEGER NOT NULL, kind TEXT NOT NULL,
                      size INTEGER NOT NULL, detail TEXT NOT NULL,
                      PRIMARY KEY (qmgr, rba)) WITHOUT ROWID;
    """,
    # 2: who has the database open (no longer written: writing it changed the file of a
    #    session that changed nothing, and a busy database skipped it; the lock file beside
    #    the database names its users now, mqsc/store/lease.py), and an index that makes
    #    reading what other processes changed cheap.
    """
    CREATE TABLE session (pid INTEGER NOT NULL, program TEXT NOT NULL, started TEXT NOT NULL,
                          PRIMARY KEY (pid, program, started));
    CREATE INDEX entity_version ON entity (qmgr, version);
    """,
    # 3: trigger monitors are connections (table "conn") like every other program; the rows
    #    of the table that held them apart ("monitors") go.
    """
    DELETE FROM entity WHERE tbl = 'monitors';
    DELETE FROM tombstone WHERE tbl = 'monitors';
    """,
)

CURRENT = len(MIGRATIONS)
