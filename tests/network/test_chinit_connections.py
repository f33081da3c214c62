"""The channel initiator and its channels as connections (mqsc/engine/connregistry.py): START
CHINIT connects the CHIN address space, a running channel's MCA has a connection with CHANNEL
and CONNAME and its handles (a sender's on its transmission queue, a receiver's on the queues
it puts to), DISPLAY CONN, DISPLAY QSTATUS TYPE(HANDLE) and IPPROCS/OPPROCS agree, and the
connections end with the channel, STOP CHINIT and STOP QMGR."""

from __future__ import annotations

from mqsc.catalog import CommandSource
from tests.network.test_network import set_up
from tests.network.test_network_golden import pair


def console(qm, text: str):
    result = qm.execute(text, source=CommandSource.CONSOLE)
    assert result.ok, (text, result.message_ids)
    return result


def conns(qm) -> list:
    return [o for o in console(qm, "DISPLAY CONN(*) TYPE(CONN) ALL").objects]


def test_start_chinit_connects_the_channel_initiator_and_stop_ends_it() -> None:
    qmgrs, _ = pair()
    qm = qmgrs["QMZ1"]
    assert not [c for c in qm.connections() if c.appltype == "CHINIT"]
    console(qm, "START CHINIT")
    [conn] = conns(qm)
    assert (conn.get("APPLTAG"), conn.get("APPLTYPE"), conn.get("USERID")) == (
        "QMZ1CHIN",
        "CHINIT",
        "QMZ1CHIN",
    )
    assert conn.get("CHANNEL") == "" and conn.get("ASID")
    [thread] = console(qm, "DISPLAY THREAD(QMZ1CHIN)").records[1].rows
    assert thread.kind == "CHINIT"
    console(qm, "STOP CHINIT")
    assert not [c for c in qm.connections() if c.appltype == "CHINIT"]
    console(qm, "START CHINIT")
    console(qm, "STOP QMGR")
    console(qm, "START QMGR")
    assert not qm.connections()


def test_running_channels_are_connections_with_their_handles() -> None:
    qmgrs, _ = pair()
    set_up(qmgrs)
    qmz1, qmz2 = qmgrs["QMZ1"], qmgrs["QMZ2"]
    console(qmz1, "START CHANNEL(QMZ1.TO.QMZ2)")
    assert qmz1.put("PAY.OUT", 3, 100).done == 3
    assert sum(r.count for r in qmz2.queued("PAY.IN")) == 3
    # The sender: a thread of QMZ1's channel initiator, holding its transmission queue.
    sender = [o for o in conns(qmz1) if o.get("CHANNEL") == "QMZ1.TO.QMZ2"]
    [chin] = [o for o in conns(qmz1) if not o.get("CHANNEL")]
    assert len(sender) == 1
    assert (sender[0].get("APPLTAG"), sender[0].get("APPLTYPE"), sender[0].get("CONNAME")) == (
        "QMZ1CHIN",
        "CHINIT",
        "b(1415)",
    )
    assert sender[0].get("ASID") == chin.get("ASID")  # the same address space
    [handle] = console(qmz1, "DISPLAY QSTATUS(QMZ2) TYPE(HANDLE) ALL").objects
    assert (handle.get("APPLTAG"), handle.get("CHANNEL"), handle.get("INPUT")) == (
        "QMZ1CHIN",
        "QMZ1.TO.QMZ2",
        "EXCL",
    )
    [status] = console(qmz1, "DISPLAY QSTATUS(QMZ2) IPPROCS").objects
    assert status.get("IPPROCS") == 1  # "the channel is running", as operators read it
    # The receiver: holds the queue it put to open for output, counted in OPPROCS.
    [receiver] = [o for o in conns(qmz2) if o.get("CHANNEL") == "QMZ1.TO.QMZ2"]
    handles = console(qmz2, "DISPLAY CONN(*) TYPE(HANDLE) ALL").objects
    assert [(h.get("CONN"), h.get("OBJNAME")) for h in handles] == [
        (receiver.get("CONN"), "PAY.IN")
    ]
    [status] = console(qmz2, "DISPLAY QSTATUS(PAY.IN) OPPROCS").objects
    assert status.get("OPPROCS") == 1
    [record] = [c for c in qmz2.connections() if c.channel == "QMZ1.TO.QMZ2"]
    assert record.activity_on("PAY.IN").puts == 3
    # An open queue is in use: DELETE waits for the channel to stop.
    refused = qmz2.execute("DELETE QLOCAL(PAY.IN) PURGE")
    assert not refused.ok and "MQSC501E" in refused.message_ids
    console(qmz1, "STOP CHANNEL(QMZ1.TO.QMZ2)")
    assert not [c for c in qmz1.connections() if c.channel]
    assert not [c for c in qmz2.connections() if c.channel]
    assert qmz2.execute("DELETE QLOCAL(PAY.IN) PURGE").ok


def test_stop_chinit_ends_the_channels_connections() -> None:
    qmgrs, _ = pair()
    set_up(qmgrs)
    qmz1 = qmgrs["QMZ1"]
    console(qmz1, "START CHANNEL(QMZ1.TO.QMZ2)")
    assert len([c for c in qmz1.connections() if c.appltype == "CHINIT"]) == 2
    console(qmz1, "STOP CHINIT")
    assert not [c for c in qmz1.connections() if c.appltype == "CHINIT"]
    [status] = console(qmz1, "DISPLAY QSTATUS(QMZ2) IPPROCS").objects
    assert status.get("IPPROCS") == 0
