"""RACF as an IBM MQ for z/OS administrator meets it: its classes, access levels, the TSO
commands that manage it, and the ICH/IKJ messages they answer with.

Tables, not code: :mod:`mqsc.racf.tso` parses a TSO command with :data:`COMMANDS` (names,
IBM's abbreviations, positional operands and keywords with their value kinds), and
:mod:`mqsc.racf.actions` answers with :data:`MESSAGES`. Each message says whether its text
was seen verbatim (``verified``), and where (``evidence``, a key of
:mod:`mqsc.catalog.sources` or a description); texts not seen are UNVERIFIED. Messages whose
id starts with ``MQSC`` are mqsc's own, for situations RACF answers in a way no public source
shows; they never imitate an IBM id.

Sources: z/OS Security Server RACF Command Language Reference (each command's page), RACF
Messages and Codes ("ICH messages for RACF commands"), z/OS TSO/E Messages (IKJ567xx, the
parse service), IBM MQ for z/OS "Setting up security" (the classes).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

# ---- classes ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RacfClass:
    """A general resource class of the class descriptor table.

    Attributes:
        name: the class name.
        mixed: profile names keep their case (``CASE(ASIS)``, the MX classes); otherwise RACF
            folds them to upper case.
        help: what IBM MQ protects with it.

    """

    name: str
    mixed: bool
    help: str


#: IBM MQ's classes (IBM MQ for z/OS, "RACF security classes"): the uppercase MQ classes and
#: their mixed-case MX twins. MQCMDS and MQCONN have no mixed-case twin; topics are protected
#: in MXTOPIC only.
CLASSES: Mapping[str, RacfClass] = MappingProxyType(
    {
        c.name: c
        for c in (
            RacfClass(
                "MQADMIN",
                False,
                "switch profiles, command resources, context, alternate user, RESLEVEL",
            ),
            RacfClass("MQCMDS", False, "MQSC and PCF commands (hlq.verb.pkw)"),
            RacfClass("MQCONN", False, "connections (hlq.BATCH, CICS, IMS, CHIN)"),
            RacfClass("MQNLIST", False, "namelists opened by applications"),
            RacfClass("MQPROC", False, "processes opened by applications"),
            RacfClass("MQQUEUE", False, "queues opened by applications"),
            RacfClass("MXADMIN", True, "MQADMIN with mixed-case profiles"),
            RacfClass("MXNLIST", True, "MQNLIST with mixed-case profiles"),
            RacfClass("MXPROC", True, "MQPROC with mixed-case profiles"),
            RacfClass("MXQUEUE", True, "MQQUEUE with mixed-case profiles"),
            RacfClass("MXTOPIC", True, "topics (publish, subscribe)"),
        )
    }
)

#: Access levels, lowest first (RACF Command Language Reference, PERMIT "ACCESS").
ACCESS_LEVELS: tuple[str, ...] = ("NONE", "EXECUTE", "READ", "UPDATE", "CONTROL", "ALTER")
RANK: Mapping[str, int] = MappingProxyType({a: i for i, a in enumerate(ACCESS_LEVELS)})

#: Group authorities of CONNECT (RACF Command Language Reference, CONNECT "AUTHORITY").
GROUP_AUTHORITIES = ("USE", "CREATE", "CONNECT", "JOIN")

#: The longest general resource profile name (RACF Command Language Reference, RDEFINE).
PROFILE_NAME_MAX = 246

#: What a fresh security database holds (a new mqsc home): RACF's own group and
#: administrator, and every MQ class active, with generic profiles and RACLISTed, as IBM MQ's
#: set-up asks ("Setting up IBM MQ for z/OS security": SETROPTS CLASSACT, GENERIC and
#: RACLIST of the MQ classes).
DEFAULT_GROUP = "SYS1"
ADMINISTRATOR = "IBMUSER"

# ---- the TSO commands -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Operand:
    """A keyword of a TSO command.

    Attributes:
        name: the keyword as IBM spells it.
        kind: ``flag`` (no value), ``value`` (exactly one), ``list`` (one or more), ``text``
            (a quoted or plain string, case kept), ``raw`` (anything in the parentheses,
            nested ones included: AUDIT(FAILURES(READ))).
        value: the kind of each value: ``userid``, ``group``, ``id`` (a user, a group or
            ``*``), ``class``, ``access``, ``authority``, ``profile``, ``number``, ``any``.
        optional: the parentheses may be left out (SETROPTS REFRESH, RLIST GENERIC).
        default: the value a keyword given without one stands for.

    """

    name: str
    kind: str = "flag"
    value: str = "any"
    optional: bool = False
    help: str = ""


@dataclass(frozen=True, slots=True)
class Positional:
    """A positional operand: one name, or several in parentheses.

    Attributes:
        what: its name in TSO's messages (IKJ56702I INVALID <what>, value).
        value: the kind of each value (as :class:`Operand`).
        many: a parenthesized list is allowed.
        required: IKJ56701I MISSING <missing>+ when it is absent.
        missing: the first-level and second-level texts of IKJ56701I.
        star: ``*`` stands for every name (RLIST, LISTUSER).

    """

    what: str
    value: str
    many: bool = True
    required: bool = True
    missing: tuple[str, str] = ("", "")
    star: bool = False


@dataclass(frozen=True, slots=True)
class TsoCommand:
    """One TSO command: its name, IBM's abbreviations, operands and what it does."""

    name: str
    aliases: tuple[str, ...]
    positional: tuple[Positional, ...]
    keywords: tuple[Operand, ...]
    help: str

    def keyword(self, name: str) -> Operand:
        return next(k for k in self.keywords if k.name == name)


