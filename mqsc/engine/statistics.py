"""Buffer pool and page set statistics of the current interval, as plain data with the SMF 115
field names (QPST for buffer pools, QIS1 for page sets): ``mqsc stats``, the console's
``\\stats`` and the web console's charts read them.

They are read from SMF records, so what ``mqsc stats`` shows and what the statistics trace
writes are one thing: the subtype 215 and 201 records the interval in progress would write now
(mqsc/engine/smf), laid out as bytes and read back (docs/smf.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mqsc.engine.smf import build, record
from mqsc.engine.smf import collect as smf_collect
from mqsc.engine.smf.build import StatFigures
from mqsc.engine.state import Txn

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.manager import QueueManager


def collect(qm: QueueManager) -> dict:
    """The statistics as plain data: ``bufferPools`` and ``pageSets``, each by id, their
    figures by QPST / QIS1 field (after the prefix: NBUF, GETP, TOPG...)."""
    txn = Txn(qm.state)
    now = qm.clock()
    figures = StatFigures(
        qm.name, now, now, pools=smf_collect.pools(txn), pagesets=smf_collect.pagesets(txn)
    )
    records = [record.decode(record.encode(r)) for r in build.statistics(figures, frozenset({2}))]
    data = build.pool_and_pageset_figures(records)
    return {"bufferPools": data["bufferPools"], "pageSets": data["pageSets"]}
