"""Durable state: one SQLite database per queue manager (or per queue sharing group).

See docs/state.md. :class:`~mqsc.store.sqlite.StateStore` persists every committed command
before its completion is reported, serialises processes sharing a queue manager, and keeps the
recovery log's records.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mqsc.store.errors import StoreBusy, StoreError

if TYPE_CHECKING:
    from mqsc.store.sqlite import StateStore

__all__ = ["StateStore", "StoreBusy", "StoreError"]


def __getattr__(name: str) -> object:
    # sqlite3 and the store are imported when a durable queue manager is opened, not by
    # `mqsc run --memory` (the start-up of S1), which only needs StoreError.
    if name == "StateStore":
        from mqsc.store.sqlite import StateStore  # noqa: PLC0415 - start-up: sqlite3 and the store only for a durable queue manager (`mqsc run --memory` needs neither)

        return StateStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
