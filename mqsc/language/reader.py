"""The reader: physical lines of a deck -> logical commands (the second pipeline stage).

It applies the z/OS rules for command input ([DOC-SCRIPTS]):

* a line with ``*`` in column 1 is a comment; blank lines are skipped;
* a last non-blank ``-`` continues the command from column 1 of the next line, a last non-blank
  ``+`` from the next line's first non-blank character; both work inside keywords, values and
  quoted strings; comment and blank lines between the pieces are skipped ([MQSC-V5 rules]);
* card images: when every line of a deck is exactly 80 characters, columns 73-80 hold sequence
  numbers and are ignored (``columns="72"`` / ``"all"`` force either reading);
* an optional SDSF ``/`` and command prefix string (CPF, e.g. ``QMZ1``, ``-QMZ1``, ``+CSQ1``)
  may precede a command; the reader reports which CPF it saw.

* a command longer than z/OS accepts from where it comes (:data:`COMMAND_LIMIT` characters from
  a data set or the command server, :data:`CONSOLE_LIMIT` typed at a console) is refused here,
  before anything lexes it: its ``problem`` is MQSC005E and its text stops at the limit.

Every character of a logical command maps back to its offset in the original text, so later
stages can point at file, line and column even across continuations.
"""

from __future__ import annotations

import bisect
import codecs
from collections.abc import Callable, Iterator, Sequence
from typing import Literal, NamedTuple

from mqsc.language import ebcdic  # noqa: F401  (registers the cp1047 codec)
from mqsc.language.diagnostics import Diagnostic
from mqsc.language.source import Location, Source, Span

Columns = Literal["auto", "72", "all"]

#: Significant columns of a z/OS card image; 73-80 are sequence numbers ([DOC-SCRIPTS]).
CARD_WIDTH = 80
CARD_TEXT_WIDTH = 72

#: The longest command z/OS takes from a data set (CSQINP1, CSQINP2, CSQUTIL input) or the
#: command server: "The maximum number of characters permitted in a command is 32 762" (IBM MQ
#: for z/OS, CSQUTIL "Issuing commands to IBM MQ (COMMAND)", usage notes: the rules of the
#: initialization data sets).
COMMAND_LIMIT = 32_762
#: The longest command an operator can enter at a z/OS console: "The maximum number of
#: characters that you can enter is 126" (z/OS MVS System Commands, "Typing the command").
CONSOLE_LIMIT = 126
#: Where each limit comes from, for MQSC005E.
LIMIT_SOURCES = {COMMAND_LIMIT: "a data set or the command server", CONSOLE_LIMIT: "a console"}
#: At most this much of a physical line is kept for the echo of a command refused as too long.
ECHO_LIMIT = COMMAND_LIMIT

#: Encodings accepted for ``--encoding`` besides any Python codec name: the EBCDIC code pages
#: z/OS decks are usually written in.
EBCDIC_ENCODINGS = ("cp037", "cp1047", "cp500", "cp273", "cp285", "cp297", "cp1140", "cp1148")


class LogicalCommand(NamedTuple):
    """One command as reassembled from its physical lines.

    A named tuple rather than a frozen dataclass: as immutable and as named, at a third of the
    cost to build, and a deck builds one per command (docs/performance.md, S1).

    ``text`` excludes any SDSF ``/`` and CPF. ``pieces`` maps it back to the original text: each
    pair is (offset in ``text``, offset in ``source.text``) for a run of characters copied
    unchanged from one physical line.
    """

    text: str
    source: Source
    pieces: tuple[tuple[int, int], ...]
    lines: tuple[int, ...]
    cpf: str | None = None
    problem: Diagnostic | None = None
    width: int | None = None
    #: The physical lines as the reader saw them (:attr:`echo`), when it kept them.
    shown: tuple[str, ...] | None = None

    def __repr__(self) -> str:
        # The source (a whole deck) and the offset map would drown the command.
        return f"LogicalCommand(text={self.text!r}, lines={self.lines!r}, cpf={self.cpf!r})"

    # Two commands are equal when they read the same from the same lines: where they came from
    # (the source, the offset map, a problem found on the way) is not compared or hashed.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LogicalCommand):
            return False  # never equal to a plain tuple of the same fields
        return (self.text, self.lines, self.cpf) == (other.text, other.lines, other.cpf)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((self.text, self.lines, self.cpf))

    @classmethod
    def of(cls, text: str, name: str = "<string>") -> LogicalCommand:
        """A logical command that is exactly ``text`` (no reader rules applied).

        For callers that already hold one command, e.g. the console's current line.
        """
        return cls(text, Source(text, name), ((0, 0),), (1,))

    def original_offset(self, offset: int) -> int:
        """Offset in the original source of character ``offset`` of :attr:`text`."""
        pieces = self.pieces
        if len(pieces) == 1:
            return pieces[0][1] + offset
        i = bisect.bisect_right(pieces, (offset, float("inf"))) - 1
        start, original = pieces[max(i, 0)]
        return original + offset - start

    def original_span(self, start: int, end: int) -> Span:
        """The span of original text covering ``text[start:end]``.

        Across a continuation the span runs from the first character to the last one, so the
        caret display starts where the user expects.
        """
        first = self.original_offset(start)
        last = self.original_offset(max(start, end - 1)) + (1 if end > start else 0)
        return Span(first, max(first, last))

    def location(self, offset: int = 0) -> Location:
        """File, line and column of character ``offset`` of :attr:`text`."""
        return self.source.location(self.original_offset(offset))

    @property
    def start_location(self) -> Location:
        """Where the command starts: its first non-blank character (a result's location)."""
        text = self.text
        if text[:1].isspace() or len(self.pieces) != 1 or len(self.lines) != 1:
            return self.location(len(text) - len(text.lstrip()))
        # A command on one line (most are): its line is known, no search needed.
        source, line = self.source, self.lines[0]
        return Location(source.name, line, self.pieces[0][1] - source.line_start(line) + 1)

    @property
    def span(self) -> Span:
        """Span of the whole command in the original text."""
        return self.original_span(0, len(self.text))

    @property
    def echo(self) -> tuple[str, ...]:
        """The physical lines of the command exactly as read (sequence columns dropped)."""
        if self.shown is not None:
            return self.shown
        width = self.width
        out = []
        for line in self.lines:
            text = self.source.line_text(line)
            out.append((text[:width] if width else text).rstrip())
        return tuple(out)


