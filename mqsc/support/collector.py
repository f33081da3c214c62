"""Pausing Python's cyclic garbage collector around one bulk operation.

A DISPLAY of 50,000 queues builds hundreds of thousands of small records, tuples and dicts,
and JSON output as many again; reference counting frees them all, none is part of a cycle.
Meanwhile the collector examines the young objects every 700 allocations, and each time enough
of them survive it walks every object the process holds (the 50,000 queue definitions and
their log records included): a quarter of the time of DISPLAY QLOCAL(*) rendered as JSON
(docs/performance.md, S3). Paused for the length of one such operation, it changes nothing
else: a cycle made meanwhile is collected by the first collection after it.
"""

from __future__ import annotations

import gc

#: Records in a result from which rendering it is a bulk operation.
BULK = 1000


class paused:
    """``with paused():`` the collector is off inside, and back as it was after (nesting is
    fine: only the outermost pause turns it back on)."""

    __slots__ = ("_was_on",)

    def __enter__(self) -> None:
        self._was_on = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self._was_on:
            gc.enable()
