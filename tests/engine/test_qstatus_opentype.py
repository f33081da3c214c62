"""DISPLAY QSTATUS OPENTYPE(ALL | INPUT | OUTPUT) keeps the queues (or handles) open that way
(IBM "DISPLAY QSTATUS"). Between commands no application holds a queue open here, so INPUT and
OUTPUT find none and ALL finds every queue the name selects."""

from __future__ import annotations

from tests.engine.conftest import fresh_qmz1


def test_opentype_selects_by_open_handles() -> None:
    qm = fresh_qmz1()
    every = qm.execute("DISPLAY QSTATUS(SYSTEM.*) OPENTYPE(ALL)")
    assert every.ok and every.objects
    assert len(every.objects) == len(qm.execute("DISPLAY QSTATUS(SYSTEM.*)").objects)
    for opentype in ("INPUT", "OUTPUT"):
        none = qm.execute(f"DISPLAY QSTATUS(SYSTEM.*) OPENTYPE({opentype})")
        assert none.ok and not none.objects and "CSQM297I" in none.message_ids
        handles = qm.execute(f"DISPLAY QSTATUS(*) TYPE(HANDLE) OPENTYPE({opentype})")
        assert handles.ok and not handles.objects


def test_a_bad_opentype_is_refused() -> None:
    assert "MQSC011E" in fresh_qmz1().execute("DISPLAY QSTATUS(*) OPENTYPE(BOTH)").message_ids
