"""The ibm-wsc/mq-zos "mp1b" lab end to end: traces started from the console, a workload of
OEMPUTX and MGET jobs across two statistics intervals, STOP TRACE, an SMFDUMP job (IFASMFDP)
to a data set; the dumped records, read with mqsc's own reader, say what DISPLAY USAGE and
``mqsc stats`` said for the same intervals. Goldens: the dump job's SYSPRINT, DISPLAY TRACE,
and a hex dump of one record of each subtype.

As the lab does, SET SYSTEM makes the statistics interval one minute (``STATIME(1.00)``), the
accounting interval follow it (``ACCTIME(-1)``) and checkpoints frequent (``LOGLOAD(200)``).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from mqsc.batch import jcl, runner
from mqsc.batch.datasets import Catalog
from mqsc.catalog import CommandSource
from mqsc.cli.run import render
from mqsc.cli.smf import hex_lines, text_lines
from mqsc.engine.smf import codec, record
from mqsc.engine.smf.record import SmfRecord
from mqsc.engine.statistics import collect
from mqsc.language.source import Source
from mqsc.store.smfdata import in_catalog
from tests.engine.conftest import fresh_qmz1

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "batch" / "smf"
START = dt.datetime(2026, 1, 15, 10, 0)
QUEUE = "MP1B.TESTER"


def _job(name: str, step: str) -> str:
    return f"//{name:<8} JOB (ACCT),'MP1B',CLASS=A\n{step}"


OEMPUT = (
    "//LOADQ    EXEC PGM=OEMPUTX,\n"
    "//             PARM=('-mQMZ1 -q{q} -n{n} -s1024 -p -c50')\n"
    "//SYSPRINT DD SYSOUT=*\n"
)
MGET = (
    "//MGETQ    EXEC PGM=MGET,\n"
    "//             PARM=('-mQMZ1 -q{q} -n{n}')\n"
    "//SYSPRINT DD SYSOUT=*\n"
)
SMFDUMP = (
    "//DUMP     EXEC PGM=IFASMFDP\n"
    "//SYSPRINT DD SYSOUT=*\n"
    "//DUMPIN   DD DSN=SYS1.MAN1,DISP=SHR\n"
    "//DUMPOUT  DD DSN=ZQS1.QUEUE.MQSMF.SHRSTRM2,DISP=(NEW,CATLG),\n"
    "//            SPACE=(CYL,(5,5)),DCB=(RECFM=VBS,LRECL=32760)\n"
    "//SYSIN    DD *\n"
    "  INDD(DUMPIN,OPTIONS(ALL))\n"
    "  OUTDD(DUMPOUT,TYPE(115,116))\n"
    "  DATE(2026015,2026015)\n"
    "/*\n"
)


class Lab:
    """QMZ1 on a clock the test moves, recording in the catalog's SYS1.MAN1."""

    def __init__(self, root: Path) -> None:
        self.now = START
        self.catalog = Catalog(root)
        self.qm = fresh_qmz1()
        self.qm.clock = lambda: self.now
        self.qm.smf_sink = in_catalog(root)

    def at(self, when: str) -> None:
        """Move the clock to ``hh:mm:ss`` of the lab's day."""
        hour, minute, second = (int(x) for x in when.split(":"))
        self.now = START.replace(hour=hour, minute=minute, second=second)

    def command(self, text: str) -> str:
        return render(self.qm.execute(text, source=CommandSource.CONSOLE), "text", "console")

    def job(self, text: str) -> runner.JobRun:
        [job] = jcl.parse(Source(text))
        assert job.errors == ()
        result = runner.run(
            job, runner.Environment({"QMZ1": self.qm}.get, self.catalog, lambda: self.now)
        )
        assert all(s.cc is not None and s.cc <= 4 for s in result.steps), result.steps
        return result

    def usage(self) -> dict[str, Any]:
        result = self.qm.execute("DISPLAY USAGE TYPE(PAGESET)", source=CommandSource.CONSOLE)
        pagesets, pools = (r.rows for r in result.records if hasattr(r, "rows"))
        return {"pagesets": {p.psid: p for p in pagesets}, "pools": {p.pool: p for p in pools}}


