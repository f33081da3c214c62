"""Buffer pool and page set statistics as text tables (``mqsc stats``, the console's
``\\stats``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mqsc.engine.records import PAGESET_FIELDS, POOL_FIELDS


def text_lines(qmgr: str, data: Mapping[str, Any]) -> list[str]:
    """The statistics as two tables (also the console's ``\\stats``)."""
    lines = [
        f"Buffer pool statistics for {qmgr} (QPST)",
        " Pool" + "".join(f"{label:>9}" for label, _ in POOL_FIELDS),
    ]
    for key, row in data["bufferPools"].items():
        lines.append(f" {key:>4}" + "".join(f"{row[label]:>9}" for label, _ in POOL_FIELDS))
    lines += [
        f"Page set statistics for {qmgr} (QIS1)",
        " PSID" + "".join(f"{label:>9}" for label, _ in PAGESET_FIELDS),
    ]
    for key, row in data["pageSets"].items():
        lines.append(f" {key:>4}" + "".join(f"{row[label]:>9}" for label, _ in PAGESET_FIELDS))
    return lines
