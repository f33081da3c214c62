"""Writing decks z/OS can read: commands wrapped into 72-column card images.

Initialization data sets and CSQUTIL input use columns 1-72 only ([DOC-SCRIPTS]), so every
deck mqsc writes (dump, MAKEDEF and friends) keeps its lines within 72 columns. A command is
broken between keywords with ``+`` (the next line continues at its first non-blank); a
value too long for one line is split with ``-`` (the next line continues at column 1, blanks
kept), which works inside quoted strings too.
"""

from __future__ import annotations

from collections.abc import Iterable

from mqsc.language.commands import Command
from mqsc.language.formatter import format_parts

#: Significant columns of a z/OS deck ([DOC-SCRIPTS]).
WIDTH = 72
#: Where continuation lines start, so keywords line up under the object name.
INDENT = 7


def wrap(parts: Iterable[str], width: int = WIDTH, indent: int = INDENT) -> list[str]:
    """Lay ``parts`` out on lines of at most ``width`` columns.

    >>> wrap(["DEFINE", "QLOCAL(A)", "DESCR('x')"], width=24)
    ['DEFINE QLOCAL(A) +', "       DESCR('x')"]
    >>> wrap(["ALTER", "QMGR", "DESCR('" + "x" * 30 + "')"], width=24)
    ['ALTER QMGR +', "       DESCR('xxxxxxxxx-", "xxxxxxxxxxxxxxxxxxxxx')"]
    """
    lines: list[str] = []
    line = ""
    for part in parts:
        if not line:
            line = part
        elif len(line) + 1 + len(part) + 2 <= width:
            line += " " + part
        else:
            # The " +" must fit too: a line whose last value ends at column 71 or 72 is cut
            # with "-" first (hypothesis found a TRIGDATA of doubled quotes ending there).
            while len(line) + 2 > width:
                head, line = _split(line, width - 2)
                lines.append(head + "-")
            lines.append(line + " +")
            line = " " * indent + part
        while len(line) > width:
            head, line = _split(line, width)
            lines.append(head + "-")
    lines.append(line)
    return lines


def _split(line: str, width: int) -> tuple[str, str]:
    """Cut an over-long line for a ``-`` continuation; the rest must not read as a comment."""
    cut = width - 1
    while cut > 1 and line[cut] == "*":
        cut -= 1
    return line[:cut], line[cut:]


def card_lines(command: Command, width: int = WIDTH) -> list[str]:
    """One command as deck lines.

    >>> from mqsc import parse_one
    >>> card_lines(parse_one("DEFINE QLOCAL(PAY.IN) MAXDEPTH(5)"))
    ['DEFINE QLOCAL(PAY.IN) MAXDEPTH(5)']
    """
    return wrap(format_parts(command), width)


def deck(commands: Iterable[Command], width: int = WIDTH) -> str:
    """Commands as a deck, one command after the other."""
    return "".join(line + "\n" for c in commands for line in card_lines(c, width))


def comment(text: str = "") -> str:
    """A comment line (``*`` in column 1), cut to the deck width."""
    return ("* " + text if text else "*")[:WIDTH].rstrip()
