"""Triggering of application queues (mqsc/engine/messaging/triggers.py): the trigger-type
conditions,
trigger monitors, and the trigger messages on the initiation queue."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mqsc.catalog import CommandSource
from mqsc.engine.collaborators import Probes
from mqsc.engine.messaging.triggers import MQTM_LENGTH, fired
from mqsc.engine.mqobjects import Attributes, MQObject
from mqsc.render.workload import summary_json
from tests.engine.conftest import fresh_minimal


def queue(**attrs) -> MQObject:
    values = {"TRIGGER": True, "TRIGTYPE": "FIRST", "TRIGDPTH": 1, "TRIGMPRI": 0, **attrs}
    return MQObject("QLOCAL", "Q", Attributes.profile(values), "", "")


@pytest.mark.parametrize(
    ("attrs", "before", "priority", "put", "expected"),
    [
        ({"TRIGTYPE": "FIRST"}, 0, 0, 5, 1),  # zero before: one trigger message
        ({"TRIGTYPE": "FIRST"}, 1, 0, 5, 0),
        ({"TRIGTYPE": "EVERY"}, 7, 0, 3, 3),  # one per message
        ({"TRIGTYPE": "DEPTH", "TRIGDPTH": 3}, 1, 0, 1, 0),
        ({"TRIGTYPE": "DEPTH", "TRIGDPTH": 3}, 1, 0, 2, 1),  # reaches TRIGDPTH
        ({"TRIGTYPE": "DEPTH", "TRIGDPTH": 3}, 3, 0, 2, 0),  # already past it
        ({"TRIGTYPE": "EVERY", "TRIGMPRI": 5}, 0, 4, 2, 0),  # below TRIGMPRI: not counted
        ({"TRIGTYPE": "EVERY", "TRIGMPRI": 5}, 0, 5, 2, 2),
        ({"TRIGTYPE": "NONE"}, 0, 0, 1, 0),
    ],
)
def test_trigger_type_conditions(attrs, before, priority, put, expected) -> None:
    assert fired(queue(**attrs), before, priority, put) == expected


def triggered():
    qm = fresh_minimal()
    for text in (
        "DEFINE QLOCAL(INITQ)",
        "DEFINE PROCESS(P) APPLICID('TRAN') ENVRDATA('env')",
        "DEFINE QLOCAL(APP) TRIGGER TRIGTYPE(EVERY) INITQ(INITQ) PROCESS(P) TRIGDATA('td')",
    ):
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
    assert trigger == {
        "initq": "INITQ",
        "queue": "APP",
        "process": "P",
        "trigData": "td",
        "applType": "CICS",
        "applId": "TRAN",
        "envData": "env",
        "userData": "",
    }


def test_a_restart_ends_the_monitors() -> None:
    qm = triggered()
    assert qm.trigger_monitor("INITQ").reason == 0
    assert qm.execute("STOP QMGR", source=CommandSource.CONSOLE).ok
    assert qm.execute("START QMGR", source=CommandSource.CONSOLE).ok
    assert qm.put("APP", 1, 100).triggers == ()
    (status,) = qm.execute("DISPLAY QSTATUS(INITQ) IPPROCS").objects
    assert status.get("IPPROCS") == 0


def test_a_monitored_initiation_queue_cannot_be_deleted() -> None:
    qm = triggered()
    assert qm.trigger_monitor("INITQ").reason == 0
    before = qm.digest()
    refused = qm.execute("DELETE QLOCAL(INITQ)")
    assert not refused.ok and "MQSC501E" in refused.message_ids
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


def test_a_monitor_whose_thread_has_ended_holds_nothing() -> None:
    import threading

    qm = triggered()
    opened = []
    worker = threading.Thread(target=lambda: opened.append(qm.trigger_monitor("INITQ")))
    worker.start()
    worker.join()
    assert opened[0].reason == 0
    # MQ closes a connection's handles when it ends: the initiation queue is free again.
    assert qm.execute("DELETE QLOCAL(INITQ)").ok


def monitors_on(qm, queue: str) -> list[str]:
    """The owners of the connections holding ``queue`` open (trigger monitors)."""
    return [c.owner for c in qm.connections() for h in c.handles if h.objname == queue and h.input]


def test_a_monitor_of_a_process_that_has_gone_holds_nothing() -> None:
    import subprocess
    import sys

    from mqsc.store.lease import handle_owner_alive

    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    qm = triggered()
    # Owners in other processes exist when a state store shares the queue manager between
    # processes: the store gives it its process probe (the engine probes none).
    qm.attach(replace(qm.collaborators, probes=Probes(handle=handle_owner_alive)))
    assert qm.trigger_monitor("INITQ", owner=f"{child.stdout.strip()}:1").reason == 0
    assert qm.put("APP", 1, 100).triggers == ()  # nobody serves INITQ
    assert qm.trigger_monitor("INITQ").reason == 0
    assert monitors_on(qm, "INITQ") == [thread_owner()]  # the dead one ended abnormally
    assert not qm.execute("DELETE QLOCAL(INITQ)").ok  # this thread's monitor holds it


def thread_owner() -> str:
    from mqsc.support.liveness import thread_owner

    return thread_owner()


def test_only_the_owner_closes_its_monitor() -> None:
    qm = triggered()
    assert qm.trigger_monitor("INITQ").reason == 0
    assert qm.trigger_monitor("INITQ", start=False, owner="1:1").reason == 0
    assert not qm.execute("DELETE QLOCAL(INITQ)").ok  # still held by this thread
    assert qm.trigger_monitor("INITQ", start=False).reason == 0
    assert qm.execute("DELETE QLOCAL(INITQ)").ok


def test_a_monitor_is_a_connection_with_a_handle_on_its_initiation_queue() -> None:
    qm = triggered()
    assert qm.trigger_monitor("INITQ", appltag="CICSA", userid="CICSUSR").reason == 0
    [conn] = qm.execute("DISPLAY CONN(*) TYPE(CONN) ALL").objects
    assert (conn.get("APPLTAG"), conn.get("APPLTYPE"), conn.get("USERID")) == (
        "CICSA",
        "CICS",
        "CICSUSR",
    )
    [handle] = qm.execute("DISPLAY QSTATUS(INITQ) TYPE(HANDLE) ALL").objects
    assert (handle.get("APPLTAG"), handle.get("INPUT")) == ("CICSA", "SHARED")
    [status] = qm.execute("DISPLAY QSTATUS(INITQ) IPPROCS").objects
    assert status.get("IPPROCS") == 1
    # Any program holding the initiation queue for input serves it, as IBM's condition says.
    assert qm.trigger_monitor("INITQ", start=False).reason == 0
    with qm.connection("MYMON") as conn:
        conn.open("INITQ", ("MQOO_INPUT_SHARED",))
        assert len(qm.put("APP", 1, 100).triggers) == 1
