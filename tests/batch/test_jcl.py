"""The JCL subset: statements, continuation, in-stream data, PARM and COND, JCL errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from mqsc.batch import jcl
from mqsc.batch.jcl import Cond, CondTest
from mqsc.language.source import Source

ROOT = Path(__file__).resolve().parents[2]
LAB = {
    "V8NOIO10": ("USER1IO", "USER1.BBAR.QUEUE", 300),
    "V8NOIO11": ("USER1I1", "USER1.ABAR.QUEUE", 300),
    "V8YSIO10": ("USER1S0", "USER1.BBAR.QUEUE", 1200),
    "V8YSIO11": ("USER1S1", "USER1.ABAR.QUEUE", 1200),
}


def parse(text: str) -> list[jcl.Job]:
    return jcl.parse(Source(text, "test.jcl"))


def one(text: str) -> jcl.Job:
    [job] = parse(text)
    return job


@pytest.mark.parametrize("member", sorted(LAB))
def test_lab_jobs_parse_as_the_lab_describes(member) -> None:
    name, queue, count = LAB[member]
    [job] = jcl.parse(Source((ROOT / "samples" / "l02" / f"{member}.jcl").read_text()))
    assert job.errors == () and job.name == name and job.msgclass == "K"
    assert [(s.name, s.program) for s in job.steps] == [
        ("LOADQ", "OEMPUTX"),
        ("LOADUSE", "CSQUTIL"),
        ("MGETQ", "MGET"),
        ("MGETUSE", "CSQUTIL"),
    ]
    assert job.steps[0].parm == f"-mQMZ1 -q{queue} -n{count} -s4096"
    assert job.steps[2].parm == f"-mQMZ1 -q{queue} -w10"
    assert job.steps[1].parm == "QMZ1"
    assert job.steps[1].dd("CMDINP").records == ("  DISPLAY USAGE",)
    assert job.steps[1].dd("SYSPRINT").kind == "sysout"


JOB = "//T1       JOB (ACCT),'TEST',CLASS=A\n"


def test_continuation_and_comments() -> None:
    job = one(
        JOB + "//S1       EXEC PGM=CSQUTIL,        comment\n"
        "//             PARM='QMZ1',   more comment\n"
        "//             COND=(4,LT)\n"
    )
    [step] = job.steps
    assert step.parm == "QMZ1" and step.cond == Cond((CondTest(4, "LT"),))
    assert [line.number for line in job.listing] == [1, 2, None, None]


def test_apostrophe_value_continued_in_column_16() -> None:
    head = "//S1       EXEC PGM=X,PARM='" + "A" * 43
    assert len(head) == 71
    job = one(JOB + head + "\n//             BBB'\n")
    assert job.steps[0].parm == "A" * 43 + "BBB"


def test_missing_continuation_is_a_jcl_error() -> None:
    job = one(JOB + "//S1       EXEC PGM=X,\n//SYSIN    DD DUMMY\n")
    assert job.errors[0].message == "IEFC621I EXPECTED CONTINUATION NOT RECEIVED"


@pytest.mark.parametrize(
    "parm,received",
    [
        ("'QMZ1'", "QMZ1"),
        ("('-mQMZ1 -qUSER1.BBAR.QUEUE -n300')", "-mQMZ1 -qUSER1.BBAR.QUEUE -n300"),
        ("(A,'B C',D)", "A,B C,D"),
        ("'IT''S'", "IT'S"),
        ("'3462&&5'", "3462&5"),
        ("QMZ1", "QMZ1"),
    ],
)
def test_parm_as_the_program_receives_it(parm, received) -> None:
    assert one(JOB + f"//S1 EXEC PGM=X,PARM={parm}\n").steps[0].parm == received


def test_parm_longer_than_100_is_a_jcl_error() -> None:
    job = one(JOB + "//S1 EXEC PGM=X,\n//  PARM='" + "A" * 55 + "',\n//  ACCT=X\n")
    assert job.errors == ()
    parts = ",".join(["ABCDEFGHI"] * 4)
    job = one(JOB + f"//S1 EXEC PGM=X,PARM=({parts},\n//  {parts},\n//  {parts})\n")
    assert len(job.listing[1].card) <= 71
    assert job.errors[0].message == "IEF642I EXCESSIVE PARAMETER LENGTH IN THE PARM FIELD"


@pytest.mark.parametrize(
    "text,cond",
    [
        ("(4,LT)", Cond((CondTest(4, "LT"),))),
        ("(8,GT,STEP1)", Cond((CondTest(8, "GT", "STEP1"),))),
        ("((4,LT),(8,EQ,S2))", Cond((CondTest(4, "LT"), CondTest(8, "EQ", "S2")))),
        ("((4,LT),EVEN)", Cond((CondTest(4, "LT"),), even=True)),
        ("EVEN", Cond(even=True)),
        ("ONLY", Cond(only=True)),
    ],
)
def test_cond(text, cond) -> None:
    assert one(JOB + f"//S1 EXEC PGM=X,COND={text}\n").steps[0].cond == cond


@pytest.mark.parametrize("text", ["(4,XX)", "(4096,LT)", "((4,LT),EVEN,ONLY)", "FOO"])
def test_bad_cond(text) -> None:
    assert (
        one(JOB + f"//S1 EXEC PGM=X,COND={text}\n").errors[0].message
        == "IEFC630I INVALID COND PARAMETER"
    )


def test_instream_data_ends() -> None:
    job = one(
        JOB + "//S1 EXEC PGM=X\n//A DD *\n  a1\n/*\n//B DD *\n  b1\n//C DD DATA\n"
        "//NOT A STATEMENT\n/*\n//D DD DATA,DLM=$$\n/*\n  d2\n$$\n"
    )
    step = job.steps[0]
    assert step.dd("A").records == ("  a1",)
    assert step.dd("B").records == ("  b1",)
    assert step.dd("C").records == ("//NOT A STATEMENT",)
    assert step.dd("D").records == ("/*", "  d2")


def test_data_without_a_dd_gets_a_generated_sysin() -> None:
    job = one(JOB + "//S1 EXEC PGM=X\n  COMMAND DDNAME(CMDS)\n/*\n")
    dd = job.steps[0].dd("SYSIN")
    assert dd.generated and dd.records == ("  COMMAND DDNAME(CMDS)",)
    assert job.listing[-1].card == "//SYSIN DD *  GENERATED STATEMENT"


def test_concatenation_and_data_set_names() -> None:
    job = one(
        JOB + "//S1 EXEC PGM=X\n//IN DD DSN=USER1.DECKS(ONE),DISP=SHR\n"
        "//   DD *\n  more\n/*\n//OUT DD DSN=USER1.MADE,DISP=(MOD,CATLG)\n"
    )
    dd = job.steps[0].dd("IN")
    assert [(p.kind, p.dsn, p.member) for p in dd.parts] == [
        ("dsn", "USER1.DECKS", "ONE"),
        ("instream", "", ""),
    ]
    assert job.steps[0].dd("OUT").disp == ("MOD", "CATLG", "CATLG")


def test_jes2_statements_and_null_statement() -> None:
    jobs = parse(
        "/*JOBPARM S=ANY\n" + JOB + "/*JOBPARM LINES=10\n//S1 EXEC PGM=X\n//\n"
        "anything after the null statement\n" + JOB.replace("T1", "T2") + "//S1 EXEC PGM=Y\n"
    )
    assert [(j.name, j.steps[0].program, j.errors) for j in jobs] == [
        ("T1", "X", ()),
        ("T2", "Y", ()),
    ]


@pytest.mark.parametrize(
    "text,message",
    [
        ("//P1 PROC\n", "IEFC014I UNMATCHED PROC (NO PEND) STATEMENT"),
        ("//S1 EXEC MYPROC\n", "IEFC612I PROCEDURE MYPROC WAS NOT FOUND"),
        (
            "//INC INCLUDE MEMBER=X\n",
            "MQSC211E JCL statement INCLUDE is not supported by mqsc's JCL subset (docs/batch.md)",
        ),
        (
            "//S1 EXEC PGM=X\n//T DD DSN=&&TOOLONGNAME,DISP=(NEW,PASS)\n",
            "IEFC630I INVALID DSNAME &&TOOLONGNAME",
        ),
        ("//S1 EXEC PGM=X,FOO=1\n", "IEFC630I UNIDENTIFIED KEYWORD FOO"),
        ("//S1 EXEC PGM=TOOLONGNAME\n", "IEF642I EXCESSIVE PARAMETER LENGTH IN THE PGM FIELD"),
        (
            "//S1 EXEC PGM=X,PARM='OPEN\n",
            "IEFC007I UNBALANCED PARENTHESES OR APOSTROPHES ON THE EXEC STATEMENT",
        ),
        ("//S1 EXECUTE PGM=X\n", "IEFC605I UNIDENTIFIED OPERATION FIELD"),
        ("//DD1 DD *\n", "IEFC019I MISPLACED DD STATEMENT"),
        ("//S1 EXEC PGM=X\n//O DD DSN=BAD..NAME\n", "IEFC630I INVALID DSNAME BAD..NAME"),
        ("", "IEFC607I JOB HAS NO STEPS"),
    ],
)
def test_jcl_errors(text, message) -> None:
    job = one(JOB + text)
    assert message in [e.message for e in job.errors]


def test_job_keywords() -> None:
    job = one(
        "//T1 JOB (A),'B',CLASS=B,MSGCLASS=X,USER=IBMUSER,COND=(8,LE),\n"
        "//  REGION=0M,MSGLEVEL=(1,1),TIME=1440\n//S1 EXEC PGM=X\n"
    )
    assert (job.jobclass, job.msgclass, job.owner) == ("B", "X", "IBMUSER")
    assert job.cond == (CondTest(8, "LE"),) and job.errors == ()
    scan = one("//T1 JOB ,TYPRUN=SCAN\n//S1 EXEC PGM=X\n")
    assert scan.scan and scan.errors == ()
    assert one("//T1 JOB ,TYPRUN=HOLD\n//S1 EXEC PGM=X\n").errors[0].message.startswith("MQSC211E")
