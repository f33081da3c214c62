"""``mqsc diff``: how the queue manager differs from a deck that describes it.

The deck is the desired state: the queue manager's initial configuration (its CSQINP1 and
CSQINP2 decks) with the deck applied. The output lists what would make the current state match
it: objects only in the deck (``+``), attributes that differ (``~``, current value -> deck
value), objects only on the queue manager (``-``). A deck written by ``mqsc dump`` shows drift.

Exit status, as diff(1): 0 no differences, 1 differences, 2 usage or I/O error, or commands of
the deck that fail.
"""

from __future__ import annotations

import argparse
import sys

from mqsc.batch import plan as planning
from mqsc.cli.plan import add_deck_parser, decks_and_scratch, show
from mqsc.store.home import QMgrError, definition_of


def register(sub: argparse._SubParsersAction) -> None:
    add_deck_parser(
        sub,
        "diff",
        "compare the queue manager with a deck that describes it",
        "Compare the current state of a queue manager with the state a deck describes (its "
        "initial configuration plus the deck). Exit 0 when they match, 1 when they differ, "
        "2 on errors.",
        run,
    )


def run(args: argparse.Namespace) -> int:
    inputs = decks_and_scratch(args, "diff")
    if inputs is None:
        return 2
    sources, current = inputs
    try:
        base = definition_of(current.name).build()
    except QMgrError as error:
        print(f"mqsc diff: {error}", file=sys.stderr)
        return 2
    result = planning.diff(current, base, sources, columns=args.columns)
    names = ", ".join(s.name for s in sources)
    show(
        result,
        args.format,
        f"Queue manager {result.qmgr} compared with {names} (current -> deck):",
        "  no differences",
        "Differences",
    )
    if result.failures:
        return 2
    return 1 if result.changes else 0
