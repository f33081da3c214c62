"""CSQUTIL's functions other than COMMAND, run as job steps: golden SYSPRINTs for every function
(tests/golden/batch/utilities/*.jcl), the sample jobs, the queue manager's running/stopped
requirements, and the COPY/EMPTY/LOAD round trip as a property."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from mqsc.batch import jcl, jes, runner
from mqsc.batch.datasets import Catalog
from mqsc.batch.utilities import read_copy
from mqsc.language.source import Source
from tests.batch.conftest import clock
from tests.engine.conftest import fresh_qmz1

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "golden" / "batch" / "utilities"
SAMPLES = ROOT / "samples" / "jobs"
SAMPLE_GOLDEN = ROOT / "tests" / "golden" / "batch" / "samples"


def run_text(text: str, catalog: Path, qms: dict | None = None) -> runner.JobRun:
    [job] = jcl.parse(Source(text, "job"))
    assert job.errors == ()
    qms = qms if qms is not None else {"QMZ1": fresh_qmz1()}
    return runner.run(job, runner.Environment(qms.get, Catalog(catalog), clock))


def test_every_function_golden(golden, tmp_path) -> None:
    """Every CSQUTIL function in one job per file, on one QMZ1, in file order."""
    qms = {"QMZ1": fresh_qmz1()}
    for path in sorted(CASES.glob("*.jcl")):
        result = run_text(path.read_text(), tmp_path / "catalog", qms)
        golden(path.with_suffix(".listing.txt"), jes.listing(result))


def test_sample_jobs_golden(golden, tmp_path) -> None:
    qms = {"QMZ1": fresh_qmz1()}
    for member in ("ADDPSET", "BACKUPQ"):
        result = run_text((SAMPLES / f"{member}.jcl").read_text(), tmp_path, qms)
        assert result.maxcc == 0 and result.abend is None and not result.jcl_error
        golden(SAMPLE_GOLDEN / f"{member}.listing.txt", jes.listing(result))
    usage = qms["QMZ1"].state.tables["pageset"][5]
    assert (usage.physical, usage.dsn) == (3240, "USER1.QMZ1.PSID05")
    assert Catalog(tmp_path).cluster("USER1.QMZ1.PSID05").psid == 5


def test_a_sample_job_runs_again(tmp_path) -> None:
    """ADDPSET deletes its cluster first (SET MAXCC=0), so a second run on a fresh queue
    manager works as the first did."""
    for _ in range(2):
        result = run_text((SAMPLES / "ADDPSET.jcl").read_text(), tmp_path)
        assert result.maxcc == 0


def _put_job(runs: list[tuple[int, int, bool]]) -> str:
    return "".join(
        f"//P{index:<7} EXEC PGM=OEMPUT,\n"
        f"//             PARM=('-mQMZ1 -qUSER1.BBAR.QUEUE -n{count} -s{size}"
        f"{' -p' if persistent else ''}')\n//SYSPRINT DD DUMMY\n"
        for index, (count, size, persistent) in enumerate(runs)
    )


ROUND_TRIP = """\
//BACKUP   EXEC PGM=CSQUTIL,PARM='QMZ1'
//OUT      DD DSN=USER1.PROP.BACKUP,DISP=(NEW,CATLG)
//SYSPRINT DD DUMMY
//SYSIN    DD *
  COPY QUEUE(USER1.BBAR.QUEUE) DDNAME(OUT)
  EMPTY QUEUE(USER1.BBAR.QUEUE)
//RESTORE  EXEC PGM=CSQUTIL,PARM='QMZ1'
//CSQUINP  DD DSN=USER1.PROP.BACKUP,DISP=(OLD,DELETE)
//SYSPRINT DD DUMMY
//SYSIN    DD *
  LOAD
