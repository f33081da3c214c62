"""``EXEC PGM=IKJEFT01`` (and IKJEFT1A, IKJEFT1B): TSO in the background, as z/OS MQ shops
run RACF commands in a job: the commands of SYSTSIN (after PARM's, if any) against the mqsc
home's RACF database, the terminal monitor program's listing on SYSTSPRT, and the step's
return code by the entry point's rules (:mod:`mqsc.racf.background`).

The commands act for the job's user (USER= on the JOB card, else the submitter). mqsc has the
RACF commands and EXEC of a CLIST (SEARCH ... CLIST writes userid.EXEC.RACF.CLIST into the
job's catalog); any other TSO command is IKJ56500I COMMAND ... NOT FOUND.
"""

from __future__ import annotations

from dataclasses import dataclass

from mqsc.batch.steps import StepContext, StepOutcome
from mqsc.racf.background import MemoryKeeper, run_session


@dataclass(frozen=True)
class _StepDataSets:
    """The step's catalog as the session's CLIST data sets."""

    ctx: StepContext

    def read_text(self, dsn: str) -> str | None:
        catalog = self.ctx.catalog
        return catalog.read(dsn, "", self.ctx.encoding) if catalog.exists(dsn) else None

    def write_text(self, dsn: str, text: str) -> None:
        self.ctx.catalog.write(dsn, "", text)


def run_ikjeft01(ctx: StepContext) -> StepOutcome:
    """Run SYSTSIN's TSO commands; SYSTSPRT gets the listing."""
    text = ctx.read("SYSTSIN").text if ctx.has("SYSTSIN") else ""
    keeper = ctx.security if ctx.security is not None else MemoryKeeper()
    result = run_session(
        text,
        keeper,
        ctx.user,
        ctx.clock,
        program=ctx.program,
        parm=ctx.parm,
        datasets=_StepDataSets(ctx),
    )
    ctx.print("SYSTSPRT", result.listing())
    return StepOutcome(cc=result.rc)
