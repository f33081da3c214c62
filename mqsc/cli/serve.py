"""``mqsc serve``: the IBM MQ REST API and the z/OSMF console, jobs and files services over HTTP
(docs/serve.md).

Exit status: 0 after a clean shutdown (Ctrl-C), 2 when the server cannot start (a usage
error, a non-loopback address without TLS or users, Starlette or uvicorn missing from the
install, the address in use).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mqsc.cli.options import fixed_clock

EXIT_CANNOT_START = 2


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "serve",
        help="serve the MQ REST API and z/OSMF console, jobs and files services",
        description="Serve the IBM MQ administrative REST API (/ibmmq/rest/v1, v2, v3) and "
        "the z/OSMF console, jobs and files services (/zosmf) for every queue manager of the mqsc "
        "home. Plain HTTP on loopback by default; another address needs --cert/--key and a "
        "users file. Exit 0 on shutdown, 2 when it cannot start.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=9443, help="port (default 9443)")
    parser.add_argument("--cert", type=Path, metavar="PEM", help="TLS certificate (HTTPS)")
    parser.add_argument("--key", type=Path, metavar="PEM", help="TLS private key")
    parser.add_argument(
        "--memory",
        action="store_true",
        help="throw-away queue managers in their initial configuration",
    )
    parser.add_argument(
        "--max-body",
        type=int,
        default=4 * 1024 * 1024,
        metavar="BYTES",
        help="largest request body accepted (default 4 MiB; larger: 413)",
    )
    parser.add_argument(
        "--mqweb-user",
        default="MQWEB",
        metavar="USERID",
        help="the mqweb server's started task user id: administrators' commands and the web "
        "console run as it for RACF checks (default MQWEB); MQWebUser users act as their own "
        "(mqsc users add --zos-user)",
    )
    parser.add_argument(
        "--access-log",
        type=Path,
        metavar="FILE",
        help="write the access log to FILE (default: standard error)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    # Starlette and uvicorn come with mqsc; a missing one (an install with --no-deps) is
    # named with what to install by mqsc.cli.main.
    from mqsc.serve import server  # noqa: PLC0415 - start-up: uvicorn and Starlette only when the server runs

    if not 0 < args.port < 65536 or args.max_body < 1:
        print("mqsc serve: --port must be 1-65535 and --max-body positive", file=sys.stderr)
        return EXIT_CANNOT_START
    options = server.Options(
        args.host,
        args.port,
        args.cert,
        args.key,
        args.memory,
        args.max_body,
        args.access_log,
        clock=fixed_clock(),
        mqweb_user=args.mqweb_user.upper()[:8],
    )
    from mqsc.serve.users import UsersError  # noqa: PLC0415 - start-up: the server's modules only when it starts (mqsc --help registers every command)
    from mqsc.support.files import FileError  # noqa: PLC0415 - start-up: the server's modules only when it starts (mqsc --help registers every command)

    try:
        return server.run(options)
    except (server.ServeError, UsersError, FileError, OSError) as error:
        print(f"mqsc serve: {error}", file=sys.stderr)
        return EXIT_CANNOT_START
    except SystemExit as stop:  # uvicorn exits 1 when it cannot bind
        print("mqsc serve: the server could not start (see above)", file=sys.stderr)
        return EXIT_CANNOT_START if stop.code else 0
