"""The bottom toolbar: the syntax of the command being typed (or the problem with it), and the
queue manager's status line.

Pure: it returns prompt_toolkit formatted-text tuples and needs no terminal.
"""

from __future__ import annotations

from mqsc import catalog
from mqsc.catalog.describe import keyword_meta
from mqsc.language.source import Source
from mqsc.repl import help as helptext
from mqsc.repl import specials
from mqsc.repl.cursor import context
from mqsc.repl.nameindex import NameIndex, lowest_stealable
from mqsc.repl.validate import problem

Fragments = list[tuple[str, str]]
IDLE_HINT = "Type MQSC (Tab completes; HELP or a trailing ? for syntax; \\? for console commands)"


def hint(text: str, before_cursor: str, cpf: str | None) -> tuple[str, str]:
    """(style, text) of the first toolbar line: the problem, else what fits at the cursor."""
    found = problem(text, cpf)
    if found is not None and not found.incomplete:
        where = Source(text).location(found.start)
        place = (
            f"line {where.line} column {where.column}"
            if "\n" in text.strip()
            else f"column {where.column}"
        )
        return "class:mqsc.toolbar.problem", f"{found.line}  ({place})"
    ctx = context(before_cursor, cpf)
    if ctx.slot in ("special", "special-arg"):
        entry = specials.lookup(ctx.special or ctx.partial)
        return "class:mqsc.toolbar.syntax", entry.usage + "  " + entry.help if entry else (
            "Console commands: " + " ".join(s.name for s in specials.listing())
        )
    if ctx.keyword is not None and ctx.spec is not None:
        keyword = ctx.keyword
        meaning = keyword_meta(keyword)
        return "class:mqsc.toolbar.syntax", f"{helptext.keyword_syntax(keyword)}  {meaning}"
    if ctx.spec is not None:
        return "class:mqsc.toolbar.syntax", helptext.syntax(ctx.spec, ctx.used)
    if ctx.verb is not None:
        objects = " ".join(catalog.objects_for(ctx.verb))
        return "class:mqsc.toolbar.syntax", f"{ctx.verb} {{{objects.replace(' ', '|')}}}"
    return "class:mqsc.toolbar.syntax", IDLE_HINT


def status(names: NameIndex, view: object) -> str:
    """The second line: queue manager, prefix, the lowest stealable %, the view."""
    qmgr = names.qmgr
    parts = [f"{qmgr.name}", f"CPF {qmgr.cpf}"]
    low = lowest_stealable(names)
    if low is not None:
        parts.append(f"lowest stealable {low[0]}% (buffer pool {low[1]})")
    parts.append(f"{getattr(view, 'format', 'text')}/{getattr(view, 'style', 'console')}")
    parts.append("Ctrl-D quits")
    return " · ".join(parts)


def toolbar(
    text: str, before_cursor: str, names: NameIndex, view: object, width: int = 200
) -> Fragments:
    """Both toolbar lines, each cut to ``width``."""
    style, first = hint(text, before_cursor, names.qmgr.cpf)
    return [
        (style, _fit(first, width)),
        ("", "\n"),
        ("class:mqsc.toolbar.status", _fit(status(names, view), width)),
    ]


def _fit(text: str, width: int) -> str:
    text = text.replace("\n", " ")
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"
