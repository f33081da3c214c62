"""``mqsc events``: event messages read from the event queues (or a file) and shown as
readable lines, JSON or hexadecimal dumps (docs/events.md).

Exit status: 0 every message read was an event message (none at all is fine), 10 a message
on a queue was not one (it is shown in hexadecimal and left on the queue), 2 a file that is
not an event message or bad arguments, 20 the queue manager could not be opened or a queue
could not be read (its reason code on standard error: MQRC 2085 for an unknown queue).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mqsc.catalog import mqrc
from mqsc.catalog.events import QUEUES
from mqsc.cli.options import add_qmgr_options, open_from
from mqsc.engine.manager import QueueManager
from mqsc.engine.messaging.eventreport import report
from mqsc.engine.messaging.pcf import PcfError
from mqsc.engine.records import EventReport
from mqsc.render.eventlines import as_json, hex_dump, lines

#: The most bytes ``--file`` reads (an event message is at most MAXMSGL; this is the default).
MAX_FILE = 4 * 1024 * 1024


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "events",
        help="read event messages and show them decoded",
        description="Read the event messages on the event queues (SYSTEM.ADMIN.*.EVENT) "
        "and show each decoded: the event, its MQMD and MQCFH, its parameters with IBM's "
        "names. Messages are got (removed) unless --browse.",
    )
    parser.add_argument(
        "queue",
        nargs="*",
        help=f"event queues to read (default: all five, {', '.join(QUEUES)})",
    )
    parser.add_argument("--browse", action="store_true", help="leave the messages on the queues")
    parser.add_argument("--count", "-n", type=int, help="at most this many from each queue")
    parser.add_argument(
        "--file",
        type=Path,
        metavar="PATH",
        help="decode the message data in this file (the bytes of one event message) instead",
    )
    parser.add_argument(
        "--hex", action="store_true", help="also show each message's data in hexadecimal"
    )
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text: readable lines (default); json: one JSON array of the messages",
    )
    add_qmgr_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.count is not None and args.count < 0:
        print("mqsc events: --count cannot be negative", file=sys.stderr)
        return 2
    if args.file is not None:
        return _from_file(args)
    qm = open_from(args, "events")
    if qm is None:
        return 20
    shown: list[Shown] = []
    bad = failed = 0
    try:
        for queue in args.queue or QUEUES:
            outcome = _read_queue(qm, queue, args.count, browse=args.browse)
            shown.extend(outcome.shown)
            for item in outcome.shown:
                if item.error:
                    bad += 1
                    print(
                        f"mqsc events: message {item.number} on {queue} is not an event "
                        f"message (left on the queue): {item.error}",
                        file=sys.stderr,
                    )
            if outcome.reason:
                failed += 1
                print(
                    f"mqsc events: {queue}: {mqrc.name(outcome.reason)} ({outcome.reason})",
                    file=sys.stderr,
                )
    finally:
        qm.close()
    _show(args, shown, quiet=failed > 0)
    return 20 if failed else 10 if bad else 0


@dataclass(frozen=True, slots=True)
class Shown:
    """One message read: its decoded event, or why it is none (then it stays on the queue)."""

    queue: str
    number: int
    data: bytes
    event: EventReport | None = None
    error: str = ""


@dataclass(frozen=True, slots=True)
class QueueRead:
    """What reading one queue gave: the messages, and the reason code that stopped it when
    that was not the end of the messages (an unknown queue: MQRC 2085)."""

    shown: tuple[Shown, ...]
    reason: int = 0


def _read_queue(qm: QueueManager, queue: str, count: int | None, *, browse: bool) -> QueueRead:
    """Each message is browsed and decoded first; only an event message is then got, by its
    MsgId, so that a message that is not one is never destroyed unseen (an operator reading
    an event queue must not lose what some program put there by mistake)."""
    shown: list[Shown] = []
    position = 0  # messages before it stay: browsed ones (--browse) or ones that are no event
    while count is None or len(shown) < count:
        found = qm.browse_messages(queue, position + 1)
        if found.reason and found.reason != mqrc.MQRC_NO_MSG_AVAILABLE:
            return QueueRead(tuple(shown), found.reason)
        if len(found.delivered) <= position:
            break
        message = found.delivered[position]
        number = len(shown) + 1
        try:
            event = report(message.data, queue=queue, number=number, message=message)
        except PcfError as error:
            shown.append(Shown(queue, number, message.data, error=str(error)))
            position += 1
            continue
        if browse:
            position += 1
        else:
            got = qm.get_message(queue, msgid=message.msgid)
            if got.reason == mqrc.MQRC_NO_MSG_AVAILABLE:
                continue  # another reader took it first: read the next
            if got.reason:
                return QueueRead(tuple(shown), got.reason)
        shown.append(Shown(queue, number, message.data, event=event))
    return QueueRead(tuple(shown))


def _from_file(args: argparse.Namespace) -> int:
    try:
        with open(args.file, "rb") as handle:
            data = handle.read(MAX_FILE + 1)
    except OSError as error:
        print(f"mqsc events: {args.file}: {error.strerror or error}", file=sys.stderr)
        return 2
    if len(data) > MAX_FILE:
        print(f"mqsc events: {args.file}: longer than {MAX_FILE} bytes", file=sys.stderr)
        return 2
    try:
        one = report(data, queue="", number=1)
    except PcfError as error:
        print(f"mqsc events: {args.file}: not an event message: {error}", file=sys.stderr)
        return 2
    _show(args, [Shown("", 1, data, event=one)])
    return 0


def _show(args: argparse.Namespace, shown: list[Shown], *, quiet: bool = False) -> None:
    """Print what was read; ``quiet``: a queue could not be read, so an empty result says
    nothing on standard output (the error on standard error is the answer)."""
    if args.format == "json":
        print(json.dumps([_json(item) for item in shown], indent=2))
        return
    if not shown:
        if not quiet:
            print("No event messages.")
        return
    blocks = []
    for item in shown:
        if item.event is None:
            block = [
                f"Message {item.number} on {item.queue}: not an event message, "
                f"left on the queue ({item.error}), {len(item.data)} bytes",
                "  data:",
                *(f"    {row}" for row in hex_dump(item.data)),
            ]
        else:
            block = lines(item.event)
            if args.hex:
                block += ["  data:", *(f"    {row}" for row in hex_dump(item.data))]
        blocks.append("\n".join(block))
    print("\n\n".join(blocks))


def _json(item: Shown) -> dict[str, Any]:
    if item.event is not None:
        return as_json(item.event)
    return {
        "queue": item.queue,
        "number": item.number,
        "notEventMessage": item.error,
        "length": len(item.data),
        "data": item.data.hex().upper(),
    }
