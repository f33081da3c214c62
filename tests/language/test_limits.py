"""Input bounds: a command longer than z/OS takes is refused by the reader,
before anything lexes it, with the limit of where it comes from; the string pattern keeps no
backtracking state per character."""

from __future__ import annotations

import tracemalloc

import pytest

from mqsc import parse
from mqsc.language import lexer
from mqsc.language.diagnostics import MqscError
from mqsc.language.parser import parse_logical
from mqsc.language.reader import COMMAND_LIMIT, CONSOLE_LIMIT, read
from mqsc.language.source import Source


def only(text: str, **options):
    (command,) = read(Source(text), **options)
    return command


def test_a_command_of_the_limit_is_read_one_longer_is_refused() -> None:
    head = "DEFINE QLOCAL(A) DESCR('"
    fits = head + "x" * (COMMAND_LIMIT - len(head) - 2) + "')"
    assert len(fits) == COMMAND_LIMIT and only(fits).problem is None
    over = only(fits + " ")  # trailing blanks do not count
    assert over.problem is None
    over = only(fits[:-2] + "x')")
    assert over.problem is not None and over.problem.msg_id == "MQSC005E"
    assert over.problem.inserts["limit"] == COMMAND_LIMIT
    # Pointed at the first character past the limit; the text stops at the limit.
    assert over.problem.location.column == COMMAND_LIMIT + 1
    assert len(over.text) == COMMAND_LIMIT


def test_a_ten_megabyte_line_is_cut_at_the_limit_before_lexing() -> None:
    command = only("DEFINE QLOCAL(A) DESCR('" + "x" * 10_000_000 + "')\n")
    assert command.problem.msg_id == "MQSC005E"
    assert len(command.text) == COMMAND_LIMIT
    assert all(len(line) <= COMMAND_LIMIT + 4 for line in command.echo)
    with pytest.raises(MqscError) as error:
        parse_logical(command)
    assert error.value.diagnostics[0].msg_id == "MQSC005E"


def test_a_continued_command_is_refused_once_it_passes_the_limit() -> None:
    deck = "DEFINE QLOCAL(A) +\n" + "DESCR(X) +\n" * 10_000 + "MAXDEPTH(5)\nDISPLAY QMGR\n"
    first, second = read(Source(deck))
    assert first.problem.msg_id == "MQSC005E"
    assert len(first.text) <= COMMAND_LIMIT
    # Nothing after the limit was joined: the lines kept stop where it was passed.
    assert len(first.lines) < 10_000
    assert second.text == "DISPLAY QMGR" and second.problem is None


def test_a_continuation_of_blank_pieces_cannot_run_forever() -> None:
    deck = "DISPLAY QMGR +\n" + "+\n" * (COMMAND_LIMIT + 10) + "\n"
    (command,) = read(Source(deck))
    assert command.problem.msg_id == "MQSC005E"


def test_the_console_limit_is_126() -> None:
    typed = "DEFINE QLOCAL(A) DESCR('" + "x" * 101 + "')"
    assert len(typed) == CONSOLE_LIMIT + 1
    assert only(typed).problem is None
    refused = only(typed, limit=CONSOLE_LIMIT)
    assert refused.problem.msg_id == "MQSC005E"
    assert "a console" in refused.problem.text
    assert only(typed[:CONSOLE_LIMIT], limit=CONSOLE_LIMIT).problem is None


def test_parse_refuses_and_the_rest_of_the_deck_still_parses() -> None:
    results = parse("DEFINE QLOCAL(A) DESCR('" + "x" * 40_000 + "')\nDEFINE QLOCAL(B)\n")
    assert type(results[0]).__name__ == "Rejected"
    assert results[0].first.msg_id == "MQSC005E"
    assert type(results[1]).__name__ == "Define"


def test_a_long_quoted_string_keeps_no_state_per_character() -> None:
    # The pattern ('(?:[^']|'')*') kept a backtracking point per character: 120 MB for a
    # 1 MB string. Unrolled, matching it allocates nothing in proportion to its length.
    text = "DEFINE QLOCAL(A) DESCR('" + "x" * 1_000_000 + "')"
    tracemalloc.start()
    try:
        tokens = lexer.tokenize(text)
        lexer.tokenize(text)  # the shape's own expression, met twice in a row
        lexer._scan(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert tokens.shape == "WW(W)W(S)"
    assert peak < 6 * len(text)


def test_a_long_shape_met_twice_gets_no_expression_of_its_own() -> None:
    # 300 commands of one 16,000-terminal shape took 100 s: the lexer compiled an expression
    # of 16,000 groups for it. Such shapes go through re.split every time instead.
    text = "DIS QMGR " + "X " * 16_000
    for _ in range(2):
        tokens = lexer.tokenize(text)
    assert len(tokens.shape) > lexer.EXPRESSION_LIMIT
    assert lexer._last[0] != tokens.shape
    short = "DEFINE QLOCAL(A) DESCR('x') MAXDEPTH(5)"
    for _ in range(2):
        lexer.tokenize(short)
    assert lexer._last[0] == lexer.tokenize(short).shape  # short shapes still get theirs
