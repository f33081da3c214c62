"""The queue manager's side of z/OS security: the switches it sets at start-up, the profiles
and users it keeps in storage, and the checks it makes (IBM MQ for z/OS, "Setting up
security": switch profiles, command, command resource, connection and API-resource security).

The security manager is RACF, simulated in :mod:`mqsc.racf`; the queue manager reads the
home's RACF database through :class:`SecurityDatabase` (the store's, or one in memory) and
never changes it. What the queue manager keeps is state, stored with the rest of it:

* ``security`` (one entity): the switches as set at START QMGR (and, for the resource
  switches, REFRESH SECURITY of MQADMIN), whether the mixed-case classes are used, TIMEOUT
  and INTERVAL (ALTER SECURITY);
* ``secprofiles``: MQ's in-storage profiles: for each resource checked, the profile that
  protected it when it was first checked (or that none did), until REFRESH SECURITY of its
  class ("Refreshing queue manager security on z/OS": a change to a profile of a resource
  already checked is seen only after REFRESH SECURITY; one never checked is seen at once);
* ``secusers``: the users signed on: their groups as they were at sign-on, until RVERIFY
  SECURITY marks them, or they stay unused for TIMEOUT minutes.

Commands (MQCMDS) and connections (MQCONN) are checked against RACF's view each time: MQ keeps
no profiles of those classes (REFRESH SECURITY has no such class).

A refused request produces ICH408I on the console (and a job's log), as RACF's RACROUTE
REQUEST=AUTH does; a request allowed only because its profile is in WARNING mode too.
A queue manager without a security database (built by the Python API alone) is one on a
system without RACF: subsystem security off, no CSQH messages.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, replace
from fnmatch import fnmatchcase
from typing import TYPE_CHECKING, Any, Protocol

from mqsc.catalog.security import (
    ALTERNATE_USER_ACCESS,
    ALTERNATE_USER_LENGTH,
    BY_CHECK,
    CACHED_CLASSES,
    CLASSES,
    CONNECT_ACCESS,
    CONTEXT_ACCESS,
    CONTEXT_OPTIONS,
    DEFAULT_INTERVAL,
    DEFAULT_TIMEOUT,
    QMGR_LEVEL,
    QSG_LEVEL,
    QUEUE_ACCESS,
    RESLEVEL_BYPASS,
    RESOURCE_SWITCHES,
    SUBSYSTEM,
    USERID_LENGTH,
)
from mqsc.engine.records import Message
from mqsc.engine.state import Txn
from mqsc.racf.decision import ALLOWED, INSUFFICIENT, NOT_FOUND, WARNING, Decision

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.context import Ctx
    from mqsc.engine.manager import QueueManager
    from mqsc.racf.database import Database, Profile, User

#: Where the settings are, in table ``security``.
KEY = None
#: How often a user entry's last use is written back (the entry's timeout is in minutes).
_USE_GRAIN = dt.timedelta(minutes=1)


class SecurityDatabase(Protocol):
    """Where the queue manager reads RACF from (mqsc/store/racfdb.py, or memory)."""

    def read(self) -> Database:
        """The database as committed now."""

    def close(self) -> None:
        """Let go of it (the queue manager is closed)."""


# ---- the records the queue manager keeps ---------------------------------------------------
@dataclass(frozen=True, slots=True)
class SwitchSetting:
    """One switch as set: on or off, the profile its message names, whether it was found."""

    name: str
    on: bool
    profile: str
    found: bool


@dataclass(frozen=True, slots=True)
class Settings:
    """The switches, the classes in use, and the security parameters."""

    switches: tuple[SwitchSetting, ...] = ()
    mixed: bool = False
    timeout: int = DEFAULT_TIMEOUT
    interval: int = DEFAULT_INTERVAL
    #: The switches that are on, by name (every check asks; computed once).
    _on: frozenset[str] = field(init=False, repr=False, compare=False, default=frozenset())

    def __post_init__(self) -> None:
        object.__setattr__(self, "_on", frozenset(s.name for s in self.switches if s.on))

    def switch(self, name: str) -> SwitchSetting | None:
        return next((s for s in self.switches if s.name == name), None)

    def on(self, name: str) -> bool:
        return name in self._on

    @property
    def active(self) -> bool:
        """Subsystem security is on."""
        return self.on(SUBSYSTEM.name)

    def snapshot(self) -> dict[str, Any]:
        return {
            "kind": "security",
            "switches": [asdict(s) for s in self.switches],
            "mixed": self.mixed,
            "timeout": self.timeout,
            "interval": self.interval,
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> Settings:
        return cls(
            tuple(SwitchSetting(**s) for s in data["switches"]),
            data["mixed"],
            data["timeout"],
            data["interval"],
        )


@dataclass(frozen=True, slots=True)
class CachedProfile:
    """MQ's in-storage copy of the profile protecting one resource (None: none did)."""

    profile: Profile | None

    def snapshot(self) -> dict[str, Any]:
        return {
            "kind": "secprofile",
            "profile": asdict(self.profile) if self.profile is not None else None,
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> CachedProfile:
        profile = data["profile"]
        if profile is None:
            return cls(None)
        from mqsc.racf.database import Permit, Profile  # noqa: PLC0415 - start-up: RACF's database only while subsystem security is on

        permits = tuple(Permit(**p) for p in profile.pop("permits"))
        return cls(Profile(**profile, permits=permits))


@dataclass(frozen=True, slots=True)
class UserEntry:
    """A user the queue manager has signed on (its ACEE): what RACF said of it then."""

    userid: str
    known: bool
    group: str
    name: str
    groups: tuple[str, ...]
    used: str  # ISO date and time of the last use (to the minute)
    reverify: bool = False

    def as_user(self) -> User | None:
        """The user as the access decision sees it (None: not a RACF user)."""
        if not self.known:
            return None
        from mqsc.racf.database import Connect, User  # noqa: PLC0415 - start-up: RACF's database only while subsystem security is on

        return User(
            self.userid, self.group, name=self.name, connects=tuple(Connect(g) for g in self.groups)
        )

    def snapshot(self) -> dict[str, Any]:
        data = asdict(self)
        data["kind"] = "secuser"
        return data

    @classmethod
    def restore(cls, data: dict[str, Any]) -> UserEntry:
        values = {k: v for k, v in data.items() if k != "kind"}
        values["groups"] = tuple(values["groups"])
        return cls(**values)


# ---- switches ----------------------------------------------------------------------------------
def _switch(has, name: str, suffix: str, qm: str, qsg: str) -> SwitchSetting:
    """One switch from its profiles ("Profiles to control subsystem security", "Resource
    level checks"): qmgr.NO found: off; else qsg.NO found: off unless qmgr.YES; else on."""
    own = f"{qm}.NO.{suffix}"
    if has(own):
        return SwitchSetting(name, False, own, True)
    if qsg:
        group = f"{qsg}.NO.{suffix}"
        if has(group):
            override = f"{qm}.YES.{suffix}"
            if has(override):
                return SwitchSetting(name, True, override, True)
            return SwitchSetting(name, False, group, True)
        return SwitchSetting(name, True, group, False)
    return SwitchSetting(name, True, own, False)


def evaluate(
    db: Database | None,
    qm: str,
    qsg: str,
    *,
    timeout: int = DEFAULT_TIMEOUT,
    interval: int = DEFAULT_INTERVAL,
) -> Settings:
    """The switches the queue manager sets from the RACF database ("Switches and classes"):
    subsystem off when RACF is not there or the admin class is not active; then the level
    and resource switches, each off when its class is not active. Generic switch profiles
    are ignored: only discrete ones count."""
    if db is None:
        return Settings(timeout=timeout, interval=interval)
    from mqsc.racf.matching import view  # noqa: PLC0415 - start-up: RACF's database only while subsystem security is on

    mixed = "MXADMIN" in db.options.active
    admin = "MXADMIN" if mixed else "MQADMIN"
    discrete = view(db, admin).discrete

    def has(name: str) -> bool:
        return name in discrete

    if admin not in db.options.active:
        off = SwitchSetting(SUBSYSTEM.name, False, f"{qm}.NO.{SUBSYSTEM.profile}", False)
        return Settings((off,), mixed, timeout, interval)
    subsystem = _switch(has, SUBSYSTEM.name, SUBSYSTEM.profile, qm, qsg)
    if not subsystem.on:
        return Settings((subsystem,), mixed, timeout, interval)
    switches = [subsystem]
    if qsg:
        levels = [_switch(has, s.name, s.profile, qm, qsg) for s in (QMGR_LEVEL, QSG_LEVEL)]
        if not any(s.on for s in levels):
            # "you cannot switch off both ... IBM MQ sets security checking on at both levels"
            levels = [replace(s, on=True) for s in levels]
        switches += levels
    for switch in RESOURCE_SWITCHES:
        setting = _switch(has, switch.name, switch.profile, qm, qsg)
        if setting.on and CLASSES[switch.check][mixed] not in db.options.active:
            setting = SwitchSetting(switch.name, False, setting.profile, False)
        switches.append(setting)
    return Settings(tuple(switches), mixed, timeout, interval)


def switch_messages(settings: Settings, csect: str = "CSQHINIT") -> list[Message]:
    """CSQH021I-CSQH024I for each switch, as the queue manager reports them at start-up."""
    ids = {
        (False, True): "CSQH021I",
        (True, True): "MQSC472I",
        (False, False): "MQSC473I",
        (True, False): "CSQH024I",
    }
    return [
        Message(ids[(s.on, s.found)], {"csect": csect, "switch": s.name, "profile": s.profile})
        for s in settings.switches
    ]


def start(qm: QueueManager, txn: Txn) -> list[Message]:
    """At START QMGR: the switches from RACF as it is now, TIMEOUT and INTERVAL from the
    system parameters, an empty cache of profiles and users."""
    db = qm.security.read() if qm.security is not None else None
    if db is None and txn.get("security", KEY) is None:
        return []  # no RACF on this system: nothing to set, nothing kept
    info = qm.info
    settings = evaluate(db, info.name, info.qsg)
    txn.put("security", KEY, settings)
    for table in ("secprofiles", "secusers"):
        for key in list(txn.keys(table)):
            txn.delete(table, key)
    return switch_messages(settings) if db is not None else []


#: The settings of a queue manager that has none kept (no RACF on its system): security off.
#: One object, not one per call: every command and MQI call asks.
OFF = Settings()


def settings_of(qm: QueueManager) -> Settings:
    return qm.state.tables["security"].get(KEY) or OFF


def enforced(qm: QueueManager) -> bool:
    """Whether subsystem security is on: asked before every command (a deck of 50,000
    DEFINEs asks 50,000 times), so one lookup and no settings built."""
    settings = qm.state.tables["security"].get(KEY)
    return settings is not None and SUBSYSTEM.name in settings._on


# ---- who is checked and where ----------------------------------------------------------------
def prefixes(qm: QueueManager, settings: Settings) -> tuple[str, ...]:
    """The high-level qualifiers profiles are looked for under: the queue manager's, then its
    queue sharing group's ("a profile prefixed by the queue manager name first")."""
    info = qm.info
    if not info.qsg:
        return (info.name,)
    out = []
    if settings.on(QMGR_LEVEL.name):
        out.append(info.name)
    if settings.on(QSG_LEVEL.name):
        out.append(info.qsg)
    return tuple(out)


def _now(qm: QueueManager) -> dt.datetime:
    return qm.clock().replace(second=0, microsecond=0)


def _stamp(moment: dt.datetime) -> str:
    return moment.isoformat(timespec="minutes")


def _side_commit(qm: QueueManager, changes: Iterable[tuple[str, Any, Any]]) -> None:
    """Commit MQ's in-storage security data at once, whatever the request's outcome: it is
    not part of the unit of work (a refused open is cached too)."""
    txn = Txn(qm.state)
    for table, key, value in changes:
        if value is None:
            txn.delete(table, key)
        else:
            txn.put(table, key, value)
    qm.commit(txn, None)


def _read(qm: QueueManager) -> Database:
    """RACF's database as the queue manager reads it now (an empty one when it has none)."""
    if qm.security is not None:
        return qm.security.read()
    from mqsc.racf.database import Database  # noqa: PLC0415 - start-up: RACF's database only while subsystem security is on

    return Database()


def _entry(db: Database, userid: str, now: dt.datetime) -> UserEntry:
    """What RACF says of a user now: its groups (all of them with SETROPTS GRPLIST, else
    its default group)."""
    user = db.users.get(userid)
    if user is None:
        return UserEntry(userid, False, "", "", (), _stamp(now))
    groups = sorted(user.groups) if db.options.grplist else [user.dfltgrp]
    return UserEntry(userid, True, user.dfltgrp, user.name, tuple(groups), _stamp(now))


def address_space_user(qm: QueueManager, userid: str, db: Database | None = None) -> UserEntry:
    """The user of the connecting address space (a job, the console, a started task): its
    groups as RACF has them now (a job's ACEE is built when the job starts). Built once per
    RACF database read (the database's memo); ``db``: RACF's database as just read."""
    if db is None:
        db = _read(qm)
    key = ("address-space", userid)
    entry = db.views.get(key)
    if entry is None:
        entry = db.views[key] = _entry(db, userid, _now(qm))
    return entry


def signon(qm: QueueManager, userid: str, settings: Settings) -> UserEntry:
    """A user the queue manager signs on itself (a channel's MCA user, an alternate user, a
    REST user of mqweb): the entry kept, unless RVERIFY marked it or it timed out; otherwise
    a new sign-on with RACF's groups now ("If you have connected a new user to an existing
    group, you need to run RVERIFY SECURITY(userid)")."""
    now = _now(qm)
    entry = qm.state.tables["secusers"].get(userid)
    if entry is not None and not entry.reverify and not _timed_out(entry, now, settings):
        if now - dt.datetime.fromisoformat(entry.used) >= _USE_GRAIN:
            entry = replace(entry, used=_stamp(now))
            _side_commit(qm, (("secusers", userid, entry),))
        return entry
    db = _read(qm)
    entry = _entry(db, userid, now)
    _side_commit(qm, (("secusers", userid, entry),))
    return entry


def _timed_out(entry: UserEntry, now: dt.datetime, settings: Settings) -> bool:
    """An entry unused for TIMEOUT minutes is discarded at the next INTERVAL scan (INTERVAL 0:
    never)."""
    if settings.interval == 0:
        return False
    idle = now - dt.datetime.fromisoformat(entry.used)
    return idle >= dt.timedelta(minutes=settings.timeout + settings.interval)


def _cached(
    qm: QueueManager, cls: str, name: str, used: list[tuple[str, Any]] | None = None
) -> Profile | None:
    """The profile protecting ``name``: MQ's in-storage copy for the classes it keeps,
    RACF's view each time for the others. ``used`` collects what the answer came from (the
    in-storage entry, or RACF's database as read), for :func:`connection_checks`."""
    from mqsc.racf.matching import view  # noqa: PLC0415 - start-up: RACF's database only while subsystem security is on

    if cls not in CACHED_CLASSES:
        db = _read(qm)
        if used is not None:
            used.append(("", db))
        return view(db, cls).covering(name) if cls in db.options.active else None
    key = f"{cls} {name}"
    entry = qm.state.tables["secprofiles"].get(key)
    if entry is None:
        db = _read(qm)
        entry = CachedProfile(view(db, cls).covering(name))
        _side_commit(qm, (("secprofiles", key, entry),))
    if used is not None:
        used.append((key, entry))
    return entry.profile


# ---- the checks --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Check:
    """The outcome of one check: the decision and the ICH408I lines it produced."""

    decision: Decision
    messages: tuple[Message, ...] = ()

    @property
    def granted(self) -> bool:
        return self.decision.granted


ALLOW = Check(Decision(ALLOWED))


def check(
    qm: QueueManager,
    kind: str,
    resource: str,
    intent: str,
    userid: str,
    *,
    log: bool = True,
    signed: bool = False,
    entry: UserEntry | None = None,
    used: list[tuple[str, Any]] | None = None,
) -> Check:
    """Whether ``userid`` may have ``intent`` access to ``resource`` (the name after the
    high-level qualifier: ``ALTER.QMGR``, ``PAYROLL.IN``) for a check of ``kind`` (a key of
    :data:`mqsc.catalog.security.CLASSES`). ``signed``: the queue manager signed the user on
    itself (its groups are those of the sign-on, until RVERIFY), else the user is the
    connecting address space's (its groups are RACF's now). ``entry``: the user, when the
    caller has it already (one connection's checks share it)."""
    settings = settings_of(qm)
    if not settings.active:
        return ALLOW
    switch = BY_CHECK.get(kind)
    if switch is not None and not settings.on(switch.name):
        return ALLOW
    from mqsc.racf.access import decide_profile  # noqa: PLC0415 - start-up: RACF's database only while subsystem security is on
    from mqsc.racf.database import upper_if  # noqa: PLC0415 - start-up: RACF's database only while subsystem security is on

    cls = CLASSES[kind][settings.mixed]
    hlqs = prefixes(qm, settings)
    if entry is None:
        entry = who(qm, userid, settings, signed=signed)
    profile = None
    first = upper_if(cls, f"{hlqs[0]}.{resource}") if hlqs else resource
    name = first
    for hlq in hlqs:
        name = upper_if(cls, f"{hlq}.{resource}")
        profile = _cached(qm, cls, name, used)
        if profile is not None:
            break
    shown = name if profile is not None else first
    # The decision is a function of the profile, the user's entry and the access asked (and
    # of the name and class for ICH408I): the queue manager decides it once (RACF's
    # FASTAUTH on its in-storage profiles), until REFRESH SECURITY, RVERIFY or a new
    # sign-on gives it another profile or entry.
    memo = qm.security_decisions
    key = (id(profile), id(entry), intent, shown, cls, log)
    held = memo.get(key)
    if held is not None and held[0] is profile and held[1] is entry:
        return held[2]
    decision = decide_profile(profile, entry.as_user(), intent)
    if decision.outcome == ALLOWED or not log:
        decided = Check(decision)
    else:
        decided = Check(decision, ich408i(entry, shown, cls, intent, decision))
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = (profile, entry, decided)
    return decided


#: Decisions the queue manager keeps before it starts afresh (each holds its profile and
#: user entry, so one that outlived them is never taken for a new one).
_MEMO_LIMIT = 20_000


def who(qm: QueueManager, userid: str, settings: Settings, *, signed: bool = False) -> UserEntry:
    """The user a check is made for: signed on by the queue manager, or the address space's."""
    return signon(qm, userid, settings) if signed else address_space_user(qm, userid)


def api_check(
    qm: QueueManager,
    kind: str,
    resource: str,
    intent: str,
    userid: str,
    *,
    signed: bool = False,
    entry: UserEntry | None = None,
    used: list[tuple[str, Any]] | None = None,
) -> Check:
    """An API-resource check (queue, process, namelist, topic, context, alternate user):
    none for a user with CONTROL or more to hlq.RESLEVEL ("RESLEVEL and batch
    connections"), which RACF does not log."""
    settings = settings_of(qm)
    if not settings.active:
        return ALLOW
    if entry is None:
        entry = who(qm, userid, settings, signed=signed)
    reslevel = check(
        qm, "reslevel", "RESLEVEL", RESLEVEL_BYPASS, userid, log=False, entry=entry, used=used
    )
    if reslevel.decision.outcome == ALLOWED:
        return ALLOW
    return check(qm, kind, resource, intent, userid, entry=entry, used=used)


def connection_checks(
    qm: QueueManager,
    userid: str,
    connection: str,
    opens: tuple[tuple[str, str, str], ...],
    *,
    signed: bool = False,
    alternate: str = "",
) -> tuple[bool, tuple[Message, ...]]:
    """Whether a connection (MQCONN hlq.<connection> READ) and its opens (each object with
    the access its open option needs, "API-resource security access quick reference") are
    allowed, and what RACF logged (ICH408I for a refusal or a WARNING-mode profile's access).
    ``alternate``: the opens name an alternate user id (MQOO_ALTERNATE_USER_AUTHORITY);
    ``userid`` must be allowed to use it, and the objects are checked for it instead.

    The answer for one user, connection and opens is kept while what it came from is the
    same: the switches, the user's entry, each in-storage profile (until REFRESH SECURITY)
    and RACF's database for the classes MQ does not keep. A program that connects and opens
    for every message pays for its checks once, as the queue manager's in-storage profiles
    and signed-on users let it."""
    settings = settings_of(qm)
    if not settings.active:
        return True, ()
    # RACF's database is read once for the connection (a read asks whether it changed).
    db = qm.security.read() if qm.security is not None else None
    if signed:
        entry = signon(qm, userid, settings)
    else:
        entry = address_space_user(qm, userid, db)
    # An alternate user is one the queue manager signs on itself ("User IDs checked for
    # batch connections": its first 8 characters are checked for the objects).
    other = signon(qm, alternate[:USERID_LENGTH], settings) if alternate else None
    opens = _with_context(qm, _with_topics(qm, opens))
    memo = qm.security_decisions
    key = (userid, signed, connection, opens, alternate)
    held = memo.get(key)
    if (
        held is not None
        and held[0] is settings
        and held[1] is entry
        and held[4] is other
        and _same(qm, held[2], db)
    ):
        return held[3]
    used: list[tuple[str, Any]] = []
    answer = _connection_checks(qm, connection, opens, entry, used, alternate, other)
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = (settings, entry, tuple(used), answer, other)
    return answer


def _with_topics(
    qm: QueueManager, opens: tuple[tuple[str, str, str], ...]
) -> tuple[tuple[str, str, str], ...]:
    """The opens with, after an alias queue opened for output that resolves to a topic, the
    publish check on its topic object (MXTOPIC hlq.PUBLISH.topic: "topicname is the name of
    the topic administration node ... being published to through an MQOPEN call")."""
    extra: list[tuple[str, str, str]] = []
    tables = qm.state.tables
    for kind, name, option in opens:
        if kind != "queue" or option != "OUTPUT":
            continue
        alias = tables["qalias"].get(name)
        if alias is None:
            group = tables["gqalias"].get(name)
            alias = group if group is not None and group.get("QSGDISP") == "GROUP" else None
        if alias is not None and alias.get("TARGTYPE") == "TOPIC":
            extra.append(("topic", f"PUBLISH.{alias.get('TARGET', '')}", "PUBLISH"))
    return opens + tuple(extra) if extra else opens


def alternate_user_id(value: str | None) -> str:
    """The alternate user id a program names (MQOD AlternateUserId, MQCHAR12), '' for none
    (``None``). Checked exactly as given, trailing blanks aside ("User IDs for resource
    security": no conversions). ValueError for a blank one or one over 12 characters."""
    if value is None:
        return ""
    userid = value.rstrip()
    if not userid or len(userid) > ALTERNATE_USER_LENGTH or " " in userid:
        raise ValueError(
            f"alternate user id {value!r}: 1 to {ALTERNATE_USER_LENGTH} characters, no blanks"
        )
    return userid


def context_option(value: str | None) -> str:
    """The context check a put's context option needs: a :data:`CONTEXT_ACCESS` key, ''
    for none. ``value``: ``SET_ALL``, ``SET_ALL_CONTEXT`` or ``MQPMO_SET_ALL_CONTEXT`` (any
    case); ValueError for another."""
    if not value:
        return ""
    name = value.strip().upper()
    for prefix in ("MQPMO_", "MQOO_"):
        name = name.removeprefix(prefix)
    name = name.removesuffix("_CONTEXT")
    if name not in CONTEXT_OPTIONS:
        valid = ", ".join(CONTEXT_OPTIONS)
        raise ValueError(f"context {value!r}: one of {valid}")
    return CONTEXT_OPTIONS[name]


def queue_opens(queue: str, option: str, context: str = "") -> tuple[tuple[str, str, str], ...]:
    """The checks an open of ``queue`` for ``option`` makes: the queue's, then, with a
    context option (:func:`context_option`), hlq.CONTEXT.queuename's ("Profiles for context
    security")."""
    if context:
        return (("queue", queue, option), ("context", f"CONTEXT.{queue}", context))
    return (("queue", queue, option),)


def _with_context(
    qm: QueueManager, opens: tuple[tuple[str, str, str], ...]
) -> tuple[tuple[str, str, str], ...]:
    """The opens with, after a transmission queue opened for output by its own name, the
    context check it needs (MQADMIN hlq.CONTEXT.queuename CONTROL: "API-resource security
    access quick reference", MQOO_OUTPUT (USAGE(XMITQ)))."""
    extra: list[tuple[str, str, str]] = []
    local = qm.state.tables["qlocal"]
    for kind, name, option in opens:
        if kind != "queue" or option != "OUTPUT":
            continue
        q = local.get(name)
        if q is not None and q.get("USAGE") == "XMITQ":
            extra.append(("context", f"CONTEXT.{name}", "XMITQ"))
    return opens + tuple(extra) if extra else opens


def access_needed(kind: str, option: str) -> str:
    """The access a check of ``kind`` needs for ``option`` ("API-resource security access
    quick reference"): context by its option, alternate user UPDATE, an object by its open
    option."""
    if kind == "context":
        return CONTEXT_ACCESS[option]
    if kind == "alternate-user":
        return ALTERNATE_USER_ACCESS
    return QUEUE_ACCESS[option]


def _connection_checks(
    qm: QueueManager,
    connection: str,
    opens: tuple[tuple[str, str, str], ...],
    entry: UserEntry,
    used: list[tuple[str, Any]],
    alternate: str = "",
    other: UserEntry | None = None,
) -> tuple[bool, tuple[Message, ...]]:
    userid = entry.userid
    decided = check(qm, "connection", connection, CONNECT_ACCESS, userid, entry=entry, used=used)
    audit = decided.messages
    if not decided.granted:
        return False, audit
    if not opens and not alternate:
        return True, audit
    reslevel = check(
        qm, "reslevel", "RESLEVEL", RESLEVEL_BYPASS, userid, log=False, entry=entry, used=used
    )
    if reslevel.decision.outcome == ALLOWED:
        return True, audit  # "RESLEVEL and batch connections": no API-resource checks
    # "User IDs checked for batch connections": the job's user for hlq.ALTERNATE.USER.userid
    # and hlq.CONTEXT.queuename, the alternate user for the objects; all 12 characters name
    # the alternate user profile ("AlternateUserId (MQCHAR12)").
    objects = entry
    if alternate and other is not None:
        decided = check(
            qm,
            "alternate-user",
            f"ALTERNATE.USER.{alternate}",
            ALTERNATE_USER_ACCESS,
            userid,
            entry=entry,
            used=used,
        )
        audit += decided.messages
        if not decided.granted:
            return False, audit
        objects = other
    for kind, name, option in opens:
        who = entry if kind in _JOB_CHECKS else objects
        decided = check(
            qm, kind, name, access_needed(kind, option), who.userid, entry=who, used=used
        )
        audit += decided.messages
        if not decided.granted:
            return False, audit
    return True, audit


#: The checks made for the job's (connecting) user even when an alternate user is named.
_JOB_CHECKS = frozenset({"context", "alternate-user"})


def _same(qm: QueueManager, used: tuple[tuple[str, Any], ...], db: Database | None) -> bool:
    """Whether the in-storage profiles and the database (``db``, as read now) an answer came
    from are still the ones the queue manager would use."""
    held = qm.state.tables["secprofiles"]
    for key, source in used:
        if key:
            if held.get(key) is not source:
                return False
        elif db is not source:
            return False
    return True


def ich408i(
    entry: UserEntry, resource: str, cls: str, intent: str, decision: Decision
) -> tuple[Message, ...]:
    """ICH408I as a job log prints it, one record per line (RACF Messages and Codes,
    ICH408I; CICS TS "RACF message ICH408I"): user, resource and class, why, the generic
    profile used, the access asked for and allowed."""
    name = entry.name if entry.known else ""
    why = {
        INSUFFICIENT: "ICH408I.INSUFFICIENT",
        NOT_FOUND: "ICH408I.NOTFOUND",
        WARNING: "ICH408I.WARNING",
    }[decision.outcome]
    lines = [
        ("ICH408I", {"user": entry.userid, "group": entry.group, "name": name}),
        ("ICH408I.RESOURCE", {"resource": resource, "cls": cls}),
        (why, {}),
    ]
    if decision.profile is not None and decision.generic:
        lines.append(("ICH408I.FROM", {"profile": decision.profile}))
    lines.append(("ICH408I.INTENT", {"intent": intent, "allowed": decision.allowed}))
    return tuple(
        Message("ICH408I", {"key": key, **inserts}, unsolicited=True) for key, inserts in lines
    )


def refresh(qm: QueueManager, txn: Txn, classes: frozenset[str]) -> Settings:
    """REFRESH SECURITY of ``classes``: MQ's profiles of them are discarded; for MQADMIN or
    MXADMIN the resource switches are set again from the switch profiles (not the subsystem
    switch: that takes a restart)."""
    for key in list(txn.keys("secprofiles")):
        if key.split(" ", 1)[0] in classes:
            txn.delete("secprofiles", key)
    settings = txn.get("security", KEY) or OFF
    if classes & {"MQADMIN", "MXADMIN"} and settings.active and qm.security is not None:
        info = qm.info
        again = evaluate(
            qm.security.read(),
            info.name,
            info.qsg,
            timeout=settings.timeout,
            interval=settings.interval,
        )
        subsystem = settings.switch(SUBSYSTEM.name)
        assert subsystem is not None
        settings = replace(again, switches=(subsystem, *again.switches[1:]))
        txn.put("security", KEY, settings)
    return settings


def reverify(txn: Txn, userid: str) -> bool:
    """RVERIFY SECURITY of one user: its entry is marked for a new sign-on (False: none)."""
    entry = txn.get("secusers", userid)
    if entry is None:
        return False
    txn.put("secusers", userid, replace(entry, reverify=True))
    return True


def covering_profiles(qm: QueueManager, cls: str, resource: str) -> list[Profile]:
    """Every profile of RACF's view that covers ``resource`` (with every high-level
    qualifier the queue manager uses), the one RACF would use first (the web console's
    read-only view)."""
    if qm.security is None:
        return []
    from mqsc.racf.database import upper_if  # noqa: PLC0415 - start-up: RACF's database only while subsystem security is on
    from mqsc.racf.matching import view  # noqa: PLC0415 - start-up: RACF's database only while subsystem security is on

    settings = settings_of(qm)
    db = qm.security.read()
    out: list[Profile] = []
    for hlq in prefixes(qm, settings) or (qm.name,):
        out += view(db, cls, checking=False).matching(upper_if(cls, f"{hlq}.{resource}"))
    return out


def chinit_user(qm: QueueManager) -> str:
    """The channel initiator's started task user id (xxxxCHIN, as its address space is
    named): the MCA user of a channel with no MCAUSER and no CHLAUTH mapping."""
    return f"{qm.name}CHIN"[:8]


def channel_user(ctx: Ctx, channel: str, partner: str) -> str | None:
    """The user id a receiving channel's MCA puts messages as (None: CHLAUTH refuses the
    channel): the channel's MCAUSER; else the most specific CHLAUTH QMGRMAP record for the
    sending queue manager (or ADDRESSMAP, whose address is '*' here: the simulation has no IP
    addresses) with USERSRC(MAP) gives MCAUSER, USERSRC(NOACCESS) refuses; else the channel
    initiator's user. A BLOCKUSER record listing the id refuses it (IBM MQ 9.4, "SET
    CHLAUTH"; "Channel authentication records")."""
    definition = ctx.txn.get("channel", channel)
    mcauser = str(definition.get("MCAUSER") or "").strip() if definition is not None else ""
    userid = mcauser.upper()[:8] if mcauser else ""
    if not userid:
        best: tuple[tuple[int, int], Any] | None = None
        for record in ctx.txn.values("chlauth"):
            profile = str(record.get("CHLAUTH"))
            kind = str(record.get("TYPE"))
            if not fnmatchcase(channel, profile):
                continue
            if kind == "QMGRMAP" and fnmatchcase(partner, str(record.get("QMNAME") or "*")):
                weight = 2
            elif kind == "ADDRESSMAP" and str(record.get("ADDRESS") or "") == "*":
                weight = 1
            else:
                continue
            rank = (weight, len(profile.replace("*", "")))
            if best is None or rank > best[0]:
                best = (rank, record)
        if best is not None:
            source = str(best[1].get("USERSRC") or "MAP")
            if source == "NOACCESS":
                return None
            if source == "MAP":
                userid = str(best[1].get("MCAUSER") or "").upper()[:8]
        userid = userid or chinit_user(ctx.qm)
    for record in ctx.txn.values("chlauth"):
        if str(record.get("TYPE")) == "BLOCKUSER" and fnmatchcase(
            channel, str(record.get("CHLAUTH"))
        ):
            listed = record.get("USERLIST") or ()
            names = [listed] if isinstance(listed, str) else list(listed)
            if any(fnmatchcase(userid, str(n).upper()) for n in names):
                return None
    return userid
