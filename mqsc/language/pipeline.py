"""The language pipeline end to end: text -> reader -> parser -> binder -> typed commands.

:func:`parse` is the public entry point (``mqsc.parse``). Errors are data: a command that fails
to parse or bind comes back as a :class:`Rejected` record in its place, so a deck with one bad
command still yields all the others, in order.
"""

from __future__ import annotations

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


Parsed = Command | Rejected


def parse_logical_command(logical: LogicalCommand) -> Parsed:
    """Parse and bind one logical command; errors come back as :class:`Rejected`."""
    try:
        return bind(parse_logical(logical))
    except MqscError as error:
        return Rejected(logical, error.diagnostics)


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
