"""IEBGENER: copy SYSUT1 to SYSUT2 (in-stream data, a cataloged data set or a concatenation,
to SYSOUT or a data set), as the z/OS data set utility does with ``//SYSIN DD DUMMY`` (DFSMSdfp
Utilities, "IEBGENER program").

SYSPRINT is the real program's: the ``DATA SET UTILITY - GENERATE`` page header, IEB352I when
SYSUT2 is new or SYSOUT (its DCB is copied from SYSUT1; an existing data set keeps its own and
the line is blank), then ``PROCESSING ENDED AT EOD`` (IBM z/OS Ansible collection captures in
the code index). Condition code 0; 12 when SYSUT1 or SYSUT2 is missing. Editing with SYSIN
control statements (GENERATE, RECORD, MEMBER...) is not emulated: MQSC213E, condition code 12,
nothing is copied.
"""

from __future__ import annotations

from mqsc.batch.steps import StepContext, StepOutcome
from mqsc.batch.systemmsgs import emulator_line, line

HEADER = f"DATA SET UTILITY - GENERATE{'':71}PAGE 0001"


def run_iebgener(ctx: StepContext) -> StepOutcome:
    out = [HEADER]
    if ctx.has("SYSIN") and any(r.strip() for r in ctx.read("SYSIN").text.splitlines()):
        out += [
            emulator_line(
                "MQSC213E",
                program="IEBGENER",
                what="SYSIN control statements (GENERATE, RECORD, MEMBER...)",
            )
        ]
        ctx.print("SYSPRINT", out)
        return StepOutcome(cc=12)
    for ddname, output in (("SYSUT1", False), ("SYSUT2", True)):
        if not ctx.has(ddname, output=output):
            out += [line("IEB316I", dd=ddname), "", "PROCESSING ENDED AT EOD"]
            ctx.print("SYSPRINT", out)
            return StepOutcome(cc=12)
    records = ctx.read("SYSUT1").text.splitlines()
    target = ctx.dds["SYSUT2"]
    new = target.kind == "sysout" or (target.kind == "dsn" and target.disp[0] == "NEW")
    out += [line("IEB352I") if new else "", "", "PROCESSING ENDED AT EOD"]
    ctx.print("SYSUT2", records)
    ctx.print("SYSPRINT", out)
    return StepOutcome(cc=0)
