"""``mqsc check``: syntax and catalog checks of decks, with no state change.

Exit status: 0 clean, 1 problems found, 2 usage or I/O error.
"""

from __future__ import annotations

import argparse
import json
import sys

from mqsc.cli.inputs import InputError, add_input_options, read_deck
from mqsc.diagnostics import Diagnostic
from mqsc.language import Rejected, iter_parse


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "check", help="check decks for syntax and catalog errors",
        description="Check MQSC decks without running them. Exit 0 when clean, 1 when "
        "problems are found, 2 on usage or I/O errors.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="deck files, or - for stdin")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    add_input_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    reports = []
    for path in args.files:
        try:
            deck = read_deck(path, args.encoding)
        except InputError as error:
            print(f"mqsc check: {error}", file=sys.stderr)
            return 2
        count = 0
        problems: list[Diagnostic] = []
        for _, parsed in iter_parse(deck.source, columns=args.columns):
            count += 1
            if isinstance(parsed, Rejected):
                problems.extend(parsed.diagnostics)
        reports.append((deck.source.name, count, problems))
    if args.format == "json":
        print(json.dumps(_json(reports), indent=2))
    else:
        _text(reports)
    return 1 if any(problems for _, _, problems in reports) else 0


def _text(reports) -> None:
    out = sys.stdout
    for _, _, problems in reports:
        for d in problems:
            out.write(f"{d.location}: {d.msg_id} {d.text}\n")
            excerpt = d.excerpt()
            if excerpt:
                out.write(excerpt + "\n")
    files = len(reports)
    total = sum(len(p) for _, _, p in reports)
    commands = sum(c for _, c, _ in reports)
    print(f"{commands} commands in {files} file{'s' if files != 1 else ''}: "
          f"{total} problem{'s' if total != 1 else ''}", file=sys.stderr)


def diagnostic_json(d: Diagnostic) -> dict:
    """A diagnostic as a JSON object (the shape is documented in docs/cli.md)."""
    out: dict = {"id": d.msg_id, "severity": d.severity.value, "message": d.text}
    if d.source is not None and d.span is not None:
        start = d.source.location(d.span.start)
        end = d.source.location(max(d.span.start, d.span.end - 1))
        out.update(file=start.name, line=start.line, column=start.column,
                   end_line=end.line, end_column=end.column + 1)
    return out


def _json(reports) -> dict:
    return {
        "files": [
            {"file": name, "commands": count, "diagnostics": [diagnostic_json(d) for d in p]}
            for name, count, p in reports
        ],
        "problems": sum(len(p) for _, _, p in reports),
    }