@pytest.fixture
def lab_run(tmp_path: Path) -> dict[str, Any]:
    lab = Lab(tmp_path)
    seen: dict[str, Any] = {}
    lab.at("10:00:00")
    lab.command(f"DEFINE QLOCAL({QUEUE}) STGCLASS(DEFAULT) MAXDEPTH(999999) SHARE")
    seen["set"] = [
        lab.command(text)
        for text in (
            "SET SYSTEM STATIME(1.00)",
            "SET SYSTEM ACCTIME(-1)",
            "SET SYSTEM LOGLOAD(200)",
        )
    ]
    lab.command("ALTER QMGR STATQ(ON) STATCHL(MEDIUM) MONQ(MEDIUM) MONCHL(MEDIUM)")
    seen["start"] = [
        lab.command("START TRACE(STAT) CLASS(1,2,4,5)"),
        lab.command("START TRACE(ACCTG) CLASS(3,4)"),
    ]
    seen["display"] = lab.command("DISPLAY TRACE(*)")
    lab.at("10:00:10")
    lab.job(_job("ZQS1PUT", OEMPUT.format(q=QUEUE, n=1000)))
    lab.at("10:00:50")
    seen["usage1"] = lab.usage()
    lab.at("10:01:10")  # the first interval ended at 10:01
    lab.job(_job("ZQS1GET", MGET.format(q=QUEUE, n=400)))
    lab.at("10:01:30")
    lab.job(_job("ZQS1PUT", OEMPUT.format(q=QUEUE, n=200)))
    lab.at("10:01:50")
    seen["usage2"] = lab.usage()
    seen["stats2"] = collect(lab.qm)  # what `mqsc stats` shows for the interval
    lab.at("10:02:05")  # the second interval ended at 10:02
    seen["stop"] = [lab.command("STOP TRACE(STAT)"), lab.command("STOP TRACE(ACCTG)")]
    lab.at("10:03:00")
    seen["dump"] = lab.job(_job("ZQS1SMF", SMFDUMP))
    seen["records"] = record.read_records(lab.catalog.read_bytes("ZQS1.QUEUE.MQSMF.SHRSTRM2"))
    seen["man1"] = (tmp_path / "SYS1.MAN1").read_bytes()
    return seen


def _interval(records: list, start: str) -> dict[int, SmfRecord]:
    """The 115 records of the interval that started at ``start`` (hh:mm:ss), by subtype."""
    out = {}
    for r in records:
        if isinstance(r, SmfRecord) and r.rtype == 115:
            begins = codec_time(r.product["qwhstime"])
            if begins == start:
                out[r.subtype] = r
    return out


def codec_time(stck: int) -> str:
    from mqsc.engine.smf import clock

    return f"{clock.from_stck(stck):%H:%M:%S}"


def test_records_say_what_display_usage_and_stats_said(lab_run: dict[str, Any]) -> None:
    records = lab_run["records"]
    assert [r.rtype for r in records][0] == 2 and records[-1].rtype == 3
    first, second = _interval(records, "10:00:00"), _interval(records, "10:01:00")
    assert sorted(first) == sorted(second) == [1, 2, 201, 215, 216]
    # DISPLAY USAGE at 10:00:50 and the first interval's page set and pool records.
    for subtype, seen in ((201, "usage1"), (201, "usage2")):
        rec = first[subtype] if seen == "usage1" else second[subtype]
        for entry in rec.section("QIS1"):
            row = lab_run[seen]["pagesets"][entry["qis1psno"]]
            assert (entry["qis1topg"], entry["qis1unpg"], entry["qis1ppg"], entry["qis1nppg"]) == (
                row.total,
                row.unused,
                row.persistent,
                row.nonpersistent,
            )
    for rec, seen in ((first[215], "usage1"), (second[215], "usage2")):
        for entry in rec.section("QPST"):
            row = lab_run[seen]["pools"][entry["qpstpool"]]
            assert (entry["qpstnbuf"], entry["qpstcbs"]) == (row.available, row.stealable)
    # `mqsc stats` at 10:01:50 and the second interval's records: the same figures.
    stats = lab_run["stats2"]
    for entry in second[215].section("QPST"):
        shown = stats["bufferPools"][entry["qpstpool"]]
        assert {k: entry["qpst" + k.lower()] for k in shown} == shown
    for entry in second[201].section("QIS1"):
        shown = stats["pageSets"][entry["qis1psno"]]
        assert {k: entry["qis1" + k.lower()] for k in shown} == shown
    # The message manager and the queue: 1,000 persistent puts, then 400 gets and 200 puts.
    qmst1, qmst2 = first[2].section("QMST")[0], second[2].section("QMST")[0]
    assert (qmst1["qmstput"], qmst1["qmstspp"], qmst1["qmstpbp"], qmst1["qmstget"]) == (
        1000,
        1000,
        1000 * 1024,
        0,
    )
    assert (qmst2["qmstput"], qmst2["qmstget"], qmst2["qmstopen"]) == (200, 400, 2)
    qqst1 = {e["qqstqnam"].strip(): e for e in first[216].section("QQST")}[QUEUE]
    qqst2 = {e["qqstqnam"].strip(): e for e in second[216].section("QQST")}[QUEUE]
    assert (qqst1["qqstdpth"], qqst1["qqstputs"], qqst1["qqstdphi"], qqst1["qqstdplo"]) == (
        1000,
        1000,
        1000,
        0,
    )
    assert (
        qqst2["qqstdpth"],
        qqst2["qqstgets"],
        qqst2["qqstpdg"],
        qqst2["qqstdplo"],
        qqst2["qqstdphi"],
    ) == (800, 400, 400, 600, 1000)
    # Checkpoints and log writes of the first interval (the lab reads QJSTLLCP).
    qjst = first[1].section("QJST")[0]
    assert qjst["qjstciwr"] > 0 and qjst["qjstllcp"] > 0  # LOGLOAD(200): checkpoints


