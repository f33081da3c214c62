"""What ``mqsc check`` (and ``mqsc run`` writing a CI report) keeps about decks while they run,
kept out of memory: a private temporary SQLite database.

A check streams its decks: each command is read, parsed, run on the scratch queue manager and
dropped. What must outlive it goes here, one compact row each, so that memory is bounded by
the largest command and the queue manager's state, never by the deck (a 64 MiB deck of
problems makes as many rows, on disk):

* ``diag``: every diagnostic, with its position, severity and inserts (pickled: they come back
  exactly as they went in), ordered later by position as the report shows them;
* ``cmd``: one row per command when a report has one entry per command (JUnit test cases, and
  which findings fall outside every command for SARIF and GitHub), with its case name and,
  under ``mqsc run``, its replies;
* ``anchor``: where the decks last defined or altered each queue and storage class, for the
  warnings about the state the decks leave (MQSC101W-105W, MQSC207W) that point back at them.

SQLite keeps the database in its page cache (2 MiB) and spills the rest to a temporary file it
deletes itself ("a private, temporary on-disk database", SQLite's documentation of
``sqlite3_open``, filename ""); sorting, grouping and the SARIF occurrence counts are its
external sorts and window functions.
"""

from __future__ import annotations

import hashlib
import pickle
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from mqsc.catalog.queues import QUEUE_TYPES
from mqsc.language.commands import Command
from mqsc.language.diagnostics import Diagnostic, Severity
from mqsc.language.pipeline import iter_parse
from mqsc.language.reader import Columns, card_width
from mqsc.language.source import Source, Span

#: Rows written together (one executemany each).
_BATCH = 4096

_SCHEMA = """
CREATE TABLE diag (seq INTEGER PRIMARY KEY, deck INT, start INT, finish INT, line INT,
                   msg_id TEXT, severity TEXT, escalate INT, inserts BLOB, hint TEXT,
                   digest TEXT, cmd INT);
CREATE TABLE cmd (seq INTEGER PRIMARY KEY, deck INT, first INT, last INT, name TEXT,
                  output TEXT);
CREATE TABLE anchor (kind TEXT, name TEXT, deck INT, first INT, last INT,
                     PRIMARY KEY (kind, name)) WITHOUT ROWID;
"""


@dataclass(frozen=True, slots=True)
class Kept:
    """A diagnostic as it comes back: itself, whether ``mqsc run`` counts it an error (its
    command failed or did not parse), the "did you mean" beside it, its SARIF line hash and
    occurrence (when asked for), and the command (case) it falls in (None: outside all)."""

    diagnostic: Diagnostic
    escalate: bool
    hint: str | None
    digest: str | None
    cmd: int | None
    occurrence: int = 0


@dataclass(frozen=True, slots=True)
class CaseRow:
    """One command as a report lists it."""

    seq: int
    first: int
    last: int
    name: str
    output: str


@dataclass(frozen=True, slots=True)
class Anchor:
    """Where a deck last defined or altered an object: its source and the command's first
    and last line. Only a warning asks where a keyword is in it: then the command is read
    and parsed again from those lines (rare; recording spans for every object of a deck of
    a million DEFINEs would cost more than all the warnings)."""

    source: Source | None
    first: int
    last: int
    #: The columns the deck was read with (asked only when a span is: it may scan the deck).
    columns: Callable[[], Columns]

    def span_of(self, keyword: str) -> Span | None:
        """Where ``keyword`` is in the command (the command's span if it is not there), as
        :meth:`mqsc.language.commands.Command.span_of` answers."""
        if self.source is None:
            return None
        source = self.source
        start = source.line_start(self.first)
        end = (
            source.line_start(self.last + 1) if self.last < source.line_count else len(source.text)
        )
        piece = Source(source.text[start:end], source.name)
        for _, parsed in iter_parse(piece, columns=self.columns()):
            if isinstance(parsed, Command):
                span = parsed.span_of(keyword)
                return Span(span.start + start, span.end + start) if span else None
        return None


