"""Running jobs: COND, abends, S806, allocation, data sets, queue managers shared by steps."""

from __future__ import annotations

from pathlib import Path

import pytest

from mqsc.batch import jcl, runner
from mqsc.batch.datasets import Catalog
from mqsc.batch.programs import PROGRAMS
from mqsc.batch.steps import StepContext, StepOutcome
from mqsc.language.source import Source
from tests.batch.conftest import clock
from tests.engine.conftest import fresh_qmz1

ROOT = Path(__file__).resolve().parents[2]
JOB = "//T1       JOB (ACCT),'TEST',CLASS=A\n"


def cc_program(ctx: StepContext) -> StepOutcome:
    """A test program: its PARM is the condition code it ends with, or an abend code."""
    ctx.sysprint(f"RAN {ctx.step} PARM={ctx.parm}")
    if ctx.parm.startswith(("S", "U")):
        return StepOutcome(abend=ctx.parm)
    return StepOutcome(cc=int(ctx.parm or 0))


def environment(tmp_path: Path, **programs) -> runner.Environment:
    qms = {"QMZ1": fresh_qmz1()}
    return runner.Environment(
        qms.get, Catalog(tmp_path), clock, {**PROGRAMS, "RC": cc_program, **programs}
    )


def run(text: str, tmp_path: Path, **programs) -> runner.JobRun:
    [job] = jcl.parse(Source(JOB + text))
    assert job.errors == ()
    return runner.run(job, environment(tmp_path, **programs))


def statuses(result: runner.JobRun) -> list[tuple[str, str, int | None]]:
    return [(s.step.name, s.status, s.cc) for s in result.steps]


def steps(*specs: str) -> str:
    """``NAME:PARM[:COND]`` -> EXEC statements of the RC test program."""
    out = []
    for spec in specs:
        name, parm, *cond = spec.split(":")
        extra = f",COND={cond[0]}" if cond else ""
        out.append(f"//{name:<8} EXEC PGM=RC,PARM='{parm}'{extra}\n//SYSPRINT DD SYSOUT=*\n")
    return "".join(out)


@pytest.mark.parametrize(
    "cond,ran",
    [
        ("(4,LT)", False),  # 4 < 8: bypass
        ("(8,LT)", True),  # 8 < 8 is false: run
        ("(8,EQ,S1)", False),  # S1 ended 8
        ("(8,EQ,S0)", True),  # S0 ended 0
        ("((0,GT),(12,EQ))", True),
        ("(0,LE,NOSUCH)", True),  # a test on a step that did not run is false
    ],
)
def test_step_cond(cond, ran, tmp_path) -> None:
    result = run(steps("S0:0", "S1:8", f"S2:0:{cond}"), tmp_path)
    assert statuses(result)[2] == (("S2", "executed", 0) if ran else ("S2", "bypassed", None))


def test_bypassed_steps_have_no_return_code(tmp_path) -> None:
    result = run(steps("S1:12", "S2:0:(4,LT)", "S3:0:(0,EQ,S2)"), tmp_path)
    assert statuses(result) == [
        ("S1", "executed", 12),
        ("S2", "bypassed", None),
        ("S3", "executed", 0),
    ]
    assert result.maxcc == 12


def test_abend_bypasses_the_rest_unless_even_or_only(tmp_path) -> None:
    result = run(steps("S1:S0C7", "S2:0", "S3:0:EVEN", "S4:0:ONLY", "S5:0:((0,LE),EVEN)"), tmp_path)
    assert statuses(result) == [
        ("S1", "abended", None),
        ("S2", "bypassed", None),
        ("S3", "executed", 0),
        ("S4", "executed", 0),
        ("S5", "bypassed", None),
    ]
    assert result.abend.abend == "S0C7"


def test_only_without_an_abend_is_bypassed(tmp_path) -> None:
    assert statuses(run(steps("S1:0", "S2:0:ONLY"), tmp_path))[1][1] == "bypassed"


