"""``mqsc console`` (and ``mqsc`` with no arguments): the interactive console.

Opens the queue manager once, then runs the prompt_toolkit console when standard input and
output are terminals, or reads commands from standard input otherwise (docs/console.md).

Exit status: 0; 2 when the queue manager cannot be opened or the config file cannot be
written; with piped input, 10 when some command failed.
"""

from __future__ import annotations

import argparse
import sys

from mqsc.cli.options import add_qmgr_options, connect, disconnect, open_from


def register(sub: argparse._SubParsersAction) -> None:

    parser = sub.add_parser(
        "console",
        help="the interactive console (what mqsc with no arguments opens)",
        description="An interactive z/OS console on a queue manager: completion, "
        "highlighting, validation while typing, HELP, history. Reads commands from standard "
        "input when it is not a terminal.",
    )
    add_qmgr_options(parser)
    parser.add_argument(
        "--yes",
        "-y",
        action="store_true",
        help="never ask for confirmation before destructive commands",
    )
    parser.add_argument(
        "--no-color",
        action="store_true",
        help="no colours (also when NO_COLOR is set or output is not a terminal)",
    )
    parser.add_argument(
        "--write-config",
        action="store_true",
        help="write the config file with the default settings, then exit",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from mqsc.repl import config  # noqa: PLC0415 - start-up: the console's settings only when it runs

    settings, problems = config.load()
    for problem in problems:
        print(f"mqsc console: {problem}", file=sys.stderr)
    if args.write_config:
        return write_config(settings)
    if args.qmgr is None and settings.qmgr:
        args.qmgr = settings.qmgr

    qm = open_from(args, "console")
    if qm is None:
        return 2
    from mqsc.repl import app  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built

    try:
        return app.run(
            qm, settings, yes=args.yes, no_color=args.no_color, connector=OperatorConnector()
        )
    finally:
        qm.close()


class OperatorConnector:
    """The operator's session is a connection to each queue manager it works on, as a TSO
    user's ISPF operations and control panels are one on z/OS (APPLTAG: the user id); the
    commands typed carry it."""

    def connect(self, qm) -> str:

        return connect(qm, qm.user)

    def disconnect(self, qm, conn: str) -> None:

        disconnect(qm, conn)


def write_config(settings) -> int:
    """``--write-config``: create the file; an existing one is left alone."""
    import os  # noqa: PLC0415 - start-up: the console's settings only when written

    from mqsc.repl import config  # noqa: PLC0415 - start-up: the console's settings only when written
    from mqsc.support.files import FileError  # noqa: PLC0415 - start-up: the console's settings only when written

    path = config.config_path()
    if os.path.lexists(path):
        print(
            f"mqsc console: {path} exists; not overwritten (\\config save replaces it "
            "from the console)",
            file=sys.stderr,
        )
        return 2
    try:
        config.write(settings, path)
    except FileError as error:
        print(f"mqsc console: {error}", file=sys.stderr)
        return 2
    print(f"Wrote {path}")
    return 0