def decode(data: bytes, encoding: str = "utf-8") -> str:
    """Decode a deck, turning EBCDIC record layouts into newline-separated text.

    EBCDIC decks arrive either with NL (X'15', decoded as U+0085) between records or as bare
    fixed 80-byte records; both become ordinary lines.

    >>> decode("DIS Q(A)".encode("cp037").ljust(80, b"\\x40") * 2, "cp037").count("\\n")
    2
    """
    codecs.lookup(encoding)  # raises LookupError for an unknown encoding
    text = data.decode(encoding)
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\n" not in text and "\r" not in text:
        if "\x85" in text:
            text = text.replace("\x85", "\n")
        elif text and len(text) % CARD_WIDTH == 0 and encoding.lower() != "utf-8":
            text = "".join(text[i : i + CARD_WIDTH] + "\n" for i in range(0, len(text), CARD_WIDTH))
    return text


def card_width(source: Source, columns: Columns = "auto") -> int | None:
    """How many columns are significant: 72 for card images, None for all.

    ``auto`` treats the deck as card images when every line is exactly 80 characters.
    """
    if columns == "72":
        return CARD_TEXT_WIDTH
    if columns == "all":
        return None
    text = source.text
    # Every line but an empty one after the last line feed (no copy of the text without it:
    # a deck of 64 MiB would be held twice).
    lines = _lines(text)
    last = len(text) if not text.endswith("\n") else len(text) - 1
    offset = 0
    for line in lines:
        if offset > last:
            break
        if len(line.rstrip("\r")) != CARD_WIDTH:
            return None
        offset += len(line) + 1
    return CARD_TEXT_WIDTH


def _lines(text: str) -> Iterator[str]:
    """``text.split("\\n")``, one line at a time: a deck of 100,000 commands is not held twice
    while it runs."""
    find = text.find
    pos = 0
    while True:
        end = find("\n", pos)
        if end < 0:
            yield text[pos:]
            return
        yield text[pos:end]
        pos = end + 1


