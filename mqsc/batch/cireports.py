"""CI report formats for ``mqsc check`` and ``mqsc run``: JUnit XML, SARIF 2.1.0, GitHub
workflow annotations.

One model feeds all three: a :class:`Finding` is a diagnostic with its file, line and column;
a :class:`Case` is one command (one JUnit test case) with its findings and, under ``mqsc run``,
its reply lines. Output is deterministic: no timestamps, no host names, no absolute paths
beyond those given on the command line, unless a timestamp is asked for.

Sources for the formats: GitHub's documentation of SARIF support for code scanning (what
GitHub code scanning requires of SARIF), GitHub Actions' workflow commands (their syntax and
the toolkit's escaping), and what GitLab and Jenkins read from JUnit XML.

A report of a check is written as it is read from the check's store
(:mod:`mqsc.batch.findings`): suites, cases and findings are produced one at a time, and the
writers (:func:`junit_text`, :func:`sarif_text`, :func:`github`) emit text as they go, so a
report of a million commands never sits in memory whole. Their output is byte for byte what
ElementTree and ``json.dumps(indent=2)`` make of the whole document (golden-tested).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath, PurePosixPath
from typing import TYPE_CHECKING, Any

from mqsc.batch.findings import line_hash
from mqsc.catalog import texts
from mqsc.language.diagnostics import FAIL_LEVELS, Diagnostic, Severity
from mqsc.render.visible import visible, xml_text

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.batch.check import DeckReport
    from mqsc.batch.findings import Kept

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
GITHUB_COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}
TOOL = "mqsc"


@dataclass(frozen=True, slots=True)
class Finding:
    """A diagnostic where a CI system can show it: 1-based lines and columns, the end column
    exclusive (SARIF's "column of the character following the end of the region")."""

    rule: str
    level: Severity
    message: str
    file: str
    line: int
    column: int
    end_line: int
    end_column: int
    source_line: str = ""
    #: Which finding of this file and line hash this is (1, 2...); 0: counted when written.
    occurrence: int = 0

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Case:
    """One command: a JUnit test case."""

    name: str
    file: str
    line: int
    findings: tuple[Finding, ...] = ()
    output: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Suite:
    """One deck: a JUnit test suite. ``cases`` may be produced as they are read (then
    ``tests`` and ``failures``, counted by the store, say how many there will be)."""

    name: str
    cases: Iterable[Case]
    tests: int = -1
    failures: int = -1


@dataclass(frozen=True, slots=True)
class Report:
    """Everything a report shows. ``ordered``, when given, produces :attr:`findings` as
    they are read (with their occurrences counted)."""

    tool: str  # "mqsc check" or "mqsc run"
    suites: tuple[Suite, ...]
    failing: frozenset[Severity] = field(default=FAIL_LEVELS["error"])
    version: str = ""
    ordered: Iterable[Finding] | None = field(default=None, compare=False)

    @property
    def findings(self) -> Iterable[Finding]:
        if self.ordered is not None:
            return self.ordered
        return [f for s in self.suites for c in s.cases for f in c.findings]

    def failed(self, case: Case) -> list[Finding]:
        return [f for f in case.findings if f.level in self.failing]


# ---- building the model --------------------------------------------------------------------
def finding(d: Diagnostic, *, level: Severity | None = None) -> Finding:
    """A diagnostic as a finding; one without a position points at line 1 of its file."""
    name = d.source.name if d.source is not None else "<unknown>"
    if d.source is None or d.span is None:
        return Finding(d.msg_id, level or d.severity, d.text, name, 1, 1, 1, 2)
    start = d.source.location(d.span.start)
    end = d.source.location(max(d.span.start, d.span.end - 1))
    return Finding(
        d.msg_id,
        level or d.severity,
        d.text,
        name,
        start.line,
        start.column,
        end.line,
        end.column + 1,
        d.source.line_text(start.line),
    )


def suite(report: DeckReport, failing: frozenset[Severity], *, run: bool) -> Suite:
    """One deck as a suite: each finding goes to the command whose lines hold it; findings
    outside every command (comment lines) to a case named after the deck.

    Under ``mqsc run`` a command that failed is an error whatever its message's severity (a
    CSQN009I COMMAND DISABLED is severity 4, but the command did not run); so is a command
    that did not parse.
    """
    store, deck, ignore = report.store, report.index, report.ignore
    assert store is not None
    commands = store.command_count(deck)
    loose = store.loose_count(deck, ignore)
    inside, outside = store.failing_cases(deck, failing, ignore, run=run)
    return Suite(
        report.name,
        _Cases(report, run),
        commands + (1 if loose or not commands else 0),
        inside + (1 if outside else 0),
    )


@dataclass(frozen=True)
class _Cases:
    """A deck's cases, read from the store each time they are iterated."""

    report: DeckReport
    run: bool

    def __iter__(self) -> Iterator[Case]:
        report = self.report
        store, deck, name = report.store, report.index, report.name
        assert store is not None
        loose = store.in_command(deck, None, report.ignore)
        if loose or not store.command_count(deck):
            yield Case(
                f"{name}: deck", name, 1, tuple(kept_finding(k, run=self.run) for k in loose)
            )
        for row, found in store.cases(deck, report.ignore):
            output = tuple(row.output[:-1].split("\n")) if row.output else ()
            yield Case(
                row.name,
                name,
                row.first,
                tuple(kept_finding(k, run=self.run) for k in found),
                output,
            )


@dataclass(frozen=True)
class _Ordered:
    """Every finding of the decks in report order, read from the store each time."""

    reports: Sequence[DeckReport]
    run: bool

    def __iter__(self) -> Iterator[Finding]:
        if not self.reports:
            return
        store = self.reports[0].store
        assert store is not None
        ignore = self.reports[0].ignore
        for _, kept in store.in_report_order(ignore, files=[r.name for r in self.reports]):
            yield kept_finding(kept, run=self.run)


def kept_finding(kept: Kept, *, run: bool) -> Finding:
    """A kept diagnostic as a finding (an error under ``mqsc run`` when its command failed
    or did not parse)."""
    found = finding(kept.diagnostic, level=Severity.ERROR if run and kept.escalate else None)
    if kept.occurrence:
        found = Finding(
            found.rule,
            found.level,
            found.message,
            found.file,
            found.line,
            found.column,
            found.end_line,
            found.end_column,
            found.source_line,
            kept.occurrence,
        )
    return found


def build(
    tool: str,
    reports: Sequence[DeckReport],
    failing: frozenset[Severity],
    *,
    run: bool = False,
    version: str = "",
) -> Report:
    """The report of ``mqsc check`` (``run=False``) or ``mqsc run`` (``run=True``)."""
    return Report(
        tool,
        tuple(suite(r, failing, run=run) for r in reports),
        failing,
        version,
        ordered=_Ordered(tuple(reports), run),
    )


# ---- JUnit XML -----------------------------------------------------------------------------
def junit(report: Report, *, timestamp: str | None = None) -> str:
    """JUnit XML (:func:`junit_text` in one string)."""
    return "".join(junit_text(report, timestamp=timestamp))


def junit_text(report: Report, *, timestamp: str | None = None) -> Iterator[str]:
    """JUnit XML, piece by piece: one ``testsuite`` per deck, one ``testcase`` per command.

    A case fails when it has findings at or above the fail level; the ``failure`` element's
    text holds every such finding as ``file:line:col: ID message`` (GitLab shows only the
    element text, secondary sources), its ``message`` the first one. Other findings and, under
    ``mqsc run``, the command's replies go to ``system-out``.

    The text is what ``ET.indent`` and ``ET.tostring`` make of the whole tree; XML 1.0
    cannot hold control characters, even as references: a command with one in a value must
    still give a report CI can parse (:func:`mqsc.render.visible.xml_text`).
    """
    counted = [_counts(report, s) for s in report.suites]
    root = ET.Element("testsuites", name=report.tool)
    root.set("tests", str(sum(tests for tests, _ in counted)))
    root.set("failures", str(sum(failures for _, failures in counted)))
    for name in ("errors", "skipped", "time"):
        root.set(name, "0")
    yield '<?xml version="1.0" encoding="UTF-8"?>\n'
    if not report.suites:
        yield xml_text(ET.tostring(root, "unicode")) + "\n"
        return
    yield xml_text(_open_tag(root))
    for s, (tests, failures) in zip(report.suites, counted):
        element = ET.Element(
            "testsuite",
            name=s.name,
            tests=str(tests),
            failures=str(failures),
            errors="0",
            skipped="0",
            time="0",
        )
        if timestamp:
            element.set("timestamp", timestamp)
        yield "\n  " + xml_text(_open_tag(element))
        for case in s.cases:
            yield "\n    " + xml_text(_testcase_text(report, case))
        yield "\n  </testsuite>"
    yield "\n</testsuites>\n"


def _counts(report: Report, s: Suite) -> tuple[int, int]:
    """A suite's tests and failures: as the store counted them, else from its cases."""
    if s.tests >= 0 and s.failures >= 0:
        return s.tests, s.failures
    cases = list(s.cases)
    return len(cases), sum(1 for c in cases if report.failed(c))


def _open_tag(element: ET.Element) -> str:
    """``<name attr="...">`` as ElementTree writes it."""
    element.text = "|"
    text = ET.tostring(element, "unicode")
    return text[: text.rindex("|</")]


def _testcase_text(report: Report, case: Case) -> str:
    holder = ET.Element("holder")
    _testcase(holder, report, case)
    [element] = list(holder)
    # What ET.indent(root) gives a test case (two spaces a level; it is at level 2), set
    # here directly: ET.indent's nested helper is a reference cycle per call, garbage a
    # report of a million cases would pile up between collections.
    children = list(element)
    if children:
        element.text = "\n      "
        for child in children:
            child.tail = "\n      "
        children[-1].tail = "\n    "
    return ET.tostring(element, "unicode")


def _testcase(parent: ET.Element, report: Report, case: Case) -> None:
    element = ET.SubElement(
        parent,
        "testcase",
        name=case.name,
        classname=case.file,
        file=case.file,
        line=str(case.line),
        time="0",
    )
    failed = report.failed(case)
    if failed:
        first = failed[0]
        failure = ET.SubElement(
            element, "failure", message=f"{first.rule} {first.message}", type=first.rule
        )
        failure.text = "\n".join(f"{f.where}: {f.rule} {f.message}" for f in failed)
    others = [f for f in case.findings if f not in failed]
    out = [f"{f.where}: {f.rule} {f.message}" for f in others] + list(case.output)
    if out:
        ET.SubElement(element, "system-out").text = "\n".join(out)


# ---- SARIF 2.1.0 ---------------------------------------------------------------------------
def sarif(report: Report, *, timestamp: str | None = None) -> dict[str, Any]:
    """SARIF 2.1.0 with what GitHub code scanning requires (secondary sources): rules with id,
    short and full description and help text; results with message, level, one physical
    location (start and end line and column) and a ``primaryLocationLineHash``."""
    return _sarif(report, timestamp, list(_results(report, _rule_ids(report))))


def sarif_text(report: Report, *, timestamp: str | None = None) -> Iterator[str]:
    """:func:`sarif` as ``json.dumps(indent=2)`` writes it, piece by piece: the results are
    written as they are read, never all held."""
    results = _Lazy(lambda: _results(report, _rule_ids(report)))
    yield from _json_pieces(_sarif(report, timestamp, results), 0)
    yield "\n"


def _rule_ids(report: Report) -> list[str]:
    ordered = report.ordered
    if ordered is not None and isinstance(ordered, _Ordered) and ordered.reports:
        first = ordered.reports[0]
        assert first.store is not None
        return first.store.rule_ids(first.ignore)
    return sorted({f.rule for f in report.findings})


def _results(report: Report, rule_ids: list[str]) -> Iterator[dict[str, Any]]:
    index = {rule: i for i, rule in enumerate(rule_ids)}
    seen: dict[tuple[str, str], int] = {}
    for f in report.findings:
        digest = _line_hash(f)
        occurrence = f.occurrence
        if not occurrence:
            occurrence = seen[(f.file, digest)] = seen.get((f.file, digest), 0) + 1
        yield {
            "ruleId": f.rule,
            "ruleIndex": index[f.rule],
            "level": SARIF_LEVELS[f.level],
            "message": {"text": f"{f.rule} {f.message}"},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": _artifact(f.file),
                        "region": {
                            "startLine": f.line,
                            "startColumn": f.column,
                            "endLine": f.end_line,
                            "endColumn": f.end_column,
                        },
                    }
                }
            ],
            "partialFingerprints": {"primaryLocationLineHash": f"{digest}:{occurrence}"},
        }


