"""TSO in the background: IKJEFT01/1A/1B steps running RACF commands (samples/security, IBM's
z/OS MQ security lab), their SYSTSPRT listings and return codes."""

from __future__ import annotations

from pathlib import Path

import pytest

from mqsc.batch import jcl, jes, runner
from mqsc.batch.datasets import Catalog
from mqsc.language.source import Source
from mqsc.racf.background import MemoryKeeper
from mqsc.store.racfdb import SecurityStore, default_path
from tests.batch.conftest import clock

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples" / "security"
GOLDEN = ROOT / "tests" / "golden" / "racf"


def run_job(text: str, catalog: Path, keeper) -> runner.JobRun:
    [job] = jcl.parse(Source(text, "JOB"))
    return runner.run(job, runner.Environment({}.get, Catalog(catalog), clock, security=keeper))


def systsprt(result: runner.JobRun, step: int = 0) -> list[str]:
    return [
        line for name, _, lines in result.steps[step].sysout if name == "SYSTSPRT" for line in lines
    ]


def test_the_lab_jobs_golden(tmp_path, golden) -> None:
    """GROUPS, MQCMDS (twice: its SEARCH ... CLIST and EXEC delete what the first run
    defined), MQCONN, MQQUEUE and ENABLE, on a home's security database."""
    store = SecurityStore.open(default_path(tmp_path / "home"), queue_managers=["QMZ1"])
    listings = []
    for member in ("GROUPS", "MQCMDS", "MQCMDS", "MQCONN", "MQQUEUE", "ENABLE"):
        result = run_job((SAMPLES / f"{member}.jcl").read_text(), tmp_path / "catalog", store)
        assert result.maxcc == 0, member
        listings.append(jes.listing(result))
    golden(GOLDEN / "lab-jobs.listing.txt", "".join(listings))
    db = store.read()
    assert ("MQADMIN", "QMZ1.NO.SUBSYS.SECURITY") not in db.profiles
    assert {p.name for p in db.instorage["MQQUEUE"]} >= {"QMZ1.**", "QMZ1.SYSTEM.**"}
    assert Catalog(tmp_path / "catalog").exists("IBMUSER.EXEC.RACF.CLIST")
    store.close()


STEPS = """//RC       JOB (ACCT),'RC',CLASS=A,USER=IBMUSER
//ONE      EXEC PGM={program},PARM='ADDGROUP MQSTC'
//SYSTSPRT DD SYSOUT=*
//SYSTSIN  DD *
 PERMIT NOSUCH CLASS(MQQUEUE) ID(MQSTC)
 LISTGRP MQSTC
/*
"""


@pytest.mark.parametrize(
    ("program", "rc", "commands"),
    [
        ("IKJEFT01", 0, 3),  # goes on after PERMIT's 8: the last command's code
        ("IKJEFT1A", 8, 2),  # stops at the first non-zero code
        ("IKJEFT1B", 8, 2),
    ],
)
def test_entry_points_return_codes(program, rc, commands, tmp_path) -> None:
    result = run_job(STEPS.format(program=program), tmp_path, MemoryKeeper())
    assert result.steps[0].cc == rc
    listing = systsprt(result)
    assert listing[0] == "READY" and listing[-1] == "END"
    assert listing.count("READY") == commands + 1
    assert "ICH06004I NOSUCH NOT DEFINED TO RACF" in listing


def test_exec_of_a_missing_clist(tmp_path) -> None:
    text = STEPS.format(program="IKJEFT01").replace(" LISTGRP MQSTC", " EXEC NONE")
    result = run_job(text, tmp_path, MemoryKeeper())
    assert result.steps[0].cc == 12
    assert (
        "IKJ56228I DATA SET IBMUSER.NONE.CLIST NOT IN CATALOG OR CATALOG CAN NOT BE ACCESSED"
    ) in systsprt(result)


def test_commands_act_for_the_job_user(tmp_path) -> None:
    keeper = MemoryKeeper()
    text = (
        "//OWNED    JOB (ACCT),'X',CLASS=A,USER=USER7\n"
        "//TSO      EXEC PGM=IKJEFT01\n//SYSTSPRT DD SYSOUT=*\n//SYSTSIN  DD *\n"
        " RDEFINE MQQUEUE QMZ1.OWNED.**\n/*\n"
    )
    run_job(text, tmp_path, keeper)
    profile = keeper.db.profiles[("MQQUEUE", "QMZ1.OWNED.**")]
    assert profile.owner == "USER7" and profile.permit_of("USER7").access == "ALTER"


BAD = """//BADRACF  JOB (ACCT),'BAD INPUT',CLASS=A,USER=IBMUSER
//TSO      EXEC PGM=IKJEFT01
//SYSTSPRT DD SYSOUT=*
//SYSTSIN  DD *
 RDEFINE MQQUEUE
 RDEFINE MQQUEUE QMZ1.A UACC(SOMETIMES)
 RDEFINE MQQUEUE QMZ1.A** UACC(NONE)
 RDEFINE NOCLASS QMZ1.A
 RDEFINE MQQUEUE QMZ1.A NOSUCHKEYWORD
 PERMIT QMZ1.MISSING CLASS(MQQUEUE) ID(IBMUSER) ACCESS(READ)
 RALTER MQQUEUE QMZ1.MISSING UACC(READ)
 ADDUSER LONGUSERID1
 ADDUSER USER9 DFLTGRP(NOGROUP)
 ADDGROUP TEAM
 ADDUSER USER9 DFLTGRP(TEAM)
 REMOVE USER9 GROUP(SYS1)
 REMOVE USER9 GROUP(TEAM)
 DELGROUP TEAM
 ALTUSER USER10 SPECIAL
 PERMIT QMZ1.** CLASS(MQQUEUE) ID(USER9) ACCESS(ALL)
 SETROPTS CLASSACT(NOCLASS)
/*
"""


def test_bad_input_golden(tmp_path, golden) -> None:
    """Malformed commands (TSO parse: IKJ56701I/IKJ56702I/IKJ56712I), a PERMIT to a missing
    profile (ICH06004I), a user id over 8 characters, and what RACF refuses in mqsc's words
    (MQSC230E-MQSC235E: RACF's published message lists have none for those); IKJEFT01 goes
    on, and the step ends with the last command's code."""
    result = run_job(BAD, tmp_path, MemoryKeeper())
    assert result.steps[0].cc == 8
    golden(GOLDEN / "bad-input.systsprt.txt", "\n".join(systsprt(result)) + "\n")
