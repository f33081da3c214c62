"""``mqsc put`` and ``mqsc get``: messages through a queue's storage class, page set and
buffer pool, with a summary like the lab's OEMPUT/MGET output (no timings).

Exit status: 0 all messages put / got, 10 the run stopped early (the MQ reason is shown, or
the call was held: SUSPEND QMGR LOG),
20 the queue manager could not be opened.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from typing import TYPE_CHECKING, cast

from mqsc.cli.options import add_qmgr_options, connect, disconnect, open_from
from mqsc.engine.records import Delivered, Issuer, Workload
from mqsc.render.workload import message_lines, summary_json, summary_lines
from mqsc.repl.operations import add_get_arguments, add_put_arguments, do_get, do_put, negative

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.network.transport import Network


def register(sub: argparse._SubParsersAction) -> None:
    put = sub.add_parser(
        "put",
        help="put messages on a local queue",
        description="Put messages on a local queue, as OEMPUT does.",
    )
    add_put_arguments(put)
    _common(put, run_put)
    get = sub.add_parser(
        "get",
        help="get messages from a local queue",
        description="Get messages from a local queue, as MGET does.",
    )
    add_get_arguments(get)
    _common(get, run_get)


def _common(parser: argparse.ArgumentParser, handler) -> None:
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text: a summary like OEMPUT's and MGET's (default); json: the "
        "same figures as one JSON object (docs/json.md)",
    )
    add_qmgr_options(parser)
    parser.set_defaults(handler=handler)


def run_put(args: argparse.Namespace) -> int:
    return _run(args, do_put)


def run_get(args: argparse.Namespace) -> int:
    return _run(args, do_get)


def _run(args: argparse.Namespace, operation) -> int:
    problem = negative(args)
    if problem:
        print(f"mqsc {args.command}: {problem}", file=sys.stderr)
        return 2
    qm = open_from(args, args.command)
    if qm is None:
        return 20
    network = cast("Network | None", qm.network)  # the front end built it
    qm.issuer = Issuer(qm.user, "MQSCPUT" if operation is do_put else "MQSCGET")
    streaming = operation is do_get and args.format == "text" and getattr(args, "show", False)
    outcome: Workload
    # A program of its own, as on z/OS a batch job is (DISPLAY CONN shows it while it runs):
    # MQSCPUT or MQSCGET.
    conn = ""
    try:
        conn = connect(qm, f"MQSC{args.command.upper()}")
        if streaming:
            outcome = _stream(qm, args, conn)
        elif operation is do_get:
            outcome = do_get(qm, args, conn=conn)
        else:
            outcome = operation(qm, args, conn)
    except KeyboardInterrupt as stop:
        got = getattr(stop, "workload", None)
        if got is not None:
            print(
                f"mqsc get: interrupted: {got.done} message(s) shown and removed, the "
                "others left on the queue",
                file=sys.stderr,
            )
        raise
    finally:
        try:
            disconnect(qm, conn)
        finally:
            qm.close()
    # What its channels said while moving the messages on (docs/channels.md).
    channel_lines = network.console_lines() if network is not None else []
    if args.format == "json":
        data = summary_json(outcome, qm.name, qm.cpf)
        if channel_lines:
            data["channels"] = channel_lines
        print(json.dumps(data, indent=2))
    else:
        lines = summary_lines(outcome, qm.name, qm.cpf)
        if streaming:  # the heading and the messages were shown as they were got
            lines = summary_lines(dataclasses.replace(outcome, delivered=()), qm.name, qm.cpf)[1:]
        print("\n".join([*lines, *channel_lines]))
    return 10 if outcome.reason or outcome.held else 0


def _stream(qm, args: argparse.Namespace, conn: str = "") -> Workload:
    """``get --show`` in text: each message printed (and flushed) as it is got, before its
    unit of work is committed."""
    shown = [0]

    def show(message: Delivered) -> None:
        shown[0] += 1
        sys.stdout.write("\n".join(message_lines((message,), shown[0])) + "\n")
        sys.stdout.flush()

    print(f"Get from {args.queue} on {qm.name}", flush=True)
    return do_get(qm, args, show, conn)
