"""Namelists: DEFINE / ALTER / DELETE / DISPLAY NAMELIST (IBM MQ 9.4 for z/OS, "DEFINE
NAMELIST", "DISPLAY NAMELIST"): a list of names - clusters (a queue's CLUSNL), queues,
authentication information objects."""

from __future__ import annotations

from mqsc.catalog import common
from mqsc.catalog.common import K, table
from mqsc.catalog.model import (
    S_2CR,
    Choice,
    CommandSpec,
    Family,
    Integer,
    Name,
    NameList,
    NameRule,
    ObjectType,
    Text,
)

OBJECT_TYPES = (ObjectType("NAMELIST", ("NL",), "namelist: a list of names", rank=17),)

NAMELIST_NAME = Name(NameRule.NAMELIST, 48)
_QSGDISP = Choice(("QMGR", "COPY", "GROUP"))

NAMELIST = table(
    K("NAMELIST", NAMELIST_NAME, width=48, help="namelist name", verified="DEFINE NAMELIST"),
    K(
        "QSGDISP",
        _QSGDISP,
        default="QMGR",
        width=10,
        help="disposition in the queue sharing group",
        verified="DEFINE NAMELIST",
    ),
    K("DESCR", Text(64), default="", width=64, help="description", verified="DEFINE NAMELIST"),
    # NLTYPE is z/OS only (IBM "DEFINE NAMELIST"; its value Q, a synonym of QUEUE, is not
    # accepted here).
    K(
        "NLTYPE",
        Choice(("NONE", "QUEUE", "CLUSTER", "AUTHINFO")),
        default="NONE",
        width=10,
        help="what the names are: NONE, QUEUE, CLUSTER or AUTHINFO",
        verified="DEFINE NAMELIST (NLTYPE, z/OS only)",
    ),
    K(
        "NAMCOUNT",
        Integer(0, 256),
        width=10,
        help="how many names the list holds",
        verified="DISPLAY NAMELIST",
    ),
    K(
        "NAMES",
        NameList(NameRule.QUEUE, 48, 256),
        default=(),
        width=48,
        help="the names (up to 256, each up to 48 characters)",
        verified="DEFINE NAMELIST",
    ),
    K("ALTDATE", Text(12), width=12, help="date of the last change"),
    K("ALTTIME", Text(8), width=8, help="time of the last change"),
)
NAMELIST_SETTABLE = ("DESCR", "NLTYPE", "NAMES")

FAMILY = Family(
    objtype="NAMELIST",
    attributes=NAMELIST,
    identity=("NAMELIST", "QSGDISP"),
    reply="MQSC408I",
    settable=(*NAMELIST_SETTABLE, "QSGDISP"),
    table="namelist",
    default_object="SYSTEM.DEFAULT.NAMELIST",
    group_table="gnamelist",
    json_key="namelists",
    detail="NLTYPE",
)

FAMILIES = {"NAMELIST": FAMILY}

_SETTABLE = common.pick(NAMELIST, NAMELIST_SETTABLE)
_DISPLAY = common.table(
    common.ALL,
    common.CMDSCOPE,
    K(
        "QSGDISP",
        Choice(common.DISPLAY_QSGDISP[:-1]),
        default="LIVE",
        help="which dispositions to show",
    ),
)

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "DEFINE",
        "NAMELIST",
        NAMELIST_NAME,
        common.merged(
            _SETTABLE,
            common.table(
                common.like(NAMELIST_NAME),
                common.REPLACE,
                common.CMDSCOPE,
                common.qsgdisp("QMGR", "COPY", "GROUP"),
            ),
        ),
        S_2CR,
        "CSQMANLC",
        verified="DEFINE NAMELIST (module name UNVERIFIED)",
        help="define a namelist",
    ),
    CommandSpec(
        "ALTER",
        "NAMELIST",
        NAMELIST_NAME,
        common.merged(
            _SETTABLE, common.table(common.CMDSCOPE, common.qsgdisp("QMGR", "COPY", "GROUP"))
        ),
        S_2CR,
        "CSQMANLC",
        verified="ALTER NAMELIST",
        help="change a namelist",
    ),
    CommandSpec(
        "DELETE",
        "NAMELIST",
        NAMELIST_NAME,
        common.table(common.CMDSCOPE, common.qsgdisp("QMGR", "COPY", "GROUP")),
        S_2CR,
        "CSQMUNLC",
        verified="DELETE NAMELIST",
        help="delete a namelist",
    ),
    CommandSpec(
        "DISPLAY",
        "NAMELIST",
        Name(NameRule.NAMELIST, 48, generic=True),
        _DISPLAY,
        S_2CR,
        "CSQMDRTS",
        requestable=frozenset(n for n in NAMELIST if n != "NAMELIST"),
        where=frozenset(n for n in NAMELIST if n not in ("NAMELIST", "QSGDISP")),
        verified="DISPLAY NAMELIST",
        help="show namelists",
    ),
)
