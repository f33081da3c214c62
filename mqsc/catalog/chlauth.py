"""Channel authentication records: SET CHLAUTH and DISPLAY CHLAUTH (IBM MQ 9.4 for z/OS,
"SET CHLAUTH": sources 2CR; "DISPLAY CHLAUTH").

A record is named by its channel profile (a channel name with '*' wildcards anywhere), its TYPE
and, for the mapping types, the value it maps (SSLPEER, ADDRESS, CLNTUSER or QMNAME). ACTION
ADD creates one, REPLACE creates or replaces it, REMOVE deletes it, REMOVEALL deletes every
record of the profile and type. Records are kept and displayed; no channel is checked against
them, since no channel runs (mqsc/engine/channelstate.py).
"""

from __future__ import annotations

from collections.abc import Mapping

from mqsc.catalog import common
from mqsc.catalog.common import K, table
from mqsc.catalog.model import (
    S_2CR,
    Choice,
    CommandSpec,
    Family,
    NameList,
    NameRule,
    ObjectType,
    Text,
)

OBJECT_TYPES = (ObjectType("CHLAUTH", (), "channel authentication record", rank=17),)

_EV = "SET CHLAUTH (IBM MQ 9.4 for z/OS)"
TYPES = ("BLOCKUSER", "BLOCKADDR", "SSLPEERMAP", "ADDRESSMAP", "USERMAP", "QMGRMAP")
#: A channel profile: a channel name in which '*' may stand anywhere (1-20 characters).
PROFILE = Text(20)

CHLAUTH = table(
    K("CHLAUTH", PROFILE, width=20, help="channel profile ('*' anywhere)", verified=_EV),
    K("TYPE", Choice(TYPES), width=10, help="kind of record", verified=_EV),
    K("DESCR", Text(64), default="", width=64, help="description", verified=_EV),
    K("CUSTOM", Text(128), default="", width=128, help="attributes for new features", verified=_EV),
    K("USERLIST", NameList(NameRule.ANY, 12, 100), help="users to block (BLOCKUSER)", verified=_EV),
    K(
        "ADDRLIST",
        NameList(NameRule.ANY, 48, 100),
        help="addresses to block (BLOCKADDR)",
        verified=_EV,
    ),
    K("SSLPEER", Text(1024), default="", width=1024, help="TLS peer name to map", verified=_EV),
    K(
        "SSLCERTI",
        Text(1024),
        default="",
        width=1024,
        help="certificate issuer to match",
        verified=_EV,
    ),
    K(
        "ADDRESS",
        Text(48),
        default="",
        width=48,
        help="IP address (pattern) to map or match",
        verified=_EV,
    ),
    K(
        "CLNTUSER",
        Text(1024),
        default="",
        width=1024,
        help="client user to map (USERMAP)",
        verified=_EV,
    ),
    K(
        "QMNAME",
        Text(48),
        default="",
        width=48,
        help="partner queue manager to map (QMGRMAP)",
        verified=_EV,
    ),
    K(
        "USERSRC",
        Choice(("MAP", "NOACCESS", "CHANNEL")),
        default="MAP",
        width=10,
        help="user id the channel runs with",
        verified=_EV,
    ),
    K("MCAUSER", Text(64), default="", width=64, help="user id for USERSRC(MAP)", verified=_EV),
    K(
        "CHCKCLNT",
        Choice(("ASQMGR", "REQUIRED")),
        default="ASQMGR",
        width=10,
        help="user id and password checks (USERMAP; REQDADM is not allowed on z/OS)",
        verified=_EV + "; REQDADM: IBM MQ, Connection authentication: Configuration",
    ),
    K(
        "WARN",
        Choice(("NO", "YES")),
        default="NO",
        width=10,
        help="only report what would be blocked",
        verified=_EV,
    ),
    K("ALTDATE", Text(12), width=12, help="date of the last change"),
    K("ALTTIME", Text(8), width=8, help="time of the last change"),
)

