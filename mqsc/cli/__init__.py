"""The ``mqsc`` command line: a thin argparse front end over the library.

Each subcommand lives in its own module under ``mqsc.cli`` and registers itself with
:func:`register`; this module only builds the parser and dispatches. Front ends are the only
code that does I/O.

Exit statuses are documented per subcommand; argparse's own usage errors exit with 2, and a
closed output pipe (``mqsc dump | head -1``) exits with 141, 128 + SIGPIPE, as ``cat`` does,
so a shell's ``pipefail`` sees it.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Callable, Sequence

from mqsc import __version__

#: Subcommand modules, in the order ``mqsc --help`` lists them.
SUBCOMMANDS = (
    "console",
    "run",
    "check",
    "create",
    "restart",
    "workload",
    "events",
    "stats",
    "smf",
    "advise",
    "state",
    "csqutil",
    "job",
    "dump",
    "plan",
    "diff",
    "samples",
    "completion",
    "serve",
    "users",
    "racf",
)

#: The subcommand names a module registers, where they are not the module's own name.
PARSERS_OF = {"workload": ("put", "get")}
#: The module registering each subcommand name.
MODULE_OF = {
    parser: module for module in SUBCOMMANDS for parser in PARSERS_OF.get(module, (module,))
}

#: Exit status when the queue manager cannot be used (busy, damaged, refused, a bad
#: MQSC_CLOCK or MQSC_LOCK_TIMEOUT), as docs/cli.md documents per subcommand; 2 otherwise.
UNAVAILABLE_EXIT = {"run": 20, "put": 20, "get": 20, "csqutil": 12}

Handler = Callable[[argparse.Namespace], int]
#: Options of ``mqsc`` itself; any other leading option belongs to the console.
_OWN_OPTIONS = ("-h", "--help", "--version")
#: The exit status of a write to a closed pipe: 128 + SIGPIPE, what a shell reports for ``cat``.
EXIT_BROKEN_PIPE = 141

EPILOG = """\
examples:
  mqsc                                   the /QMZ1 console (mqsc --memory: a throw-away QMZ1)
  mqsc samples copy samples              the sample decks and lab jobs, into ./samples
  mqsc job samples/l02/V8NOIO11.jcl      the lab's main job on QMZ1
  mqsc run samples/decks/first-steps.mqsc
  mqsc check deck.mqsc                   file:line:col diagnostics, nothing changed
  mqsc state reset                       QMZ1 as first installed (asks first)
  mqsc completion bash                   a completion script for bash, zsh or fish

Each command has its own help: mqsc COMMAND --help. Documentation: README.md and docs/
(docs/cli.md for this command) in the source distribution and the repository.
"""

_INVALID_CHOICE = re.compile(r"invalid choice: '(?P<given>[^']*)' \(choose from (?P<choices>.*)\)")


class Parser(argparse.ArgumentParser):
    """argparse with a "did you mean" after a mistyped choice (a subcommand, --format ...)."""

    def error(self, message: str):
        found = _INVALID_CHOICE.search(message)
        if found:
            import difflib  # noqa: PLC0415 - start-up: difflib only for a mistyped choice

            choices = re.findall(r"'([^']*)'", found["choices"])
            close = difflib.get_close_matches(found["given"], choices, n=1, cutoff=0.5)
            if close:
                message += f"; did you mean {close[0]!r}?"
        super().error(message)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser: every subcommand, or with ``only`` just that one.

    Each subcommand module imports what it runs on, so registering all of them costs a third
    of the start-up of ``mqsc run`` (docs/performance.md); a command line that names its
    subcommand registers only that one, and argparse then answers exactly as with all of them
    for anything after it.
    """
    parser = Parser(
        prog="mqsc",
        description="Offline emulator of the IBM MQ for z/OS MQSC command processor.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
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
    try:
        parser = build_parser(argv[0])
    except ModuleNotFoundError as error:
        print(f"mqsc: {missing(error)}", file=sys.stderr)
        return 2
    args = parser.parse_args(argv)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return 2
    from mqsc.cli import cache  # noqa: PLC0415 - start-up: the command line loads the engine and store only for a command that needs them
    from mqsc.store.errors import StoreError  # noqa: PLC0415 - start-up: the command line loads the engine and store only for a command that needs them
    from mqsc.store.home import QMgrError  # noqa: PLC0415 - start-up: the command line loads the engine and store only for a command that needs them
    from mqsc.support.files import FileError  # noqa: PLC0415 - start-up: the command line loads the engine and store only for a command that needs them

    cache.load()
    try:
        status = handler(args)
        sys.stdout.flush()  # a closed pipe shows here, not at interpreter exit
        return status
    except (StoreError, QMgrError) as error:
        # The queue manager became unavailable after it was opened (another process held it
        # past MQSC_LOCK_TIMEOUT): one line, as `mqsc run` says it, never a traceback.
        print(f"mqsc {args.command}: {error}", file=sys.stderr)
        return UNAVAILABLE_EXIT.get(args.command, 2)
    except FileError as error:
        # A file mqsc keeps was refused (a link, another user's...): one line, as everywhere.
        print(f"mqsc {args.command}: {error}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as error:
        # A package mqsc needs was removed, or an install skipped its dependencies (--no-deps):
        # say which and how to install it, never a traceback.
        print(f"mqsc {args.command}: {missing(error)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("mqsc: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    finally:
        cache.save()


def missing(error: ModuleNotFoundError) -> str:
    """What to install for a module that is not there: the requirement mqsc declares for it
    (its installed metadata), else the module's own name.

    >>> missing(ModuleNotFoundError("No module named 'uvicorn'", name="uvicorn.config"))
    "the Python package 'uvicorn' is not installed: pip install 'uvicorn>=0.29'"
    """
    module = (error.name or "").split(".")[0]
    wanted = module
    try:
        from importlib.metadata import PackageNotFoundError, requires  # noqa: PLC0415 - start-up: package metadata only to name a missing dependency

        for requirement in requires("mqsc") or ():
            if ";" in requirement:
                continue  # an extra's (test tools): not what a command needs
            name = re.split(r"[<>=!~ \[]", requirement, maxsplit=1)[0]
            if name.lower().replace("-", "_") == module.lower():
                wanted = requirement.replace(" ", "")
                break
    except (PackageNotFoundError, ImportError):
        pass
    return f"the Python package {module!r} is not installed: pip install '{wanted}'"


def _silence_stdout() -> None:
    """After the reader of standard output went away: send what is still buffered nowhere,
    so the interpreter's final flush does not fail again with a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
