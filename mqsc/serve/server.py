"""Starting the server: the safety checks, the users, the application, uvicorn."""

from __future__ import annotations

import datetime as dt
import ipaddress
import logging
import os
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mqsc.serve import users as users_file
from mqsc.serve.auth import Authenticator
from mqsc.serve.qmgrs import Registry
from mqsc.store.home import DEFAULT_QMGR
from mqsc.support.files import append_output


class ServeError(Exception):
    """The server cannot start as asked (the CLI prints it and exits 2)."""


@dataclass(frozen=True)
class Options:
    host: str = "127.0.0.1"
    port: int = 9443
    cert: Path | None = None
    key: Path | None = None
    memory: bool = False
    max_body: int = 4 * 1024 * 1024
    access_log: Path | None = None
    #: the queue managers' clock (``$MQSC_CLOCK``: a fixed time, as every subcommand takes
    #: it), or None for the time of day
    clock: Callable[[], dt.datetime] | None = None
    #: The mqweb server's started task user id (administrators' commands run as it).
    mqweb_user: str = "MQWEB"


def is_loopback(host: str) -> bool:
    """Whether every address ``host`` names is a loopback address."""
    if host in ("localhost",):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None)
    except OSError:
        return False
    return bool(infos) and all(ipaddress.ip_address(i[4][0]).is_loopback for i in infos)


def check(options: Options, users_present: bool) -> None:
    """Refuse what would expose the emulator: a non-loopback address without TLS and users."""
    if (options.cert is None) != (options.key is None):
        raise ServeError("--cert and --key go together")
    if not is_loopback(options.host):
        if options.cert is None:
            raise ServeError(
                f"refusing to listen on {options.host} without TLS: "
                "give --cert and --key, or use 127.0.0.1"
            )
        if not users_present:
            raise ServeError(
                f"refusing to listen on {options.host} without a users file: "
                "add users with 'mqsc users add'"
            )


def prepare(options: Options) -> tuple[Registry, Authenticator, list[str]]:
    """The registry and the authenticator; what to tell the operator on start-up."""
    notes: list[str] = []
    users = users_file.load()
    check(options, bool(users))
    if not users:
        made = users_file.first_admin()
        if made is not None:
            notes.append(
                f"mqsc serve: created user 'admin' (MQWebAdmin); its password is in "
                f"{made[1]} (readable by you only)"
            )
        users = users_file.load()
    registry = Registry(memory=options.memory, clock=options.clock)
    # The default queue manager is opened before the server says it is listening, as a z/OS
    # queue manager is started before its command server takes commands: so the web console's
    # first request does not wait for the state (50,000 queues) to load from SQLite.
    failed = registry.preload(DEFAULT_QMGR)
    if failed is not None:
        notes.append(
            f"mqsc serve: {DEFAULT_QMGR} not opened at start ({failed}); "
            f"each request will try again"
        )
    return registry, Authenticator(users), notes


def run(options: Options) -> int:
    import uvicorn  # noqa: PLC0415 - start-up: uvicorn only when the server runs

    from mqsc.serve import app as app_module  # noqa: PLC0415 - start-up: Starlette only when the server runs
    from mqsc.serve import zosfiles, zosmf  # noqa: PLC0415 - start-up: Starlette only when the server runs

    registry, auth, notes = prepare(options)
    for note in notes:
        print(note, file=sys.stderr)
    _logging(options.access_log)
    services = app_module.Services(
        registry,
        auth,
        zosmf.Consoles(registry),
        zosmf.Jobs(registry),
        secure=options.cert is not None,
        mqweb_user=options.mqweb_user,
        files=zosfiles.Files(clock=options.clock),
    )
    application = app_module.build(services, max_body=options.max_body)
    config = uvicorn.Config(
        application,
        host=options.host,
        port=options.port,
        ssl_certfile=str(options.cert) if options.cert else None,
        ssl_keyfile=str(options.key) if options.key else None,
        access_log=False,
        log_level="warning",
        server_header=False,
        lifespan="off",
    )
    scheme = "https" if options.cert else "http"

    class Server(uvicorn.Server):
        async def startup(self, sockets=None) -> None:
            await super().startup(sockets)
            if self.started:  # said only once the address is bound
                print(
                    "\n".join(start_lines(scheme, options.host, options.port)),
                    file=sys.stderr,
                    flush=True,
                )

    try:
        Server(config).run()
    finally:
        registry.close()
    return 0


def start_lines(scheme: str, host: str, port: int) -> list[str]:
    """What the server says once it listens: where the web console, the MQ REST API and the
    z/OSMF services are, as addresses to paste into a browser, curl or a Zowe profile.

    >>> for line in start_lines("http", "127.0.0.1", 9443): print(line)
    mqsc serve: listening on http://127.0.0.1:9443
      web console:  http://127.0.0.1:9443/ibmmq/console/
      MQ REST API:  http://127.0.0.1:9443/ibmmq/rest/v2 (also v1 and v3)
      OpenAPI:      http://127.0.0.1:9443/ibmmq/rest/openapi.json
      z/OSMF:       http://127.0.0.1:9443/zosmf (console, jobs and files services)
    >>> start_lines("https", "::1", 443)[0]
    'mqsc serve: listening on https://[::1]:443'
    """
    shown = f"[{host}]" if ":" in host else host
    root = f"{scheme}://{shown}:{port}"
    return [
        f"mqsc serve: listening on {root}",
        f"  web console:  {root}/ibmmq/console/",
        f"  MQ REST API:  {root}/ibmmq/rest/v2 (also v1 and v3)",
        f"  OpenAPI:      {root}/ibmmq/rest/openapi.json",
        f"  z/OSMF:       {root}/zosmf (console, jobs and files services)",
    ]


def _logging(access_log: Path | None) -> None:
    handler: logging.Handler = logging.StreamHandler(sys.stderr)
    if access_log is not None:
        # Owner-only when created, never through a planted link (mqsc.support.files).
        stream = os.fdopen(append_output(access_log, "access log"), "a", encoding="utf-8")
        handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(message)s"))
    for name in ("mqsc.serve.access", "mqsc.serve"):
        log = logging.getLogger(name)
        log.addHandler(handler)
        log.setLevel(logging.INFO)
        log.propagate = False