#: The attribute naming the mapped value of each mapping type (part of the record's identity).
MAP_KEY: Mapping[str, str] = {
    "SSLPEERMAP": "SSLPEER",
    "ADDRESSMAP": "ADDRESS",
    "USERMAP": "CLNTUSER",
    "QMGRMAP": "QMNAME",
}
_MAPS = tuple(MAP_KEY)
#: Types each attribute applies to (the syntax diagram's blocks); unlisted: every type.
APPLIES: Mapping[str, frozenset[str]] = {
    n: frozenset(t)
    for n, t in {
        "USERLIST": ("BLOCKUSER",),
        "ADDRLIST": ("BLOCKADDR",),
        "SSLPEER": ("SSLPEERMAP",),
        "SSLCERTI": ("SSLPEERMAP",),
        "ADDRESS": _MAPS,
        "CLNTUSER": ("USERMAP",),
        "QMNAME": ("QMGRMAP",),
        "USERSRC": _MAPS,
        "MCAUSER": _MAPS,
        "CHCKCLNT": ("USERMAP",),
    }.items()
}
#: What each type must name.
REQUIRED: Mapping[str, tuple[str, ...]] = {
    "BLOCKUSER": ("USERLIST",),
    "BLOCKADDR": ("ADDRLIST",),
    **{t: (k,) for t, k in MAP_KEY.items()},
}

SETTABLE = tuple(n for n in CHLAUTH if n not in ("CHLAUTH", "ALTDATE", "ALTTIME"))

FAMILY = Family(
    objtype="CHLAUTH",
    attributes=CHLAUTH,
    identity=("CHLAUTH", "TYPE"),
    reply="MQSC436I",
    settable=SETTABLE,
    table="chlauth",
    replay="SET",
    json_key="channelAuthRecords",
)

FAMILIES = {"CHLAUTH": FAMILY}

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "SET",
        "CHLAUTH",
        PROFILE,
        common.merged(
            common.pick(CHLAUTH, SETTABLE),
            table(
                common.CMDSCOPE,
                K(
                    "ACTION",
                    Choice(("ADD", "REPLACE", "REMOVE", "REMOVEALL")),
                    default="ADD",
                    help="what to do with the record",
                    verified=_EV,
                ),
            ),
        ),
        S_2CR,
        "CSQMSCAR",
        required=("TYPE",),
        verified=_EV + ", 2CR",
        help="create, replace or remove a channel authentication record",
    ),
    CommandSpec(
        "DISPLAY",
        "CHLAUTH",
        Text(20),
        table(
            common.ALL,
            common.CMDSCOPE,
            K("TYPE", Choice(("ALL", *TYPES)), default="ALL", help="type to show"),
            K(
                "MATCH",
                Choice(("GENERIC", "EXACT", "ALL", "RUNCHECK")),
                default="GENERIC",
                help="how the profile is matched",
            ),
            K("ADDRESS", Text(48), help="RUNCHECK: the partner's address"),
            K("CLNTUSER", Text(1024), help="RUNCHECK: the client's user"),
            K("QMNAME", Text(48), help="RUNCHECK: the partner queue manager"),
            K("SSLPEER", Text(1024), help="RUNCHECK: the partner's TLS peer name"),
            K("SSLCERTI", Text(1024), help="RUNCHECK: the certificate issuer"),
        ),
        S_2CR,
        "CSQMDRTS",
        requestable=frozenset(n for n in CHLAUTH if n not in ("CHLAUTH",)),
        # Lists of names are not filter keywords (a WHERE compares one value).
        where=frozenset(
            n
            for n in CHLAUTH
            if n
            not in (
                "CHLAUTH",
                "TYPE",
                "ADDRESS",
                "CLNTUSER",
                "QMNAME",
                "SSLPEER",
                "SSLCERTI",
                "USERLIST",
                "ADDRLIST",
            )
        ),
        verified="DISPLAY CHLAUTH (IBM MQ 9.4 for z/OS), 2CR",
        help="show channel authentication records",
        simplified="MATCH(RUNCHECK) lists every record whose profile and patterns match "
        "the partner described, not only the one a channel would use",
    ),
)
