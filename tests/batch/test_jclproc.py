"""Procedures (in-stream and cataloged), symbolic substitution, SET and JCLLIB, and the
overrides of a procedure call (JCL Reference, "PROC statement", "Modifying procedures")."""

from __future__ import annotations

from pathlib import Path

from mqsc.batch import jcl, runner
from mqsc.batch.datasets import Catalog
from mqsc.language.source import Source
from tests.batch.test_runner import JOB, environment

PROC = (
    "//P1 PROC RC=0,Q=USER1.A\n"
    "//A EXEC PGM=RC,PARM='&RC'\n//OUT DD DSN=&Q..OUT,DISP=(NEW,CATLG)\n"
    "//B EXEC PGM=RC,PARM=4\n//SYSPRINT DD SYSOUT=*\n// PEND\n"
)


def parse(text: str, catalog: Path | None = None) -> jcl.Job:
    library = Catalog(catalog).procedure if catalog is not None else None
    [job] = jcl.parse(Source(JOB + text), library=library)
    return job


def test_an_instream_procedure_becomes_named_procedure_steps() -> None:
    job = parse(PROC + "//CALL EXEC P1,RC=8,Q=USER1.B\n")
    assert job.errors == ()
    assert [(s.name, s.procstep, s.program, s.parm) for s in job.steps] == [
        ("CALL", "A", "RC", "8"),
        ("CALL", "B", "RC", "4"),
    ]
    assert job.steps[0].dd("OUT").dsn == "USER1.B.OUT"  # &Q..OUT: the period ends the symbol
    listing = [entry.card for entry in job.listing]
    assert "++A EXEC PGM=RC,PARM='&RC'" in listing
    assert "IEFC653I SUBSTITUTION JCL - PGM=RC,PARM='8'" in listing


def test_defaults_set_and_overrides(tmp_path) -> None:
    job = parse(
        "// SET QQ=USER1.S\n" + PROC + "//CALL EXEC PROC=P1,Q=&QQ,PARM.B=2,"
        "COND.A=(0,NE)\n//A.OUT DD DUMMY\n//B.EXTRA DD SYSOUT=*\n//NEW DD DUMMY\n"
        "//AFTER EXEC PGM=RC\n//LAST DD DUMMY\n"
    )
    assert job.errors == ()
    a, b, after = job.steps
    assert (a.parm, b.parm, a.cond.tests[0].operator) == ("0", "2", "NE")
    assert a.dd("OUT").kind == "dummy"  # replaced
    assert [d.name for d in a.dds] == ["OUT", "NEW"]  # unqualified: the first step
    assert [d.name for d in b.dds] == ["SYSPRINT", "EXTRA"]
    assert [d.name for d in after.dds] == ["LAST"]  # a new step ends the overrides
    result = runner.run(job, environment(tmp_path))
    assert [(s.step.name, s.step.procstep, s.cc) for s in result.steps] == [
        ("CALL", "A", 0),
        ("CALL", "B", 2),
        ("AFTER", "", 0),
    ]


def test_an_unqualified_parm_goes_to_the_first_step_only() -> None:
    job = parse(PROC + "//CALL EXEC P1,PARM=12\n")
    assert [s.parm for s in job.steps] == ["12", ""]


def test_cataloged_procedures_come_from_jcllib_then_sys1_proclib(tmp_path) -> None:
    catalog = Catalog(tmp_path)
    catalog.write("USER1.PROCS", "MINE", "//MINE PROC\n//S EXEC PGM=RC,PARM=1\n")
    catalog.write("SYS1.PROCLIB", "SYSP", "//S EXEC PGM=RC,PARM=2\n")
    job = parse("//LIB JCLLIB ORDER=(USER1.PROCS)\n//C1 EXEC MINE\n//C2 EXEC PROC=SYSP\n", tmp_path)
    assert job.errors == ()
    assert [(s.name, s.procstep, s.parm) for s in job.steps] == [("C1", "S", "1"), ("C2", "S", "2")]
    assert any(entry.card.startswith("XXS ") for entry in job.listing)


def test_procedure_errors() -> None:
    assert parse("//C EXEC NOSUCH\n").errors[0].message == "IEFC612I PROCEDURE NOSUCH WAS NOT FOUND"
    assert (
        parse(PROC + "//C EXEC P1\n//Z.OUT DD DUMMY\n").errors[0].message
        == "IEFC609I PROCEDURE STEP Z NOT FOUND"
    )
    assert (
        parse("//P2 PROC\n//A EXEC PGM=X\n").errors[0].message
        == "IEFC014I UNMATCHED PROC (NO PEND) STATEMENT"
    )
    looping = "//P3 PROC\n//A EXEC P3\n// PEND\n//C EXEC P3\n"
    assert any(e.message.startswith("IEFC612I") for e in parse(looping).errors)
    assert (
        parse("// SET 9X=1\n//S EXEC PGM=X\n").errors[0].message
        == "IEFC630I UNIDENTIFIED KEYWORD 9X"
    )


def test_double_ampersands_are_not_symbols() -> None:
    job = parse("// SET TEMP=X\n//S EXEC PGM=RC,PARM='A&&TEMP'\n")
    assert job.steps[0].parm == "A&TEMP"


def test_a_job_stops_at_255_steps_procedure_steps_included() -> None:
    # z/OS MVS JCL Reference, "EXEC statement": at most 255 steps, those of the procedures
    # called included.
    job = parse("".join(f"//S{i} EXEC PGM=IEFBR14\n" for i in range(255)))
    assert job.errors == () and len(job.steps) == 255
    job = parse(PROC + "".join(f"//S{i} EXEC P1\n" for i in range(128)))
    assert [e.message for e in job.errors] == [
        "MQSC269E THE JOB HAS MORE THAN 255 EXEC STATEMENTS, PROCEDURE STEPS INCLUDED"
    ]


def test_a_procedure_calling_itself_twice_ends_at_the_step_limit() -> None:
    # Each level doubles the calls: 15 levels would be 32,767 EXEC statements read.
    job = parse("//P PROC\n//A EXEC P\n//B EXEC P\n// PEND\n//GO EXEC P\n")
    messages = [e.message for e in job.errors]
    assert (
        "MQSC269E THE JOB HAS MORE THAN 255 EXEC STATEMENTS, PROCEDURE STEPS INCLUDED" in messages
    )
    assert len(messages) < 300
