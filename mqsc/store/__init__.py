"""Durable state: one SQLite database per queue manager (or per queue sharing group).

See docs/state.md. :class:`~mqsc.store.sqlite.StateStore` persists every committed command
before its completion is reported, serialises processes sharing a queue manager, and keeps the
recovery log's records.
"""

from mqsc.store.errors import StoreBusy, StoreError
from mqsc.store.sqlite import StateStore

__all__ = ["StateStore", "StoreBusy", "StoreError"]
