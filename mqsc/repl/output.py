"""Where the console writes: exactly the engine's text, plain or decorated.

Plain when the stream is not a terminal (a pipe, a file, a test), with ``NO_COLOR`` or
``--no-color``: the lines go out as the renderers made them. Decorated otherwise: the same
characters, coloured through rich by style name (:mod:`mqsc.repl.theme`). Decoration never
interprets the text: a line becomes a ``rich.text.Text`` and spans found by
:func:`reply_spans` are styled, so a DESCR holding ``[bold]`` prints as typed. rich is imported
only when something is decorated or drawn as a table.

Long DISPLAY output goes through a pager the way pgcli does it: ``$PAGER``, else ``less``, with
``LESS=-SRXF`` unless ``LESS`` is set (``-R`` passes the colours through, ``-X`` leaves the
answer on the screen after ``q``, ``-F`` quits at once when it fits, ``-S`` chops long lines).
Lines are coloured and written to the pager as it reads them, so the first screen shows at
once however long the answer (a DISPLAY of 100,000 queues is 500,000 lines: docs/performance.md).
"""

from __future__ import annotations

import itertools
import json
import os
import re
import shlex
import shutil
import subprocess
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, TextIO

from mqsc.catalog import texts
from mqsc.engine.records import (
    BufferPoolReport,
    DataSetReport,
    LogStatusReport,
    Message,
    ObjectRecord,
    PageSetReport,
    ParameterReport,
    Result,
    TraceReport,
)
from mqsc.render import objects, reports
from mqsc.render.visible import visible
from mqsc.repl.theme import SEVERITY_STYLES

_MSGID = re.compile(r"^(?:CSQ|MQSC|IEE)[0-9A-Z]{3,5}?([IEAWD])\b")
_QUOTED = re.compile(r"'[^']*'")
_ATTRIBUTE = re.compile(r"^([A-Z][A-Z0-9]*)\((.*)\)$")
_NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?![\w.])")
#: More attributes than this and a table shows one object at a time, attribute by row.
WIDE_TABLE = 8
#: Width of tables written to a pipe or a file.
PLAIN_WIDTH = 100
#: pgcli's less options when ``LESS`` is not set: chop long lines, pass colours, keep the
#: answer on the screen after quitting, quit at once when it fits on one screen.
LESS_OPTIONS = "-SRXF"
#: Lines written to the pager at a time (a write blocks while the user reads the screen).
PAGER_CHUNK = 256


def pager_command(environ: Mapping[str, str]) -> tuple[str, dict[str, str]] | None:
    """The pager to run and its environment, by pgcli's conventions; None when there is none
    (``PAGER`` empty, or the program not installed).

    >>> pager_command({"PATH": "/usr/bin:/bin"})[1]["LESS"]
    '-SRXF'
    >>> pager_command({"PATH": "/usr/bin:/bin", "LESS": "-R"})[1]["LESS"]
    '-R'
    """
    env = dict(environ)
    command = env.get("PAGER", "less").strip()
    if not command:
        return None
    try:
        program = shlex.split(command)[0]
    except (ValueError, IndexError):
        return None
    if shutil.which(program, path=env.get("PATH")) is None:
        return None
    if not env.get("LESS"):
        env["LESS"] = LESS_OPTIONS
    return command, env


def reply_spans(line: str, cpf: str | None) -> list[tuple[int, int, str]]:
    """Styled parts of one reply line: message id by severity, the CPF, quoted text, DISPLAY
    attribute names and values, and numbers.

    >>> reply_spans("CSQ9022I QMZ1 CSQMAQLC ' DEFINE QLOCAL' NORMAL COMPLETION", "QMZ1")
    [(0, 8, 'mqsc.msgid.info'), (9, 13, 'mqsc.cpf'), (23, 39, 'mqsc.quoted')]
    """
    spans: list[tuple[int, int, str]] = []
    found = _MSGID.match(line)
    body = 0
    if found is not None:
        spans.append((0, found.end(), SEVERITY_STYLES[found.group(1)]))
        body = found.end()
        if cpf and line.startswith(f" {cpf}", body):
            spans.append((body + 1, body + 1 + len(cpf), "mqsc.cpf"))
            body += 1 + len(cpf)
    else:
        attribute = _ATTRIBUTE.match(line)
        if attribute is not None:
            return [
                (0, attribute.end(1), "mqsc.keyword"),
                (attribute.start(2), attribute.end(2), "mqsc.value"),
            ]
    taken = []
    for quoted in _QUOTED.finditer(line, body):
        spans.append((quoted.start(), quoted.end(), "mqsc.quoted"))
        taken.append((quoted.start(), quoted.end()))
    for number in _NUMBER.finditer(line, body):
        if not any(a <= number.start() < b for a, b in taken):
            spans.append((number.start(), number.end(), "mqsc.number"))
    return sorted(spans)