def test_job_cond_bypasses_every_remaining_step(tmp_path) -> None:
    [job] = jcl.parse(Source("//T1 JOB ,COND=(4,LT)\n" + steps("S1:0", "S2:8", "S3:0", "S4:0")))
    result = runner.run(job, environment(tmp_path))
    assert statuses(result) == [
        ("S1", "executed", 0),
        ("S2", "executed", 8),
        ("S3", "bypassed", None),
        ("S4", "bypassed", None),
    ]


def test_unknown_program_abends_s806(tmp_path) -> None:
    result = run(
        "//LOADQ EXEC PGM=NOSUCHPG,PARM=('-mQMZ1 -qQ -n300 -s4096')\n" + steps("AFTER:0"), tmp_path
    )
    [loadq, after] = result.steps
    assert (loadq.status, loadq.abend, loadq.reason) == ("abended", "S806", "00000004")
    assert loadq.log[0] == "CSV003I REQUESTED MODULE NOSUCHPG NOT FOUND"
    assert loadq.log[-1] == "IEF450I T1 LOADQ - ABEND=S806 U0000 REASON=00000004"
    assert after.status == "bypassed" and after.because == "abend"


def test_registered_programs_get_their_parm_and_data(tmp_path) -> None:
    seen = []

    def oemputx(ctx: StepContext) -> StepOutcome:
        seen.append((ctx.parm, ctx.read("MSGIN").text, ctx.qmgr("QMZ1").name))
        return StepOutcome()

    result = run(
        "//LOADQ EXEC PGM=OEMPUTX,\n//  PARM=('-mQMZ1 -qUSER1.BBAR.QUEUE -n300')\n"
        "//MSGIN DD *\nhello\n/*\n",
        tmp_path,
        OEMPUTX=oemputx,
    )
    assert statuses(result) == [("LOADQ", "executed", 0)]
    assert seen == [("-mQMZ1 -qUSER1.BBAR.QUEUE -n300", "hello\n", "QMZ1")]


def test_queue_managers_are_shared_by_the_steps(tmp_path) -> None:
    result = run(
        "//DEF EXEC PGM=CSQUTIL,PARM='QMZ1'\n//SYSPRINT DD SYSOUT=*\n//SYSIN DD *\n"
        "  COMMAND DDNAME(CMDS)\n//CMDS DD *\n  DEFINE QLOCAL(SHARED.Q)\n/*\n"
        "//SHOW EXEC PGM=CSQUTIL,PARM='QMZ1'\n//SYSPRINT DD SYSOUT=*\n//SYSIN DD *\n"
        "  COMMAND DDNAME(CMDS) FAILURE(STOP)\n//CMDS DD *\n  DISPLAY QLOCAL(SHARED.Q)\n/*\n",
        tmp_path,
    )
    assert statuses(result) == [("DEF", "executed", 0), ("SHOW", "executed", 0)]
    [(_, _, printed)] = result.steps[1].sysout
    assert any("QUEUE(SHARED.Q" in line for line in printed)


def test_csqutil_return_code_is_the_condition_code(tmp_path) -> None:
    result = run(
        "//BAD EXEC PGM=CSQUTIL,PARM='QMZ1'\n//SYSPRINT DD SYSOUT=*\n//SYSIN DD *\n"
        "  COMMAND DDNAME(CMDS) FAILURE(STOP)\n//CMDS DD *\n  DELETE QLOCAL(NO)\n/*\n"
        "//NOSYSIN EXEC PGM=CSQUTIL,PARM='QMZ1'\n//SYSPRINT DD SYSOUT=*\n",
        tmp_path,
    )
    assert statuses(result) == [("BAD", "executed", 8), ("NOSYSIN", "executed", 12)]
    assert " MQSC260E  SYSIN DD statement missing" in result.steps[1].sysout[0][2]