_F, _V, _L, _T, _R = "flag", "value", "list", "text", "raw"


def _k(
    name: str, kind: str = _F, value: str = "any", *, optional: bool = False, help: str = ""
) -> Operand:
    return Operand(name, kind, value, optional, help)


_USERIDS = Positional(
    "USERID", "userid", missing=("USERID", "USERID OF THE PERSON TO BE PROCESSED")
)
_GROUPS = Positional("GROUP", "group", missing=("GROUP NAME", "NAME OF THE GROUP TO BE PROCESSED"))
# "IKJ56701I MISSING ENTITY NAME+ / IKJ56701I MISSING NAME OF ENTITY IN SPECIFIED CLASS"
# (an RDEFINE without a profile name, IBM's pyracf test captures).
_CLASS = Positional("CLASS", "class", many=False, missing=("CLASS NAME", "NAME OF THE CLASS"))
_ENTITIES = Positional(
    "ENTITY", "profile", missing=("ENTITY NAME", "NAME OF ENTITY IN SPECIFIED CLASS")
)
_GENERIC = _k("GENERIC", help="the profile names are generic even without generic characters")
_OWNER = _k("OWNER", _V, "id", help="the user or group that owns it")
_DATA = _k("DATA", _T, help="installation data (up to 255 characters)")
_NAME = _k("NAME", _T, help="the user's name (up to 20 characters)")

