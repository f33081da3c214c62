"""``mqsc plan`` and ``mqsc diff``: what a deck would change, nothing changed."""

from __future__ import annotations

import json

from mqsc.batch import plan as planning
from mqsc.cli import main
from mqsc.language.source import Source
from tests.engine.conftest import fresh_qmz1

DECK = """\
DEFINE QLOCAL(PAY.IN) MAXDEPTH(5000) DESCR('Payments')
ALTER QLOCAL(USER1.BBAR.QUEUE) MAXDEPTH(10) NOSHARE
DELETE QLOCAL(SYSTEM.ADMIN.PERFM.EVENT)
ALTER BUFFPOOL(10) BUFFERS(2000)
DEFINE QLOCAL(PAY.IN)
"""


def test_plan_lists_creates_alters_deletes_and_failures() -> None:
    qm = fresh_qmz1()
    before = qm.digest()
    result = planning.plan(qm, [Source(DECK, "deck.mqsc")])
    assert qm.digest() == before
    changes = {(c.action, c.label): c for c in result.changes}
    created = changes[("create", "QLOCAL(PAY.IN)")]
    assert [(a.name, a.after) for a in created.attrs] == [("DESCR", "Payments"), ("MAXDEPTH", 5000)]
    altered = changes[("alter", "QLOCAL(USER1.BBAR.QUEUE)")]
    assert [(a.name, a.before, a.after) for a in altered.attrs] == [
        ("SHARE", True, False),
        ("MAXDEPTH", 999_999_999, 10),
    ]
    assert ("delete", "QLOCAL(SYSTEM.ADMIN.PERFM.EVENT)") in changes
    assert changes[("alter", "BUFFPOOL(10)")].attrs[0].after == 2000
    [failure] = result.failures
    assert failure.location.line == 5 and "MQSC595E" in failure.messages[1]


def test_plan_text() -> None:
    result = planning.plan(fresh_qmz1(), [Source(DECK, "deck.mqsc")])
    lines = planning.text_lines(result)
    assert "  ~ QLOCAL(USER1.BBAR.QUEUE)" in lines
    assert "      SHARE     SHARE -> NOSHARE" in lines
    assert "      MAXDEPTH  999999999 -> 10" in lines
    assert "  ! deck.mqsc:5: DEFINE QLOCAL(PAY.IN)" in lines
    assert planning.summary(result) == "1 to create, 2 to alter, 1 to delete, 1 command would fail"


def test_diff_against_the_initial_configuration() -> None:
    current = fresh_qmz1()
    assert current.execute("DEFINE QLOCAL(DRIFT)").ok
    assert current.execute("ALTER QLOCAL(USER1.ABAR.QUEUE) MAXDEPTH(7)").ok
    deck = Source("DEFINE QLOCAL(WANTED)\n", "desired.mqsc")
    result = planning.diff(current, fresh_qmz1(), [deck])
    summary = [(c.action, c.label) for c in result.changes]
    assert summary == [
        ("delete", "QLOCAL(DRIFT)"),
        ("alter", "QLOCAL(USER1.ABAR.QUEUE)"),
        ("create", "QLOCAL(WANTED)"),
    ]
    [change] = [c for c in result.changes if c.action == "alter"]
    assert (change.attrs[0].before, change.attrs[0].after) == (7, 999_999_999)


def test_diff_of_a_dump_with_itself_is_empty() -> None:
    from mqsc.batch import dump

    current = fresh_qmz1()
    assert current.execute("DEFINE QLOCAL(KEPT) MAXDEPTH(3)").ok
    deck = Source(dump.csqinp2_deck(current), "dump.mqsc")
    assert planning.diff(current, fresh_qmz1(), [deck]).changes == ()


def test_cli_plan(tmp_path, capsys) -> None:
    path = tmp_path / "deck.mqsc"
    path.write_text(DECK)
    assert main(["plan", "--memory", str(path)]) == 1
    out = capsys.readouterr().out
    assert "Plan: 1 to create, 2 to alter, 1 to delete, 1 command would fail." in out
    path.write_text("DEFINE QLOCAL(A)\n")
    assert main(["plan", "--memory", "--format", "json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["summary"] == {"create": 1, "alter": 0, "delete": 0}
    assert data["changes"][0]["name"] == "A"


def test_cli_plan_missing_deck(tmp_path, capsys) -> None:
    assert main(["plan", str(tmp_path / "nope.mqsc")]) == 2


def test_cli_diff(tmp_path, capsys) -> None:
    path = tmp_path / "deck.mqsc"
    path.write_text("ALTER QMGR DESCR('QMZ1 lab queue manager (mqsc emulator)')\n")
    assert main(["diff", "--memory", str(path)]) == 0
    assert "no differences" in capsys.readouterr().out
    path.write_text("DEFINE QLOCAL(NEW.ONE)\n")
    assert main(["diff", "--memory", str(path)]) == 1
    assert "  + QLOCAL(NEW.ONE)" in capsys.readouterr().out
    path.write_text("DELETE QLOCAL(NOT.THERE)\n")
    assert main(["diff", "--memory", str(path)]) == 2
