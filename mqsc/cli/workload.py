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
from collections.abc import Callable

from mqsc.catalog.mqrc import MQRC_NO_MSG_AVAILABLE
from mqsc.cli.options import add_qmgr_options, connect, disconnect, open_from
from mqsc.engine.records import Delivered, Workload
from mqsc.render.workload import message_lines, summary_json, summary_lines

#: Messages of one unit of work of ``get --show``: committed once all were shown. An interrupt
#: backs out the unit and removes again only the ones shown.
SHOW_BATCH = 100


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
    put.add_argument(
        "queue",
        help="the queue to put to: local, alias, remote or model (an "
        "MQOPEN resolves it), or a topic alias (a publication)",
    )
    put.add_argument("--count", "-n", type=int, default=1, help="messages (default 1)")
    put.add_argument("--size", "-s", type=int, default=1024, help="bytes each (default 1024)")
    persistence = put.add_mutually_exclusive_group()
    persistence.add_argument(
        "--persistent",
        "-p",
        action="store_true",
        default=None,
        help="persistent messages: logged, they survive a restart (default: the queue's DEFPSIST)",
    )
    persistence.add_argument(
        "--nonpersistent",
        dest="persistent",
        action="store_false",
        help="nonpersistent messages: not logged, gone at a restart",
    )
    put.add_argument(
        "--priority",
        type=int,
        choices=range(10),
        metavar="0-9",
        help="message priority (default: the queue's DEFPRTY)",
    )
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
    put.add_argument(
        "--retain",
        action="store_true",
        help="through a topic alias: keep the publication as its topic string's retained "
        "publication (MQPMO_RETAIN; CLEAR TOPICSTR removes it)",
    )


def add_get_arguments(get: argparse.ArgumentParser) -> None:
    """The arguments of a get (``mqsc get`` and the console's ``\\get``)."""
    get.add_argument("queue", help="the queue to get from (a local queue, or an alias of one)")
    get.add_argument("--count", "-n", type=int, help="at most this many (default: all)")
    get.add_argument(
        "--show",
        action="store_true",
        help="get the messages one by one and show each (MsgId, MQMD fields, "
        "data) as it is got; an interrupt leaves the ones not shown on "
        "the queue",
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


def do_put(qm, args: argparse.Namespace, conn: str = "") -> Workload:
    if getattr(args, "data", None):
        # Each message is its own MQPUT; the run stops at the first that fails.
        done = None
        for text in args.data:
            one = qm.put_message(
                args.queue,
                text.encode("utf-8"),
                persistent=args.persistent,
                priority=args.priority,
                conn=conn,
                retain=getattr(args, "retain", False),
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
        conn=conn,
        retain=getattr(args, "retain", False),
    )


def do_get(
    qm,
    args: argparse.Namespace,
    show: Callable[[Delivered], None] | None = None,
    conn: str = "",
) -> Workload:
    """A get, a browse or (--show) gets that hand each message to ``show`` as it is got;
    ``conn``: the connection the gets are counted to."""
    if getattr(args, "browse", False):
        return qm.get_message(args.queue, browse=True, conn=conn)
    if getattr(args, "show", False):
        # One MQGET at a time under syncpoint, in units committed once shown, until --count
        # or the queue is empty (which, as for a plain get of all, is no failure). Without
        # ``show`` (JSON, shown at the end) the whole run is one unit of work.
        def keep(message: Delivered) -> None:
            return None

        done = qm.get_each(
            args.queue, args.count, show or keep, batch=SHOW_BATCH if show is not None else None
        )
        return finished(done, args.count)
    return qm.get(args.queue, args.count, conn=conn)


def finished(done: Workload, count: int | None) -> Workload:
    """A --show run's outcome as the summary reports it: an empty queue ends a get of all
    normally."""
    if count is None and done.reason == MQRC_NO_MSG_AVAILABLE:
        done = dataclasses.replace(done, reason=0)
    return dataclasses.replace(done, requested=count if count is not None else -1)


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
    network = qm.network
    streaming = operation is do_get and args.format == "text" and getattr(args, "show", False)
    # A program of its own, as on z/OS a batch job is (DISPLAY CONN shows it while it runs):
    # MQSCPUT or MQSCGET.
    conn = ""
    try:
        conn = connect(qm, f"MQSC{args.command.upper()}")
        if streaming:
            outcome = _stream(qm, args, conn)
        elif operation is do_get:
            outcome: Workload = do_get(qm, args, conn=conn)
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
    return 10 if outcome.reason else 0


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
