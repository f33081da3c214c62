"""The VSAM clusters a queue manager can see: what ``DEFINE PSID(n) DSN(name)`` needs.

On z/OS a page set is a VSAM linear data set that IDCAMS DEFINE CLUSTER allocated and CSQUTIL
FORMAT formatted; a page set added while the queue manager runs names it in DSN and must be
"freshly formatted" (IBM MQ "DEFINE PSID", usage notes), and the data set's size is the page
set's size. The engine does not know where data sets live (batch jobs keep them in their
catalog directory), so whoever runs the queue manager may give it a :class:`VsamCatalog`; a queue
manager without one (the console, ``mqsc run``) accepts any DSN and sizes the page set from
its ``mqsc.toml``, as before.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol


class PageSetDataSet(NamedTuple):
    """A cluster as the queue manager sees it: its size in 4 KB pages (primary allocation),
    its secondary allocation (pages each expansion adds), and whether CSQUTIL FORMAT has
    prepared it as a page set (and for what: NEW, RECOVER or REPLACE)."""

    name: str
    pages: int
    secondary: int
    formatted: str  # "" when never formatted


class VsamCatalog(Protocol):
    """The catalog a queue manager consults for page set data sets."""

    def page_set_data_set(self, dsn: str) -> PageSetDataSet | None:
        """The cluster called ``dsn``, or None when the catalog has none."""


class LogCatalog(Protocol):
    """The data set catalog of the log's data sets: where DEFINE LOG finds the linear cluster it
    adds to the active log ring, and where the offload catalogs archive log data sets
    (CATALOG=YES). A batch job's catalog, or the home's for a queue manager the command line,
    the console or ``mqsc serve`` opened."""

    def log_data_set(self, dsn: str) -> int | None:
        """The size in bytes of linear cluster ``dsn``, or None when there is no such cluster."""

    def catalog_archive(self, dsn: str, info: dict[str, object]) -> None:
        """Catalog archive log data set ``dsn`` (``info``: its RBA range, times, unit)."""

    def bsds_data_set(self, dsn: str) -> bool:
        """Whether the catalog holds BSDS copy ``dsn`` (a VSAM key-sequenced cluster)."""

    def define_bsds(self, dsn: str, qmgr: str) -> None:
        """Catalog a key-sequenced cluster for BSDS copy ``dsn`` of queue manager ``qmgr``."""
