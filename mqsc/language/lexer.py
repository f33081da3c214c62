"""The fast lexer: logical command text -> the grammar's terminals.

It produces exactly the terminals Lark's own contextual lexer would produce from
grammar/mqsc.lark (a property test holds it to that), but in one regular-expression pass with no
token objects: a *shape* string with one character per terminal, the token texts and their
offsets. The parser keys its cache on the shape.

Shape characters: ``W`` WORD, ``S`` STRING, ``(`` and ``)``, ``H`` WHERE, ``O`` OPERATOR.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate
from operator import itemgetter
from typing import NamedTuple

#: Terminal name in the grammar for each shape character.
TERMINALS = {"W": "WORD", "S": "STRING", "(": "_LPAR", ")": "_RPAR", "H": "WHERE", "O": "OPERATOR"}

# Separators are blanks (any whitespace but line ends) and commas, as the grammar's %ignore.
# A quoted string is written unrolled ('[^']*(?:''[^']*)*'), never as ('(?:[^']|'')*'): the
# engine keeps a backtracking point per character for a repeated alternation, so a 10 MB DESCR
# took 1.2 GB and 2 s; unrolled, the run of ordinary characters is one step.
_QUOTED = r"'[^']*(?:''[^']*)*'"
# Separators (blanks but line ends, and commas) likewise: unrolled, one step per comma.
_BLANKS = r"[^\S\r\n]*+(?:,[^\S\r\n]*+)*+"
_TOKEN = re.compile(_BLANKS + r"(?:(\()|(\))|(" + _QUOTED + r")|([^\s,()']+))")
_KINDS = (None, "(", ")", "S", "W")
_OPERATORS = frozenset(("CTG", "EXG", "LT", "GT", "EQ", "NE", "LE", "GE", "LK", "NL", "CT", "EX"))
_TRAILING = re.compile(_BLANKS)
_NEXT_PAREN = re.compile(r"\s*\(")


class Tokens(NamedTuple):
    """The terminals of one command: shape, token texts and their start offsets (a named
    tuple: built once per command, and cheaper than a frozen dataclass)."""

    shape: str
    values: tuple[str, ...]
    starts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LexFailure:
    """No terminal matches at ``offset``: an unmatched apostrophe or a stray line-end character.

    ``tokens`` holds what was recognised before the failure.
    """

    offset: int
    tokens: Tokens


def tokenize(text: str) -> Tokens | LexFailure:
    """Split a logical command into terminals.

    >>> t = tokenize("DIS Q(*) WHERE(CURDEPTH GT 0)")
    >>> t.shape, t.values[-3:]
    ('WW(W)H(WOW)', ('GT', '0', ')'))

    The common case (no WHERE, nothing unmatched) takes no Python step per token: a command
    of the same shape as the one before is matched by one regular expression made for that
    shape; any other by one ``re.split`` that yields the separators and the tokens, from which
    C-level helpers derive the shape and the offsets. Anything else goes to :func:`_scan`, the
    reference token-by-token scanner; a property test holds them all to the same answers.
    """
    if "WHERE" in text.upper():
        return _scan(text)
    shape, pattern, groups = _last
    found = pattern(text)
    if found is not None:
        return Tokens(shape, found.groups(), tuple(map(found.start, groups)))
    parts = _SPLIT(text)
    if _SEPARATORS("".join(parts[::2])) is None:
        return _scan(text)
    values = parts[1::2]
    firsts = "".join(map(itemgetter(0), values))
    shape = firsts.encode("latin-1", "replace").translate(_SHAPE_BYTES).decode("ascii")
    _learn(shape)
    return Tokens(shape, tuple(values), tuple(accumulate(map(len, parts)))[:-1:2])


# Between tokens only separators. A token's first character gives its terminal: a parenthesis,
# an apostrophe (a quoted string), anything else a word (so any character outside Latin-1,
# encoded as "?", is a word's).
_SPLIT = re.compile(r"([()]|" + _QUOTED + r"|[^\s,()']+)").split
_SEPARATORS = re.compile(_BLANKS).fullmatch
_SHAPE_BYTES = bytes(
    {ord("("): ord("("), ord(")"): ord(")"), ord("'"): ord("S")}.get(c, ord("W"))
    for c in range(256)
)

# The expression of one shape: each terminal's pattern, separators around them, anchored at
# both ends. Possessive repeats make it match exactly where the scan would find the same
# tokens: a word is the longest run, a quoted string ends where the scan ends it (a text the
# scan would have to backtrack on is not matched, and goes the long way).
_SEPARATOR = _BLANKS
_TERMINAL = {"W": r"([^\s,()']++)", "S": r"('[^']*+(?:''[^']*+)*+')", "(": r"(\()", ")": r"(\))"}
_NEVER = re.compile(r"(?!)").match
#: The shape last seen twice in a row, its expression and its group numbers; the shape seen last.
_last: tuple[str, Callable[[str], re.Match[str] | None], range] = ("", _NEVER, range(0))
_previous = ""


#: The longest shape given an expression of its own. One of 16,000 terminals (a command at
#: z/OS's 32,762 characters) would be an expression of 16,000 groups: compiling and matching it
#: took 100 s for 300 such commands, where ``re.split`` takes a second.
EXPRESSION_LIMIT = 256


def _learn(shape: str) -> None:
    """Make the expression of a shape met twice in a row (decks repeat one shape)."""
    global _last, _previous
    if shape == _previous and shape != _last[0] and len(shape) <= EXPRESSION_LIMIT:
        body = "".join(_SEPARATOR + _TERMINAL[kind] for kind in shape)
        _last = (shape, re.compile(body + _SEPARATOR + r"\Z").match, range(1, len(shape) + 1))
    _previous = shape


def _scan(text: str) -> Tokens | LexFailure:
    """Split a logical command into terminals, token by token (WHERE filters, failures)."""
    kinds: list[str] = []
    values: list[str] = []
    starts: list[int] = []
    match = _TOKEN.match
    pos = 0
    end = len(text)
    depth = 0
    where_at = -9
    while True:
        found = match(text, pos)
        if found is None:
            pos = _TRAILING.match(text, pos).end()
            break
        group = found.lastindex
        kind = _KINDS[group]
        value = found.group(group)
        start = found.start(group)
        if kind == "W":
            n = len(kinds)
            if depth == 0 and value.upper() == "WHERE" and _NEXT_PAREN.match(text, found.end()):
                kind = "H"
                where_at = n
            elif n == where_at + 3 and _is_operator(value, text, found.end()):
                kind = "O"
        elif kind == "(":
            depth += 1
        elif kind == ")":
            depth -= 1
        kinds.append(kind)
        values.append(value)
        starts.append(start)
        pos = found.end()
    tokens = Tokens("".join(kinds), tuple(values), tuple(starts))
    if pos < end:
        return LexFailure(pos, tokens)
    return tokens


def _is_operator(value: str, text: str, after: int) -> bool:
    """True when the word in the operator slot of WHERE( ) is an operator the grammar accepts.

    Mirrors the grammar's ``OPERATOR`` terminal: one of the operator words, followed by a blank
    or an apostrophe.
    """
    return (
        value.upper() in _OPERATORS
        and after < len(text)
        and (text[after] == "'" or (text[after].isspace() and text[after] not in "\r\n"))
    )