def wants_color(stream: TextIO, no_color: bool) -> bool:
    """Decorate only a terminal, and only when neither ``--no-color`` nor ``NO_COLOR`` says no
    (https://no-color.org: any non-empty value)."""
    return not no_color and not os.environ.get("NO_COLOR") and _isatty(stream)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Output:
    """The console's writer."""

    def __init__(
        self,
        stream: TextIO,
        *,
        color: bool = False,
        colors: Mapping[str, str] | None = None,
        pager: bool = False,
    ) -> None:
        self.stream = stream
        self.color = color
        self.colors = colors or {}
        self.pager = pager and _isatty(stream)
        self.cpf: str | None = None
        self._rich: Any = None
        self._ansi: dict[str, tuple[str, str]] | None = None

    # ---- plain text ------------------------------------------------------------------------
    def replies(self, lines: Iterable[str], *, page: bool = False) -> None:
        """Engine output (console or server framing), highlighted when decorating.

        ``lines`` may be produced lazily: with ``page`` only a screenful is taken to decide
        whether the pager is needed, and the rest is made as the pager reads it.
        """
        if page and self.pager:
            lines = iter(lines)
            screen = max(shutil.get_terminal_size().lines - 2, 1)
            head = list(itertools.islice(lines, screen + 1))
            if len(head) > screen and self._page(itertools.chain(head, lines)):
                return
            lines = itertools.chain(head, lines)
        if self.color:
            self._write(map(self.decorate, lines), shown=True)
        else:
            self._write(lines)

    def decorate(self, line: str) -> str:
        """One reply line with its spans (:func:`reply_spans`) in the theme's colours, as
        terminal escape sequences. The styles are rich's, rendered once; each line is then
        a few string slices, not a rich render (about 40 times faster: 500,000 lines of a
        DISPLAY at 100,000 queues)."""
        codes = self._codes()
        line = visible(line)  # shown as \xNN before the colours go in: never obeyed
        parts: list[str] = []
        at = 0
        for start, end, style in reply_spans(line, self.cpf):
            if start < at or style not in codes:
                continue
            on, off = codes[style]
            parts += (line[at:start], on, line[start:end], off)
            at = end
        if not parts:
            return line
        parts.append(line[at:])
        return "".join(parts)

    def _codes(self) -> dict[str, tuple[str, str]]:
        """Each reply style's escape sequences (before, after) for this terminal."""
        if self._ansi is None:
            from rich.color import ColorSystem  # noqa: PLC0415 - start-up: rich only when output is decorated

            console = self.rich()
            system = {
                "standard": ColorSystem.STANDARD,
                "256": ColorSystem.EIGHT_BIT,
                "truecolor": ColorSystem.TRUECOLOR,
                "windows": ColorSystem.WINDOWS,
            }.get(console.color_system or "")
            names = {
                *SEVERITY_STYLES.values(),
                "mqsc.cpf",
                "mqsc.quoted",
                "mqsc.keyword",
                "mqsc.value",
                "mqsc.number",
            }
            self._ansi = {}
            for name in names:
                rendered = console.get_style(name, default="none").render("\0", color_system=system)
                on, _, off = rendered.partition("\0")
                self._ansi[name] = (on, off)
        return self._ansi

    def _page(self, lines: Iterable[str]) -> bool:
        """Show ``lines`` through the pager, writing them as it reads; False (nothing
        written) when there is no pager to run."""
        found = pager_command(os.environ)
        if found is None:
            return False
        command, env = found
        self.stream.flush()
        try:
            pager = subprocess.Popen(
                command,
                shell=True,
                stdin=subprocess.PIPE,
                env=env,
                encoding=getattr(self.stream, "encoding", None) or "utf-8",
                errors="replace",
            )
        except OSError:
            return False
        decorate = self.decorate if self.color else None
        try:
            pipe = pager.stdin
            assert pipe is not None
            while True:
                chunk = list(itertools.islice(lines, PAGER_CHUNK))
                if not chunk:
                    break
                chunk = [decorate(line) if decorate else visible(line) for line in chunk]
                pipe.write("\n".join(chunk) + "\n")
            pipe.close()
        except (BrokenPipeError, OSError, KeyboardInterrupt):
            # q before the end (the rest of the answer is never made), or Ctrl-C.
            try:
                pager.stdin.close()  # type: ignore[union-attr]
            except OSError:
                pass
        while True:
            try:
                pager.wait()
                break
            except KeyboardInterrupt:
                continue  # less handles Ctrl-C itself; wait until it ends
        return True

    def text(self, lines: Iterable[str]) -> None:
        """The console's own text (help, listings): never highlighted, never markup."""
        self._write(lines)

    def columns(self) -> int:
        """The width to lay the console's own text out in: the terminal's, or (a pipe, a file)
        :data:`PLAIN_WIDTH`."""
        if not _isatty(self.stream):
            return PLAIN_WIDTH

        return shutil.get_terminal_size((PLAIN_WIDTH, 24)).columns

    def note(self, text: str) -> None:
        """A remark of the console (not the queue manager's): confirmations, timings."""
        if not self.color:
            self._write([text])
            return
        from rich.text import Text  # noqa: PLC0415 - start-up: rich only when output is decorated

        self.rich().print(Text(visible(text), style="mqsc.note"), soft_wrap=True)

    def json(self, value: object) -> None:
        """One JSON document (docs/json.md)."""
        text = json.dumps(value, indent=2)
        if not self.color:
            self._write([text])
            return
        from rich.json import JSON  # noqa: PLC0415 - start-up: rich only when output is decorated

        self.rich().print(JSON(text), soft_wrap=True)

    def tables(self, result: Result) -> None:
        """A result as rich tables (``\\format table``): DISPLAY objects and DISPLAY USAGE
        reports as tables, messages as lines."""
        console = self.rich()
        for item in table_items(result):
            if isinstance(item, str):
                console.print(self.styled(item), soft_wrap=True)
            else:
                console.print(item)

    # ---- rich ------------------------------------------------------------------------------
    def rich(self):
        """The rich console on this stream (built on first use)."""
        if self._rich is None:
            from rich.console import Console  # noqa: PLC0415 - start-up: rich only when output is decorated

            from mqsc.repl.theme import rich_theme  # noqa: PLC0415 - start-up: rich only when output is decorated

            self._rich = Console(
                file=self.stream,
                theme=rich_theme(self.colors),
                highlight=False,
                markup=False,
                emoji=False,
                force_terminal=self.color or None,
                no_color=not self.color,
                color_system="auto" if self.color else None,
                # A pipe or a file gets a fixed width, whatever COLUMNS says: same text always.
                width=None if _isatty(self.stream) else PLAIN_WIDTH,
            )
        return self._rich

    def styled(self, line: str):
        """One reply line as a rich Text with its spans styled."""
        from rich.text import Text  # noqa: PLC0415 - start-up: rich only when output is decorated

        line = visible(line)
        text = Text(line)
        if self.color:
            for start, end, style in reply_spans(line, self.cpf):
                text.stylize(style, start, end)
        return text

    def _write(self, lines: Iterable[str], *, shown: bool = False) -> None:
        # Everything the console writes passes here: control characters in a value are shown,
        # never obeyed by the terminal; ``shown`` lines (decorated) were already.
        write = self.stream.write
        for line in lines:
            write((line if shown else visible(line)) + "\n")
        self.stream.flush()


