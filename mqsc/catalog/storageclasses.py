"""Storage classes: DEFINE / ALTER / DELETE / DISPLAY STGCLASS (IBM MQ for z/OS,
"DEFINE STGCLASS"): a storage class maps queues to a page set."""

from __future__ import annotations

from mqsc.catalog import common
from mqsc.catalog.common import STGCLASS_NAME, K, table
from mqsc.catalog.model import (
    S_2CR,
    Choice,
    CommandSpec,
    Family,
    Integer,
    Name,
    NameRule,
    ObjectType,
    Text,
)

OBJECT_TYPES = (ObjectType("STGCLASS", ("STC",), "storage class", rank=20),)

STGCLASS = table(
    K("STGCLASS", STGCLASS_NAME, width=8, help="storage class name", verified="[DOC-DEFSTC]"),
    K(
        "QSGDISP",
        Choice(("QMGR", "COPY", "GROUP")),
        default="QMGR",
        width=10,
        help="disposition in the queue sharing group",
        verified="[DOC-DEFSTC]",
    ),
    K(
        "PSID",
        Integer(0, 99),
        default=0,
        range_msg="CSQI002I",
        width=10,
        help="page set that holds the messages of queues using this class",
        verified="[DOC-DEFSTC]; default from SYSTEMST (secondary sources)",
    ),
    K("DESCR", Text(64), default="", width=64, help="description", verified="[DOC-DEFSTC]"),
    K("PASSTKTA", Text(8), default="", width=8, help="IMS bridge PassTicket application name"),
    K("XCFGNAME", Text(8), default="", width=8, help="IMS bridge XCF group name"),
    K("XCFMNAME", Text(16), default="", width=16, help="IMS bridge XCF member name"),
    K("ALTDATE", Text(12), width=12, help="date of the last change", verified="[DOC-DISSTC]"),
    K("ALTTIME", Text(8), width=8, help="time of the last change", verified="[DOC-DISSTC]"),
)
STGCLASS_SETTABLE = ("DESCR", "PSID", "PASSTKTA", "XCFGNAME", "XCFMNAME")

FAMILY = Family(
    objtype="STGCLASS",
    attributes=STGCLASS,
    identity=("STGCLASS", "QSGDISP", "PSID"),
    reply="MQSC410I",
    settable=(*STGCLASS_SETTABLE, "QSGDISP"),
    table="stgclass",
    default_object="SYSTEMST",
    group_table="gstgclass",
    json_key="storageClasses",
)

_STC_DEFINE = common.merged(
    common.pick(STGCLASS, STGCLASS_SETTABLE),
    common.table(
        common.like(common.STGCLASS_NAME),
        common.REPLACE,
        common.CMDSCOPE,
        K("QSGDISP", Choice(("QMGR", "COPY", "GROUP")), default="QMGR"),
    ),
)
_STC_ALTER = common.merged(
    common.pick(STGCLASS, STGCLASS_SETTABLE),
    common.table(common.CMDSCOPE, K("QSGDISP", Choice(("QMGR", "COPY", "GROUP")), default="QMGR")),
)
_STC_DISPLAY = common.table(
    common.ALL,
    common.CMDSCOPE,
    K(
        "PSID",
        Integer(0, 99, star=True),
        range_msg="CSQI002I",
        help="only storage classes mapped to this page set",
        verified="[DOC-DISSTC]",
    ),
    K("QSGDISP", Choice(common.DISPLAY_QSGDISP[:-1]), default="LIVE"),
)

_GENERIC_STC = Name(NameRule.STGCLASS, 8, generic=True)

FAMILIES = {"STGCLASS": FAMILY}

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "DEFINE",
        "STGCLASS",
        common.STGCLASS_NAME,
        _STC_DEFINE,
        S_2CR,
        "CSQMASTC",
        verified="[DOC-DEFSTC]",
        help="define a storage class (maps queues to a page set)",
    ),
    CommandSpec(
        "ALTER",
        "STGCLASS",
        common.STGCLASS_NAME,
        _STC_ALTER,
        S_2CR,
        "CSQMASTC",
        verified="[GH-MS0S]",
        help="change a storage class no queue uses",
    ),
    CommandSpec(
        "DELETE",
        "STGCLASS",
        common.STGCLASS_NAME,
        common.table(
            common.CMDSCOPE, K("QSGDISP", Choice(("QMGR", "COPY", "GROUP")), default="QMGR")
        ),
        S_2CR,
        "CSQMUSTC",
        verified="[GH-MS0S]",
        help="delete a storage class no queue uses",
    ),
    CommandSpec(
        "DISPLAY",
        "STGCLASS",
        _GENERIC_STC,
        _STC_DISPLAY,
        S_2CR,
        "CSQMDRTS",
        requestable=frozenset(n for n in STGCLASS if n != "STGCLASS"),
        where=frozenset(n for n in STGCLASS if n not in ("STGCLASS", "QSGDISP")),
        verified="[DOC-DISSTC]",
        help="show storage classes",
    ),
)
