"""The speed-ups (docs/performance.md) answer exactly what the plain code answers.

* The lexer's one-split path gives the tokens (or the failure) of the token-by-token scanner.
* The binder's per-keyword converters give the values the full rules give, and leave every
  error to them: parsing with and without the converters yields equal commands and equal
  diagnostics.
* The simulation's clones (buffer pools, page sets, message stores, the log) are equal to the
  original and share nothing mutable with it.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import mqsc
from mqsc.catalog import SPECS, Flag
from mqsc.language import binder
from mqsc.language.lexer import _scan, tokenize
from mqsc.language.pipeline import Rejected
from tests.property.test_parse_contract import MQSC_ALPHABET


@given(st.text(alphabet=MQSC_ALPHABET + "\x0b\x85\u2028\xa0é", max_size=120) | st.text(max_size=60))
def test_the_fast_lexer_equals_the_scanner(text: str) -> None:
    assert tokenize(text) == _scan(text)


@given(st.text(alphabet=MQSC_ALPHABET, max_size=80), st.data())
def test_the_shape_expression_equals_the_scanner(text: str, data) -> None:
    """Once a shape is seen twice in a row, its expression is tried first on what follows."""
    tokenize(text)
    tokenize(text)
    assert tokenize(text) == _scan(text)
    chars = list(text)
    for _ in range(data.draw(st.integers(0, 4))):
        if chars:
            at = data.draw(st.integers(0, len(chars) - 1))
            chars[at] = data.draw(st.sampled_from(MQSC_ALPHABET))
    other = "".join(chars)
    assert tokenize(other) == _scan(other)


@pytest.mark.parametrize(
    "learned, other",
    [
        ("X('a' 'b')", "X('a''b')"),  # two strings, or one with an apostrophe in it
        ("A B", "AB"),
        ("A B", "A,B"),
        ("A(B)", "A (B)"),
        ("A 'x'", "A'x'"),
        ("D Q(A) WHERE(X)", "D Q(A) where(X)"),
        ("Q(A)", "Q(A)\n"),
        ("Q('a')", "Q('a)"),
    ],
)
def test_the_shape_expression_on_examples(learned: str, other: str) -> None:
    tokenize(learned)
    tokenize(learned)
    assert tokenize(other) == _scan(other)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "  ,, ",
        "DEF QL(A) DESCR('it''s') SHARE",
        "DIS Q(*) WHERE(CURDEPTH GT 0)",
        "dis q(*) where (descr lk 'a*')",
        "X 'open",
        "A\rB",
        "A\nB",
        "Q('a\nb')",
        "'a''",
        "é(ü)",
        "ANYWHERE(1)",
    ],
)
def test_the_fast_lexer_equals_the_scanner_on_examples(text: str) -> None:
    assert tokenize(text) == _scan(text)


RAW = st.sampled_from(
    [
        "0",
        "1",
        "5000",
        "999999999",
        "1000000000",
        "-1",
        "+7",
        "007",
        "1.5",
        "*",
        "'5'",
        "YES",
        "yes",
        "'YES'",
        "NO",
        "ABOVE",
        "x",
        "A.B",
        "a.b",
        "'a b'",
        "'A '",
        "' '",
        "''",
        "'it''s'",
        "SYSTEMST",
        "DEFAULT",
        "S1",
        "1S",
        "CSQ_ADMIN",
        "ABCDEFGHIJKLM",
        "Q*",
        "*Q",
        "%/_.",
        "A" * 48,
        "'" + "x" * 64 + "'",
        "'" + "y" * 65 + "'",
        "64K",
        "1M",
        "A,B",
        "A B",
    ]
)


@st.composite
def commands_with_raw_values(draw) -> str:
    """Catalog commands with values drawn from a mix of valid and invalid tokens."""
    spec = draw(st.sampled_from([s for s in SPECS if s.keywords]))
    words = [f"{spec.verb} {spec.objtype}"]
    if spec.name is not None:
        words[0] += f"({draw(RAW)})"
    keywords = sorted(spec.keywords.values(), key=lambda k: k.name)
    for keyword in draw(st.lists(st.sampled_from(keywords), max_size=5)):
        spelling = draw(st.sampled_from(keyword.spellings))
        if isinstance(keyword.kind, Flag) and draw(st.booleans()):
            words.append(spelling)
        else:
            words.append(f"{spelling}({draw(RAW)})")
    return " ".join(words)


def _outcome(text: str) -> list:
    out = []
    for parsed in mqsc.parse(text):
        if isinstance(parsed, Rejected):
            out.append([(d.msg_id, dict(d.inserts), d.span) for d in parsed.diagnostics])
        else:
            out.append((parsed, type(parsed)))
    return out


def _full_rules(text: str) -> list:
    """The outcome with neither converters nor plans."""
    converter, apply = binder._converter, binder._Plan.apply
    binder._converter = lambda keyword: binder._invalid
    binder._Plan.apply = lambda self, node: None
    try:
        return _outcome(text)
    finally:
        binder._converter, binder._Plan.apply = converter, apply


@given(commands_with_raw_values())
def test_binder_converters_change_no_answer(text: str) -> None:
    # Twice: the first binds by the full rules and leaves a plan, the second goes through the
    # plan's converters.
    twice = f"{text}\n{text}"
    assert _outcome(twice) == _full_rules(twice), text


@st.composite
def same_words_other_values(draw) -> tuple[str, str]:
    """Two commands spelled with the same words, with independently drawn values (a plan
    made from the first, valid or not, is applied to the second)."""
    first = draw(commands_with_raw_values())
    words = first.split(" ")
    second = []
    for word in words:
        head = word.split("(", 1)[0]
        if "(" in word and draw(st.booleans()):
            second.append(f"{head}({draw(RAW)})" if draw(st.integers(0, 5)) else head)
        else:
            second.append(word)
    return first, " ".join(second)


@given(same_words_other_values())
def test_binder_plans_change_no_answer(pair: tuple[str, str]) -> None:
    first, second = pair
    for text in (first, second, first, second):
        assert _outcome(text) == _full_rules(text), text


@pytest.mark.parametrize(
    "texts",
    [
        ("DIS QL(*) CURDEPTH", "DIS QL(*) WHERE(CURDEPTH GT 5)", "DIS QL(*) CURDEPTH"),
        ("DEF QL(A) SHARE", "DEF QL(A) SHARE(YES)", "DEF QL(B) NOSHARE", "DEF QL(B) SHARE"),
        (
            "DEF QL(A) DESCR('x')",
            "DEF QL(A) DESCR('x' 'y')",
            "DEF QL(A) DESCR()",
            "DEF QL('') DESCR('x')",
            "DEF QL() DESCR('x')",
        ),
        (
            "ALTER BUFFPOOL(3) BUFFERS(1000)",
            "ALTER BUFFPOOL(99) BUFFERS(1000)",
            "ALTER BUFFPOOL(3) BUFFERS(1)",
        ),
        ("DIS USAGE PSID(3)", "DIS USAGE PSID(*)", "DIS USAGE(X) PSID(3)"),
    ],
)
def test_binder_plans_on_examples(texts) -> None:
    for text in texts * 2:
        assert _outcome(text) == _full_rules(text), text


def _entities():
    from mqsc.engine.log import LogState
    from mqsc.engine.storage.pageset import PageSetState, PageSetStats
    from mqsc.engine.storage.pool import PageSetIO, PoolState, Segment
    from mqsc.engine.storage.queuestore import QueueStore, Run

    pool = PoolState(3, 50000, "ABOVE", "FIXED4KB", "4KB", True, False)
    pool.lru.extend([Segment(("objects", 0), 0, 5, True, 2, True), Segment("q", 4, 1, False)])
    pool.changed, pool.clean = 5, 1
    pool.stats.getn, pool.stats.low = 7, 3
    pool.io[4] = PageSetIO(dw_ios=2, read_pages=9)
    pageset = PageSetState(4, 3, "SYSTEM", "X.Y", 1000, 100, 2, 1, True, 5, 6, 700, "OFFLINE", 42)
    pageset.stats = PageSetStats(full=3)
    store = QueueStore("PAY.IN", [Run(1, 10, 4096, True, 5, 4, 1)], 2, 1, 4)
    log = LogState(100, 3, 2, (10, 50), 5)
    return [pool, pageset, store, log]


#: The mutable parts of each entity: (attribute, whether its items are mutable too). A pool's
#: segments are shared until changed (test_pool_clones_leave_the_original_alone).
MUTABLE = {
    "PoolState": [("lru", False), ("stats", False), ("io", True)],
    "PageSetState": [],
    "QueueStore": [("runs", True)],
    "LogState": [],
}


@pytest.mark.parametrize("entity", _entities(), ids=lambda e: type(e).__name__)
def test_clones_are_equal_and_share_nothing_mutable(entity) -> None:
    copy = entity.clone()
    assert copy == entity and copy is not entity
    for name, deep in MUTABLE[type(entity).__name__]:
        mine, theirs = getattr(copy, name), getattr(entity, name)
        assert mine == theirs and mine is not theirs, name
        if deep:
            items = (
                zip(mine.values(), theirs.values()) if isinstance(mine, dict) else zip(mine, theirs)
            )
            assert all(a == b and a is not b for a, b in items), name
    # Whatever a clone may share with its original must be immutable.
    listed = {name for name, _ in MUTABLE[type(entity).__name__]}
    for name in entity.__slots__ if hasattr(entity, "__slots__") else vars(entity):
        if name not in listed and not name.startswith("_"):
            assert _immutable(getattr(entity, name)), (type(entity).__name__, name)


def _immutable(value: object) -> bool:
    if isinstance(value, tuple):
        return all(_immutable(v) for v in value)
    if is_dataclass(value) and type(value).__dataclass_params__.frozen:
        return all(_immutable(getattr(value, f.name)) for f in fields(value))
    return value is None or isinstance(value, int | float | str | bytes | frozenset)


OWNERS = st.sampled_from(
    [("objects", 0), ("freed", 4), ("format", 4), ("q", "A", 1), ("q", "B", 1), ("header", 4)]
)
POOL_OPERATIONS = st.lists(
    st.one_of(
        st.tuples(
            st.just("new_pages"), OWNERS, st.integers(1, 400), st.booleans(), st.integers(0, 5)
        ),
        st.tuples(st.just("format_pages"), st.integers(1, 300), st.integers(0, 5)),
        st.tuples(st.just("touch"), OWNERS, st.integers(1, 3), st.integers(0, 5)),
        st.tuples(st.just("read_pages"), OWNERS, st.integers(0, 300)),
        st.tuples(st.just("free"), OWNERS, st.integers(0, 300)),
        st.tuples(st.just("drop"), OWNERS),
        st.tuples(st.just("checkpoint"), st.integers(0, 8)),
        st.tuples(st.just("write_persistent")),
        st.tuples(st.just("resize"), st.integers(50, 1000)),
        st.tuples(st.just("deferred_write")),
        st.tuples(st.just("empty_out")),
        st.tuples(st.just("clone")),
    ),
    max_size=25,
)


def _apply(pool, operation):
    name, *args = operation
    if name == "clone":
        return pool.clone()
    if name == "new_pages":
        owner, pages, persistent, gen = args
        pool.new_pages(owner, 4, pages, persistent=persistent, gen=gen)
    elif name == "format_pages":
        pool.format_pages(4, *args)
    elif name in ("touch", "read_pages", "free"):
        owner, *rest = args
        getattr(pool, name)(owner, 4, *rest)
    else:
        getattr(pool, name)(*args)
    return pool


@settings(max_examples=300)
@given(POOL_OPERATIONS, POOL_OPERATIONS)
def test_pool_clones_leave_the_original_alone(setup, operations) -> None:
    """A clone shares its segments until it changes them: whatever is done to it, the
    original does not move, and the clone ends as an independent copy would."""
    from mqsc.engine.serial import restore, snapshot
    from mqsc.engine.storage.pool import PoolState

    original = PoolState(3, 600)
    for operation in setup:
        original = _apply(original, operation)
    before = snapshot(original)
    clone, independent = original.clone(), restore(before)
    for operation in operations:
        clone = _apply(clone, operation)
        independent = _apply(independent, operation)
    assert snapshot(original) == before
    assert snapshot(clone) == snapshot(independent)


def test_copier_refuses_fields_outside_init() -> None:
    from dataclasses import dataclass, field

    from mqsc.engine.storage.copying import copier

    @dataclass
    class Odd:
        a: int
        b: int = field(init=False, default=0)

    with pytest.raises(TypeError):
        copier(Odd)


@given(
    st.lists(st.text(alphabet=MQSC_ALPHABET + "*+- \r", max_size=30), max_size=8),
    st.sampled_from(["auto", "72", "all"]),
)
def test_the_lines_the_reader_keeps_are_the_lines_of_the_source(lines, columns) -> None:
    """The reader keeps each command's physical lines as it reads them (one-line commands
    take a shorter path); they are what reading them back from the source gives."""
    from mqsc.language.reader import read
    from mqsc.language.source import Source

    for logical in read(Source("\n".join(lines)), columns=columns):
        assert logical.shown is not None
        assert logical.echo == logical._replace(shown=None).echo


@given(
    st.lists(st.text(alphabet=MQSC_ALPHABET + "*+-/ \r", max_size=30), max_size=8),
    st.sampled_from([(), ("QMZ1",), ("/", "-CSQ1")]),
)
@example(["/QMZ1 -", "DEFINE QLOCAL(A)"], ("QMZ1",))  # the CPF's line is not where it starts
@example(["QMZ1 -", "DEFINE QLOCAL(A)"], ())
@example(["  DIS Q(A) +", "  X"], ())
def test_a_commands_start_location_is_its_first_non_blank(lines, prefixes) -> None:
    from mqsc import catalog
    from mqsc.language.reader import read
    from mqsc.language.source import Source

    for logical in read(Source("\n".join(lines)), is_verb=catalog.is_verb, prefixes=prefixes):
        text = logical.text
        assert logical.start_location == logical.location(len(text) - len(text.lstrip()))


def _lark_recipe(shape: str):
    """What Lark makes of a sequence of terminals: its recipe, or None when it rejects it."""
    from lark import Token
    from lark.exceptions import UnexpectedInput

    from mqsc.language.lexer import TERMINALS
    from mqsc.language.parser import _recipe_of, lark_parser

    interactive = lark_parser().parse_interactive(start="command")
    try:
        for i, kind in enumerate(shape):
            interactive.feed_token(Token(TERMINALS[kind], "X", start_pos=i))
        return tuple(_recipe_of(interactive.feed_eof()))
    except UnexpectedInput:
        return None


SHAPE_PIECES = st.sampled_from(
    [
        "W",
        "W",
        "W(W)",
        "W(S)",
        "W()",
        "W(WSW)",
        "H(WOW)",
        "H(WOS)",
        "(",
        ")",
        "S",
        "O",
        "H",
        "HW",
        "H(W)",
        "H(WOWW)",
        "W(O)",
        "W(WH)",
        "W((W))",
        "H(WWW)",
        "H(SOW)",
    ]
)


@given(
    st.lists(SHAPE_PIECES, max_size=6).map(lambda pieces: "W" + "".join(pieces))
    | st.text(alphabet="WS()HO", max_size=14)
)
@example("")
@example("W")
@example("WW(WW")
@example("WW()W)")
def test_the_grammars_structure_is_larks_answer(shape: str) -> None:
    """Saved shapes get their recipes from :func:`structure`: it must give Lark's recipe for
    every shape Lark parses and nothing for every shape it rejects."""
    from mqsc.language.parser import structure

    assert structure(shape) == _lark_recipe(shape)


@pytest.mark.parametrize(
    "text",
    [
        "DEF QL(A) DESCR('x y') MAXDEPTH(5) SHARE",
        "DIS Q(*) WHERE(DESCR LK 'a*') ALL",
        "REC CFSTRUCT(A B) TYPE(NORMAL)",
        "DIS QMGR",
        "DEF QL(A) X()",
    ],
)
def test_the_tree_is_made_of_whole_records(text: str) -> None:
    """The parser makes the tree's named tuples with tuple.__new__: each must have exactly
    its fields, as its own constructor would make it."""
    from mqsc.language import syntax
    from mqsc.language.parser import parse_logical
    from mqsc.language.reader import LogicalCommand

    for _ in range(3):  # the first parse learns the shape; the later ones use its recipe
        tree = parse_logical(LogicalCommand.of(text))
        assert len(tree) == len(syntax.Command._fields)
        assert tree == syntax.Command(*tree)
        for param in tree.params:
            assert len(param) == len(type(param)._fields)
            assert param == type(param)(*param)
