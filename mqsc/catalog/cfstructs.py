"""Coupling facility structures: DEFINE / ALTER / DELETE / DISPLAY CFSTRUCT, DISPLAY CFSTATUS,
BACKUP / RECOVER / RESET CFSTRUCT (IBM MQ for z/OS, "DEFINE CFSTRUCT", "BACKUP CFSTRUCT")."""

from __future__ import annotations

from mqsc.catalog import common
from mqsc.catalog.common import CFSTRUCT_NAME, MAX9, NO_YES, K, table
from mqsc.catalog.model import (
    S_2CR,
    S_CR,
    Choice,
    CommandSpec,
    Family,
    Integer,
    Name,
    NameList,
    NameRule,
    ObjectType,
    Size,
    Text,
)

OBJECT_TYPES = (
    ObjectType("CFSTRUCT", (), "coupling facility structure", rank=50),
    ObjectType("CFSTATUS", (), "coupling facility structure status", rank=51),
)

CFSTRUCT = table(
    K("CFSTRUCT", CFSTRUCT_NAME, width=12, help="structure name (without the QSG prefix)"),
    K(
        "CFLEVEL",
        Integer(1, 5),
        default=3,
        width=10,
        help="function level: 3 for persistent messages, 4 for messages over 63 KB",
        verified="[DOC-DEFCFS], storage rule CF-7 (docs/storage.md#storage-rules)",
    ),
    K(
        "RECOVER",
        NO_YES,
        default="NO",
        width=10,
        help="whether BACKUP/RECOVER CFSTRUCT are supported",
        verified="[DOC-DEFCFS], storage rule CF-7 (docs/storage.md#storage-rules)",
    ),
    K(
        "RECAUTO",
        Choice(("YES", "NO")),
        default="YES",
        width=10,
        help="recover automatically after a failure",
        verified="[DOC-DEFCFS], storage rule CF-7 (docs/storage.md#storage-rules)",
    ),
    K(
        "CFCONLOS",
        Choice(("ASQMGR", "TERMINATE", "TOLERATE")),
        default="ASQMGR",
        width=10,
        help="action on loss of connectivity",
        verified="[DOC-DEFCFS], storage rule CF-7 (docs/storage.md#storage-rules)",
    ),
    K("DESCR", Text(64), default="", width=64, help="description", verified="[DOC-DEFCFS]"),
    K(
        "OFFLOAD",
        Choice(("DB2", "SMDS", "NONE")),
        default="DB2",
        width=10,
        help="where large messages are offloaded (default UNVERIFIED)",
    ),
    K("OFFLD1SZ", Size(0, 65536), default="32K", width=10, help="offload rule 1 size"),
    K("OFFLD1TH", Integer(0, 100), default=70, width=10, help="offload rule 1 threshold %"),
    K("OFFLD2SZ", Size(0, 65536), default="4K", width=10, help="offload rule 2 size"),
    K("OFFLD2TH", Integer(0, 100), default=80, width=10, help="offload rule 2 threshold %"),
    K("OFFLD3SZ", Size(0, 65536), default="0K", width=10, help="offload rule 3 size"),
    K("OFFLD3TH", Integer(0, 100), default=90, width=10, help="offload rule 3 threshold %"),
    K("DSGROUP", Text(44), default="", width=44, help="SMDS data set name pattern"),
    K("DSBLOCK", Size(8192, 1048576), default="256K", width=10, help="SMDS block size"),
    K("DSBUFS", Integer(1, 9999), default=100, width=10, help="SMDS buffers"),
    K("DSEXPAND", Choice(("YES", "NO", "DEFAULT")), default="YES", width=10, help="SMDS expansion"),
    K("ALTDATE", Text(12), width=12, help="date of the last change"),
    K("ALTTIME", Text(8), width=8, help="time of the last change"),
)
CFSTRUCT_SETTABLE = tuple(n for n in CFSTRUCT if n not in ("CFSTRUCT", "ALTDATE", "ALTTIME"))

CFSTATUS = table(
    K("CFSTATUS", CFSTRUCT_NAME, width=12, help="structure name"),
    K(
        "TYPE",
        Choice(("SUMMARY", "CONNECT", "BACKUP", "SMDS")),
        default="SUMMARY",
        width=10,
        help="which status to show",
        verified="[DOC-DISCFST]",
    ),
    K(
        "STATUS",
        Choice(("ACTIVE", "FAILED", "INBACKUP", "INRECOVER", "NOTFOUND", "NONE", "UNKNOWN")),
        width=10,
        help="structure status (MQCFSTATUS_*; MQSC spellings UNVERIFIED)",
    ),
    K(
        "CFTYPE",
        Choice(("ADMIN", "APPL")),
        width=10,
        help="administration or application",
        verified="secondary sources",
    ),
    K("SIZEMAX", Integer(0, 2**31 - 1), width=10, help="structure size in KB"),
    K("SIZEUSED", Integer(0, 100), width=10, help="% of the structure in use"),
    K("ENTSMAX", Integer(0, 2**31 - 1), width=10, help="list entries available"),
    K("ENTSUSED", Integer(0, 2**31 - 1), width=10, help="list entries in use"),
    K("FAILDATE", Text(12), width=12, help="date of the last failure"),
    K("FAILTIME", Text(8), width=8, help="time of the last failure"),
    K("QMNAME", Name(NameRule.QMGR, 4), width=4, help="queue manager"),
    K("SYSNAME", Text(8), width=8, help="z/OS image"),
    K("BKUPDATE", Text(12), width=12, help="date the last backup ended (yyyy-mm-dd)"),
    K("BKUPTIME", Text(8), width=8, help="time the last backup ended (hh.mm.ss)"),
    K("BKUPSRBA", Text(12), width=12, help="log RBA where the backup starts"),
    K("BKUPERBA", Text(12), width=12, help="log RBA where the backup ends"),
    K("BKUPSIZE", Integer(0, MAX9), width=10, help="backup size in MB"),
    K("LOGS", Text(1024), width=0, help="queue managers whose logs recovery needs"),
    K(
        "SMDS",
        Text(4),
        width=4,
        help="the queue manager whose shared message data set this is (TYPE(SMDS))",
    ),
    K(
        "ACCESS",
        Choice(("ENABLED", "SUSPENDED", "DISABLED")),
        width=10,
        help="whether the shared message data set may be used (TYPE(SMDS))",
    ),
    K("RCVDATE", Text(12), width=12, help="date of the last recovery"),
    K("RCVTIME", Text(8), width=8, help="time of the last recovery"),
)

