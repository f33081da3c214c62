"""Completion: what may come next at the cursor, from the catalog and the objects that exist.

Two halves, as pgcli splits them. :func:`context` decides *what kind of thing* goes at the cursor
(a verb, an object type, a keyword of this command not used yet, a value of this keyword, an
object name, a WHERE operator...) from the project's own reader and lexer; :func:`suggest` turns
that into candidates with their meaning, range and default beside them, prefix matches first,
then fuzzy ones. Both are pure and table-tested; :class:`MqscCompleter` is the prompt_toolkit
adapter.

Speed: object names come from :class:`mqsc.repl.nameindex.NameIndex` (sorted once, bisected per
keystroke, at most :data:`NAME_LIMIT` candidates); fuzzy matching runs only on sets smaller
than :data:`FUZZY_LIMIT`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from types import ModuleType

from mqsc import catalog as _catalog
from mqsc.catalog import (
    Choice,
    Flag,
    Integer,
    Name,
    NameList,
    NameRule,
)
from mqsc.catalog.describe import keyword_meta, kind_text
from mqsc.repl import specials
from mqsc.repl.cursor import Context, context
from mqsc.repl.nameindex import OBJECT_TABLES, RULE_TABLES, NameIndex

#: Most object names offered at once (the menu shows a screenful anyway).
NAME_LIMIT = 100
#: Sets larger than this are matched by prefix only.
FUZZY_LIMIT = 2000

#: WHERE operators and what they mean ([DOC-DISQ]).
OPERATORS = {
    "EQ": "equal to",
    "NE": "not equal to",
    "LT": "less than",
    "GT": "greater than",
    "LE": "less than or equal to",
    "GE": "greater than or equal to",
    "LK": "matches a generic value (ends with *)",
    "NL": "does not match a generic value",
    "CT": "list contains",
    "EX": "list does not contain",
    "CTG": "list contains a generic match",
    "EXG": "list does not contain a generic match",
}

#: Which tables hold the objects an id keyword refers to (names: RULE_TABLES, by name rule).
ID_TABLES = {objtype: (resource.table,) for objtype, resource in _catalog.RESOURCES.items()}


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One completion candidate: the text inserted in place of the partial word, how the menu
    shows it, and what it means."""

    text: str
    display: str
    meta: str
    kind: str
    start: int = 0


# ---- candidates ----------------------------------------------------------------------------
def suggest(text: str, catalog: ModuleType, state: NameIndex | None) -> list[Suggestion]:
    """Completion candidates for the end of ``text``, best first.

    ``catalog`` is :mod:`mqsc.catalog` (tests may pass a stand-in); ``state`` gives the names
    of the objects that exist (None: no object names).
    """
    cpf = state.qmgr.cpf if state is not None else None
    ctx = context(text, cpf)
    producer = _PRODUCERS.get(ctx.slot)
    if producer is None:
        return []
    found = producer(ctx, catalog, state)
    return [Suggestion(s.text, s.display, s.meta, s.kind, -len(ctx.partial)) for s in found]


def _verbs(ctx: Context, catalog: ModuleType, state: NameIndex | None) -> list[Suggestion]:
    items = [(v.name, _synonyms(v.synonyms) + v.help, "verb") for v in catalog.VERBS]
    if not ctx.help:
        items.append(("HELP", "syntax, ranges and defaults from the catalog", "help"))
    if ctx.first and state is not None:
        items.append((state.qmgr.cpf, f"command prefix of {state.qmgr.name}", "cpf"))
    return rank(ctx.partial, items)


def _objtypes(ctx: Context, catalog: ModuleType, state: NameIndex | None) -> list[Suggestion]:
    items = []
    for obj in catalog.OBJECT_TYPES:
        spec = catalog.command_spec(ctx.verb, obj.name)
        if spec is None:
            continue
        opens = spec.name is not None and not ctx.help
        items.append(
            (obj.name + ("(" if opens else ""), _synonyms(obj.synonyms) + spec.help, "objtype")
        )
    return rank(ctx.partial, items)


