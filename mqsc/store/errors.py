"""The errors of the state store (no imports from the rest of the store, so every store
module can raise them)."""

from __future__ import annotations


class StoreError(Exception):
    """A state database cannot be used; nothing was changed."""


class StoreBusy(StoreError):
    """Another process held the queue manager for longer than the wait allows, or has it open
    while it would be removed."""
