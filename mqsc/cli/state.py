"""``mqsc state``: where a queue manager's state database is, and how to copy or reset it.

* ``mqsc state path``: print the database file (it may not exist yet);
* ``mqsc state backup FILE``: a consistent copy, safe while a console or batch run is using
  the queue manager (SQLite's online backup);
* ``mqsc state reset``: delete the database, so the next use starts the queue manager afresh
  from its definition (refused while another process has it open).

Exit status: 0 done, 2 the database is missing, foreign, corrupt or in use (nothing changed).
See docs/state.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mqsc.store.home import default_name, state_path


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("state", help="show, back up or reset a queue manager's state",
                            description=__doc__.split("\n\n")[0])
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    for name, help_text in (("path", "print the state database's path"),
                            ("backup", "copy the state database to a new file"),
                            ("reset", "delete the state database (the queue manager starts "
                                      "afresh)")):
        action = actions.add_parser(name, help=help_text, description=help_text)
        if name == "backup":
            action.add_argument("target", type=Path, metavar="FILE")
        action.add_argument("--qmgr", "-m", metavar="NAME",
                            help=f"queue manager (default $MQSC_QMGR or {default_name()})")
        action.add_argument("--state", metavar="PATH", type=Path,
                            help="the state database file, instead of the queue manager's")
        action.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from mqsc.store import StateStore, StoreError

    path = args.state or state_path(args.qmgr or default_name())
    if args.action == "path":
        print(path)
        return 0
    try:
        if args.action == "backup":
            from mqsc.store.lease import Lease
            from mqsc.store.sqlite import lock_timeout

            timeout = lock_timeout()
            lease = Lease.shared(path, timeout)
            try:
                store = StateStore.open(path, timeout=timeout, lease=lease)
            except BaseException:
                lease.release()
                raise
            try:
                store.backup(args.target)
            finally:
                store.release()
            print(f"mqsc state: {path} copied to {args.target}")
        else:
            StateStore.reset(path)
            print(f"mqsc state: {path} removed; the next command starts the queue manager "
                  "from its definition")
    except StoreError as error:
        print(f"mqsc state: {error}", file=sys.stderr)
        return 2
    return 0
