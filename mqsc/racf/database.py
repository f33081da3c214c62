"""The RACF database as frozen records: users, groups, general resource profiles, the options
SETROPTS sets, and the in-storage copies of RACLISTed classes.

A :class:`Database` is never changed: a command makes a new one (:meth:`Database.with_`), so
a command that fails leaves the old one as it was, and the store writes only the records that
are not the very same objects as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from mqsc.catalog import racf


@dataclass(frozen=True, slots=True)
class Connect:
    """A user's connection to a group (CONNECT)."""

    group: str
    authority: str = "USE"
    uacc: str = "NONE"
    owner: str = ""
    date: str = ""


@dataclass(frozen=True, slots=True)
class User:
    """A user profile. ``connects`` holds the default group's connection too."""

    userid: str
    dfltgrp: str
    owner: str = ""
    name: str = ""
    created: str = ""
    passdate: str = ""
    special: bool = False
    operations: bool = False
    auditor: bool = False
    revoked: bool = False
    data: str = ""
    connects: tuple[Connect, ...] = ()

    @property
    def groups(self) -> frozenset[str]:
        """Every group the user is connected to."""
        return frozenset(c.group for c in self.connects)

    def connect(self, group: str) -> Connect | None:
        return next((c for c in self.connects if c.group == group), None)


@dataclass(frozen=True, slots=True)
class Group:
    """A group profile."""

    name: str
    supgroup: str = ""
    owner: str = ""
    created: str = ""
    data: str = ""


@dataclass(frozen=True, slots=True)
class Permit:
    """One entry of an access list: a user, a group or ``*`` (every RACF-defined user)."""

    id: str
    access: str


@dataclass(frozen=True, slots=True)
class Profile:
    """A general resource profile."""

    cls: str
    name: str
    generic: bool
    owner: str = ""
    uacc: str = "NONE"
    warning: bool = False
    permits: tuple[Permit, ...] = ()
    data: str = ""
    audit: str = "FAILURES(READ)"
    notify: str = ""
    level: int = 0
    created: str = ""

    @property
    def key(self) -> tuple[str, str]:
        return (self.cls, self.name)

    def permit_of(self, ident: str) -> Permit | None:
        return next((p for p in self.permits if p.id == ident), None)


@dataclass(frozen=True, slots=True)
class Options:
    """What SETROPTS sets (only what mqsc's checks and listings use)."""

    active: frozenset[str] = frozenset()
    raclisted: frozenset[str] = frozenset()
    generic: frozenset[str] = frozenset()
    gencmd: frozenset[str] = frozenset()
    addcreator: bool = True
    grplist: bool = True


def _frozen(mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class Database:
    """A whole RACF database.

    ``instorage`` holds, for each RACLISTed class, the profiles as they were at the last
    SETROPTS RACLIST(class) or RACLIST(class) REFRESH: what authorization checks see for that
    class until the next refresh. ``version`` counts committed changes (a reader that saw
    version n knows whether anything changed since).
    """

    users: Mapping[str, User] = field(default_factory=dict)
    groups: Mapping[str, Group] = field(default_factory=dict)
    profiles: Mapping[tuple[str, str], Profile] = field(default_factory=dict)
    options: Options = field(default_factory=Options)
    instorage: Mapping[str, tuple[Profile, ...]] = field(default_factory=dict)
    version: int = 0
    #: What is built once from this database: class views (see mqsc.racf.matching.ClassView),
    #: and the queue manager's address-space users (mqsc/engine/security.py), by
    #: (class, in-storage?): built once per database, never compared or stored.
    views: dict[tuple[str, object], Any] = field(default_factory=dict, compare=False, repr=False)

    def with_(
        self,
        *,
        users: Mapping[str, User] | None = None,
        groups: Mapping[str, Group] | None = None,
        profiles: Mapping[tuple[str, str], Profile] | None = None,
        options: Options | None = None,
        instorage: Mapping[str, tuple[Profile, ...]] | None = None,
    ) -> Database:
        """A new database with the given parts replaced (and a fresh view cache)."""
        changes: dict[str, Any] = {"views": {}, "version": self.version + 1}
        if users is not None:
            changes["users"] = _frozen(users)
        if groups is not None:
            changes["groups"] = _frozen(groups)
        if profiles is not None:
            changes["profiles"] = _frozen(profiles)
        if options is not None:
            changes["options"] = options
        if instorage is not None:
            changes["instorage"] = _frozen(instorage)
        return replace(self, **changes)

    def profiles_of(self, cls: str) -> list[Profile]:
        """The profiles of a class in the database (not the in-storage copy), by name."""
        return sorted((p for (c, _), p in self.profiles.items() if c == cls), key=lambda p: p.name)

    def members(self, group: str) -> list[User]:
        """The users connected to a group, by user id."""
        return sorted(
            (u for u in self.users.values() if u.connect(group) is not None), key=lambda u: u.userid
        )

    def subgroups(self, group: str) -> list[Group]:
        return sorted(
            (g for g in self.groups.values() if g.supgroup == group), key=lambda g: g.name
        )

    def is_id(self, ident: str) -> bool:
        """Whether a name is a user or a group."""
        return ident in self.users or ident in self.groups


def fresh(date: str = "") -> Database:
    """A new security database: group SYS1, administrator IBMUSER (SPECIAL), the uppercase
    MQ classes and MXTOPIC active, generic and RACLISTed (with an empty in-storage copy). The
    other mixed-case classes stay inactive: an active MXADMIN makes a queue manager use the
    mixed-case classes (CSQH002I), which a site chooses."""
    classes = frozenset(c for c, entry in racf.CLASSES.items() if not entry.mixed) | {"MXTOPIC"}
    admin = User(
        racf.ADMINISTRATOR,
        racf.DEFAULT_GROUP,
        owner=racf.ADMINISTRATOR,
        name="IBMUSER",
        created=date,
        special=True,
        connects=(Connect(racf.DEFAULT_GROUP, "JOIN", "NONE", racf.ADMINISTRATOR, date),),
    )
    return Database(
        users=_frozen({admin.userid: admin}),
        groups=_frozen(
            {racf.DEFAULT_GROUP: Group(racf.DEFAULT_GROUP, owner=racf.ADMINISTRATOR, created=date)}
        ),
        profiles=_frozen({}),
        options=Options(
            active=classes,
            raclisted=classes,
            generic=frozenset(racf.CLASSES),
            gencmd=frozenset(racf.CLASSES),
        ),
        instorage=_frozen({c: () for c in classes}),
    )


def upper_if(cls: str, name: str) -> str:
    """A profile or resource name as RACF keeps it in ``cls``: upper case unless the class
    keeps the case (the MX classes)."""
    entry = racf.CLASSES.get(cls)
    return name if entry is not None and entry.mixed else name.upper()


def replaced(mapping: Mapping[Any, Any], key: Any, value: Any) -> dict[Any, Any]:
    """A copy of ``mapping`` with ``key`` set (``value`` None: removed)."""
    copy = dict(mapping)
    if value is None:
        copy.pop(key, None)
    else:
        copy[key] = value
    return copy
