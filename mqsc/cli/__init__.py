"""The ``mqsc`` command line: a thin argparse front end over the library.

Each subcommand lives in its own module under ``mqsc.cli`` and registers itself with
:func:`register`; this module only builds the parser and dispatches. Front ends are the only
code that does I/O.

Exit statuses are documented per subcommand; argparse's own usage errors exit with 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

#: Subcommand modules, in the order ``mqsc --help`` lists them.
SUBCOMMANDS = ("console", "run", "check", "create", "restart", "workload", "stats", "advise",
               "state", "csqutil", "job", "dump", "plan", "diff", "serve", "users")

#: The subcommand names a module registers, where they are not the module's own name.
PARSERS_OF = {"workload": ("put", "get")}
#: The module registering each subcommand name.
MODULE_OF = {parser: module for module in SUBCOMMANDS
             for parser in PARSERS_OF.get(module, (module,))}

Handler = Callable[[argparse.Namespace], int]
#: Options of ``mqsc`` itself; any other leading option belongs to the console.
_OWN_OPTIONS = ("-h", "--help", "--version")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser: every subcommand, or with ``only`` just that one.

    Each subcommand module imports what it runs on, so registering all of them costs a third
    of the start-up of ``mqsc run`` (docs/performance.md); a command line that names its
    subcommand registers only that one, and argparse then answers exactly as with all of them
    for anything after it.
    """
    from mqsc import __version__

    parser = argparse.ArgumentParser(
        prog="mqsc",
        description="Offline emulator of the IBM MQ for z/OS MQSC command processor.",
    )
    parser.add_argument("--version", action="version", version=f"mqsc {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in (MODULE_OF[only],) if only in MODULE_OF else SUBCOMMANDS:
        module = importlib.import_module(f"mqsc.cli.{name.replace('-', '_')}")
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    if argv is None:
        argv = sys.argv[1:]
    argv = list(argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in _OWN_OPTIONS):
        argv = ["console", *argv]  # no subcommand: the console (mqsc --memory, mqsc -m QMA)
    parser = build_parser(argv[0])
    args = parser.parse_args(argv)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return 2
    from mqsc.cli import cache

    cache.load()
    try:
        return handler(args)
    except KeyboardInterrupt:
        print("mqsc: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    finally:
        cache.save()