COMMANDS: tuple[TsoCommand, ...] = (
    TsoCommand(
        "ADDGROUP",
        ("AG",),
        (_GROUPS,),
        (
            _k(
                "SUPGROUP",
                _V,
                "group",
                help="the superior group (default: the issuer's default group)",
            ),
            _OWNER,
            _DATA,
        ),
        "define groups",
    ),
    TsoCommand(
        "ADDUSER",
        ("AU",),
        (_USERIDS,),
        (
            _k("DFLTGRP", _V, "group", help="the default group (default: the issuer's)"),
            _OWNER,
            _NAME,
            _DATA,
            _k("PASSWORD", _V, help="initial password (mqsc keeps only the date it was set)"),
            _k("NOPASSWORD"),
            _k("AUTHORITY", _V, "authority", help="authority in the default group"),
            _k("UACC", _V, "access", help="default UACC of the user's profiles"),
            _k("SPECIAL"),
            _k("NOSPECIAL"),
            _k("OPERATIONS"),
            _k("NOOPERATIONS"),
            _k("AUDITOR"),
            _k("NOAUDITOR"),
        ),
        "define users",
    ),
    TsoCommand(
        "ALTUSER",
        ("ALU",),
        (_USERIDS,),
        (
            _k("DFLTGRP", _V, "group"),
            _OWNER,
            _NAME,
            _DATA,
            _k("NODATA"),
            _k("PASSWORD", _V),
            _k("NOPASSWORD"),
            _k("UACC", _V, "access"),
            _k("AUTHORITY", _V, "authority"),
            _k("SPECIAL"),
            _k("NOSPECIAL"),
            _k("OPERATIONS"),
            _k("NOOPERATIONS"),
            _k("AUDITOR"),
            _k("NOAUDITOR"),
            _k("REVOKE", help="the user can no longer sign on"),
            _k("RESUME"),
        ),
        "change users",
    ),
    TsoCommand(
        "CONNECT",
        ("CO",),
        (_USERIDS,),
        (
            _k(
                "GROUP",
                _V,
                "group",
                help="the group to connect to (default: the issuer's default group)",
            ),
            _k("AUTHORITY", _V, "authority"),
            _k("UACC", _V, "access"),
            _OWNER,
            _k("REVOKE"),
            _k("RESUME"),
        ),
        "connect users to a group",
    ),
    TsoCommand("DELGROUP", ("DG",), (_GROUPS,), (), "delete groups"),
    TsoCommand("DELUSER", ("DU",), (_USERIDS,), (), "delete users"),
    # EXEC runs the commands of a CLIST data set (SEARCH ... CLIST writes one); a name
    # without quotes gets the user's prefix and, unless it ends so, .CLIST (TSO/E Command
    # Reference, EXEC).
    TsoCommand(
        "EXEC",
        ("EX",),
        (
            Positional(
                "DATA SET NAME",
                "dsname",
                many=False,
                missing=("DATA SET NAME", "NAME OF THE CLIST OR REXX EXEC"),
            ),
        ),
        (_k("CLIST"), _k("LIST"), _k("NOLIST")),
        "run the commands of a CLIST",
    ),
    TsoCommand(
        "LISTGRP",
        ("LG",),
        (Positional("GROUP", "group", required=False, star=True),),
        (),
        "list groups",
    ),
    TsoCommand(
        "LISTUSER",
        ("LU",),
        (Positional("USERID", "userid", required=False, star=True),),
        (),
        "list users",
    ),
    TsoCommand(
        "PERMIT",
        ("PE",),
        (
            Positional(
                "PROFILE",
                "profile",
                missing=("PROFILE NAME", "NAME OF THE PROFILE WHOSE ACCESS LIST IS TO BE CHANGED"),
            ),
        ),
        (
            _k("CLASS", _V, "class", help="the profile's class"),
            _k("ID", _L, "id", help="users and groups (or *) to permit"),
            _k("ACCESS", _V, "access", help="their access (default READ)"),
            _k("DELETE", help="take the IDs off the access list"),
            _k("RESET", help="empty the access list first"),
            _GENERIC,
        ),
        "change the access list of a profile",
    ),
    TsoCommand(
        "RALTER",
        ("RALT",),
        (_CLASS, _ENTITIES),
        (
            _k("UACC", _V, "access"),
            _OWNER,
            _k("WARNING"),
            _k("NOWARNING"),
            _DATA,
            _k("NODATA"),
            _k("AUDIT", _R),
            _k("GLOBALAUDIT", _R),
            _k("NOTIFY", _V, "userid"),
            _k("NONOTIFY"),
            _k("LEVEL", _V, "number"),
            _GENERIC,
        ),
        "change general resource profiles",
    ),
    TsoCommand(
        "RDEFINE",
        ("RDEF",),
        (_CLASS, _ENTITIES),
        (
            _k("UACC", _V, "access", help="universal access (default NONE)"),
            _OWNER,
            _k("WARNING", help="refused requests are allowed and audited"),
            _k("NOWARNING"),
            _DATA,
            _k("AUDIT", _R),
            _k("NOTIFY", _V, "userid"),
            _k("LEVEL", _V, "number"),
            _GENERIC,
        ),
        "define general resource profiles",
    ),
    TsoCommand(
        "RDELETE", ("RDEL",), (_CLASS, _ENTITIES), (_GENERIC,), "delete general resource profiles"
    ),
    TsoCommand(
        "REMOVE",
        ("RE",),
        (_USERIDS,),
        (_k("GROUP", _V, "group", help="the group to remove them from"), _OWNER),
        "remove users from a group",
    ),
    TsoCommand(
        "RLIST",
        ("RL",),
        (
            _CLASS,
            Positional(
                "ENTITY",
                "profile",
                star=True,
                missing=("ENTITY NAME", "NAME OF ENTITY IN SPECIFIED CLASS"),
            ),
        ),
        (
            _k("AUTHUSER", help="show the access list"),
            _k("ALL"),
            _GENERIC,
            _k("NORACF"),
            _k("RESGROUP"),
            _k("STATISTICS"),
            _k("HISTORY"),
        ),
        "list general resource profiles",
    ),
    TsoCommand(
        "SEARCH",
        ("SR",),
        (),
        (
            _k("CLASS", _V, "class", help="the class to search (default DATASET)"),
            _k("FILTER", _V, "profile", help="a generic pattern the names must match"),
            _k("MASK", _V, "profile", help="the names must start with this"),
            _k("NOMASK"),
            _GENERIC,
            _k("NOGENERIC"),
            _k("CLIST", _R, help="write a command per name to userid.EXEC.RACF.CLIST"),
        ),
        "list profile names",
    ),
    TsoCommand(
        "SETROPTS",
        ("SETR",),
        (),
        (
            _k("CLASSACT", _L, "class", help="activate classes (* for all)"),
            _k("NOCLASSACT", _L, "class"),
            _k("RACLIST", _L, "class", help="keep the classes' profiles in storage"),
            _k("NORACLIST", _L, "class"),
            _k("GENERIC", _L, "class", help="use generic profiles in these classes"),
            _k("NOGENERIC", _L, "class"),
            _k("GENCMD", _L, "class"),
            _k("NOGENCMD", _L, "class"),
            _k("REFRESH", help="with RACLIST(...) or GENERIC(...): reload the in-storage profiles"),
            _k("ADDCREATOR", help="RDEFINE puts its issuer on the access list with ALTER"),
            _k("NOADDCREATOR"),
            _k("GRPLIST", help="a user's access is the highest of all its groups'"),
            _k("NOGRPLIST"),
            _k("LIST", help="show the options"),
        ),
        "set RACF options",
    ),
)

