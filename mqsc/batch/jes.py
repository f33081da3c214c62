"""The held output of a job, as SDSF shows it: JESMSGLG, JESJCL, JESYSMSG, then each step's
SYSOUT data sets, and the ``$HASP165`` notify line at the end.

Every data set is shown as an SDSF browse screen (the header and the TOP/BOTTOM OF DATA lines
of the one real CSQUTIL capture, [GH-CSQUTIL]): from record column 2, so the ASA
carriage-control column is not shown, as in that capture. JES2 lines follow the real job logs
of secondary sources; message layouts and their evidence are in
:mod:`mqsc.batch.systemmsgs`. Times come from the job's clock; CPU and SRB times, which belong
to a real machine, are not printed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from mqsc.batch.runner import JobRun, StepRun
from mqsc.batch.systemmsgs import abend_codes, line

#: The seed lab's system and node name (secondary sources: "ENDED AT SOW1").
SYSTEM = "SOW1"
TOP = "*" * 33 + " TOP OF DATA " + "*" * 34
BOTTOM = "*" * 32 + " BOTTOM OF DATA " + "*" * 32
MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")


@dataclass(frozen=True, slots=True)
class SpoolDataSet:
    """One data set of the held output."""

    ddname: str
    stepname: str
    dsid: int
    lines: tuple[str, ...]
    procstep: str = ""


# ---- times ---------------------------------------------------------------------------------
def clock_time(run: JobRun) -> str:
    return run.start.strftime("%H.%M.%S")


def stamp(moment) -> str:
    """``yyyyddd.hhmm`` as IEF373I prints it."""
    return moment.strftime("%Y%j.%H%M")


def day(moment) -> str:
    """``THURSDAY,  15 JAN 2026``."""
    name = moment.strftime("%A").upper() + ","
    return f"{name:<10} {moment.day:02d} {MONTHS[moment.month - 1]} {moment.year}"


# ---- JESMSGLG ------------------------------------------------------------------------------
def jesmsglg(run: JobRun, statistics: tuple[int, int, int]) -> list[str]:
    """The job log: start, abends, end, and the JES2 job statistics."""
    job = run.job.name
    prefix = f"{clock_time(run)} {run.jobid}  "
    lines = [
        " " * 23 + f"J E S 2  J O B  L O G  --  S Y S T E M  {_spaced(SYSTEM)}  --  "
        f"N O D E  {_spaced(SYSTEM)}",
        "",
        f"{clock_time(run)} {run.jobid} ---- {day(run.start)} ----",
    ]
    if run.job.errors:
        lines.append(prefix + line("IEFC452I", job=job))
        lines.append(prefix + line("$HASP395.JCL", job=job))
    elif run.job.scan:
        pass  # TYPRUN=SCAN: converted and checked, never started, so no start or end lines
    else:
        lines.append(prefix + line("IRR010I", user=run.job.owner))
        lines.append(
            prefix + line("$HASP373", job=job, init=1, jobclass=run.job.jobclass, system=SYSTEM)
        )
        for step in run.steps:
            lines += [prefix + text for text in step.log]
        if run.allocation_failed:
            lines.append(prefix + line("IEF453I", job=job))
        lines.append(prefix + _ended(run))
    cards, records, kbytes = statistics
    lines += [
        "------ JES2 JOB STATISTICS ------",
        f"  {run.start.day:02d} {MONTHS[run.start.month - 1]} {run.start.year} JOB EXECUTION DATE",
        f"{cards:>13} CARDS READ",
        f"{records:>13} SYSOUT PRINT RECORDS",
        f"{0:>13} SYSOUT PUNCH RECORDS",
        f"{kbytes:>13} SYSOUT SPOOL KBYTES",
        f"{(run.end - run.start).total_seconds() / 60:>13.2f} MINUTES EXECUTION TIME",
    ]
    return lines


def _spaced(word: str) -> str:
    return " ".join(word)


def _ended(run: JobRun) -> str:
    job = run.job.name
    if run.allocation_failed:
        return line("$HASP395.JCL", job=job)
    if run.abend is not None:
        return line("$HASP395.ABEND", job=job, abend=run.abend.abend)
    return line("$HASP395", job=job, rc=run.maxcc)


# ---- JESJCL --------------------------------------------------------------------------------
def jesjcl(run: JobRun) -> list[str]:
    """The JCL as read: statement numbers, continuation and comment cards unnumbered."""
    return [
        f"{'' if entry.number is None else entry.number:>9} {entry.card}"
        for entry in run.job.listing
    ]


# ---- JESYSMSG ------------------------------------------------------------------------------
def jesysmsg(run: JobRun) -> list[str]:
    """Allocation, step and job messages; JCL errors by statement number."""
    job = run.job
    if job.errors:
        return ["STMT NO. MESSAGE"] + [
            f"{e.statement:>8} {e.message}" for e in sorted(job.errors, key=lambda e: e.statement)
        ]
    if job.scan:
        return []  # nothing was allocated or run
    lines: list[str] = []
    for step in run.steps:
        lines += _step_messages(run, step)
    lines += [
        line("IEF375I", job=job.name, stamp=stamp(run.start)),
        line("IEF033I", job=job.name, stamp=stamp(run.end)),
    ]
    return lines


def _step_messages(run: JobRun, step: StepRun) -> list[str]:
    job = run.job.name
    # A procedure step is named "step procstep", as the allocation messages print it.
    name = f"{step.step.name} {step.step.procstep}".rstrip()
    if step.status in ("bypassed", "not-run"):
        out = list(step.messages)
        if step.status == "bypassed" and step.because == "cond":
            out.append(line("IEF202I", job=job, step=name))
        elif step.status == "bypassed" and step.because == "if":
            out.append(line("IEF206I", job=job, step=name, statement=step.statement))
        return out + [line("IEF272I", job=job, step=name)]
    out = [line("IEF236I", job=job, step=name)]
    for dd in step.step.dds:
        out += [
            line("IEF237I", unit=_unit(part.kind), dd=dd.name)
            for part in dd.parts
            if part.kind != "dsn"
        ]
    out += step.log
    if step.status == "executed":
        out.append(line("IEF142I", job=job, step=name, cc=step.cc))
    out += _dispositions(run, step)
    out += [
        line("IEF373I", step=step.step.name, stamp=stamp(run.start)),
        line("IEF032I", step=step.step.name, stamp=stamp(run.end)),
    ]
    return out


def _unit(kind: str) -> str:
    # JES2 data sets (in-stream, SYSOUT) are allocated to JES2; DUMMY to no device ("DMY ").
    return "DMY " if kind == "dummy" else "JES2"


def _dispositions(run: JobRun, step: StepRun) -> list[str]:
    """IEF285I: what became of each data set at step end."""
    owner, job = run.job.owner, run.job.name
    sysout = {name: dsid for name, dsid, _ in step.sysout}
    out = []
    for dd in step.step.dds:
        for part in dd.parts:
            if part.kind == "sysout" and dd.name in sysout:
                out.append(
                    line(
                        "IEF285I",
                        dsn=_spool_name(owner, job, run.jobid, sysout[dd.name]),
                        disposition="SYSOUT",
                    )
                )
            elif part.kind == "instream":
                out.append(
                    line(
                        "IEF285I",
                        dsn=_spool_name(owner, job, run.jobid, run.instream[id(part)]),
                        disposition="SYSIN",
                    )
                )
            elif part.kind == "dsn":
                name = f"{part.dsn}({part.member})" if part.member else part.dsn
                disposition = {"DELETE": "DELETED", "CATLG": "CATALOGED", "PASS": "PASSED"}.get(
                    part.disp[1], "KEPT"
                )
                out.append(line("IEF285I", dsn=name, disposition=disposition))
    return out


def _spool_name(owner: str, job: str, jobid: str, dsid: int) -> str:
    """``USER1.USER1IO.JOB00001.D0000101.?``: a JES2 spool data set's name."""
    return f"{owner}.{job}.{jobid}.D{dsid:07d}.?"


