"""Report options shared by ``mqsc check`` and ``mqsc run``: ``--format junit|sarif|github``,
``--fail-level``, ``--timestamp`` (docs/ci.md)."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from typing import TYPE_CHECKING

from mqsc.cli.options import fixed_clock
from mqsc.language.diagnostics import FAIL_LEVELS

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.batch.check import DeckReport
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
    if fmt == "junit":
        sys.stdout.write(cireports.junit(report, timestamp=timestamp(args)))
    elif fmt == "sarif":
        sys.stdout.write(
            json.dumps(cireports.sarif(report, timestamp=timestamp(args)), indent=2) + "\n"
        )
    else:
        for line in cireports.github(report):
            sys.stdout.write(line + "\n")
    return report