#: Commands by name and abbreviation.
BY_NAME: Mapping[str, TsoCommand] = MappingProxyType(
    {n: c for c in COMMANDS for n in (c.name, *c.aliases)}
)

# ---- messages --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RacfMessage:
    """One message: the id printed, its text, whether it was seen verbatim, and where."""

    key: str
    msg_id: str
    template: str
    verified: bool
    evidence: str
    meaning: str

    @property
    def status(self) -> str:
        """``VERIFIED``, ``UNVERIFIED`` (an IBM id whose text was not seen) or ``own``, as
        :attr:`mqsc.catalog.texts.MessageDef.status`."""
        if self.msg_id.startswith("MQSC"):
            return "own"
        return "VERIFIED" if self.verified else "UNVERIFIED"


def _m(key: str, template: str, verified: bool, evidence: str, meaning: str) -> RacfMessage:
    return RacfMessage(key, key.split(".")[0], template, verified, evidence, meaning)


V, U = True, False

_TABLE: tuple[RacfMessage, ...] = (
    # ---- TSO: the command processor and the parse service --------------------------------
    _m(
        "IKJ56500I",
        "COMMAND {command} NOT FOUND",
        V,
        "[DOC-FILEMGR]",
        "A TSO command no library holds: mqsc has the RACF commands only, as a job step "
        "has only the load modules mqsc simulates.",
    ),
    _m(
        "IKJ56228I",
        "DATA SET {dsn} NOT IN CATALOG OR CATALOG CAN NOT BE ACCESSED",
        V,
        "[GH-IKJ56228I]",
        "EXEC of a CLIST data set that does not exist.",
    ),
    _m(
        "IKJ56701I",
        "MISSING {what}+",
        V,
        "[PYRACF]",
        "A required operand is missing; in the background TSO cannot prompt for it.",
    ),
    _m(
        "IKJ56701I.2",
        "MISSING {what}",
        V,
        "[PYRACF]",
        "The second-level text of IKJ56701I: what the operand is.",
    ),
    _m(
        "IKJ56702I",
        "INVALID {what}, {value}",
        V,
        "[PYRACF] [DOC-TSOMSG]",
        "Invalid data: a name too long or badly formed, a class RACF does not have, a value "
        "the keyword does not take, or ADDUSER/ADDGROUP of a name that exists.",
    ),
    _m(
        "IKJ56712I",
        "INVALID KEYWORD, {keyword}",
        V,
        "[PYRACF]",
        "A keyword the command does not have, or an abbreviation of more than one.",
    ),
    # ---- ADDGROUP / ADDUSER / CONNECT / REMOVE / DELUSER / DELGROUP / ALTUSER --------------
    _m(
        "ICH01010I",
        "{userid} NOT ADDED",
        V,
        "[RACF-CMDMSG]",
        "ADDUSER that added nobody (its DFLTGRP is no group): after mqsc's MQSC231E, as the "
        "published list has no message naming the missing group. For more than one user the "
        "first is named: 'userid AND REMAINING USERS NOT ADDED'.",
    ),
    _m(
        "ICH02003I",
        "{userid} NOT CONNECTED",
        V,
        "[RACF-CMDMSG]",
        "CONNECT to a group RACF does not have (after MQSC231E); 'userid AND REMAINING USERS "
        "NOT CONNECTED' for more than one user.",
    ),
    _m(
        "ICH05004I",
        "{group} NOT DELETED",
        V,
        "[RACF-CMDMSG]",
        "DELGROUP of a group that still has members or subgroups (after MQSC233E).",
    ),
    _m(
        "ICH21009I",
        "UNABLE TO LOCATE {userid}",
        V,
        "[RACF-CMDMSG]",
        "ALTUSER of a user RACF does not have.",
    ),
    _m(
        "ICH30001I",
        "UNABLE TO LOCATE {kind} ENTRY {name}",
        V,
        "[RACF-CMDMSG]",
        "LISTUSER (USER) or LISTGRP (GROUP) of a name RACF does not have.",
    ),
    # ---- PERMIT ------------------------------------------------------------------------------
    _m(
        "ICH06002I",
        "{name} NOT AUTHORIZED, DELETE IGNORED",
        V,
        "[RACF-CMDMSG]",
        "PERMIT ... DELETE of an id that is not on the access list.",
    ),
    _m(
        "ICH06004I",
        "{profile} NOT DEFINED TO RACF",
        V,
        "[RACF-CMDMSG]",
        "PERMIT to a profile that does not exist; command processing stops.",
    ),
    _m(
        "ICH06007I",
        "{name} NOT DEFINED TO RACF",
        V,
        "[RACF-CMDMSG]",
        "PERMIT of an id that is neither a user nor a group; the others are processed.",
    ),
    _m(
        "ICH06009I",
        "RESET OPTION IGNORED, CONFLICTS WITH DELETE REQUEST",
        V,
        "[RACF-CMDMSG]",
        "PERMIT with both RESET and DELETE.",
    ),
    _m(
        "ICH06011I",
        "RACLISTED PROFILES FOR {cls} WILL NOT REFLECT THE UPDATE(S) UNTIL A "
        "SETROPTS REFRESH IS ISSUED",
        V,
        "[RACF-CMDMSG]",
        "PERMIT in a RACLISTed class: checks see the change after SETROPTS RACLIST(class) REFRESH.",
    ),
    # ---- RDEFINE / RALTER / RDELETE ----------------------------------------------------------
    _m(
        "ICH10006I",
        "RACLISTED PROFILES FOR {cls} WILL NOT REFLECT THE ADDITION(S) UNTIL A "
        "SETROPTS REFRESH IS ISSUED.",
        V,
        "[PYRACF]",
        "RDEFINE in a RACLISTed class.",
    ),
    _m(
        "ICH10102I",
        "{profile} ALREADY DEFINED TO CLASS {cls}.",
        U,
        "[GALASA-RACF] names it for RDEFINE of an existing profile; text by analogy with ICH12102I",
        "RDEFINE of a profile that exists; the other names are processed.",
    ),
    _m(
        "ICH10313I",
        "Profile cannot be defined. Profile names cannot end with '%*'.",
        V,
        "[RACF-CMDMSG]",
        "RDEFINE of a name ending %*.",
    ),
    _m(
        "ICH11009I",
        "RACLISTED PROFILES FOR {cls} WILL NOT REFLECT THE UPDATE(S) UNTIL A "
        "SETROPTS REFRESH IS ISSUED.",
        U,
        "[GALASA-RACF] (id and words; the final period UNVERIFIED)",
        "RALTER in a RACLISTed class.",
    ),
    _m(
        "ICH12002I",
        "RACLISTED PROFILES FOR {cls} WILL NOT REFLECT THE DELETION(S) UNTIL A "
        "SETROPTS REFRESH IS ISSUED.",
        U,
        "[GALASA-RACF] (id and words; the final period UNVERIFIED)",
        "RDELETE in a RACLISTed class.",
    ),
    _m(
        "ICH12102I",
        "{profile} NOT DEFINED TO CLASS {cls}.",
        V,
        "[PYRACF]",
        "RDELETE of a profile that does not exist.",
    ),
    # ---- RLIST / SEARCH ----------------------------------------------------------------------
    _m(
        "ICH13003I",
        "{profile} NOT FOUND",
        U,
        "[GALASA-RACF] names it for RLIST of a missing profile; text from a hand-written "
        "NetView note",
        "RLIST of a profile that does not exist.",
    ),
    _m(
        "ICH13004I",
        "NOTHING TO LIST",
        U,
        "[GALASA-RACF]",
        "RLIST class * of a class without profiles.",
    ),
    # ---- SETROPTS ----------------------------------------------------------------------------
    _m(
        "ICH14013I",
        "REFRESH IGNORED. NO RELATED KEYWORDS SPECIFIED.",
        V,
        "[RACF-CMDMSG]",
        "SETROPTS REFRESH without RACLIST or GENERIC.",
    ),
    _m(
        "ICH14063I",
        "SETROPTS COMMAND COMPLETE.",
        V,
        "[PYRACF] [GALASA-RACF]",
        "SETROPTS with RACLIST/GENERIC REFRESH completed.",
    ),
    _m(
        "ICH14070I",
        "SETROPTS RACLIST REFRESH had no effect on class {cls}",
        V,
        "[LAB-SECURITY]",
        "SETROPTS RACLIST(class) REFRESH of a class that is not RACLISTed.",
    ),
    # ---- authorization checking (RACROUTE REQUEST=AUTH) --------------------------------------
    _m(
        "ICH408I",
        "USER({user:<8}) GROUP({group:<8}) NAME({name:<20})",
        V,
        "[CICS-ICH408I] [LAB-SECURITY]",
        "A request was refused (or allowed only because the profile is in WARNING mode).",
    ),
    _m("ICH408I.RESOURCE", "  {resource} CL({cls:<8})", V, "[CICS-ICH408I] [LAB-SECURITY]", ""),
    _m(
        "ICH408I.INSUFFICIENT",
        "  INSUFFICIENT ACCESS AUTHORITY",
        V,
        "[CICS-ICH408I] [LAB-SECURITY]",
        "",
    ),
    _m(
        "ICH408I.NOTFOUND",
        "  PROFILE NOT FOUND - REQUIRED FOR AUTHORITY CHECKING",
        V,
        "[LAB-SECURITY]",
        "",
    ),
    _m(
        "ICH408I.WARNING",
        "  WARNING: INSUFFICIENT AUTHORITY - TEMPORARY ACCESS ALLOWED",
        U,
        "[CICS-ICH408I] for the message; this line's words are a recollection (RACF "
        "Auditor's Guide: event 2 qualifier 3, ACCESS PERMITTED DUE TO WARNING)",
        "",
    ),
    _m(
        "ICH408I.FROM",
        "  FROM {profile} (G)",
        V,
        "[CICS-ICH408I] [LAB-SECURITY]",
        "Only for a generic profile.",
    ),
    _m(
        "ICH408I.INTENT",
        "  ACCESS INTENT({intent:<7})  ACCESS ALLOWED({allowed:<7})",
        V,
        "[CICS-ICH408I] [LAB-SECURITY]",
        "",
    ),
)

#: Messages by key (``ICH408I.FROM``: one line of a multi-line message).
MESSAGES: Mapping[str, RacfMessage] = MappingProxyType({m.key: m for m in _TABLE})


def line(key: str, **inserts: object) -> str:
    """One message line: id and text (continuation lines of ICH408I carry the id too, as a
    job log prints a multi-line message).

    >>> line("ICH06004I", profile="QMZ1.X")
    'ICH06004I QMZ1.X NOT DEFINED TO RACF'
    """
    entry = MESSAGES[key]
    return f"{entry.msg_id} {entry.template.format_map(inserts)}"
