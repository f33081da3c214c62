"""The two programs of the CSQ4ZPRM job: the assembler (ASMA90) and the binder (IEWL).

IBM's sample job thlqual.SCSQPROC(CSQ4ZPRM) "assembles and links a new system parameter
module": one ``EXEC PGM=ASMA90,PARM='DECK,NOOBJECT,LIST,XREF(SHORT)'`` step per macro
(CSQ6LOGP, CSQ6ARVP, CSQ6SYSP, CSQ6USGP) writing its object deck to a temporary data set
(``SYSPUNCH DD DSN=&&LOGP,DISP=(,PASS)``), then ``EXEC PGM=IEWL`` whose SYSLIN includes the
decks and ``OLDLOAD(CSQZPARM)``, names the entry point ``CSQZMSTR`` and the module
``NAME CSQZPARM(R)`` into the APF library of SYSLMOD. The queue manager then starts with
``START QMGR PARM(name)``.

Here the assembler reads the macros with :mod:`mqsc.language.zparmsource`; what the macros refuse
is an MNOTE in the listing (``** ASMA254I *** MNOTE ***`` as HLASM prints it, HLASM
Programmer's Guide "Sample error diagnostic messages") and the step's return code is the
highest severity, so the sample's ``COND=(0,NE)`` / ``COND=(4,LT)`` skip the later steps and
nothing is link-edited. An object deck and a load module are data sets of the catalog: a
marker line and the assembled values as JSON (mqsc/batch/datasets.py).

The listing's layout beyond the lines HLASM's guide shows (heading, MNOTE lines) and the
binder's lines are mqsc's own (their z/OS texts are not quoted where mqsc could see them).
"""

from __future__ import annotations

import re

from mqsc.batch import datasets
from mqsc.batch.steps import StepContext, StepOutcome
from mqsc.batch.systemmsgs import emulator_line
from mqsc.catalog import zparm
from mqsc.language import zparmsource

#: The listing heading of HLASM's guide ("Loc Object Code Addr1 Addr2 Stmt Source Statement
#: HLASM R6.0 date time").
HEADING = "  Loc  Object Code    Addr1 Addr2  Stmt   Source Statement"
#: The entry point of a system parameter module (CSQ4ZPRM: ``ENTRY CSQZMSTR``).
ENTRY = "CSQZMSTR"


# ---- ASMA90 ---------------------------------------------------------------------------------
def listing(assembly: zparmsource.Assembly, stamp: str) -> list[str]:
    """The assembler listing: each statement's records with its number, the diagnostics after
    the statement they belong to, and the summary."""
    lines = [f"{HEADING:<95}HLASM R6.0  {stamp}", ""]
    notes: dict[int, list[zparmsource.Note]] = {}
    for note in assembly.notes:
        notes.setdefault(note.statement, []).append(note)
    for s in assembly.statements:
        for i, record in enumerate(s.records):
            number = f"{s.number:>6}" if i == 0 else " " * 6
            lines.append(f"{'':<33}{number} {record.rstrip()}")
        for note in notes.get(s.number, []):
            lines.append(_diagnostic(note))
    flagged = len({n.statement for n in assembly.notes})
    lines += [
        "",
        f"{flagged:>6} Statement{'s' if flagged != 1 else ' '} Flagged in this "
        f"Assembly{assembly.rc:>9} was Highest Severity Code",
        f"Return Code {assembly.rc:03d}",
    ]
    return lines


def _diagnostic(note: zparmsource.Note) -> str:
    if note.kind == "mnote":
        return f"** ASMA254I *** MNOTE *** {note.statement:>6}+ {note.severity},{note.text}"
    if note.kind == "asma":
        return f"** {note.msg_id} {note.text}"
    return "** " + emulator_line(note.msg_id, operation=note.text.split()[1])


def run_asma90(ctx: StepContext) -> StepOutcome:
    """``EXEC PGM=ASMA90``: assemble SYSIN (the system parameter macros), list on SYSPRINT,
    write the object deck to SYSPUNCH (PARM DECK, the sample's) or SYSLIN (OBJECT)."""
    source = ctx.read("SYSIN").text if ctx.has("SYSIN") else ""
    assembly = zparmsource.assemble(source)
    ctx.print("SYSPRINT", listing(assembly, ctx.clock().strftime("%Y/%m/%d %H.%M")))
    options = {o.strip().upper() for o in ctx.parm.split(",")}
    deck = "SYSLIN" if "OBJECT" in options and "NOOBJECT" not in options else "SYSPUNCH"
    if assembly.macros and ctx.has(deck, output=True):
        ctx.write(deck, datasets.object_deck(assembly.macros))
    return StepOutcome(cc=assembly.rc)


