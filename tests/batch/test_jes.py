"""Held output of jobs: golden listings (tests/golden/batch/jobs/*.jcl -> *.listing.txt) and
``mqsc job``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mqsc.batch import jcl, jes, runner
from mqsc.batch.datasets import Catalog
from mqsc.cli import main
from mqsc.language.source import Source
from tests.batch.conftest import clock
from tests.engine.conftest import fresh_qmz1

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "golden" / "batch" / "jobs"


def run_job(path: Path, catalog: Path) -> runner.JobRun:
    [job] = jcl.parse(Source(path.read_text(), path.name), library=Catalog(catalog).procedure)
    qms = {"QMZ1": fresh_qmz1()}
    return runner.run(job, runner.Environment(qms.get, Catalog(catalog), clock))


@pytest.fixture
def catalog(tmp_path) -> Path:
    shutil.copytree(CASES / "catalog", tmp_path / "catalog")
    return tmp_path / "catalog"


@pytest.mark.parametrize("path", sorted(CASES.glob("*.jcl")), ids=lambda p: p.stem)
def test_listing_golden(path, catalog, golden) -> None:
    golden(path.with_suffix(".listing.txt"), jes.listing(run_job(path, catalog)))


def test_allocation_job_wrote_its_makedef(catalog) -> None:
    run_job(CASES / "allocation.jcl", catalog)
    made = Catalog(catalog).read("USER1.MQSC.MAKEDEF")
    assert made.startswith("DEFINE STGCLASS(STGCLS10) NOREPLACE")


def test_listing_shape(catalog) -> None:
    result = run_job(CASES / "csqutil.jcl", catalog)
    sets = jes.data_sets(result)
    assert [(s.ddname, s.stepname, s.dsid) for s in sets] == [
        ("JESMSGLG", "JES2", 2),
        ("JESJCL", "JES2", 3),
        ("JESYSMSG", "JES2", 4),
        ("SYSPRINT", "DEFINE", 109),
        ("SYSPRINT", "AGAIN", 110),
        ("SYSPRINT", "USAGE", 111),
    ]
    assert (
        jes.notify(result)
        == "10.30.00 JOB00001 $HASP165 USER1CQ  ENDED AT SOW1  MAXCC=0008 CN(INTERNAL)"
    )
    log = sets[0].lines
    assert "10.30.00 JOB00001  $HASP395 USER1CQ  ENDED - RC=0008" in log
    assert "           28 CARDS READ" not in log and f"{39:>13} CARDS READ" in log


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_cli_job(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("MQSC_CLOCK", "2026-01-15T10:30:00")
    path = str(CASES / "csqutil.jcl")
    assert main(["job", "--memory", path, "-o", str(tmp_path / "out")]) == 8
    out = capsys.readouterr().out
    assert out.endswith(
        "10.30.00 JOB00001 $HASP165 USER1CQ  ENDED AT SOW1  MAXCC=0008 CN(INTERNAL)\n"
    )
    files = sorted(p.name for p in (tmp_path / "out" / "USER1CQ").iterdir())
    assert files == [
        "002.JES2.JESMSGLG.txt",
        "003.JES2.JESJCL.txt",
        "004.JES2.JESYSMSG.txt",
        "109.DEFINE.SYSPRINT.txt",
        "110.AGAIN.SYSPRINT.txt",
        "111.USAGE.SYSPRINT.txt",
    ]


def test_cli_job_exit_statuses(tmp_path, capsys) -> None:
    assert main(["job", "--memory", str(CASES / "s806.jcl")]) == 253
    assert main(["job", "--memory", str(CASES / "jclerror.jcl")]) == 254
    assert (
        main(["job", "--memory", "--catalog", str(tmp_path), str(CASES / "allocation.jcl")]) == 254
    )
    assert main(["job", "--memory", str(tmp_path / "none.jcl")]) == 2
    assert main(["job", "--memory", write(tmp_path, "x.jcl", "just text\n")]) == 2
    ok = (
        "//OK JOB\n//S1 EXEC PGM=CSQUTIL,PARM='QMZ1'\n//SYSPRINT DD SYSOUT=*\n//SYSIN DD *\n"
        "  COMMAND\n//CSQUCMD DD *\n  DISPLAY QMGR\n"
    )
    assert main(["job", "--memory", write(tmp_path, "ok.jcl", ok)]) == 0
    capsys.readouterr()


def test_cli_runs_every_job_of_a_file(tmp_path, capsys) -> None:
    text = (
        "//J1 JOB\n//S1 EXEC PGM=CSQUTIL,PARM='QMZ1'\n//SYSPRINT DD SYSOUT=*\n"
        "//J2 JOB\n//S1 EXEC PGM=IEFBR15\n"
    )
    assert main(["job", "--memory", "--jobid", "41", write(tmp_path, "two.jcl", text)]) == 253
    out = capsys.readouterr().out
    assert "(JOB00041)" in out and "(JOB00042)" in out
    assert "CSV003I REQUESTED MODULE IEFBR15  NOT FOUND" in out


def test_job_numbers_increase_per_home_and_survive_runs(tmp_path, capsys, mqsc_home) -> None:
    """JES2 numbers every submission: each run takes the next numbers of the home's counter."""
    two = write(
        tmp_path, "two.jcl", "//J1 JOB\n//S1 EXEC PGM=IEFBR14\n//J2 JOB\n//S1 EXEC PGM=IEFBR14\n"
    )
    one = write(tmp_path, "one.jcl", "//J3 JOB\n//S1 EXEC PGM=IEFBR14\n")
    assert main(["job", two]) == 0
    assert main(["job", one]) == 0
    out = capsys.readouterr().out
    assert [x for x in ("(JOB00001)", "(JOB00002)", "(JOB00003)") if x in out] == [
        "(JOB00001)",
        "(JOB00002)",
        "(JOB00003)",
    ]
    assert (mqsc_home / "jes2" / "jobnumber").read_text() == "3\n"
    # A --memory run leaves no trace in the home, its job numbers included: its own counter.
    assert main(["job", "--memory", two]) == 0
    out = capsys.readouterr().out
    assert "(JOB00001)" in out and "(JOB00002)" in out
    assert (mqsc_home / "jes2" / "jobnumber").read_text() == "3\n"
    assert main(["job", "--memory", "--jobid", "0", one]) == 2  # outside 1-99999
    (mqsc_home / "jes2" / "jobnumber").write_text("99999\n")
    assert main(["job", one]) == 0
    assert "(JOB00001)" in capsys.readouterr().out  # the range wraps, as JES2's does


