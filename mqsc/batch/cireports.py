"""CI report formats for ``mqsc check`` and ``mqsc run``: JUnit XML, SARIF 2.1.0, GitHub
workflow annotations.

One model feeds all three: a :class:`Finding` is a diagnostic with its file, line and column;
a :class:`Case` is one command (one JUnit test case) with its findings and, under ``mqsc run``,
its reply lines. Output is deterministic: no timestamps, no host names, no absolute paths
beyond those given on the command line, unless a timestamp is asked for.

Sources for the formats: GitHub's documentation of SARIF support for code scanning (what
GitHub code scanning requires of SARIF), GitHub Actions' workflow commands (their syntax and
the toolkit's escaping), and what GitLab and Jenkins read from JUnit XML.
"""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import PurePath, PurePosixPath
from typing import Any

from mqsc.batch.check import DeckReport, Step
from mqsc.catalog import texts
from mqsc.language.diagnostics import FAIL_LEVELS, Diagnostic, Severity
from mqsc.language.pipeline import Rejected
from mqsc.render import commandserver
from mqsc.render.visible import visible, xml_text

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
    """One deck: a JUnit test suite."""

    name: str
    cases: tuple[Case, ...]


@dataclass(frozen=True, slots=True)
class Report:
    """Everything a report shows."""

    tool: str  # "mqsc check" or "mqsc run"
    suites: tuple[Suite, ...]
    failing: frozenset[Severity] = field(default=FAIL_LEVELS["error"])
    version: str = ""

    @property
    def findings(self) -> list[Finding]:
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


def case_name(step: Step) -> str:
    """``3: DEFINE QLOCAL(PAY.IN)``: the line number keeps names unique (GitLab keys cases
    on class name and name, secondary sources)."""
    text = " ".join(step.logical.text.split())
    if len(text) > 72:
        text = text[:69] + "..."
    return f"{step.logical.location().line}: {text}"


def _lines_of(step: Step) -> tuple[int, int]:
    lines = step.logical.lines
    return (lines[0], lines[-1]) if lines else (0, 0)


def suite(report: DeckReport, *, run: bool) -> Suite:
    """One deck as a suite: each finding goes to the command whose lines hold it; findings
    outside every command (comment lines) to a case named after the deck.

    Under ``mqsc run`` a command that failed is an error whatever its message's severity (a
    CSQN009I COMMAND DISABLED is severity 4, but the command did not run); so is a command
    that did not parse.
    """
    failures = {id(s.failure) for s in report.steps if s.failure is not None}
    rejected = {
        id(d) for s in report.steps if isinstance(s.parsed, Rejected) for d in s.parsed.diagnostics
    }
    errors = failures | rejected if run else set()
    found = [
        finding(d, level=Severity.ERROR if id(d) in errors else None) for d in report.diagnostics
    ]
    cases: list[Case] = []
    for step in report.steps:
        first, last = _lines_of(step)
        mine = tuple(f for f in found if first <= f.line <= last)
        output = tuple(commandserver.run_lines(step.result)) if run and step.result else ()
        cases.append(Case(case_name(step), report.name, first, mine, output))
    placed = {id(f) for c in cases for f in c.findings}
    loose = tuple(f for f in found if id(f) not in placed)
    if loose or not cases:
        cases.insert(0, Case(f"{report.name}: deck", report.name, 1, loose))
    return Suite(report.name, tuple(cases))


def build(
    tool: str,
    reports: Sequence[DeckReport],
    failing: frozenset[Severity],
    *,
    run: bool = False,
    version: str = "",
) -> Report:
    """The report of ``mqsc check`` (``run=False``) or ``mqsc run`` (``run=True``)."""
    return Report(tool, tuple(suite(r, run=run) for r in reports), failing, version)


# ---- JUnit XML -----------------------------------------------------------------------------
def junit(report: Report, *, timestamp: str | None = None) -> str:
    """JUnit XML: one ``testsuite`` per deck, one ``testcase`` per command.

    A case fails when it has findings at or above the fail level; the ``failure`` element's
    text holds every such finding as ``file:line:col: ID message`` (GitLab shows only the
    element text, secondary sources), its ``message`` the first one. Other findings and, under
    ``mqsc run``, the command's replies go to ``system-out``.
    """
    root = ET.Element("testsuites", name=report.tool)
    totals = [0, 0]
    for s in report.suites:
        failures = sum(1 for c in s.cases if report.failed(c))
        element = ET.SubElement(
            root,
            "testsuite",
            name=s.name,
            tests=str(len(s.cases)),
            failures=str(failures),
            errors="0",
            skipped="0",
            time="0",
        )
        if timestamp:
            element.set("timestamp", timestamp)
        totals[0] += len(s.cases)
        totals[1] += failures
        for c in s.cases:
            _testcase(element, report, c)
    root.set("tests", str(totals[0]))
    root.set("failures", str(totals[1]))
    root.set("errors", "0")
    root.set("skipped", "0")
    root.set("time", "0")
    ET.indent(root)
    # XML 1.0 cannot hold control characters, even as references: a command with one in a
    # value must still give a report CI can parse.
    return xml_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"
    )


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
    findings = report.findings
    rule_ids = sorted({f.rule for f in findings})
    index = {rule: i for i, rule in enumerate(rule_ids)}
    seen: dict[tuple[str, str], int] = {}
    results = []
    for f in findings:
        digest = _line_hash(f)
        seen[(f.file, digest)] = seen.get((f.file, digest), 0) + 1
        results.append(
            {
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
                "partialFingerprints": {
                    "primaryLocationLineHash": f"{digest}:{seen[(f.file, digest)]}"
                },
            }
        )
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
    """A stable fingerprint of the finding's rule and source line (whitespace-insensitive),
    so an alert survives lines moving up or down."""
    text = " ".join(f.source_line.split())
    return hashlib.sha256(f"{f.rule}\0{text}".encode()).hexdigest()[:16]


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
    lines = []
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
        lines.append(visible(f"::{GITHUB_COMMANDS[f.level]} {joined}::{escape_data(f.message)}"))
    return lines


def failing(report: Report) -> bool:
    """Whether any finding is at or above the fail level."""
    return any(f.level in report.failing for f in report.findings)
