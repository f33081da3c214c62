"""The store as the queue manager's gate (mqsc/engine/collaborators.py): it hands the engine
rows and never edits the engine; what a queue manager is given from outside is read-only on it
and changed only by one explicit step."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mqsc.engine.collaborators import Collaborators, Committed
from mqsc.engine.manager import QueueManager
from mqsc.store.home import open_qmgr
from mqsc.store.interface import store_of


def test_entering_hands_back_what_another_session_committed_without_touching_the_engine(
    tmp_path: Path,
) -> None:
    db = tmp_path / "qm.db"
    console = open_qmgr("QMZ1", state=db)
    batch = open_qmgr("QMZ1", state=db)
    try:
        assert console.execute("DEFINE QLOCAL(FROM.CONSOLE) DESCR('x')").ok
        gate = store_of(batch)
        assert gate is not None
        before = dict(batch.state.tables["qlocal"])
        committed = gate.enter(batch)
        try:
            # The store answered with data; the batch session's tables are as they were.
            assert batch.state.tables["qlocal"] == before
            assert [type(c) for c in committed] == [Committed]
            (rows,) = committed
            assert rows.owner == "QMZ1" and not rows.group
            changed = {(c.table, c.key) for c in rows.changes}
            assert ("qlocal", "FROM.CONSOLE") in changed
            assert gate.enter(batch) == []  # entered already: nothing more
        finally:
            gate.leave(batch)
        # The engine applies what the gate hands back at the start of its next session.
        assert console.execute("DELETE QLOCAL(FROM.CONSOLE)").ok
        assert not batch.execute("DISPLAY QLOCAL(FROM.CONSOLE)").objects
    finally:
        console.close()
        batch.close()


def test_a_loaded_queue_manager_is_built_with_its_store_and_its_phase(tmp_path: Path) -> None:
    db = tmp_path / "qm.db"
    first = open_qmgr("QMZ1", state=db)
    assert first.execute("STOP QMGR").ok
    first.close()
    again = open_qmgr("QMZ1", state=db)
    try:
        assert store_of(again) is again.gate is not None
        assert again.phase.value == "STOPPED"  # from its stored status, by the engine
        assert again.collaborators.probes.connection("999999999.1") is False  # no such process
    finally:
        again.close()
    assert again.gate is None  # closed: let go of


def test_what_a_queue_manager_is_given_changes_only_through_attach() -> None:
    qm = QueueManager("QMA")
    for name in ("gate", "network", "vsam", "logcatalog", "modules", "owner_alive"):
        with pytest.raises(AttributeError):
            setattr(qm, name, None)
    assert qm.collaborators == Collaborators()

    class Catalog:
        def page_set_data_set(self, dsn: str) -> None:
            return None

    catalog = Catalog()
    qm.attach(replace(qm.collaborators, vsam=catalog))
    assert qm.vsam is catalog
    assert qm.copy().vsam is None  # a scratch copy reaches no job's catalog
