"""The DISPLAY USAGE report layouts (CSQI010I, CSQI065I, MQSC770I).

Structure from the lab capture (docs/qmz1.md): id and CPF then the title, two heading lines,
one ``_`` line per page set or pool, an "End of ..." line. The column widths are not
recoverable from the OCR'd seed; these are the house layout, numbers right-aligned under their
headings, and they live here only.
"""

from __future__ import annotations

from mqsc.catalog import texts
from mqsc.engine.records import (
    BufferPoolReport,
    DataSetReport,
    LogStatusReport,
    PageSetReport,
    ParameterReport,
    ThreadReport,
    TraceReport,
)

PAGESET_HEADINGS = (
    " Page Buffer     Total    Unused Persistent NonPersist Expansion",
    "  set   pool     pages     pages data pages data pages     count",
)
PAGESET_END = " End of page set report"
POOL_HEADINGS = (
    " Buffer  Available  Stealable  Stealable Page      Location",
    "   pool    buffers    buffers percentage class",
)
POOL_END = " End of buffer pool attributes"
DATASET_HEADING = " Data set           RBA/LRSN     DSNAME"
DATASET_END = " End of data set report"


def pageset_lines(report: PageSetReport, cpf: str) -> list[str]:
    """The CSQI010I report, one string per line.

    >>> from mqsc.engine.records import PageSetUsage
    >>> pageset_lines(PageSetReport((PageSetUsage(0, 0, 1078, 1042, 36, 0, "USER", 0),)),
    ...               "QMZ1")[3]
    ' _  0      0      1078      1042         36          0 USER    0'
    """
    lines = [texts.line("CSQI010I", {}, cpf), *PAGESET_HEADINGS]
    for r in report.rows:
        if r.status != "AVAILABLE":
            # An offline page set's space map cannot be read: no figures (wording
            # UNVERIFIED, [DOC-DISUSAGE]).
            lines.append(f" _{r.psid:>3}{r.pool:>7}  Page set is {r.status.lower()}")
            continue
        lines.append(
            f" _{r.psid:>3}{r.pool:>7}{r.total:>10}{r.unused:>10}{r.persistent:>11}"
            f"{r.nonpersistent:>11} {r.expand:<6}{r.expansions:>3}"
        )
    lines.append(PAGESET_END)
    return lines


def pool_lines(report: BufferPoolReport, cpf: str) -> list[str]:
    """The CSQI065I report, one string per line.

    >>> from mqsc.engine.records import BufferPoolUsage
    >>> pool_lines(BufferPoolReport((BufferPoolUsage(11, 1000, 393, 39, "FIXED4KB",
    ...                                               "ABOVE"),)), "QMZ1")[3]
    ' _   11       1000        393         39 FIXED4KB  ABOVE'
    """
    lines = [texts.line("CSQI065I", {}, cpf), *POOL_HEADINGS]
    for r in report.rows:
        lines.append(
            f" _{r.pool:>5}{r.available:>11}{r.stealable:>11}{r.percent:>11}"
            f" {r.pageclass:<9} {r.location}"
        )
    lines.append(POOL_END)
    return lines


def dataset_lines(report: DataSetReport, cpf: str) -> list[str]:
    """The MQSC770I data set report (layout UNVERIFIED, recollection, [DOC-DISUSAGE]).

    >>> from mqsc.engine.records import DataSetUsage
    >>> dataset_lines(DataSetReport((DataSetUsage("oldest for page set recovery",
    ...                              "000000001000", "QMZ1.LOGCOPY1.DS01"),)), "QMZ1")[2:4]
    [' Log, oldest for page set recovery:', '   000000001000 QMZ1.LOGCOPY1.DS01']
    """
    lines = [texts.line("MQSC770I", {"csect": "CSQIDUSE"}, cpf), DATASET_HEADING]
    for r in report.rows:
        lines.append(f" Log, {r.kind}:")
        lines.append(f"   {r.rba} {r.dsname}" if r.rba else "   None")
    lines.append(DATASET_END)
    return lines


TRACE_HEADING = "TNO TYPE     CLASS        DEST     USERID   RMID"
TRACE_END = "END OF TRACE REPORT"


def trace_lines(report: TraceReport, cpf: str) -> list[str]:
    """The DISPLAY TRACE report: a heading, one line per trace, an end line (mqsc's layout:
    IBM's CSQW report text is not public, docs/smf.md).

    >>> from mqsc.engine.records import TraceRow
    >>> trace_lines(TraceReport((TraceRow("02", "STAT", "01,02", "SMF", "*", "*"),)), "QMZ1")
    ['MQSC671I QMZ1 CURRENT TRACE ACTIVITY IS -', 'TNO TYPE     CLASS        DEST     \
USERID   RMID', '02  STAT     01,02        SMF      *        *', 'END OF TRACE REPORT']
    """
    lines = [texts.line("MQSC671I", {}, cpf), TRACE_HEADING]
    for r in report.rows:
        lines.append(f"{r.tno:<4}{r.ttype:<9}{r.classes:<13}{r.dest:<9}{r.userid:<9}{r.rmid}")
    if not report.rows:
        lines.append("NO TRACES ACTIVE")
    lines.append(TRACE_END)
    return lines


