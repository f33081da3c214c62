"""Source text and positions: the first stage of the pipeline.

A :class:`Source` is the text of one input (a file, standard input, a console line) with its
name. Every later stage points back into it: a :class:`Span` is a half-open range of offsets in
the *original* text, and :meth:`Source.location` turns an offset into the 1-based line and
column a user sees in ``file:line:col``. :func:`excerpt` draws the caret display used by
``mqsc check``.
"""

from __future__ import annotations

import bisect
from array import array
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Span:
    """A half-open range ``[start, end)`` of character offsets in a text."""

    start: int
    end: int

    def __post_init__(self) -> None:
        if self.end < self.start:
            raise ValueError(f"span end {self.end} before start {self.start}")


@dataclass(frozen=True, slots=True)
class Location:
    """A position as a user sees it: file name, 1-based line and column."""

    name: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.name}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Source:
    """The decoded text of one input, with the name used in diagnostics.

    >>> src = Source("DIS Q(A)\\nDIS Q(B)\\n", "deck.mqsc")
    >>> str(src.location(9))
    'deck.mqsc:2:1'
    """

    text: str
    name: str = "<string>"
    #: Where each line starts: 4 bytes a line in an array (8 for a text past 4 GiB; a tuple
    #: of ints took 40: 80 MB for a 64 MiB deck of two million lines, which ``mqsc check``
    #: keeps while it runs).
    _line_starts: array[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        starts = array("I" if len(self.text) < 2**32 else "q", (0,))
        append = starts.append
        find = self.text.find
        pos = find("\n")
        while pos >= 0:
            append(pos + 1)
            pos = find("\n", pos + 1)
        object.__setattr__(self, "_line_starts", starts)

    @property
    def line_count(self) -> int:
        """Number of lines, counting a last line without a newline."""
        starts = self._line_starts
        return len(starts) if starts[-1] < len(self.text) else len(starts) - 1

    def line_start(self, line: int) -> int:
        """Offset of the first character of 1-based ``line``."""
        return self._line_starts[line - 1]

    def line_text(self, line: int) -> str:
        """The text of 1-based ``line`` without its line ending."""
        start = self._line_starts[line - 1]
        end = self.text.find("\n", start)
        text = self.text[start:] if end < 0 else self.text[start:end]
        return text[:-1] if text.endswith("\r") else text

    def line_of(self, offset: int) -> int:
        """1-based line holding ``offset`` (an offset at the end belongs to the last line)."""
        return bisect.bisect_right(self._line_starts, offset)

    def location(self, offset: int) -> Location:
        """The :class:`Location` of ``offset``."""
        line = self.line_of(offset)
        return Location(self.name, line, offset - self._line_starts[line - 1] + 1)


#: The most characters of a source line an excerpt shows; a longer line is shown as a window
#: around the span, marked with ``...`` where it is cut.
EXCERPT_WIDTH = 120


def excerpt(source: Source, span: Span) -> str:
    """The source line of ``span`` with a caret line under it, as compilers print them.

    A span running past the end of its line is underlined to the end of that line. Control
    characters show as ``?`` so they cannot disturb a terminal. Of a line longer than
    :data:`EXCERPT_WIDTH` only a window around the span is shown.

    >>> print(excerpt(Source("DEFINE QLOCAL(A) MAXDEPTH(x)"), Span(17, 28)))
    DEFINE QLOCAL(A) MAXDEPTH(x)
                     ^~~~~~~~~~~
    """
    line = source.line_of(span.start)
    start = source.line_start(line)
    whole = source.line_text(line)
    column = span.start - start
    width = max(1, min(span.end, start + len(whole)) - span.start)
    lead = tail = ""
    first = 0
    if len(whole) > EXCERPT_WIDTH:
        first = max(0, min(column - EXCERPT_WIDTH // 4, len(whole) - EXCERPT_WIDTH))
        lead = "..." if first else ""
        tail = "..." if first + EXCERPT_WIDTH < len(whole) else ""
        whole = whole[first : first + EXCERPT_WIDTH]
        width = max(1, min(width, len(whole) - (column - first)))
    text = lead + "".join(c if c.isprintable() or c == "\t" else "?" for c in whole) + tail
    underline = " " * (column - first + len(lead)) + "^" + "~" * (width - 1)
    return f"{text}\n{underline}"
