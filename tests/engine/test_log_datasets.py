"""The recovery log as data sets: active logs filling, offloads to archive logs catalogued
under ARCPFX names, writers waiting when offload is behind, DISPLAY LOG/ARCHIVE from that
state, and a restart reading the log back from the last checkpoint at the seed lab's rates
(110 MB/s uncompressed, 38 MB/s compacted), all on the simulated clock."""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from mqsc.batch import datasets
from mqsc.batch.datasets import Catalog
from mqsc.catalog.model import CommandSource
from mqsc.cli.run import render
from mqsc.engine import bsds
from mqsc.engine.config import PageSetGeometry
from mqsc.engine.manager import QueueManager
from mqsc.language.source import Source
from mqsc.render.workload import summary_lines
from tests.engine.conftest import NOW, bundled_definition

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "log"
MB = 2**20


def zparm(loadlimit: int, compact: str = "NO") -> str:
    """A module with dual active and archive logs, archives catalogued and time-stamped."""
    return "\n".join(
        [
            "         CSQ6LOGP OFFLOAD=YES,TWOACTV=YES,TWOARCH=YES",
            "         CSQ6ARVP ARCPFX1=QML.ARC1,ARCPFX2=QML.ARC2,CATALOG=YES,".ljust(71) + "X",
            f"               TSTAMP=YES,UNIT=SYSDA,COMPACT={compact}",
            f"         CSQ6SYSP LOGLOAD={loadlimit}",
            "         END",
            "",
        ]
    )


def small_log_qm(
    tmp_path: Path, megabytes: int, *, loadlimit: int = 40000, compact: str = "NO"
) -> tuple[QueueManager, Catalog]:
    """QMZ1 with two active logs of ``megabytes`` each, room for 100,000 4 KB messages on page
    set 4, and a data set catalog for its archives."""
    definition = bundled_definition()
    config = replace(
        definition.config,
        log_datasets=2,
        log_megabytes=megabytes,
        overrides={**definition.config.overrides, 4: PageSetGeometry(120000, 1000)},
    )
    definition = replace(
        definition, config=config, zparm=Source(zparm(loadlimit, compact), "zparm.asm")
    )
    qm = definition.build(clock=lambda: NOW)
    catalog = Catalog(tmp_path / "catalog")
    datasets.attach(qm, catalog)
    [defined] = qm.run("DEFINE QLOCAL(LOG.BIG) MAXDEPTH(999999999) DEFPSIST(YES)")
    assert defined.ok
    return qm, catalog


def console(qm: QueueManager, text: str) -> str:
    return render(qm.execute(text, source=CommandSource.CONSOLE), "text", "console")


def archive_ends(inventory: bsds.Bsds, copy: int = 1) -> list[dt.datetime]:
    return [bsds.moment(a.ended) for a in inventory.archives if a.copy == copy]


def test_100000_persistent_messages_fill_two_small_active_logs(tmp_path: Path) -> None:
    qm, catalog = small_log_qm(tmp_path, 64)
    work = qm.put("LOG.BIG", 100_000, 4096, persistent=True, batch=100)
    assert (work.done, work.reason) == (100_000, 0)
    said = Counter(m.msg_id for m in work.messages)
    inventory = qm.state.tables["bsds"][None]
    log = qm.state.tables["log"][None]
    # Some 430 MB of log: the two 64 MB data sets switch every 64 MB, both copies.
    switches = log.rba // (64 * MB)
    assert switches == 8
    assert said["CSQJ002I"] == said["CSQJ001I"] == 2 * switches
    # Writing outruns the offload: every switch after the first finds the other data set
    # still being offloaded, and the last available one warns at each 5% step.
    assert said["CSQJ111A"] == switches - 1
    assert said["CSQJ110E"] == 19 * (switches - 1)
    # Seven offloads ended (the eighth is running), two archive copies each, catalogued.
    assert said["CSQJ003I"] == 14 and len(inventory.archives) == 14
    for archive in inventory.archives:
        record = catalog.archive_log(archive.dsn)
        assert record is not None and record["copy"] == archive.copy
        assert archive.dsn.startswith(f"QML.ARC{archive.copy}.D26015.T")
    # The offload task copies 64 MB at 110 MB/s, back to back while it is behind.
    ends = archive_ends(inventory)
    steps = {round((b - a).total_seconds(), 3) for a, b in zip(ends, ends[1:], strict=False)}
    assert steps == {round(64 / 110, 3)}
    # DISPLAY LOG and DISPLAY ARCHIVE show that state.
    [shown] = qm.run("DISPLAY LOG")
    status = shown.records[1]
    assert status.latest_rba == f"{log.rba:012X}"
    assert (status.full, status.total, status.offload) == (1, 2, "BUSY, COPYING LOG")
    [shown] = qm.run("DISPLAY ARCHIVE")
    assert "14 archive log data sets in the BSDS" in render(shown, "text", "server")
    # A restart reads the log back from the last checkpoint before the stop: what the active
    # logs no longer hold comes from the archives.
    last = log.checkpoints[-1]
    console(qm, "STOP QMGR")
    text = console(qm, "START QMGR")
    figures = next(m for m in text.splitlines() if m.startswith("MQSC650I"))
    assert f"from RBA {last:012X}" in figures
    active = (qm.state.tables["log"][None].rba - 0x1C000000) / MB
    archived = (0x1C000000 - last) / MB
    seconds = (active + archived) / 110
    assert f"{archived:.1f} MB from archive logs" in figures
    assert f"{seconds:.1f} s" in figures