def read(
    source: Source,
    *,
    columns: Columns = "auto",
    is_verb: Callable[[str], bool] | None = None,
    prefixes: Sequence[str] = (),
    limit: int | None = COMMAND_LIMIT,
) -> Iterator[LogicalCommand]:
    """Yield the logical commands of ``source`` in order.

    Args:
        source: the input.
        columns: ``auto``, ``72`` or ``all`` (see :func:`card_width`).
        is_verb: tells whether a word is an MQSC verb; used to recognise an unknown CPF (a word
            that is not a verb followed by one that is). Without it only ``prefixes`` count.
        prefixes: command prefix strings known to the caller, matched as prefixes the way the
            z/OS console routes commands ([DOC-CPF]).
        limit: the most characters one command may have (:data:`COMMAND_LIMIT`,
            :data:`CONSOLE_LIMIT`), None for no limit. A longer command comes back with
            MQSC005E as its ``problem``, its text cut at the limit: nothing later in the
            pipeline spends time or memory on the rest of it.

    A continuation still open at the end of the input yields a last command whose ``problem``
    is a diagnostic; nothing is raised.

    """
    width = card_width(source, columns)
    text = source.text
    pieces: list[tuple[int, int]] = []
    parts: list[str] = []
    lines: list[int] = []
    shown: list[str] = []
    length = 0
    over: Span | None = None  # where the command being continued passed the limit
    mode = ""  # "" = new command, "+" or "-" = continuing
    offset = 0
    number = 0
    for raw in _lines(text):
        number += 1
        line_offset = offset
        offset += len(raw) + 1
        line = raw[:-1] if raw.endswith("\r") else raw
        if width is not None:
            line = line[:width]
        stripped = line.rstrip()
        if not stripped or line[0] == "*":
            continue
        last = stripped[-1]
        if not mode and last not in "+-":
            # A command on one line, as most are: the line is the command.
            if limit is not None and len(stripped) > limit:
                yield _too_long(
                    source,
                    stripped[:limit],
                    ((0, line_offset),),
                    (number,),
                    width,
                    limit,
                    Span(line_offset + limit, line_offset + len(stripped)),
                    (_cut(stripped),),
                )
                continue
            yield _finish(
                source,
                stripped,
                ((0, line_offset),),
                (number,),
                width,
                is_verb,
                prefixes,
                None,
                (stripped,),
            )
            continue
        start = 0
        if mode == "+":
            start = len(line) - len(line.lstrip())
        end = len(stripped) - 1 if last in "+-" else len(stripped)
        if over is None:
            chunk = line[start:end]
            if limit is not None and (length + len(chunk) > limit or len(lines) >= limit):
                # Past the limit: keep the text up to it and this line's place; nothing more
                # of this command is joined, however many lines it goes on for.
                keep = max(0, limit - length)
                over = Span(line_offset + start + keep, line_offset + max(end, start + keep))
                chunk = chunk[:keep]
            pieces.append((length, line_offset + start))
            parts.append(chunk)
            length += len(chunk)
            lines.append(number)
            shown.append(_cut(stripped))
        if last in "+-":
            mode = last
            continue
        if over is not None:
            yield _too_long(
                source, "".join(parts), pieces, lines, width, limit or 0, over, tuple(shown)
            )
        else:
            yield _finish(
                source, "".join(parts), pieces, lines, width, is_verb, prefixes, None, tuple(shown)
            )
        pieces, parts, lines, shown, length, mode, over = [], [], [], [], 0, "", None
    if parts:
        if over is not None:
            yield _too_long(
                source, "".join(parts), pieces, lines, width, limit or 0, over, tuple(shown)
            )
            return
        problem = Diagnostic(
            "MQSC001E",
            {"character": mode},
            source,
            Span(
                pieces[-1][1] + length - pieces[-1][0], pieces[-1][1] + length - pieces[-1][0] + 1
            ),
        )
        yield _finish(
            source, "".join(parts), pieces, lines, width, is_verb, prefixes, problem, tuple(shown)
        )


def _cut(line: str) -> str:
    """A physical line as echoed: at most :data:`ECHO_LIMIT` characters of it."""
    return line if len(line) <= ECHO_LIMIT else line[:ECHO_LIMIT] + " ..."


def _too_long(
    source: Source,
    text: str,
    pieces: Sequence[tuple[int, int]],
    lines: Sequence[int],
    width: int | None,
    limit: int,
    span: Span,
    shown: tuple[str, ...],
) -> LogicalCommand:
    """A command refused for its length (MQSC005E), its text cut at the limit."""
    where = LIMIT_SOURCES.get(limit, "this input")
    problem = Diagnostic("MQSC005E", {"limit": limit, "source": where}, source, span)
    return LogicalCommand(text, source, tuple(pieces), tuple(lines), None, problem, width, shown)


def _finish(
    source: Source,
    text: str,
    pieces: Sequence[tuple[int, int]],
    lines: Sequence[int],
    width: int | None,
    is_verb: Callable[[str], bool] | None,
    prefixes: Sequence[str],
    problem: Diagnostic | None,
    shown: tuple[str, ...],
) -> LogicalCommand:
    skip, cpf = _prefix(text, is_verb, prefixes)
    if skip:
        text = text[skip:]
        pieces = _shift(pieces, skip)
    return LogicalCommand(text, source, tuple(pieces), tuple(lines), cpf, problem, width, shown)


def _shift(pieces: Sequence[tuple[int, int]], skip: int) -> list[tuple[int, int]]:
    """Drop the first ``skip`` characters from a piece map."""
    out = []
    for i, (start, original) in enumerate(pieces):
        end = pieces[i + 1][0] if i + 1 < len(pieces) else None
        if end is not None and end <= skip:
            continue
        if start < skip:
            original += skip - start
            start = skip
        out.append((start - skip, original))
    return out


def _prefix(
    text: str, is_verb: Callable[[str], bool] | None, prefixes: Sequence[str]
) -> tuple[int, str | None]:
    """How many leading characters are SDSF ``/`` and CPF, and the CPF seen (if any)."""
    body = text.lstrip()
    lead = len(text) - len(body)
    if body.startswith("/"):
        lead += 1
        body = body[1:]
    if prefixes:
        upper = body.upper()
        for prefix in sorted(prefixes, key=len, reverse=True):
            if prefix and upper.startswith(prefix.upper()):
                return lead + len(prefix), body[: len(prefix)]
    if is_verb is not None:
        words = body.split(None, 2)
        if len(words) >= 2 and not is_verb(_word(words[0])) and is_verb(_word(words[1])):
            rest = body[len(words[0]) :]
            return lead + len(body) - len(rest.lstrip()), words[0]
    return lead, None


def _word(token: str) -> str:
    """The leading keyword of a token such as ``QLOCAL(X)``, upper-cased."""
    return token.split("(", 1)[0].upper()
