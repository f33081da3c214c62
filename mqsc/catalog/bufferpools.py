"""Buffer pools: DEFINE / ALTER / DELETE BUFFPOOL (IBM MQ for z/OS, "DEFINE BUFFPOOL")."""

from __future__ import annotations

from mqsc.catalog import common
from mqsc.catalog.common import MAX9, K, table
from mqsc.catalog.model import (
    S_1,
    S_2CR,
    Choice,
    CommandSpec,
    Integer,
    ObjectType,
    Resource,
)

OBJECT_TYPES = (ObjectType("BUFFPOOL", ("BP",), "buffer pool", rank=30),)

BUFFPOOL_ID = K(
    "BUFFPOOL",
    Integer(0, 99),
    synonyms=("BP",),
    range_msg="CSQP002I",
    help="buffer pool number 0-99",
    verified="[DOC-DEFBP], CSQP002I",
)
BUFFPOOL = table(
    K(
        "BUFFERS",
        Integer(100, MAX9),
        default=1000,
        range_msg="CSQP005I",
        width=10,
        help="number of 4 KB buffers: 100-500,000 BELOW, 100-999,999,999 ABOVE",
        verified="[DOC-DEFBP] (default from the diagram; text says required)",
    ),
    K(
        "LOCATION",
        Choice(("BELOW", "ABOVE")),
        synonyms=("LOC",),
        default="BELOW",
        width=10,
        help="31-bit (BELOW) or 64-bit (ABOVE) storage",
        verified="[DOC-DEFBP]",
    ),
    K(
        "PAGECLAS",
        Choice(("4KB", "FIXED4KB")),
        default="4KB",
        width=10,
        help="pageable 4KB or page-fixed FIXED4KB frames",
        verified="[DOC-DEFBP]",
    ),
)

FAMILIES: dict = {}
RESOURCES = {
    "BUFFPOOL": Resource("BUFFPOOL", table="pool", json_key="bufferPools", id_keyword=BUFFPOOL_ID)
}

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "DEFINE",
        "BUFFPOOL",
        BUFFPOOL_ID.kind,
        common.merged(BUFFPOOL, common.table(common.REPLACE)),
        S_1,
        "CSQPABPL",
        verified="[DOC-DEFBP]",
        help="define a buffer pool (CSQINP1 only)",
    ),
    CommandSpec(
        "ALTER",
        "BUFFPOOL",
        BUFFPOOL_ID.kind,
        BUFFPOOL,
        S_2CR,
        "CSQPABPL",
        verified="[DOC-ALTBP]",
        help="change a buffer pool; runs asynchronously",
    ),
    CommandSpec(
        "DELETE",
        "BUFFPOOL",
        BUFFPOOL_ID.kind,
        {},
        S_2CR,
        "CSQPUBPL",
        verified="[DOC-DELBP]",
        help="delete a buffer pool no page set uses",
    ),
)