FAMILY = Family(
    objtype="CFSTRUCT",
    attributes=CFSTRUCT,
    identity=("CFSTRUCT",),
    reply="MQSC442I",
    settable=CFSTRUCT_SETTABLE,
    table="cfstruct",
    group_wide=True,
    json_key="cfStructures",
)
STATUS = Family(
    objtype="CFSTATUS", attributes=CFSTATUS, identity=("CFSTATUS", "TYPE"), reply="MQSC443I"
)

_CF_DEFINE = common.merged(
    common.pick(CFSTRUCT, CFSTRUCT_SETTABLE),
    common.table(common.like(common.CFSTRUCT_NAME), common.REPLACE),
)
_CF_ALTER = common.pick(CFSTRUCT, CFSTRUCT_SETTABLE)

_GENERIC_CF = Name(NameRule.CFSTRUCT, 12, generic=True)
CFSTRUCT_LIST = NameList(NameRule.CFSTRUCT, 12, 256)

FAMILIES = {"CFSTRUCT": FAMILY, "CFSTATUS": STATUS}

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "DEFINE",
        "CFSTRUCT",
        common.CFSTRUCT_NAME,
        _CF_DEFINE,
        S_2CR,
        "CSQMACFS",
        verified="[DOC-DEFCFS]",
        help="define a CF application structure (QSG only)",
    ),
    CommandSpec(
        "ALTER",
        "CFSTRUCT",
        common.CFSTRUCT_NAME,
        _CF_ALTER,
        S_2CR,
        "CSQMACFS",
        verified="[GH-MS0S]",
        help="change a CF structure",
    ),
    CommandSpec(
        "DELETE",
        "CFSTRUCT",
        common.CFSTRUCT_NAME,
        {},
        S_2CR,
        "CSQMUCFS",
        verified="[GH-MS0S]",
        help="delete a CF structure no queue uses",
    ),
    CommandSpec(
        "DISPLAY",
        "CFSTRUCT",
        _GENERIC_CF,
        common.table(common.ALL, common.CMDSCOPE),
        S_2CR,
        "CSQMDRTS",
        requestable=frozenset(n for n in CFSTRUCT if n != "CFSTRUCT"),
        where=frozenset(n for n in CFSTRUCT if n != "CFSTRUCT"),
        verified="[GH-MS0S]",
        help="show CF structure definitions",
    ),
    CommandSpec(
        "DISPLAY",
        "CFSTATUS",
        _GENERIC_CF,
        common.pick(CFSTATUS, ("TYPE",)),
        S_CR,
        "CSQMDRTS",
        where=frozenset(n for n in CFSTATUS if n not in ("CFSTATUS", "TYPE")),
        verified="[DOC-DISCFST]",
        help="show CF structure status",
    ),
    CommandSpec(
        "BACKUP",
        "CFSTRUCT",
        _GENERIC_CF,
        common.table(
            common.CMDSCOPE,
            K(
                "EXCLINT",
                Integer(30, 600),
                default=30,
                help="seconds before now excluded from the backup",
                verified="[DOC-BACKUP] [PCF-BACKUP]",
            ),
        ),
        S_CR,
        "CSQELBKP",
        verified="[DOC-BACKUP]",
        help="back up the persistent messages of CF structures",
    ),
    CommandSpec(
        "RECOVER",
        "CFSTRUCT",
        CFSTRUCT_LIST,
        common.table(
            common.CMDSCOPE,
            K(
                "TYPE",
                Choice(("NORMAL", "PURGE")),
                default="NORMAL",
                help="NORMAL: backup plus logs; PURGE: empty the structure",
                verified="[DOC-RECOVER] [OLD-RECOVER]",
            ),
        ),
        S_CR,
        "CSQELRCV",
        verified="[DOC-RECOVER] [OLD-RECOVER]",
        help="recover failed CF structures",
    ),
    CommandSpec(
        "RESET",
        "CFSTRUCT",
        common.CFSTRUCT_NAME,
        common.table(
            K(
                "ACTION",
                Choice(("FAIL",)),
                help="FAIL: simulate a structure failure",
                verified="[D-RESETCF], storage rule BR-8 (docs/storage.md#storage-rules)",
            )
        ),
        S_CR,
        "CSQELRST",
        required=("ACTION",),
        verified="[DOC-RESETCF], storage rule BR-8 (docs/storage.md#storage-rules)",
        help="fail a CF structure on purpose",
    ),
)