def _keywords(ctx: Context, catalog: ModuleType, state: NameIndex | None) -> list[Suggestion]:
    spec = ctx.spec
    assert spec is not None
    display = spec.verb == "DISPLAY"
    items = []
    for keyword in spec.keywords.values():
        if not keyword.zos or keyword.name in ctx.used:
            continue
        takes_value = not isinstance(keyword.kind, Flag)
        opens = takes_value and not ctx.help and not (display and keyword.name in spec.requestable)
        items.append((keyword.name + ("(" if opens else ""), keyword_meta(keyword), "keyword"))
        if keyword.negation:
            items.append((keyword.negation, f"not {keyword.name}: {keyword.help}", "keyword"))
    if display:
        family = _catalog.attributes_of(spec.objtype)
        for name in sorted(spec.requestable - ctx.used - set(spec.keywords)):
            items.append((name, keyword_meta(family[name]) if name in family else "", "keyword"))
        if spec.where and "WHERE" not in ctx.used:
            items.append(
                (
                    "WHERE(" if not ctx.help else "WHERE",
                    "filter: WHERE(keyword operator value)",
                    "keyword",
                )
            )
    return rank(ctx.partial, items)


def _where_keywords(ctx: Context, catalog: ModuleType, state: NameIndex | None) -> list[Suggestion]:
    spec = ctx.spec
    if spec is None:
        return []
    items = [
        (name, keyword_meta(k) if (k := _catalog.meaning(spec, name)) else "", "keyword")
        for name in sorted(spec.where)
    ]
    return rank(ctx.partial, items)


def _operators(ctx: Context, catalog: ModuleType, state: NameIndex | None) -> list[Suggestion]:
    return rank(ctx.partial, [(op, meaning, "operator") for op, meaning in OPERATORS.items()])


def _values(ctx: Context, catalog: ModuleType, state: NameIndex | None) -> list[Suggestion]:
    keyword = ctx.keyword
    if keyword is None:
        return []
    kind = keyword.kind
    if isinstance(kind, Choice):
        items = [
            (v, "default" if v == keyword.default else keyword.name.lower() + " value", "value")
            for v in kind.values
        ]
        return rank(ctx.partial, items)
    if isinstance(kind, Integer) and keyword.name in ID_TABLES and state is not None:
        return _names(ctx.partial, ID_TABLES[keyword.name], state, star=kind.star)
    if isinstance(kind, Name | NameList):
        if kind.rule is NameRule.QMGR and state is not None:
            return rank(
                ctx.partial,
                [
                    (state.qmgr.name, "this queue manager", "name"),
                    ("*", "every queue manager of the group", "name"),
                ],
            )
        # LIKE names an object of the command's own type (the catalog's ``own_type``); other
        # names may be any object their rule allows (TARGET: any queue type).
        spec = ctx.spec if keyword.own_type else None
        tables = OBJECT_TABLES.get(spec.objtype) if spec is not None else RULE_TABLES.get(kind.rule)
        if tables is not None and state is not None:
            generic = isinstance(kind, Name) and kind.generic
            return _names(ctx.partial, tables, state, star=generic)
        return []
    if isinstance(kind, Integer) and keyword.default is not None and not ctx.partial:
        return [
            Suggestion(
                str(keyword.default), f"{keyword.default} (default)", kind_text(kind), "value"
            )
        ]
    return []


def _object_names(ctx: Context, catalog: ModuleType, state: NameIndex | None) -> list[Suggestion]:
    spec = ctx.spec
    if spec is None or state is None or spec.verb == "DEFINE":
        return []
    tables = OBJECT_TABLES.get(spec.objtype)
    if tables is None:
        return []
    generic = isinstance(spec.name, Name) and spec.name.generic
    return _names(ctx.partial, tables, state, star=generic)


def _names(
    partial: str, tables: tuple[str, ...], state: NameIndex, *, star: bool
) -> list[Suggestion]:
    """Names of existing objects of these tables (every queue type's for a queue name): prefix
    matches by bisection, fuzzy ones only in small sets."""
    bare = partial.lstrip("'")
    found = [
        (text.upper(), text, table, key)
        for table in tables
        for text, key in state.names(table).prefixed(bare, NAME_LIMIT)
    ]
    if len(tables) > 1:  # one table's names come sorted (ids in numeric order)
        found = sorted(found, key=lambda row: row[0])[:NAME_LIMIT]
    out = [
        Suggestion(_quoted(text), text, state.describe(table, key), "name")
        for _, text, table, key in found
    ]
    size = sum(len(state.names(table)) for table in tables)
    if size <= FUZZY_LIMIT and len(out) < NAME_LIMIT and bare:
        seen = {s.display for s in out}
        rest = [
            (_quoted(t), t, k, table)
            for table in tables
            for t, k in zip(state.names(table).texts, state.names(table).keys, strict=True)
            if t not in seen
        ]
        for text, shown, key, table in _fuzzy(bare, rest, key=lambda r: r[1])[
            : NAME_LIMIT - len(out)
        ]:
            out.append(Suggestion(text, shown, state.describe(table, key), "name"))
    if star and (not bare or bare == "*"):
        out.insert(0, Suggestion("*", "*", "every object (generic name)", "name"))
    return out


