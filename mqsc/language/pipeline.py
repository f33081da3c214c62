"""The language pipeline end to end: text -> reader -> parser -> binder -> typed commands.

:func:`parse` is the public entry point (``mqsc.parse``). Errors are data: a command that fails
to parse or bind comes back as a :class:`Rejected` record in its place, so a deck with one bad
command still yields all the others, in order.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from mqsc import catalog
from mqsc.language.binder import bind
from mqsc.language.commands import Command
from mqsc.language.diagnostics import Diagnostic, MqscError
from mqsc.language.parser import parse_logical
from mqsc.language.reader import COMMAND_LIMIT, Columns, LogicalCommand, read
from mqsc.language.source import Source


@dataclass(frozen=True, slots=True)
class Rejected:
    """A command that could not be parsed or bound: its text and why."""

    logical: LogicalCommand = field(repr=False)
    diagnostics: tuple[Diagnostic, ...]

    @property
    def text(self) -> str:
        """The logical command text."""
        return self.logical.text

    @property
    def first(self) -> Diagnostic:
        """The first diagnostic."""
        return self.diagnostics[0]

    @property
    def typed(self) -> tuple[str, ...]:
        """The verb and object keyword as typed, upper-cased (``("DEF", "QL")``): what the
        preprocessor's CSQ9023E quotes."""
        words = self.text.replace(",", " ").split()
        out = [w.upper() for w in words[:1]]
        if len(words) > 1:
            out.append(words[1].split("(", 1)[0].upper())
        return tuple(out)

    @property
    def command(self) -> tuple[str, str] | None:
        """The (verb, object type) the typed words name, when both are words of the language
        (the command's own processor then answers its value checks)."""
        typed = self.typed
        if len(typed) < 2:
            return None
        verb = catalog.VERB_WORDS.get(typed[0])
        objtype = catalog.OBJECT_WORDS.get(typed[1])
        if verb is None or objtype is None:
            return None
        return verb.name, objtype.name


Parsed = Command | Rejected


def parse_logical_command(logical: LogicalCommand) -> Parsed:
    """Parse and bind one logical command; errors come back as :class:`Rejected`."""
    try:
        return bind(parse_logical(logical))
    except MqscError as error:
        return Rejected(logical, error.diagnostics)


#: At most this many further errors are looked for on one command.
FURTHER_LIMIT = 5


def further_diagnostics(rejected: Rejected) -> tuple[Diagnostic, ...]:
    """Errors of a rejected command after its first one (z/OS answers only the first).

    The text the first error covers (a keyword with its value, or everything from an
    unbalanced apostrophe on) is blanked out, keeping every other character where it was so
    that the positions still point into the source, and the command is read again; and so on,
    for at most :data:`FURTHER_LIMIT` more errors.

    >>> rejected = parse("DEFINE QLOCAL(A) MAXDEPHT(5) DESCR('unbalanced")[0]
    >>> [d.msg_id for d in rejected.diagnostics], [
    ...     (d.msg_id, d.location.column) for d in further_diagnostics(rejected)]
    (['CSQ9003E'], [('CSQ9001E', 18)])
    """
    logical, first = rejected.logical, rejected.first
    found: list[Diagnostic] = []
    seen = {(first.msg_id, first.text)}
    blanked: set[str] = set()
    for _ in range(FURTHER_LIMIT):
        region = _covered(logical, first)
        if region is None:
            break
        start, end = region
        blanked |= _keywords_in(rejected, logical.text[start:end])
        text = logical.text[:start] + " " * (end - start) + logical.text[end:]
        logical = logical._replace(text=text, problem=None)
        again = parse_logical_command(logical)
        if not isinstance(again, Rejected):
            break
        first = again.first
        if (first.msg_id, first.text) in seen:
            break  # the same error again: what the blanking left, not another mistake
        if first.msg_id == "MQSC010E" and str(first.inserts.get("keyword", "")) in blanked:
            break  # "missing" only because its bad value was blanked: present in the source
        seen.add((first.msg_id, first.text))
        found.append(first)
    return tuple(found)


def _keywords_in(rejected: Rejected, text: str) -> set[str]:
    """The keyword a blanked region begins with, as typed and as the command's catalog names
    it (``CHLT`` and ``CHLTYPE``): a required keyword blanked for its bad value is not one the
    command lacks."""
    word = re.match(r"\s*([A-Za-z][A-Za-z0-9]*)", text)
    if word is None:
        return set()
    typed = word.group(1).upper()
    names = {typed}
    command = rejected.command
    spec = catalog.command_spec(*command) if command else None
    keyword = spec.keyword(typed) if spec else None
    if keyword is not None:
        names.add(keyword.name)
    return names


