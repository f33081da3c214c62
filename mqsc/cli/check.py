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
import sys

from mqsc.batch.check import DeckReport, Options, check
from mqsc.batch.cireports import json_pieces, lazy
from mqsc.cli.inputs import add_input_options, read_sources
from mqsc.cli.options import add_qmgr_options, open_scratch
from mqsc.cli.progress import deck_progress
from mqsc.cli.reporting import (
    REPORT_FORMATS,
    add_report_options,
    ignored,
    keeping,
    write_pieces,
    write_report,
)
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
    options = Options(
        lint=not args.no_lint,
        replay=args.replay,
        ignore=ignored(args),
    )
    options = keeping(options, args.format, run=False)
    with deck_progress("Checking", sources) as progress:
        reports = check(sources, qm, columns=args.columns, options=options, progress=progress)
    del qm  # the scratch queue manager's state is not needed for the output
    if args.format == "json":
        write_pieces(json_pieces(_json(reports)))
        sys.stdout.write("\n")
    elif args.format in REPORT_FORMATS:
        write_report(args.format, "mqsc check", reports, args, run=False)
        _summary(reports)
    else:
        _text(reports)
    failing = {s.value for s in FAIL_LEVELS[args.fail_level]}
    counts = _counts(reports)
    return 1 if any(counts.get(level) for level in failing) else 0


def _counts(reports: list[DeckReport]) -> dict[str, int]:
    """Diagnostics by severity, over every deck."""
    if not reports or reports[0].store is None:
        return {}
    return reports[0].store.counts(None, reports[0].ignore)


def _text(reports: list[DeckReport]) -> None:
    out = sys.stdout
    for report in reports:
        block: list[str] = []
        for kept in report.kept():
            d = kept.diagnostic
            block.append(visible(f"{d.location}: {d.msg_id} {d.text}") + "\n")
            excerpt = d.excerpt()
            if excerpt:
                block.append(excerpt + "\n")
            if kept.hint:
                block.append(f"hint: {kept.hint}\n")
            if len(block) >= 1000:
                out.write("".join(block))
                block = []
        out.write("".join(block))
    _summary(reports)


def _summary(reports: list[DeckReport]) -> None:
    """The one-line count on standard error."""
    files = len(reports)
    commands = sum(r.commands for r in reports)
    counts = _counts(reports)
    errors = counts.get(Severity.ERROR.value, 0)
    warnings = counts.get(Severity.WARNING.value, 0)
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
    """The JSON document; each deck's diagnostics are produced as they are written."""
    counts = _counts(reports)
    return {
        "files": [
            {"file": r.name, "commands": r.commands, "diagnostics": lazy(_diagnostics_json(r))}
            for r in reports
        ],
        "problems": sum(counts.values()),
    }


def _diagnostics_json(report: DeckReport):
    return lambda: (diagnostic_json(k.diagnostic) for k in report.kept())