"""


@settings(max_examples=25)
@given(
    st.lists(
        st.tuples(
            st.integers(1, 40), st.sampled_from([100, 1024, 3596, 4096, 20000]), st.booleans()
        ),
        min_size=1,
        max_size=4,
    )
)
def test_copy_empty_load_gives_back_the_same_messages(tmp_path_factory, runs) -> None:
    catalog = tmp_path_factory.mktemp("catalog")
    qm = fresh_qmz1()
    put = run_text("//PUTS JOB\n" + _put_job(runs), catalog, {"QMZ1": qm})
    assert put.maxcc == 0
    before = qm.queued("USER1.BBAR.QUEUE")
    pages = {k: (p.persistent, p.nonpersistent) for k, p in qm.state.tables["pageset"].items()}
    result = run_text("//TRIP JOB\n" + ROUND_TRIP, catalog, {"QMZ1": qm})
    assert result.maxcc == 0
    after = qm.queued("USER1.BBAR.QUEUE")
    assert sum(r.count for r in after) == sum(r.count for r in before)
    assert sorted((r.size, r.persistent) for r in after for _ in range(r.count)) == sorted(
        (r.size, r.persistent) for r in before for _ in range(r.count)
    )
    assert {
        k: (p.persistent, p.nonpersistent) for k, p in qm.state.tables["pageset"].items()
    } == pages
    assert not (catalog / "USER1.PROP.BACKUP").exists()


def test_queue_functions_need_the_queue_manager_running(tmp_path) -> None:
    qm = fresh_qmz1()
    qm.execute("STOP QMGR")
    result = run_text(
        "//STOPPED JOB\n//COPY EXEC PGM=CSQUTIL,PARM='QMZ1'\n//SYSPRINT DD SYSOUT=*\n"
        "//CSQUOUT DD DSN=USER1.X,DISP=(NEW,CATLG)\n//SYSIN DD *\n"
        "  COPY QUEUE(USER1.BBAR.QUEUE)\n",
        tmp_path,
        {"QMZ1": qm},
    )
    text = jes.listing(result)
    assert "CSQU009E  MQCONN failed for QMZ1. MQCC=2 MQRC=2059" in text
    assert result.maxcc == 8


def test_load_of_a_bad_data_set_changes_nothing(tmp_path) -> None:
    qm = fresh_qmz1()
    Catalog(tmp_path).write(
        "USER1.BAD", "", "*MQSC CSQUTIL COPY 1\nQ USER1.BBAR.QUEUE\nM 5 100 N 0\nM x\n"
    )
    Catalog(tmp_path).write(
        "USER1.NOQ",
        "",
        "*MQSC CSQUTIL COPY 1\nQ USER1.BBAR.QUEUE\nM 5 100 N 0\nQ NO.SUCH.QUEUE\nM 1 100 N 0\n",
    )
    for dsn, msg in (("USER1.BAD", "MQSC255E"), ("USER1.NOQ", "MQSC250E")):
        result = run_text(
            f"//BAD JOB\n//LOAD EXEC PGM=CSQUTIL,PARM='QMZ1'\n"
            f"//SYSPRINT DD SYSOUT=*\n//CSQUINP DD DSN={dsn},DISP=SHR\n"
            "//SYSIN DD *\n  LOAD\n",
            tmp_path,
            {"QMZ1": qm},
        )
        assert msg in jes.listing(result) and result.maxcc == 8
    assert qm.queued("USER1.BBAR.QUEUE") == ()


def test_read_copy_refuses_what_copy_never_writes() -> None:
    assert read_copy("") is None
    assert read_copy("*MQSC CSQUTIL COPY 1\nM 1 100 N 0\n") is None  # a run before any queue
    assert read_copy("*MQSC CSQUTIL COPY 1\nQ A\nM 1 100 X 0\n") is None
    assert read_copy("*MQSC CSQUTIL COPY 1\nQ A\n") == [("A", [])]


def test_sdefs_makes_a_deck_that_replays(tmp_path) -> None:
    """SDEFS MAKEREP of a stopped queue manager, replayed on a fresh one, defines the same
    objects of every defined family."""
    from mqsc.batch.dump import definitions

    qm = fresh_qmz1()
    qm.execute("DEFINE QLOCAL(USER1.SDEFS.Q) DESCR('made offline') MAXDEPTH(77)")
    qm.execute("DEFINE STGCLASS(SDEFS) PSID(11)")
    wanted = [d for d in definitions(qm) if d.objtype not in ("BUFFPOOL", "PSID")]
    qm.execute("STOP QMGR")
    result = run_text(
        "//SDEFS JOB\n//S1 EXEC PGM=CSQUTIL,PARM='QMZ1'\n//SYSPRINT DD DUMMY\n"
        "//OUT DD DSN=USER1.DEFS,DISP=(NEW,CATLG)\n//SYSIN DD *\n"
        "  SDEFS MAKEREP(OUT)\n",
        tmp_path,
        {"QMZ1": qm},
    )
    assert result.maxcc == 0
    fresh = fresh_qmz1()
    replies = list(fresh.iter_run(Source(Catalog(tmp_path).read("USER1.DEFS"), "DEFS")))
    assert all(r.ok for r in replies)
    assert [d for d in definitions(fresh) if d.objtype not in ("BUFFPOOL", "PSID")] == wanted


def test_sample_jobs_run_from_mqsc_job(tmp_path, capsys) -> None:
    from mqsc.cli import main

    for member in ("ADDPSET", "BACKUPQ"):
        assert (
            main(["job", "--memory", "--catalog", str(tmp_path), str(SAMPLES / f"{member}.jcl")])
            == 0
        )
        assert "MAXCC=0000" in capsys.readouterr().out


def test_mqsc_csqutil_runs_queue_functions_on_files(tmp_path, capsys) -> None:
    """Outside a job, COPY and LOAD use plain files; the page set functions need a job."""
    from mqsc.cli import main

    assert main(["put", "USER1.BBAR.QUEUE", "--count", "7", "--size", "3000"]) == 0
    (tmp_path / "copy.in").write_text(
        "  COPY QUEUE(USER1.BBAR.QUEUE)\n  EMPTY Q(USER1.BBAR.QUEUE)\n"
    )
    (tmp_path / "load.in").write_text("  LOAD QUEUE(USER1.ABAR.QUEUE)\n")
    (tmp_path / "format.in").write_text("  FORMAT\n")
    backup = tmp_path / "backup.txt"
    assert main(["csqutil", str(tmp_path / "copy.in"), "--dd", f"CSQUOUT={backup}"]) == 0
    assert backup.read_text().splitlines()[1:] == ["Q USER1.BBAR.QUEUE", "M 7 3000 N 0"]
    assert main(["csqutil", str(tmp_path / "load.in"), "--dd", f"CSQUINP={backup}"]) == 0
    assert main(["csqutil", str(tmp_path / "format.in")]) == 12
    out = capsys.readouterr().out
    assert "Queue USER1.ABAR.QUEUE with 7 messages has been processed" in out
    assert "MQSC210E CSQUTIL function FORMAT outside a job" in out
