"""The server's queue managers as one network: their channels reach each other (and the other
queue managers of the home, opened through the server's registry, never a second time).

`mqsc serve` holds several queue managers of the home at once, each driven by its own command
server thread under its own lock (mqsc/serve/qmgrs.py). A channel touches two of them (its
sender's and its receiver's), so while the network works it holds the lock of every member it
can have (reentrant: a command server thread already holds its own), one thread at a time.
A thread that finds another in the network does not wait for it (that one may be waiting
for this thread's queue manager): it leaves a note, and the other looks again when done. A
member whose lock another thread keeps past ``wait`` seconds (a job holding it) is left out
of that look, as a partner another process holds is
(:class:`~mqsc.network.homenetwork.HomeNetwork`): its channels move at the next command.

Each committed step of a channel (docs/channels.md, "Channel synchronization") is made durable
before the next one: a member's open group of commands is committed right after a channel
step changed it. A member whose commit fails is dropped and opened again from its database
(its memory held what the disk does not), and the step counts as not done: a batch its
partner could not commit backs out on the sending side, as between processes.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

from mqsc.engine.manager import QueueManager
from mqsc.network.homenetwork import HomeNetwork
from mqsc.network.transport import REFUSED, Network
from mqsc.store.errors import StoreError

#: How long a START CHANNEL waits for another thread's network look to end (seconds).
NET_WAIT = 1.0
#: How many channel console messages the server keeps (nobody reads them between requests).
KEEP_CONSOLE = 1000


class QmgrLock:
    """A queue manager's lock in the server: reentrant, and it knows its owner thread (a
    channel step from one queue manager's command server takes its partner's lock too)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.owner: int | None = None
        self.depth = 0

    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool:
        me = threading.get_ident()
        if self.owner == me:
            self.depth += 1
            return True
        if not self._lock.acquire(blocking, timeout):
            return False
        self.owner, self.depth = me, 1
        return True

    def release(self) -> None:
        self.depth -= 1
        if self.depth == 0:
            self.owner = None
            self._lock.release()

    def held(self) -> bool:
        """Whether this thread holds it."""
        return self.owner == threading.get_ident()

    def __enter__(self) -> QmgrLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


class Members(Protocol):
    """What the network needs of the server's registry."""

    memory: bool

    def lock(self, name: str) -> QmgrLock: ...

    def open_member(self, name: str) -> QueueManager | None: ...

    def commit_member(self, qm: QueueManager) -> None: ...

    def drop_member(self, name: str) -> None: ...

    def member_names(self) -> list[str]: ...


