"""The syntax tree of one MQSC command, as the grammar (grammar/mqsc.lark) shapes it.

Nodes are immutable and small: a command is a verb and its parameters; a parameter is a keyword
with an optional parenthesised list of raw values, or a WHERE filter. They are named tuples, not
frozen dataclasses: as immutable and as named, at a third of the cost to build, and a deck of
DEFINEs builds eight per command (docs/performance.md). Values are kept as the raw
token text (a quoted string keeps its apostrophes) so the binder can tell ``X`` from ``'x'`` and
fold case only outside quotes. Offsets are into the logical command text
(:attr:`mqsc.language.reader.LogicalCommand.text`); :meth:`Command.span_of` maps them to the
original
source. The tree holds no meaning: which keywords exist is the catalog's business.
"""

from __future__ import annotations

from typing import NamedTuple

from mqsc.language.reader import LogicalCommand
from mqsc.language.source import Span


def is_quoted(value: str) -> bool:
    """True for a quoted-string token.

    >>> is_quoted("'abc'"), is_quoted("ABC")
    (True, False)
    """
    return value[:1] == "'"


def unquote(value: str) -> str:
    """The text inside a quoted-string token, with ``''`` turned back into ``'``.

    >>> unquote("'it''s'")
    "it's"
    """
    return value[1:-1].replace("''", "'")


def quote(text: str) -> str:
    """The quoted-string token for ``text`` (inverse of :func:`unquote`).

    >>> quote("it's")
    "'it''s'"
    """
    return "'" + text.replace("'", "''") + "'"


class Param(NamedTuple):
    """``KEYWORD``, ``KEYWORD()`` or ``KEYWORD(v1 v2 ...)``.

    ``values`` is None when there are no parentheses, an empty tuple for ``KEYWORD()``.
    ``start``/``end`` cover the keyword through its closing parenthesis; ``value_starts`` gives
    the offset of each value.
    """

    keyword: str
    values: tuple[str, ...] | None
    start: int
    end: int
    value_starts: tuple[int, ...] = ()


class Where(NamedTuple):
    """``WHERE(keyword operator value)``: a DISPLAY filter."""

    keyword: str
    operator: str
    value: str
    start: int
    end: int
    keyword_start: int
    value_start: int


class Command(NamedTuple):
    """One parsed command: the verb as typed and its parameters in order."""

    verb: str
    params: tuple[Param | Where, ...]
    verb_start: int
    logical: LogicalCommand

    def __repr__(self) -> str:
        return f"Command(verb={self.verb!r}, params={self.params!r})"

    # The logical command it was parsed from is where it came from, not what it says: not
    # compared or hashed.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Command):
            return False  # never equal to a plain tuple of the same fields
        return (self.verb, self.params, self.verb_start) == (
            other.verb,
            other.params,
            other.verb_start,
        )

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((self.verb, self.params, self.verb_start))

    @property
    def text(self) -> str:
        """The logical command text."""
        return self.logical.text

    def span_of(self, start: int, end: int) -> Span:
        """Original-source span of logical offsets ``[start, end)``."""
        return self.logical.original_span(start, end)

    @property
    def span(self) -> Span:
        """Original-source span of the whole command."""
        return self.logical.span
