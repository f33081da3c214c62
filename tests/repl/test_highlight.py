"""Highlighting: roles from the project's lexer, the Pygments plugin, the input lexer, and the
decorated output (styles by name, never markup)."""

from __future__ import annotations

import io

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Error, Keyword, Name, String

from mqsc.language.roles import ROLES, roles
from mqsc.render.pygments import PYGMENTS_TOKENS, MqscPygmentsLexer
from mqsc.repl.lexer import fragments
from mqsc.repl.output import Output, reply_spans


def role_map(text: str, cpf: str | None = "QMZ1") -> list[tuple[str, str]]:
    return [(text[p.start : p.end], p.role) for p in roles(text, cpf)]


def test_roles_follow_the_catalog() -> None:
    assert role_map("/QMZ1 DIS Q(*) WHERE(CURDEPTH GT 0) CURDEPTH BOGUS") == [
        ("/QMZ1", "cpf"),
        ("DIS", "verb"),
        ("Q", "objtype"),
        ("(", "paren"),
        ("*", "name"),
        (")", "paren"),
        ("WHERE", "where"),
        ("(", "paren"),
        ("CURDEPTH", "keyword"),
        ("GT", "operator"),
        ("0", "number"),
        (")", "paren"),
        ("CURDEPTH", "keyword"),
        ("BOGUS", "unknown"),
    ]


def test_roles_across_continuations_and_comments() -> None:
    text = "* note\nDEF QL(A) DESCR('Pay+\n   roll') -\nMAXDEPTH(5)\nQMZ2 DIS QMGR"
    found = role_map(text)
    assert ("* note", "comment") in found
    assert ("'Pay", "string") in found and ("roll')"[:-1], "string") in found
    assert ("-", "continuation") in found and ("MAXDEPTH", "keyword") in found
    assert ("QMZ2", "unknown") in found  # another queue manager's prefix


def test_unterminated_string_is_a_string_while_typing() -> None:
    assert role_map("DEF QL(A) DESCR('half")[-1] == ("'half", "string")


def test_every_role_has_a_pygments_token() -> None:
    assert set(PYGMENTS_TOKENS) == set(ROLES)


def test_pygments_plugin_is_registered() -> None:
    assert isinstance(get_lexer_by_name("mqsc"), MqscPygmentsLexer)
    assert isinstance(get_lexer_for_filename("deck.mqsc"), MqscPygmentsLexer)
    text = "DEFINE QLOCAL(A) DESCR('x') FOO\n"
    tokens = list(get_lexer_by_name("mqsc").get_tokens(text))
    assert "".join(value for _, value in tokens) == text
    kinds = {value: kind for kind, value in tokens}
    assert kinds["DEFINE"] is Keyword and kinds["'x'"] is String
    assert kinds["DESCR"] is Name.Attribute and kinds["FOO"] is Error


def test_rich_syntax_highlights_mqsc(monkeypatch) -> None:
    from rich.console import Console

    monkeypatch.delenv("NO_COLOR", raising=False)
    from rich.syntax import Syntax

    console = Console(file=io.StringIO(), color_system="truecolor", width=60, force_terminal=True)
    console.print(Syntax("DEFINE QLOCAL(A)", "mqsc"))
    assert "\x1b[" in console.file.getvalue() and "DEFINE" in console.file.getvalue()


def test_input_lexer_underlines_the_problem() -> None:
    [line] = fragments("DEF QL(A) MAXDEPTHS(5)", "QMZ1")
    assert ("class:mqsc.unknown class:mqsc.error", "MAXDEPTHS") in line
    [line] = fragments("DEF QL(A) MAXD", "QMZ1")  # still being typed: not underlined
    assert ("class:mqsc.unknown", "MAXD") in line
    assert fragments("\\read x", "QMZ1") == [[("class:mqsc.verb", "\\read"), ("", " x")]]
    assert len(fragments("DEF QL(A) +\n  MAXDEPTH(5)", "QMZ1")) == 2


def test_reply_spans_by_severity() -> None:
    assert reply_spans("CSQ9001E QMZ1 'FOO' is invalid", "QMZ1")[:2] == [
        (0, 8, "mqsc.msgid.error"),
        (9, 13, "mqsc.cpf"),
    ]
    assert reply_spans("MQSC007E QMZ2 COMMAND INVALID", "QMZ1") == [(0, 8, "mqsc.msgid.error")]
    assert reply_spans("MAXDEPTH(5000)", "QMZ1") == [(0, 8, "mqsc.keyword"), (9, 13, "mqsc.value")]
    assert (14, 18, "mqsc.number") in reply_spans(" _   11       1000        999", "QMZ1")


class Terminalish(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_decorated_output_never_interprets_text_as_markup() -> None:
    stream = Terminalish()
    out = Output(stream, color=True)
    out.cpf = "QMZ1"
    out.replies(["DESCR([bold red]pay[/] :smile:)", "CSQ9022I QMZ1 CSQMAQLC ' X' NORMAL"])
    text = stream.getvalue()
    assert "[bold red]pay[/] :smile:" in text  # as typed, not styled or emoji-fied
    assert "\x1b[" in text  # but decorated


@pytest.mark.parametrize("no_color", [True, False])
def test_plain_when_asked_or_not_a_terminal(no_color, monkeypatch) -> None:
    from mqsc.repl.output import wants_color

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert wants_color(Terminalish(), no_color) is (not no_color)
    assert wants_color(io.StringIO(), False) is False
    monkeypatch.setenv("NO_COLOR", "1")
    assert wants_color(Terminalish(), False) is False


def test_table_cells_are_not_markup(console, qm) -> None:
    session, out, _ = console()
    qm.execute("DEFINE QLOCAL(PAY.IN) DESCR('[red]x[/red]')")
    session.submit("\\format table")
    session.submit("DIS QL(PAY.IN) DESCR")
    assert "[red]x[/red]" in out.getvalue()


def test_theme_translates_to_prompt_toolkit() -> None:
    from mqsc.repl.theme import PALETTE, pt_style, pt_style_text, rich_theme

    assert pt_style_text("underline bold red") == "underline bold fg:ansired"
    style = pt_style({"mqsc.verb": "not a style at all", "mqsc.extra": "green"})
    assert style.get_attrs_for_style_str("class:mqsc.verb").bold  # bad override: default
    theme = rich_theme({"mqsc.verb": "][", "mqsc.cpf": "bold green"})
    assert str(theme.styles["mqsc.cpf"]) == "bold green"
    assert str(theme.styles["mqsc.verb"]) == PALETTE["mqsc.verb"]


def test_decorated_lines_show_control_characters_not_obey_them() -> None:
    import re

    stream = Terminalish()
    out = Output(stream, color=True)
    out.cpf = "QMZ1"
    out.replies(["DESCR(\x1b]0;title\x07)"])
    text = stream.getvalue()
    assert "\\x1B]0;title\\x07" in text  # shown as text
    assert not re.sub(r"\x1b\[[0-9;]*m", "", text).count("\x1b")  # only colour codes are raw