def _sarif(report: Report, timestamp: str | None, results: Any) -> dict[str, Any]:
    rule_ids = _rule_ids(report)
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": TOOL,
                "version": report.version,
                "rules": [_rule(r) for r in rule_ids],
            }
        },
        "columnKind": "unicodeCodePoints",
        "results": results,
    }
    if not report.version:
        del run["tool"]["driver"]["version"]
    if timestamp:
        run["invocations"] = [{"executionSuccessful": True, "startTimeUtc": timestamp}]
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def _rule(rule: str) -> dict[str, Any]:
    entry = texts.CATALOG.get(rule)
    if entry is None:  # pragma: no cover - every finding comes from the catalog
        return {
            "id": rule,
            "shortDescription": {"text": rule},
            "fullDescription": {"text": rule},
            "help": {"text": rule},
        }
    status = {
        "own": "mqsc's own message",
        "VERIFIED": "Message text VERIFIED",
        "UNVERIFIED": "Message text UNVERIFIED",
    }[entry.status]
    template = entry.template.strip()
    return {
        "id": rule,
        "name": rule,
        "shortDescription": {"text": entry.meaning[:1024]},
        "fullDescription": {"text": f"{rule} {template}"},
        "help": {"text": f"{entry.meaning} {status} ({entry.evidence}); see docs/messages.md."},
        "defaultConfiguration": {"level": SARIF_LEVELS[Severity.of(rule)]},
        "properties": {"status": entry.status, "evidence": entry.evidence},
    }