# ---- the whole output ----------------------------------------------------------------------
def data_sets(run: JobRun) -> list[SpoolDataSet]:
    """JESMSGLG, JESJCL, JESYSMSG, then the steps' SYSOUT data sets in DSID order."""
    jcl = tuple(jesjcl(run))
    sysmsg = tuple(jesysmsg(run))
    sysouts = [
        SpoolDataSet(dd, step.step.name, dsid, lines, step.step.procstep)
        for step in run.steps
        for dd, dsid, lines in step.sysout
    ]
    printed = [*jcl, *sysmsg] + [x for s in sysouts for x in s.lines]
    kbytes = math.ceil(sum(len(x) + 1 for x in printed) / 1024)
    log = tuple(jesmsglg(run, (run.job.cards, len(printed), kbytes)))
    return [
        SpoolDataSet("JESMSGLG", "JES2", 2, log),
        SpoolDataSet("JESJCL", "JES2", 3, jcl),
        SpoolDataSet("JESYSMSG", "JES2", 4, sysmsg),
        *sorted(sysouts, key=lambda s: s.dsid),
    ]


def notify(run: JobRun) -> str:
    """The ``$HASP165`` line TSO shows the submitter when the job ends."""
    job = run.job.name
    if run.jcl_error:
        text = line("$HASP165.JCL", job=job, node=SYSTEM)
    elif run.abend is not None:
        system, user = abend_codes(run.abend.abend)
        text = line("$HASP165.ABEND", job=job, node=SYSTEM, system=system, user=user)
    else:
        text = line("$HASP165", job=job, node=SYSTEM, maxcc=run.maxcc)
    return f"{run.end.strftime('%H.%M.%S')} {run.jobid} {text}"


def listing(run: JobRun) -> str:
    """The held output: the SDSF job data set list, each data set, the notify line (none for a
    TYPRUN=SCAN job without errors: it never ran, so it never ended)."""
    sets = data_sets(run)
    job = run.job
    out = [
        f"SDSF JOB DATA SET DISPLAY - JOB {job.name:<8} ({run.jobid})",
        "NP   DDNAME   StepName ProcStep DSID Owner    C Dest       Rec-Cnt",
    ]
    out += [
        f"     {s.ddname:<8} {s.stepname:<8} {s.procstep:<8} {s.dsid:>4} {job.owner:<8} "
        f"{job.msgclass:<1} {'LOCAL':<8} {len(s.lines):>9}"
        for s in sets
    ]
    for s in sets:
        out += [
            "",
            f"SDSF OUTPUT DISPLAY {job.name:<8} {run.jobid}  DSID {s.dsid:>5} LINE 0"
            "       COLUMNS 02- 81",
            TOP,
            *s.lines,
            BOTTOM,
        ]
    if not (run.job.scan and not run.job.errors):
        out += ["", notify(run)]
    return "".join(x + "\n" for x in out)
