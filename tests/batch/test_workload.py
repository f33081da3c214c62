"""OEMPUT, OEMPUTX and MGET as job steps: PARMs, SYSPRINT, condition codes, and the lab's four
jobs end to end (golden held output; the lab's captured figures where it captured any, the
storage model's predictions elsewhere: docs/storage.md, "The lab, end to end")."""

from __future__ import annotations

from pathlib import Path

import pytest

from mqsc.batch import jcl, jes, runner
from mqsc.batch.datasets import Catalog
from mqsc.batch.workload import ParmError, parse_get_parm, parse_put_parm
from mqsc.language.source import Source
from tests.batch.conftest import clock
from tests.engine.conftest import fresh_qmz1

ROOT = Path(__file__).resolve().parents[2]
LAB = ROOT / "samples" / "l02"
GOLDEN = ROOT / "tests" / "golden" / "batch" / "lab"
JOB = "//T1       JOB (ACCT),'TEST',CLASS=A\n"


def run_text(text: str, tmp_path: Path, qm=None) -> runner.JobRun:
    [job] = jcl.parse(Source(text))
    assert job.errors == ()
    qms = {"QMZ1": qm or fresh_qmz1()}
    return runner.run(job, runner.Environment(qms.get, Catalog(tmp_path), clock))


def step(program: str, parm: str, extra: str = "") -> str:
    return (
        f"//S1 EXEC PGM={program},\n//             PARM=('{parm}')\n//SYSPRINT DD SYSOUT=*\n{extra}"
    )


def printed(result: runner.JobRun, index: int = 0) -> list[str]:
    return list(result.steps[index].sysout[0][2])


# ---- PARMs ------------------------------------------------------------------------------------
def test_put_parm_flags_are_case_insensitive() -> None:
    parm = parse_put_parm("-MQMZ1 -Qpay.in -N10 -S100 -P -C5")
    assert (parm.qmgr, parm.queue, parm.count, parm.size, parm.persistent, parm.commit) == (
        "QMZ1",
        "PAY.IN",
        10,
        100,
        True,
        5,
    )


@pytest.mark.parametrize(
    "parm,why",
    [
        ("-qQ -n1", "-m is required"),
        ("-mQMZ1 -n1", "-q is required"),
        ("-mQMZ1 -qQ -nlots", "-nlots: expected a number"),
        ("-mQMZ1 -qQ -x", "-x: unknown flag"),
        ("-mQMZ1 -qQ -tm3", "time-based runs"),
        ("-mQMZ1 -qQ -rREPLY", "need a second application"),
        ("mQMZ1", "is not a flag"),
    ],
)
def test_bad_put_parms_say_why(parm, why) -> None:
    with pytest.raises(ParmError, match=why):
        parse_put_parm(parm)


def test_get_parm() -> None:
    assert parse_get_parm("-mQMZ1 -qQ -n5 -w0").count == 5
    with pytest.raises(ParmError, match="-z1: unknown flag"):
        parse_get_parm("-mQMZ1 -qQ -z1")


# ---- the programs -----------------------------------------------------------------------------
def test_oemput_puts_and_prints_no_timings(tmp_path) -> None:
    qm = fresh_qmz1()
    result = run_text(JOB + step("OEMPUT", "-mQMZ1 -qUSER1.ABAR.QUEUE -n300 -s4096"), tmp_path, qm)
    assert result.steps[0].cc == 0
    lines = printed(result)
    assert "Total Transactions : 300" in lines
    assert " Pages used          : 605" in lines
    assert not any(
        "seconds" in line and "Elapsed" in line and ":" in line.split("Elapsed")[1]
        for line in lines
        if not line.startswith("Elapsed and CPU")
    )
    assert qm.state.tables["messages"]["USER1.ABAR.QUEUE"].depth == 300


def test_oemput_failure_is_cc_8_with_the_mqrc(tmp_path) -> None:
    result = run_text(JOB + step("OEMPUTX", "-mQMZ1 -qNO.SUCH.QUEUE -n1"), tmp_path)
    assert result.steps[0].cc == 8
    assert "MQPUT failed with reason code 2085 (MQRC_UNKNOWN_OBJECT_NAME)" in printed(result)