def _quoted(name: str) -> str:
    """A name as typed: names with lower case or blanks need apostrophes (binder folds bare
    words to upper case)."""
    if name == name.upper() and " " not in name:
        return name
    return "'" + name.replace("'", "''") + "'"


def _specials(ctx: Context, catalog: ModuleType, state: NameIndex | None) -> list[Suggestion]:
    items = [(s.name, s.help, "special") for s in specials.listing()]
    items += [(alias, s.help, "special") for s in specials.listing() for alias in s.aliases]
    return rank(ctx.partial.lower(), items)


def _special_args(ctx: Context, catalog: ModuleType, state: NameIndex | None) -> list[Suggestion]:
    special = specials.lookup(ctx.special)
    if special is None or not special.choices:
        return []
    return rank(ctx.partial.lower(), [(c, special.usage, "value") for c in special.choices])


def _cpf(ctx: Context, catalog: ModuleType, state: NameIndex | None) -> list[Suggestion]:
    if state is None:
        return []
    return rank(
        ctx.partial, [("/" + state.qmgr.cpf, f"command prefix of {state.qmgr.name}", "cpf")]
    )


_PRODUCERS = {
    "verb": _verbs,
    "objtype": _objtypes,
    "keyword": _keywords,
    "value": _values,
    "name": _object_names,
    "where-keyword": _where_keywords,
    "operator": _operators,
    "special": _specials,
    "special-arg": _special_args,
    "cpf": _cpf,
}


def _synonyms(synonyms: Sequence[str]) -> str:
    return f"({', '.join(synonyms)}) " if synonyms else ""


# ---- matching ------------------------------------------------------------------------------
def rank(partial: str, items: Iterable[tuple[str, str, str]]) -> list[Suggestion]:
    """Candidates matching ``partial`` (any case): prefix matches in table order, then fuzzy
    matches (the letters in order, closest first).

    >>> [s.text for s in rank("mxd", [("MAXDEPTH", "", "keyword"), ("MAXMSGL", "", "keyword")])]
    ['MAXDEPTH']
    """
    items = list(items)
    folded = partial.upper()
    prefix = [
        i
        for i in items
        if i[0].upper().lstrip("(/'").startswith(folded) or i[0].upper().startswith(folded)
    ]
    out = [Suggestion(t, t.rstrip("("), m, k) for t, m, k in prefix]
    if folded and len(items) <= FUZZY_LIMIT:
        chosen = {i[0] for i in prefix}
        rest = [i for i in items if i[0] not in chosen]
        out += [Suggestion(t, t.rstrip("("), m, k) for t, m, k in _fuzzy(folded, rest)]
    return out


def _fuzzy(partial: str, items: list, key=lambda item: item[0]) -> list:
    """Items whose text holds the letters of ``partial`` in order, tightest match first."""
    pattern = re.compile(".*?".join(map(re.escape, partial)), re.IGNORECASE)
    scored = []
    for index, item in enumerate(items):
        found = pattern.search(key(item))
        if found is not None:
            scored.append((len(found.group()), found.start(), index, item))
    scored.sort(key=lambda row: row[:3])
    return [row[3] for row in scored]


# ---- prompt_toolkit adapter ----------------------------------------------------------------
def completer(names: NameIndex):
    """The prompt_toolkit completer over :func:`suggest` (file names for ``\\read``/``\\save``)."""
    from prompt_toolkit.completion import Completer, Completion, PathCompleter  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built
    from prompt_toolkit.document import Document  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built

    paths = PathCompleter(expanduser=True)

    class MqscCompleter(Completer):
        def get_completions(self, document: Document, complete_event) -> Iterator[Completion]:
            text = document.text_before_cursor
            ctx = context(text, names.qmgr.cpf)
            special = specials.lookup(ctx.special) if ctx.slot == "special-arg" else None
            if special is not None and special.argument == "file":
                yield from paths.get_completions(Document(ctx.partial), complete_event)
                return
            for s in suggest(text, _catalog, names):
                yield Completion(s.text, s.start, display=s.display, display_meta=s.meta)

    return MqscCompleter()
