"""Options shared by every subcommand that works on a queue manager."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from mqsc.engine.manager import QueueManager
from mqsc.qmgrs import QMgrError, default_name, open_qmgr


def add_qmgr_options(parser: argparse.ArgumentParser) -> None:
    """``--qmgr``, ``--state`` and ``--memory``."""
    parser.add_argument("--qmgr", "-m", metavar="NAME",
                        help=f"queue manager (default $MQSC_QMGR or {default_name()})")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--state", metavar="PATH", type=Path,
                       help="state database file to use instead of the default one")
    group.add_argument("--memory", action="store_true",
                       help="a throw-away queue manager in its initial configuration")


def open_from(args: argparse.Namespace, prog: str) -> QueueManager | None:
    """Open the queue manager the options name; print why not and return None on failure."""
    try:
        return open_qmgr(args.qmgr, memory=args.memory, state=args.state, clock=fixed_clock())
    except QMgrError as error:
        print(f"mqsc {prog}: {error}", file=sys.stderr)
        return None


def fixed_clock():
    """A fixed clock from ``$MQSC_CLOCK`` (ISO date-time), for reproducible output."""
    import datetime as dt

    value = os.environ.get("MQSC_CLOCK")
    if not value:
        return None
    moment = dt.datetime.fromisoformat(value)
    return lambda: moment
