"""The parser: logical command -> syntax tree (the third pipeline stage).

This is the only module that imports Lark. The grammar (grammar/mqsc.lark) is built once, with
the LALR algorithm, and is the sole authority on what parses.

Speed comes from one fact about LALR parsing: the shape of the tree depends only on the sequence
of terminal *types*, never on the token texts. So :func:`parse_logical` lexes with the fast
lexer (:mod:`mqsc.lexer`), and the first time it meets a sequence of types (a *shape*) it runs
Lark on it and remembers where each token went in the tree (a *recipe*). A deck of 50,000
``DEFINE QLOCAL`` commands with the same keywords has one shape: Lark parses it once and every
other command is built from the recipe. Shapes Lark rejects are never cached, so every error
comes from Lark itself, then worded as the z/OS command preprocessor words it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput, UnexpectedToken

from mqsc import ast
from mqsc.bundled import bundled
from mqsc.diagnostics import Diagnostic, MqscError
from mqsc.lexer import TERMINALS, LexFailure, Tokens, tokenize
from mqsc.reader import LogicalCommand

#: Most distinct shapes kept; real decks use a few dozen.
CACHE_LIMIT = 4096

_KEYWORD, _WHERE = 0, 1
Recipe = tuple[tuple[int, int, int], ...]
_recipes: dict[str, Recipe] = {}


def grammar_path() -> Path:
    """Where grammar/mqsc.lark is: inside the installed package, else in the source checkout."""
    return bundled("grammar/mqsc.lark")


@functools.lru_cache(maxsize=2)
def lark_parser(*, strict: bool = False) -> Lark:
    """The Lark LALR parser for the grammar, built once per process.

    Its own (contextual) lexer is used only to measure the performance floor and to check
    :mod:`mqsc.lexer` against it; parsing proper feeds it tokens.
    """
    return Lark(
        grammar_path().read_text(encoding="utf-8"),
        parser="lalr",
        start=["command", "deck"],
        maybe_placeholders=True,
        strict=strict,
    )


def parse_logical(logical: LogicalCommand) -> ast.Command:
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


def _build(recipe: Recipe, tokens: Tokens, logical: LogicalCommand) -> ast.Command:
    values, starts = tokens.values, tokens.starts
    params: list[ast.Param | ast.Where] = []
    append = params.append
    for kind, i, n in recipe:
        if kind == _KEYWORD:
            word = values[i]
            if n < 0:
                append(ast.Param(word, None, starts[i], starts[i] + len(word)))
            else:
                append(
                    ast.Param(
                        word,
                        values[i + 2 : i + 2 + n],
                        starts[i],
                        starts[i + 2 + n] + 1,
                        starts[i + 2 : i + 2 + n],
                    )
                )
        else:
            append(
                ast.Where(
                    values[i + 2],
                    values[i + 3],
                    values[i + 4],
                    starts[i],
                    starts[i + 5] + 1,
                    starts[i + 2],
                    starts[i + 4],
                )
            )
    return ast.Command(values[0], tuple(params), starts[0], logical)


def _learn(logical: LogicalCommand, tokens: Tokens) -> Recipe:
    """Parse a new shape with Lark and derive its recipe; word Lark's errors for z/OS."""
    interactive = lark_parser().parse_interactive(start="command")
    try:
        for i, kind in enumerate(tokens.shape):
            interactive.feed_token(Token(TERMINALS[kind], tokens.values[i], start_pos=i))
        tree = interactive.feed_eof()
    except UnexpectedInput as error:
        raise MqscError(_syntax_error(logical, tokens, error)) from None
    recipe = tuple(_recipe_of(tree))
    if len(_recipes) >= CACHE_LIMIT:
        _recipes.clear()
    _recipes[tokens.shape] = recipe
    return recipe


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
        return Diagnostic("CSQ9011E", {"keyword": "WHERE"}, logical.source, span)
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
