"""Contracts of the language pipeline, stated for all inputs (hypothesis).

* Any text either parses or comes back rejected with diagnostics that point inside it; nothing
  else is ever raised.
* Text generated from the grammar always parses, and the fast path (lexer + shape cache) builds
  the same tree Lark builds on its own.
"""

from __future__ import annotations

import string

from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark
from lark.exceptions import LarkError

import mqsc
from mqsc.language import syntax
from mqsc.language.diagnostics import MqscError
from mqsc.language.parser import grammar_path, lark_parser, parse_logical
from mqsc.language.pipeline import Rejected
from mqsc.language.reader import LogicalCommand

MQSC_ALPHABET = string.ascii_letters + string.digits + "()'*+-,./_% \t\n\r\x0c=!@#"


@given(st.text(alphabet=MQSC_ALPHABET, max_size=120) | st.text(max_size=60))
def test_any_text_parses_or_is_rejected_with_spans_inside_it(text: str) -> None:
    for result in mqsc.parse(text):
        if isinstance(result, Rejected):
            assert result.diagnostics
            for d in result.diagnostics:
                assert d.msg_id and d.text
                if d.span is not None:
                    assert 0 <= d.span.start <= d.span.end <= len(text)


def structure_from_lark(tree) -> tuple:
    params = []
    for child in tree.children[1:]:
        if child.data == "keyword":
            word, args = child.children
            params.append(
                (
                    str(word),
                    None if args is None else tuple(str(v.children[0]) for v in args.children),
                )
            )
        else:
            _, kw, op, value = child.children
            params.append(("WHERE", str(kw), str(op), str(value.children[0])))
    return (str(tree.children[0].children[0]), tuple(params))


def structure_from_ast(command: syntax.Command) -> tuple:
    params = []
    for p in command.params:
        if isinstance(p, syntax.Param):
            params.append((p.keyword, p.values))
        else:
            params.append(("WHERE", p.keyword, p.operator, p.value))
    return (command.verb, tuple(params))


GENERATOR = Lark(grammar_path().read_text(), parser="lalr", start="command")
WORDS = st.from_regex(r"[A-Za-z0-9.*/_%@#$-]{1,10}", fullmatch=True)
COMMANDS = from_lark(
    GENERATOR,
    start="command",
    explicit={
        "WORD": WORDS,
        "STRING": st.from_regex(r"'(?:[A-Za-z0-9 .,()*+-]|'')*'", fullmatch=True),
        "WHERE": st.sampled_from(["WHERE", "where", "Where"]),
        "OPERATOR": st.sampled_from(["LT", "GT", "EQ", "ne", "LK", "NL", "CT", "EXG"]),
    },
)


@given(COMMANDS)
def test_grammar_generated_commands_parse_as_lark_parses_them(text: str) -> None:
    try:
        expected = structure_from_lark(lark_parser().parse(text, start="command"))
    except LarkError:
        # from_lark joins tokens without separators, which can merge two words; only texts
        # Lark itself accepts are the grammar's language.
        return
    assert structure_from_ast(parse_logical(LogicalCommand.of(text))) == expected


@given(st.text(alphabet=MQSC_ALPHABET, min_size=1, max_size=80))
def test_fast_path_accepts_exactly_what_lark_accepts(text: str) -> None:
    try:
        expected = structure_from_lark(lark_parser().parse(text, start="command"))
    except LarkError:
        expected = None
    try:
        actual = structure_from_ast(parse_logical(LogicalCommand.of(text)))
    except MqscError:
        actual = None
    assert actual == expected
