"""Report options shared by ``mqsc check`` and ``mqsc run``: ``--format junit|sarif|github``,
``--fail-level``, ``--timestamp`` (docs/ci.md)."""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import sys
from typing import TYPE_CHECKING

from mqsc.cli.options import fixed_clock
from mqsc.language.diagnostics import FAIL_LEVELS

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.batch.check import DeckReport, Options
    from mqsc.batch.cireports import Report

#: Formats both commands write through :mod:`mqsc.batch.cireports`.
REPORT_FORMATS = ("junit", "sarif", "github")


def add_report_options(parser: argparse.ArgumentParser) -> None:
    """``--fail-level``, ``--timestamp``, ``--ignore``."""
    parser.add_argument(
        "--fail-level",
        choices=tuple(FAIL_LEVELS),
        default="error",
        help="lowest severity that fails a JUnit case and the exit status (default error)",
    )
    parser.add_argument(
        "--timestamp",
        action="store_true",
        help="put the time ($MQSC_CLOCK, else now) into JUnit and SARIF "
        "reports (off by default: reports are reproducible)",
    )
    parser.add_argument(
        "--ignore",
        default="",
        metavar="IDS",
        help="comma-separated message ids not to report, e.g. MQSC205W",
    )


def ignored(args: argparse.Namespace) -> frozenset[str]:
    return frozenset(i.strip().upper() for i in args.ignore.split(",") if i.strip())


def timestamp(args: argparse.Namespace) -> str | None:
    if not args.timestamp:
        return None
    clock = fixed_clock() or (lambda: dt.datetime.now(dt.UTC))
    moment = clock()
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def write_report(
    fmt: str, tool: str, decks: list[DeckReport], args: argparse.Namespace, *, run: bool
) -> Report:
    """Write a JUnit, SARIF or GitHub report to standard output; return it."""
    # Imported here: ``mqsc run`` without a report format starts without the report writers.
    from mqsc.batch import cireports  # noqa: PLC0415 - start-up: report writers only when a report is asked for

    # No tool version: reports stay byte-identical across releases (golden-tested).
    report = cireports.build(tool, decks, FAIL_LEVELS[args.fail_level], run=run)
    # Written as it is read from the check's store: never the whole report in memory.
    if fmt == "junit":
        pieces = cireports.junit_text(report, timestamp=timestamp(args))
    elif fmt == "sarif":
        pieces = cireports.sarif_text(report, timestamp=timestamp(args))
    else:
        pieces = (line + "\n" for line in cireports.github_lines(report))
    write_pieces(pieces)
    return report


def write_pieces(pieces) -> None:
    """Write text pieces to standard output in blocks of some 64 KB."""
    block: list[str] = []
    size = 0
    for piece in pieces:
        block.append(piece)
        size += len(piece)
        if size >= 65536:
            sys.stdout.write("".join(block))
            block, size = [], 0
    sys.stdout.write("".join(block))


def keeping(options: Options, fmt: str, *, run: bool) -> Options:
    """``options`` with what :func:`mqsc.batch.check.check` must keep for an output format:
    every command as a case for the CI reports, its replies for ``mqsc run``'s JUnit, the
    hints beside rejected words for text, the line hashes for SARIF."""
    return dataclasses.replace(
        options,
        cases=fmt in REPORT_FORMATS,
        outputs=run and fmt == "junit",
        hints=fmt == "text",
        digests=fmt == "sarif",
    )
