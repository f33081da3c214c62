"""Syntax highlighting of MQSC text from the project's own reader, lexer and catalog.

:func:`roles` gives every interesting run of characters a *role* (verb, object type, keyword,
value, string, comment...): the console's input lexer colours its buffer with it, and the
``mqsc`` Pygments lexer (:mod:`mqsc.render.pygments`) colours decks in other tools.

Nothing here re-parses with regular expressions: logical commands come from
:func:`mqsc.language.reader.read` (continuations, comments, the command prefix), tokens from
:func:`mqsc.language.lexer.tokenize`, and whether a word is a verb, an object type or a keyword of
this
command from the catalog. Words the catalog does not know get the role ``unknown``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from mqsc import catalog
from mqsc.catalog import CommandSpec
from mqsc.language.lexer import LexFailure, tokenize
from mqsc.language.reader import LogicalCommand, read
from mqsc.language.source import Source

#: Every role a piece of MQSC text can have.
ROLES = (
    "verb",
    "objtype",
    "keyword",
    "value",
    "name",
    "string",
    "number",
    "where",
    "operator",
    "paren",
    "cpf",
    "comment",
    "continuation",
    "unknown",
)


@dataclass(frozen=True, slots=True)
class Piece:
    """A run ``[start, end)`` of the text with one role."""

    start: int
    end: int
    role: str


def roles(text: str, cpf: str | None = None) -> list[Piece]:
    """The roles of ``text`` (a deck or a console buffer), sorted by offset, not overlapping.

    Characters no piece covers (blanks, commas) are plain text.

    >>> text = "DEF QL(PAY) MAXDEPTH(5) FOO"
    >>> [(text[p.start:p.end], p.role) for p in roles(text)]  # doctest: +NORMALIZE_WHITESPACE
    [('DEF', 'verb'), ('QL', 'objtype'), ('(', 'paren'), ('PAY', 'name'), (')', 'paren'),
     ('MAXDEPTH', 'keyword'), ('(', 'paren'), ('5', 'number'), (')', 'paren'), ('FOO', 'unknown')]
    """
    source = Source(text)
    pieces: list[Piece] = list(_line_marks(source))
    prefixes = (cpf,) if cpf else ()
    for logical in read(source, columns="all", is_verb=catalog.is_verb, prefixes=prefixes):
        pieces.extend(_prefix_piece(logical, cpf))
        for start, end, role in token_roles(logical.text):
            pieces.extend(_mapped(logical, start, end, role))
    pieces.sort(key=lambda p: p.start)
    return pieces


def token_roles(text: str) -> list[tuple[int, int, str]]:
    """Roles of the tokens of one logical command, as offsets in ``text``.

    An unterminated string runs to the end of the text (it is being typed).
    """
    lexed = tokenize(text)
    tokens = lexed.tokens if isinstance(lexed, LexFailure) else lexed
    out = list(_classify(tokens.shape, tokens.values, tokens.starts))
    if isinstance(lexed, LexFailure):
        out.append((lexed.offset, len(text.rstrip()), "string"))
    return [(s, e, r) for s, e, r in out if e > s]


def _classify(
    shape: str, values: tuple[str, ...], starts: tuple[int, ...]
) -> Iterator[tuple[int, int, str]]:
    verb = objtype = None
    spec: CommandSpec | None = None
    words = 0
    depth = 0
    owner = ""  # what the open parenthesis belongs to: "object", "where", or a keyword role
    where_slot = 0
    for kind, value, start in zip(shape, values, starts, strict=True):
        end = start + len(value)
        if kind in "()":
            depth += 1 if kind == "(" else -1
            if kind == ")" and depth <= 0:
                depth, owner = 0, ""
            yield start, end, "paren"
            continue
        if kind == "H":
            owner, where_slot = "where", 0
            yield start, end, "where" if spec is not None and spec.where else "unknown"
            continue
        if kind == "O":
            where_slot += 1
            yield start, end, "operator"
            continue
        if depth > 0:
            yield start, end, _value_role(kind, value, owner, spec, where_slot)
            if owner == "where":
                where_slot += 1
            continue
        upper = value.upper()
        if words == 0:
            verb = catalog.VERB_WORDS.get(upper)
            role = "verb" if verb else "unknown"
        elif words == 1 and verb is not None:
            objtype = catalog.OBJECT_WORDS.get(upper)
            spec = catalog.command_spec(verb.name, objtype.name) if objtype else None
            role = "objtype" if spec is not None else "unknown"
        else:
            role = "keyword" if spec is not None and _accepts(spec, upper) else "unknown"
        owner = "object" if words == 1 else role
        words += 1
        yield start, end, role if kind == "W" else "unknown"


def _accepts(spec: CommandSpec, word: str) -> bool:
    keyword = spec.keyword(word)
    if keyword is not None:
        return keyword.zos
    return word in spec.requestable


def _value_role(kind: str, value: str, owner: str, spec: CommandSpec | None, slot: int) -> str:
    if kind == "S":
        return "string"
    if owner == "where" and slot == 0:
        return "keyword" if spec is not None and value.upper() in spec.where else "unknown"
    if value.lstrip("+-").isdigit():
        return "number"
    return "name" if owner == "object" else "value"


def _line_marks(source: Source) -> Iterator[Piece]:
    """Comment lines (``*`` in column 1) and continuation characters, as the reader sees them."""
    offset = 0
    for line in source.text.split("\n"):
        body = line.rstrip()
        if line.startswith("*"):
            yield Piece(offset, offset + len(body), "comment")
        elif body and body[-1] in "+-":
            yield Piece(offset + len(body) - 1, offset + len(body), "continuation")
        offset += len(line) + 1


def _prefix_piece(logical: LogicalCommand, cpf: str | None) -> list[Piece]:
    """The SDSF ``/`` and command prefix in front of a command: ``cpf``, or ``unknown`` when the
    queue manager is known (``cpf`` given) and the prefix is another one's."""
    if logical.cpf is None:
        return []
    text = logical.source.text
    start = logical.source.line_start(logical.lines[0])
    while text[start].isspace():
        start += 1
    end = text.find(logical.cpf, start) + len(logical.cpf)
    mine = cpf is None or logical.cpf.upper() == cpf.upper()
    return [Piece(start, end, "cpf" if mine else "unknown")]


def _mapped(logical: LogicalCommand, start: int, end: int, role: str) -> Iterator[Piece]:
    """A run of the logical text as runs of the original text (split at continuations)."""
    pieces = logical.pieces
    for i, (at, original) in enumerate(pieces):
        stop = pieces[i + 1][0] if i + 1 < len(pieces) else end
        lo, hi = max(start, at), min(end, stop)
        if lo < hi:
            yield Piece(original + lo - at, original + hi - at, role)
