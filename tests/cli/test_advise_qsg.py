"""``mqsc advise`` for queue sharing groups: CF structure recovery estimates, and the backup
interval table of the seed (storage rule BN-3, docs/storage.md#storage-rules: 400 / 1,200 / 2,200
messages a second ->
back up every 90 / 30 / 16 minutes), as a golden file."""

from __future__ import annotations

import json
from pathlib import Path

from mqsc.cli import main
from mqsc.engine.capacity import advise, backup_interval
from tests.engine.conftest import fresh_group

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "advise"


def test_the_seeds_backup_interval_table(capsys, golden) -> None:
    assert main(["create", "QSA1", "--qsg", "QSG1"]) == 0
    capsys.readouterr()
    assert main(["advise", "-m", "QSA1", "--backup-interval", "400", "1200", "2200"]) == 0
    out = capsys.readouterr().out
    table = out[out.index("Backup interval") :]
    golden(GOLDEN / "backup-interval.txt", table)
    assert [backup_interval(n).minutes for n in (400, 1200, 2200)] == [90, 30, 16]


def test_interval_scales_with_the_read_rate() -> None:
    # z14 reads archives at 110 MB/s: the same 1,200 msgs/s allow backups ~37 times rarer.
    slow, fast = backup_interval(1200), backup_interval(1200, read_rate=110)
    assert fast.minutes == round(29 * 60 * 110 / 2.92 / 60) and fast.minutes > 30 * slow.minutes


def test_structure_recovery_estimate() -> None:
    group = fresh_group()
    a = group.members["QSA1"]
    a.put("PAY.SQ", 1000, 1024, persistent=True)
    advice = advise(a)
    (pay,) = [s for s in advice.structures if s.structure == "APP1"]
    assert pay.backup_qmgr == "" and "never backed up" in pay.findings[0]
    # 1,000 x (1 KB + 1.5 KB) of log: 2.44 MB, read at 3 MB/s in 0.8 s.
    assert pay.log_mb == {"QSA1": round(1000 * 2560 / 2**20, 3)}
    assert pay.recovery_seconds["2003 DASD"] == round(1000 * 2560 / 2**20 / 3, 1)


def test_advise_json_has_structures_and_intervals(capsys) -> None:
    assert main(["create", "QSA1", "--qsg", "QSG1"]) == 0
    capsys.readouterr()
    assert main(["advise", "-m", "QSA1", "--format", "json", "--backup-interval", "400"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["intervals"][0]["minutes"] == 90 and data["qsg"] == "QSG1"


def test_backup_interval_outside_a_qsg_says_so(capsys) -> None:
    # QMZ1 is not in a queue sharing group: it has no CF structures, so no backup advice.
    assert main(["advise", "--memory", "--backup-interval", "400", "1200"]) == 0
    out = capsys.readouterr().out
    assert "QMZ1 is not a member of a queue sharing group" in out
    assert "back up every" not in out and "Backup interval for" not in out
    assert main(["advise", "--memory", "--format", "json", "--backup-interval", "400"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["intervals"] == [] and data["qsg"] == "" and data["structures"] == []
