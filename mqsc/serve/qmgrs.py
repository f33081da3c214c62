"""The queue managers one server serves, each opened once and driven by one command at a time.

z/OS's command server takes the commands for a queue manager off its command queue one after
another (IBM MQ for z/OS, "The command server"); so does this: every command for a queue
manager holds that queue manager's lock, while commands for different queue managers run
side by side in the server's worker threads. The lock also orders the commands of other
``mqsc`` processes sharing the state database: the store's gate brings their changes in before
each command (docs/state.md).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

from mqsc.batch.datasets import attach, home_catalog
from mqsc.engine.connregistry import ConnectRequest, NotConnected
from mqsc.engine.manager import QueueManager
from mqsc.serve.network import QmgrLock, ServerNetwork
from mqsc.store import StoreError
from mqsc.store.home import DEFAULT_QMGR, QMgrError, home, load_definition, open_qmgr, state_path
from mqsc.store.interface import store_of
from mqsc.store.lease import process_owner

T = TypeVar("T")
#: The APPLTAG of the messaging REST API's connections: mqweb's started task (UNVERIFIED: the
#: job name is the site's; IBM's samples start it as MQWEB).
MQWEB_APPLTAG = "MQWEB"


class NoSuchQmgr(Exception):
    """No queue manager of that name in the mqsc home."""


class QmgrUnavailable(Exception):
    """The queue manager exists but its state cannot be opened."""


@dataclass(frozen=True, slots=True)
class Known:
    """A queue manager the home holds: name, command prefix, queue sharing group."""

    name: str
    cpf: str
    qsg: str


def known_qmgrs() -> dict[str, Known]:
    """Every queue manager created in the mqsc home, and QMZ1 (created on first use)."""
    found = {DEFAULT_QMGR: Known(DEFAULT_QMGR, DEFAULT_QMGR, "")}
    root = home() / "qmgrs"
    if root.is_dir():
        for directory in sorted(root.iterdir()):
            if (directory / "mqsc.toml").exists():
                try:
                    d = load_definition(directory)
                except QMgrError:
                    continue
                found[d.name.upper()] = Known(d.name.upper(), d.cpf.upper(), d.qsg.upper())
    return found


class Registry:
    """Open queue managers by name, each with its lock and its command server thread;
    ``memory`` serves throw-away ones.

    Durable queue managers commit in groups (group commit, as databases do): the commands
    that arrive while one is running are run one after another, then committed together, and
    only then are their replies released, so a reply never reports what is not on disk
    (docs/state.md) and 50 clients do not pay 50 disk commits one after another.
    """

    def __init__(self, *, memory: bool = False, clock=None, group: int = 256) -> None:
        self.memory = memory
        self.clock = clock
        self.group = group
        self._open: dict[str, QueueManager] = {}
        self._locks: dict[str, QmgrLock] = {}
        self._servers: dict[str, _CommandServer] = {}
        self._guard = threading.Lock()
        #: Jobs take the queue managers they connect to one by one: one job at a time, so two
        #: jobs never wait for each other's locks.
        self.jobs = threading.Lock()
        #: The channels of the queue managers it has open reach each other and the home's
        #: others, opened here too (docs/channels.md).
        self.network = ServerNetwork(self)
        #: The messaging REST API's connections, by (queue manager, REST user).
        self._messaging: dict[tuple[str, str], str] = {}

    def names(self) -> dict[str, Known]:
        known = known_qmgrs()
        for name, qm in list(self._open.items()):
            known.setdefault(name, Known(name, qm.cpf, qm.info.qsg))
        return known

    def by_cpf_prefix(self, text: str) -> tuple[str, str] | None:
        """The queue manager a console command is for, by the command prefix it starts with
        (the longest that matches), and the command as the queue manager gets it."""
        upper = text.upper()
        best: Known | None = None
        for known in self.names().values():
            if upper.startswith(known.cpf) and (best is None or len(known.cpf) > len(best.cpf)):
                best = known
        if best is None:
            return None
        rest = text[len(best.cpf) :]
        if rest and not rest[0].isspace() and best.cpf[-1].isalnum():
            return None  # QMZ1X is not QMZ1's prefix followed by a command
        return best.name, text

    def running(self, name: str) -> bool:
        """Whether the queue manager is running (one not opened yet starts when opened)."""
        qm = self._open.get(name.upper())
        return qm is None or qm.phase.value == "RUNNING"

    def lock(self, name: str) -> QmgrLock:
        with self._guard:
            return self._locks.setdefault(name.upper(), QmgrLock())

    def preload(self, name: str) -> str | None:
        """Open the queue manager now rather than on its first request (loading 50,000 queues
        from the state database takes seconds); why it could not be opened, or None."""
        with self.lock(name):
            try:
                self._get(name)
            except NoSuchQmgr:
                return f"no queue manager {name.upper()} in the mqsc home"
            except QmgrUnavailable as error:
                return str(error)
        return None

    def is_open(self, name: str) -> bool:
        """Whether the queue manager's state is loaded (opened by a request or preloaded)."""
        return name.upper() in self._open

    def _get(self, name: str) -> QueueManager:
        """The open queue manager (caller holds its lock)."""
        key = name.upper()
        qm = self._open.get(key)
        if qm is None:
            if key not in known_qmgrs():
                raise NoSuchQmgr(key)
            try:
                qm = open_qmgr(key, memory=self.memory, clock=self.clock)
            except (QMgrError, StoreError) as error:
                raise QmgrUnavailable(str(error)) from None
            store = store_of(qm)
            if store is not None:
                store.grouped(1 << 30, float("inf"))  # committed by _commit, after each group
            if not self.memory:
                attach(qm, home_catalog())  # the log's data sets, the load libraries
            self._open[key] = qm
            if qm.group is None:
                # A queue sharing group's members do not join a network (docs/channels.md).
                self.network.add(qm)
        return qm

    # ---- for the network (mqsc/serve/network.py; the caller holds the queue manager's lock)
    def open_member(self, name: str) -> QueueManager | None:
        """The queue manager, opened if need be; None when there is none or it cannot be."""
        try:
            return self._get(name)
        except (NoSuchQmgr, QmgrUnavailable):
            return None

    def commit_member(self, qm: QueueManager) -> None:
        """Commit what a channel step did to it (raises when the commit fails)."""
        self._commit(qm)

    def drop_member(self, name: str) -> None:
        """Its commit failed: reopened from its database on next use."""
        self._discard(name)

    def member_names(self) -> list[str]:
        """The queue managers of the home a channel may reach: not a queue sharing group's,
        and (durable) only those with a state database already (none is made by looking)."""
        return sorted(
            name
            for name, known in self.names().items()
            if not known.qsg and (self.memory or name in self._open or state_path(name).exists())
        )

    def _commit(self, qm: QueueManager) -> None:
        store = store_of(qm)
        if store is not None:
            store.flush(qm)

    def _discard(self, name: str) -> None:
        """Forget an open queue manager whose group commit failed (caller holds its lock):
        its memory holds changes the database does not, so the next request opens it again
        from the database and memory and disk agree."""
        qm = self._open.pop(name.upper(), None)
        if qm is None:
            return
        if qm.network is not None:
            qm.network.detach(qm)
        qm.abandon()

    def submit(self, name: str, work: Callable[[QueueManager], T]) -> Future[T]:
        """Queue ``work(qm)`` for the queue manager's command server; its result (or
        exception) comes in the future once the work's changes are committed."""
        key = name.upper()
        with self._guard:
            server = self._servers.get(key)
            if server is None:
                if key not in self._open and key not in known_qmgrs():
                    future: Future[T] = Future()
                    future.set_exception(NoSuchQmgr(key))
                    return future
                server = self._servers[key] = _CommandServer(self, key)
        return server.submit(work)

    def run(self, name: str, work: Callable[[QueueManager], T]) -> T:
        """``work(qm)`` through the command server, waiting for it (from a worker thread)."""
        return self.submit(name, work).result()

    @contextmanager
    def holding(self) -> Iterator[Callable[[str], QueueManager | None]]:
        """For a job: a connect function that takes each queue manager's lock on first use
        and keeps it until the job ends, when what the job did is committed."""
        held: list[tuple[QmgrLock, str]] = []

        def connect(name: str) -> QueueManager | None:
            key = name.upper()
            lock = self.lock(key)
            if all(lock is not h for h, _ in held):
                lock.acquire()
                held.append((lock, key))
            try:
                return self._get(key)
            except (NoSuchQmgr, QmgrUnavailable):
                return None

        with self.jobs:
            try:
                yield connect
            finally:
                for lock, key in reversed(held):
                    try:
                        if key in self._open:
                            try:
                                self._commit(self._open[key])
                            except Exception:
                                self._discard(key)  # memory back to what the disk holds
                                raise
                    finally:
                        lock.release()

    def messaging_connection(self, qm: QueueManager, user: str) -> str:
        """The connection a REST user's requests go through, messaging and MQSC commands
        (called on the queue manager's command server thread): mqweb keeps a pool of
        connections to the queue manager and uses them for the requests of the user it
        authenticated ("the user ID of the REST API user" is the one MQ checks), so here one
        connection per user, made at the user's first request and kept until the server
        stops; "" when the queue manager is not running (the request answers that)."""
        key = (qm.name, user)
        conn = self._messaging.get(key)
        if conn and conn in qm.state.tables["conn"]:
            return conn
        try:
            conn = qm.connect(
                ConnectRequest(
                    MQWEB_APPLTAG,
                    "BATCH",
                    user,
                    process_owner(),
                    appldesc="mqsc serve REST API",
                )
            )
        except NotConnected:
            return ""
        self._messaging[key] = conn
        return conn

    def close(self) -> None:
        """Stop the command servers, end the messaging connections, commit and close every
        open queue manager."""
        for server in list(self._servers.values()):
            server.stop()
        for (name, _), conn in list(self._messaging.items()):
            qm = self._open.get(name)
            if qm is not None:
                with self.lock(name):
                    try:
                        qm.disconnect(conn)
                        self._commit(qm)
                    except Exception:  # noqa: BLE001 - closing: the next opener ends it
                        pass
        self._messaging.clear()
        for name in list(self._open):
            with self.lock(name):
                self._open.pop(name).close()


