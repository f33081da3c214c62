"""The input lexer: colours the buffer from :func:`mqsc.language.roles.roles` (the project's own
reader, lexer and catalog) and underlines the problem :func:`mqsc.repl.validate.problem` finds.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.document import Document
from prompt_toolkit.lexers import Lexer

from mqsc.language.roles import roles
from mqsc.repl.validate import problem

Fragments = list[tuple[str, str]]


def fragments(text: str, cpf: str | None) -> list[Fragments]:
    """Styled fragments of each line of ``text`` (prompt_toolkit class names ``mqsc.<role>``,
    plus ``mqsc.error`` under the problem).

    >>> fragments("DIS FOO", "QMZ1")
    [[('class:mqsc.verb', 'DIS'), ('', ' '), ('class:mqsc.unknown class:mqsc.error', 'FOO')]]
    """
    styles = [""] * len(text)
    if text.lstrip().startswith("\\"):
        word = len(text) - len(text.lstrip())
        end = len(text.split()[0]) + word
        styles[word:end] = ["class:mqsc.verb"] * (end - word)
    else:
        for piece in roles(text, cpf):
            styles[piece.start : piece.end] = [f"class:mqsc.{piece.role}"] * (
                piece.end - piece.start
            )
        found = problem(text, cpf)
        if found is not None and not found.incomplete:
            for i in range(min(found.start, len(text)), min(found.end, len(text))):
                styles[i] = (styles[i] + " class:mqsc.error").strip()
    lines: list[Fragments] = []
    offset = 0
    for line in text.split("\n"):
        lines.append(_runs(line, styles[offset : offset + len(line)]))
        offset += len(line) + 1
    return lines


def _runs(line: str, styles: list[str]) -> Fragments:
    out: Fragments = []
    for char, style in zip(line, styles, strict=True):
        if out and out[-1][0] == style:
            out[-1] = (style, out[-1][1] + char)
        else:
            out.append((style, char))
    return out


class MqscLexer(Lexer):
    """prompt_toolkit lexer over :func:`fragments` (one computation per buffer text)."""

    def __init__(self, cpf_of: Callable[[], str | None]) -> None:
        self._cpf_of = cpf_of
        self._last: tuple[str, str | None, list[Fragments]] | None = None

    def lex_document(self, document: Document) -> Callable[[int], Fragments]:  # type: ignore[override]  # plain (style, text) fragments, a subset of what prompt_toolkit takes
        text, cpf = document.text, self._cpf_of()
        if self._last is None or self._last[:2] != (text, cpf):
            self._last = (text, cpf, fragments(text, cpf))
        lines = self._last[2]
        return lambda number: lines[number] if number < len(lines) else []