def _covered(logical: LogicalCommand, d: Diagnostic) -> tuple[int, int] | None:
    """The part of the command's text a diagnostic is about: its span, with the value in
    parentheses that follows a keyword, or to the end from an apostrophe left open."""
    if d.span is None:
        return None
    text = logical.text
    start = next((t for t in range(len(text)) if logical.original_offset(t) >= d.span.start), None)
    if start is None or start < _head_end(text):
        return None  # the verb, the object type or its name: nothing is left to read
    enclosing = _enclosing_keyword(text, start, _head_end(text))
    if enclosing is not None:
        start = enclosing  # inside a keyword's value (WHERE(FOO EQ 1)): the whole keyword
    if text[start] == "'" and text[:start].count("'") % 2 == 0:
        # An apostrophe left open: the rest of the command is its value; blanked from the
        # keyword it belongs to.
        while start > 0 and text[start - 1] in "( ":
            start -= 1
        while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "._"):
            start -= 1
        return start, len(text)
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "._"):
        start -= 1  # the whole word the span begins in
    end = start
    while end < len(text) and (text[end].isalnum() or text[end] in "._"):
        end += 1
    end = max(end, start + 1)
    depth, quoted, at = 0, False, end
    while at < len(text) and text[at] == " " and depth == 0:
        at += 1
    if at < len(text) and text[at] == "(":
        for index in range(at, len(text)):
            char = text[index]
            if char == "'":
                quoted = not quoted
            elif not quoted and char == "(":
                depth += 1
            elif not quoted and char == ")":
                depth -= 1
                if depth == 0:
                    return start, index + 1
        return start, len(text)  # a value left open (an apostrophe, a parenthesis)
    return start, end


def _enclosing_keyword(text: str, at: int, head: int) -> int | None:
    """Where the keyword begins whose parenthesised value holds position ``at``, or None when
    ``at`` is outside every value (an error in a value is that keyword's error: reading the
    rest of the value again only repeats it in other words).

    >>> _enclosing_keyword("DISPLAY QLOCAL(*) WHERE(FOO EQ 1)", 24, 17)
    18
    """
    depth, quoted, opened = 0, False, None
    for index in range(head, at):
        char = text[index]
        if char == "'":
            quoted = not quoted
        elif not quoted and char == "(":
            if depth == 0:
                opened = index
            depth += 1
        elif not quoted and char == ")":
            depth = max(depth - 1, 0)
    if depth == 0 or opened is None:
        return None
    start = opened
    while start > head and text[start - 1] == " ":
        start -= 1
    while start > head and (text[start - 1].isalnum() or text[start - 1] in "._"):
        start -= 1
    return start


def _head_end(text: str) -> int:
    """Where a command's keywords begin: after its verb, its object type and the object's
    name in parentheses.

    >>> _head_end("DEFINE QLOCAL(A.B) MAXDEPTH(5)")
    18
    """
    found = re.match(r"\s*\S+\s+[A-Za-z]+(\s*\([^)]*\))?", text)
    return found.end() if found else len(text)


def iter_parse(
    source: Source,
    *,
    columns: Columns = "auto",
    prefixes: Sequence[str] = (),
    limit: int | None = COMMAND_LIMIT,
) -> Iterator[tuple[LogicalCommand, Parsed]]:
    """Each logical command of ``source`` with its parse result, in order (``limit``: the
    longest command accepted, see :func:`mqsc.language.reader.read`)."""
    for logical in read(
        source, columns=columns, is_verb=catalog.is_verb, prefixes=prefixes, limit=limit
    ):
        yield logical, parse_logical_command(logical)


def parse(text: str, *, name: str = "<string>", columns: Columns = "auto") -> list[Parsed]:
    """Parse MQSC text into typed commands, with a :class:`Rejected` for each bad one.

    >>> [type(c).__name__ for c in parse("DEF QL(A)\\nDIS Q(A) FOO")]
    ['Define', 'Rejected']
    """
    return [parsed for _, parsed in iter_parse(Source(text, name), columns=columns)]


def parse_one(text: str, *, name: str = "<string>") -> Command:
    """Parse exactly one command.

    Raises:
        MqscError: the text is not one valid command.

    >>> parse_one("DIS USAGE PSID(3)").attrs["PSID"]
    3

    """
    results = parse(text, name=name, columns="all")
    if len(results) != 1:
        source = Source(text, name)
        raise MqscError(Diagnostic("MQSC006E", {"count": len(results)}, source, None))
    result = results[0]
    if isinstance(result, Rejected):
        raise MqscError(*result.diagnostics)
    return result
