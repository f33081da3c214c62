"""What the front ends need from a state store, as a protocol: the embedded SQLite store
implements it, and a server database (for a queue sharing group spread over machines) would
implement the same (docs/qsg.md, "A server database later").

Rows are owned by a queue manager (its name) or by a queue sharing group (``QSG:name``); each
owner has a version number that every committed change bumps, so a session brings in only
what changed since it last looked.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol, cast, runtime_checkable

from mqsc.engine.group import Group
from mqsc.engine.log import LogRecord
from mqsc.engine.manager import QueueManager


@runtime_checkable
class Store(Protocol):
    """A durable home for queue managers and queue sharing groups."""

    path: Path

    # What it holds, and loading it.
    def names(self) -> list[str]: ...

    def groups(self) -> list[str]: ...

    def load(self, name: str) -> QueueManager: ...

    def load_group(self, qsg: str) -> Group: ...

    # Adding queue managers (a group's members join one by one), in explicit transactions.
    def begin(self) -> None: ...

    def add(self, qm: QueueManager, definition: Mapping[str, Any]) -> None: ...

    def commit(self) -> None: ...

    def rollback(self) -> None: ...

    # The gate around every command (mqsc.engine.manager.Gate), and grouped commits.
    def attach(self, qm: QueueManager) -> None: ...

    def enter(self, qm: QueueManager) -> None: ...

    def leave(self, qm: QueueManager) -> None: ...

    def flush_if_due(self, qm: QueueManager) -> None: ...

    def grouped(self, commands: int, seconds: float) -> None: ...

    #: Called each time a group of commands is committed (a front end shows their replies).
    on_durable: Callable[[], None] | None

    def close(self, qm: QueueManager) -> None: ...

    # The members' recovery logs (RECOVER CFSTRUCT reads every member's).
    def log_records(self, name: str, since: int = 0) -> list[LogRecord]: ...

    # Copies and removal (mqsc state backup / reset).
    def backup(self, target: str | os.PathLike[str]) -> None: ...

    def remove(self) -> None: ...


def store_of(qm: QueueManager) -> Store | None:
    """The state store a front end's queue manager is durable through (its gate), with what a
    front end may ask of it (grouped commits, flushing); None in memory."""
    return cast("Store | None", qm.gate)
