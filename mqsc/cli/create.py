"""``mqsc create``: make a queue manager from CSQINP1 and CSQINP2 decks.

Exit status: 0 created (initialization commands may still have failed: they are listed, as
CSQOUT1/CSQOUT2 would show them), 2 usage error or the queue manager exists.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import replace
from pathlib import Path

from mqsc.catalog import CommandSource, zparm
from mqsc.catalog.channels import TCP_PORTS
from mqsc.language import zparmsource
from mqsc.language.source import Source
from mqsc.store.errors import StoreError
from mqsc.store.home import (
    QMDefinition,
    QMgrError,
    create,
    memory_group,
    new_definition,
    open_qmgr,
    write_cfrm,
)
from mqsc.support.bounded import read_file


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
    parser.add_argument(
        "--zparm",
        type=Path,
        metavar="FILE",
        help="its system parameter module: CSQ6SYSP, CSQ6LOGP and CSQ6ARVP macro statements "
        "as the CSQ4ZPRM job assembles them, or that job itself (docs/system-parameters.md); "
        "default: IBM's defaults (CSQZPARM)",
    )
    parser.add_argument(
        "--module",
        default="",
        metavar="NAME",
        help="the system parameter module's name (default: CSQZPARM)",
    )
    parser.add_argument(
        "--log-datasets",
        type=int,
        metavar="N",
        help="active log data sets of each log copy (at least 2; default 3)",
    )
    parser.add_argument(
        "--log-megabytes",
        type=int,
        metavar="MB",
        help="size of each active log data set in megabytes (default 2048)",
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
        definition = _with_log_and_parameters(definition, args)
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


def _with_log_and_parameters(definition: QMDefinition, args: argparse.Namespace) -> QMDefinition:
    """The definition with its active logs' geometry and its system parameter module; a module
    that does not assemble (a keyword the macro does not have, a value out of range) is a
    usage error, each refusal on its own line, and nothing is created."""
    config = definition.config
    if args.log_datasets is not None:
        if args.log_datasets < 2:
            raise QMgrError("--log-datasets: a log copy needs at least 2 active log data sets")
        config = replace(config, log_datasets=args.log_datasets)
    if args.log_megabytes is not None:
        if not 1 <= args.log_megabytes <= 4096:
            raise QMgrError("--log-megabytes: an active log data set is 1-4096 MB")
        config = replace(config, log_megabytes=args.log_megabytes)
    definition = replace(definition, config=config)
    if args.zparm is None:
        return definition
    try:
        text = read_file(args.zparm).decode("utf-8")
    except OSError as error:
        raise QMgrError(f"--zparm {args.zparm}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise QMgrError(f"--zparm {args.zparm}: cannot decode as utf-8 ({error.reason})") from None
    source = zparmsource.source_of_job(text)
    assembly = zparmsource.assemble(source)
    if assembly.rc:
        lines = [f"{args.zparm}: statement {n.statement}: {n.text}" for n in assembly.notes]
        raise QMgrError("the system parameter module does not assemble:\n" + "\n".join(lines))
    if not assembly.macros:
        raise QMgrError(f"--zparm {args.zparm}: no CSQ6SYSP, CSQ6LOGP or CSQ6ARVP statement")
    module = (args.module or zparm.DEFAULT_MODULE).upper()
    if not re.fullmatch(r"[A-Z@#$][A-Z0-9@#$]{0,7}", module):
        raise QMgrError(f"--module {args.module}: a load module name is 1-8 characters")
    return replace(definition, zparm=Source(source, "zparm.asm"), module=module)


def _listen(name: str, port: int) -> int:
    """START CHINIT and START LISTENER on the new queue manager (its state is kept)."""
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