def test_typrun_scan_runs_nothing(tmp_path, capsys) -> None:
    text = (
        "//SC JOB ,TYPRUN=SCAN\n//S1 EXEC PGM=CSQUTIL,PARM='QMZ1'\n//SYSPRINT DD SYSOUT=*\n"
        "//SYSIN DD *\n  COMMAND\n//CSQUCMD DD *\n  DEFINE QLOCAL(SCAN.NEVER)\n"
        "//NEW DD DSN=USER1.SCAN.NEVER,DISP=(NEW,CATLG)\n"
    )
    cat = tmp_path / "cat"
    assert main(["job", "--catalog", str(cat), write(tmp_path, "s.jcl", text)]) == 0
    out = capsys.readouterr().out
    assert "$HASP373" not in out and "CSQU000I" not in out and "$HASP165" not in out
    assert not (cat / "USER1.SCAN.NEVER").exists()
    capsys.readouterr()
    assert main(["run", write(tmp_path, "d.mqsc", "DISPLAY QLOCAL(SCAN.NEVER)\n")]) == 0
    assert "CSQM297I" in capsys.readouterr().out  # the queue was never defined
    bad = text.replace("TYPRUN=SCAN", "TYPRUN=SCAN,BOGUS=1")
    assert main(["job", "--catalog", str(cat), write(tmp_path, "b.jcl", bad)]) == 254
    assert "IEFC630I UNIDENTIFIED KEYWORD BOGUS" in capsys.readouterr().out
    held = text.replace("TYPRUN=SCAN", "TYPRUN=HOLD")
    assert main(["job", "--catalog", str(cat), write(tmp_path, "h.jcl", held)]) == 254
    assert "MQSC211E" in capsys.readouterr().out


@pytest.mark.parametrize("member", ["V8NOIO10", "V8NOIO11", "V8YSIO10", "V8YSIO11"])
def test_lab_jobs_run_as_written(member, capsys) -> None:
    """No JCL error in the lab jobs; until the workload programs are registered LOADQ
    abends S806 and the rest is bypassed, as on a system without the SupportPac."""
    status = main(["job", "--memory", str(ROOT / "samples" / "l02" / f"{member}.jcl")])
    out = capsys.readouterr().out
    assert "JCL ERROR" not in out
    assert status in (0, 253)
