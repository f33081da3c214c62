"""The DISPLAY USAGE report layouts (CSQI010I, CSQI065I, MQSC770I).

Structure from the lab capture (docs/qmz1.md): id and CPF then the title, two heading lines,
one ``_`` line per page set or pool, an "End of ..." line. The column widths are not
recoverable from the OCR'd seed; these are the house layout, numbers right-aligned under their
headings, and they live here only.
"""

from __future__ import annotations

from mqsc.catalog import texts
from mqsc.engine.records import BufferPoolReport, DataSetReport, PageSetReport

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
