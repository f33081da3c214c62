"""Where a queue manager's SMF records go: the SMF data set of its system.

The engine hands finished records (bytes, each behind its RDW) to its sink once the work that
wrote them has committed; a front end gives a queue manager it opens from the home the home's
SMF data set (mqsc/store/smfdata.py). A queue manager built in memory keeps them in a
:class:`MemorySink`, where the Python API and the tests read them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class SmfSink(Protocol):
    """Takes SMF records, in the order written."""

    def append(self, records: Sequence[bytes]) -> None: ...


class MemorySink:
    """Records kept in memory, in order."""

    def __init__(self) -> None:
        self.records: list[bytes] = []

    def append(self, records: Sequence[bytes]) -> None:
        self.records.extend(records)

    def read(self) -> bytes:
        """All records so far, as a file of them."""
        return b"".join(self.records)
