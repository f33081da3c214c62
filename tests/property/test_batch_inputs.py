"""Bad input never crashes the batch utilities: IDCAMS SYSIN, IF expressions and procedure
JCL of any text end in messages and condition codes, never in an exception (MQSC_STRICT=1
makes any exception a test failure)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mqsc.batch import jcl, jclif, runner
from mqsc.batch.datasets import Catalog
from mqsc.language.source import Source
from tests.batch.conftest import clock
from tests.engine.conftest import fresh_qmz1

WORDS = st.sampled_from(
    [
        "DEFINE",
        "CLUSTER",
        "DELETE",
        "LISTCAT",
        "SET",
        "MAXCC=4",
        "NAME",
        "(",
        ")",
        "-",
        "+",
        "/*",
        "*/",
        "LINEAR",
        "CYL(1)",
        "TRK(0 1)",
        "A.B",
        "ENTRIES",
        "LEVEL(A)",
        "ALL",
        "'X'",
        ";",
        "RECORDS(9 9 9)",
        "NAME(A.B)",
        "REUSE",
        "DATA",
        "INDEX",
        "\n",
        "  ",
    ]
)
IF_WORDS = st.sampled_from(
    [
        "RC",
        "=",
        "4",
        "S1.RC",
        "ABEND",
        "¬",
        "&",
        "|",
        "(",
        ")",
        "GT",
        "ABENDCC",
        "S0C4",
        "U0001",
        "RUN",
        "TRUE",
        "NOT",
        "AND",
        "OR",
        "S1.P.ABEND",
        "4096",
        "X",
    ]
)


@settings(max_examples=150)
@given(st.lists(WORDS, max_size=25))
def test_idcams_takes_any_sysin(tmp_path_factory, words) -> None:
    sysin = " ".join(words)
    text = (
        "//IDC JOB\n//S1 EXEC PGM=IDCAMS\n//SYSPRINT DD SYSOUT=*\n//SYSIN DD *\n"
        + "\n".join("  " + line for line in sysin.split("\n"))
        + "\n/*\n"
    )
    [job] = jcl.parse(Source(text))
    result = runner.run(
        job,
        runner.Environment(
            {"QMZ1": fresh_qmz1()}.get, Catalog(tmp_path_factory.mktemp("c")), clock
        ),
    )
    assert result.steps[0].cc in (0, 4, 8, 12)


@settings(max_examples=300)
@given(st.lists(IF_WORDS, max_size=12))
def test_if_expressions_parse_or_are_refused(words) -> None:
    text = " ".join(words)
    try:
        node = jclif.parse(text)
    except jclif.ExpressionError:
        return
    facts = [jclif.StepFact("S1", "", True, 4, None), jclif.StepFact("S2", "P", True, None, "S0C4")]
    assert jclif.evaluate(node, facts) in (True, False)


@settings(max_examples=150)
@given(
    st.lists(
        st.sampled_from(
            [
                "//P PROC A=1",
                "// PEND",
                "//S EXEC PGM=IEFBR14,PARM='&A'",
                "//C EXEC P,A=2",
                "//C EXEC PROC=P,PARM.S=3",
                "//S.DD1 DD DUMMY",
                "//DD1 DD DUMMY",
                "// SET A=&B",
                "//L JCLLIB ORDER=(A.B)",
                "//I IF RC = 0 THEN",
                "// ELSE",
                "// ENDIF",
                "DATA LINE",
                "//X EXEC Q",
                "//S.NOPE DD *",
                "/*",
                "//*",
            ]
        ),
        max_size=14,
    )
)
def test_procedure_jcl_never_crashes_the_converter(tmp_path_factory, cards) -> None:
    text = "//J JOB\n" + "\n".join(cards) + "\n"
    catalog = Catalog(tmp_path_factory.mktemp("c"))
    catalog.write("SYS1.PROCLIB", "Q", "//S EXEC PGM=IEFBR14\n")
    [job] = jcl.parse(Source(text), library=catalog.procedure)
    result = runner.run(job, runner.Environment({"QMZ1": fresh_qmz1()}.get, catalog, clock))
    assert result.jcl_error == bool(job.errors) or result.allocation_failed
