"""What the console and the ``mqsc`` command both do to a queue manager: a restart as the
console shows it (``\\restart``, ``mqsc restart``), and put and get workloads with their
options (``\\put``/``\\get``, ``mqsc put``/``mqsc get``).

The command line is the outer front end and imports these; the console never imports the
command line.
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable

from mqsc.catalog import CommandSource
from mqsc.catalog.mqrc import MQRC_NO_MSG_AVAILABLE
from mqsc.engine.records import Delivered, Workload
from mqsc.render import consoletext

#: Messages of one unit of work of ``get --show``: committed once all were shown. An interrupt
#: backs out the unit and removes again only the ones shown.
SHOW_BATCH = 100


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
        done: Workload | None = None
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
        assert done is not None  # argparse's append gives at least one
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


def restart_lines(qm, mode: str = "QUIESCE", failed: list[bool] | None = None) -> list[str]:
    """STOP QMGR then START QMGR at the console, and what the console shows (also the
    console's ``\\restart``); ``failed`` collects whether each of the two failed."""
    lines: list[str] = []
    for text in (f"STOP QMGR MODE({mode})", "START QMGR"):
        result = qm.execute(text, source=CommandSource.CONSOLE)
        lines += [consoletext.command_line(result), *consoletext.console_lines(result)]
        if failed is not None:
            failed.append(not result.ok)
    return lines