class ServerNetwork(HomeNetwork):
    """The queue managers the server has open, and the home's others opened through it."""

    def __init__(self, registry: Members, *, wait: float = 5.0) -> None:
        Network.__init__(self)
        self.registry = registry
        self.wait = wait
        self.opened = []
        self._loaded = False
        self._skipped: set[str] = set()
        self._net = threading.RLock()
        self._pending = False
        self._local = threading.local()

    # ---- the registry's queue managers ----------------------------------------------------
    def _home_names(self) -> list[str]:  # type: ignore[override]  # per server, not static
        return self.registry.member_names()

    def _load(self, again: bool = False) -> None:
        if self._loaded and not again:
            return
        self._loaded = True
        for name in self._home_names():
            self._open(name)

    def _open(self, name: str) -> QueueManager | None:
        if name in self.members or name in self._skipped:
            return self.members.get(name)
        lock = self.registry.lock(name)
        before = lock.held()
        if not lock.acquire(timeout=self.wait):
            return None  # another thread keeps it: unreachable for this look
        try:
            qm = self.registry.open_member(name)  # joins through add() when it can
        except BaseException:
            lock.release()
            raise
        if qm is None or qm.network is not self:
            lock.release()
            self._skipped.add(name)
            return None
        if getattr(self._local, "depth", 0):
            # Kept until the look ends, as _hold keeps the others'.
            self._acquired().append(lock)
            if not before:
                self._mine().add(name)
        else:
            lock.release()
        return qm

    def detach(self, qm: QueueManager) -> None:
        """A member is closed or dropped (its group commit failed): it leaves. (No lock:
        the thread dropping it holds its lock, which a network look may be waiting for.)"""
        self.leave(qm)
        self._skipped.discard(qm.name)

    # ---- holding the members ----------------------------------------------------------------
    def _mine(self) -> set[str]:
        return self._local.__dict__.setdefault("mine", set())

    def _acquired(self) -> list[QmgrLock]:
        return self._local.__dict__.setdefault("acquired", [])

    @contextmanager
    def _hold(self, net_wait: float | None) -> Iterator[bool]:
        """Hold every member this thread can have (True), or nothing when another thread is
        in the network and does not leave it within ``net_wait`` seconds (None: at once):
        a thread holding its own queue manager's lock must not wait long for the network,
        whose holder may be waiting for that lock."""
        depth = getattr(self._local, "depth", 0)
        if depth:
            self._local.depth = depth + 1
            try:
                yield True
            finally:
                self._local.depth -= 1
            return
        got = (
            self._net.acquire(blocking=False)
            if net_wait is None
            else self._net.acquire(timeout=net_wait)
        )
        if not got:
            yield False
            return
        try:
            self._local.depth = 1
            self._local.mine, self._local.acquired = set(), []
            hidden: dict[str, QueueManager] = {}
            for name, qm in sorted(list(self.members.items())):
                lock = self.registry.lock(name)
                before = lock.held()
                if lock.acquire(timeout=self.wait):
                    self._local.acquired.append(lock)
                    if not before:
                        self._local.mine.add(name)
                elif self.members.get(name) is qm:
                    hidden[name] = self.members.pop(name)
            try:
                yield True
            finally:
                for name, qm in hidden.items():
                    if qm.network is self:
                        self.members.setdefault(name, qm)
                for lock in reversed(self._local.acquired):
                    lock.release()
                self._local.depth = 0
                self._local.mine, self._local.acquired = set(), []
        finally:
            self._net.release()

    def settle(self, qm: QueueManager | None = None) -> None:
        # Read without the locks: a server whose queue managers have no channel initiator
        # active pays nothing per command.
        if not self._loaded and not any(m.info.chinit.active for m in list(self.members.values())):
            return
        while True:
            with self._hold(None) as held:
                if not held:
                    # Another thread is moving messages: it looks again when it is done,
                    # and finds what this command did once this command's lock is free.
                    self._pending = True
                    return
                self._pending = False
                self._load()
                try:
                    Network.settle(self, qm)
                except StoreError:
                    pass  # a member's database held by another process: the next command
            if not self._pending:
                return

    def partner(self, qm: QueueManager, conname: str, channel: str) -> str:
        with self._hold(NET_WAIT) as held:
            if not held:
                return "the partner queue manager is busy"
            return super().partner(qm, conname, channel)

    def reach(self, conname: str) -> QueueManager | None:
        with self._hold(NET_WAIT) as held:
            return super().reach(conname) if held else None

    def _attempt(self, qm: QueueManager, step) -> str:
        # Every step goes through here (Network._step as well as a batch's delivery), so each
        # one that changed a queue manager is committed before the next.
        if qm.name not in self.members:
            return REFUSED  # dropped during this look (its commit failed)
        changed: list[int] = []

        def note(*change: object) -> None:
            changed.append(1)

        qm.subscribe(note)
        try:
            done = super()._attempt(qm, step)
        finally:
            qm.unsubscribe(note)
        del self.console[:-KEEP_CONSOLE]
        if changed:
            try:
                self.registry.commit_member(qm)
            except Exception:  # noqa: BLE001 - the step is not durable: not done
                if qm.name in self._mine():
                    self.registry.drop_member(qm.name)  # memory back to what the disk holds
                return REFUSED
        return done