def test_unknown_queue_manager_is_2058(tmp_path) -> None:
    result = run_text(JOB + step("MGET", "-mQMX9 -qQ"), tmp_path)
    assert result.steps[0].cc == 8
    assert "MQCONN failed with reason code 2058 (MQRC_Q_MGR_NAME_ERROR)" in printed(result)


def test_bad_parm_is_cc_12(tmp_path) -> None:
    result = run_text(JOB + step("OEMPUT", "-mQMZ1 -qQ -tm3"), tmp_path)
    assert result.steps[0].cc == 12
    assert printed(result)[0].startswith("OEMPUT: PARM error: -tm3: not supported")


def test_mget_on_an_empty_queue_waits_and_ends_normally(tmp_path) -> None:
    result = run_text(JOB + step("MGET", "-mQMZ1 -qUSER1.BBAR.QUEUE -w30"), tmp_path)
    lines = printed(result)
    assert result.steps[0].cc == 0 and "Total Messages : 0" in lines
    assert lines[-1] == "Ending at 2026-01-15 10:30:30.000000."


def test_mget_with_a_count_leaves_the_rest(tmp_path) -> None:
    qm = fresh_qmz1()
    qm.put("USER1.BBAR.QUEUE", 10, 100)
    result = run_text(JOB + step("MGET", "-mQMZ1 -qUSER1.BBAR.QUEUE -n4"), tmp_path, qm)
    assert printed(result)[0] == "About to get 4 messages from:"
    assert qm.state.tables["messages"]["USER1.BBAR.QUEUE"].depth == 6
    # Its count reached, MGET ends at once: no wait interval after its last get.
    assert printed(result)[-1] == "Ending at 2026-01-15 10:30:00.000000."


def test_file_dd_lines_are_the_messages(tmp_path) -> None:
    qm = fresh_qmz1()
    text = JOB + step(
        "OEMPUT",
        "-mQMZ1 -qUSER1.BBAR.QUEUE -n5 -fileDD:IN -crlf",
        "//IN DD *\nAAAA\nBBBBBBBB\n/*\n",
    )
    result = run_text(text, tmp_path, qm)
    assert result.steps[0].cc == 0
    runs = qm.state.tables["messages"]["USER1.BBAR.QUEUE"].runs
    assert [(r.count, r.size) for r in runs] == [(1, 4), (1, 8), (1, 4), (1, 8), (1, 4)]
    assert " Message size        : mixed (28 bytes in all)" in printed(result)


# ---- the lab, end to end ----------------------------------------------------------------------
def test_the_four_lab_jobs_in_order(golden, tmp_path) -> None:
    """The lab's jobs, one after the other on one QMZ1, as students submit them."""
    qm = fresh_qmz1()
    listings = {}
    for number, member in enumerate(("V8NOIO10", "V8NOIO11", "V8YSIO10", "V8YSIO11"), 1):
        [job] = jcl.parse(Source((LAB / f"{member}.jcl").read_text(), f"{member}.jcl"))
        result = runner.run(
            job,
            runner.Environment({"QMZ1": qm}.get, Catalog(tmp_path), clock),
            jobid=f"JOB{number:05d}",
        )
        assert [s.cc for s in result.steps] == [0, 0, 0, 0], member
        listings[member] = result
        golden(GOLDEN / f"{member}.listing.txt", jes.listing(result))
    # After 300 messages on USER1.ABAR.QUEUE: the lab's captured page set 11 and buffer pool 11.
    loaduse = "\n".join(printed(listings["V8NOIO11"], 1))
    assert " _ 11     11      1078       473          0        605 USER    0" in loaduse
    assert " _   11       1000        393         39 FIXED4KB  ABOVE" in loaduse
    # 1200 messages overflow the pool, expand the page set three times, and are read back
    # (the model's prediction: the lab captured no DISPLAY USAGE after these jobs).
    loadq = "\n".join(printed(listings["V8YSIO11"], 0))
    assert "Page set expansions : 3" in loadq and "pages written" in loadq
    mgetq = "\n".join(printed(listings["V8YSIO11"], 2))
    assert "Total Messages : 1200" in mgetq and "pages read back" in mgetq
