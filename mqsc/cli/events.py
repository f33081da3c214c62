"""``mqsc events``: event messages read from the event queues (or a file) and shown as
readable lines, JSON or hexadecimal dumps (docs/events.md).

Exit status: 0 every message read was an event message (none at all is fine), 10 a message
on a queue was not one (it is shown as such, and left or removed as the others), 2 a file
that is not an event message or bad arguments, 20 the queue manager could not be opened.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from mqsc.catalog.events import QUEUES
from mqsc.cli.options import add_qmgr_options, open_from
from mqsc.engine.messaging.eventreport import report
from mqsc.engine.messaging.pcf import PcfError
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
    shown: list = []
    bad = 0
    try:
        for queue in args.queue or QUEUES:
            taken = 0
            while args.count is None or taken < args.count:
                if args.browse:
                    found = qm.browse_messages(queue, taken + 1)
                    delivered = found.delivered[taken:]
                    if not delivered:
                        break
                    message = delivered[0]
                else:
                    got = qm.get_message(queue)
                    if got.reason or not got.delivered:
                        break
                    message = got.delivered[0]
                taken += 1
                try:
                    one = report(message.data, queue=queue, number=taken, message=message)
                except PcfError as error:
                    bad += 1
                    print(
                        f"mqsc events: message {taken} on {queue} is not an event message: {error}",
                        file=sys.stderr,
                    )
                    continue
                shown.append((one, message.data))
    finally:
        qm.close()
    _show(args, shown)
    return 10 if bad else 0


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
    _show(args, [(one, data)])
    return 0


def _show(args: argparse.Namespace, shown: list) -> None:
    if args.format == "json":
        print(json.dumps([as_json(one) for one, _ in shown], indent=2))
        return
    if not shown:
        print("No event messages.")
        return
    blocks = []
    for one, data in shown:
        block = lines(one)
        if args.hex:
            block += ["  data:", *(f"    {row}" for row in hex_dump(data))]
        blocks.append("\n".join(block))
    print("\n\n".join(blocks))
