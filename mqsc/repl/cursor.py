"""Where the cursor is: what kind of thing goes next in a partial MQSC command.

:func:`context` decides *what kind of thing* goes at the cursor (a verb, an object type, a
keyword of this command not used yet, a value of this keyword, an object name, a WHERE
operator, a console command...) from the project's own reader and lexer and the catalog.
Completion (:mod:`mqsc.repl.complete`), HELP's ``?`` and the toolbar build on it; it is pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from mqsc import catalog as _catalog
from mqsc.catalog import CommandSpec, Keyword
from mqsc.language.lexer import LexFailure, tokenize
from mqsc.language.reader import read
from mqsc.language.source import Source


@dataclass(frozen=True, slots=True)
class Context:
    """What goes at the cursor.

    ``slot`` is one of ``verb``, ``objtype``, ``keyword``, ``value``, ``name``,
    ``where-keyword``, ``operator``, ``cpf``, ``special``, ``special-arg``, or ``none``.
    """

    slot: str
    partial: str = ""
    verb: str | None = None
    spec: CommandSpec | None = None
    keyword: Keyword | None = None
    used: frozenset[str] = frozenset()
    special: str = ""
    help: bool = False
    first: bool = False
    words: tuple[str, ...] = field(default=(), compare=False)


# ---- where the cursor is -------------------------------------------------------------------
def logical_tail(text: str) -> str:
    """The logical command being typed at the end of ``text``: earlier physical lines that end
    in a continuation character are joined the reader's way, earlier whole commands dropped.

    >>> logical_tail("DEF QL(A) +\\n   MAXD")
    'DEF QL(A) MAXD'
    """
    head, _, last = text.rpartition("\n")
    if not _:
        return text
    commands = list(read(Source(head + "\n"), columns="all"))
    pending = commands[-1] if commands else None
    problem = pending.problem if pending is not None else None
    if pending is None or problem is None:
        return last
    mode = str(problem.inserts.get("character", "+"))
    return pending.text + (last.lstrip() if mode == "+" else last)


def context(text: str, cpf: str | None = None) -> Context:
    """What kind of thing goes at the end of ``text`` (the buffer up to the cursor).

    >>> c = context("DEF QL(PAY) MAXDEPTH(5) MAXM")
    >>> c.slot, c.partial, c.spec.title, sorted(c.used)
    ('keyword', 'MAXM', 'DEFINE QLOCAL', ['MAXDEPTH'])
    """
    logical = logical_tail(text)
    body = logical.lstrip()
    if body.startswith("\\"):
        return _special_context(body)
    lexed = tokenize(logical)
    if isinstance(lexed, LexFailure):
        tokens, partial = lexed.tokens, logical[lexed.offset :]
        shape, values = tokens.shape, tokens.values
    else:
        shape, values, partial = lexed.shape, lexed.values, ""
        ends_here = bool(shape) and lexed.starts[-1] + len(values[-1]) == len(logical)
        if ends_here and shape[-1] in "WHO":
            shape, values, partial = shape[:-1], values[:-1], values[-1]
        elif ends_here and shape[-1] == "S":
            return Context("none")
    return _walk(shape, values, partial, cpf)


def _special_context(body: str) -> Context:
    words = body.split()
    if len(words) == 1 and not body[-1].isspace():
        return Context("special", words[0])
    partial = "" if body[-1].isspace() else words[-1]
    return Context("special-arg", partial, special=words[0].lower())


def _walk(shape: str, values: Sequence[str], partial: str, cpf: str | None) -> Context:
    help_mode = bool(shape) and shape[0] == "W" and values[0].upper() == "HELP"
    start = 1 if help_mode else _prefix_words(shape, values, partial, cpf)
    if start < 0:
        return Context("cpf", partial)
    verb = spec = None
    words = 0
    depth = 0
    owner: Keyword | str | None = None
    slot_in_where = 0
    where_keyword: Keyword | None = None
    used: set[str] = set()
    for kind, value in zip(shape[start:], values[start:], strict=True):
        upper = value.upper()
        if kind == "(":
            depth += 1
            continue
        if kind == ")":
            depth = max(0, depth - 1)
            if depth == 0:
                owner = None
            continue
        if kind == "H":
            owner, slot_in_where = "where", 0
            used.add("WHERE")
            continue
        if depth > 0:
            if owner == "where":
                if slot_in_where == 0:
                    where_keyword = _catalog.meaning(spec, upper)
                slot_in_where += 1
            continue
        if words == 0:
            found = _catalog.VERB_WORDS.get(upper)
            verb = found.name if found else None
        elif words == 1 and verb is not None:
            obj = _catalog.OBJECT_WORDS.get(upper)
            spec = _catalog.command_spec(verb, obj.name) if obj else None
            owner = "object"
        else:
            keyword = _catalog.meaning(spec, upper)
            owner = keyword
            if keyword is not None:
                used.add(keyword.name)
        words += 1 if kind == "W" else 0
    base = Context(
        "none",
        partial=partial,
        verb=verb,
        spec=spec,
        used=frozenset(used),
        help=help_mode,
        words=tuple(values[start:]),
    )
    if depth > 0:
        if owner == "object":
            return replace(base, slot="name")
        if owner == "where":
            if slot_in_where == 0:
                return replace(base, slot="where-keyword")
            if slot_in_where == 1:
                return replace(base, slot="operator")
            return replace(base, slot="value", keyword=where_keyword)
        if isinstance(owner, Keyword):
            return replace(base, slot="value", keyword=owner)
        return replace(base, slot="none")
    if words == 0:
        return replace(base, slot="verb", first=start == 0 and not help_mode)
    if words == 1:
        return replace(base, slot="objtype" if verb else "none")
    if spec is None:
        return replace(base, slot="none")
    return replace(base, slot="keyword", keyword=_catalog.meaning(spec, partial.upper()))


def _prefix_words(shape: str, values: Sequence[str], partial: str, cpf: str | None) -> int:
    """How many leading words are the SDSF ``/`` and a command prefix; -1 while the prefix
    itself is being typed."""
    if not shape:
        return -1 if partial.startswith("/") else 0
    first = values[0]
    if shape[0] != "W":
        return 0
    bare = first.lstrip("/").upper()
    if first.startswith("/") or (cpf is not None and bare == cpf.upper()):
        return 1
    if (
        len(shape) > 1
        and shape[1] == "W"
        and not _catalog.is_verb(first)
        and _catalog.is_verb(values[1])
    ):
        return 1
    return 0