# ---- IEWL (the binder) ----------------------------------------------------------------------
_INCLUDE = re.compile(r"\s*INCLUDE\s+([A-Z0-9@#$]{1,8})(?:\(([A-Z0-9@#$]{1,8})\))?\s*", re.I)
_ENTRY = re.compile(r"\s*ENTRY\s+([A-Z0-9@#$]{1,8})\s*", re.I)
_NAME = re.compile(r"\s*NAME\s+([A-Z0-9@#$]{1,8})(\(R\))?\s*", re.I)


def run_iewl(ctx: StepContext) -> StepOutcome:
    """``EXEC PGM=IEWL``: bind the object decks SYSLIN includes into the load module its NAME
    statement names, in the SYSLMOD library. A control section included twice keeps the
    first (the CSQ4ZPRM sample includes OLDLOAD(CSQZPARM) last, for what was not assembled)."""
    lines = ctx.read("SYSLIN").text.splitlines() if ctx.has("SYSLIN") else []
    sections: dict[str, dict[str, object]] = {}
    entry, name, replace_ok = "", "", False
    printed: list[str] = []
    problems: list[str] = []
    for raw in lines:
        text = raw[:72].rstrip()
        if not text.strip() or text.lstrip().startswith("*"):
            continue
        printed.append(f" {text.strip()}")
        statement = text.split(None, 1)[0].upper() if text.split() else ""
        if m := _INCLUDE.fullmatch(text):
            found = _include(ctx, m.group(1).upper(), (m.group(2) or "").upper())
            if isinstance(found, str):
                problems.append(found)
                continue
            for csect, values in found.items():
                sections.setdefault(csect, dict(values))
        elif m := _ENTRY.fullmatch(text):
            entry = m.group(1).upper()
        elif m := _NAME.fullmatch(text):
            name, replace_ok = m.group(1).upper(), bool(m.group(2))
        else:
            problems.append(
                f"control statement {statement or text.strip()} is not INCLUDE, ENTRY or NAME"
            )
    dsn = ctx.dsn_of("SYSLMOD") or ""
    if not problems and not name:
        problems.append("no NAME statement: the load module has no member name")
    if not problems and not dsn:
        problems.append("SYSLMOD does not name a load library")
    if not problems and not sections:
        problems.append("nothing was included")
    if not problems and ctx.catalog.exists(dsn, name) and not replace_ok:
        problems.append(f"member {name} exists in {dsn}: NAME {name}(R) replaces it")
    if problems:
        ctx.print("SYSPRINT", [*printed, *(emulator_line("MQSC222E", problem=p) for p in problems)])
        return StepOutcome(cc=12)
    existed = ctx.catalog.exists(dsn, name)
    ctx.catalog.write(dsn, name, datasets.load_module(name, entry or ENTRY, sections))
    ctx.print(
        "SYSPRINT",
        [
            *printed,
            emulator_line(
                "MQSC221I",
                member=name,
                action="replaced" if existed else "added",
                library=dsn,
                sections=", ".join(sorted(sections)),
            ),
        ],
    )
    return StepOutcome(cc=0)


def _include(ctx: StepContext, ddname: str, member: str) -> dict[str, dict[str, object]] | str:
    """The control sections an INCLUDE brings, or why it brings none."""
    dd = ctx.dds.get(ddname)
    if dd is None or dd.kind != "dsn":
        return f"INCLUDE {ddname}: no DD statement {ddname} naming a data set"
    dsn, member = dd.dsn, member or dd.member
    if datasets.product_library(dsn) and member == zparm.DEFAULT_MODULE:
        # IBM's default module in thlqual.SCSQAUTH: every macro with its defaults.
        return {macro: dict(values) for macro, values in datasets.default_sections().items()}
    if not ctx.catalog.exists(dsn, member):
        return f"INCLUDE {ddname}: {datasets.display_name(dsn, member)} is not cataloged"
    text = ctx.catalog.read(dsn, member, ctx.encoding)
    found = datasets.read_object_deck(text) or datasets.read_load_module(text)
    if found is None:
        return (
            f"INCLUDE {ddname}: {datasets.display_name(dsn, member)} is not an object deck "
            "or load module"
        )
    return found
