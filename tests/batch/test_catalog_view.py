"""One catalog (mqsc/batch/datasets.py, libraries.py): what the files service writes is what jobs,
IDCAMS and queue managers read; the samples and a queue manager's CSQINP data sets are
libraries; a data set's attributes outlive its writers; links planted in the catalog are never
followed; names outside z/OS's rules are refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from mqsc.batch import jcl, names, runner
from mqsc.batch.datasets import Catalog, CatalogProblem, home_catalog
from mqsc.batch.programs import PROGRAMS
from mqsc.cli import main
from mqsc.language.source import Source
from mqsc.store.vtoc import Allocation
from tests.batch.conftest import clock
from tests.engine.conftest import fresh_qmz1

ROOT = Path(__file__).resolve().parents[2]
PDS = Allocation(dsorg="PO", dsntype="PDS", dirblk=5, created="2026/03/02")


def run_job(text: str, catalog: Catalog) -> runner.JobRun:
    [job] = jcl.parse(Source(text), library=catalog.procedure)
    qms = {"QMZ1": fresh_qmz1()}
    return runner.run(job, runner.Environment(qms.get, catalog, clock, PROGRAMS))


def sysprint(result: runner.JobRun) -> str:
    return "\n".join(line for s in result.steps for name, _, lines in s.sysout for line in lines)


def test_a_member_written_as_records_is_what_a_job_reads(tmp_path) -> None:
    catalog = Catalog(tmp_path)
    catalog.allocate("USER1.MQ.DECKS", PDS)
    catalog.store("USER1.MQ.DECKS", "DEFQ", lines=["DEFINE QLOCAL(VIEW.Q) REPLACE"])
    # a member written in binary (EBCDIC records) is read by the job as IBM-1047 text
    catalog.store(
        "USER1.MQ.DECKS",
        "DISQ",
        records=["DISPLAY QLOCAL(VIEW.Q)".encode("cp037").ljust(80, b"\x40")],
    )
    result = run_job(
        "//USER1T   JOB (ACCT),'T',CLASS=A\n"
        "//S1       EXEC PGM=CSQUTIL,PARM='QMZ1'\n//SYSPRINT DD SYSOUT=*\n"
        "//SYSIN    DD *\n  COMMAND DDNAME(CMDINP)\n/*\n"
        "//CMDINP   DD DSN=USER1.MQ.DECKS(DEFQ),DISP=SHR\n"
        "//         DD DSN=USER1.MQ.DECKS(DISQ),DISP=SHR\n",
        catalog,
    )
    assert result.maxcc == 0
    out = sysprint(result)
    assert "CSQ9022I QMZ1 CSQMAQLC ' DEFINE QLOCAL' NORMAL COMPLETION" in out
    assert "QUEUE(VIEW.Q" in out


def test_a_library_deleted_by_its_disposition_goes_with_its_members(tmp_path) -> None:
    catalog = Catalog(tmp_path)
    catalog.allocate("USER1.TEMP.LIB", PDS)
    catalog.store("USER1.TEMP.LIB", "A", lines=["X"])
    run_job(
        "//USER1T   JOB (ACCT),'T',CLASS=A\n//S1 EXEC PGM=IEFBR14\n"
        "//DD1 DD DSN=USER1.TEMP.LIB,DISP=(OLD,DELETE)\n",
        catalog,
    )
    assert not catalog.exists("USER1.TEMP.LIB") and catalog.describe("USER1.TEMP.LIB") is None
    assert catalog.vtoc.get("USER1.TEMP.LIB") is None


def test_attributes_outlive_the_writers_and_rename_follows(tmp_path) -> None:
    catalog = Catalog(tmp_path)
    catalog.allocate("USER1.VB", Allocation(recfm="VB", lrecl=255, blksize=27998))
    catalog.write("USER1.VB", "", "WRITTEN BY A JOB\n")  # a job's write keeps the DCB
    described = catalog.describe("USER1.VB")
    assert (described.allocation.recfm, described.allocation.lrecl) == ("VB", 255)
    catalog.rename_data_set("USER1.VB", "USER1.VB2")
    assert catalog.describe("USER1.VB2").allocation.recfm == "VB"
    assert catalog.content("USER1.VB2").records == ["WRITTEN BY A JOB".encode("cp1047")]
    with pytest.raises(CatalogProblem) as refused:
        catalog.allocate("USER1.VB2", Allocation())
    assert refused.value.kind == "exists"
    # a data set a job made without a row of its own: a batch allocation's defaults
    (tmp_path / "USER1.OLD").write_text("OLD\n")
    assert catalog.describe("USER1.OLD").allocation == Allocation()


def test_samples_are_a_read_only_library_jobs_read(tmp_path, monkeypatch) -> None:
    catalog = home_catalog()
    assert "MQSC.SAMPLES.L02" in catalog.names()
    assert catalog.member_names("MQSC.SAMPLES.L02") == [
        "V8NOIO10",
        "V8NOIO11",
        "V8YSIO10",
        "V8YSIO11",
    ]
    assert (
        catalog.read("MQSC.SAMPLES.L02", "V8NOIO11")
        == (ROOT / "samples" / "l02" / "V8NOIO11.jcl").read_text()
    )
    for change in (
        lambda: catalog.store("MQSC.SAMPLES.L02", "V8NOIO11", lines=["//X JOB"]),
        lambda: catalog.scratch("MQSC.SAMPLES.L02"),
        lambda: catalog.delete_member("MQSC.SAMPLES.L02", "V8NOIO11"),
        lambda: catalog.allocate("MQSC.SAMPLES.L02", PDS),
    ):
        with pytest.raises(CatalogProblem):
            change()
    result = run_job(
        "//USER1T   JOB (ACCT),'T',CLASS=A\n"
        "//S1       EXEC PGM=CSQUTIL,PARM='QMZ1'\n//SYSPRINT DD SYSOUT=*\n"
        "//SYSIN    DD *\n  COMMAND DDNAME(CMDINP)\n/*\n"
        "//CMDINP   DD DSN=MQSC.SAMPLES.DECKS(FIRSTSTE),DISP=SHR\n"
        "//S2       EXEC PGM=IDCAMS\n//SYSPRINT DD SYSOUT=*\n"
        "//SYSIN    DD *\n  DELETE MQSC.SAMPLES.L02\n  LISTCAT ENTRIES(MQSC.SAMPLES.L02)\n/*\n",
        catalog,
    )
    out = sysprint(result)
    assert "CSQU148I CSQUTIL Utility completed" in out
    assert "IDC0551I ** ENTRY MQSC.SAMPLES.L02 NOT DELETED" in out
    assert "NONVSAM ------- MQSC.SAMPLES.L02" in out
    assert catalog.exists("MQSC.SAMPLES.L02", "V8NOIO11")


def test_an_edited_csqinp2_member_is_what_the_next_start_runs(capsys, tmp_path) -> None:
    deck = tmp_path / "display.mqsc"
    deck.write_text("DISPLAY QLOCAL(EDITED.AT.START)\n")
    main(["run", str(deck)])  # QMZ1 made from its bundled decks
    assert "QUEUE(EDITED.AT.START" not in capsys.readouterr().out
    catalog = home_catalog()
    assert catalog.member_names("QMZ1.CSQINP2") == ["CSQINP2", "SYSTEMCS"]
    assert catalog.member_names("QMZ1.CSQINP1") == ["CSQINP1"]
    text = catalog.read("QMZ1.CSQINP2", "CSQINP2")
    catalog.store(
        "QMZ1.CSQINP2", "CSQINP2", lines=[*text.splitlines(), "DEFINE QLOCAL(EDITED.AT.START)"]
    )
    with pytest.raises(CatalogProblem):
        catalog.store("QMZ1.CSQINP2", "NEWDECK", lines=["DIS QMGR"])  # not in the definition
    capsys.readouterr()
    main(["run", str(deck)])
    assert "QUEUE(EDITED.AT.START" not in capsys.readouterr().out  # it waits for a start
    assert main(["restart"]) == 0
    capsys.readouterr()
    assert main(["run", str(deck)]) == 0
    assert "QUEUE(EDITED.AT.START" in capsys.readouterr().out


def test_links_planted_in_the_catalog_are_never_followed(tmp_path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "SECRET").write_text("SECRET\n")
    root = tmp_path / "catalog"
    catalog = Catalog(root)
    catalog.allocate("USER1.REAL", PDS)
    (root / "USER1.LINK").symlink_to(outside / "SECRET")
    (root / "USER1.LINKLIB").symlink_to(outside, target_is_directory=True)
    (root / "USER1.REAL" / "MEM").symlink_to(outside / "SECRET")
    listed = [d.name for d in catalog.describe_all(names.dslevel("USER1.**"))]
    assert listed == ["USER1.REAL"]
    for dsn, member in (("USER1.LINK", ""), ("USER1.LINKLIB", "SECRET"), ("USER1.REAL", "MEM")):
        with pytest.raises(CatalogProblem):
            catalog.content(dsn, member)
    for dsn, member in (("USER1.LINK", ""), ("USER1.LINKLIB", "SECRET")):
        with pytest.raises(CatalogProblem):
            catalog.store(dsn, member, lines=["OVERWRITTEN"])
    # a member written where a link was planted replaces the link, never writes through it
    catalog.store("USER1.REAL", "MEM", lines=["MINE"])
    assert not (root / "USER1.REAL" / "MEM").is_symlink()
    assert catalog.read("USER1.REAL", "MEM") == "MINE\n"
    assert (outside / "SECRET").read_text() == "SECRET\n"


@pytest.mark.parametrize(
    "dsn,member",
    [("../etc", ""), ("USER1..X", ""), ("USER1.X", "../Y"), ("A" * 9, ""), ("USER1.X", "A/B")],
)
def test_names_outside_zos_rules_are_refused(tmp_path, dsn, member) -> None:
    catalog = Catalog(tmp_path)
    for action in (
        lambda: catalog.allocate(dsn + (f"({member})" if member else ""), Allocation()),
        lambda: catalog.content(dsn, member),
        lambda: catalog.store(dsn, member, lines=["X"]),
    ):
        with pytest.raises(CatalogProblem) as refused:
            action()
        assert refused.value.kind == "name"
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_mqsc_job_submits_a_member_of_the_catalog(capsys, monkeypatch) -> None:
    monkeypatch.setenv("MQSC_CLOCK", "2026-03-02T10:15:00")
    assert main(["job", "MQSC.SAMPLES.L02(V8NOIO10)", "--memory", "--jobid", "7"]) == 0
    from_member = capsys.readouterr().out
    assert main(["job", str(ROOT / "samples/l02/V8NOIO10.jcl"), "--memory", "--jobid", "7"]) == 0
    from_file = capsys.readouterr().out
    assert from_member == from_file
    assert main(["job", "'USER1.NO.SUCH(JOB)'", "--memory"]) == 2
    assert "no data set USER1.NO.SUCH(JOB)" in capsys.readouterr().err


def test_a_dump_of_variable_records_is_read_as_its_records(tmp_path) -> None:
    """A binary data set no row describes (the SMF dump an IFASMFDP step writes, records
    behind their RDWs): its records, as record mode sends them."""
    records = [b"\xc1" * 30, b"\xc2" * 5000]
    (tmp_path / "USER1.SMF.DUMP").write_bytes(
        b"".join((len(r) + 4).to_bytes(2, "big") + b"\0\0" + r for r in records)
    )
    content = Catalog(tmp_path).content("USER1.SMF.DUMP")
    assert content.binary and content.allocation.recfm == "VBS"
    assert content.records == records


def test_a_jobs_dd_statement_gives_the_attributes_a_list_shows(tmp_path) -> None:
    catalog = Catalog(tmp_path)
    run_job(
        "//USER1T   JOB (ACCT),'T',CLASS=A\n//S1 EXEC PGM=IEFBR14\n"
        "//SEQ  DD DSN=USER1.NEW.VB,DISP=(NEW,CATLG),DCB=(RECFM=VB,LRECL=255),\n"
        "//        SPACE=(CYL,(2,1)),VOL=SER=MQS002\n"
        "//LIB  DD DSN=USER1.NEW.LIB,DISP=(NEW,CATLG),SPACE=(TRK,(5,5,10)),\n"
        "//        DSNTYPE=LIBRARY,RECFM=FB,LRECL=80,BLKSIZE=3120\n",
        catalog,
    )
    seq = catalog.describe("USER1.NEW.VB").allocation
    assert (seq.recfm, seq.lrecl, seq.blksize, seq.spacu, seq.primary, seq.secondary) == (
        "VB",
        255,
        27998,
        "CYLINDERS",
        2,
        1,
    )
    assert (seq.volser, seq.created) == ("MQS002", "2026/01/15")  # the job's clock
    lib = catalog.describe("USER1.NEW.LIB")
    assert lib.organization == "PO"
    assert (lib.allocation.dsntype, lib.allocation.dirblk, lib.allocation.blksize) == (
        "LIBRARY",
        10,
        3120,
    )
