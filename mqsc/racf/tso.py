"""TSO command lines: SYSTSIN records to logical commands, and a command's text to its operands.

TSO's rules, as the RACF commands meet them (z/OS TSO/E Command Reference, "Syntax of TSO/E
commands"): the command name first, then operands separated by blanks or commas; positional
operands in order, then keywords in any order; a keyword's value in parentheses right after
it (``ACCESS(READ)``), several values separated by blanks or commas (``ID(MQSTC,MQSYSP)``); a
list of positional names in parentheses; quoted strings with ``''`` for an apostrophe; a
keyword may be abbreviated to any unique prefix (``ACC(READ)``); the last right parenthesis
may be left out; ``/* ... */`` is a comment. A line ending in ``+`` continues on the next
line without its leading blanks, one ending in ``-`` with them.

Errors are the parse service's messages (IKJ56701I MISSING, IKJ56702I INVALID, IKJ56712I
INVALID KEYWORD), with the command's syntax taken from :data:`mqsc.catalog.racf.COMMANDS`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from mqsc.catalog import racf

#: A user id or group name: 1-8 characters, the first alphabetic or national (RACF Command
#: Language Reference, ADDUSER "userid").
_NAME8 = re.compile(r"[A-Z#$@][A-Z0-9#$@]{0,7}")
#: The return code of a command TSO could not parse: a user error, command not processed
#: ("Return codes from RACF commands": 8).
PARSE_RC = 8


def valid_userid(name: str) -> bool:
    """Whether ``name`` (upper case) can be a RACF user id or group name."""
    return _NAME8.fullmatch(name) is not None


@dataclass(frozen=True, slots=True)
class Logical:
    """One command as read: its records (echoed in the listing) and its text."""

    records: tuple[str, ...]
    text: str


def logical_commands(text: str) -> Iterator[Logical]:
    """The commands of SYSTSIN (or a console line), continuations joined, comments removed,
    blank lines skipped."""
    records: list[str] = []
    parts: list[str] = []
    marker = ""
    for raw in text.splitlines():
        line = raw.rstrip()
        records.append(line)
        piece = strip_comment(line).rstrip()
        if marker == "+":
            piece = piece.lstrip()
        marker = piece[-1] if piece.endswith(("+", "-")) else ""
        parts.append(piece[:-1] if marker else piece)
        if marker:
            continue
        joined = "".join(parts).strip()
        if joined:
            yield Logical(tuple(records), joined)
        records, parts = [], []
    joined = "".join(parts).strip()
    if joined:
        yield Logical(tuple(records), joined)


def strip_comment(line: str) -> str:
    """The line without a ``/* ... */`` comment (an apostrophe string may hold ``/*``)."""
    quoted = False
    i = 0
    while i < len(line):
        ch = line[i]
        if ch == "'":
            quoted = not quoted
        elif not quoted and line.startswith("/*", i):
            end = line.find("*/", i + 2)
            return line[:i] + (line[end + 2 :] if end >= 0 else "")
        i += 1
    return line


@dataclass(frozen=True, slots=True)
class Command:
    """A parsed TSO command.

    Attributes:
        spec: the command's syntax entry.
        positional: the values of each positional operand given, in order.
        keywords: each keyword given (its IBM name) with its values (() for a flag).
        text: the command as written.

    """

    spec: racf.TsoCommand
    positional: tuple[tuple[str, ...], ...]
    keywords: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    text: str = ""

    @property
    def name(self) -> str:
        return self.spec.name

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def value(self, keyword: str, default: str = "") -> str:
        values = self.keywords.get(keyword)
        return values[0] if values else default

    def values(self, keyword: str) -> tuple[str, ...]:
        return self.keywords.get(keyword, ())

    def operand(self, index: int) -> tuple[str, ...]:
        return self.positional[index] if index < len(self.positional) else ()


@dataclass(frozen=True, slots=True)
class Refused:
    """A command TSO could not run: its messages and return code."""

    lines: tuple[str, ...]
    rc: int = PARSE_RC


class _Error(Exception):
    def __init__(self, *lines: str) -> None:
        super().__init__(lines)
        self.lines = lines


@dataclass(frozen=True, slots=True)
class _Token:
    """A word, a word with a parenthesized value, a parenthesized list, or a quoted string."""

    word: str = ""
    value: str | None = None  # the text inside KEY(...)
    items: tuple[str, ...] | None = None  # a bare (a b c) list
    quoted: bool = False


def parse(text: str) -> Command | Refused:
    """A command's text to its operands, checked against the command's syntax."""
    try:
        return _parse(text)
    except _Error as error:
        return Refused(tuple(error.lines))


def _parse(text: str) -> Command:
    tokens = list(_tokens(text))
    if not tokens or tokens[0].word == "":
        raise _Error(racf.line("IKJ56500I", command=text.split()[0] if text.split() else ""))
    head = tokens[0]
    name = head.word.upper()
    spec = racf.BY_NAME.get(name)
    if spec is None or head.value is not None:
        raise _Error(racf.line("IKJ56500I", command=name))
    positional: list[tuple[str, ...]] = []
    keywords: dict[str, tuple[str, ...]] = {}
    for token in tokens[1:]:
        slot = len(positional)
        # TSO parse fills the positional operands first: a word in a positional place is
        # that operand even if it spells a keyword (RLIST MQQUEUE ALL lists profile ALL).
        if (
            token.value is None
            and slot < len(spec.positional)
            and (
                not keywords
                or token.items is not None
                or token.quoted
                or not _is_keyword(spec, token.word)
            )
        ):
            positional.append(_positional(spec.positional[slot], token))
            continue
        if token.items is not None or token.quoted:
            raise _Error(racf.line("IKJ56712I", keyword=_shown(token)))
        operand = _keyword(spec, token.word)
        keywords[operand.name] = _values(operand, token)
    for index in range(len(positional), len(spec.positional)):
        wanted = spec.positional[index]
        if wanted.required:
            first, second = wanted.missing
            raise _Error(
                racf.line("IKJ56701I", what=f"{first}"), racf.line("IKJ56701I.2", what=second)
            )
    return Command(spec, tuple(positional), MappingProxyType(keywords), text)


def _is_keyword(spec: racf.TsoCommand, word: str) -> bool:
    try:
        _keyword(spec, word)
    except _Error:
        return False
    return True


def _shown(token: _Token) -> str:
    if token.items is not None:
        return "(" + " ".join(token.items) + ")"
    return token.word


def _keyword(spec: racf.TsoCommand, word: str) -> racf.Operand:
    """The keyword a word names: itself, or the only keyword it abbreviates."""
    upper = word.upper()
    exact = [k for k in spec.keywords if k.name == upper]
    if exact:
        return exact[0]
    candidates = [k for k in spec.keywords if k.name.startswith(upper)]
    if len(candidates) != 1 or not upper:
        raise _Error(racf.line("IKJ56712I", keyword=word))
    return candidates[0]


def _positional(wanted: racf.Positional, token: _Token) -> tuple[str, ...]:
    values = token.items if token.items is not None else (token.word,)
    if token.items is not None and not wanted.many:
        raise _Error(racf.line("IKJ56702I", what=wanted.what, value=_shown(token)))
    if wanted.star and values == ("*",):
        return values
    if token.quoted and wanted.value == "dsname":
        return (f"'{token.word.upper()}'",)  # a fully qualified data set name
    return tuple(_checked(wanted.value, wanted.what, v) for v in values)


def _values(operand: racf.Operand, token: _Token) -> tuple[str, ...]:
    if operand.kind == "flag":
        if token.value is not None:
            raise _Error(racf.line("IKJ56712I", keyword=f"{token.word}({token.value})"))
        return ()
    if token.value is None:
        if operand.optional:
            return ()
        raise _Error(racf.line("IKJ56701I.2", what=operand.name))
    if operand.kind == "raw":
        return (token.value.strip(),)
    if operand.kind == "text":
        return (unquote(token.value.strip()),)
    items = tuple(split_values(token.value))
    if not items:
        raise _Error(racf.line("IKJ56701I.2", what=operand.name))
    if operand.kind == "value" and len(items) != 1:
        raise _Error(racf.line("IKJ56702I", what=operand.name, value=token.value.strip()))
    return tuple(_checked(operand.value, operand.name, v) for v in items)


def _checked(kind: str, what: str, value: str) -> str:
    """A value of a kind, normalized (upper case where RACF folds it), or IKJ56702I."""
    upper = value.upper()
    if kind in ("userid", "group"):
        if not _NAME8.fullmatch(upper):
            raise _Error(racf.line("IKJ56702I", what=what, value=value))
        return upper
    if kind == "id":
        if upper != "*" and not _NAME8.fullmatch(upper):
            raise _Error(racf.line("IKJ56702I", what=what, value=value))
        return upper
    if kind == "class":
        if upper == "*" or upper in racf.CLASSES:
            return upper
        raise _Error(racf.line("IKJ56702I", what="CLASS", value=value))
    if kind in ("access", "authority"):
        choices = racf.ACCESS_LEVELS if kind == "access" else racf.GROUP_AUTHORITIES
        found = [c for c in choices if c == upper] or [
            c for c in choices if c.startswith(upper) and upper
        ]
        if len(found) != 1:
            raise _Error(racf.line("IKJ56702I", what=what, value=value))
        return found[0]
    if kind == "dsname":
        return value if value.startswith("'") else upper
    if kind == "number":
        if not upper.isdigit():
            raise _Error(racf.line("IKJ56702I", what=what, value=value))
        return upper
    return unquote(value)


def unquote(value: str) -> str:
    if len(value) >= 2 and value.startswith("'") and value.endswith("'"):
        return value[1:-1].replace("''", "'")
    return value


def split_values(text: str) -> Iterator[str]:
    """The items of a parenthesized value: separated by blanks or commas, quoted strings
    kept whole."""
    item = ""
    quoted = False
    for ch in text:
        if ch == "'":
            quoted = not quoted
            item += ch
        elif not quoted and ch in " ,":
            if item:
                yield item
            item = ""
        else:
            item += ch
    if item:
        yield item


def _tokens(text: str) -> Iterator[_Token]:
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in " ,":
            i += 1
            continue
        if ch == "(":
            inside, i = _group(text, i)
            yield _Token(items=tuple(split_values(inside)))
            continue
        if ch == "'":
            end = _quote_end(text, i)
            yield _Token(word=unquote(text[i:end]), quoted=True)
            i = end
            continue
        start = i
        while i < n and text[i] not in " ,(":
            i += 1
        word = text[start:i]
        if i < n and text[i] == "(":
            inside, i = _group(text, i)
            yield _Token(word=word, value=inside)
        else:
            yield _Token(word=word)


def _quote_end(text: str, start: int) -> int:
    i = start + 1
    while i < len(text):
        if text[i] == "'":
            if text.startswith("''", i):
                i += 2
                continue
            return i + 1
        i += 1
    return len(text)


def _group(text: str, start: int) -> tuple[str, int]:
    """The text inside the parentheses that open at ``start`` (nested ones and quoted
    strings kept), and where the text goes on. A missing last ``)`` is supplied."""
    depth = 0
    quoted = False
    i = start
    while i < len(text):
        ch = text[i]
        if ch == "'":
            quoted = not quoted
        elif not quoted and ch == "(":
            depth += 1
        elif not quoted and ch == ")":
            depth -= 1
            if depth == 0:
                return text[start + 1 : i], i + 1
        i += 1
    return text[start + 1 :], len(text)
