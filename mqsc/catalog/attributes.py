"""Attribute tables per object family: values, ranges, defaults, display widths, evidence.

Facts come from reference/zos-mqsc.md (section given in ``verified``; "" = UNVERIFIED, a best
guess kept here so it can be corrected in one place). Defaults are the ones "supplied with IBM
MQ" (the syntax diagrams); at run time a new object really takes its defaults from the LIKE
object or the SYSTEM.DEFAULT.* object, and these values only seed those default objects.

Display widths follow reference §9.5 [DOC-DISPFMT]: integers 10, keyword values 10 (a queue's
TYPE 8), negatable flags the length of the negative word, character values the field length of
the MQ constant (MQ_Q_NAME_LENGTH 48, MQ_Q_DESC_LENGTH 64, MQ_STORAGE_CLASS_LENGTH 8,
MQ_CF_STRUC_NAME_LENGTH 12, MQ_DATE_LENGTH 12, MQ_TIME_LENGTH 8).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from mqsc.catalog.model import (
    Choice,
    Flag,
    Integer,
    Keyword,
    Name,
    NameList,
    NameRule,
    Size,
    Text,
)

K = Keyword
MAX9 = 999_999_999
QNAME = Name(NameRule.QUEUE, 48)
QNAME_OR_BLANK = Name(NameRule.QUEUE, 48, blank_allowed=True)
GENERIC_QNAME = Name(NameRule.QUEUE, 48, generic=True)
STGCLASS_NAME = Name(NameRule.STGCLASS, 8)
CFSTRUCT_NAME = Name(NameRule.CFSTRUCT, 12)
QMGR_NAME = Name(NameRule.QMGR, 4, generic=True)
ENABLED = Choice(("ENABLED", "DISABLED"))
NO_YES = Choice(("NO", "YES"))


def table(*keywords: Keyword) -> Mapping[str, Keyword]:
    """Keywords by canonical name, in the order given (the display order)."""
    return {k.name: k for k in keywords}


def pick(source: Mapping[str, Keyword], names: Iterable[str]) -> Mapping[str, Keyword]:
    """A sub-table of ``source`` with ``names`` in that order."""
    return {name: source[name] for name in names}


def merged(*tables: Mapping[str, Keyword]) -> Mapping[str, Keyword]:
    """Several tables as one (later ones win)."""
    out: dict[str, Keyword] = {}
    for t in tables:
        out.update(t)
    return out


# ---- Options shared by many commands -------------------------------------------------------
REPLACE = K("REPLACE", Flag(), negation="NOREPLACE", default=False, width=9,
            help="replace an existing definition (NOREPLACE: fail if it exists)",
            verified="§3.1, §6.1 [DOC-DEFBP] [DOC-DEFQL]")
CMDSCOPE = K("CMDSCOPE", QMGR_NAME, default="",
             help="queue manager(s) of the queue sharing group that process the command",
             verified="§6.1 [DOC-DEFQL]")
ALL = K("ALL", Flag(), help="display all attributes", verified="§6.3 [DOC-DISQ]")
FORCE = K("FORCE", Flag(), help="alter even when the queue is open", verified="§6.1 [DOC-ALTQL]")
PURGE = K("PURGE", Flag(), negation="NOPURGE", default=False,
          help="delete the queue with its messages (NOPURGE: fail if it has messages)",
          verified="§6.2 [DOC-DELQ]")


def qsgdisp(*values: str, default: str = "QMGR") -> Keyword:
    """QSGDISP with the dispositions a command allows."""
    return K("QSGDISP", Choice(values), default=default, width=10,
             help="disposition of the object in the queue sharing group", verified="§6.1")


def like(kind: Name) -> Keyword:
    """LIKE(name): copy the attributes of an existing object of the same type."""
    return K("LIKE", kind, help="copy unspecified attributes from this object", verified="§6.1")


# ---- Buffer pools (§3) ---------------------------------------------------------------------
BUFFPOOL_ID = K("BUFFPOOL", Integer(0, 99), synonyms=("BP",), range_msg="CSQP002I",
                help="buffer pool number 0-99", verified="§3.1 [DOC-DEFBP], CSQP002I")
BUFFPOOL = table(
    K("BUFFERS", Integer(100, MAX9), default=1000, range_msg="CSQP005I", width=10,
      help="number of 4 KB buffers: 100-500,000 BELOW, 100-999,999,999 ABOVE",
      verified="§3.1 [DOC-DEFBP] (default from the diagram; text says required)"),
    K("LOCATION", Choice(("BELOW", "ABOVE")), synonyms=("LOC",), default="BELOW", width=10,
      help="31-bit (BELOW) or 64-bit (ABOVE) storage", verified="§3.1 [DOC-DEFBP]"),
    K("PAGECLAS", Choice(("4KB", "FIXED4KB")), default="4KB", width=10,
      help="pageable 4KB or page-fixed FIXED4KB frames", verified="§3.1 [DOC-DEFBP]"),
)

# ---- Page sets (§4) ------------------------------------------------------------------------
PSID_ID = K("PSID", Integer(0, 99), range_msg="CSQP003I", help="page set number 0-99",
            verified="§4.1 [DOC-DEFPSID], CSQP003I")
PSID = table(
    K("BUFFPOOL", Integer(0, 99), default=0, range_msg="CSQP002I", width=10,
      help="buffer pool the page set uses", verified="§4.1 [DOC-DEFPSID]"),
    K("DSN", Name(NameRule.DSN, 44), width=44,
      help="VSAM linear data set (only when adding a page set while running)",
      verified="§4.1 [DOC-DEFPSID]"),
    K("EXPAND", Choice(("USER", "SYSTEM", "NONE")), default="USER", width=10,
      help="dynamic expansion: secondary extent, 10% (SYSTEM), or none",
      verified="§4.1 [DOC-DEFPSID]"),
)

# ---- Storage classes (§5) ------------------------------------------------------------------
STGCLASS = table(
    K("STGCLASS", STGCLASS_NAME, width=8, help="storage class name", verified="§5.1"),
    K("QSGDISP", Choice(("QMGR", "COPY", "GROUP")), default="QMGR", width=10,
      help="disposition in the queue sharing group", verified="§5.1 [DOC-DEFSTC]"),
    K("PSID", Integer(0, 99), default=0, range_msg="CSQI002I", width=10,
      help="page set that holds the messages of queues using this class",
      verified="§5.1 [DOC-DEFSTC]; default from SYSTEMST (research display-formats §2.3)"),
    K("DESCR", Text(64), default="", width=64, help="description", verified="§5.1"),
    K("PASSTKTA", Text(8), default="", width=8, help="IMS bridge PassTicket application name"),
    K("XCFGNAME", Text(8), default="", width=8, help="IMS bridge XCF group name"),
    K("XCFMNAME", Text(16), default="", width=16, help="IMS bridge XCF member name"),
    K("ALTDATE", Text(12), width=12, help="date of the last change", verified="§5.3"),
    K("ALTTIME", Text(8), width=8, help="time of the last change", verified="§5.3"),
)
STGCLASS_SETTABLE = ("DESCR", "PSID", "PASSTKTA", "XCFGNAME", "XCFMNAME")

# ---- Local queues (§6) ---------------------------------------------------------------------
QLOCAL = table(
    K("QUEUE", QNAME, width=48, help="queue name", verified="§6.3"),
    K("TYPE", Choice(("QLOCAL",)), width=8, help="queue type", verified="§9.5"),
    K("QSGDISP", Choice(("QMGR", "COPY", "GROUP", "SHARED", "PRIVATE")), default="QMGR",
      width=10, help="disposition in the queue sharing group", verified="§6.1"),
    K("STGCLASS", STGCLASS_NAME, default="DEFAULT", width=8,
      help="storage class: maps the queue to a page set", verified="§6.1 (default UNVERIFIED)"),
    K("CFSTRUCT", Name(NameRule.CFSTRUCT, 12, blank_allowed=True), default="", width=12,
      help="coupling facility structure of a shared queue", verified="§6.1"),
    K("DESCR", Text(64), default="", width=64, help="description", verified="§6.1"),
    K("PUT", ENABLED, default="ENABLED", width=10, help="puts allowed", verified="§6.1"),
    K("GET", ENABLED, default="ENABLED", width=10, help="gets allowed", verified="§6.1"),
    K("DEFPRTY", Integer(0, 9), default=0, width=10, help="default message priority",
      verified="§6.1"),
    K("DEFPSIST", NO_YES, default="NO", width=10, help="default persistence",
      verified="§6.1"),
    K("DEFPRESP", Choice(("SYNC", "ASYNC")), default="SYNC", width=10,
      help="default put response", verified="§6.1"),
    K("DEFREADA", Choice(("NO", "YES", "DISABLED")), default="NO", width=10,
      help="default read ahead", verified="§6.1"),
    K("DEFBIND", Choice(("OPEN", "NOTFIXED", "GROUP")), default="OPEN", width=10,
      help="default binding for cluster queues", verified="§6.1"),
    K("DEFSOPT", Choice(("EXCL", "SHARED")), default="EXCL", width=10,
      help="default share option for input opens (z/OS default EXCL)",
      verified="§6.1 notes 3/4"),
    K("SHARE", Flag(), negation="NOSHARE", default=True, width=7,
      help="more than one application may get from the queue"),
    K("HARDENBO", Flag(), negation="NOHARDENBO", default=False, width=10,
      help="harden the backout count", verified="§6.1 (keywords)"),
    K("MSGDLVSQ", Choice(("PRIORITY", "FIFO")), default="PRIORITY", width=10,
      help="delivery order", verified="§6.1"),
    K("MAXDEPTH", Integer(0, MAX9), default=MAX9, width=10,
      help="most messages the queue can hold",
      verified="§6.1 range [DOC-MAXQDEPTH]; z/OS default from research display-formats §1.3"),
    K("MAXMSGL", Integer(0, 104_857_600), default=4_194_304, width=10,
      help="largest message in bytes", verified="§6.1 (z/OS range UNVERIFIED)"),
    K("RETINTVL", Integer(0, MAX9), default=MAX9, width=10, help="retention interval in hours",
      verified="§6.1"),
    K("BOQNAME", QNAME_OR_BLANK, default="", width=48, help="backout requeue queue",
      verified="§6.1"),
    K("BOTHRESH", Integer(0, MAX9), default=0, width=10, help="backout threshold",
      verified="§6.1"),
    K("INDXTYPE", Choice(("NONE", "MSGID", "CORRELID", "GROUPID", "MSGTOKEN")), default="NONE",
      width=10, help="index kept for gets by identifier", verified="§6.1 (values)"),
    K("USAGE", Choice(("NORMAL", "XMITQ")), default="NORMAL", width=10,
      help="normal queue or transmission queue", verified="§6.1"),
    K("TRIGGER", Flag(), negation="NOTRIGGER", default=False, width=9,
      help="triggering enabled", verified="§6.1"),
    K("TRIGTYPE", Choice(("FIRST", "EVERY", "DEPTH", "NONE")), default="FIRST", width=10,
      help="trigger condition", verified="§6.1 (values)"),
    K("TRIGDPTH", Integer(1, MAX9), default=1, width=10, help="depth for TRIGTYPE(DEPTH)"),
    K("TRIGMPRI", Integer(0, 9), default=0, width=10, help="priority threshold for triggers"),
    K("TRIGDATA", Text(64), default="", width=64, help="data for the trigger message"),
    K("INITQ", QNAME_OR_BLANK, default="", width=48, help="initiation queue"),
    K("PROCESS", QNAME_OR_BLANK, default="", width=48, help="process definition"),
    K("QDEPTHHI", Integer(0, 100), default=80, width=10, help="high depth event threshold %"),
    K("QDEPTHLO", Integer(0, 100), default=20, width=10, help="low depth event threshold %"),
    K("QDPHIEV", ENABLED, default="DISABLED", width=10, help="queue depth high events"),
    K("QDPLOEV", ENABLED, default="DISABLED", width=10, help="queue depth low events"),
    K("QDPMAXEV", ENABLED, default="ENABLED", width=10, help="queue full events"),
    K("QSVCIEV", Choice(("NONE", "HIGH", "OK")), default="NONE", width=10,
      help="service interval events"),
    K("QSVCINT", Integer(0, MAX9), default=MAX9, width=10, help="service interval in ms"),
    K("ACCTQ", Choice(("QMGR", "ON", "OFF")), default="QMGR", width=10,
      help="accounting data collection", verified="§6.1"),
    K("MONQ", Choice(("QMGR", "OFF", "LOW", "MEDIUM", "HIGH")), default="QMGR", width=10,
      help="online monitoring data collection"),
    K("STATQ", Choice(("QMGR", "ON", "OFF")), default="QMGR", width=10,
      help="statistics data collection"),
    K("CLUSTER", QNAME_OR_BLANK, default="", width=48, help="cluster the queue belongs to",
      verified="§6.1"),
    K("CLUSNL", QNAME_OR_BLANK, default="", width=48, help="namelist of clusters",
      verified="§6.1"),
    K("CLCHNAME", Text(48), default="", width=48, help="cluster-sender channels for XMITQ",
      verified="§6.1"),
    K("CLWLPRTY", Integer(0, 9), default=0, width=10, help="cluster workload priority",
      verified="§6.1"),
    K("CLWLRANK", Integer(0, 9), default=0, width=10, help="cluster workload rank",
      verified="§6.1"),
    K("CLWLUSEQ", Choice(("QMGR", "ANY", "LOCAL")), default="QMGR", width=10,
      help="use of the local instance in cluster workload", verified="§6.1"),
    K("PROPCTL", Choice(("ALL", "COMPAT", "FORCE", "NONE")), default="COMPAT", width=10,
      help="message property handling", verified="§6.1 (ALTER 9.3)"),
    K("STREAMQ", QNAME_OR_BLANK, default="", width=48, help="streaming queue",
      verified="§6.1 (9.3+)"),
    K("STRMQOS", Choice(("BESTEF", "MUSTDUP")), default="BESTEF", width=10,
      help="streaming quality of service", verified="§6.1 (9.3+)"),
    K("CUSTOM", Text(128), default="", width=128, help="attributes for new features",
      verified="§6.1"),
    K("DEFTYPE", Choice(("PREDEFINED",)), default="PREDEFINED", width=10,
      help="how the queue was defined"),
    K("CURDEPTH", Integer(0, MAX9), width=10, help="messages on the queue now"),
    K("IPPROCS", Integer(0, MAX9), width=10, help="handles open for input"),
    K("OPPROCS", Integer(0, MAX9), width=10, help="handles open for output"),
    K("CRDATE", Text(12), width=12, help="date created"),
    K("CRTIME", Text(8), width=8, help="time created"),
    K("ALTDATE", Text(12), width=12, help="date of the last change"),
    K("ALTTIME", Text(8), width=8, help="time of the last change"),
    # Valid MQSC on other platforms, not on z/OS (§6.1 note 3 of the 9.3 ALTER diagram).
    K("CAPEXPRY", Integer(-1, MAX9), zos=False),
    K("DISTL", NO_YES, zos=False),
    K("IMGRCOVQ", Choice(("YES", "NO", "QMGR")), zos=False),
    K("MAXFSIZE", Integer(20, MAX9), zos=False),
    K("NPMCLASS", Choice(("NORMAL", "HIGH")), zos=False),
    K("SCOPE", Choice(("QMGR", "CELL")), zos=False),
)
#: Attributes a user may set (DEFINE / ALTER); the rest of QLOCAL is displayed only.
QLOCAL_DISPLAY_ONLY = ("QUEUE", "TYPE", "QSGDISP", "DEFTYPE", "CURDEPTH", "IPPROCS", "OPPROCS",
                       "CRDATE", "CRTIME", "ALTDATE", "ALTTIME")
QLOCAL_SETTABLE = tuple(n for n in QLOCAL if n not in QLOCAL_DISPLAY_ONLY)
#: Not allowed as WHERE filter keywords (§6.3), besides the selectors.
QLOCAL_NOT_FILTERS = ("QDPHIEV", "QDPLOEV", "QDPMAXEV", "QSGDISP", "QSVCIEV")

# ---- Coupling facility structures (§7) -----------------------------------------------------
CFSTRUCT = table(
    K("CFSTRUCT", CFSTRUCT_NAME, width=12, help="structure name (without the QSG prefix)"),
    K("CFLEVEL", Integer(1, 5), default=3, width=10,
      help="function level: 3 for persistent messages, 4 for messages over 63 KB",
      verified="§7.1 [DOC-DEFCFS], storage-model CF-7"),
    K("RECOVER", NO_YES, default="NO", width=10,
      help="whether BACKUP/RECOVER CFSTRUCT are supported", verified="§7.1, CF-7"),
    K("RECAUTO", Choice(("YES", "NO")), default="YES", width=10,
      help="recover automatically after a failure", verified="CF-7"),
    K("CFCONLOS", Choice(("ASQMGR", "TERMINATE", "TOLERATE")), default="ASQMGR", width=10,
      help="action on loss of connectivity", verified="CF-7"),
    K("DESCR", Text(64), default="", width=64, help="description", verified="§7.1"),
    K("OFFLOAD", Choice(("DB2", "SMDS", "NONE")), default="DB2", width=10,
      help="where large messages are offloaded (default UNVERIFIED)"),
    K("OFFLD1SZ", Size(0, 65536), default="32K", width=10, help="offload rule 1 size"),
    K("OFFLD1TH", Integer(0, 100), default=70, width=10, help="offload rule 1 threshold %"),
    K("OFFLD2SZ", Size(0, 65536), default="4K", width=10, help="offload rule 2 size"),
    K("OFFLD2TH", Integer(0, 100), default=80, width=10, help="offload rule 2 threshold %"),
    K("OFFLD3SZ", Size(0, 65536), default="0K", width=10, help="offload rule 3 size"),
    K("OFFLD3TH", Integer(0, 100), default=90, width=10, help="offload rule 3 threshold %"),
    K("DSGROUP", Text(44), default="", width=44, help="SMDS data set name pattern"),
    K("DSBLOCK", Size(8192, 1048576), default="256K", width=10, help="SMDS block size"),
    K("DSBUFS", Integer(1, 9999), default=100, width=10, help="SMDS buffers"),
    K("DSEXPAND", Choice(("YES", "NO", "DEFAULT")), default="YES", width=10,
      help="SMDS expansion"),
    K("ALTDATE", Text(12), width=12, help="date of the last change"),
    K("ALTTIME", Text(8), width=8, help="time of the last change"),
)
CFSTRUCT_SETTABLE = tuple(n for n in CFSTRUCT if n not in ("CFSTRUCT", "ALTDATE", "ALTTIME"))

CFSTATUS = table(
    K("CFSTATUS", CFSTRUCT_NAME, width=12, help="structure name"),
    K("TYPE", Choice(("SUMMARY", "CONNECT", "BACKUP", "SMDS")), default="SUMMARY", width=10,
      help="which status to show", verified="§7.5 [DOC-DISCFST]"),
    K("STATUS", Choice(("ACTIVE", "FAILED", "INBACKUP", "INRECOVER", "NOTFOUND", "NONE",
                        "UNKNOWN")),
      width=10, help="structure status (MQCFSTATUS_*; MQSC spellings UNVERIFIED)"),
    K("CFTYPE", Choice(("ADMIN", "APPL")), width=10, help="administration or application",
      verified="research display-formats §2.1"),
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
    K("RCVDATE", Text(12), width=12, help="date of the last recovery"),
    K("RCVTIME", Text(8), width=8, help="time of the last recovery"),
)

# ---- DISPLAY USAGE (§8) --------------------------------------------------------------------
USAGE = table(
    K("PSID", Integer(0, 99, star=True), default="*", range_msg="CSQI002I",
      help="page set to report on, or * for all", verified="§8.1 [DOC-DISUSAGE]"),
    K("TYPE", Choice(("PAGESET", "DATASET", "SMDS", "ALL")), default="PAGESET",
      help="what to report", verified="§8.1 [DOC-DISUSAGE]"),
)

# ---- Queue manager -------------------------------------------------------------------------
QMGR = table(
    K("QMNAME", Name(NameRule.QMGR, 4), width=4, help="queue manager name",
      verified="§9.5 (CSQM409I example)"),
    K("QSGNAME", Text(4), default="", width=4, help="queue sharing group"),
    K("PLATFORM", Choice(("MVS",)), default="MVS", width=10, help="operating system"),
    K("CMDLEVEL", Integer(0, 999), default=940, width=10, help="command level"),
    K("VERSION", Text(8), default="09040000", width=8, help="product version"),
    K("DESCR", Text(64), default="", width=64, help="description"),
    K("DEADQ", QNAME_OR_BLANK, default="", width=48, help="dead-letter queue",
      verified="§9.5 (CSQM409I example), §1 (CSQINP2 sample)"),
    K("DEFXMITQ", QNAME_OR_BLANK, default="", width=48, help="default transmission queue"),
    K("COMMANDQ", QNAME, default="SYSTEM.COMMAND.INPUT", width=48, help="command queue"),
    K("MAXMSGL", Integer(32768, 104_857_600), default=104_857_600, width=10,
      help="largest message (fixed at 100 MB on z/OS)", verified="storage-model CF-2"),
    K("CCSID", Integer(1, 65535), default=500, width=10, help="coded character set"),
    K("ALTDATE", Text(12), width=12, help="date of the last change"),
    K("ALTTIME", Text(8), width=8, help="time of the last change"),
)
QMGR_SETTABLE = ("DESCR", "DEADQ", "DEFXMITQ", "CCSID")

#: Attribute table of each object type that DISPLAY shows (QUEUE shows local queues).
FAMILIES: Mapping[str, Mapping[str, Keyword]] = {
    "QLOCAL": QLOCAL,
    "QUEUE": QLOCAL,
    "STGCLASS": STGCLASS,
    "CFSTRUCT": CFSTRUCT,
    "CFSTATUS": CFSTATUS,
    "QMGR": QMGR,
}

#: The queue manager name rule also covers CMDSCOPE values; a single ``*`` means every member.
NAMES = {
    "QUEUE": QNAME,
    "GENERIC_QUEUE": GENERIC_QNAME,
    "CFSTRUCT_LIST": NameList(NameRule.CFSTRUCT, 12, 256),
}
