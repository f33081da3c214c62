"""``mqsc run``: execute decks against a queue manager.

Output per command: the command as read (two-blank indent, original line breaks), then its
replies in command-server framing (``--style console`` for console framing), or one JSON
object per line with ``--format json`` (docs/json.md).

``--format junit|sarif|github`` writes a CI report instead (docs/ci.md): one JUnit test case
per command with its replies, a failed command as an error at its file:line, and the lint
warnings of ``mqsc check`` evaluated on the queue manager the decks ran on.

Exit status: 0 every command succeeded, 10 some failed (with ``--fail-level warning`` also: some
warning was reported), 20 nothing could be run (the queue manager or an input could not be
opened).
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from typing import TYPE_CHECKING, cast

from mqsc.catalog import CommandSource
from mqsc.cli.inputs import InputError, add_input_options, is_jcl, jcl_hint, read_deck
from mqsc.cli.options import add_qmgr_options, connect, disconnect, open_from
from mqsc.cli.reporting import (
    REPORT_FORMATS,
    add_report_options,
    ignored,
    keeping,
    write_report,
)
from mqsc.engine.records import Issuer, Result
from mqsc.render import commandserver, consoletext, jsonout
from mqsc.render.visible import visible
from mqsc.store import StoreError
from mqsc.store.interface import store_of

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.network.transport import Network

SOURCES = {"server": CommandSource.SERVER, "console": CommandSource.CONSOLE}
#: The APPLTAG of ``mqsc run``'s connection (a job name: 8 characters).
RUN_APPLTAG = "MQSCRUN"
EXIT_OK, EXIT_SOME_FAILED, EXIT_NOT_RUN = 0, 10, 20
#: Results of an in-memory run written out together (at most 50 ms after the first of them).
MEMORY_BATCH = 1000


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "run",
        help="execute MQSC decks against a queue manager",
        description="Execute MQSC decks against a queue manager. Exit 0 when every command "
        "succeeded, 10 when some failed, 20 when nothing could be run.",
    )
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        default=["-"],
        help="deck files (default: standard input)",
    )
    parser.add_argument(
        "--format",
        choices=("text", "json", *REPORT_FORMATS),
        default="text",
        help="text, one JSON object per command per line, or a CI report: junit, sarif, github",
    )
    parser.add_argument(
        "--style",
        choices=("server", "console"),
        default="server",
        help="command-server framing (CSQN205I, as CSQUTIL shows) or console",
    )
    parser.add_argument(
        "--source",
        choices=tuple(SOURCES),
        default="server",
        help="where the commands come from: the command server (as CSQUTIL) or the z/OS console",
    )
    parser.add_argument(
        "--commit-every",
        type=int,
        default=500,
        metavar="N",
        help="commit durable state every N commands at most (default 500; "
        "1 commits each command alone); results are printed only once "
        "their commit is on disk",
    )
    add_report_options(parser)
    add_qmgr_options(parser)
    add_input_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    _batch_gc()
    try:
        decks = [read_deck(path, args.encoding, prog="run") for path in args.files]
    except InputError as error:
        print(f"mqsc run: {error}", file=sys.stderr)
        return EXIT_NOT_RUN
    for path, deck in zip(args.files, decks):
        if is_jcl(deck.source.text):
            print(jcl_hint("run", path), file=sys.stderr)
            return EXIT_NOT_RUN
    qm = open_from(args, "run")
    if qm is None:
        return EXIT_NOT_RUN
    if args.format in REPORT_FORMATS:
        return _report(args, qm, [deck.source for deck in decks])
    failed = 0
    ran = 0
    pending: list[str] = []
    # "Did you mean" for mistyped words, on standard error: the replies on standard output
    # stay exactly as the command server frames them.
    hints: list[str] = []
    out = sys.stdout
    written = time.monotonic()
    text = args.format == "text"

    def durable() -> None:
        # A group of commands is on disk: only now may their results be shown. Control
        # characters are made visible here, in one scan of the group's text.
        nonlocal written
        shown = "".join(pending)
        out.write(visible(shown) if text else shown)
        out.flush()
        pending.clear()
        if hints:
            sys.stderr.write("".join(hints))
            hints.clear()
        written = time.monotonic()

    channels = cast("Network | None", qm.network)  # the front end built it
    # The deck comes through the command server from a program of its own, as CSQUTIL's
    # COMMAND function does from its job: that program is a connection (DISPLAY CONN), and
    # its commands carry it (the command server acts for the connection's user).
    conn = ""
    store = store_of(qm)
    if store is not None:
        store.grouped(args.commit_every, 0.25)
        store.on_durable = durable
    # CSQUTIL's command messages carry the job's user; mqsc run is the job "MQSCRUN".
    qm.issuer = Issuer(qm.user, "MQSCRUN")
    try:
        conn = connect(qm, RUN_APPLTAG)
        for deck in decks:
            for result in qm.iter_run(
                deck.source, source=SOURCES[args.source], columns=args.columns, conn=conn
            ):
                ran += 1
                failed += (
                    not result.ok if not result.more else not all(r.ok for r in result.all_sets())
                )
                # What the command said on the console (a sender going RETRYING, and why):
                # not part of the command server's replies, shown after them (collected as
                # the replies are rendered).
                said: list[str] = []
                pending.append(_render(result, args.format, args.style, said))
                if said and text:
                    pending.append("\n".join(said) + "\n")
                if channels is not None:
                    # What the channels said on the consoles while this command let them
                    # move messages (docs/channels.md), after the command's own reply; taken
                    # in every format so a long JSON run does not keep them all.
                    said = channels.console_lines()
                    if said and text:
                        pending.append("\n".join(said) + "\n")
                if not result.ok and text:
                    hints.extend(_hints(result))
                if store is None:
                    # In memory every result may be shown at once; written out in batches,
                    # not a write and a flush per command (a deck of 50,000 DEFINEs).
                    if len(pending) >= MEMORY_BATCH or time.monotonic() - written >= 0.05:
                        durable()
                else:
                    store.flush_if_due(qm)
    except StoreError as error:
        print(f"mqsc run: {error}", file=sys.stderr)
        qm.close()
        durable()
        return EXIT_SOME_FAILED if ran else EXIT_NOT_RUN
    except BaseException:
        if store is None:
            durable()  # in memory what ran may be shown, whatever stops the run (Ctrl-C)
        raise
    try:
        disconnect(qm, conn)
    except StoreError as error:
        print(f"mqsc run: {error}", file=sys.stderr)
    qm.close()
    durable()
    return EXIT_SOME_FAILED if failed else EXIT_OK


def _hints(result: Result) -> list[str]:
    """The run's "did you mean" lines for one failed command, with where it is."""
    from mqsc.render.hints import result_hints  # noqa: PLC0415 - start-up: the did-you-mean index only for a failed command

    where = f"{result.location.name}:{result.location.line}: " if result.location else ""
    return [f"mqsc run: {where}{line}\n" for line in result_hints(result)]


