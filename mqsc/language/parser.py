"""The parser: logical command -> syntax tree (the third pipeline stage).

This is the only module that imports Lark. The grammar (grammar/mqsc.lark) is built once, with
the LALR algorithm, and is the sole authority on what parses.

Speed comes from one fact about LALR parsing: the shape of the tree depends only on the sequence
of terminal *types*, never on the token texts. So :func:`parse_logical` lexes with the fast
lexer (:mod:`mqsc.language.lexer`), and the first time it meets a sequence of types (a *shape*) it
runs
Lark on it and remembers where each token went in the tree (a *recipe*). A deck of 50,000
``DEFINE QLOCAL`` commands with the same keywords has one shape: Lark parses it once and every
other command is built from the recipe. Shapes Lark rejects are never cached, so every error
comes from Lark itself, then worded as the z/OS command preprocessor words it.

What Lark learned can be kept between processes (:func:`saved_shapes`, :func:`adopt_shapes`;
the command line keeps it in its cache directory): a process whose commands all have known
shapes never imports Lark nor builds its parser, a fifth of the start-up of ``mqsc run``. Saved
shapes are keyed by the grammar's text, and their recipes are read off the grammar
(:func:`structure`, which a property test holds to Lark's answers).
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mqsc.language import syntax
from mqsc.language.diagnostics import Diagnostic, MqscError
from mqsc.language.lexer import TERMINALS, LexFailure, Tokens, tokenize
from mqsc.language.reader import LogicalCommand
from mqsc.support.bundled import bundled

if TYPE_CHECKING:  # pragma: no cover
    from lark import Lark, Tree
    from lark.exceptions import UnexpectedInput

#: Most distinct shapes kept; real decks use a few dozen.
CACHE_LIMIT = 4096
#: The longest shape (in terminals) kept in the cache or saved. A DEFINE of every attribute
#: has some 150; a longer shape is a hostile or broken deck, and is not allowed to fill the
#: cache (or the saved file every later run reads) with it: its recipe is read off the
#: grammar each time (:func:`structure`), and Lark sees it only to word its error.
SHAPE_LIMIT = 256
#: The most terminals saved in all (the saved file stays under some 70 KB, read in a
#: millisecond), and the most shapes saved or adopted.
SAVE_CHARS = 65_536
SAVE_LIMIT = 1024
#: Of a shape longer than :data:`SHAPE_LIMIT`, the most parameters built into the tree. No
#: command takes this many keywords (the most any takes is 58, a test holds the margin), so
#: among the first ones at least one is unknown or repeated: the binder refuses the command
#: from them (CSQ9001E or CSQ9000E) without the rest being built, one Python step each.
PARAM_LIMIT = 256
#: A valid shape (what :func:`structure` accepts), and one parameter of it, as expressions:
#: a long shape is checked and cut in C, not token by token.
_SHAPE = re.compile(r"W(?:W\([WS]*+\)|W(?!\()|H\(WO[WS]\))*+")
_STEP = re.compile(r"W\([WS]*+\)|W(?!\()|H\(WO[WS]\)")

_KEYWORD, _WHERE = 0, 1
Recipe = tuple[tuple[int, int, int], ...]
_recipes: dict[str, Recipe] = {}
#: Shapes Lark taught this process (not adopted from a saved set).
_learned: set[str] = set()
#: Version of what is saved (the shapes); part of the key of saved shapes.
SAVE_FORMAT = 2


def grammar_path() -> Path:
    """Where grammar/mqsc.lark is: inside the installed package, else in the source checkout."""
    return bundled("grammar/mqsc.lark")


@functools.lru_cache(maxsize=2)
def lark_parser(*, strict: bool = False) -> Lark:
    """The Lark LALR parser for the grammar, built once per process.

    Its own (contextual) lexer is used only to measure the performance floor and to check
    :mod:`mqsc.language.lexer` against it; parsing proper feeds it tokens.
    """
    from lark import Lark  # noqa: PLC0415 - start-up: Lark only when a command has a shape not met before
    from lark import lexer as lark_lexer  # noqa: PLC0415 - start-up: Lark only when a command has a shape not met before

    # With interegular installed (a test dependency), Lark compares every pair of terminals,
    # of its own grammar of grammars and of ours, for overlaps: three quarters of building
    # the parser, the largest part of a cold `mqsc run` (S1 of docs/performance.md). Outside strict
    # mode
    # the overlaps are only logged, to a logger Lark sets to CRITICAL, so nothing changes
    # without it; strict=True (tests/language/test_grammar.py) still checks.
    checking = getattr(lark_lexer, "has_interegular", False)
    lark_lexer.has_interegular = checking and strict
    try:
        return Lark(
            grammar_path().read_text(encoding="utf-8"),
            parser="lalr",
            start=["command", "deck"],
            maybe_placeholders=True,
            strict=strict,
        )
    finally:
        lark_lexer.has_interegular = checking


def parse_logical(logical: LogicalCommand) -> syntax.Command:
    """Parse one logical command into a syntax tree.

    Raises:
        MqscError: the text is not a well-formed command; the diagnostic is a z/OS command
            preprocessor message (CSQ9002E unbalanced parentheses, CSQ9003E unbalanced
            apostrophes, CSQ9001E...) pointing at the offending text.

    """
    if logical.problem is not None:
        raise MqscError(logical.problem)
    tokens = tokenize(logical.text)
    if isinstance(tokens, LexFailure):
        raise MqscError(_lex_failure(logical, tokens))
    recipe = _recipes.get(tokens.shape)
    if recipe is None:
        recipe = _learn(logical, tokens)
    return _build(recipe, tokens, logical)


def _build(recipe: Recipe, tokens: Tokens, logical: LogicalCommand) -> syntax.Command:
    # The tree's named tuples are made with tuple.__new__ and every field given, the core of
    # their _make without its Python-level frame: a DEFINE of six attributes builds eight of
    # them, and this takes a third less time (docs/performance.md, S1).
    values, starts = tokens.values, tokens.starts
    params: list[syntax.Param | syntax.Where] = []
    append = params.append
    for kind, i, n in recipe:
        if kind == _KEYWORD:
            word = values[i]
            if n < 0:
                append(_new(_Param, (word, None, starts[i], starts[i] + len(word), ())))
            else:
                end = i + 2 + n
                append(
                    _new(
                        _Param,
                        (
                            word,
                            values[i + 2 : end],
                            starts[i],
                            starts[end] + 1,
                            starts[i + 2 : end],
                        ),
                    )
                )
        else:
            append(
                _new(
                    _Where,
                    (
                        values[i + 2],
                        values[i + 3],
                        values[i + 4],
                        starts[i],
                        starts[i + 5] + 1,
                        starts[i + 2],
                        starts[i + 4],
                    ),
                )
            )
    return _new(_Command, (values[0], tuple(params), starts[0], logical))


_new = tuple.__new__
_Param, _Where, _Command = syntax.Param, syntax.Where, syntax.Command


def _learn(logical: LogicalCommand, tokens: Tokens) -> Recipe:
    """Parse a new shape with Lark and derive its recipe; word Lark's errors for z/OS.

    A shape longer than :data:`SHAPE_LIMIT` is not cached: its recipe comes from the grammar's
    structure, held to Lark's answer by a property test, and Lark parses it only when the
    structure rejects it, to word the error.
    """
    from lark import Token  # noqa: PLC0415 - start-up: Lark only when a command has a shape not met before
    from lark.exceptions import UnexpectedInput  # noqa: PLC0415 - start-up: Lark only when a command has a shape not met before

    long = len(tokens.shape) > SHAPE_LIMIT
    if long:
        recipe = _long_recipe(tokens.shape)
        if recipe is not None:
            return recipe
    interactive = lark_parser().parse_interactive(start="command")
    try:
        for i, kind in enumerate(tokens.shape):
            interactive.feed_token(Token(TERMINALS[kind], tokens.values[i], start_pos=i))
        tree = interactive.feed_eof()
    except UnexpectedInput as error:
        raise MqscError(_syntax_error(logical, tokens, error)) from None
    recipe = tuple(_recipe_of(tree))
    if not long:
        _remember(tokens.shape, recipe)
        _learned.add(tokens.shape)
    return recipe


def _remember(shape: str, recipe: Recipe) -> None:
    if len(_recipes) >= CACHE_LIMIT:
        _recipes.clear()
        _learned.clear()
    _recipes[shape] = recipe


# ---- shapes kept between processes -----------------------------------------------------------
@functools.lru_cache(maxsize=1)
def shapes_key() -> str:
    """What saved shapes must have been parsed with: this grammar (and this save format)."""
    digest = hashlib.sha256(f"mqsc shapes {SAVE_FORMAT}\n".encode())
    digest.update(grammar_path().read_bytes())
    return digest.hexdigest()


def learned_shapes() -> bool:
    """Whether Lark taught this process shapes that are not saved yet."""
    return bool(_learned)


def shapes_saved() -> None:
    """The shapes known now are saved: nothing is new until Lark teaches another one."""
    _learned.clear()


def saved_shapes() -> dict[str, Any]:
    """The shapes Lark parsed (in this process or an earlier one), as JSON-ready data for
    :func:`adopt_shapes` in a later process. A recipe follows from its shape
    (:func:`structure`), so the shapes are all there is to save."""
    shapes: list[str] = []
    size = 0
    for shape in _recipes:
        if len(shape) > SHAPE_LIMIT:
            continue  # never remembered; only a shape adopted from a damaged file could be
        size += len(shape)
        if size > SAVE_CHARS or len(shapes) >= SAVE_LIMIT:
            break
        shapes.append(shape)
    return {"key": shapes_key(), "shapes": shapes}


def adopt_shapes(saved: object) -> int:
    """Take the shapes :func:`saved_shapes` gave an earlier process; returns how many.

    Nothing is taken unless they were parsed with this grammar; each one's recipe is read off
    the grammar (:func:`structure`), and a shape it does not parse (a damaged file) is left
    for Lark.
    """
    if not isinstance(saved, Mapping) or saved.get("key") != shapes_key():
        return 0
    shapes = saved.get("shapes")
    if not isinstance(shapes, list):
        return 0
    adopted = 0
    # At most SAVE_LIMIT (a quarter of the cache): room is left for what this process learns
    # before the cache is full and starts again (a saved set never fills it alone); no shape
    # longer than a saved one may be (a damaged or hostile file).
    for shape in shapes[:SAVE_LIMIT]:
        ok = isinstance(shape, str) and len(shape) <= SHAPE_LIMIT
        recipe = structure(shape) if ok else None
        if recipe is not None:
            _remember(shape, recipe)
            adopted += 1
    return adopted


def structure(shape: str) -> Recipe | None:
    """The recipe of a shape read straight off the grammar, or None when it does not parse.

    The grammar's command is a verb word followed by keywords (a word, optionally with a
    parenthesised run of words and strings) and WHERE filters (``H(WOW)`` or ``H(WOS)``), so a
    shape has at most one recipe. It is used only for shapes Lark parsed in an earlier process
    (saved shapes); a property test holds it to Lark's answers (tests/property/test_fast_paths.py).
    """
    if shape[:1] != "W":
        return None
    steps: list[tuple[int, int, int]] = []
    at, end = 1, len(shape)
    while at < end:
        kind = shape[at]
        if kind == "W" and shape[at + 1 : at + 2] == "(":
            close = shape.find(")", at + 2)
            if close < 0 or any(c not in "WS" for c in shape[at + 2 : close]):
                return None
            steps.append((_KEYWORD, at, close - at - 2))
            at = close + 1
        elif kind == "W":
            steps.append((_KEYWORD, at, -1))
            at += 1
        elif kind == "H" and shape[at : at + 6] in ("H(WOW)", "H(WOS)"):
            steps.append((_WHERE, at, 0))
            at += 6
        else:
            return None
    return tuple(steps)


def _long_recipe(shape: str) -> Recipe | None:
    """:func:`structure` for a long shape: the same answer for its first :data:`PARAM_LIMIT`
    parameters (a property test holds it to :func:`structure`), checked and cut by regular
    expressions."""
    if _SHAPE.fullmatch(shape) is None:
        return None
    steps: list[tuple[int, int, int]] = []
    for found in _STEP.finditer(shape, 1):
        if len(steps) >= PARAM_LIMIT:
            break
        text = found.group()
        if text[0] == "H":
            steps.append((_WHERE, found.start(), 0))
        else:
            steps.append((_KEYWORD, found.start(), len(text) - 3 if len(text) > 1 else -1))
    return tuple(steps)


def _recipe_of(tree: Tree) -> Iterator[tuple[int, int, int]]:
    """Where each parameter's tokens sit, from Lark's tree for one shape."""
    for child in tree.children[1:]:
        if child.data == "keyword":
            word, arguments = child.children
            yield (_KEYWORD, word.start_pos, -1 if arguments is None else len(arguments.children))
        else:
            yield (_WHERE, child.children[0].start_pos, 0)


def _owner(tokens: Tokens, upto: int) -> str:
    """The keyword a position belongs to: the last word outside parentheses before it.

    This is the keyword the z/OS preprocessor names in CSQ9002E/CSQ9003E.
    """
    depth = 0
    owner = tokens.values[0] if tokens.values else ""
    for i in range(min(upto, len(tokens.shape))):
        kind = tokens.shape[i]
        if kind == "(":
            depth += 1
        elif kind == ")":
            depth = max(0, depth - 1)
        elif depth == 0 and kind in "WH":
            owner = tokens.values[i]
    return owner.upper()


def _syntax_error(logical: LogicalCommand, tokens: Tokens, error: UnexpectedInput) -> Diagnostic:
    """The z/OS preprocessor message for a token sequence Lark rejected."""
    from lark.exceptions import UnexpectedToken  # noqa: PLC0415 - start-up: Lark only when a command has a shape not met before

    shape, values, starts = tokens.shape, tokens.values, tokens.starts
    token = error.token if isinstance(error, UnexpectedToken) else None
    at_end = token is None or token.type == "$END"
    index = len(shape) if at_end else int(token.start_pos)
    if not shape:
        span = logical.original_span(0, len(logical.text))
        return Diagnostic("MQSC003E", {}, logical.source, span)
    if at_end:
        span = logical.original_span(starts[-1], starts[-1] + len(values[-1]))
    else:
        span = logical.original_span(starts[index], starts[index] + len(values[index]))
    where = shape.rfind("H", 0, index)
    if where >= 0 and ")" not in shape[where:index]:
        return Diagnostic("MQSC011E", {"keyword": "WHERE"}, logical.source, span)
    depth_before = shape.count("(", 0, index) - shape.count(")", 0, index)
    if at_end and depth_before > 0 or not at_end and shape[index] in "()":
        return Diagnostic("CSQ9002E", {"keyword": _owner(tokens, index)}, logical.source, span)
    word = values[min(index, len(values) - 1)]
    return Diagnostic("CSQ9001E", {"keyword": word.upper()}, logical.source, span)


def _lex_failure(logical: LogicalCommand, failure: LexFailure) -> Diagnostic:
    """The message for text no terminal matches: an unclosed quote or a control character."""
    text = logical.text
    offset = failure.offset
    span = logical.original_span(offset, len(text.rstrip()) or offset + 1)
    if text[offset] == "'":
        keyword = _owner(failure.tokens, len(failure.tokens.shape))
        return Diagnostic("CSQ9003E", {"keyword": keyword}, logical.source, span)
    char = text[offset]
    span = logical.original_span(offset, offset + 1)
    return Diagnostic("MQSC002E", {"character": repr(char)}, logical.source, span)