class Findings:
    """The store of one check (see the module's description). Call :meth:`deck` for each
    deck, add rows, then :meth:`finish` once before reading."""

    def __init__(self) -> None:
        self.conn = sqlite3.connect("", isolation_level=None, check_same_thread=False)
        for pragma in (
            "journal_mode=OFF",
            "synchronous=OFF",
            "temp_store=FILE",
            "cache_size=-2048",
        ):
            self.conn.execute(f"PRAGMA {pragma}")
        self.conn.executescript(_SCHEMA)
        self.sources: list[Source | None] = []
        self._diags: list[tuple] = []
        self._cmds: list[tuple] = []
        self._anchors: dict[tuple[str, str], tuple] = {}
        self._foreign: dict[int, Source | None] = {}
        self._columns: list[Columns] = []
        self._seq = 0
        self._cmd_seq = 0
        self.finished = False

    # ---- writing ---------------------------------------------------------------------------
    def deck(self, source: Source | None, columns: Columns = "auto") -> int:
        """A new deck (read with ``columns``); its number."""
        self.sources.append(source)
        self._columns.append(columns)
        return len(self.sources) - 1

    def deck_of(self, source: Source | None) -> int:
        """The deck of a source (a new one for a source not seen yet)."""
        for index, known in enumerate(self.sources):
            if known is source:
                return index
        return self.deck(source)

    def remember(self, cmd: Command) -> None:
        """After a DEFINE or ALTER of a queue or storage class that ran: where it was, for the
        warnings about the state the decks leave."""
        if cmd.verb not in ("DEFINE", "ALTER"):
            return
        if cmd.objtype in QUEUE_TYPES:
            kind = "queue"
        elif cmd.objtype == "STGCLASS":
            kind = "stgclass"
        else:
            return
        node = cmd.syntax
        lines = node.logical.lines if node is not None else ()
        if lines:
            self.anchor(kind, str(cmd.name), self.deck_of(cmd.source), lines[0], lines[-1])

    def deck_named(self, name: str) -> int | None:
        """The first deck of that source name (where a diagnostic about the state goes)."""
        return next(
            (i for i, s in enumerate(self.sources) if s is not None and s.name == name), None
        )

    def add(
        self,
        deck: int,
        d: Diagnostic,
        *,
        escalate: bool = False,
        hint: str | None = None,
        digest: str | None = None,
    ) -> None:
        """Keep a diagnostic of deck ``deck``."""
        self._seq += 1
        own = self.sources[deck]
        if d.source is not own:
            self._foreign[self._seq] = d.source
        start, end, line = -1, -1, 1
        if d.span is not None:
            start, end = d.span.start, d.span.end
            if d.source is not None:
                line = d.source.line_of(start)
        inserts = (
            pickle.dumps(dict(d.inserts), protocol=pickle.HIGHEST_PROTOCOL) if d.inserts else None
        )
        self._diags.append(
            (
                self._seq,
                deck,
                start,
                end,
                line,
                d.msg_id,
                d.severity.value,
                int(escalate),
                inserts,
                hint,
                digest,
            )
        )
        if len(self._diags) >= _BATCH:
            self._flush_diags()

    def add_all(self, deck: int, diagnostics: Iterable[Diagnostic]) -> None:
        for d in diagnostics:
            self.add(deck, d)

    def command(self, deck: int, first: int, last: int, name: str = "", output: str = "") -> None:
        """Keep one command's case: its first and last line, case name and replies."""
        self._cmd_seq += 1
        self._cmds.append((self._cmd_seq, deck, first, last, name, output))
        if len(self._cmds) >= _BATCH:
            self._flush_cmds()

    def anchor(self, kind: str, name: str, deck: int, first: int, last: int) -> None:
        """Remember where (which lines) the decks last touched object ``name`` of ``kind``."""
        self._anchors[(kind, name)] = (kind, name, deck, first, last)
        if len(self._anchors) >= _BATCH:
            self._flush_anchors()

    def _flush_diags(self) -> None:
        if self._diags:
            self.conn.executemany(
                "INSERT INTO diag VALUES (?,?,?,?,?,?,?,?,?,?,?,NULL)", self._diags
            )
            self._diags = []

    def _flush_cmds(self) -> None:
        if self._cmds:
            self.conn.executemany("INSERT INTO cmd VALUES (?,?,?,?,?,?)", self._cmds)
            self._cmds = []

    def _flush_anchors(self) -> None:
        if self._anchors:
            self.conn.executemany(
                "INSERT OR REPLACE INTO anchor VALUES (?,?,?,?,?)", list(self._anchors.values())
            )
            self._anchors = {}

    def flush(self) -> None:
        self._flush_diags()
        self._flush_cmds()
        self._flush_anchors()

    def finish(self) -> None:
        """After the last row: index, and give each diagnostic its command."""
        if self.finished:
            return
        self.flush()
        conn = self.conn
        conn.execute("CREATE INDEX diag_order ON diag (deck, start, finish, seq)")
        if self._cmd_seq:
            conn.execute("CREATE INDEX cmd_first ON cmd (deck, first)")
            # Command line ranges do not overlap (a line belongs to one command), so the one
            # starting last at or before a diagnostic's line is the only one that may hold it.
            conn.execute("""
                UPDATE diag SET cmd = (
                    SELECT c.seq FROM cmd c WHERE c.deck = diag.deck AND c.first <= diag.line
                    ORDER BY c.first DESC LIMIT 1)""")
            conn.execute("""
                UPDATE diag SET cmd = NULL WHERE cmd IS NOT NULL AND
                    (SELECT last FROM cmd WHERE cmd.seq = diag.cmd) < line""")
            conn.execute("CREATE INDEX diag_cmd ON diag (deck, cmd, start, finish, seq)")
        self.finished = True

    # ---- reading ---------------------------------------------------------------------------
    def anchor_of(self, kind: str, name: str) -> Anchor | None:
        """Where the decks last touched object ``name`` of ``kind``, if they did."""
        row = self._anchors.get((kind, name))
        if row is None:
            found = self.conn.execute(
                "SELECT kind, name, deck, first, last FROM anchor WHERE kind = ? AND name = ?",
                (kind, name),
            ).fetchone()
            if found is None:
                return None
            row = found
        return self._anchor(row)

    def anchors(self, kind: str) -> Iterator[tuple[str, Anchor]]:
        """Every object of ``kind`` the decks touched, by name, in name order."""
        self._flush_anchors()
        for row in self.conn.execute(
            "SELECT kind, name, deck, first, last FROM anchor WHERE kind = ? ORDER BY name", (kind,)
        ):
            yield row[1], self._anchor(row)

    def _anchor(self, row: tuple) -> Anchor:
        deck = row[2]
        return Anchor(self.sources[deck], row[3], row[4], lambda: self.columns_of(deck))

    def columns_of(self, deck: int) -> Columns:
        """The columns a deck was read with, "auto" resolved as it was for the whole deck
        (to read one command of it again: a piece alone could decide otherwise)."""
        columns, source = self._columns[deck], self.sources[deck]
        if columns == "auto" and source is not None:
            columns = self._columns[deck] = "72" if card_width(source, "auto") else "all"
        return columns

    def diagnostics(
        self,
        deck: int,
        ignore: frozenset[str] = frozenset(),
        *,
        where: str = "",
        params: tuple = (),
    ) -> Iterator[Kept]:
        """The diagnostics of a deck in the order a report shows them: by position, then
        in the order they were found (a stable sort), without the ``ignore`` ids."""
        self.finish()
        skip, skip_params = _ignoring(ignore)
        query = (
            f"SELECT seq, start, finish, msg_id, inserts, escalate, hint, digest, cmd "
            f"FROM diag WHERE deck = ?{skip}{where} ORDER BY start, finish, seq"
        )
        for row in self.conn.execute(query, (deck, *skip_params, *params)):
            yield self._kept(deck, row)

    def in_command(
        self, deck: int, cmd: int | None, ignore: frozenset[str] = frozenset()
    ) -> list[Kept]:
        """The diagnostics that fall in command ``cmd`` (None: in no command), in order."""
        if cmd is None:
            return list(self.diagnostics(deck, ignore, where=" AND cmd IS NULL"))
        return list(self.diagnostics(deck, ignore, where=" AND cmd = ?", params=(cmd,)))

    def _kept(self, deck: int, row: tuple) -> Kept:
        seq, start, end, msg_id, inserts, escalate, hint, digest, cmd = row[:9]
        source = self._foreign[seq] if seq in self._foreign else self.sources[deck]
        span = Span(start, end) if start >= 0 else None
        d = Diagnostic(msg_id, pickle.loads(inserts) if inserts else {}, source, span)
        occurrence = row[9] if len(row) > 9 else 0
        return Kept(d, bool(escalate), hint, digest, cmd, occurrence)

    def commands(self, deck: int) -> Iterator[CaseRow]:
        """The commands of a deck kept as cases, in order."""
        self.finish()
        for row in self.conn.execute(
            "SELECT seq, first, last, name, output FROM cmd WHERE deck = ? ORDER BY seq", (deck,)
        ):
            yield CaseRow(*row)

    def cases(
        self, deck: int, ignore: frozenset[str] = frozenset()
    ) -> Iterator[tuple[CaseRow, list[Kept]]]:
        """Each command of a deck kept as a case, with the diagnostics that fall in it (two
        ordered reads side by side, not a query per command)."""
        self.finish()
        skip, skip_params = _ignoring(ignore)
        found = self.conn.cursor().execute(
            f"SELECT seq, start, finish, msg_id, inserts, escalate, hint, digest, cmd FROM diag "
            f"WHERE deck = ? AND cmd IS NOT NULL{skip} ORDER BY cmd, start, finish, seq",
            (deck, *skip_params),
        )
        pending = found.fetchone()
        for row in self.conn.cursor().execute(
            "SELECT seq, first, last, name, output FROM cmd WHERE deck = ? ORDER BY seq", (deck,)
        ):
            case = CaseRow(*row)
            mine = []
            while pending is not None and pending[8] == case.seq:
                mine.append(self._kept(deck, pending))
                pending = found.fetchone()
            yield case, mine

    def command_count(self, deck: int) -> int:
        self.finish()
        return self.conn.execute("SELECT count(*) FROM cmd WHERE deck = ?", (deck,)).fetchone()[0]

    def counts(
        self, deck: int | None, ignore: frozenset[str] = frozenset(), *, run: bool = False
    ) -> dict[str, int]:
        """How many diagnostics of each severity (``run``: escalated ones are errors)."""
        self.finish()
        skip, skip_params = _ignoring(ignore)
        level = "CASE WHEN escalate = 1 THEN 'error' ELSE severity END" if run else "severity"
        where = "deck = ?" if deck is not None else "1"
        params = (deck,) if deck is not None else ()
        rows = self.conn.execute(
            f"SELECT {level}, count(*) FROM diag WHERE {where}{skip} GROUP BY 1",
            (*params, *skip_params),
        )
        return {severity: n for severity, n in rows}

    def failing_cases(
        self,
        deck: int,
        failing: frozenset[Severity],
        ignore: frozenset[str] = frozenset(),
        *,
        run: bool = False,
    ) -> tuple[int, bool]:
        """How many commands have a finding at a failing severity, and whether a finding
        outside every command does."""
        self.finish()
        skip, skip_params = _ignoring(ignore)
        level = "CASE WHEN escalate = 1 THEN 'error' ELSE severity END" if run else "severity"
        levels = tuple(s.value for s in failing)
        marks = ",".join("?" * len(levels)) or "NULL"
        rows = self.conn.execute(
            f"SELECT cmd IS NULL, count(DISTINCT cmd), count(*) FROM diag WHERE deck = ?"
            f"{skip} AND {level} IN ({marks}) GROUP BY 1",
            (deck, *skip_params, *levels),
        )
        inside, outside = 0, False
        for loose, distinct, total in rows:
            if loose:
                outside = total > 0
            else:
                inside = distinct
        return inside, outside

    def loose_count(self, deck: int, ignore: frozenset[str] = frozenset()) -> int:
        self.finish()
        skip, skip_params = _ignoring(ignore)
        return self.conn.execute(
            f"SELECT count(*) FROM diag WHERE deck = ? AND cmd IS NULL{skip}", (deck, *skip_params)
        ).fetchone()[0]

    def rule_ids(self, ignore: frozenset[str] = frozenset()) -> list[str]:
        self.finish()
        skip, skip_params = _ignoring(ignore)
        return [
            r[0]
            for r in self.conn.execute(
                f"SELECT DISTINCT msg_id FROM diag WHERE 1{skip} ORDER BY msg_id", skip_params
            )
        ]

    def in_report_order(
        self, ignore: frozenset[str] = frozenset(), *, files: list[str]
    ) -> Iterator[tuple[int, Kept]]:
        """Every diagnostic in the order a CI report lists them: deck by deck, those outside
        every command first, then by position; each with its occurrence among those of the
        same file and line hash so far (SARIF's primaryLocationLineHash counter)."""
        self.finish()
        skip, skip_params = _ignoring(ignore)
        names = ",".join(f"({i}, ?)" for i in range(len(files))) or "(NULL, NULL)"
        query = f"""
            WITH file(deck, name) AS (VALUES {names})
            SELECT diag.deck, seq, start, finish, msg_id, inserts, escalate, hint, digest, cmd,
                   row_number() OVER (PARTITION BY file.name, digest
                                      ORDER BY diag.deck, cmd IS NOT NULL, start, finish, seq)
            FROM diag JOIN file ON file.deck = diag.deck WHERE 1{skip}
            ORDER BY diag.deck, cmd IS NOT NULL, start, finish, seq"""
        for row in self.conn.execute(query, (*files, *skip_params)):
            yield row[0], self._kept(row[0], row[1:])

    def close(self) -> None:
        self.conn.close()


def line_hash(rule: str, source_line: str) -> str:
    """A stable fingerprint of a finding's rule and source line (whitespace-insensitive), so
    a SARIF alert survives lines moving up or down (its ``primaryLocationLineHash``)."""
    text = " ".join(source_line.split())
    return hashlib.sha256(f"{rule}\0{text}".encode()).hexdigest()[:16]


def _ignoring(ignore: frozenset[str]) -> tuple[str, tuple[str, ...]]:
    if not ignore:
        return "", ()
    return f" AND msg_id NOT IN ({','.join('?' * len(ignore))})", tuple(sorted(ignore))
