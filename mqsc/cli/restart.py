"""``mqsc restart``: STOP QMGR then START QMGR, as an operator would at the console.

Persistent messages survive, nonpersistent ones are gone, buffer pools start empty, and the
initialization decks run again (docs/state.md). Exit status 0, 10 when START QMGR failed (its
CSQ messages say why; the queue manager stays stopped, as it was), or 2 when the queue manager
cannot be opened. (A queue manager already stopped answers STOP QMGR with CSQ3106E and starts.)
"""

from __future__ import annotations

import argparse

from mqsc.catalog import CommandSource
from mqsc.cli.options import add_qmgr_options, open_from
from mqsc.render import consoletext


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


def restart_lines(qm, mode: str = "QUIESCE", failed: list[bool] | None = None) -> list[str]:
    """STOP QMGR then START QMGR at the console, and what the console shows (also the
    console's ``\\restart``); ``failed`` collects whether each of the two failed."""
    lines: list[str] = []
    for text in (f"STOP QMGR MODE({mode})", "START QMGR"):
        result = qm.execute(text, source=CommandSource.CONSOLE)
        lines += [consoletext.command_line(result), *consoletext.console_lines(result)]
        if failed is not None:
            failed.append(not result.ok)
    return lines
