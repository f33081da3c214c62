"""Triggering of application queues (mqsc/engine/triggers.py): the trigger-type conditions,
trigger monitors, and the trigger messages on the initiation queue."""

from __future__ import annotations

import pytest

from mqsc.catalog import Source
from mqsc.engine.objects import Attributes, MQObject
from mqsc.engine.triggers import MQTM_LENGTH, fired
from mqsc.render.workload import summary_json
from tests.engine.conftest import fresh_minimal


def queue(**attrs) -> MQObject:
    values = {"TRIGGER": True, "TRIGTYPE": "FIRST", "TRIGDPTH": 1, "TRIGMPRI": 0, **attrs}
    return MQObject("QLOCAL", "Q", Attributes.profile(values), "", "")


@pytest.mark.parametrize(("attrs", "before", "priority", "put", "expected"), [
    ({"TRIGTYPE": "FIRST"}, 0, 0, 5, 1),     # zero before: one trigger message
    ({"TRIGTYPE": "FIRST"}, 1, 0, 5, 0),
    ({"TRIGTYPE": "EVERY"}, 7, 0, 3, 3),     # one per message
    ({"TRIGTYPE": "DEPTH", "TRIGDPTH": 3}, 1, 0, 1, 0),
    ({"TRIGTYPE": "DEPTH", "TRIGDPTH": 3}, 1, 0, 2, 1),   # reaches TRIGDPTH
    ({"TRIGTYPE": "DEPTH", "TRIGDPTH": 3}, 3, 0, 2, 0),   # already past it
    ({"TRIGTYPE": "EVERY", "TRIGMPRI": 5}, 0, 4, 2, 0),   # below TRIGMPRI: not counted
    ({"TRIGTYPE": "EVERY", "TRIGMPRI": 5}, 0, 5, 2, 2),
    ({"TRIGTYPE": "NONE"}, 0, 0, 1, 0),
])
def test_trigger_type_conditions(attrs, before, priority, put, expected) -> None:
    assert fired(queue(**attrs), before, priority, put) == expected


def triggered():
    qm = fresh_minimal()
    for text in ("DEFINE QLOCAL(INITQ)", "DEFINE PROCESS(P) APPLICID('TRAN') ENVRDATA('env')",
                 "DEFINE QLOCAL(APP) TRIGGER TRIGTYPE(EVERY) INITQ(INITQ) PROCESS(P) "
                 "TRIGDATA('td')"):
        assert qm.execute(text).ok, text
    return qm


def depth(qm, name: str) -> int:
    store = qm.state.tables["messages"].get(name)
    return store.depth if store is not None else 0


def test_no_trigger_message_without_a_monitor() -> None:
    qm = triggered()
    out = qm.put("APP", 2, 100)
    assert out.done == 2 and out.triggers == () and depth(qm, "INITQ") == 0


def test_trigger_messages_are_nonpersistent_mqtms_on_the_initiation_queue() -> None:
    qm = triggered()
    assert qm.trigger_monitor("INITQ").reason == 0
    out = qm.put("APP", 2, 100, persistent=True)
    assert len(out.triggers) == 2 and depth(qm, "INITQ") == 2
    (run,) = qm.state.tables["messages"]["INITQ"].runs
    assert (run.size, run.persistent) == (MQTM_LENGTH, False)
    trigger = summary_json(out, qm.name, qm.cpf)["triggers"][0]
    assert trigger == {"initq": "INITQ", "queue": "APP", "process": "P", "trigData": "td",
                       "applType": "CICS", "applId": "TRAN", "envData": "env", "userData": ""}


def test_a_restart_ends_the_monitors() -> None:
    qm = triggered()
    assert qm.trigger_monitor("INITQ").reason == 0
    assert qm.execute("STOP QMGR", source=Source.CONSOLE).ok
    assert qm.execute("START QMGR", source=Source.CONSOLE).ok
    assert qm.put("APP", 1, 100).triggers == ()
    (status,) = qm.execute("DISPLAY QSTATUS(INITQ) IPPROCS").objects
    assert status.get("IPPROCS") == 0


def test_a_monitored_initiation_queue_cannot_be_deleted() -> None:
    qm = triggered()
    assert qm.trigger_monitor("INITQ").reason == 0
    before = qm.digest()
    refused = qm.execute("DELETE QLOCAL(INITQ)")
    assert not refused.ok and "CSQM101I" in refused.message_ids
    assert qm.digest() == before
    assert qm.trigger_monitor("INITQ", start=False).reason == 0
    assert qm.execute("DELETE QLOCAL(INITQ)").ok


def test_an_initiation_queue_that_cannot_take_it_gets_none() -> None:
    qm = triggered()
    assert qm.execute("ALTER QLOCAL(INITQ) PUT(DISABLED)").ok
    assert qm.trigger_monitor("INITQ").reason == 0
    out = qm.put("APP", 1, 100)
    assert (out.done, out.reason, out.triggers) == (1, 0, ())
    assert qm.trigger_monitor("NOSUCH").reason == 2085


def test_move_qlocal_triggers_its_target() -> None:
    # IBM "MOVE QLOCAL on z/OS": trigger messages are produced when the moved messages commit.
    qm = triggered()
    assert qm.execute("DEFINE QLOCAL(SRC)").ok
    assert qm.put("SRC", 3, 100).done == 3
    assert qm.trigger_monitor("INITQ").reason == 0
    assert qm.execute("MOVE QLOCAL(SRC) TOQLOCAL(APP)").ok
    assert depth(qm, "APP") == 3 and depth(qm, "INITQ") == 3  # EVERY: one per message
