"""``mqsc create``: make a queue manager from CSQINP1 and CSQINP2 decks.

Exit status: 0 created (initialization commands may still have failed: they are listed, as
CSQOUT1/CSQOUT2 would show them), 2 usage error or the queue manager exists.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mqsc.catalog.channels import TCP_PORTS
from mqsc.store.home import QMgrError, create, memory_group, new_definition, write_cfrm


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "create",
        help="create a queue manager",
        description="Create a queue manager from initialization decks (default: the system "
        "decks shipped with mqsc).",
    )
    parser.add_argument("name", help="queue manager name (1-4 characters)")
    parser.add_argument("--cpf", help="command prefix string (default: the name)")
    parser.add_argument(
        "--csqinp1",
        nargs="+",
        type=Path,
        default=[],
        metavar="FILE",
        help="CSQINP1 deck(s): buffer pools and page sets",
    )
    parser.add_argument(
        "--csqinp2",
        nargs="+",
        type=Path,
        default=[],
        metavar="FILE",
        help="CSQINP2 deck(s): object definitions, processed after restart",
    )
    parser.add_argument(
        "--qsg",
        default="",
        metavar="QSG",
        help="make it a member of this queue sharing group (1-4 characters; "
        "the group is created with its first member, docs/qsg.md)",
    )
    parser.add_argument(
        "--listener",
        type=int,
        metavar="PORT",
        help="then start its channel initiator and a TCP/IP listener on PORT, "
        "as a CSQINPX deck would: channels whose CONNAME names that port reach "
        "it (docs/channels.md)",
    )
    parser.add_argument("--force", action="store_true", help="replace an existing one")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.listener is not None and args.qsg:
        print(
            "mqsc create: --listener: members of a queue sharing group do not take part in "
            "a network of queue managers yet (docs/channels.md)",
            file=sys.stderr,
        )
        return 2
    low, high = TCP_PORTS
    if args.listener is not None and not low <= args.listener <= high:
        # START LISTENER's PORT range (IBM MQ for z/OS START LISTENER): said before anything
        # is created.
        print(
            f"mqsc create: --listener {args.listener}: a TCP/IP port is {low}-{high}",
            file=sys.stderr,
        )
        return 2
    try:
        definition = new_definition(
            args.name, cpf=args.cpf, qsg=args.qsg, csqinp1=args.csqinp1, csqinp2=args.csqinp2
        )
        if definition.qsg:
            # Started with the other members, so its decks meet the group as it will.
            qm = memory_group(definition.qsg, extra=definition).members[definition.name]
        else:
            qm = definition.build()
        directory = create(definition, force=args.force)
        if definition.qsg:
            write_cfrm(definition.qsg)
    except QMgrError as error:
        print(f"mqsc create: {error}", file=sys.stderr)
        return 2
    failures = [r for r in qm.start_results if not r.ok]
    for result in failures:
        where = f"{result.location}: " if result.location else ""
        first = next(result.messages())
        print(f"{where}{first.msg_id} {result.text}", file=sys.stderr)
    group = f", member of queue sharing group {definition.qsg}" if definition.qsg else ""
    print(f"Queue manager {definition.name} (CPF {definition.cpf}){group} created in {directory}")
    if args.listener is not None:
        return _listen(definition.name, args.listener)
    return 0


def _listen(name: str, port: int) -> int:
    """START CHINIT and START LISTENER on the new queue manager (its state is kept)."""
    from mqsc.catalog import CommandSource
    from mqsc.store.errors import StoreError
    from mqsc.store.home import open_qmgr

    try:
        qm = open_qmgr(name)
    except (QMgrError, StoreError) as error:
        print(f"mqsc create: {error}", file=sys.stderr)
        return 2
    try:
        for text in ("START CHINIT", f"START LISTENER TRPTYPE(TCP) PORT({port})"):
            result = qm.execute(text, source=CommandSource.CONSOLE)
            if not result.ok:
                first = next(result.messages())
                print(f"{first.msg_id} {result.text}", file=sys.stderr)
                return 2
    finally:
        qm.close()
    print(f"Channel initiator started, listening on port {port}")
    return 0
