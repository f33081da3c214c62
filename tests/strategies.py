"""Hypothesis strategies for valid MQSC, generated from the catalog itself."""

from __future__ import annotations

import string

from hypothesis import strategies as st

from mqsc.catalog import (
    SPECS,
    Choice,
    CommandSpec,
    Flag,
    Integer,
    Keyword,
    Name,
    NameList,
    NameRule,
    Size,
    Text,
    attributes_of,
)
from mqsc.language.binder import NAME_PATTERNS
from mqsc.language.commands import VERB_CLASSES, Command, Filter

TEXT_ALPHABET = string.ascii_letters + string.digits + " .,;:!?'()*+-/_%=@#$&<>"


def names(kind: Name | NameList) -> st.SearchStrategy[str]:
    """Valid names for a name rule and length."""
    n = kind.max_length
    if kind.rule in (NameRule.QUEUE, NameRule.PROCESS, NameRule.NAMELIST):
        base = st.text(
            alphabet=string.ascii_letters + string.digits + "._/%", min_size=1, max_size=n
        )
    elif kind.rule in (NameRule.STGCLASS, NameRule.CFSTRUCT):
        base = st.from_regex(rf"[A-Z][A-Z0-9]{{0,{n - 1}}}", fullmatch=True)
    elif kind.rule is NameRule.QMGR:
        base = st.from_regex(rf"[A-Z@#$][A-Z0-9@#$]{{0,{n - 1}}}", fullmatch=True)
    elif kind.rule is NameRule.DSN:
        qualifier = st.from_regex(r"[A-Z@#$][A-Z0-9@#$-]{0,7}", fullmatch=True)
        base = (
            st.lists(qualifier, min_size=1, max_size=4).map(".".join).filter(lambda s: len(s) <= n)
        )
    else:
        # Any characters: names keep no trailing blanks (MQ's fields are blank-padded).
        base = st.text(alphabet=TEXT_ALPHABET, min_size=1, max_size=n).map(str.rstrip).filter(bool)
    if isinstance(kind, Name) and kind.generic:
        base = base | base.map(lambda s: s[: n - 1] + "*")
    if isinstance(kind, Name) and kind.blank_allowed:
        base = base | st.just("")
    pattern = NAME_PATTERNS[kind.rule]

    def valid(name: str) -> bool:
        stem = name[:-1] if name.endswith("*") else name
        return not stem or bool(pattern.fullmatch(stem))

    return base.filter(valid)


def values(keyword: Keyword) -> st.SearchStrategy[object]:
    """Valid bound values for a keyword."""
    kind = keyword.kind
    if isinstance(kind, Flag):
        return st.booleans() if keyword.negation else st.just(True)
    if isinstance(kind, Integer):
        ints = st.integers(kind.minimum, kind.maximum)
        return ints | st.just("*") if kind.star else ints
    if isinstance(kind, Choice):
        return st.sampled_from(kind.values)
    if isinstance(kind, Text):
        return st.text(alphabet=TEXT_ALPHABET, max_size=kind.max_length).map(str.rstrip)
    if isinstance(kind, Name):
        return names(kind)
    if isinstance(kind, NameList):
        return st.lists(names(kind), min_size=1, max_size=4).map(tuple)
    if isinstance(kind, Size):
        top = kind.maximum // 1024
        low = -(-kind.minimum // 1024)
        return st.integers(low, top).map(lambda k: f"{k}K")
    raise AssertionError(kind)


def _filters(spec: CommandSpec) -> st.SearchStrategy[Filter | None]:
    family = attributes_of(spec.objtype) or None
    if not spec.where or family is None:
        return st.none()
    keywords = [family[n] for n in sorted(spec.where) if n in family]

    @st.composite
    def build(draw):
        keyword = draw(st.sampled_from(keywords))
        kind = keyword.kind
        if isinstance(kind, Integer):
            op = draw(st.sampled_from(("LT", "GT", "EQ", "NE", "LE", "GE")))
            return Filter(keyword.name, op, draw(st.integers(kind.minimum, kind.maximum)))
        if isinstance(kind, Flag):
            value = draw(st.booleans()) if keyword.negation else True
            return Filter(keyword.name, draw(st.sampled_from(("EQ", "NE"))), value)
        if isinstance(kind, NameList):
            op = draw(st.sampled_from(("CT", "EX", "CTG", "EXG")))
            names = draw(values(keyword))
            item = (names[0] if names else "A").rstrip() or "A"
            return Filter(keyword.name, op, item + "*" if op in ("CTG", "EXG") else item)
        op = draw(st.sampled_from(("EQ", "NE")))
        return Filter(keyword.name, op, draw(values(keyword)).rstrip() or "A")

    return st.none() | build()


@st.composite
def commands(draw, specs=SPECS) -> Command:
    """A valid typed command for any spec of the catalog."""
    spec: CommandSpec = draw(st.sampled_from(specs))
    name = None
    if spec.name is not None and (spec.name_required or draw(st.booleans())):
        name = draw(values(Keyword(spec.objtype, spec.name)))
    keywords = [k for k in spec.keywords.values() if k.zos]
    chosen = (
        draw(st.lists(st.sampled_from(keywords), unique_by=lambda k: k.name, max_size=6))
        if keywords
        else []
    )
    for required in spec.required:
        if all(k.name != required for k in chosen):
            chosen.append(spec.keywords[required])
    attrs = {k.name: draw(values(k)) for k in chosen}
    requestable = sorted(n for n in spec.requestable if n not in attrs)
    requested = (
        tuple(draw(st.lists(st.sampled_from(requestable), unique=True, max_size=4)))
        if requestable
        else ()
    )
    where = draw(_filters(spec))
    if where is not None and where.keyword in attrs:
        where = None
    cls = VERB_CLASSES[spec.verb]
    return cls(spec.verb, spec.objtype, name, attrs, where, requested)