def _artifact(file: str) -> dict[str, str]:
    """A relative path is relative to the repository root (``%SRCROOT%``, secondary sources)."""
    path = PurePath(file)
    if path.is_absolute():
        return {"uri": path.as_uri()}
    return {"uri": str(PurePosixPath(*path.parts)), "uriBaseId": "%SRCROOT%"}


def _line_hash(f: Finding) -> str:
    return line_hash(f.rule, f.source_line)


# ---- JSON written as it is produced ----------------------------------------------------------
class _Lazy:
    """A JSON array whose items are produced when it is written."""

    def __init__(self, make) -> None:
        self.make = make

    def __iter__(self):
        return iter(self.make())


_END = object()


def _json_pieces(value: Any, level: int) -> Iterator[str]:
    """``json.dumps(value, indent=2)`` at nesting ``level``, piece by piece (a
    :class:`_Lazy` array's items are produced as they are written)."""
    if isinstance(value, dict):
        if not value:
            yield "{}"
            return
        separator = "{"
        for key, item in value.items():
            yield f"{separator}\n{'  ' * (level + 1)}{json.dumps(key)}: "
            yield from _json_pieces(item, level + 1)
            separator = ","
        yield f"\n{'  ' * level}}}"
    elif isinstance(value, (list, tuple, _Lazy)):
        items = iter(value)
        item = next(items, _END)
        if item is _END:
            yield "[]"
            return
        separator = "["
        while item is not _END:
            yield f"{separator}\n{'  ' * (level + 1)}"
            yield from _json_pieces(item, level + 1)
            separator = ","
            item = next(items, _END)
        yield f"\n{'  ' * level}]"
    else:
        yield json.dumps(value)


