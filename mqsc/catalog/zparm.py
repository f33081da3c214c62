"""The system parameter module: every keyword of the CSQ6SYSP, CSQ6LOGP, CSQ6ARVP and CSQ6USGP
macros, with IBM's defaults and ranges.

On z/OS a queue manager takes its system parameters from a load module that the CSQ4ZPRM job
assembles from these macros and link-edits (IBM MQ for z/OS, "Tailoring your system parameter
module", "Using CSQ6SYSP", "Using CSQ6LOGP", "Using CSQ6ARVP"). Some can be changed while the
queue manager runs with SET SYSTEM, SET LOG and SET ARCHIVE; a restart goes back to the module
("The queue manager picks up the values in ZPARM, so the SET ARCHIVE values you used in the
previous cycle are lost", IBM MQ "SET ARCHIVE" usage notes).

One table, read by the macro assembler (mqsc/language/zparmsource.py), the SET SYSTEM / LOG /
ARCHIVE keyword tables (mqsc/catalog/recoverylog.py builds them from it), the DISPLAY SYSTEM /
LOG / ARCHIVE reports (their rows, in :data:`REPORTS` order) and the generated docs.
``verified`` names the evidence key (mqsc/catalog/sources.py) of a default or range; "" =
UNVERIFIED (a best guess kept here so it is corrected in one place).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mqsc.catalog.model import Choice, Integer, NameRule, Text

#: The macros, in the order the CSQ4ZPRM sample assembles them (LOGP, ARVP, SYSP, USGP), and
#: the SET command and DISPLAY report of each.
MACROS = ("CSQ6LOGP", "CSQ6ARVP", "CSQ6SYSP", "CSQ6USGP")
REPORT_OF = {"CSQ6SYSP": "SYSTEM", "CSQ6LOGP": "LOG", "CSQ6ARVP": "ARCHIVE"}
MACRO_OF = {report: macro for macro, report in REPORT_OF.items()}
#: The default system parameter module (IBM MQ "CSQ4ZPRM": "do NOT use the default version
#: name of CSQZPARM if you are using the IBM library SCSQAUTH").
DEFAULT_MODULE = "CSQZPARM"


# ---- value kinds the macros have besides the MQSC ones -------------------------------------
@dataclass(frozen=True, slots=True)
class Interval:
    """Minutes between SMF intervals, whole (``30``) or minutes.seconds (``1.30``), between
    ``minimum`` and ``maximum`` minutes (STATIME, ACCTIME: "the time, in minutes and
    seconds", IBM MQ "Using CSQ6SYSP")."""

    minimum: int
    maximum: int


@dataclass(frozen=True, slots=True)
class Classes:
    """NO, YES or a list of trace classes from 1 to ``maximum`` (SMFSTAT, SMFACCT, TRACSTR);
    ``star`` also allows ``*`` (all classes)."""

    maximum: int
    star: bool = False


@dataclass(frozen=True, slots=True)
class Numbers:
    """A list of 1 to ``max_items`` numbers in ``[minimum, maximum]`` (ROUTCDE, ARCWRTC): one
    number may be written without parentheses."""

    minimum: int
    maximum: int
    max_items: int


@dataclass(frozen=True, slots=True)
class MessageIds:
    """A list of up to ``max_items`` message identifiers (EXCLMSG): ``()`` is none."""

    max_items: int


@dataclass(frozen=True, slots=True)
class Field:
    """One position of a :class:`Positional` value."""

    name: str
    kind: Integer | Text
    default: object


@dataclass(frozen=True, slots=True)
class Positional:
    """A fixed list of positional sub-values, any of which may be omitted (``(,,DFSYDRU0)``)."""

    fields: tuple[Field, ...]


@dataclass(frozen=True, slots=True)
class Dsn:
    """A data set name or prefix of up to ``max_length`` characters (ARCPFX1, ARCPFX2)."""

    max_length: int
    rule: NameRule = NameRule.DSN


ParamKind = Integer | Choice | Text | Interval | Classes | Numbers | MessageIds | Positional | Dsn


@dataclass(frozen=True, slots=True)
class Parameter:
    """One keyword of a system parameter macro.

    Attributes:
        macro: CSQ6SYSP, CSQ6LOGP, CSQ6ARVP or CSQ6USGP.
        name: the keyword (``LOGLOAD``).
        kind: what its value may be.
        default: IBM's default, as the module holds it (an int, a word, a tuple for a list).
        settable: whether the macro's SET command (SET SYSTEM / LOG / ARCHIVE) may change it
            while the queue manager runs.
        help: one line (HELP, docs, the DISPLAY report's meaning).
        verified: evidence for the default and range, "" when UNVERIFIED.
        obsolete: accepted for compatibility and ignored (CTHREAD, IDBACK, IDFORE).

    """

    macro: str
    name: str
    kind: ParamKind
    default: object
    settable: bool
    help: str
    verified: str = ""
    obsolete: bool = False


_SYSP = "DOC-CSQ6SYSP"
_LOGP = "DOC-CSQ6LOGP"
_ARVP = "DOC-CSQ6ARVP"
_NO_YES = Choice(("NO", "YES"))


def _p(
    macro: str,
    name: str,
    kind: ParamKind,
    default: object,
    settable: bool,
    help: str,
    verified: str = "",
    obsolete: bool = False,
) -> Parameter:
    return Parameter(macro, name, kind, default, settable, help, verified, obsolete)


def _sysp(*args, **kw) -> Parameter:
    return _p("CSQ6SYSP", *args, **kw)


def _logp(*args, **kw) -> Parameter:
    return _p("CSQ6LOGP", *args, **kw)


def _arvp(*args, **kw) -> Parameter:
    return _p("CSQ6ARVP", *args, **kw)


_OTMACON = Positional(
    (
        Field("GROUP", Text(8), ""),
        Field("MEMBER", Text(16), ""),
        Field("DRUEXIT", Text(8), "DFSYDRU0"),
        Field("AGE", Integer(0, 2_147_483_647), 2_147_483_647),
        Field("TPIPEPFX", Text(3), "CSQ"),
    )
)
_QSGDATA = Positional(
    (
        Field("QSGNAME", Text(4), ""),
        Field("DSGNAME", Text(8), ""),
        Field("DB2NAME", Text(4), ""),
        Field("DB2SERV", Integer(1, 10), 4),
        Field("DB2BLOB", Integer(1, 10), 4),
    )
)

#: Every parameter, by macro, in the order DISPLAY SYSTEM / LOG / ARCHIVE report them (the
#: order of each DISPLAY command's usage notes where IBM lists them; UNVERIFIED beyond that).
PARAMETERS: tuple[Parameter, ...] = (
    # ---- CSQ6SYSP: "system parameters, including setting the connection and tracing
    # environment" (IBM MQ "System definition on z/OS") -----------------------------------
    _sysp(
        "ACELIM",
        Integer(0, 999_999),
        0,
        True,
        "most ACE storage (KB) the queue manager keeps; 0: no limit",
        _SYSP,
    ),
    _sysp(
        "CLCACHE", Choice(("STATIC", "DYNAMIC")), "STATIC", False, "type of cluster cache", _SYSP
    ),
    _sysp(
        "CMDUSER", Text(8), "CSQOPR", False, "default user ID for command security checks", _SYSP
    ),
    _sysp(
        "EXITLIM",
        Integer(5, 9999),
        30,
        False,
        "seconds queue manager exits may run each time",
        _SYSP,
    ),
    _sysp(
        "EXITTCB",
        Integer(0, 99),
        8,
        False,
        "started server tasks that run queue manager exits",
        _SYSP,
    ),
    _sysp(
        "LOGLOAD",
        Integer(200, 16_000_000),
        500_000,
        True,
        "log records between one checkpoint and the next",
        _SYSP + ", DOC-SETSYS",
    ),
    _sysp(
        "MULCCAPT",
        Choice(("STANDARD", "REFINED")),
        "STANDARD",
        False,
        "measured usage license charging algorithm",
        _SYSP,
    ),
    _sysp(
        "OTMACON",
        _OTMACON,
        tuple(f.default for f in _OTMACON.fields),
        False,
        "OTMA connection: XCF group, member, DRU exit, age, transaction pipe prefix",
        _SYSP,
    ),
    _sysp(
        "QINDXBLD",
        Choice(("WAIT", "NOWAIT")),
        "WAIT",
        False,
        "whether restart waits until queue indexes are rebuilt",
        _SYSP,
    ),
    _sysp(
        "QMCCSID",
        Integer(0, 65535),
        0,
        False,
        "coded character set of the queue manager (0: the system's)",
    ),
    _sysp(
        "QSGDATA",
        _QSGDATA,
        tuple(f.default for f in _QSGDATA.fields),
        False,
        "queue sharing group, data sharing group, Db2 member, server tasks, BLOB tasks",
    ),
    _sysp("RESAUDIT", _NO_YES, "YES", False, "RESLEVEL security checks are audited"),
    _sysp(
        "ROUTCDE",
        Numbers(1, 128, 16),
        (1,),
        False,
        "route codes of messages not sent to a specific console",
    ),
    _sysp(
        "SMFACCT",
        Classes(32, star=True),
        "NO",
        False,
        "accounting trace classes started at start-up (NO, YES = class 1, or a list)",
    ),
    _sysp(
        "SMFSTAT",
        Classes(32, star=True),
        "NO",
        False,
        "statistics trace classes started at start-up (NO, YES = class 1, or a list)",
    ),
    _sysp(
        "SPLCAP",
        _NO_YES,
        "NO",
        False,
        "Advanced Message Security policies are enforced (message encryption)",
    ),
    _sysp(
        "STATIME",
        Interval(0, 1440),
        30,
        True,
        "minutes between SMF statistics records (0: the SMF global interval)",
        "DOC-SETSYS",
    ),
    _sysp(
        "ACCTIME",
        Interval(-1, 1440),
        -1,
        True,
        "minutes between SMF accounting records (-1: the statistics interval)",
        _SYSP + ", DOC-SETSYS",
    ),
    _sysp(
        "TRACSTR",
        Classes(32, star=True),
        "YES",
        False,
        "global trace classes started at start-up (NO, YES = class 1, or a list)",
    ),
    _sysp(
        "TRACTBL", Integer(0, 999), 99, True, "global trace table size in 4 KB blocks", "DOC-SETSYS"
    ),
    _sysp(
        "WLMTIME",
        Integer(1, 9999),
        30,
        False,
        "time between scans of the queue index for WLM-managed queues",
    ),
    _sysp("WLMTIMU", Choice(("MINS", "SECS")), "MINS", False, "units of WLMTIME"),
    _sysp(
        "EXCLMSG",
        MessageIds(16),
        (),
        True,
        "messages excluded from the console and hardcopy log",
        _SYSP + ", DOC-SETSYS",
    ),
    _sysp("SERVICE", Text(8), "0", True, "for IBM service use only", "DOC-SETSYS"),
    # Ignored since WebSphere MQ 7.1, still accepted; SET SYSTEM sets them to 32767 (IBM MQ
    # "SET SYSTEM").
    _sysp(
        "CTHREAD",
        Integer(1, 32767),
        32767,
        True,
        "ignored (compatibility)",
        "DOC-SETSYS",
        obsolete=True,
    ),
    _sysp(
        "IDBACK",
        Integer(1, 32767),
        32767,
        True,
        "ignored (compatibility)",
        "DOC-SETSYS",
        obsolete=True,
    ),
    _sysp(
        "IDFORE",
        Integer(0, 32767),
        32767,
        True,
        "ignored (compatibility)",
        "DOC-SETSYS",
        obsolete=True,
    ),
    # ---- CSQ6LOGP: logging (order of the DISPLAY LOG usage notes) ------------------------
    _logp(
        "COMPLOG",
        Choice(("NONE", "RLE", "ANY")),
        "NONE",
        True,
        "log record compression",
        _LOGP + ", DOC-SETLOG",
    ),
    _logp("ZHYWRITE", _NO_YES, "NO", True, "active log writes use zHyperWrite", "DOC-SETLOG"),
    _logp("ZHYLINK", _NO_YES, "NO", True, "active log writes use zHyperLink", "DOC-SETLOG"),
    _logp(
        "DEALLCT",
        Integer(0, 1440, words=("NOLIMIT",)),
        0,
        True,
        "minutes an unused archive read tape unit stays allocated",
        _LOGP + ", DOC-SETLOG",
    ),
    _logp(
        "INBUFF",
        Integer(28, 60),
        60,
        False,
        "input buffer storage (KB) for active and archive log data sets",
        _LOGP,
    ),
    _logp(
        "OUTBUFF",
        Integer(40, 4000),
        4000,
        False,
        "output buffer storage (KB) for active and archive log data sets",
        _LOGP,
    ),
    _logp(
        "MAXRTU",
        Integer(1, 99),
        2,
        True,
        "most tape units allocated to read archive logs",
        _LOGP + ", DOC-SETLOG",
    ),
    _logp(
        "MAXARCH",
        Integer(10, 10000),
        500,
        True,
        "most archive log volumes the BSDS records",
        _LOGP + ", DOC-SETLOG",
    ),
    _logp(
        "MAXCNOFF",
        Integer(1, 31),
        31,
        True,
        "most offload tasks that run in parallel",
        _LOGP + ", DOC-SETLOG",
    ),
    _logp("OFFLOAD", _NO_YES, "YES", False, "archiving (offload) on or off", _LOGP),
    _logp("TWOACTV", _NO_YES, "YES", False, "dual active logging", _LOGP),
    _logp("TWOARCH", _NO_YES, "YES", False, "dual archive logging", _LOGP),
    _logp("TWOBSDS", _NO_YES, "YES", False, "dual bootstrap data sets", _LOGP),
    _logp(
        "WRTHRSH",
        Integer(1, 256),
        20,
        True,
        "output buffers filled before they are written to the active log",
        _LOGP,
    ),
    # ---- CSQ6ARVP: archiving (the order of IBM's CSQ6ARVP table) -------------------------
    _arvp(
        "ALCUNIT", Choice(("BLK", "TRK", "CYL")), "BLK", True, "units of PRIQTY and SECQTY", _ARVP
    ),
    _arvp("ARCPFX1", Dsn(35), "CSQARC1", True, "prefix of the first archive log's name", _ARVP),
    _arvp("ARCPFX2", Dsn(35), "CSQARC2", True, "prefix of the second archive log's name", _ARVP),
    _arvp("ARCRETN", Integer(0, 9999), 9999, True, "days archive logs are retained", _ARVP),
    _arvp(
        "ARCWRTC",
        Numbers(1, 16, 14),
        (1, 3, 4),
        True,
        "route codes of messages about archive log data sets",
        _ARVP,
    ),
    _arvp(
        "ARCWTOR",
        _NO_YES,
        "YES",
        True,
        "ask the operator before mounting an archive log data set",
        _ARVP,
    ),
    _arvp("BLKSIZE", Integer(8192, 28672), 28672, True, "archive log block size", _ARVP),
    _arvp("CATALOG", _NO_YES, "NO", True, "archive log data sets are cataloged", _ARVP),
    _arvp(
        "COMPACT",
        _NO_YES,
        "NO",
        True,
        "archive logs are compacted (zEDC: written and read back at 38 MB/s, not 110)",
        _ARVP,
    ),
    _arvp(
        "PRIQTY",
        Integer(1, 4_294_967_295),
        25715,
        True,
        "primary space of an archive log on DASD (ALCUNIT units)",
        _ARVP,
    ),
    _arvp(
        "PROTECT", _NO_YES, "NO", True, "archive logs are protected by discrete security profiles"
    ),
    _arvp(
        "QUIESCE",
        Integer(1, 999),
        5,
        True,
        "seconds ARCHIVE LOG MODE(QUIESCE) waits for a point of consistency",
    ),
    _arvp(
        "SECQTY",
        Integer(1, 4_294_967_295),
        540,
        True,
        "secondary space of an archive log on DASD (ALCUNIT units)",
    ),
    _arvp(
        "TSTAMP",
        Choice(("NO", "YES", "EXT")),
        "NO",
        True,
        "the date and time in archive log data set names",
    ),
    _arvp("UNIT", Text(8), "TAPE", True, "device type of the first archive log"),
    _arvp("UNIT2", Text(8), "", True, "device type of the second archive log (blank: UNIT)"),
    # ---- CSQ6USGP: product usage (CSQ4ZPRM assembles it; no DISPLAY report) --------------
    _p("CSQ6USGP", "QMGRPROD", Text(16), "", False, "product the queue manager is recorded as"),
    _p("CSQ6USGP", "AMSPROD", Text(16), "", False, "product AMS is recorded as"),
)

#: The parameters of each macro, by name, in report order.
BY_MACRO: Mapping[str, Mapping[str, Parameter]] = {
    macro: {p.name: p for p in PARAMETERS if p.macro == macro} for macro in MACROS
}
#: Every parameter by name (names are unique across the macros).
BY_NAME: Mapping[str, Parameter] = {p.name: p for p in PARAMETERS}
#: The default values of every parameter: the module the queue manager uses when it is given
#: none (IBM's CSQZPARM).
DEFAULTS: Mapping[str, object] = {p.name: p.default for p in PARAMETERS}


def report(kind: str) -> tuple[Parameter, ...]:
    """The rows of DISPLAY SYSTEM, LOG or ARCHIVE, in order (obsolete parameters are not
    shown)."""
    return tuple(p for p in BY_MACRO[MACRO_OF[kind]].values() if not p.obsolete)


def settable(kind: str) -> tuple[Parameter, ...]:
    """What SET SYSTEM, SET LOG or SET ARCHIVE may change."""
    return tuple(p for p in BY_MACRO[MACRO_OF[kind]].values() if p.settable)
