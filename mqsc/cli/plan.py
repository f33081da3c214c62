"""``mqsc plan``: what a deck would change, without changing anything.

The deck runs on a scratch copy of the queue manager; the output lists the objects it would
create (``+``), alter (``~``, with old and new values) and delete (``-``), and the commands that
would fail (``!``). docs/batch.md describes the output and its JSON form.

Exit status: 0 every command would succeed, 1 some would fail, 2 usage or I/O error.
"""

from __future__ import annotations

import argparse
import json

from mqsc.batch import plan as planning
from mqsc.cli.inputs import add_input_options, read_sources
from mqsc.cli.options import add_qmgr_options, open_scratch
from mqsc.cli.progress import deck_progress


def register(sub: argparse._SubParsersAction) -> None:
    add_deck_parser(
        sub,
        "plan",
        "show what decks would change, changing nothing",
        "Run decks on a scratch copy of the queue manager and list the objects they would "
        "create, alter and delete. Exit 0 when every command would succeed, 1 when some "
        "would fail, 2 on usage or I/O errors.",
        run,
    )


def add_deck_parser(
    sub: argparse._SubParsersAction, name: str, help: str, description: str, handler
) -> None:
    """A subcommand that compares decks with a scratch copy of a queue manager (``mqsc plan``,
    ``mqsc diff``): deck files, ``--format``, the queue manager and input options."""
    parser = sub.add_parser(name, help=help, description=description)
    parser.add_argument("files", nargs="+", metavar="DECK", help="deck files, or - for stdin")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    add_qmgr_options(parser)
    add_input_options(parser)
    parser.set_defaults(handler=handler)


def decks_and_scratch(args: argparse.Namespace, name: str):
    """The decks to compare and a scratch copy of the queue manager; None (the problem told
    on standard error) when either cannot be had."""
    sources = read_sources(args, name)
    if sources is None:
        return None
    qm = open_scratch(args, name)
    if qm is None:
        return None
    return sources, qm


def run(args: argparse.Namespace) -> int:
    inputs = decks_and_scratch(args, "plan")
    if inputs is None:
        return 2
    sources, qm = inputs
    with deck_progress("Planning", sources) as progress:
        result = planning.plan(qm, sources, columns=args.columns, progress=progress)
    names = ", ".join(s.name for s in sources)
    show(
        result,
        args.format,
        f"Plan for {names} on queue manager {result.qmgr} (nothing is changed):",
        "  no changes",
        "Plan",
    )
    return 1 if result.failures else 0


def show(result, fmt: str, heading: str, nothing: str, label: str) -> None:
    """A plan or a diff: as JSON, or as text under a heading with a summary line."""
    if fmt == "json":
        print(json.dumps(planning.to_json(result), indent=1))
        return
    print(heading)
    print()
    for line in planning.text_lines(result) or [nothing]:
        print(line)
    print()
    print(f"{label}: {planning.summary(result)}.")