def json_pieces(value: Any) -> Iterator[str]:
    """``json.dumps(value, indent=2)``, piece by piece; ``lazy(make)`` marks an array whose
    items ``make()`` produces as it is written (``mqsc check --format json``)."""
    return _json_pieces(value, 0)


def lazy(make) -> _Lazy:
    return _Lazy(make)


# ---- GitHub workflow annotations -----------------------------------------------------------
def escape_data(text: str) -> str:
    """The toolkit's escapeData: ``%``, CR and LF (``%`` first).

    >>> escape_data("50%\\ndone")
    '50%25%0Adone'
    """
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """The toolkit's escapeProperty: as :func:`escape_data`, plus ``:`` and ``,``.

    >>> escape_property("deck,1.mqsc: x")
    'deck%2C1.mqsc%3A x'
    """
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github(report: Report) -> list[str]:
    """One ``::error``/``::warning``/``::notice`` workflow command per finding."""
    return list(github_lines(report))


def github_lines(report: Report) -> Iterator[str]:
    """:func:`github`, one line at a time."""
    for f in report.findings:
        props = {
            "file": f.file,
            "line": f.line,
            "col": f.column,
            "endLine": f.end_line,
            "endColumn": f.end_column,
            "title": f.rule,
        }
        joined = ",".join(f"{k}={escape_property(str(v))}" for k, v in props.items())
        yield visible(f"::{GITHUB_COMMANDS[f.level]} {joined}::{escape_data(f.message)}")


def failing(report: Report) -> bool:
    """Whether any finding is at or above the fail level."""
    ordered = report.ordered
    if isinstance(ordered, _Ordered) and ordered.reports:
        first = ordered.reports[0]
        assert first.store is not None
        levels = {s.value for s in report.failing}
        counts = first.store.counts(None, first.ignore, run=ordered.run)
        return any(n for level, n in counts.items() if level in levels)
    return any(f.level in report.failing for f in report.findings)
