"""Validation while typing, and when Enter continues the command instead of running it.

:func:`problem` is what Enter would get from the command preprocessor, found before Enter: the
first diagnostic of the first bad command in the buffer, with its span, so the toolbar can show
the message and the lexer can underline the place. It does not *block* Enter: at the real
console an invalid command is answered by the CSQ9 messages, and so it is here.

:func:`continues` is the multi-line rule: the buffer goes on while its last command ends with
a continuation character, decided by the reader itself.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from mqsc import catalog
from mqsc.catalog import texts
from mqsc.language.pipeline import Rejected, parse_logical_command
from mqsc.language.reader import CONSOLE_LIMIT, read
from mqsc.language.source import Source

#: Messages that, at the end of the buffer, only say the command is not finished yet (a value,
#: a parenthesis or an apostrophe still to come): while typing they are not flagged.
INCOMPLETE = frozenset({"CSQ9002E", "CSQ9003E", "MQSC010E"})


@dataclass(frozen=True, slots=True)
class Problem:
    """What is wrong with the buffer: a message and where (offsets in the buffer).

    ``incomplete``: the problem is that the command stops early, at the end of the buffer.
    """

    msg_id: str
    text: str
    start: int
    end: int
    incomplete: bool = False

    @property
    def line(self) -> str:
        """``CSQ9001E 'FOO' is invalid``."""
        return f"{self.msg_id} {self.text}"


def continues(text: str) -> bool:
    """True while the last command of the buffer ends with ``+`` or ``-`` (Enter then starts
    the next line of the same command).

    >>> continues("DEFINE QLOCAL(A) +"), continues("DEFINE QLOCAL(A) +\\n  MAXDEPTH(5)")
    (True, False)
    """
    stripped = text.rstrip()
    if not stripped or stripped[-1] not in "+-":
        return False
    commands = list(read(Source(text), columns="all", limit=None))
    return bool(commands) and commands[-1].problem is not None


def question(text: str) -> bool:
    """True when a buffer ends with ``?`` outside a quoted string (a request for help).

    >>> question("DEF QL(A) ?"), question("DEF QL(A) DESCR('why?')"), question("DEF QL ?")
    (True, False, True)
    """
    text = text.rstrip()
    if not text.endswith("?"):
        return False
    return text[:-1].count("'") % 2 == 0


@functools.lru_cache(maxsize=1)
def _words() -> tuple[str, ...]:
    """Every verb, object type and keyword spelling, sorted."""
    words = set(catalog.VERB_WORDS) | set(catalog.OBJECT_WORDS)
    for spec in catalog.SPECS:
        words.update(spec.spellings)
        words.update(spec.requestable)
    return tuple(sorted(words))


def _still_typing(word: str) -> bool:
    """True when an unknown word at the end of the buffer is the start of a known one."""
    word = word.upper()
    return any(w.startswith(word) for w in _words())


@functools.lru_cache(maxsize=16)
def problem(text: str, cpf: str | None = None) -> Problem | None:
    """The first problem Enter would report for an MQSC buffer; None when it would run (or
    while a continuation is still open). Console commands, HELP and a ``?`` request are not
    MQSC: None. (Cached: the lexer and the toolbar both ask on every redraw.)

    >>> problem("DEF QL(PAY) MAXDEPTHS(5)").line
    "CSQ9001E 'MAXDEPTHS' is invalid"
    """
    body = text.strip()
    if (
        not body
        or body.startswith("\\")
        or body.split(None, 1)[0].upper() == "HELP"
        or question(body)
    ):
        return None
    prefixes = (cpf,) if cpf else ()
    for logical in read(
        Source(text), columns="all", is_verb=catalog.is_verb, prefixes=prefixes, limit=CONSOLE_LIMIT
    ):
        if logical.problem is not None and logical.problem.msg_id == "MQSC005E":
            # Longer than a z/OS console takes: said while typing, as Enter would say it.
            first, span = logical.problem, logical.problem.span
            start = span.start if span is not None else 0
            return Problem(first.msg_id, first.text, start, max(len(text.rstrip()), start + 1))
        if logical.problem is not None:
            return None  # continuation still open: the command is not finished
        if logical.cpf is not None and cpf is not None and logical.cpf.upper() != cpf.upper():
            start = text.find(logical.cpf)
            inserts = {"command": logical.cpf.upper()}
            return Problem(
                "MQSC007E", texts.text("MQSC007E", inserts), start, start + len(logical.cpf)
            )
        parsed = parse_logical_command(logical)
        if isinstance(parsed, Rejected):
            first = parsed.first
            span = first.span
            start, end = (span.start, span.end) if span is not None else (0, len(text))
            end = max(end, start + 1)
            at_end = end >= len(text.rstrip())
            incomplete = at_end and (
                first.msg_id in INCOMPLETE
                or (first.msg_id == "CSQ9001E" and _still_typing(text[start:end]))
            )
            return Problem(first.msg_id, first.text, start, end, incomplete)
    return None
