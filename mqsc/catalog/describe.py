"""Catalog entries in words: a keyword's value kind, default and meaning on one line.

The console's completion menu, toolbar and HELP, and the generated command reference
(docs/commands.md) all describe keywords with these, so they never disagree.
"""

from __future__ import annotations

from mqsc.catalog.model import (
    Choice,
    Flag,
    Integer,
    Keyword,
    Name,
    NameList,
    Size,
    Text,
)


def kind_text(kind: object) -> str:
    """A value kind in words.

    >>> kind_text(Integer(0, 999999999)), kind_text(Choice(("YES", "NO")))
    ('integer 0-999,999,999', 'YES|NO')
    """
    if isinstance(kind, Flag):
        return "flag"
    if isinstance(kind, Integer):
        return (
            f"integer {kind.minimum:,}-{kind.maximum:,}"
            + (" or *" if kind.star else "")
            + "".join(f" or {word}" for word in kind.words)
        )
    if isinstance(kind, Choice):
        return "|".join(kind.values) + (
            f", a list of up to {kind.max_items}" if kind.max_items > 1 else ""
        )
    if isinstance(kind, Text):
        return f"text, up to {kind.max_length}" + (
            f", a list of up to {kind.max_items}" if kind.max_items > 1 else ""
        )
    if isinstance(kind, Name):
        return f"{kind.rule.value} name, up to {kind.max_length}" + (
            ", generic" if kind.generic else ""
        )
    if isinstance(kind, NameList):
        return f"up to {kind.max_items} {kind.rule.value} names"
    if isinstance(kind, Size):
        return f"size {kind.minimum:,}-{kind.maximum:,} bytes (K, M)"
    return str(kind)


def default_text(keyword: Keyword) -> str:
    """The default as MQSC shows it ('' when none)."""
    if keyword.default is None:
        return ""
    if isinstance(keyword.kind, Flag):
        if keyword.negation is None:
            return ""
        return keyword.name if keyword.default else keyword.negation
    if keyword.default == "":
        return "' '"
    return f"{keyword.default:,}" if isinstance(keyword.default, int) else str(keyword.default)


def keyword_meta(keyword: Keyword) -> str:
    """One line beside a keyword in the completion menu: meaning, range, default."""
    parts = [keyword.help] if keyword.help else []
    if not isinstance(keyword.kind, Flag):
        parts.append(kind_text(keyword.kind))
    default = default_text(keyword)
    if default:
        parts.append(f"default {default}")
    return " · ".join(parts)
