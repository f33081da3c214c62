"""Diagnostics and the error type: errors are data first and strings last.

A :class:`Diagnostic` names a message of the catalog (:mod:`mqsc.catalog.texts`) with its inserts
and
the span of source text it is about. :class:`MqscError` is the only exception the language
stages raise for bad input; it carries one or more diagnostics. Expected command failures
(object not found, object in use) are not exceptions at all: the engine returns them as
response records.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from mqsc.catalog import texts
from mqsc.language.source import Location, Source, Span, excerpt


class Severity(str, Enum):
    """How bad a diagnostic is, for exit codes, SARIF levels and --fail-level."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @classmethod
    def of(cls, msg_id: str) -> Severity:
        """Severity of a catalog message: z/OS severity 8+ is an error, 4 a warning."""
        level = texts.get(msg_id).severity
        if level >= 8:
            return cls.ERROR
        return cls.WARNING if level >= 4 else cls.INFO


#: ``--fail-level`` of ``mqsc check`` and ``mqsc run``: the severities that fail a CI case and
#: the exit status.
FAIL_LEVELS = {
    "warning": frozenset({Severity.WARNING, Severity.ERROR}),
    "error": frozenset({Severity.ERROR}),
}


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One message about the input: catalog id, inserts, and where in the source it points."""

    msg_id: str
    inserts: Mapping[str, object] = field(default_factory=dict)
    source: Source | None = field(default=None, compare=False, repr=False)
    span: Span | None = None

    @property
    def severity(self) -> Severity:
        """Severity from the message catalog."""
        return Severity.of(self.msg_id)

    @property
    def text(self) -> str:
        """The message text after the id (no CPF), e.g. ``'XYZ' is invalid``."""
        return texts.text(self.msg_id, self.inserts)

    @property
    def location(self) -> Location | None:
        """File, line and column of the start of the span, when known."""
        if self.source is None or self.span is None:
            return None
        return self.source.location(self.span.start)

    def excerpt(self) -> str | None:
        """The source line with a caret under the span, when known."""
        if self.source is None or self.span is None:
            return None
        return excerpt(self.source, self.span)

    def __str__(self) -> str:
        where = f"{self.location}: " if self.location else ""
        return f"{where}{self.msg_id} {self.text}"


class MqscError(Exception):
    """Bad input: raised by the reader, parser and binder, carrying diagnostics."""

    def __init__(self, *diagnostics: Diagnostic) -> None:
        if not diagnostics:
            raise ValueError("MqscError needs at least one diagnostic")
        super().__init__("; ".join(str(d) for d in diagnostics))
        self.diagnostics: tuple[Diagnostic, ...] = diagnostics

    @property
    def first(self) -> Diagnostic:
        """The first (usually the only) diagnostic."""
        return self.diagnostics[0]