# ---- DISPLAY SYSTEM, LOG, ARCHIVE (CSQJ322I, CSQJ370I) -------------------------------------
# The report's structure from a public parser of real DISPLAY SYSTEM output: the CSQJ322I line,
# a heading with "SET value", a rule of dashes, a row per parameter, "End of SYSTEM report";
# column widths and the CSQJ370I lines are the house layout (UNVERIFIED).
PARAMETER_HEADINGS = (
    "Parameter    Initial value        SET value",
    "-----------  -------------------  ---------------------",
)


def parameter_lines(report: ParameterReport, cpf: str) -> list[str]:
    """The CSQJ322I report, one string per line.

    >>> from mqsc.engine.records import ParameterRow
    >>> parameter_lines(ParameterReport("LOG", (ParameterRow("MAXARCH", "500", "1000"),)),
    ...                 "QMZ1")[3]
    'MAXARCH      500                  1000'
    """
    lines = [texts.line("CSQJ322I", {"kind": report.kind}, cpf), *PARAMETER_HEADINGS]
    for row in report.rows:
        lines.append(f"{row.name:<11}  {row.initial:<19}  {row.set}".rstrip())
    lines.append(f"End of {report.kind} report")
    return lines


def log_status_lines(report: LogStatusReport, cpf: str) -> list[str]:
    """The CSQJ370I report, one string per line."""
    lines = [texts.line("CSQJ370I", {}, cpf), "Copy  %Full  zHyperWrite  DSName"]
    for c in report.copies:
        lines.append(f"{c.copy:>3}  {c.percent:>5}  {c.zhyperwrite:<11}  {c.dsname}")
    lines += [
        f"Restarted at {report.restarted} using RBA={report.restart_rba}",
        f"Latest RBA={report.latest_rba}",
        f"Offload task is {report.offload}",
        f"Full logs to offload - {report.full} of {report.total}",
    ]
    if report.suspended:
        lines.append("Log suspended by SUSPEND QMGR LOG")
    return lines


#: DISPLAY THREAD's reports: the message each starts with, its column headings (the active
#: threads' headings as IBM's CSQV402I explanation lists them: NAME S T REQ THREAD-XREF USERID
#: ASID URID; widths and the other two reports' headings UNVERIFIED) and its end line.
THREAD_REPORTS = {
    "ACTIVE": (
        "CSQV402I",
        " NAME     S T        REQ THREAD-XREF USERID   ASID URID",
        " DISPLAY ACTIVE REPORT COMPLETE",
    ),
    "REGIONS": (
        "CSQV432I",
        " NAME     TYPE     ASID   THREADS",
        " DISPLAY REGIONS REPORT COMPLETE",
    ),
    "INDOUBT": (
        "CSQV406I",
        " NAME     COORDINATOR URID         NID",
        " DISPLAY INDOUBT REPORT COMPLETE",
    ),
}


def thread_lines(report: ThreadReport, cpf: str) -> list[str]:
    """One DISPLAY THREAD report, one string per line.

    >>> from mqsc.engine.records import ThreadRow
    >>> thread_lines(ThreadReport("ACTIVE", (ThreadRow("PAYJOB", "T", "BATCH", "OPER1",
    ...              "0040", "00000001A2C0", "", 1),)), "QMZ1")[2]
    ' PAYJOB   T BATCH       1             OPER1    0040 00000001A2C0'
    """
    msg_id, heading, end = THREAD_REPORTS[report.kind]
    lines = [texts.line(msg_id, {}, cpf), heading]
    for r in report.rows:
        if report.kind == "ACTIVE":
            lines.append(
                f" {r.name:<8} {r.status} {r.kind:<8} {r.threads:>4} "
                f"{r.nid:<11} {r.userid:<8} {r.asid:<4} {r.urid}".rstrip()
            )
        elif report.kind == "REGIONS":
            lines.append(f" {r.name:<8} {r.kind:<8} {r.asid:<4} {r.threads:>9}")
        else:
            lines.append(f" {r.name:<8} {r.kind:<11} {r.urid:<12} {r.nid}".rstrip())
    if not report.rows:
        lines.append(" NO THREADS FOUND")
    lines.append(end)
    return lines