def test_data_sets_in_the_catalog(tmp_path) -> None:
    catalog = Catalog(tmp_path)
    catalog.write("USER1.DECKS", "LIST", "DISPLAY QLOCAL(USER1.*)\n")
    result = run(
        "//MAKE EXEC PGM=CSQUTIL,PARM='QMZ1'\n//SYSPRINT DD SYSOUT=*\n//SYSIN DD *\n"
        "  COMMAND DDNAME(CMDS) MAKEREP(OUT)\n"
        "//CMDS DD DSN=USER1.DECKS(LIST),DISP=SHR\n"
        "//OUT DD DSN=USER1.MADE,DISP=(NEW,CATLG)\n"
        "//AGAIN EXEC PGM=CSQUTIL,PARM='QMZ1'\n//SYSPRINT DD SYSOUT=*\n"
        "//SYSIN DD *\n  COMMAND DDNAME(CMDS) MAKEREP(OUT)\n"
        "//CMDS DD DSN=USER1.DECKS(LIST),DISP=SHR\n"
        "//OUT DD DSN=USER1.MADE,DISP=MOD\n",
        tmp_path,
    )
    assert statuses(result) == [("MAKE", "executed", 0), ("AGAIN", "executed", 0)]
    made = catalog.read("USER1.MADE")
    assert made.count("DEFINE QLOCAL(USER1.ABAR.QUEUE) REPLACE") == 2


def test_missing_data_set_is_a_jcl_error(tmp_path) -> None:
    result = run(
        steps("S1:0") + "//S2 EXEC PGM=RC,PARM='0'\n//IN DD DSN=NO.SUCH,DISP=SHR\n" + steps("S3:0"),
        tmp_path,
    )
    assert statuses(result) == [
        ("S1", "executed", 0),
        ("S2", "not-run", None),
        ("S3", "not-run", None),
    ]
    assert result.jcl_error
    assert result.steps[1].messages == ["IEF212I T1 S2 IN - DATA SET NOT FOUND"]


def test_delete_disposition(tmp_path) -> None:
    catalog = Catalog(tmp_path)
    catalog.write("USER1.SCRATCH", "", "x\n")
    run("//S1 EXEC PGM=RC,PARM='0'\n//X DD DSN=USER1.SCRATCH,DISP=(OLD,DELETE)\n", tmp_path)
    assert not catalog.exists("USER1.SCRATCH")


def test_a_failing_program_abends_unless_strict(tmp_path, monkeypatch) -> None:
    def broken(ctx: StepContext) -> StepOutcome:
        raise ZeroDivisionError("oops")

    with pytest.raises(ZeroDivisionError):
        run("//S1 EXEC PGM=BROKEN\n", tmp_path, BROKEN=broken)
    monkeypatch.delenv("MQSC_STRICT")
    result = run("//S1 EXEC PGM=BROKEN\n", tmp_path, BROKEN=broken)
    assert result.steps[0].abend == "S0C4"
    assert (
        "MQSC212E Program BROKEN ended abnormally in mqsc: ZeroDivisionError: oops"
        in result.steps[0].log
    )


def test_jcl_error_runs_nothing(tmp_path) -> None:
    [job] = jcl.parse(Source(JOB + steps("S1:0") + "//S2 EXEC PGM=RC,BAD=1\n"))
    result = runner.run(job, environment(tmp_path))
    assert result.jcl_error and statuses(result) == [
        ("S1", "not-run", None),
        ("S2", "not-run", None),
    ]


@pytest.mark.parametrize("member", ["V8NOIO10", "V8NOIO11", "V8YSIO10", "V8YSIO11"])
def test_lab_jobs_run_every_step_with_workload_programs(member, tmp_path) -> None:
    """With OEMPUTX and MGET registered (here: stand-ins that only record their PARM) every
    step of a lab job runs, in order, against one queue manager."""
    calls = []

    def recorder(ctx: StepContext) -> StepOutcome:
        calls.append((ctx.step, ctx.program, ctx.parm))
        return StepOutcome()

    [job] = jcl.parse(Source((ROOT / "samples" / "l02" / f"{member}.jcl").read_text()))
    result = runner.run(job, environment(tmp_path, OEMPUTX=recorder, MGET=recorder))
    assert [s.status for s in result.steps] == ["executed"] * 4
    assert [c[:2] for c in calls] == [("LOADQ", "OEMPUTX"), ("MGETQ", "MGET")]
    usage = result.steps[1].sysout[0][2]
    assert any(line.startswith("CSQI010I QMZ1 Page set usage") for line in usage)
