"""``mqsc racf``: RACF commands on the mqsc home's security database, for people without JCL.

    mqsc racf "RDEFINE MQQUEUE QMZ1.PAYROLL.** UACC(NONE)" "PERMIT QMZ1.PAYROLL.** +
        CLASS(MQQUEUE) ID(PAYGRP) ACCESS(UPDATE)" "SETROPTS RACLIST(MQQUEUE) REFRESH"
    mqsc racf --file commands.txt --listing
    mqsc racf --backup racf-copy.db | --restore racf-copy.db | --path

Each argument is one TSO command (ADDUSER, ALTUSER, DELUSER, ADDGROUP, DELGROUP, CONNECT,
REMOVE, RDEFINE, RALTER, RDELETE, PERMIT, RLIST, SEARCH, SETROPTS, LISTUSER, LISTGRP), run
as the user ``--user`` (default ``$MQSC_USER``, else IBMUSER, the RACF administrator) in its
own transaction, as RACF commits each command. What RACF prints goes to standard output;
``--listing`` prints the background TSO listing instead (READY, each command, END).

Exit status: the highest RACF return code (0 normal, 4 some names failed, 8 a command
failed, 12 EXEC of a missing CLIST); 2 when the security database cannot be used or a
--backup/--restore fails (docs/security.md).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
from pathlib import Path

from mqsc.catalog import racf

EXIT_UNUSABLE = 2


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "racf",
        help="run RACF commands on the home's security database",
        description=__doc__.split("\n\n")[0],
    )
    parser.add_argument(
        "commands",
        nargs="*",
        metavar="COMMAND",
        help="a TSO RACF command (quote it: one argument each)",
    )
    parser.add_argument(
        "--file",
        "-f",
        type=Path,
        metavar="FILE",
        help="read commands from FILE as SYSTSIN (+ and - continue a line)",
    )
    parser.add_argument(
        "--user",
        "-u",
        metavar="USERID",
        help="who issues the commands (default $MQSC_USER, else IBMUSER)",
    )
    parser.add_argument(
        "--listing",
        action="store_true",
        help="print the background TSO listing (READY, commands, END)",
    )
    actions = parser.add_mutually_exclusive_group()
    actions.add_argument(
        "--backup",
        type=Path,
        metavar="FILE",
        help="copy the security database to FILE (a new file)",
    )
    actions.add_argument(
        "--restore",
        type=Path,
        metavar="FILE",
        help="replace the security database's contents with a backup's",
    )
    actions.add_argument("--path", action="store_true", help="print the security database's path")
    parser.set_defaults(handler=run)


def issuer(explicit: str | None) -> str:
    """The user who issues the commands."""
    return (explicit or os.environ.get("MQSC_USER") or racf.ADMINISTRATOR).upper()[:8]


def run(args: argparse.Namespace) -> int:
    from mqsc.racf.background import commands_of, run_session  # noqa: PLC0415 - start-up: the security database and sqlite3 only when mqsc racf runs
    from mqsc.store import StoreError  # noqa: PLC0415 - start-up: the security database and sqlite3 only when mqsc racf runs
    from mqsc.store.home import QMgrError, security_path, security_store  # noqa: PLC0415 - start-up: the security database and sqlite3 only when mqsc racf runs

    if args.path:
        print(security_path())
        return 0
    text = commands_of(args.commands)
    if args.file is not None:
        try:
            text += args.file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            print(
                f"mqsc racf: {args.file}: {getattr(error, 'strerror', None) or error}",
                file=sys.stderr,
            )
            return EXIT_UNUSABLE
    try:
        store = security_store()
    except QMgrError as error:
        print(f"mqsc racf: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
    try:
        if args.backup is not None:
            store.backup(args.backup)
            print(f"mqsc racf: {store.path} copied to {args.backup}")
            return 0
        if args.restore is not None:
            store.restore(args.restore)
            print(f"mqsc racf: {store.path} now holds the contents of {args.restore}")
            return 0
        result = run_session(text, store, issuer(args.user), dt.datetime.now)
    except StoreError as error:
        print(f"mqsc racf: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
    finally:
        store.close()
    if args.listing:
        lines = result.listing()
    else:
        lines = [line for step in result.steps for line in step.lines]
    for line in lines:
        print(line)
    return max((s.rc for s in result.steps), default=0)
