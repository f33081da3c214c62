"""The CSQ4ZPRM job: ASMA90 assembles the system parameter macros, IEWL binds the module into a
load library; what the macros refuse stops the job before anything is bound."""

from __future__ import annotations

from pathlib import Path

from mqsc.batch import jcl, jes, runner
from mqsc.batch.datasets import Catalog
from mqsc.catalog import zparm
from mqsc.language.source import Source
from tests.batch.conftest import clock
from tests.engine.conftest import fresh_qmz1

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "jobs" / "CSQ4ZPRM.jcl"
GOLDEN = ROOT / "tests" / "golden" / "batch" / "samples"


def run(text: str, catalog: Path) -> runner.JobRun:
    [job] = jcl.parse(Source(text, "job"))
    assert job.errors == ()
    qms = {"QMZ1": fresh_qmz1()}
    return runner.run(job, runner.Environment(qms.get, Catalog(catalog), clock))


def steps(result: runner.JobRun) -> list[tuple[str, str, int | None]]:
    return [(s.step.name, s.status, s.cc) for s in result.steps]


def test_the_sample_job_catalogs_a_load_module(tmp_path, golden) -> None:
    result = run(SAMPLE.read_text(), tmp_path)
    assert steps(result) == [
        ("ALLOC", "executed", 0),
        ("LOGP", "executed", 0),
        ("ARVP", "executed", 0),
        ("SYSP", "executed", 0),
        ("LKED", "executed", 0),
    ]
    golden(GOLDEN / "CSQ4ZPRM.listing.txt", jes.listing(result))
    values = Catalog(tmp_path).parameter_module("QMZ1PARM")
    assert values is not None
    assert (values["ARCPFX1"], values["TSTAMP"], values["SMFSTAT"], values["CATALOG"]) == (
        "QMZ1.ARC1",
        "YES",
        "YES",
        "YES",
    )
    # What no step assembled comes from the default module OLDLOAD(CSQZPARM).
    assert values["OTMACON"] == zparm.DEFAULTS["OTMACON"]
    # The temporary object decks went with the job.
    assert [n for n in Catalog(tmp_path).names() if n.startswith("SYS")] == []


def test_the_job_runs_again_and_replaces_the_module(tmp_path) -> None:
    for _ in range(2):
        assert run(SAMPLE.read_text(), tmp_path).maxcc == 0


def test_a_bad_keyword_fails_the_assembly_and_nothing_is_bound(tmp_path) -> None:
    text = SAMPLE.read_text().replace(
        "TRACTBL=99            TRACE TABLE (4 KB BLOCKS)",
        "TRACTBL=99,BOGUS=1   TRACE TABLE (4 KB BLOCKS)",
    )
    result = run(text, tmp_path)
    assert steps(result)[3:] == [("SYSP", "executed", 8), ("LKED", "bypassed", None)]
    listing = dict((s.step.name, lines) for s in result.steps for _, _, lines in s.sysout)
    sysp = "\n".join(listing["SYSP"])
    assert "** ASMA254I *** MNOTE ***" in sysp and "BOGUS is not a CSQ6SYSP parameter" in sysp
    assert sysp.endswith("Return Code 008")
    assert not Catalog(tmp_path).exists("USER1.MQ.LOADLIB", "QMZ1PARM")


def test_a_value_out_of_range_stops_the_later_steps(tmp_path) -> None:
    result = run(SAMPLE.read_text().replace("MAXARCH=500,", "MAXARCH=5,  "), tmp_path)
    assert [s[1] for s in steps(result)] == [
        "executed",
        "executed",
        "bypassed",
        "bypassed",
        "bypassed",
    ]
    assert steps(result)[1][2] == 8


def test_the_binder_keeps_a_member_it_was_not_told_to_replace(tmp_path) -> None:
    assert run(SAMPLE.read_text(), tmp_path).maxcc == 0
    before = Catalog(tmp_path).read("USER1.MQ.LOADLIB", "QMZ1PARM")
    result = run(SAMPLE.read_text().replace(" NAME QMZ1PARM(R)", " NAME QMZ1PARM"), tmp_path)
    assert steps(result)[-1] == ("LKED", "executed", 12)
    lked = [lines for s in result.steps for _, _, lines in s.sysout if s.step.name == "LKED"]
    assert any("MQSC222E" in line and "NAME QMZ1PARM(R)" in line for line in lked[0])
    assert Catalog(tmp_path).read("USER1.MQ.LOADLIB", "QMZ1PARM") == before


def test_the_default_module_is_ibms(tmp_path) -> None:
    assert Catalog(tmp_path).parameter_module("CSQZPARM") == dict(zparm.DEFAULTS)
    assert Catalog(tmp_path).parameter_module("NOSUCH") is None