class _CommandServer:
    """One thread per queue manager taking work off its queue, a group at a time."""

    def __init__(self, registry: Registry, name: str) -> None:
        self.registry = registry
        self.name = name
        self.queue: queue.SimpleQueue = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._loop, name=f"mqsc-{name}", daemon=True)
        self.thread.start()

    def submit(self, work: Callable[[QueueManager], T]) -> Future[T]:
        future: Future[T] = Future()
        self.queue.put((work, future))
        return future

    def stop(self) -> None:
        self.queue.put(None)
        self.thread.join(timeout=30)

    def _loop(self) -> None:
        while True:
            item = self.queue.get()
            if item is None:
                return
            batch = [item]
            while len(batch) < self.registry.group:
                try:
                    more = self.queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self.queue.put(None)
                    break
                batch.append(more)
            self._run(batch)

    def _run(self, batch: list) -> None:
        done: list[tuple[Future, object, BaseException | None]] = []
        with self.registry.lock(self.name):
            try:
                qm = self.registry._get(self.name)
            except Exception as error:  # noqa: BLE001 - handed to every caller
                for _, future in batch:
                    future.set_exception(error)
                return
            for work, future in batch:
                try:
                    done.append((future, work(qm), None))
                except Exception as error:  # noqa: BLE001 - the caller's to answer
                    done.append((future, None, error))
            try:
                self.registry._commit(qm)
            except Exception as error:  # noqa: BLE001 - nothing in the group is durable
                # The replies say unavailable: the state they describe must not stay in
                # memory either (reopened from the database on the next request).
                self.registry._discard(self.name)
                for future, _, _ in done:
                    future.set_exception(QmgrUnavailable(str(error)))
                return
        for future, value, failure in done:
            if failure is not None:
                future.set_exception(failure)
            else:
                future.set_result(value)
