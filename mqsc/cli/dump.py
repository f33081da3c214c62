"""``mqsc dump``: the whole queue manager as a replayable deck, or as JSON.

Like dmpmqcfg or CSQUTIL MAKEDEF: every storage class, CF structure and local queue as
``DEFINE ... REPLACE`` with all attributes explicit, then ``ALTER QMGR``. Buffer pools and page
sets are CSQINP1-only definitions: they appear as comments, and ``--csqinp1`` writes them as a
deck of their own. docs/batch.md describes the output.

Exit status: 0 written, 2 the queue manager could not be opened or the output not written.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from mqsc.batch import dump
from mqsc.cli.options import add_qmgr_options, open_scratch
from mqsc.cli.progress import phase_progress
from mqsc.render.visible import visible
from mqsc.support.files import FileError, write_output


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "dump",
        help="write the queue manager's definitions as a replayable deck",
        description="Write every object definition of a queue manager as an MQSC deck that "
        "re-creates them (DEFINE ... REPLACE, all attributes explicit), or as JSON.",
    )
    parser.add_argument("--format", choices=("mqsc", "json"), default="mqsc")
    parser.add_argument(
        "--csqinp1",
        action="store_true",
        help="write the CSQINP1 part instead: DEFINE BUFFPOOL and DEFINE PSID",
    )
    parser.add_argument(
        "--output", "-o", type=Path, metavar="FILE", help="write to FILE instead of standard output"
    )
    add_qmgr_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    with phase_progress("Opening the queue manager") as phase:
        qm = open_scratch(args, "dump")
        if qm is None:
            return 2
        phase(f"Writing the definitions of {qm.name}")
        if args.format == "json":
            text = json.dumps(dump.to_json(qm), indent=1) + "\n"
        elif args.csqinp1:
            text = dump.csqinp1_deck(qm)
        else:
            text = dump.csqinp2_deck(qm)
    if args.output is None:
        # On a terminal a value's control characters are shown, not obeyed; into a pipe or a
        # file the deck stays exactly replayable.
        sys.stdout.write(visible(text) if sys.stdout.isatty() else text)
        return 0
    try:
        write_output(args.output, text, "dump")
    except FileError as error:
        print(f"mqsc dump: {error}", file=sys.stderr)
        return 2
    return 0
