"""Page sets: DEFINE / ALTER / DELETE PSID (IBM MQ for z/OS, "DEFINE PSID")."""

from __future__ import annotations

from mqsc.catalog import common
from mqsc.catalog.common import K, table
from mqsc.catalog.model import (
    S_1CR,
    S_CR,
    Choice,
    CommandSpec,
    Integer,
    Name,
    NameRule,
    ObjectType,
    Resource,
)

OBJECT_TYPES = (ObjectType("PSID", (), "page set", rank=40),)

PSID_ID = K(
    "PSID",
    Integer(0, 99),
    range_msg="CSQP003I",
    help="page set number 0-99",
    verified="[DOC-DEFPSID], CSQP003I",
)
PSID = table(
    K(
        "BUFFPOOL",
        Integer(0, 99),
        default=0,
        range_msg="CSQP002I",
        width=10,
        help="buffer pool the page set uses",
        verified="[DOC-DEFPSID]",
    ),
    K(
        "DSN",
        Name(NameRule.DSN, 44),
        width=44,
        help="VSAM linear data set (only when adding a page set while running)",
        verified="[DOC-DEFPSID]",
    ),
    K(
        "EXPAND",
        Choice(("USER", "SYSTEM", "NONE")),
        default="USER",
        width=10,
        help="dynamic expansion: secondary extent, 10% (SYSTEM), or none",
        verified="[DOC-DEFPSID]",
    ),
)

FAMILIES: dict = {}
RESOURCES = {"PSID": Resource("PSID", table="pageset", json_key="pageSets", id_keyword=PSID_ID)}

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "DEFINE",
        "PSID",
        PSID_ID.kind,
        PSID,
        S_1CR,
        "CSQPAPSD",
        verified="[DOC-DEFPSID]",
        help="define a page set (DSN only while running)",
    ),
    CommandSpec(
        "ALTER",
        "PSID",
        PSID_ID.kind,
        common.pick(PSID, ("EXPAND",)),
        S_CR,
        "CSQPAPSD",
        required=("EXPAND",),
        verified="[DOC-ALTPSID]",
        help="change expansion; also resets 'no further expansion'",
    ),
    CommandSpec(
        "DELETE",
        "PSID",
        PSID_ID.kind,
        {},
        S_CR,
        "CSQPUPSD",
        help="delete a page set no storage class or message uses (UNVERIFIED syntax)",
    ),
)
