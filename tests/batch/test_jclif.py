"""IF/THEN/ELSE/ENDIF: expressions, evaluation, and steps run or bypassed (JCL Reference
examples)."""

from __future__ import annotations

import pytest

from mqsc.batch import jcl, jclif
from mqsc.batch.jclif import StepFact
from mqsc.language.source import Source
from tests.batch.test_runner import JOB, run, statuses, steps


def fact(name, cc=None, abend=None, ran=True, procstep=""):
    return StepFact(name, procstep, ran, cc, abend)


@pytest.mark.parametrize(
    "text,facts,expected",
    [
        ("RC = 0", [fact("S1", 0)], True),
        ("RC > 4 & RC < 8", [fact("S1", 0), fact("S2", 6)], True),  # the highest RC so far
        ("(STEP1.RC GT 20|STEP2.RC = 60)", [fact("STEP1", 4), fact("STEP2", 60)], True),
        ("STEP1.RC = 0", [fact("STEP1", None, ran=False)], False),  # did not run: false
        ("STEP1.RC=0 | ¬STEP1.RUN", [fact("STEP1", None, ran=False)], True),
        ("¬ABEND", [fact("S1", None, "S0C4")], False),
        ("ABEND", [fact("S1", 0)], False),
        ("S1.ABEND = FALSE", [fact("S1", 0)], True),
        ("ABENDCC = U0100", [fact("S1", None, "U0100")], True),
        ("ABENDCC = S0C4", [fact("S1", None, "S806")], False),
        ("STEP4.LINK.ABEND=FALSE", [fact("STEP4", 0, procstep="LINK")], True),
        ("NOT RC NG 4 OR RC EQ 0", [fact("S1", 8)], True),
        ("RC ¬= 8 AND RC NL 0", [fact("S1", 8)], False),
    ],
)
def test_expressions(text, facts, expected) -> None:
    assert jclif.evaluate(jclif.parse(text), facts) is expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "RC",
        "RC = X",
        "RC = 4096",
        "(RC = 0",
        "FOO = 1",
        "ABEND = MAYBE",
        "ABENDCC > S0C4",
        "RC = 0 RC = 1",
    ],
)
def test_bad_expressions(text) -> None:
    with pytest.raises(jclif.ExpressionError):
        jclif.parse(text)


def construct(test: str, then: str, other: str = "") -> str:
    text = f"//IF1 IF {test} THEN\n{then}"
    if other:
        text += f"// ELSE\n{other}"
    return text + "// ENDIF\n"


def test_then_and_else_clauses(tmp_path) -> None:
    result = run(
        steps("S1:8") + construct("S1.RC > 4", steps("T1:0"), steps("E1:0")) + steps("AFTER:0"),
        tmp_path,
    )
    assert statuses(result) == [
        ("S1", "executed", 8),
        ("T1", "executed", 0),
        ("E1", "bypassed", None),
        ("AFTER", "executed", 0),
    ]
    assert result.steps[2].because == "if"


def test_the_decision_is_made_once(tmp_path) -> None:
    """JCL Reference Example 9: if STEP1 does not abend, even if STEP2 does, STEP3 (and not
    STEP4) still runs: the construct was decided before its THEN clause began."""
    result = run(
        steps("S1:0") + construct("¬ABEND", steps("T1:S0C7", "T2:0"), steps("E1:0")), tmp_path
    )
    assert statuses(result) == [
        ("S1", "executed", 0),
        ("T1", "abended", None),
        ("T2", "executed", 0),
        ("E1", "bypassed", None),
    ]


def test_after_an_abend_only_constructs_testing_abend_run(tmp_path) -> None:
    result = run(
        steps("S1:S0C4")
        + construct("RC = 0", steps("RCONLY:0"))
        + construct("ABEND", steps("CLEANUP:0"), steps("NOPE:0")),
        tmp_path,
    )
    assert statuses(result) == [
        ("S1", "abended", None),
        ("RCONLY", "bypassed", None),
        ("CLEANUP", "executed", 0),
        ("NOPE", "bypassed", None),
    ]
    assert result.steps[1].because == "abend"


@pytest.mark.parametrize(
    "text,message",
    [
        ("// ELSE\n", "IEFC014I UNMATCHED ELSE STATEMENT"),
        ("// ENDIF\n", "IEFC014I UNMATCHED ENDIF STATEMENT"),
        ("//I1 IF RC = 0 THEN\n", "IEFC014I UNMATCHED IF (NO ENDIF) STATEMENT"),
        ("//I1 IF RC = 0\n// ENDIF\n", "IEFC013I ERROR IN IF STATEMENT: THEN MISSING"),
        ("//I1 IF RC EQUALS 0 THEN\n// ENDIF\n", "IEFC013I ERROR IN IF STATEMENT: AT EQUALS"),
        ("//I1 IF RC = 0 THEN\n// ELSE\n// ELSE\n// ENDIF\n", "IEFC014I UNMATCHED ELSE"),
        ("// IF RC = 0 THEN\n" * 16 + "// ENDIF\n" * 16, "IEFC015I"),
    ],
)
def test_construct_errors_are_jcl_errors(text, message) -> None:
    [job] = jcl.parse(Source(JOB + "//S1 EXEC PGM=IEFBR14\n" + text))
    assert any(e.message.startswith(message) for e in job.errors), job.errors
