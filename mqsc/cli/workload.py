"""``mqsc put`` and ``mqsc get``: messages through a queue's storage class, page set and
buffer pool, with a summary like the lab's OEMPUT/MGET output (no timings).

Exit status: 0 all messages put / got, 10 the run stopped early (the MQ reason is shown),
20 the queue manager could not be opened.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys

from mqsc.catalog.mqrc import MQRC_NO_MSG_AVAILABLE
from mqsc.cli.options import add_qmgr_options, open_from
from mqsc.engine.records import Workload
from mqsc.render.workload import summary_json, summary_lines


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


def add_put_arguments(put: argparse.ArgumentParser) -> None:
    """The arguments of a put (``mqsc put`` and the console's ``\\put``)."""
    put.add_argument("queue")
    put.add_argument("--count", "-n", type=int, default=1, help="messages (default 1)")
    put.add_argument("--size", "-s", type=int, default=1024, help="bytes each (default 1024)")
    persistence = put.add_mutually_exclusive_group()
    persistence.add_argument("--persistent", "-p", action="store_true", default=None)
    persistence.add_argument("--nonpersistent", dest="persistent", action="store_false")
    put.add_argument("--priority", type=int, choices=range(10), metavar="0-9")
    put.add_argument(
        "--batch",
        "-c",
        type=int,
        default=0,
        help="commit every N messages (default: no unit of work)",
    )
    put.add_argument(
        "--data",
        "-d",
        action="append",
        metavar="TEXT",
        help="put one message with this text as its data (UTF-8; repeat for "
        "more messages; --count and --size do not apply)",
    )


def add_get_arguments(get: argparse.ArgumentParser) -> None:
    """The arguments of a get (``mqsc get`` and the console's ``\\get``)."""
    get.add_argument("queue")
    get.add_argument("--count", "-n", type=int, help="at most this many (default: all)")
    get.add_argument(
        "--show",
        action="store_true",
        help="get the messages one by one and show their data and MsgId",
    )
    get.add_argument(
        "--browse", action="store_true", help="show the next message without removing it"
    )


def negative(args: argparse.Namespace) -> str:
    """Why the arguments cannot be used (a negative number), or ""."""
    for name in ("count", "size", "batch"):
        value = getattr(args, name, None)
        if value is not None and value < 0:
            return f"--{name} cannot be negative"
    return ""


def do_put(qm, args: argparse.Namespace) -> Workload:
    if getattr(args, "data", None):
        # Each message is its own MQPUT; the run stops at the first that fails.
        done = None
        for text in args.data:
            one = qm.put_message(
                args.queue, text.encode("utf-8"), persistent=args.persistent, priority=args.priority
            )
            done = one if done is None else done.plus(one)
            if one.reason:
                break
        return done
    return qm.put(
        args.queue,
        args.count,
        args.size,
        persistent=args.persistent,
        priority=args.priority,
        batch=args.batch,
    )


def do_get(qm, args: argparse.Namespace) -> Workload:
    if getattr(args, "browse", False):
        return qm.get_message(args.queue, browse=True)
    if getattr(args, "show", False):
        # One MQGET at a time, each returning its message's data, until --count or the
        # queue is empty (which, as for a plain get of all, is no failure).
        done = qm.get_message(args.queue)
        while not done.reason and (args.count is None or done.done < args.count):
            done = done.plus(qm.get_message(args.queue))
        if args.count is None and done.reason == MQRC_NO_MSG_AVAILABLE:
            done = dataclasses.replace(done, reason=0)
        return dataclasses.replace(done, requested=args.count if args.count is not None else -1)
    return qm.get(args.queue, args.count)


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
    network = qm.network
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
