"""The simulated channel initiator on one queue manager (mqsc/engine/channelstate.py): its state,
the commands that fail without changing it, and the transmission header of remote puts."""

from __future__ import annotations

import pytest

from mqsc.catalog import CommandSource
from mqsc.engine.serial import digest
from tests.engine.conftest import fresh_qmz1


def run(qm, text: str):
    return qm.execute(text, source=CommandSource.CONSOLE)


def ids(result) -> list[str]:
    return [m.msg_id for m in result.messages()]


def test_start_chinit_makes_it_active_and_stop_ends_it() -> None:
    qm = fresh_qmz1()
    assert run(qm, "START CHINIT").ok
    assert qm.info.chinit.active
    assert "MQSC360I" in ids(run(qm, "DISPLAY CHINIT"))
    assert run(qm, "START LISTENER PORT(1415)").ok
    assert qm.info.chinit.listeners == (1415,)
    assert run(qm, "STOP CHINIT").ok
    assert not qm.info.chinit.active and not qm.info.chinit.listeners
    assert ids(run(qm, "DISPLAY CHINIT"))[0] == "CSQM131I"


@pytest.mark.parametrize(
    "text",
    [
        "START CHINIT",
        "START LISTENER PORT(1415)",
        "START LISTENER TRPTYPE(LU62)",
        "STOP LISTENER PORT(1500)",
        "START CHANNEL(NO.SUCH)",
        "STOP CHANNEL(NO.SUCH)",
        "START CHANNEL(SYSTEM.DEF.SVRCONN)",
    ],
)
def test_refused_channel_initiator_commands_change_nothing(text: str) -> None:
    qm = fresh_qmz1()
    run(qm, "START CHINIT")
    run(qm, "START LISTENER PORT(1415)")
    run(qm, "DEFINE CHANNEL(SYSTEM.DEF.SVRCONN) CHLTYPE(SVRCONN) REPLACE")
    before = digest(qm.state)
    result = run(qm, text)
    assert not result.ok
    assert digest(qm.state) == before


def test_a_sender_with_no_network_retries() -> None:
    qm = fresh_qmz1()
    run(qm, "START CHINIT")
    run(qm, "DEFINE QLOCAL(XQ) USAGE(XMITQ)")
    run(qm, "DEFINE CHANNEL(A.TO.B) CHLTYPE(SDR) TRPTYPE(TCP) CONNAME('b(1415)') XMITQ(XQ)")
    result = run(qm, "START CHANNEL(A.TO.B)")
    assert result.ok and "MQSC330I" in ids(result)
    [status] = run(qm, "DISPLAY CHSTATUS(A.TO.B)").objects
    assert status.get("STATUS") == "RETRYING"


def test_stop_qmgr_stops_the_channel_initiator_but_keeps_stopped_channels() -> None:
    qm = fresh_qmz1()
    run(qm, "START CHINIT")
    run(qm, "START LISTENER PORT(1415)")
    run(qm, "DEFINE CHANNEL(A.TO.B) CHLTYPE(RCVR) TRPTYPE(TCP)")
    run(qm, "STOP CHANNEL(A.TO.B)")
    run(qm, "STOP QMGR")
    run(qm, "START QMGR")
    assert not qm.info.chinit.active and not qm.info.chinit.listeners
    assert qm.info.chinit.statuses["A.TO.B"].status == "STOPPED"


def test_a_remote_put_carries_its_transmission_header() -> None:
    qm = fresh_qmz1()
    run(qm, "DEFINE QLOCAL(QMZ2) USAGE(XMITQ)")
    run(qm, "DEFINE QREMOTE(PAY.OUT) RNAME(PAY.IN) RQMNAME(QMZ2) XMITQ(QMZ2)")
    run(qm, "DEFINE QALIAS(PAY.ALIAS) TARGET(PAY.OUT)")
    assert qm.put("PAY.OUT", 3, 100).done == 3
    assert qm.put("PAY.ALIAS", 2, 100).done == 2
    store = qm.state.tables["messages"]["QMZ2"]
    assert [(r.count, r.dest) for r in store.runs] == [(5, "QMZ2 PAY.IN")]
    # The header survives a restart with the persistent messages it belongs to.
    qm.put("PAY.OUT", 4, 100, persistent=True)
    run(qm, "STOP QMGR")
    run(qm, "START QMGR")
    store = qm.state.tables["messages"]["QMZ2"]
    assert [(r.count, r.dest) for r in store.runs] == [(4, "QMZ2 PAY.IN")]
