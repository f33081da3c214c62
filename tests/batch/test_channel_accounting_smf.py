"""Channel accounting through SMF as the mp1b lab takes it: QMZ1's sender to QMZ2's receiver
with STATCHL(MEDIUM), START TRACE(ACCTG) CLASS(4), messages moved across an accounting
interval, STOP TRACE, then an SMFDUMP job (IFASMFDP): the dump carries the 116 subtype 10
records, whose QCST says what DISPLAY CHSTATUS said; a golden of one record in words and hex."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path

from mqsc.batch import jcl, runner
from mqsc.batch.datasets import Catalog
from mqsc.catalog import CommandSource
from mqsc.cli.smf import hex_lines, text_lines
from mqsc.engine.smf import record
from mqsc.engine.smf.record import SmfRecord
from mqsc.language.source import Source
from mqsc.store.smfdata import in_catalog
from tests.batch.test_mp1b_smf import SMFDUMP, _job
from tests.network.test_network import set_up
from tests.network.test_network_golden import pair

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "batch" / "smf"
START = dt.datetime(2026, 1, 15, 10, 0)
CHANNEL = "QMZ1.TO.QMZ2"


def test_the_dump_carries_channel_accounting(tmp_path: Path, golden) -> None:
    now = [START]
    qmgrs, _ = pair()
    for qm in qmgrs.values():
        qm.clock = lambda: now[0]
    set_up(qmgrs)
    qmz1 = qmgrs["QMZ1"]
    qmz1.attach(replace(qmz1.collaborators, smf=in_catalog(tmp_path)))

    def command(text: str):
        result = qmz1.execute(text, source=CommandSource.CONSOLE)
        assert result.ok, text
        return result

    command("SET SYSTEM STATIME(1.00)")
    command("ALTER QMGR STATCHL(MEDIUM)")  # the channel's STATCHL(QMGR) follows it
    command("START TRACE(ACCTG) CLASS(3,4)")
    command(f"START CHANNEL({CHANNEL})")
    now[0] = START.replace(second=10)
    assert qmz1.put("PAY.OUT", 60, 1024, persistent=True).done == 60
    now[0] = START.replace(minute=1, second=5)  # the first interval ended at 10:01
    [first] = command(f"DISPLAY CHSTATUS({CHANNEL}) ALL").objects
    assert qmz1.put("PAY.OUT", 8, 1024).done == 8
    now[0] = START.replace(minute=1, second=40)
    [second] = command(f"DISPLAY CHSTATUS({CHANNEL}) ALL").objects
    command("STOP TRACE(ACCTG) CLASS(4)")  # writes the second interval's share
    now[0] = START.replace(minute=3)
    [job] = jcl.parse(Source(_job("ZQS1SMF", SMFDUMP)))
    run = runner.run(job, runner.Environment({"QMZ1": qmz1}.get, Catalog(tmp_path), lambda: now[0]))
    assert [s.cc for s in run.steps] == [0]
    dumped = record.read_records(Catalog(tmp_path).read_bytes("ZQS1.QUEUE.MQSMF.SHRSTRM2"))
    channel = [r for r in dumped if isinstance(r, SmfRecord) and (r.rtype, r.subtype) == (116, 10)]
    assert [
        (q["qcstchnm"].strip(), q["qcstnmsg"], q["qcstbatc"], q["qcststcl"])
        for r in channel
        for q in r.section("QCST")
    ] == [
        (CHANNEL, first.get("MSGS"), first.get("BATCHES"), 33),
        (CHANNEL, second.get("MSGS") - first.get("MSGS"), 1, 33),
    ]
    assert (first.get("MSGS"), first.get("BATCHES"), second.get("MSGS")) == (60, 2, 68)
    sysprint = "\n".join(run.steps[0].sysout[0][2])
    assert "SUMMARY ACTIVITY REPORT" in sysprint
    golden(
        GOLDEN / "channel-accounting-record.txt",
        "\n".join([*text_lines(channel[0]), *hex_lines(record.encode(channel[0])), ""]),
    )