# ---- tables --------------------------------------------------------------------------------
def table_items(result: Result) -> Iterator[Any]:
    """Lines and rich tables for a result, in record order; consecutive DISPLAY objects share
    one table."""
    for one in result.all_sets():
        batch: list[ObjectRecord] = []
        for record in one.records:
            if isinstance(record, ObjectRecord):
                batch.append(record)
                continue
            if batch:
                yield from object_tables(batch)
                batch = []
            if isinstance(record, Message):
                yield texts.line(record.msg_id, record.inserts, one.cpf)
            elif isinstance(record, PageSetReport):
                yield _table(
                    "Page set usage (CSQI010I)",
                    PAGESET_COLUMNS,
                    [
                        (
                            r.psid,
                            r.pool,
                            r.total,
                            r.unused,
                            r.persistent,
                            r.nonpersistent,
                            r.expand,
                            r.expansions,
                        )
                        for r in record.rows
                    ],
                )
            elif isinstance(record, BufferPoolReport):
                yield _table(
                    "Buffer pools (CSQI065I)",
                    POOL_COLUMNS,
                    [
                        (r.pool, r.available, r.stealable, r.percent, r.pageclass, r.location)
                        for r in record.rows
                    ],
                )
            elif isinstance(record, DataSetReport):
                yield _table(
                    "Log data sets (MQSC770I)",
                    ("Needed for", "RBA", "Data set"),
                    [(r.kind, r.rba, r.dsname) for r in record.rows],
                )
            elif isinstance(record, TraceReport):
                yield _table(
                    "Active traces (MQSC671I)",
                    TRACE_COLUMNS,
                    [(r.tno, r.ttype, r.classes, r.dest, r.userid, r.rmid) for r in record.rows],
                )
            elif isinstance(record, ParameterReport):
                yield from reports.parameter_lines(record, one.cpf)
            elif isinstance(record, LogStatusReport):
                yield from reports.log_status_lines(record, one.cpf)
        if batch:
            yield from object_tables(batch)


