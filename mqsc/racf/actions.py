"""The RACF commands on a :class:`~mqsc.racf.database.Database`: each takes the database and a
parsed command and returns the new database, the lines RACF prints and the return code.

Return codes ("Return codes from RACF commands", RACF Command Language Reference): 0 normal;
4 a user error, the command went on with its other names; 8 a user error, nothing (more)
done. A command that changes nothing returns the database it was given.

The issuer is a RACF administrator: mqsc does not check RACF command authority (the SPECIAL
attribute, group-SPECIAL, CLAUTH, ownership), so every command an issuer types runs.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from mqsc.catalog import racf, texts
from mqsc.racf import lists
from mqsc.racf.database import Connect, Database, Group, Permit, Profile, User, upper_if
from mqsc.racf.matching import build_view, ends_percent_star, is_generic, matches, problem
from mqsc.racf.tso import Command, Refused, parse, split_values, unquote

#: RACF's default user name: twenty number signs (ICH408I shows NAME(####...) for a user
#: added without NAME, IBM's security lab).
DEFAULT_NAME = "#" * 20


@dataclass(frozen=True, slots=True)
class Issuer:
    """Who runs the commands, and when (dates are RACF's yy.ddd)."""

    userid: str
    now: dt.datetime

    @property
    def date(self) -> str:
        return f"{self.now.year % 100:02d}.{self.now.timetuple().tm_yday:03d}"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one command did: the database after it, its lines and return code, and, for
    SEARCH ... CLIST, the commands it wrote."""

    db: Database
    lines: tuple[str, ...]
    rc: int
    #: SEARCH ... CLIST: the commands written (None: no CLIST asked for).
    clist: tuple[str, ...] | None = None


def _who(ids: tuple[str, ...] | list[str]) -> str:
    """The subject of ICH01010I/ICH02003I: one user, or the first and "AND REMAINING USERS"."""
    return ids[0] if len(ids) == 1 else f"{ids[0]} AND REMAINING USERS"


def _own(msg_id: str, **inserts: object) -> str:
    """One of mqsc's own messages (MQSC6nn, in the message catalog)."""
    return texts.line(msg_id, inserts, None)


def run(db: Database, text: str, issuer: Issuer) -> Outcome:
    """Parse and run one command."""
    parsed = parse(text)
    if isinstance(parsed, Refused):
        return Outcome(db, parsed.lines, parsed.rc)
    return HANDLERS[parsed.name](db, parsed, issuer)


def _rc(failures: int, total: int) -> int:
    """4 when some names failed and the command went on, 8 when every one did."""
    if failures == 0:
        return 0
    return 8 if failures >= total else 4


def _default_group(db: Database, issuer: Issuer) -> str:
    user = db.users.get(issuer.userid)
    return user.dfltgrp if user is not None else racf.DEFAULT_GROUP


# ---- users and groups -----------------------------------------------------------------------
def adduser(db: Database, cmd: Command, issuer: Issuer) -> Outcome:
    ids = cmd.operand(0)
    # ADDUSER of a user RACF has is refused as invalid data by the parse validity check
    # (IKJ56702I INVALID USERID, IBM's pyracf captures): nothing is added.
    existing = [u for u in ids if u in db.users or u in db.groups]
    if existing:
        return Outcome(db, (racf.line("IKJ56702I", what="USERID", value=existing[0]),), 8)
    group = cmd.value("DFLTGRP", _default_group(db, issuer))
    if group not in db.groups:
        return Outcome(
            db, (_own("MQSC231E", group=group), racf.line("ICH01010I", userid=_who(ids))), 8
        )
    owner = cmd.value("OWNER", issuer.userid)
    users = dict(db.users)
    for userid in ids:
        connect = Connect(
            group, cmd.value("AUTHORITY", "USE"), cmd.value("UACC", "NONE"), owner, issuer.date
        )
        users[userid] = _attributes(
            User(
                userid,
                group,
                owner=owner,
                name=DEFAULT_NAME,
                created=issuer.date,
                passdate=issuer.date if cmd.has("PASSWORD") else "00.000",
                connects=(connect,),
            ),
            cmd,
        )
    return Outcome(db.with_(users=users), (), 0)


def _attributes(user: User, cmd: Command) -> User:
    """The attributes ADDUSER and ALTUSER share."""
    changes: dict[str, Any] = {}
    if cmd.has("NAME"):
        changes["name"] = cmd.value("NAME").upper()[:20]
    if cmd.has("DATA"):
        changes["data"] = cmd.value("DATA")[:255]
    if cmd.has("NODATA"):
        changes["data"] = ""
    for flag in ("SPECIAL", "OPERATIONS", "AUDITOR"):
        if cmd.has(flag):
            changes[flag.lower()] = True
        if cmd.has("NO" + flag):
            changes[flag.lower()] = False
    if cmd.has("REVOKE"):
        changes["revoked"] = True
    if cmd.has("RESUME"):
        changes["revoked"] = False
    return replace(user, **changes) if changes else user


def altuser(db: Database, cmd: Command, issuer: Issuer) -> Outcome:
    lines: list[str] = []
    users = dict(db.users)
    failures = 0
    for userid in cmd.operand(0):
        user = users.get(userid)
        if user is None:
            lines.append(racf.line("ICH21009I", userid=userid))
            failures += 1
            continue
        if cmd.has("DFLTGRP"):
            group = cmd.value("DFLTGRP")
            if user.connect(group) is None:
                # RACF: the new default group must be one the user is connected to.
                lines.append(_own("MQSC232E", userid=userid, group=group))
                failures += 1
                continue
            user = replace(user, dfltgrp=group)
        if cmd.has("OWNER"):
            user = replace(user, owner=cmd.value("OWNER"))
        if cmd.has("PASSWORD"):
            user = replace(user, passdate=issuer.date)
        if cmd.has("UACC") or cmd.has("AUTHORITY"):
            user = _reconnect(user, user.dfltgrp, cmd, issuer)
        users[userid] = _attributes(user, cmd)
    total = len(cmd.operand(0))
    changed = failures < total
    return Outcome(db.with_(users=users) if changed else db, tuple(lines), _rc(failures, total))


def _reconnect(user: User, group: str, cmd: Command, issuer: Issuer) -> User:
    """The user with its connection to ``group`` made or changed (CONNECT's operands)."""
    old = user.connect(group)
    base = old or Connect(group, "USE", "NONE", issuer.userid, issuer.date)
    new = replace(
        base,
        authority=cmd.value("AUTHORITY", base.authority),
        uacc=cmd.value("UACC", base.uacc),
        owner=cmd.value("OWNER", base.owner),
    )
    others = tuple(c for c in user.connects if c.group != group)
    return replace(
        user,
        connects=(*others, new)
        if old is None
        else tuple(new if c.group == group else c for c in user.connects),
    )


def deluser(db: Database, cmd: Command, issuer: Issuer) -> Outcome:
    del issuer
    lines: list[str] = []
    users = dict(db.users)
    failures = 0
    for userid in cmd.operand(0):
        if users.pop(userid, None) is None:
            lines.append(racf.line("IKJ56702I", what="USERID", value=userid))
            failures += 1
    # RACF leaves a deleted user's entries on access lists ("residual" entries, which
    # IRRRID00 finds): so does mqsc.
    total = len(cmd.operand(0))
    return Outcome(
        db.with_(users=users) if failures < total else db, tuple(lines), _rc(failures, total)
    )


def addgroup(db: Database, cmd: Command, issuer: Issuer) -> Outcome:
    names = cmd.operand(0)
    existing = [g for g in names if g in db.groups or g in db.users]
    if existing:
        return Outcome(db, (racf.line("IKJ56702I", what="GROUP", value=existing[0]),), 8)
    sup = cmd.value("SUPGROUP", _default_group(db, issuer))
    if sup not in db.groups:
        return Outcome(db, (_own("MQSC231E", group=sup),), 8)
    groups = dict(db.groups)
    for name in names:
        groups[name] = Group(
            name, sup, cmd.value("OWNER", sup), issuer.date, cmd.value("DATA")[:255]
        )
    return Outcome(db.with_(groups=groups), (), 0)


def delgroup(db: Database, cmd: Command, issuer: Issuer) -> Outcome:
    del issuer
    lines: list[str] = []
    groups = dict(db.groups)
    failures = 0
    for name in cmd.operand(0):
        if name not in groups:
            lines.append(racf.line("IKJ56702I", what="GROUP", value=name))
            failures += 1
        elif db.members(name) or db.subgroups(name):
            lines.append(_own("MQSC233E", group=name))
            lines.append(racf.line("ICH05004I", group=name))
            failures += 1
        else:
            del groups[name]
    total = len(cmd.operand(0))
    return Outcome(
        db.with_(groups=groups) if failures < total else db, tuple(lines), _rc(failures, total)
    )


def connect(db: Database, cmd: Command, issuer: Issuer) -> Outcome:
    group = cmd.value("GROUP", _default_group(db, issuer))
    if group not in db.groups:
        who = _who(cmd.operand(0))
        return Outcome(db, (_own("MQSC231E", group=group), racf.line("ICH02003I", userid=who)), 8)
    lines: list[str] = []
    users = dict(db.users)
    failures = 0
    for userid in cmd.operand(0):
        user = users.get(userid)
        if user is None:
            lines.append(racf.line("IKJ56702I", what="USERID", value=userid))
            failures += 1
            continue
        user = _reconnect(user, group, cmd, issuer)
        if cmd.has("REVOKE") or cmd.has("RESUME"):
            user = _attributes(user, cmd)
        users[userid] = user
    total = len(cmd.operand(0))
    return Outcome(
        db.with_(users=users) if failures < total else db, tuple(lines), _rc(failures, total)
    )


def remove(db: Database, cmd: Command, issuer: Issuer) -> Outcome:
    group = cmd.value("GROUP", _default_group(db, issuer))
    lines: list[str] = []
    users = dict(db.users)
    failures = 0
    for userid in cmd.operand(0):
        user = users.get(userid)
        if user is None:
            lines.append(racf.line("IKJ56702I", what="USERID", value=userid))
            failures += 1
        elif user.connect(group) is None:
            lines.append(_own("MQSC232E", userid=userid, group=group))
            failures += 1
        elif user.dfltgrp == group:
            lines.append(_own("MQSC234E", userid=userid, group=group))
            failures += 1
        else:
            users[userid] = replace(
                user, connects=tuple(c for c in user.connects if c.group != group)
            )
    total = len(cmd.operand(0))
    return Outcome(
        db.with_(users=users) if failures < total else db, tuple(lines), _rc(failures, total)
    )


# ---- profiles -------------------------------------------------------------------------------
def _names(cmd: Command, cls: str) -> list[str]:
    return [upper_if(cls, name) for name in cmd.operand(1)]


def _raclisted(db: Database, cls: str, key: str) -> tuple[str, ...]:
    """The reminder RACF gives after a change in a RACLISTed class."""
    return (racf.line(key, cls=cls),) if cls in db.options.raclisted else ()


def rdefine(db: Database, cmd: Command, issuer: Issuer) -> Outcome:
    cls = cmd.operand(0)[0]
    lines: list[str] = []
    profiles = dict(db.profiles)
    failures = 0
    names = _names(cmd, cls)
    for name in names:
        why = problem(name)
        if ends_percent_star(name):
            lines.append(racf.line("ICH10313I"))
            failures += 1
            continue
        if why is not None:
            lines.append(_own("MQSC230E", profile=name, cls=cls, why=why))
            failures += 1
            continue
        if (cls, name) in profiles:
            lines.append(racf.line("ICH10102I", profile=name, cls=cls))
            failures += 1
            continue
        permits = (Permit(issuer.userid, "ALTER"),) if db.options.addcreator else ()
        profile = Profile(
            cls,
            name,
            is_generic(name) or cmd.has("GENERIC"),
            owner=cmd.value("OWNER", issuer.userid),
            permits=permits,
            created=issuer.date,
        )
        profiles[(cls, name)] = _profile_attributes(profile, cmd)
    changed = failures < len(names)
    if changed:
        lines.extend(_raclisted(db, cls, "ICH10006I"))
    return Outcome(
        db.with_(profiles=profiles) if changed else db, tuple(lines), _rc(failures, len(names))
    )


def _profile_attributes(profile: Profile, cmd: Command) -> Profile:
    changes: dict[str, Any] = {}
    if cmd.has("UACC"):
        changes["uacc"] = cmd.value("UACC")
    if cmd.has("OWNER"):
        changes["owner"] = cmd.value("OWNER")
    if cmd.has("WARNING"):
        changes["warning"] = True
    if cmd.has("NOWARNING"):
        changes["warning"] = False
    if cmd.has("DATA"):
        changes["data"] = cmd.value("DATA")[:255]
    if cmd.has("NODATA"):
        changes["data"] = ""
    if cmd.has("AUDIT"):
        changes["audit"] = cmd.value("AUDIT").upper()
    if cmd.has("NOTIFY"):
        changes["notify"] = cmd.value("NOTIFY")
    if cmd.has("NONOTIFY"):
        changes["notify"] = ""
    if cmd.has("LEVEL"):
        changes["level"] = min(int(cmd.value("LEVEL")), 99)
    return replace(profile, **changes) if changes else profile


def ralter(db: Database, cmd: Command, issuer: Issuer) -> Outcome:
    del issuer
    cls = cmd.operand(0)[0]
    lines: list[str] = []
    profiles = dict(db.profiles)
    failures = 0
    names = _names(cmd, cls)
    for name in names:
        profile = profiles.get((cls, name))
        if profile is None:
            lines.append(_own("MQSC235E", profile=name, cls=cls))
            failures += 1
            continue
        profiles[(cls, name)] = _profile_attributes(profile, cmd)
    changed = failures < len(names)
    if changed:
        lines.extend(_raclisted(db, cls, "ICH11009I"))
    return Outcome(
        db.with_(profiles=profiles) if changed else db, tuple(lines), _rc(failures, len(names))
    )


def rdelete(db: Database, cmd: Command, issuer: Issuer) -> Outcome:
    del issuer
    cls = cmd.operand(0)[0]
    lines: list[str] = []
    profiles = dict(db.profiles)
    failures = 0
    names = _names(cmd, cls)
    for name in names:
        if profiles.pop((cls, name), None) is None:
            lines.append(racf.line("ICH12102I", profile=name, cls=cls))
            failures += 1
    changed = failures < len(names)
    if changed:
        lines.extend(_raclisted(db, cls, "ICH12002I"))
    return Outcome(
        db.with_(profiles=profiles) if changed else db, tuple(lines), _rc(failures, len(names))
    )


def permit(db: Database, cmd: Command, issuer: Issuer) -> Outcome:
    del issuer
    # No CLASS: a data set profile, which mqsc does not keep, so none is ever found.
    cls = cmd.value("CLASS", "DATASET")
    lines: list[str] = []
    profiles = dict(db.profiles)
    reset = cmd.has("RESET")
    if reset and cmd.has("DELETE"):
        lines.append(racf.line("ICH06009I"))
        reset = False
    failures = 0
    # Whether any access list was changed: only then does RACF remind that the in-storage
    # profiles of a RACLISTed class will not reflect the update (ICH06011I).
    updated = False
    names = [upper_if(cls, n) for n in cmd.operand(0)]
    for name in names:
        profile = profiles.get((cls, name))
        if profile is None:
            # ICH06004I: "Command processing stops."
            lines.append(racf.line("ICH06004I", profile=name))
            return Outcome(
                db.with_(profiles=profiles) if profiles != dict(db.profiles) else db,
                tuple(lines),
                8,
            )
        entries = [] if reset else list(profile.permits)
        updated = updated or reset
        for ident in cmd.values("ID"):
            if ident != "*" and not db.is_id(ident):
                lines.append(racf.line("ICH06007I", name=ident))
                failures += 1
                continue
            present = next((p for p in entries if p.id == ident), None)
            if cmd.has("DELETE"):
                if present is None:
                    lines.append(racf.line("ICH06002I", name=ident))
                    failures += 1
                else:
                    entries.remove(present)
                    updated = True
                continue
            access = cmd.value("ACCESS", "READ")
            if present is None:
                entries.append(Permit(ident, access))
            else:
                entries[entries.index(present)] = Permit(ident, access)
            updated = True
        profiles[(cls, name)] = replace(profile, permits=tuple(entries))
    if updated:
        lines.extend(_raclisted(db, cls, "ICH06011I"))
    return Outcome(db.with_(profiles=profiles), tuple(lines), 4 if failures else 0)


# ---- listing ------------------------------------------------------------------------------
def rlist(db: Database, cmd: Command, issuer: Issuer) -> Outcome:
    cls = cmd.operand(0)[0]
    wanted = cmd.operand(1)
    lines: list[str] = []
    failures = 0
    if wanted == ("*",):
        found: list[Profile | None] = list(db.profiles_of(cls))
        if not found:
            return Outcome(db, (racf.line("ICH13004I"),), 4)
        wanted = tuple(p.name for p in found if p is not None)
    else:
        found = [_listed(db, cls, upper_if(cls, n), cmd.has("GENERIC")) for n in wanted]
    for name, profile in zip(wanted, found, strict=True):
        if profile is None:
            lines.append(racf.line("ICH13003I", profile=upper_if(cls, name)))
            failures += 1
            continue
        if lines:
            lines.append(" ")
        lines.extend(
            lists.rlist(
                profile,
                db.users.get(issuer.userid),
                cmd.has("AUTHUSER"),
                grplist=db.options.grplist,
            )
        )
    return Outcome(db, tuple(lines), _rc(failures, len(wanted)))


def _listed(db: Database, cls: str, name: str, generic: bool) -> Profile | None:
    """RLIST's profile for a name: the profile of that name; with GENERIC, for a name
    without generic characters, the generic profile that protects it."""
    profile = db.profiles.get((cls, name))
    if profile is not None or not generic or is_generic(name):
        return profile
    candidates = [p for p in db.profiles_of(cls) if p.generic]
    return build_view(cls, candidates, True).covering(name)


def search(db: Database, cmd: Command, issuer: Issuer) -> Outcome:
    cls = cmd.value("CLASS", "DATASET")
    names = []
    mask = cmd.value("MASK")
    pattern = cmd.value("FILTER")
    for profile in db.profiles_of(cls):
        if cmd.has("GENERIC") and not profile.generic:
            continue
        if cmd.has("NOGENERIC") and profile.generic:
            continue
        if mask and not profile.name.startswith(upper_if(cls, mask)):
            continue
        if pattern and not matches(upper_if(cls, pattern), profile.name):
            continue
        names.append(profile)
    clist: tuple[str, ...] | None = None
    if cmd.has("CLIST"):
        before, after = _clist_texts(cmd.value("CLIST"))
        clist = tuple(f"{before}{p.name}{after}" for p in names)
    del issuer
    if not names:
        return Outcome(db, (_own("MQSC236I"),), 4, clist)
    return Outcome(db, tuple(p.name + (" (G)" if p.generic else "") for p in names), 0, clist)


def _clist_texts(raw: str) -> tuple[str, str]:
    """CLIST('string1' 'string2'): what goes before and after each name."""
    parts = [unquote(p) for p in split_values(raw)]
    return (parts[0] if parts else "", parts[1] if len(parts) > 1 else "")


def listuser(db: Database, cmd: Command, issuer: Issuer) -> Outcome:
    wanted = cmd.operand(0) or (issuer.userid,)
    if wanted == ("*",):
        wanted = tuple(sorted(db.users))
    lines: list[str] = []
    failures = 0
    for userid in wanted:
        user = db.users.get(userid)
        if user is None:
            lines.append(racf.line("ICH30001I", kind="USER", name=userid))
            failures += 1
            continue
        if lines:
            lines.append(" ")
        lines.extend(lists.listuser(user))
    return Outcome(db, tuple(lines), _rc(failures, len(wanted)))


def listgrp(db: Database, cmd: Command, issuer: Issuer) -> Outcome:
    wanted = cmd.operand(0) or (_default_group(db, issuer),)
    if wanted == ("*",):
        wanted = tuple(sorted(db.groups))
    lines: list[str] = []
    failures = 0
    for name in wanted:
        group = db.groups.get(name)
        if group is None:
            lines.append(racf.line("ICH30001I", kind="GROUP", name=name))
            failures += 1
            continue
        if lines:
            lines.append(" ")
        lines.extend(lists.listgrp(group, db.members(name), db.subgroups(name)))
    return Outcome(db, tuple(lines), _rc(failures, len(wanted)))


# ---- options --------------------------------------------------------------------------------
def _classes(values: Iterable[str]) -> frozenset[str]:
    chosen = frozenset(values)
    return frozenset(racf.CLASSES) if "*" in chosen else chosen


def setropts(db: Database, cmd: Command, issuer: Issuer) -> Outcome:
    del issuer
    options = db.options
    lines: list[str] = []
    instorage = dict(db.instorage)
    refresh = cmd.has("REFRESH")
    if refresh and not (cmd.has("RACLIST") or cmd.has("GENERIC")):
        lines.append(racf.line("ICH14013I"))
    changes: dict[str, Any] = {}
    for keyword, attribute, add in (
        ("CLASSACT", "active", True),
        ("NOCLASSACT", "active", False),
        ("GENCMD", "gencmd", True),
        ("NOGENCMD", "gencmd", False),
        ("NOGENERIC", "generic", False),
    ):
        if cmd.has(keyword):
            current = changes.get(attribute, getattr(options, attribute))
            classes = _classes(cmd.values(keyword))
            changes[attribute] = (current | classes) if add else (current - classes)
    if cmd.has("GENERIC") and not refresh:
        changes["generic"] = changes.get("generic", options.generic) | _classes(
            cmd.values("GENERIC")
        )
    completed = cmd.has("GENERIC") and refresh
    if cmd.has("RACLIST"):
        raclisted = set(options.raclisted)
        for cls in sorted(_classes(cmd.values("RACLIST"))):
            if refresh and cls not in raclisted:
                lines.append(racf.line("ICH14070I", cls=cls))
                continue
            raclisted.add(cls)
            instorage[cls] = tuple(db.profiles_of(cls))
            completed = True
        changes["raclisted"] = frozenset(raclisted)
    if cmd.has("NORACLIST"):
        dropped = _classes(cmd.values("NORACLIST"))
        changes["raclisted"] = frozenset(changes.get("raclisted", options.raclisted)) - dropped
        for cls in dropped:
            instorage.pop(cls, None)
    for keyword, attribute, value in (
        ("ADDCREATOR", "addcreator", True),
        ("NOADDCREATOR", "addcreator", False),
        ("GRPLIST", "grplist", True),
        ("NOGRPLIST", "grplist", False),
    ):
        if cmd.has(keyword):
            changes[attribute] = value
    new_options = replace(options, **changes) if changes else options
    if completed:
        lines.append(racf.line("ICH14063I"))
    if cmd.has("LIST"):
        lines.extend(lists.setropts(new_options))
    changed = bool(changes) or instorage != dict(db.instorage)
    new_db = db.with_(options=new_options, instorage=instorage) if changed else db
    return Outcome(new_db, tuple(lines), 0)


HANDLERS: Mapping[str, Callable[[Database, Command, Issuer], Outcome]] = {
    "ADDGROUP": addgroup,
    "ADDUSER": adduser,
    "ALTUSER": altuser,
    "CONNECT": connect,
    "DELGROUP": delgroup,
    "DELUSER": deluser,
    "LISTGRP": listgrp,
    "LISTUSER": listuser,
    "PERMIT": permit,
    "RALTER": ralter,
    "RDEFINE": rdefine,
    "RDELETE": rdelete,
    "REMOVE": remove,
    "RLIST": rlist,
    "SEARCH": search,
    "SETROPTS": setropts,
}