def test_accounting_says_what_each_job_did(lab_run: dict[str, Any]) -> None:
    tasks = [r for r in lab_run["records"] if isinstance(r, SmfRecord) and r.rtype == 116]
    assert [r.subtype for r in tasks] == [1, 1, 1]
    got = []
    for task in tasks:
        wtid, wtas = task.section("WTID")[0], task.section("WTAS")[0]
        [wq] = task.section("WQ")
        got.append(
            (
                wtid["wtidccn"].strip(),
                wq["objname"].strip(),
                wq["putn"],
                wq["getn"],
                wq["putpmsg"] + wq["getpmsg"],
                wtas["wtascmn"],
                wq["nps"],
            )
        )
        assert wq["wqver"] == 9 and wtas["wtasver"] == 8 and wtas["wtaswqct"] == 1
    # OEMPUTX -c50 commits every 50 messages; MGET gets outside units of work. QMZ1's
    # DEFAULT storage class is on page set 04.
    assert got == [
        ("ZQS1PUT", QUEUE, 1000, 0, 1000, 20, 4),
        ("ZQS1GET", QUEUE, 0, 400, 400, 0, 4),
        ("ZQS1PUT", QUEUE, 200, 0, 200, 4, 4),
    ]


def test_the_dump_is_what_mq_smf_csv_reads(lab_run: dict[str, Any]) -> None:
    """Each record as mq-smf-csv's reader takes it: RDW, the subtypes flag, QWHSNSDA triplets,
    a QWHS of 52 bytes with the interval for 115, the same SM115REL everywhere."""
    data = b"".join(
        record.encode(r) if isinstance(r, SmfRecord) else record.encode_plain(r)
        for r in lab_run["records"]
    )
    releases = set()
    for raw in record.iter_records(data):
        if raw[5] not in (115, 116):
            continue
        assert raw[4] & 0x40, "subtypes flag"
        releases.add(raw[24:27])
        product_at = int.from_bytes(raw[28:32], "big")
        nsda = raw[product_at + 6]
        assert 2 <= nsda <= 12
        if raw[5] == 115:
            assert int.from_bytes(raw[product_at : product_at + 2], "big") >= 52
        for index in range(nsda):
            offset = int.from_bytes(raw[28 + 8 * index : 32 + 8 * index], "big")
            length = int.from_bytes(raw[32 + 8 * index : 34 + 8 * index], "big")
            number = int.from_bytes(raw[34 + 8 * index : 36 + 8 * index], "big")
            assert offset + length * number <= len(raw)
    assert releases == {codec.ebcdic("943", 3)}
    assert lab_run["man1"] == b""  # OPTIONS(ALL) cleared the SMF data set


def test_goldens(lab_run: dict[str, Any], golden) -> None:
    golden(
        GOLDEN / "mp1b-trace.txt",
        "".join(lab_run["set"] + lab_run["start"]) + lab_run["display"] + "".join(lab_run["stop"]),
    )
    golden(
        GOLDEN / "mp1b-smfdump-sysprint.txt",
        "\n".join(lab_run["dump"].steps[0].sysout[0][2]) + "\n",
    )
    seen, lines = set(), []
    for r in lab_run["records"]:
        if not isinstance(r, SmfRecord) or (r.rtype, r.subtype) in seen:
            continue
        seen.add((r.rtype, r.subtype))
        lines += [*text_lines(r), *hex_lines(record.encode(r)), ""]
    golden(GOLDEN / "mp1b-records.txt", "\n".join(lines))
