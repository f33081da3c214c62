"""DISPLAY GROUP answers from the queue sharing group the simulation keeps (members and their
status), and fails outside a group without changing anything."""

from __future__ import annotations

from pathlib import Path

from mqsc.catalog import CommandSource
from mqsc.cli.run import render
from tests.engine.conftest import fresh_group, fresh_qmz1

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "qsg" / "display-group.console.txt"


def test_display_group_lists_the_members(golden) -> None:
    members = fresh_group().members
    qsa1, qsa2 = members["QSA1"], members["QSA2"]
    out = [render(qsa1.execute("DISPLAY GROUP", source=CommandSource.CONSOLE), "text", "console")]
    qsa2.execute("STOP QMGR", source=CommandSource.CONSOLE)
    out.append(
        render(qsa1.execute("DISPLAY GROUP", source=CommandSource.CONSOLE), "text", "console")
    )
    out.append(render(fresh_qmz1().execute("DISPLAY GROUP"), "text", "console"))
    golden(GOLDEN, "".join(out))
    assert "QSA2 INACTIVE" in out[1] and "QSA2 ACTIVE" in out[0]


def test_display_group_outside_a_group_changes_nothing() -> None:
    qm = fresh_qmz1()
    before = qm.digest()
    result = qm.execute("DISPLAY GROUP")
    assert not result.ok and qm.digest() == before
