"""Bad input never crashes the batch front ends: random JCL, SYSIN and decks come back as
JCL errors, CSQUTIL return codes and diagnostics."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mqsc.batch import csqutil, jcl, jes, lint, runner
from mqsc.batch.datasets import Catalog
from mqsc.language.source import Source
from tests.batch.conftest import clock
from tests.engine.conftest import fresh_qmz1

JCL_PIECES = st.sampled_from(
    [
        "//J JOB (A),'B',CLASS=A",
        "//S EXEC PGM=CSQUTIL,PARM='QMZ1'",
        "//S2 EXEC PGM=X,COND=(4,LT)",
        "//SYSPRINT DD SYSOUT=*",
        "//SYSIN DD *",
        "//SYSIN DD DATA,DLM=$$",
        "  COMMAND",
        "  COMMAND DDNAME(X) FAILURE(STOP)",
        "/*",
        "$$",
        "//",
        "//*",
        "//X DD DSN=A.B,DISP=SHR",
        "//  DD *",
        "//S EXEC PGM=A,",
        "//         PARM='OPEN",
        "DISPLAY QMGR",
        "//CSQUCMD DD *",
        "  DEFINE QLOCAL(A) +",
        "// IF (RC=0) THEN",
        "//S EXEC PGM=A,COND=((4,LT),EVEN)",
    ]
)
JCL_TEXT = st.lists(JCL_PIECES | st.text(max_size=30), max_size=12).map("\n".join)


class NoDataSets:
    def has(self, ddname, *, output=False):
        return ddname == "CSQUCMD"

    def read(self, ddname):
        return Source("DISPLAY QMGR\n")

    def write(self, ddname, text):
        raise AssertionError("nothing is written")


@settings(max_examples=150)
@given(text=JCL_TEXT)
def test_any_jcl_runs_or_reports_a_jcl_error(text, tmp_path_factory) -> None:
    catalog = Catalog(tmp_path_factory.getbasetemp() / "fuzz-catalog")
    for job in jcl.parse(Source(text, "fuzz.jcl")):
        qms = {"QMZ1": fresh_qmz1()}
        result = runner.run(job, runner.Environment(qms.get, catalog, clock))
        assert jes.listing(result).endswith("CN(INTERNAL)\n")


@settings(max_examples=150)
@given(st.text(max_size=120))
def test_any_sysin_gives_a_return_code(text) -> None:
    qms = {"QMZ1": fresh_qmz1()}
    outcome = csqutil.run(
        Source(text), parm="QMZ1", datasets=NoDataSets(), connect=qms.get, clock=clock
    )
    assert outcome.rc in (0, 4, 8, 12)
    assert outcome.sysprint[-1].startswith((" CSQU148I", " CSQU147I"))


@given(st.text(max_size=300))
def test_any_deck_gives_line_diagnostics(text) -> None:
    for columns in ("auto", "72", "all"):
        for d in lint.line_diagnostics(Source(text), columns):
            assert d.location is not None
