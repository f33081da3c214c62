"""The listings of RLIST, LISTUSER, LISTGRP and SETROPTS LIST.

Layouts as IBM's pyracf test captures show RACF printing them (RLIST: CLASS/NAME, then
LEVEL OWNER UNIVERSAL ACCESS YOUR ACCESS WARNING, INSTALLATION DATA, APPLICATION DATA,
AUDITING, NOTIFY; LISTUSER: USER= NAME= OWNER= CREATED=...), the access list as IBM's
security lab shows it (USER ACCESS ACCESS COUNT); LISTGRP and SETROPTS LIST are UNVERIFIED
recollections of the same style. mqsc keeps no access counts (printed as 000000).
"""

from __future__ import annotations

from mqsc.racf.access import access_of
from mqsc.racf.database import Group, Options, Profile, User


def rlist(
    profile: Profile, issuer: User | None, authuser: bool, *, grplist: bool = True
) -> list[str]:
    """One profile as RLIST shows it."""
    name = profile.name + (" (G)" if profile.generic else "")
    yours = access_of(profile, issuer, grplist=grplist)
    lines = [
        "CLASS      NAME",
        "-----      ----",
        f"{profile.cls:<8}   {name}",
        " ",
        "LEVEL  OWNER      UNIVERSAL ACCESS  YOUR ACCESS  WARNING",
        "-----  --------   ----------------  -----------  -------",
        f" {profile.level:02d}    {profile.owner:<8}        {profile.uacc:<8}"
        f"           {yours:<7} {'YES' if profile.warning else 'NO'}",
        " ",
        "INSTALLATION DATA",
        "-----------------",
        profile.data or "NONE",
        " ",
        "APPLICATION DATA",
        "----------------",
        "NONE",
        " ",
        "AUDITING",
        "--------",
        profile.audit,
        " ",
        "NOTIFY",
        "------",
        profile.notify or "NO USER TO BE NOTIFIED",
    ]
    if authuser:
        lines += [
            " ",
            "SECURITY LEVEL",
            "-----------------------------------------",
            "NO SECURITY LEVEL",
            " ",
            "CATEGORIES",
            "----------",
            "NO CATEGORIES",
            " ",
            "SECLABEL",
            "--------",
            "NO SECLABEL",
            " ",
        ]
        if profile.permits:
            lines += ["  USER      ACCESS   ACCESS COUNT", "  ----      ------   ------ -----"]
            lines += [f"  {p.id:<8}  {p.access:<8}    000000" for p in profile.permits]
        else:
            lines.append("NO USERS IN ACCESS LIST")
    return lines


def listuser(user: User) -> list[str]:
    """One user as LISTUSER shows it."""
    attributes = (
        " ".join(a.upper() for a in ("special", "operations", "auditor") if getattr(user, a))
        or "NONE"
    )
    if user.revoked:
        attributes = (attributes + " REVOKED").replace("NONE ", "")
    lines = [
        f"USER={user.userid:<8}  NAME={user.name:<20}  OWNER={user.owner:<8}  "
        f"CREATED={user.created}",
        f" DEFAULT-GROUP={user.dfltgrp:<8} PASSDATE={user.passdate or '00.000'} "
        "PASS-INTERVAL=186 PHRASEDATE=N/A",
        f" ATTRIBUTES={attributes}",
        " REVOKE DATE=NONE   RESUME DATE=NONE",
        " LAST-ACCESS=UNKNOWN",
        " CLASS AUTHORIZATIONS=NONE",
        f" {'INSTALLATION-DATA=' + user.data if user.data else 'NO-INSTALLATION-DATA'}",
        " NO-MODEL-NAME",
        " LOGON ALLOWED   (DAYS)          (TIME)",
        " ---------------------------------------------",
        " ANYDAY                          ANYTIME",
    ]
    for c in user.connects:
        lines += [
            f"  GROUP={c.group:<8}  AUTH={c.authority:<8}  CONNECT-OWNER={c.owner:<8}  "
            f"CONNECT-DATE={c.date}",
            f"    CONNECTS=    00  UACC={c.uacc:<8} LAST-CONNECT=UNKNOWN",
            "    CONNECT ATTRIBUTES=NONE",
            "    REVOKE DATE=NONE   RESUME DATE=NONE",
        ]
    lines += [
        "SECURITY-LEVEL=NONE SPECIFIED",
        "CATEGORY-AUTHORIZATION",
        " NONE SPECIFIED",
        "SECURITY-LABEL=NONE SPECIFIED",
    ]
    return lines


def listgrp(group: Group, members: list[User], subgroups: list[Group]) -> list[str]:
    """One group as LISTGRP shows it."""
    lines = [
        f"INFORMATION FOR GROUP {group.name}",
        f"    SUPERIOR GROUP={group.supgroup or 'NONE':<8}  OWNER={group.owner:<8}  "
        f"CREATED={group.created}",
        f"    {'INSTALLATION DATA=' + group.data if group.data else 'NO INSTALLATION DATA'}",
        "    NO MODEL DATA SET",
        "    TERMUACC",
    ]
    names = [g.name for g in subgroups]
    if names:
        rows = [names[i : i + 6] for i in range(0, len(names), 6)]
        lines.append("    SUBGROUP(S)= " + " ".join(f"{n:<8}" for n in rows[0]).rstrip())
        lines += [
            "                 " + " ".join(f"{n:<8}" for n in row).rstrip() for row in rows[1:]
        ]
    else:
        lines.append("    NO SUBGROUPS")
    if members:
        lines.append("    USER(S)=      ACCESS=      ACCESS COUNT=      UNIVERSAL ACCESS=")
        for user in members:
            c = user.connect(group.name)
            assert c is not None
            lines += [
                f"      {user.userid:<8}      {c.authority:<8}     000000               {c.uacc}",
                "         CONNECT ATTRIBUTES=NONE",
                "         REVOKE DATE=NONE                 RESUME DATE=NONE",
            ]
    else:
        lines.append("    NO USERS")
    return lines


def _classes(names: frozenset[str]) -> str:
    return " ".join(sorted(names)) or "NONE"


def setropts(options: Options) -> list[str]:
    """SETROPTS LIST: the options mqsc keeps."""
    return [
        f"ATTRIBUTES = {'ADDCREATOR' if options.addcreator else 'NOADDCREATOR'} "
        f"{'GRPLIST' if options.grplist else 'NOGRPLIST'}",
        f"ACTIVE CLASSES = {_classes(options.active)}",
        f"GENERIC PROFILE CLASSES = {_classes(options.generic)}",
        f"GENERIC COMMAND CLASSES = {_classes(options.gencmd)}",
        "GENLIST CLASSES = NONE",
        "GLOBAL CHECKING CLASSES = NONE",
        f"SETR RACLIST CLASSES = {_classes(options.raclisted)}",
    ]