def _batch_gc() -> None:
    """Collect the young generation every 10,000 allocations instead of 700.

    A deck run allocates a few dozen short-lived objects per command and keeps few: at the
    default threshold the collector examined them over and over. Switched off, a 50,000-command
    run takes 5-6% more CPU (docs/performance.md, "Speed tricks, each switched off"): under the
    10% bar for a trick, but this one is a single call with nothing to simplify. Cycles are
    still collected; memory is not affected (objects die by reference count).
    """
    gc.set_threshold(10_000, *gc.get_threshold()[1:])


def render(result: Result, fmt: str, style: str) -> str:
    """One command's output in the chosen format and framing."""
    output = _render(result, fmt, style)
    # A value may hold control characters: shown, never sent to the terminal.
    return output if fmt == "json" else visible(output)


def _render(result: Result, fmt: str, style: str, console: list[str] | None = None) -> str:
    """:func:`render` leaving control characters as they are (``mqsc run`` makes them visible
    in each batch of output it writes); in the command server's style, the messages sent to
    the console instead of the replies are added to ``console`` if given."""
    if fmt == "json":
        return json.dumps(jsonout.result_json(result), separators=(",", ":")) + "\n"
    if style == "console":
        lines = [consoletext.command_line(result), *consoletext.console_lines(result)]
    else:
        lines = commandserver.run_lines(result, console)
    return "\n".join(lines) + "\n"


def _report(args: argparse.Namespace, qm, sources) -> int:
    """Run the decks and write a CI report of what happened."""
    # Imported here: a plain run (the 50,000-command deck) starts without the checker.
    from mqsc.batch import cireports  # noqa: PLC0415 - start-up: report writers only when a report is asked for
    from mqsc.batch.check import Options, check  # noqa: PLC0415 - start-up: the checker only with --check

    options = Options(
        lint=True,
        ignore=ignored(args),
        command_source=SOURCES[args.source],
    )
    options = keeping(options, args.format, run=True)
    store = store_of(qm)
    if store is not None:
        store.grouped(args.commit_every, 0.25)
    try:
        decks = check(sources, qm, columns=args.columns, options=options)
    except StoreError as error:
        print(f"mqsc run: {error}", file=sys.stderr)
        return EXIT_NOT_RUN
    finally:
        # The report says what was done: it is written only once all of it is on disk.
        qm.close()
    report = write_report(args.format, "mqsc run", decks, args, run=True)
    commands_failed = any(deck.failed for deck in decks)
    return EXIT_SOME_FAILED if commands_failed or cireports.failing(report) else EXIT_OK
