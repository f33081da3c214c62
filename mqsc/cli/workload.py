"""``mqsc put`` and ``mqsc get``: messages through a queue's storage class, page set and
buffer pool, with a summary like the lab's OEMPUT/MGET output (no timings).

Exit status: 0 all messages put / got, 10 the run stopped early (the MQ reason is shown),
20 the queue manager could not be opened.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, cast

from mqsc.cli.options import add_qmgr_options, open_from
from mqsc.engine.records import Workload
from mqsc.render.workload import summary_json, summary_lines
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
    parser.add_argument("--format", choices=("text", "json"), default="text")
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
    try:
        outcome: Workload = operation(qm, args)
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
        print("\n".join([*summary_lines(outcome, qm.name, qm.cpf), *channel_lines]))
    return 10 if outcome.reason else 0
