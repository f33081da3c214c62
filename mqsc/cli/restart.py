"""``mqsc restart``: STOP QMGR then START QMGR, as an operator would at the console.

Persistent messages survive, nonpersistent ones are gone, buffer pools start empty, and the
initialization decks run again (docs/state.md). Exit status 0, 10 when START QMGR failed (its
CSQ messages say why; the queue manager stays stopped, as it was), or 2 when the queue manager
cannot be opened. (A queue manager already stopped answers STOP QMGR with CSQ3106E and starts.)
"""

from __future__ import annotations

import argparse

from mqsc.cli.options import add_qmgr_options, open_from
from mqsc.repl.operations import restart_lines


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "restart",
        help="stop and start the queue manager",
        description="Stop and start the queue manager (STOP QMGR, then "
        "START QMGR), showing the console messages.",
    )
    parser.add_argument("--mode", choices=("QUIESCE", "FORCE"), default="QUIESCE")
    add_qmgr_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    qm = open_from(args, "restart")
    if qm is None:
        return 2
    failed: list[bool] = []
    try:
        print("\n".join(restart_lines(qm, args.mode, failed)))
    finally:
        qm.close()
    return 10 if failed[-1:] == [True] else 0
