"""``mqsc smf dump`` and ``print``, ``mqsc stats --smf``: the SMF data set of the home, read
back as a formatter reads it."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from mqsc.cli import main
from mqsc.engine.smf import build, record
from mqsc.engine.smf.build import StatFigures
from mqsc.store.home import home_data_set

START = dt.datetime(2026, 1, 15, 10, 30)


def _seed(intervals: int = 2) -> None:
    records = []
    for n in range(intervals):
        begin = START + dt.timedelta(minutes=n)
        figures = StatFigures(
            "QMZ1",
            begin,
            begin + dt.timedelta(minutes=1),
            pools=({"qpstpool": 0, "qpstnbuf": 1050, "qpstgetp": 10 + n},),
            pagesets=({"qis1psno": 0, "qis1topg": 1080},),
        )
        records += [record.encode(r) for r in build.statistics(figures, frozenset({1, 2}))]
    home_data_set().append(records)


def test_dump_then_print(mqsc_home: Path, tmp_path: Path, capsys) -> None:
    _seed()
    out = tmp_path / "OUT.bin"
    assert main(["smf", "dump", str(out), "--type", "115(215)"]) == 0
    report = capsys.readouterr().out
    assert "SUMMARY ACTIVITY REPORT" in report
    assert [r.rtype for r in record.read_records(out.read_bytes())] == [2, 115, 115, 3]
    assert main(["smf", "print", str(out)]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[1].startswith("SMF 115 subtype 215 SOW1/QMZ1 2026-01-15 10:31:00.00")
    assert text[2] == "  interval 2026-01-15 10:30:00 for 60 s"
    assert text[3] == "  QPST[0] qpstnbuf=1050 qpstgetp=10"
    assert main(["smf", "print", str(out), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data[1]["sections"][0]["entries"][0]["qpstgetp"] == 10
    assert home_data_set().read() != b""


def test_dump_clear(mqsc_home: Path, tmp_path: Path, capsys) -> None:
    _seed(1)
    assert main(["smf", "dump", str(tmp_path / "a.bin"), "--clear"]) == 0
    assert home_data_set().read() == b""


def test_stats_from_a_dump(mqsc_home: Path, tmp_path: Path, capsys) -> None:
    _seed()
    out = tmp_path / "OUT.bin"
    assert main(["smf", "dump", str(out)]) == 0
    capsys.readouterr()
    assert main(["stats", "--smf", str(out)]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0] == "Interval 2026-01-15 10:31:00, 60 s (SMF)"
    assert text[3].split()[:5] == ["0", "1050", "0", "0", "11"]  # the last interval's GETP
    assert main(["stats", "--smf", str(out), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["bufferPools"]["0"]["GETP"] == 11


@pytest.mark.parametrize(
    ("argv", "message", "status"),
    [
        (["smf", "dump", "OUT", "--type", "999"], "--type: TYPE(999): 0-255 expected", 2),
        (["smf", "print", "/nonexistent/x.bin"], "/nonexistent/x.bin: No such file", 2),
        (["stats", "--smf", "/nonexistent/x.bin"], "/nonexistent/x.bin: No such file", 2),
        (["stats", "--smf", "EMPTY"], "no SMF 115 subtype 201 or 215 records", 2),
        (["stats", "--smf", "EMPTY", "--reset"], "--reset and --plot do not apply", 2),
        (["smf", "print", "JUNK"], "JUNK: offset 0: not SMF records behind RDWs", 1),
    ],
)
def test_bad_arguments(
    mqsc_home: Path, tmp_path: Path, monkeypatch, capsys, argv, message, status
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "EMPTY").write_bytes(b"")
    (tmp_path / "JUNK").write_bytes(b"\x00\x40\x00\x00junk")
    assert main(argv) == status
    assert message in capsys.readouterr().err


def test_a_home_queue_manager_records_in_the_home_data_set(
    mqsc_home: Path, tmp_path: Path, capsys
) -> None:
    """The trace runs in the stored queue manager; every later process's work is accounted
    in SYS1.MAN1 of the home."""
    deck = tmp_path / "trace.mqsc"
    deck.write_text("START TRACE(ACCTG) CLASS(3)\n")
    assert main(["run", str(deck)]) == 0
    assert main(["put", "USER1.ABAR.QUEUE", "-n", "7"]) == 0
    capsys.readouterr()
    assert main(["smf", "print"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0].startswith("SMF 116 subtype 1 SOW1/QMZ1")
    wq = next(line for line in text if line.startswith("  WQ[0]"))
    assert "objname=USER1.ABAR.QUEUE" in wq and "putn=7" in wq