def test_compacted_archives_offload_and_restart_at_38_mb_a_second(tmp_path: Path) -> None:
    qm, _ = small_log_qm(tmp_path, 16, loadlimit=10000, compact="YES")
    work = qm.put("LOG.BIG", 19_500, 4096, persistent=True, batch=100)
    assert work.reason == 0
    ends = archive_ends(qm.state.tables["bsds"][None])
    assert len(ends) >= 3
    steps = {round((b - a).total_seconds(), 3) for a, b in zip(ends, ends[1:], strict=False)}
    assert steps == {round(16 / 38, 3)}
    console(qm, "STOP QMGR")
    figures = next(m for m in console(qm, "START QMGR").splitlines() if "MQSC650I" in m)
    found = re.search(
        r"([\d.]+) MB from active logs, ([\d.]+) MB from archive logs, ([\d.]+) s", figures
    )
    assert found is not None
    active, archived, seconds = (float(g) for g in found.groups())
    assert archived > 0
    # Active logs are read at 110 MB/s, the compacted archives at 38.
    assert seconds == pytest.approx(active / 110 + archived / 38, abs=0.06)


def test_log_rbas_only_go_forward(tmp_path: Path) -> None:
    qm, _ = small_log_qm(tmp_path, 4, loadlimit=1000)
    seen = [qm.state.tables["log"][None].rba]
    for step in ("put", "get", "restart", "archive", "put"):
        if step == "put":
            qm.put("LOG.BIG", 2000, 4096, persistent=True, batch=50)
        elif step == "get":
            qm.get("LOG.BIG", 1500)
        elif step == "restart":
            console(qm, "STOP QMGR")
            console(qm, "START QMGR")
        else:
            qm.run("ARCHIVE LOG")
        seen.append(qm.state.tables["log"][None].rba)
    assert seen == sorted(seen) and seen[-1] > seen[-2] > seen[0]


@pytest.mark.parametrize(
    "command",
    [
        "DEFINE LOG(QMZ1.LOGCOPY1.DS07) COPY(1)",  # no such cluster in the catalog
        "ARCHIVE LOG",  # the previous ARCHIVE LOG's offload still runs
    ],
)
def test_refused_log_commands_change_nothing(tmp_path: Path, command: str) -> None:
    qm, _ = small_log_qm(tmp_path, 8)
    [first] = qm.run("ARCHIVE LOG")
    assert first.ok
    before = qm.digest()
    [refused] = qm.run(command)
    assert not refused.ok
    assert {m.msg_id for m in refused.messages()} & {"MQSC652E", "MQSC654E"}
    assert qm.digest() == before


def test_log_fill_golden(tmp_path: Path, golden) -> None:
    """The console as two 1 MB active logs fill: switches, CSQJ110E steps, CSQJ111A, archives;
    DISPLAY LOG and ARCHIVE; logging suspended and resumed; a restart with a module no library
    holds, then with the queue manager's own."""
    qm, _ = small_log_qm(tmp_path, 1, loadlimit=200)
    lines = summary_lines(qm.put("LOG.BIG", 600, 4096, persistent=True, batch=50), "QMZ1", "QMZ1")
    out = "\n".join(lines) + "\n"
    for text in (
        "DISPLAY LOG",
        "DISPLAY ARCHIVE",
        "SUSPEND QMGR LOG",
        "DEFINE QLOCAL(LOG.HELD)",
        "DISPLAY LOG",
    ):
        out += console(qm, text)
    before = qm.digest()
    held = qm.put("LOG.BIG", 1, 4096, persistent=True)
    # z/OS holds the call (no reason code documented): not done, no MQRC, nothing changed.
    assert (held.done, held.reason, held.held) == (0, 0, "SUSPEND QMGR LOG")
    assert [m.msg_id for m in held.messages] == ["MQSC666E"]
    assert qm.digest() == before
    out += "\n".join(summary_lines(held, "QMZ1", "QMZ1")) + "\n"
    for text in ("RESUME QMGR LOG", "STOP QMGR", "START QMGR PARM(NOSUCH)", "START QMGR"):
        out += console(qm, text)
    golden(GOLDEN / "fill.console.txt", out)


def test_archive_log_quiesce_fails_while_a_unit_of_work_is_in_progress(tmp_path: Path) -> None:
    # IBM "ARCHIVE LOG": "If activity has not quiesced in that time, the command fails; no
    # off-load is done". A unit of work in flight across commands never quiesces meanwhile.
    qm, _ = small_log_qm(tmp_path, 8)
    conn = qm.connection("PAYJOB", userid="OPER1")
    assert conn.put("LOG.BIG", count=1, persistent=True, syncpoint=True).done == 1
    before = qm.digest()
    [refused] = qm.run("ARCHIVE LOG MODE(QUIESCE) TIME(1)")
    said = next(refused.messages())
    assert not refused.ok and said.msg_id == "MQSC654E"
    why = str(said.inserts["why"])
    assert "1 unit(s) of work still active after 1 seconds" in why and "PAYJOB" in why
    assert qm.digest() == before
    conn.commit()
    [archived] = qm.run("ARCHIVE LOG MODE(QUIESCE) TIME(1)")
    assert archived.ok and "MQSC655I" in {m.msg_id for m in archived.messages()}
    conn.close()
