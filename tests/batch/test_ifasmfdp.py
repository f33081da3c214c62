"""IFASMFDP as a job step: SMF records from SYS1.MAN1 to a sequential data set, the summary
activity report, CLEAR, record selection, and bad input with its return codes."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from mqsc.batch import ifasmfdp, jcl, runner
from mqsc.batch.datasets import Catalog
from mqsc.engine.smf import build, record
from mqsc.engine.smf.build import StatFigures, TaskFigures
from mqsc.engine.smf.record import PlainRecord, SmfRecord
from mqsc.language.source import Source
from mqsc.store.smfdata import in_catalog
from tests.batch.conftest import clock

JOB = "//SMFDUMP  JOB (ACCT),'SMF',CLASS=A\n"
START = dt.datetime(2026, 1, 15, 10, 30)


def _records() -> list[bytes]:
    stats = StatFigures(
        "QMZ1",
        START,
        START + dt.timedelta(minutes=1),
        pools=({"qpstpool": 0, "qpstnbuf": 1000},),
        pagesets=({"qis1psno": 0, "qis1topg": 1080},),
    )
    task = TaskFigures(
        "QMZ1",
        START,
        START + dt.timedelta(seconds=20),
        connection="LOADQ",
        queues=({"objname": "MP1B.TESTER", "putn": 5},),
    )
    return [
        record.encode(r)
        for r in (
            *build.statistics(stats, frozenset({1, 2})),
            *build.accounting(task, frozenset({3})),
        )
    ]


def run_job(tmp_path: Path, sysin: str, dds: str = "", seed: bool = True) -> runner.JobRun:
    if seed:
        in_catalog(tmp_path).append(_records())
    text = (
        JOB
        + "//DUMP     EXEC PGM=IFASMFDP\n//SYSPRINT DD SYSOUT=*\n"
        + (
            dds
            or "//DUMPIN   DD DSN=SYS1.MAN1,DISP=SHR\n"
            "//DUMPOUT  DD DSN=USER1.SMF.DUMP,DISP=(NEW,CATLG)\n"
        )
        + "//SYSIN    DD *\n"
        + sysin
        + "/*\n"
    )
    [job] = jcl.parse(Source(text))
    assert job.errors == ()
    return runner.run(job, runner.Environment({}.get, Catalog(tmp_path), clock))


def _dumped(tmp_path: Path, dsn: str = "USER1.SMF.DUMP") -> list:
    return record.read_records((tmp_path / dsn).read_bytes())


def test_dump_copies_the_records_between_a_header_and_a_trailer(tmp_path: Path) -> None:
    result = run_job(
        tmp_path,
        "  INDD(DUMPIN,OPTIONS(DUMP))  /* the SMF data set */\n  OUTDD(DUMPOUT,TYPE(115:116))\n",
    )
    assert result.steps[0].cc == 0
    got = _dumped(tmp_path)
    assert [r.rtype for r in got] == [2, 115, 115, 115, 115, 116, 3]
    assert isinstance(got[0], PlainRecord) and isinstance(got[1], SmfRecord)
    assert [r.subtype for r in got[1:-1]] == [1, 2, 215, 201, 1]
    assert (tmp_path / "SYS1.MAN1").read_bytes() == b"".join(_records())  # DUMP keeps them
    listing = list(result.steps[0].sysout[0][2])
    assert listing[:2] == ["  INDD(DUMPIN,OPTIONS(DUMP))", "  OUTDD(DUMPOUT,TYPE(115:116))"]
    assert "SUMMARY ACTIVITY REPORT" in listing[3]
    rows = {line.split()[0]: line.split() for line in listing[7:]}
    assert rows["115"][1] == "4" and rows["115"][-1] == "4"
    assert rows["2"][1] == "0" and rows["2"][-1] == "1"
    assert rows["TOTAL"][1:3] == ["5", "100"]


def test_all_dumps_and_clears(tmp_path: Path) -> None:
    result = run_job(tmp_path, "INDD(DUMPIN,OPTIONS(ALL)) OUTDD(DUMPOUT,TYPE(116))\n")
    assert result.steps[0].cc == 0
    assert [r.rtype for r in _dumped(tmp_path)] == [2, 116, 3]
    assert (tmp_path / "SYS1.MAN1").read_bytes() == b""


def test_subtypes_and_notype(tmp_path: Path) -> None:
    run_job(tmp_path, "INDD(DUMPIN,OPTIONS(DUMP)) OUTDD(DUMPOUT,TYPE(115(215,201)))\n")
    assert [getattr(r, "subtype", None) for r in _dumped(tmp_path)] == [None, 215, 201, None]
    run_job(tmp_path, "INDD(DUMPIN,OPTIONS(DUMP)) OUTDD(DUMPOUT,NOTYPE(115))\n", seed=False)
    assert [r.rtype for r in _dumped(tmp_path)] == [2, 116, 3]


def test_date_and_time_window(tmp_path: Path) -> None:
    run_job(
        tmp_path,
        "INDD(DUMPIN,OPTIONS(DUMP)) OUTDD(DUMPOUT,TYPE(0:255))\n"
        "DATE(2026015,2026015) START(1031) END(1032)\n",
    )
    assert [r.rtype for r in _dumped(tmp_path)] == [2, 115, 115, 115, 115, 3]  # 10:31 only
    run_job(tmp_path, "INDD(DUMPIN,OPTIONS(DUMP)) DATE(2026016,2026365)\n", seed=False)
    assert [r.rtype for r in _dumped(tmp_path)] == [2, 3]


@pytest.mark.parametrize(
    ("sysin", "dds", "expect"),
    [
        (
            "INDD(DUMPIN,OPTIONS(DUMP)) OUTDD(SMFOUT,TYPE(115))\n",
            "",
            "MQSC292E IFASMFDP needs a DD statement SMFOUT, its output (OUTDD); nothing was dumped",
        ),
        (
            "INDD(MANX,OPTIONS(DUMP))\n",
            "",
            "MQSC292E IFASMFDP needs a DD statement MANX, its input (INDD); nothing was dumped",
        ),
        (
            "INDD(DUMPIN,OPTIONS(ALL))\n",
            "//DUMPIN   DD DSN=USER1.OLD.DUMP,DISP=SHR\n//DUMPOUT  DD SYSOUT=*\n",
            "MQSC293E IFASMFDP cannot clear DUMPIN (USER1.OLD.DUMP): only an SMF data set "
            "(SYS1.MANx) is cleared",
        ),
        (
            "INDD(DUMPIN,OPTIONS(SAVE))\n",
            "",
            "MQSC291E IFASMFDP statement not used: INDD(ddname,OPTIONS(DUMP|CLEAR|ALL))",
        ),
        (
            "OUTDD(DUMPOUT,TYPE(300))\n",
            "",
            "MQSC291E IFASMFDP statement not used: TYPE(300): 0-255 expected",
        ),
        (
            "LIMIT(5)\n",
            "",
            "MQSC291E IFASMFDP statement not used: LIMIT is not an IFASMFDP parameter",
        ),
        (
            "INDD(DUMPIN,OPTIONS(DUMP)\n",
            "",
            "MQSC291E IFASMFDP statement not used: INDD( without its closing parenthesis",
        ),
    ],
)
def test_bad_input_changes_nothing(tmp_path: Path, sysin: str, dds: str, expect: str) -> None:
    (tmp_path / "USER1.OLD.DUMP").write_bytes(b"")
    result = run_job(tmp_path, sysin, dds)
    assert result.steps[0].cc == 8
    assert list(result.steps[0].sysout[0][2])[-1] == expect
    assert (tmp_path / "SYS1.MAN1").read_bytes() == b"".join(_records())
    dump = tmp_path / "USER1.SMF.DUMP"
    assert not dump.exists() or dump.read_bytes() == b""  # allocated, never written


def test_missing_data_set_is_a_jcl_error(tmp_path: Path) -> None:
    result = run_job(
        tmp_path,
        "INDD(DUMPIN,OPTIONS(DUMP))\n",
        "//DUMPIN   DD DSN=SYS1.MAN9,DISP=SHR\n//DUMPOUT  DD SYSOUT=*\n",
    )
    assert result.jcl_error and result.steps[0].status == "not-run"


def test_records_in_error(tmp_path: Path) -> None:
    in_catalog(tmp_path).append([_records()[0], b"\x00\x50\x00\x00junk"])
    result = run_job(tmp_path, "INDD(DUMPIN,OPTIONS(DUMP))\n", seed=False)
    assert result.steps[0].cc == 4
    listing = list(result.steps[0].sysout[0][2])
    assert listing[-1].split()[-1] == "1"  # NUMBER OF RECORDS IN ERROR
    assert any(line.startswith("MQSC294E IFASMFDP DUMPIN:") for line in listing)
    assert [r.rtype for r in _dumped(tmp_path)] == [2, 115, 3]


def test_report_columns_as_ibm_prints_them() -> None:
    tally = ifasmfdp.Tally(
        read={2: [18] * 296 + [612] * 0, 30: [480, 1570]}, written={2: 297, 30: 2}
    )
    lines = ifasmfdp.report(tally)
    assert (
        lines[4] == "           2           296         99.33 %            18.00"
        "            18            18           297"
    )
    assert lines[5][:12] == "          30" and lines[5].endswith("1,570             2")
    assert lines[6].startswith("      TOTAL            298           100 %")
    assert lines[7] == "      NUMBER OF RECORDS IN ERROR               0"


GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "batch" / "smf" / "ifasmfdp.txt"
_CASES = (
    (
        "DUMP to a new data set",
        "  INDD(DUMPIN,OPTIONS(DUMP))\n  OUTDD(DUMPOUT,TYPE(115,116))\n  DATE(2026015,2026015)\n",
        "",
    ),
    ("an OUTDD the step lacks", "INDD(DUMPIN,OPTIONS(DUMP)) OUTDD(SMFOUT,TYPE(115))\n", ""),
    (
        "CLEAR of a sequential data set",
        "INDD(DUMPIN,OPTIONS(ALL))\n",
        "//DUMPIN   DD DSN=USER1.OLD.DUMP,DISP=SHR\n//DUMPOUT  DD SYSOUT=*\n",
    ),
    ("a keyword IFASMFDP does not have", "INDD(DUMPIN,OPTIONS(DUMP))\nSELECT(115)\n", ""),
    ("a data set with bytes that are no record", "INDD(DUMPIN,OPTIONS(DUMP))\n", "junk"),
)


def test_sysprint_golden(tmp_path: Path, golden) -> None:
    out = []
    for index, (title, sysin, dds) in enumerate(_CASES):
        where = tmp_path / str(index)
        where.mkdir()
        (where / "USER1.OLD.DUMP").write_bytes(b"")
        if dds == "junk":
            in_catalog(where).append([*_records(), b"\x00\x50\x00\x00junk"])
        result = run_job(where, sysin, "" if dds == "junk" else dds, seed=dds != "junk")
        out += [
            f"* {title}: condition code {result.steps[0].cc}",
            *result.steps[0].sysout[0][2],
            "",
        ]
    golden(GOLDEN, "\n".join(out))
