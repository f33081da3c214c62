"""Options shared by every subcommand that works on a queue manager."""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mqsc.engine.connregistry import ConnectRequest, NotConnected
from mqsc.engine.manager import QueueManager
from mqsc.store.errors import StoreError
from mqsc.store.home import QMgrError, default_name, open_qmgr, scratch_qmgr
from mqsc.store.interface import store_of
from mqsc.store.lease import process_owner
from mqsc.support import whoami

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.network.homenetwork import HomeNetwork


def add_qmgr_options(parser: argparse.ArgumentParser) -> None:
    """``--qmgr``, ``--state`` and ``--memory``."""
    parser.add_argument(
        "--qmgr",
        "-m",
        metavar="NAME",
        help=f"queue manager (default $MQSC_QMGR or {default_name()})",
    )
    add_state_options(parser, "a throw-away queue manager in its initial configuration")


def add_state_options(parser: argparse.ArgumentParser, memory_help: str) -> None:
    """``--state`` or ``--memory``: where the queue managers' state is."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--state",
        metavar="PATH",
        type=Path,
        help="state database file to use instead of the default one",
    )
    group.add_argument("--memory", action="store_true", help=memory_help)


def open_from(args: argparse.Namespace, prog: str) -> QueueManager | None:
    """Open the queue manager the options name; print why not and return None on failure."""
    try:
        qm = open_qmgr(args.qmgr, memory=args.memory, state=args.state, clock=fixed_clock())
    except (QMgrError, StoreError) as error:
        print(f"mqsc {prog}: {error}", file=sys.stderr)
        return None
    # The operator's user id, the one source for everything this command line does: the
    # security checks, the connections (DISPLAY CONN), the event messages' EventUserId and
    # CSQY009I all name it (docs/security.md "Who is checked").
    qm.user = whoami.user()
    if not args.memory and args.state is None and qm.group is None:
        # Its channels reach the other queue managers of this home (docs/channels.md).
        from mqsc.network.homenetwork import join_home  # noqa: PLC0415 - start-up: the network only for a durable queue manager

        join_home(qm)
    if not args.memory and args.state is None:
        # Its log's data sets and load libraries are in the home's data set catalog.
        from mqsc.batch.datasets import attach, home_catalog  # noqa: PLC0415 - start-up: the data set catalog (names, libraries, VTOC) only for a durable queue manager

        attach(qm, home_catalog())
    return qm


def open_scratch(args: argparse.Namespace, prog: str) -> QueueManager | None:
    """A scratch copy of the queue manager the options name (its durable state as it is now,
    or its initial configuration with ``--memory``): nothing done to it is kept, and the real
    queue manager is not held while the caller works."""
    try:
        if args.memory:
            return open_qmgr(args.qmgr, memory=True, clock=fixed_clock())
        qm = scratch_qmgr(args.qmgr, state=args.state)
    except (QMgrError, StoreError) as error:
        print(f"mqsc {prog}: {error}", file=sys.stderr)
        return None
    clock = fixed_clock()
    if clock is not None:
        qm.clock = clock
    return qm


class QueueManagers:
    """The queue managers a CSQUTIL step or a job connects to, by name: opened on first use
    (durable unless ``--memory``), shared by the job's steps, closed together.

    Their commits are grouped; callers close them before printing what was done, so nothing
    is reported before it is on disk (docs/state.md)."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.opened: dict[str, QueueManager | None] = {}
        #: A HomeNetwork once a durable queue manager is opened.
        self.network: HomeNetwork | None = None

    def __call__(self, name: str) -> QueueManager | None:
        """The queue manager ``name``; None when there is none; :class:`Unavailable` (MQCONN
        MQRC 2059) when another process holds it past MQSC_LOCK_TIMEOUT."""
        from mqsc.batch.csqutil import Unavailable  # noqa: PLC0415 - start-up: CSQUTIL's module only when a queue manager is unavailable

        key = name.upper()
        if key not in self.opened:
            qm = None
            try:
                qm = self._network_copy(key) or open_qmgr(
                    key, memory=self.args.memory, state=self.args.state, clock=fixed_clock()
                )
                store = store_of(qm)
                if store is not None:
                    store.grouped(500, 0.25)
                    # Connecting waits for the queue manager, as MQCONN does, and keeps it:
                    # the grouped transaction this opens lasts until the job closes it, so a
                    # step never finds it taken by another process half-way.
                    with qm.session():
                        pass
            except QMgrError:
                qm = None
            except StoreError as error:
                print(f"mqsc {self.args.command}: {error}", file=sys.stderr)
                if qm is not None:
                    qm.close()
                raise Unavailable(2059) from None
            self.opened[key] = qm
            if qm is not None:
                self._join(qm)
        return self.opened[key]

    def _network_copy(self, key: str) -> QueueManager | None:
        """The queue manager ``key`` if the job's network opened it already for a channel:
        the job takes that one (one copy of a state database per process)."""
        if self.network is None or key not in self.network.members:
            return None
        qm = self.network.members[key]
        if qm in self.network.opened:
            self.network.opened.remove(qm)  # the job closes it now, with the others
        return qm

    def _join(self, qm: QueueManager) -> None:
        """Its channels reach the other queue managers of this home, as from `mqsc run`
        (docs/channels.md): the first one opened joins the home; the others join its
        network, so a queue manager the job connects to is never opened twice."""
        if self.args.memory or self.args.state is not None or qm.group is not None:
            return
        if self.network is None:
            from mqsc.network.homenetwork import join_home  # noqa: PLC0415 - start-up: the network only for a durable queue manager

            self.network = join_home(qm)
        elif qm.network is not self.network:
            self.network.add(qm)

    def close(self) -> None:
        """Commit and close every queue manager opened."""
        for qm in self.opened.values():
            if qm is not None:
                qm.close()
        if self.network is not None:
            for other in self.network.opened:  # opened for channels, origin closed first
                self.network.leave(other)
                other.close()
            self.network.opened = []
            self.network = None
        self.opened.clear()


def fixed_clock():
    """A fixed clock from ``$MQSC_CLOCK`` (ISO date-time), for reproducible output."""
    value = os.environ.get("MQSC_CLOCK")
    if not value:
        return None
    try:
        moment = dt.datetime.fromisoformat(value)
    except ValueError:
        raise QMgrError(
            f"MQSC_CLOCK={value!r} is not an ISO date and time (such as 2026-01-15T10:30:00)"
        ) from None
    return lambda: moment


def connect(qm: QueueManager, appltag: str) -> str:
    """MQCONN for this process as ``appltag`` (docs/connections.md); "" when the queue
    manager is not running (the program's first call answers that)."""
    try:
        return qm.connect(ConnectRequest(appltag, "BATCH", qm.user, process_owner()))
    except NotConnected:
        return ""


def disconnect(qm: QueueManager, conn: str) -> None:
    """MQDISC (nothing when :func:`connect` gave no connection, or it has ended)."""
    if conn:
        try:
            qm.disconnect(conn)
        except NotConnected:
            pass
