"""``mqsc state``: where a queue manager's state database is, and how to copy or reset it.

* ``mqsc state path``: print the database file (it may not exist yet);
* ``mqsc state backup FILE``: a consistent copy, safe while a console or batch run is using
  the queue manager (SQLite's online backup), and of the home's security (RACF) database to
  ``FILE.racf``;
* ``mqsc state reset``: delete the database, so the next use starts the queue manager afresh
  from its definition (refused while another process has it open). On a terminal it asks
  first; ``--yes`` skips the question, and without a terminal to ask on ``--yes`` is required.

Exit status: 0 done, 1 reset not confirmed, 2 the database is missing, foreign, corrupt or in
use, or reset without ``--yes`` when standard input is not a terminal (nothing changed).
See docs/state.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mqsc.store.home import default_name, definition_of, state_path
from mqsc.store.lease import Lease


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "state",
        help="show, back up or reset a queue manager's state",
        description=__doc__.split("\n\n")[0],
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    for name, help_text in (
        ("path", "print the state database's path"),
        ("backup", "copy the state database to a new file"),
        ("reset", "delete the state database (the queue manager starts afresh)"),
    ):
        action = actions.add_parser(name, help=help_text, description=help_text)
        if name == "backup":
            action.add_argument("target", type=Path, metavar="FILE")
        if name == "reset":
            action.add_argument(
                "--yes",
                "-y",
                action="store_true",
                help="do not ask for confirmation (required when standard input is not a terminal)",
            )
        action.add_argument(
            "--qmgr",
            "-m",
            metavar="NAME",
            help=f"queue manager (default $MQSC_QMGR or {default_name()})",
        )
        action.add_argument(
            "--state",
            metavar="PATH",
            type=Path,
            help="the state database file, instead of the queue manager's",
        )
        action.set_defaults(handler=run)


def security_copy(target: Path) -> Path:
    """Where ``mqsc state backup FILE`` puts the home's security database: FILE.racf."""
    return target.with_name(target.name + ".racf")


def _backup_security(target: Path) -> None:
    """The home's RACF database goes with the queue manager's state (docs/security.md):
    restored with ``mqsc racf --restore FILE.racf``."""
    from mqsc.store.home import security_path  # noqa: PLC0415 - start-up: the security database only for a backup or restore
    from mqsc.store.racfdb import SecurityStore  # noqa: PLC0415 - start-up: the security database only for a backup or restore

    if not security_path().exists():
        return
    store = SecurityStore.open(security_path())
    try:
        store.backup(security_copy(target))
    finally:
        store.close()
    print(f"mqsc state: {security_path()} copied to {security_copy(target)}")


def run(args: argparse.Namespace) -> int:
    from mqsc.store import StateStore, StoreError  # noqa: PLC0415 - start-up: sqlite3 and the store only for a durable queue manager (`mqsc run --memory` needs neither)

    path = args.state or state_path(args.qmgr or default_name())
    if args.action == "path":
        print(path)
        return 0
    if args.action == "reset" and args.state is None and not path.exists():
        # Nothing kept yet (a fresh home): the queue manager is already as first installed,
        # which is what a reset asks for; an unknown queue manager is still an error.

        definition_of(args.qmgr or default_name())
        print(f"mqsc state: no state at {path}; the queue manager is as first installed")
        return 0
    if args.action == "reset" and not args.yes:
        refusal = confirm_reset(path)
        if refusal:
            return refusal
    try:
        if args.action == "backup":
            from mqsc.store.sqlite import lock_timeout  # noqa: PLC0415 - start-up: sqlite3 and the store only for a durable queue manager (`mqsc run --memory` needs neither)

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
            _backup_security(args.target)
        else:
            StateStore.reset(path)
            print(
                f"mqsc state: {path} removed; the next command starts the queue manager "
                "from its definition"
            )
    except StoreError as error:
        print(f"mqsc state: {error}", file=sys.stderr)
        return 2
    return 0


def confirm_reset(path: Path) -> int:
    """Ask on the terminal before deleting; 0 to go ahead, else the exit status.

    A script cannot answer, so without a terminal the reset needs ``--yes`` rather than
    deleting a queue manager's state unasked.
    """
    if not sys.stdin.isatty():
        print(
            f"mqsc state: standard input is not a terminal; add --yes to reset (delete) {path}",
            file=sys.stderr,
        )
        return 2
    print(
        f"Delete {path} (every object, message and statistic of the queue manager)? [y/N] ",
        end="",
        file=sys.stderr,
        flush=True,
    )
    try:
        answer = sys.stdin.readline().strip().lower()
    except KeyboardInterrupt:
        answer = ""
    if answer in ("y", "yes"):
        return 0
    print("mqsc state: reset not confirmed; nothing removed", file=sys.stderr)
    return 1
