"""The console's own commands (``\\read``, ``\\format``...): a registry filled by a decorator.

Adding one is one function::

    @special("\\\\stats", "\\\\stats", "buffer pool and page set statistics")
    def stats(session, argument):
        session.out.lines(...)

``\\?`` lists the registry, completion offers its names and argument choices, and the toolbar
and validation know which backslash words exist, all from here. Handlers get the
:class:`mqsc.repl.session.ConsoleSession` and the rest of the line; they report misuse by
raising :class:`SpecialError`. The built-in handlers live in :mod:`mqsc.repl.specials`, which
re-exports :func:`lookup`, :func:`listing` and :func:`help_lines`: code that asks the registry
imports them from there, so the built-in commands are registered before it asks.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Handler = Callable[[Any, str], None]


class SpecialError(Exception):
    """A console command was misused; the message is shown as it is."""


@dataclass(frozen=True, slots=True)
class Special:
    """One console command.

    Attributes:
        name: its spelling, with the backslash (``\\read``).
        usage: how to call it (``\\read FILE``).
        help: one line for ``\\?`` and the completion menu.
        handler: ``handler(session, argument)``.
        aliases: other spellings (``\\q`` for ``\\quit``).
        choices: the words its argument may be (completion offers them).
        argument: ``file`` when the argument is a path (completion offers files).

    """

    name: str
    usage: str
    help: str
    handler: Handler
    aliases: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    argument: str = ""


#: Keys worth knowing, listed after the commands.
KEYS = (
    ("Tab, Ctrl-Space", "complete (verbs, keywords, values, object names)"),
    ("Ctrl-R", "search the history"),
    ("Alt-Enter", "new line without running"),
    ("F4", "switch emacs/vi editing"),
    ("Ctrl-D", "quit"),
)

_REGISTRY: dict[str, Special] = {}
_ORDER: list[Special] = []


def special(
    name: str,
    usage: str,
    help: str,
    *,
    aliases: tuple[str, ...] = (),
    choices: tuple[str, ...] = (),
    argument: str = "",
) -> Callable[[Handler], Handler]:
    """Register the decorated function as the console command ``name``."""

    def register(handler: Handler) -> Handler:
        entry = Special(name, usage, help, handler, aliases, choices, argument)
        for spelling in (name, *aliases):
            if spelling in _REGISTRY:
                raise ValueError(f"console command {spelling} is registered twice")
            _REGISTRY[spelling] = entry
        _ORDER.append(entry)
        return handler

    return register


def lookup(word: str) -> Special | None:
    """The console command a word names (any case), if any (of those registered so far:
    import :mod:`mqsc.repl.specials` for the built-in ones)."""
    return _REGISTRY.get(word.lower())


def listing() -> list[Special]:
    """Every console command registered so far, in registration order."""
    return list(_ORDER)


def help_lines(columns: int = 100) -> list[str]:
    """The ``\\?`` page, its descriptions wrapped within ``columns`` (the terminal's width)
    under their own column, so a narrow terminal never breaks a line at its edge.

    >>> all(len(line) <= 60 for line in help_lines(60))
    True
    """
    rows = [
        (e.usage, e.help + (f" (also {', '.join(e.aliases)})" if e.aliases else ""))
        for e in listing()
    ]
    rows += KEYS
    width = max(len(usage) for usage, _ in rows)
    indent = " " * (width + 4)
    lines = ["Console commands (outside MQSC):"]
    for usage, text in rows:
        lead = f"  {usage:<{width}}  "
        if len(lead) >= columns - 10:  # too narrow for two columns: the text under the usage
            lines += textwrap.wrap(usage, columns, initial_indent="  ", subsequent_indent="      ")
            lines += textwrap.wrap(text, columns, initial_indent="    ", subsequent_indent="    ")
            continue
        lines += textwrap.wrap(text, columns, initial_indent=lead, subsequent_indent=indent) or [
            lead.rstrip()
        ]
    lines += textwrap.wrap(
        "MQSC: HELP, HELP verb [object [keyword]], or ? after a partial command.", columns
    )
    return lines
