"""``mqsc check``: check decks without changing any state.

Syntax and catalog checks, then (unless ``--syntax-only``) a run against a scratch copy of the
target queue manager, so semantic errors (object exists, LIKE object missing, object in use)
are reported with file:line:col, plus warnings for commands z/OS accepts that will fail later.

Besides the text and JSON output, ``--format junit|sarif|github`` writes CI reports (one JUnit
test case per command, SARIF 2.1.0 for code scanning, GitHub workflow annotations), see
docs/ci.md; the lint rules of :mod:`mqsc.batch.lint` run unless ``--no-lint``.

Exit status: 0 clean, 1 problems at or above ``--fail-level``, 2 usage or I/O error.
"""

from __future__ import annotations

import argparse
import json
import sys

from mqsc.batch.check import DeckReport, Options, check
from mqsc.cli.inputs import add_input_options, read_sources
from mqsc.cli.options import add_qmgr_options, open_scratch
from mqsc.cli.progress import deck_progress
from mqsc.cli.reporting import REPORT_FORMATS, add_report_options, ignored, write_report
from mqsc.language.diagnostics import FAIL_LEVELS, Diagnostic, Severity
from mqsc.render.visible import visible


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "check",
        help="check decks for syntax and semantic errors, changing nothing",
        description="Check MQSC decks without changing any state. Exit 0 when clean, 1 when "
        "problems are found, 2 on usage or I/O errors.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="deck files, or - for stdin")
    parser.add_argument(
        "--format",
        choices=("text", "json", *REPORT_FORMATS),
        default="text",
        help="text, json, or a CI report: junit, sarif, github",
    )
    parser.add_argument(
        "--syntax-only",
        action="store_true",
        help="only syntax and catalog checks, no scratch queue manager",
    )
    parser.add_argument(
        "--replay",
        action="store_true",
        help="the decks are replayed (like CSQINP2 at every start): warn about "
        "DEFINE without REPLACE",
    )
    parser.add_argument("--no-lint", action="store_true", help="skip the lint rules")
    add_report_options(parser)
    add_qmgr_options(parser)
    add_input_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    sources = read_sources(args, "check")
    if sources is None:
        return 2
    qm = None
    if not args.syntax_only:
        qm = open_scratch(args, "check")
        if qm is None:
            return 2
    options = Options(lint=not args.no_lint, replay=args.replay, ignore=ignored(args))
    with deck_progress("Checking", sources) as progress:
        reports = check(sources, qm, columns=args.columns, options=options, progress=progress)
    if args.format == "json":
        print(json.dumps(_json(reports), indent=2))
    elif args.format in REPORT_FORMATS:
        write_report(args.format, "mqsc check", reports, args, run=False)
        _summary(reports)
    else:
        _text(reports)
    failing = FAIL_LEVELS[args.fail_level]
    return 1 if any(d.severity in failing for r in reports for d in r.diagnostics) else 0


def _text(reports: list[DeckReport]) -> None:
    out = sys.stdout
    for report in reports:
        for d in report.diagnostics:
            out.write(visible(f"{d.location}: {d.msg_id} {d.text}") + "\n")
            excerpt = d.excerpt()
            if excerpt:
                out.write(excerpt + "\n")
            hint = _hint(report, d)
            if hint:
                out.write(f"hint: {hint}\n")
    _summary(reports)


def _hint(report: DeckReport, d: Diagnostic) -> str | None:
    """ "Did you mean" for a word z/OS rejected as invalid (CSQ9001E), the values a keyword
    takes for a value refused (MQSC011E), from the command it is in."""
    from mqsc.language.hints import did_you_mean, hint_text, valid_values  # noqa: PLC0415 - start-up: the did-you-mean index only for a rejected word

    location = d.location
    if d.msg_id not in ("CSQ9001E", "MQSC011E") or location is None:
        return None
    if d.msg_id == "MQSC011E":
        word = str(d.inserts.get("keyword", ""))
        step = next((s for s in report.steps if location.line in s.logical.lines), None)
        return valid_values(step.logical.text, word) if step is not None else None
    if any(other.msg_id != d.msg_id and other.span == d.span for other in report.diagnostics):
        return None  # a lint rule already says what the word is (MQSC320W: Multiplatforms only)
    word = str(d.inserts.get("keyword", ""))
    for step in report.steps:
        if location.line in step.logical.lines:
            suggestion = did_you_mean(step.logical.text, word)
            return hint_text(word, suggestion) if suggestion else None
    return None


def _summary(reports: list[DeckReport]) -> None:
    """The one-line count on standard error."""
    files = len(reports)
    commands = sum(r.commands for r in reports)
    errors = sum(1 for r in reports for d in r.diagnostics if d.severity is Severity.ERROR)
    warnings = sum(1 for r in reports for d in r.diagnostics if d.severity is Severity.WARNING)
    print(
        f"{commands} commands in {files} file{'s' if files != 1 else ''}: "
        f"{errors} error{'s' if errors != 1 else ''}, "
        f"{warnings} warning{'s' if warnings != 1 else ''}",
        file=sys.stderr,
    )


def diagnostic_json(d: Diagnostic) -> dict:
    """A diagnostic as a JSON object (documented in docs/cli.md)."""
    out: dict = {"id": d.msg_id, "severity": d.severity.value, "message": d.text}
    if d.source is not None and d.span is not None:
        start = d.source.location(d.span.start)
        end = d.source.location(max(d.span.start, d.span.end - 1))
        out.update(
            file=start.name,
            line=start.line,
            column=start.column,
            end_line=end.line,
            end_column=end.column + 1,
        )
    return out


def _json(reports: list[DeckReport]) -> dict:
    return {
        "files": [
            {
                "file": r.name,
                "commands": r.commands,
                "diagnostics": [diagnostic_json(d) for d in r.diagnostics],
            }
            for r in reports
        ],
        "problems": sum(len(r.diagnostics) for r in reports),
    }