PAGESET_COLUMNS = (
    "Page set",
    "Pool",
    "Total",
    "Unused",
    "Persistent",
    "Nonpersistent",
    "Expand",
    "Expansions",
)
TRACE_COLUMNS = ("TNO", "Type", "Class", "Destination", "User id", "RMID")
POOL_COLUMNS = ("Buffer pool", "Available", "Stealable", "Stealable %", "Page class", "Location")


def object_tables(records: list[ObjectRecord]) -> Iterator[Any]:
    """DISPLAY objects: one row each, or (many attributes) one table per object."""
    columns: list[str] = []
    for record in records:
        columns += [name for name, _ in record.attrs if name not in columns]
    title = f"{len(records)} {records[0].keyword} found"
    if len(columns) <= WIDE_TABLE:
        rows = [tuple(_cell(r, name) for name in columns) for r in records]
        yield _table(title, tuple(columns), rows)
        return
    for record in records:
        name, value = record.attrs[0]
        rows = [(attr, _cell(record, attr)) for attr, _ in record.attrs[1:]]
        yield _table(f"{record.keyword} {value}", ("Attribute", "Value"), rows)


def _cell(record: ObjectRecord, name: str) -> str:
    for key, value in record.attrs:
        if key == name:
            shown = objects.console_value(record.family, name, value)
            return shown[len(name) + 1 : -1] if shown.startswith(name + "(") else shown
    return ""


def _table(title: str, columns: Sequence[str], rows: Iterable[Sequence[object]]):
    from rich.table import Table  # noqa: PLC0415 - start-up: rich only when output is decorated
    from rich.text import Text  # noqa: PLC0415 - start-up: rich only when output is decorated

    table = Table(title=Text(title), title_justify="left", header_style="mqsc.heading")
    for column in columns:
        table.add_column(Text(column))
    for row in rows:
        # Cells are Text, never markup: values such as DESCR are the user's text.
        table.add_row(
            *(
                Text(
                    f"{v:,}"
                    if isinstance(v, int) and not isinstance(v, bool) and v > 9999
                    else visible(str(v)),
                    justify="right" if isinstance(v, int) else "left",
                )
                for v in row
            )
        )
    return table
