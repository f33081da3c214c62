"""The queue managers one server serves, each opened once and driven by one command at a time.

z/OS's command server takes the commands for a queue manager off its command queue one after
another (IBM MQ for z/OS, "The command server"); so does this: every command for a queue
manager holds that queue manager's lock, while commands for different queue managers run
side by side in the server's worker threads. The lock also orders the commands of other
``mqsc`` processes sharing the state database: the store's gate brings their changes in before
each command (docs/state.md).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

from mqsc.engine.manager import QueueManager
from mqsc.store import StoreError
from mqsc.store.home import DEFAULT_QMGR, QMgrError, home, load_definition, open_qmgr

T = TypeVar("T")


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
    """Open queue managers by name, each with its lock; ``memory`` serves throw-away ones."""

    def __init__(self, *, memory: bool = False, clock=None) -> None:
        self.memory = memory
        self.clock = clock
        self._open: dict[str, QueueManager] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        #: Jobs take the queue managers they connect to one by one: one job at a time, so two
        #: jobs never wait for each other's locks.
        self.jobs = threading.Lock()

    def names(self) -> dict[str, Known]:
        known = known_qmgrs()
        for name, qm in self._open.items():
            known.setdefault(name, Known(name, qm.cpf, qm.info.qsg))
        return known

    def by_cpf(self, cpf: str) -> Known | None:
        """The queue manager whose command prefix is ``cpf`` (or whose name is, as QMZ1's)."""
        upper = cpf.upper()
        for known in self.names().values():
            if known.cpf == upper:
                return known
        return None

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
        rest = text[len(best.cpf):]
        if rest and not rest[0].isspace() and best.cpf[-1].isalnum():
            return None  # QMZ1X is not QMZ1's prefix followed by a command
        return best.name, text

    def lock(self, name: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(name.upper(), threading.Lock())

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
            self._open[key] = qm
        return qm

    def run(self, name: str, work: Callable[[QueueManager], T]) -> T:
        """``work(qm)`` with the queue manager's lock held (call from a worker thread)."""
        with self.lock(name):
            return work(self._get(name))

    @contextmanager
    def holding(self) -> Iterator[Callable[[str], QueueManager | None]]:
        """For a job: a connect function that takes each queue manager's lock on first use
        and keeps it until the job ends."""
        held: list[threading.Lock] = []

        def connect(name: str) -> QueueManager | None:
            key = name.upper()
            lock = self.lock(key)
            if lock not in held:
                lock.acquire()
                held.append(lock)
            try:
                return self._get(key)
            except (NoSuchQmgr, QmgrUnavailable):
                return None

        with self.jobs:
            try:
                yield connect
            finally:
                for lock in reversed(held):
                    lock.release()

    def close(self) -> None:
        """Commit and close every open queue manager."""
        for name in list(self._open):
            with self.lock(name):
                self._open.pop(name).close()
