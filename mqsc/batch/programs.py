"""The programs a job step can run (``EXEC PGM=name``), by load module name.

A program name not in :data:`PROGRAMS` abends S806, as z/OS does when a load module is not
found. docs/batch.md, "Adding a program", shows how to add one.
"""

from __future__ import annotations

from collections.abc import Mapping

from mqsc.batch import csqutil
from mqsc.batch.assembler import run_asma90, run_iewl
from mqsc.batch.idcams import run_idcams
from mqsc.batch.iebgener import run_iebgener
from mqsc.batch.ifasmfdp import run_ifasmfdp
from mqsc.batch.ikjeft01 import run_ikjeft01
from mqsc.batch.steps import Program, StepContext, StepOutcome
from mqsc.batch.workload import run_mget, run_oemput


def run_csqutil(ctx: StepContext) -> StepOutcome:
    """``EXEC PGM=CSQUTIL,PARM='qmgr'``: SYSIN statements, SYSPRINT, the CSQUTIL return
    code as the step's condition code."""
    sysin = ctx.read("SYSIN") if ctx.has("SYSIN") else None
    audit: list = []
    outcome = csqutil.run(
        sysin,
        parm=ctx.parm,
        datasets=ctx,
        connect=ctx.qmgr,
        clock=ctx.clock,
        conn_of=ctx.conn,
        user=ctx.user,
        audit=audit,
    )
    ctx.audit(audit)
    ctx.print("SYSPRINT", outcome.sysprint)
    return StepOutcome(cc=outcome.rc)


def run_iefbr14(ctx: StepContext) -> StepOutcome:
    """``EXEC PGM=IEFBR14``: branch to register 14, return code 0. What the step does is its
    DD statements' business: allocation creates DISP=NEW data sets, step end deletes
    DISP=(...,DELETE) ones (z/OS MVS JCL User's Guide, "IEFBR14")."""
    del ctx
    return StepOutcome(cc=0)


#: Load modules the emulator has, by name: CSQUTIL, the z/OS utilities MQ jobs use (IDCAMS,
#: IEBGENER, IEFBR14, IFASMFDP, and the assembler and binder of the CSQ4ZPRM job: ASMA90,
#: IEWL and its other names HEWL and IEWBLINK), TSO in the background (IKJEFT01 and its entry points
#: IKJEFT1A and IKJEFT1B, running RACF commands), and the lab's workload programs OEMPUT
#: (SupportPac MP1B), OEMPUTX and MGET (SupportPac IP13) on the storage simulation.
PROGRAMS: Mapping[str, Program] = {
    "ASMA90": run_asma90,
    "CSQUTIL": run_csqutil,
    "HEWL": run_iewl,
    "IEWBLINK": run_iewl,
    "IEWL": run_iewl,
    "IDCAMS": run_idcams,
    "IEBGENER": run_iebgener,
    "IEFBR14": run_iefbr14,
    "IKJEFT01": run_ikjeft01,
    "IKJEFT1A": run_ikjeft01,
    "IKJEFT1B": run_ikjeft01,
    "IFASMFDP": run_ifasmfdp,
    "OEMPUT": run_oemput,
    "OEMPUTX": run_oemput,
    "MGET": run_mget,
}
