"""Process definitions: DEFINE / ALTER / DELETE / DISPLAY PROCESS (IBM MQ 9.4 for z/OS,
"DEFINE PROCESS", "DISPLAY PROCESS"): the application a trigger monitor starts when a queue
that names the process has a trigger event."""

from __future__ import annotations

from mqsc.catalog import common
from mqsc.catalog.common import K, table
from mqsc.catalog.model import (
    S_2CR,
    Choice,
    CommandSpec,
    Family,
    Name,
    NameRule,
    ObjectType,
    Text,
)

OBJECT_TYPES = (
    ObjectType(
        "PROCESS", ("PRO",), "process definition (the application a trigger starts)", rank=16
    ),
)

PROCESS_NAME = Name(NameRule.PROCESS, 48)
_QSGDISP = Choice(("QMGR", "COPY", "GROUP"))
#: APPLTYPE values IBM lists; z/OS's default is CICS (the syntax diagram's default for the
#: platform). A number 0-65535 (a user-defined type) is not accepted here (UNVERIFIED gap).
_APPLTYPES = (
    "CICS",
    "DEF",
    "DOS",
    "IMS",
    "MVS",
    "NSK",
    "OS400",
    "UNIX",
    "WINDOWS",
    "WINDOWSNT",
    "WLM",
    "OS2",
)

PROCESS = table(
    K("PROCESS", PROCESS_NAME, width=48, help="process name", verified="DEFINE PROCESS"),
    K(
        "QSGDISP",
        _QSGDISP,
        default="QMGR",
        width=10,
        help="disposition in the queue sharing group",
        verified="DEFINE PROCESS",
    ),
    K("DESCR", Text(64), default="", width=64, help="description", verified="DEFINE PROCESS"),
    K(
        "APPLTYPE",
        Choice(_APPLTYPES),
        default="CICS",
        width=10,
        help="type of the application started",
        verified="DEFINE PROCESS (z/OS default CICS)",
    ),
    K(
        "APPLICID",
        Text(256),
        default="",
        width=256,
        help="the application to start (a CICS transaction id, an MVS program...)",
        verified="DEFINE PROCESS",
    ),
    K(
        "ENVRDATA",
        Text(128),
        default="",
        width=128,
        help="environment data for the application",
        verified="DEFINE PROCESS",
    ),
    K(
        "USERDATA",
        Text(128),
        default="",
        width=128,
        help="user data for the application",
        verified="DEFINE PROCESS",
    ),
    K("ALTDATE", Text(12), width=12, help="date of the last change"),
    K("ALTTIME", Text(8), width=8, help="time of the last change"),
)
PROCESS_SETTABLE = ("DESCR", "APPLTYPE", "APPLICID", "ENVRDATA", "USERDATA")

FAMILY = Family(
    objtype="PROCESS",
    attributes=PROCESS,
    identity=("PROCESS", "QSGDISP"),
    reply="MQSC407I",
    settable=(*PROCESS_SETTABLE, "QSGDISP"),
    table="process",
    default_object="SYSTEM.DEFAULT.PROCESS",
    group_table="gprocess",
    json_key="processes",
    detail="APPLICID",
)

FAMILIES = {"PROCESS": FAMILY}

_SETTABLE = common.pick(PROCESS, PROCESS_SETTABLE)
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
        "PROCESS",
        PROCESS_NAME,
        common.merged(
            _SETTABLE,
            common.table(
                common.like(PROCESS_NAME),
                common.REPLACE,
                common.CMDSCOPE,
                common.qsgdisp("QMGR", "COPY", "GROUP"),
            ),
        ),
        S_2CR,
        "CSQMAPRC",
        verified="DEFINE PROCESS (module name UNVERIFIED)",
        help="define a process (what a trigger starts)",
    ),
    CommandSpec(
        "ALTER",
        "PROCESS",
        PROCESS_NAME,
        common.merged(
            _SETTABLE, common.table(common.CMDSCOPE, common.qsgdisp("QMGR", "COPY", "GROUP"))
        ),
        S_2CR,
        "CSQMAPRC",
        verified="ALTER PROCESS",
        help="change a process definition",
    ),
    CommandSpec(
        "DELETE",
        "PROCESS",
        PROCESS_NAME,
        common.table(common.CMDSCOPE, common.qsgdisp("QMGR", "COPY", "GROUP")),
        S_2CR,
        "CSQMUPRC",
        verified="DELETE PROCESS",
        help="delete a process definition",
    ),
    CommandSpec(
        "DISPLAY",
        "PROCESS",
        Name(NameRule.PROCESS, 48, generic=True),
        _DISPLAY,
        S_2CR,
        "CSQMDRTS",
        requestable=frozenset(n for n in PROCESS if n != "PROCESS"),
        where=frozenset(n for n in PROCESS if n not in ("PROCESS", "QSGDISP")),
        verified="DISPLAY PROCESS",
        help="show process definitions",
    ),
)
