"""Authentication information objects: DEFINE / ALTER / DELETE / DISPLAY AUTHINFO (IBM MQ 9.4
for z/OS, "DEFINE AUTHINFO": sources 2CR, one syntax diagram per AUTHTYPE).

On z/OS an AUTHINFO object is of type CRLLDAP (certificate revocation lists on an LDAP server),
OCSP (for client channel definition tables) or IDPWOS (user id and password checks against
RACF); IDPWLDAP is not valid on z/OS. :data:`APPLIES` says which type takes which attribute.
"""

from __future__ import annotations

from collections.abc import Mapping

from mqsc.catalog import common
from mqsc.catalog.common import NO_YES, QNAME, K, table
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

OBJECT_TYPES = (ObjectType("AUTHINFO", (), "authentication information object", rank=16),)

_EV = "DEFINE AUTHINFO (IBM MQ 9.4 for z/OS)"
TYPES = ("CRLLDAP", "OCSP", "IDPWOS")
#: REQDADM is "not allowed on z/OS systems" (IBM MQ, "Connection authentication:
#: Configuration").
_CHECKS = Choice(("NONE", "OPTIONAL", "REQUIRED"))

AUTHINFO = table(
    K("AUTHINFO", QNAME, width=48, help="object name", verified=_EV),
    K(
        "AUTHTYPE",
        Choice(TYPES),
        width=10,
        help="type: CRLLDAP, OCSP or IDPWOS",
        verified=_EV + " (IDPWLDAP: not valid on z/OS)",
    ),
    K(
        "QSGDISP",
        Choice(("QMGR", "COPY", "GROUP")),
        default="QMGR",
        width=10,
        help="disposition in the queue sharing group",
        verified=_EV,
    ),
    K("DESCR", Text(64), default="", width=64, help="description", verified=_EV),
    K("CONNAME", Text(264), default="", width=264, help="LDAP server host(port)", verified=_EV),
    K(
        "LDAPUSER",
        Text(1024),
        default="",
        width=1024,
        help="LDAP user distinguished name",
        verified=_EV,
    ),
    K("LDAPPWD", Text(32), default="", width=32, help="LDAP password", verified=_EV),
    K("OCSPURL", Text(256), default="", width=256, help="OCSP responder URL", verified=_EV),
    K(
        "ADOPTCTX",
        NO_YES,
        default="NO",
        width=10,
        help="use the checked user id as the application's context (default UNVERIFIED)",
    ),
    K(
        "CHCKCLNT",
        _CHECKS,
        default="NONE",
        width=10,
        help="user id and password checks for client applications (z/OS default UNVERIFIED)",
    ),
    K(
        "CHCKLOCL",
        _CHECKS,
        default="OPTIONAL",
        width=10,
        help="user id and password checks for local applications (default UNVERIFIED)",
    ),
    K(
        "FAILDLAY",
        Integer(0, 60),
        default=1,
        width=10,
        help="seconds to wait before a failed check is reported (UNVERIFIED on z/OS)",
    ),
    K("ALTDATE", Text(12), width=12, help="date of the last change"),
    K("ALTTIME", Text(8), width=8, help="time of the last change"),
    K("AUTHENMD", Choice(("OS", "PAM")), zos=False),
    K("SECCOMM", Choice(("YES", "NO", "ANON")), zos=False),
    K("BASEDNU", Text(1024), zos=False),
    K("SHORTUSR", Text(256), zos=False),
    K("USRFIELD", Text(256), zos=False),
)

#: Types each attribute applies to (one syntax diagram per AUTHTYPE); unlisted: every type.
APPLIES: Mapping[str, frozenset[str]] = {
    n: frozenset(t)
    for n, t in {
        "CONNAME": ("CRLLDAP",),
        "LDAPUSER": ("CRLLDAP",),
        "LDAPPWD": ("CRLLDAP",),
        "OCSPURL": ("OCSP",),
        "ADOPTCTX": ("IDPWOS",),
        "CHCKCLNT": ("IDPWOS",),
        "CHCKLOCL": ("IDPWOS",),
        "FAILDLAY": ("IDPWOS",),
    }.items()
}
#: What each type must name (CONNAME for CRLLDAP, OCSPURL for OCSP: the diagrams).
REQUIRED: Mapping[str, tuple[str, ...]] = {"CRLLDAP": ("CONNAME",), "OCSP": ("OCSPURL",)}

SETTABLE = tuple(
    n
    for n, k in AUTHINFO.items()
    if k.zos and n not in ("AUTHINFO", "QSGDISP", "ALTDATE", "ALTTIME")
)

FAMILY = Family(
    objtype="AUTHINFO",
    attributes=AUTHINFO,
    identity=("AUTHINFO", "AUTHTYPE", "QSGDISP"),
    reply="MQSC413I",
    settable=(*SETTABLE, "QSGDISP"),
    table="authinfo",
    group_table="gauthinfo",
    json_key="authInfos",
)

_QSG = common.qsgdisp("QMGR", "COPY", "GROUP")
_ATTRS = common.pick(
    AUTHINFO, (*SETTABLE, "AUTHENMD", "SECCOMM", "BASEDNU", "SHORTUSR", "USRFIELD")
)

FAMILIES = {"AUTHINFO": FAMILY}

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "DEFINE",
        "AUTHINFO",
        QNAME,
        common.merged(_ATTRS, table(common.like(QNAME), common.REPLACE, common.CMDSCOPE, _QSG)),
        S_2CR,
        "CSQMAAIN",
        required=("AUTHTYPE",),
        verified=_EV + ", 2CR",
        help="define an authentication information object",
    ),
    CommandSpec(
        "ALTER",
        "AUTHINFO",
        QNAME,
        common.merged(_ATTRS, table(common.CMDSCOPE, _QSG)),
        S_2CR,
        "CSQMAAIN",
        required=("AUTHTYPE",),
        verified="ALTER AUTHINFO (z/OS): AUTHTYPE required, 2CR",
        help="change an authentication information object",
    ),
    CommandSpec(
        "DELETE",
        "AUTHINFO",
        QNAME,
        table(common.CMDSCOPE, _QSG),
        S_2CR,
        "CSQMUAIN",
        verified="DELETE AUTHINFO (z/OS), 2CR",
        help="delete an authentication information object",
    ),
    CommandSpec(
        "DISPLAY",
        "AUTHINFO",
        Name(NameRule.QUEUE, 48, generic=True),
        table(
            common.ALL,
            common.CMDSCOPE,
            K(
                "QSGDISP",
                Choice(common.DISPLAY_QSGDISP[:-1]),
                default="LIVE",
                help="which dispositions to show",
            ),
            K("AUTHTYPE", Choice(("ALL", *TYPES)), default="ALL", help="type to show"),
        ),
        S_2CR,
        "CSQMDRTS",
        requestable=frozenset(n for n, k in AUTHINFO.items() if k.zos and n != "AUTHINFO"),
        where=frozenset(
            n for n, k in AUTHINFO.items() if k.zos and n not in ("AUTHINFO", "QSGDISP", "AUTHTYPE")
        ),
        verified="DISPLAY AUTHINFO (z/OS), 2CR",
        help="show authentication information objects",
    ),
)
