"""Typed command -> canonical MQSC text (the inverse of reader + parser + binder).

Canonical means: full verb and object type, keywords under their canonical names in the order
given, values quoted only when they must be (lower case, blanks, special characters, empty).
``parse(format_command(cmd)) == cmd`` for every command the binder can produce; dump, MAKEDEF
and ``\\save`` write decks with it.
"""

from __future__ import annotations

import re

from mqsc import catalog
from mqsc.catalog import Flag, Keyword
from mqsc.language import syntax
from mqsc.language.commands import Command, Filter

#: Text that can stand unquoted: upper case, digits and the characters. / _ % *.
_BARE = re.compile(r"[A-Z0-9./_%*@#$-]+")
_NUMERIC = re.compile(r"[+-]?[0-9]+")


def format_value(value: object, *, text: bool = False) -> str:
    """One value as MQSC writes it.

    ``text`` forces quotes around character values that look like numbers, so a DESCR of
    ``123`` stays text.

    >>> format_value("PAY.IN"), format_value("pay"), format_value(""), format_value(5)
    ('PAY.IN', "'pay'", "' '", '5')
    """
    if isinstance(value, bool):
        raise TypeError("flags are written as keywords, not values")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, tuple):
        return ", ".join(format_value(v) for v in value)
    string = str(value)
    if not string:
        return "' '"
    if _BARE.fullmatch(string) and not (text and _NUMERIC.fullmatch(string)):
        return string
    return syntax.quote(string)


def format_keyword(keyword: Keyword | None, name: str, value: object) -> str:
    """``NAME(value)``, or the bare (or negated) keyword of a flag."""
    if keyword is not None and isinstance(keyword.kind, Flag):
        if value:
            return name
        return keyword.negation or name
    is_text = keyword is not None and isinstance(keyword.kind, catalog.Text)
    return f"{name}({format_value(value, text=is_text)})"


def format_filter(where: Filter) -> str:
    """``WHERE(KEYWORD OP value)``."""
    value = where.value
    if isinstance(value, bool):
        keyword = _attribute_keyword(where.keyword)
        shown = where.keyword if value else (keyword.negation if keyword else where.keyword)
    else:
        shown = format_value(value)
    return f"WHERE({where.keyword} {where.operator} {shown})"


def format_command(command: Command) -> str:
    """The canonical text of a command.

    >>> from mqsc import parse_one
    >>> format_command(parse_one("def ql(pay.in) maxdepth(5)"))
    'DEFINE QLOCAL(PAY.IN) MAXDEPTH(5)'
    """
    return " ".join(format_parts(command))


def format_parts(command: Command) -> list[str]:
    """The tokens of the canonical text, one per keyword (where a deck writer may break a line).

    >>> from mqsc import parse_one
    >>> format_parts(parse_one("DEF QL(A) DESCR('x y') NOSHARE"))
    ['DEFINE', 'QLOCAL(A)', "DESCR('x y')", 'NOSHARE']
    """
    spec = catalog.command_spec(command.verb, command.objtype)
    parts = [command.verb]
    if command.name is None:
        parts.append(command.objtype)
    else:
        parts.append(f"{command.objtype}({format_value(command.name)})")
    for name, value in command.attrs.items():
        parts.append(format_keyword(spec.keyword(name) if spec else None, name, value))
    parts.extend(command.requested)
    if command.where is not None:
        parts.append(format_filter(command.where))
    return parts


def _attribute_keyword(name: str) -> Keyword | None:
    for family in (f.attributes for f in catalog.FAMILIES.values()):
        if name in family:
            return family[name]
    return None
