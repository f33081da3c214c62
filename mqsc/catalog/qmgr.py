"""The queue manager: DISPLAY / ALTER QMGR, START / STOP QMGR (IBM MQ for z/OS,
"ALTER QMGR", "START QMGR")."""

from __future__ import annotations

from mqsc.catalog import common as A
from mqsc.catalog.common import QNAME, QNAME_OR_BLANK, K, table
from mqsc.catalog.model import (
    S_2CR,
    S_CR,
    Choice,
    CommandSpec,
    Family,
    Integer,
    Name,
    NameRule,
    ObjectType,
    Source,
    Text,
)

OBJECT_TYPES = (ObjectType("QMGR", (), "the queue manager", rank=70),)

QMGR = table(
    K("QMNAME", Name(NameRule.QMGR, 4), width=4, help="queue manager name",
      verified="[DOC-MSGS] (CSQM409I example)"),
    K("QSGNAME", Text(4), default="", width=4, help="queue sharing group"),
    K("PLATFORM", Choice(("MVS",)), default="MVS", width=10, help="operating system"),
    K("CMDLEVEL", Integer(0, 999), default=940, width=10, help="command level"),
    K("VERSION", Text(8), default="09040000", width=8, help="product version"),
    K("DESCR", Text(64), default="", width=64, help="description"),
    K("DEADQ", QNAME_OR_BLANK, default="", width=48, help="dead-letter queue",
      verified="[DOC-MSGS] (CSQM409I example), [DOC-SOURCES] (CSQINP2 sample)"),
    K("DEFXMITQ", QNAME_OR_BLANK, default="", width=48, help="default transmission queue"),
    K("COMMANDQ", QNAME, default="SYSTEM.COMMAND.INPUT", width=48, help="command queue"),
    K("MAXMSGL", Integer(32768, 104_857_600), default=104_857_600, width=10,
      help="largest message (fixed at 100 MB on z/OS)", verified="storage-model CF-2"),
    K("CCSID", Integer(1, 65535), default=500, width=10, help="coded character set"),
    K("ALTDATE", Text(12), width=12, help="date of the last change"),
    K("ALTTIME", Text(8), width=8, help="time of the last change"),
)
QMGR_SETTABLE = ("DESCR", "DEADQ", "DEFXMITQ", "CCSID")

FAMILY = Family(objtype="QMGR", attributes=QMGR, identity=("QMNAME",), reply="CSQM409I",
                settable=QMGR_SETTABLE)

FAMILIES = {"QMGR": FAMILY}

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec("DISPLAY", "QMGR", None, A.table(A.ALL, A.CMDSCOPE), S_2CR, "CSQMDRTS",
          name_required=False, requestable=frozenset(QMGR),
          verified="[DOC-MSGS] (CSQMDRTS), [DOC-MSGS] (CSQM409I)", help="show queue manager attributes"),
    CommandSpec("ALTER", "QMGR", None, A.pick(QMGR, QMGR_SETTABLE), S_2CR, "CSQMAQMG",
          name_required=False, verified="[DOC-SOURCES] (CSQINP2 sample has ALTER QMGR)",
          help="change queue manager attributes"),
    CommandSpec("START", "QMGR", None,
          A.table(K("PARM", Text(8), help="system parameter module (accepted, not used)")),
          frozenset({Source.CONSOLE}), "CSQYASCP", name_required=False,
          verified="[DOC-MSGS] (CSQYASCP)", help="start the queue manager (restart)"),
    CommandSpec("STOP", "QMGR", None,
          A.table(K("MODE", Choice(("QUIESCE", "FORCE", "RESTART")), default="QUIESCE",
                    help="how to stop")),
          S_CR, "CSQYASCP", name_required=False, verified="secondary sources example",
          help="stop the queue manager"),
)
