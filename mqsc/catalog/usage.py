"""DISPLAY USAGE: page set, buffer pool and log usage reports (IBM MQ for z/OS,
"DISPLAY USAGE")."""

from __future__ import annotations

from mqsc.catalog import common
from mqsc.catalog.common import K, table
from mqsc.catalog.model import (
    S_2CR,
    Choice,
    CommandSpec,
    Integer,
    ObjectType,
)

OBJECT_TYPES = (ObjectType("USAGE", (), "page set, buffer pool and log usage", rank=60),)

USAGE = table(
    K(
        "PSID",
        Integer(0, 99, star=True),
        default="*",
        range_msg="CSQI002I",
        help="page set to report on, or * for all",
        verified="[DOC-DISUSAGE]",
    ),
    K(
        "TYPE",
        Choice(("PAGESET", "DATASET", "SMDS", "ALL")),
        default="PAGESET",
        help="what to report",
        verified="[DOC-DISUSAGE]",
    ),
)

FAMILIES: dict = {}

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "DISPLAY",
        "USAGE",
        None,
        common.merged(USAGE, common.table(common.CMDSCOPE)),
        S_2CR,
        "CSQIDUSE",
        name_required=False,
        verified="[DOC-DISUSAGE]",
        help="page set, buffer pool and log usage reports",
    ),
)
