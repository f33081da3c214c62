"""Lint rules beyond syntax: decks z/OS accepts that do something their author did not mean.

Two kinds of rule (docs/ci.md lists them all, each with its test):

* **line rules** read the deck as z/OS reads it ([DOC-SCRIPTS]): a ``*`` that is not in
  column 1 (MQSC201W), text past column 72, which the z/OS card readers lose (MQSC202W), a
  comment line inside a
  continued command (MQSC204W). A continuation at the very end of the input is already an
  error of the reader (MQSC001E).
* **queue manager rules** watch the deck run (on the scratch copy ``mqsc check`` uses, or on the
  real queue manager under ``mqsc run``): DEFINE without REPLACE in a deck that is replayed
  (MQSC205W), REPLACE silently resetting attributes (MQSC206W), a queue on page set 0
  (MQSC207W), a buffer pool left below 15% stealable (MQSC208W).

Rules report :class:`~mqsc.language.diagnostics.Diagnostic` records, like every other check.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any, NamedTuple, cast

from mqsc.batch.findings import Findings
from mqsc.catalog import DEFINED, RESOURCES, command_spec
from mqsc.engine.manager import QueueManager
from mqsc.language.commands import Command
from mqsc.language.diagnostics import Diagnostic
from mqsc.language.reader import CARD_TEXT_WIDTH, CARD_WIDTH, Columns, card_width
from mqsc.language.source import Source, Span

#: Every lint rule: id -> what it catches (docs/ci.md is written from the same list).
RULES = {
    "MQSC201W": "a '*' not in column 1 (command text, not a comment)",
    "MQSC202W": "text past column 72, which CSQINP1/2, CSQUTIL and in-stream data lose",
    "MQSC001E": "a continuation character at the end of the input",
    "MQSC204W": "a comment line after a '+' or '-' continuation",
    "MQSC205W": "DEFINE without REPLACE in a deck meant to be replayed",
    "MQSC206W": "DEFINE ... REPLACE silently resetting attributes to their defaults",
    "MQSC207W": "a queue whose storage class maps to page set 0",
    "MQSC208W": "a buffer pool below 15% stealable after the deck",
}
#: Below this stealable percentage a pool does page set I/O ([D-V6BP], storage rule ST-5
#: (docs/storage.md#storage-rules)).
STEALABLE_FLOOR = 15
#: Sequence numbers in columns 73-80: digits, optionally after a short prefix ("MQS00010").
_SEQUENCE = re.compile(r"[A-Z@#$]*[0-9]+")
#: Decks z/OS replays at every start (CSQINP2 is processed at each restart, [DOC-SOURCES]).
_REPLAYED = re.compile(r"CSQINP2", re.IGNORECASE)


def replayed(name: str) -> bool:
    """Whether a deck's name says it is replayed at every start (a CSQINP2 deck).

    >>> replayed("samples/qmz1/CSQINP2.mqsc"), replayed("deck.mqsc")
    (True, False)
    """
    return bool(_REPLAYED.search(PurePath(name).name))


# ---- line rules ----------------------------------------------------------------------------
class _Line(NamedTuple):
    """A named tuple: a deck of a million lines makes a million of them."""

    number: int
    offset: int
    text: str  # without line ending, cut to the significant columns


def _lines(source: Source, width: int | None) -> Iterator[_Line]:
    offset = 0
    for number, raw in enumerate(source.text.split("\n"), 1):
        line = raw[:-1] if raw.endswith("\r") else raw
        yield _Line(number, offset, line if width is None else line[:width])
        offset += len(raw) + 1


def line_diagnostics(source: Source, columns: Columns = "auto") -> list[Diagnostic]:
    """MQSC201W, MQSC202W and MQSC204W for one deck."""
    width = card_width(source, columns)
    out: list[Diagnostic] = _past_column_72(source, card=width is not None)
    if "*" not in source.text:
        return out  # MQSC201W and MQSC204W are both about a '*': one scan in C settles it
    mode, continued = "", 0
    for line in _lines(source, width):
        stripped = line.text.rstrip()
        if not stripped:
            continue
        if line.text[0] == "*":
            if mode:
                out.append(
                    Diagnostic(
                        "MQSC204W",
                        {"line": continued, "character": mode},
                        source,
                        Span(line.offset, line.offset + 1),
                    )
                )
            continue
        body = stripped.lstrip()
        if body[0] == "*" and body[1:2] not in (")", ",", "'"):
            column = len(stripped) - len(body)
            out.append(
                Diagnostic(
                    "MQSC201W",
                    {"column": column + 1},
                    source,
                    Span(line.offset + column, line.offset + len(stripped)),
                )
            )
        mode = stripped[-1] if stripped[-1] in "+-" else ""
        continued = line.number
    return out


#: A line that may pass column 72 (a CR before its line feed may count: the loop is exact).
_LONG_LINE = re.compile(rf"[^\n]{{{CARD_TEXT_WIDTH + 1}}}")
#: What MQSC202W says was lost: sequence numbers of a card deck are meant to be; text of a
#: free-form deck, or of a quoted string, is not.
_LOST = {
    "card": "columns 73-80 of a card deck hold sequence numbers",
    "free": "CSQINP1, CSQINP2, CSQUTIL input and in-stream data are read as columns 1-72",
    "quoted": "the quoted string open at column 72 is cut there (CSQINP1, CSQINP2, CSQUTIL "
    "input and in-stream data are read as columns 1-72)",
}


def _past_column_72(source: Source, *, card: bool) -> list[Diagnostic]:
    """Lines whose text past column 72 the z/OS card readers lose: in a card deck,
    columns 73-80 that are not a sequence number (or are inside a quoted string) and anything
    past 80; in any other deck, anything past column 72 (``mqsc run`` reads it, CSQINP2 and
    CSQUTIL would not). Comment lines lose nothing that matters."""
    out: list[Diagnostic] = []
    if _LONG_LINE.search(source.text) is None:
        return out  # no line passes column 72 (one scan in C, for decks of any size)
    quoted = False  # a quoted string carried over from a continued line
    for line in _lines(source, None):
        text = line.text
        stripped = text.rstrip()
        if not stripped or text[0] == "*":
            continue  # blank and comment lines: a continued command goes on after them
        open_at_72 = _quote_state(text[:CARD_TEXT_WIDTH], quoted)
        significant = (text[:CARD_TEXT_WIDTH] if card else text).rstrip()
        continues = significant[-1:] in ("+", "-")
        quoted = continues and _quote_state(significant[:-1], quoted)
        if len(stripped) <= CARD_TEXT_WIDTH:
            continue
        extra = text[CARD_TEXT_WIDTH:CARD_WIDTH].strip()
        beyond = text[CARD_WIDTH:].strip()
        if card and not beyond and not open_at_72 and (not extra or _SEQUENCE.fullmatch(extra)):
            continue
        lost = "quoted" if open_at_72 else "card" if card else "free"
        start = line.offset + CARD_TEXT_WIDTH
        out.append(
            Diagnostic(
                "MQSC202W", {"lost": _LOST[lost]}, source, Span(start, line.offset + len(stripped))
            )
        )
    return out


def _quote_state(text: str, quoted: bool) -> bool:
    """Whether a quoted string is open at the end of ``text`` (``''`` inside one is an
    apostrophe: it closes and reopens, which comes to the same)."""
    return quoted ^ (text.count("'") % 2 == 1)


# ---- queue manager rules -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Before:
    """What a command found before it ran (for MQSC206W)."""

    existing: Any


class Linter:
    """The rules that watch a deck run on a queue manager.

    Call :meth:`before` and :meth:`after` around each command and :meth:`finish` once the
    decks have run. Where the decks defined each queue and storage class is kept in
    ``store`` (a check's :class:`~mqsc.batch.findings.Findings`, which :func:`check`
    fills; a Linter on its own keeps its own), not in memory.
    """

    def __init__(self, qm: QueueManager, store: Findings | None = None) -> None:
        self.qm = qm
        self.own = store is None
        self.store = store if store is not None else Findings()
        self.start_percent = {
            pool_id: lowest_percent(pool) for pool_id, pool in qm.state.tables["pool"].items()
        }
        self.pools: dict[int, Command] = {}
        self.last: Command | None = None

    def before(self, cmd: Command) -> Before:
        existing = None
        if cmd.verb == "DEFINE" and cmd.get("REPLACE") and cmd.objtype in DEFINED:
            existing = self.qm.state.tables[DEFINED[cmd.objtype].table].get(cmd.name)
        return Before(existing)

    def after(self, cmd: Command, ok: bool, before: Before) -> list[Diagnostic]:
        """Rules on one command that ran; remembers what it touched for :meth:`finish`."""
        if not ok:
            return []
        self.last = cmd
        if self.own:
            self.store.remember(cmd)
        if cmd.objtype == "BUFFPOOL":
            self.pools[cast(int, cmd.name)] = cmd
        elif cmd.objtype == "PSID" and cmd.verb == "DEFINE":
            self.pools[int(cmd.get("BUFFPOOL", 0))] = cmd
        if before.existing is not None and cmd.get("LIKE") is None:
            return reset_attributes(self.qm, cmd, before.existing)
        return []

    def finish(self) -> list[Diagnostic]:
        """Rules on the state the decks left: MQSC207W and MQSC208W."""
        return [*self._page_set_zero(), *self._pools()]

    def _page_set_zero(self) -> Iterator[Diagnostic]:
        tables = self.qm.state.tables
        found = []
        # In table order (a queue manager of a million queues is not copied to be sorted);
        # the few found are put in name order.
        for name, queue in tables["qlocal"].items():
            if name.startswith("SYSTEM.") or queue.get("QSGDISP") == "SHARED":
                continue
            stgclass = queue.get("STGCLASS")
            stc = tables["stgclass"].get(stgclass)
            if stc is None or stc.get("PSID") != 0:
                continue
            anchor = self.store.anchor_of("queue", name) or self.store.anchor_of(
                "stgclass", str(stgclass)
            )
            if anchor is not None:
                found.append((name, stgclass, anchor))
        for name, stgclass, anchor in sorted(found, key=lambda f: f[0]):
            yield Diagnostic(
                "MQSC207W",
                {"queue": name, "stgclass": stgclass},
                anchor.source,
                anchor.span_of("STGCLASS"),
            )

    def _pools(self) -> Iterator[Diagnostic]:
        tables = self.qm.state.tables
        in_use = {ps.pool for ps in tables["pageset"].values()}
        for pool_id in sorted(in_use):
            pool = tables["pool"].get(pool_id)
            if pool is None or not pool.buffers:
                continue
            percent = lowest_percent(pool)
            cmd = self.pools.get(pool_id)
            before = self.start_percent.get(pool_id, 100)
            if percent >= STEALABLE_FLOOR or (cmd is None and before < STEALABLE_FLOOR):
                continue
            cmd = cmd or self.last
            if cmd is not None:
                stealable = percent * pool.buffers // 100
                yield _at(
                    cmd,
                    "MQSC208W",
                    {
                        "pool": pool_id,
                        "percent": percent,
                        "stealable": min(stealable, pool.stealable),
                        "buffers": pool.buffers,
                    },
                    "BUFFERS",
                )


def lowest_percent(pool: Any) -> int:
    """The pool's lowest stealable percentage: the low-water mark the buffer manager keeps
    (QPSTCBSL, storage rule ST-8 (docs/storage.md#storage-rules)) or the current figure,
    whichever is lower."""
    stealable = pool.stealable
    low = pool.stats.low
    if 0 <= low < stealable:
        stealable = low
    return 100 * stealable // pool.buffers if pool.buffers else 100


def no_replace(cmd: Command) -> list[Diagnostic]:
    """MQSC205W: a DEFINE that fails once its object exists (for decks that are replayed).

    DEFINE BUFFPOOL and DEFINE PSID are left alone: in CSQINP1 the last definition counts.
    """
    if cmd.verb != "DEFINE" or cmd.objtype in RESOURCES:
        return []
    spec = command_spec(cmd.verb, cmd.objtype)
    if spec is None or spec.keyword("REPLACE") is None or cmd.get("REPLACE") is not None:
        return []
    return [_at(cmd, "MQSC205W", {"objtype": cmd.objtype, "name": cmd.name}, cmd.objtype)]


def reset_attributes(qm: QueueManager, cmd: Command, existing: Any) -> list[Diagnostic]:
    """MQSC206W: attributes REPLACE put back to their defaults although the command did not
    name them (REPLACE re-creates the object, [DOC-DEFQL])."""
    new = qm.state.tables[DEFINED[cmd.objtype].table].get(cmd.name)
    if new is None:
        return []
    given = set(cmd.attrs)
    # Sorted: the stored order of attributes is not part of an object's meaning.
    lost = sorted(
        n
        for n in existing.attrs
        if n not in given and n in new.attrs and existing.attrs[n] != new.attrs[n]
    )
    if not lost:
        return []
    return [
        _at(
            cmd,
            "MQSC206W",
            {"objtype": cmd.objtype, "name": cmd.name, "attributes": ", ".join(lost)},
            "REPLACE",
        )
    ]


def _at(cmd: Command, msg_id: str, inserts: dict[str, object], keyword: str) -> Diagnostic:
    return Diagnostic(msg_id, inserts, cmd.source, cmd.span_of(keyword))


def select(diagnostics: Iterable[Diagnostic], ignore: Iterable[str]) -> list[Diagnostic]:
    """Diagnostics whose ids are not in ``ignore`` (``--ignore MQSC205W,MQSC207W``)."""
    skip = {i.upper() for i in ignore}
    return [d for d in diagnostics if d.msg_id not in skip]
