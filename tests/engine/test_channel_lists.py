"""COMPHDR and COMPMSG are lists in order of preference (IBM MQ "DEFINE CHANNEL" syntax
diagrams: COMPHDR( , NONE SYSTEM), COMPMSG( , NONE RLE ZLIBFAST ZLIBHIGH)); one value binds as
before, several as a list that DISPLAY, LIKE and the state keep; a bad list changes nothing."""

from __future__ import annotations

import pytest

from mqsc.engine.serial import digest
from tests.engine.conftest import fresh_qmz1

SENDER = "DEFINE CHANNEL(C1) CHLTYPE(SDR) TRPTYPE(TCP) CONNAME(X) XMITQ(Q)"


def shown(qm, name: str, attribute: str) -> object:
    (obj,) = qm.execute(f"DISPLAY CHANNEL({name}) {attribute}").objects
    return obj.get(attribute)


def test_a_list_is_kept_in_order_and_copied_by_like() -> None:
    qm = fresh_qmz1()
    assert qm.execute(f"{SENDER} COMPMSG(ZLIBFAST,RLE) COMPHDR(SYSTEM,NONE)").ok
    assert shown(qm, "C1", "COMPMSG") == ("ZLIBFAST", "RLE")
    assert shown(qm, "C1", "COMPHDR") == ("SYSTEM", "NONE")
    assert qm.execute("DEFINE CHANNEL(C2) CHLTYPE(SDR) LIKE(C1) CONNAME(Y) XMITQ(Q)").ok
    assert shown(qm, "C2", "COMPMSG") == ("ZLIBFAST", "RLE")


def test_one_value_binds_as_a_word() -> None:
    qm = fresh_qmz1()
    assert qm.execute(f"{SENDER} COMPMSG(RLE)").ok
    assert shown(qm, "C1", "COMPMSG") == "RLE"


@pytest.mark.parametrize(
    "value, message",
    [
        ("COMPMSG(RLE,ZLIBFAST,ZLIBHIGH,NONE,ANY)", "MQSC014E"),
        ("COMPHDR(SYSTEM,NONE,SYSTEM)", "MQSC014E"),
        ("COMPMSG(RLE,FAST)", "MQSC011E"),
    ],
)
def test_a_bad_list_changes_nothing(value: str, message: str) -> None:
    qm = fresh_qmz1()
    assert qm.execute(SENDER).ok
    before = digest(qm.state)
    result = qm.execute(f"ALTER CHANNEL(C1) CHLTYPE(SDR) {value}")
    assert not result.ok and message in result.message_ids
    assert digest(qm.state) == before


def test_exits_and_their_data_are_lists() -> None:
    # MSGEXIT( , string), MSGDATA( , string), RCVEXIT, SENDEXIT ... in the DEFINE CHANNEL
    # syntax diagrams.
    qm = fresh_qmz1()
    assert qm.execute(f"{SENDER} MSGEXIT(EXIT1,EXIT2) MSGDATA(D1,D2) RCVEXIT(R1)").ok
    assert shown(qm, "C1", "MSGEXIT") == ("EXIT1", "EXIT2")
    assert shown(qm, "C1", "MSGDATA") == ("D1", "D2")
    assert shown(qm, "C1", "RCVEXIT") == "R1"
    before = digest(qm.state)
    too_many = qm.execute("ALTER CHANNEL(C1) CHLTYPE(SDR) MSGEXIT(A,B,C,D,E,F,G,H,I)")
    too_long = qm.execute("ALTER CHANNEL(C1) CHLTYPE(SDR) SENDEXIT(E1,TOOLONGNAME)")
    assert "MQSC014E" in too_many.message_ids and "MQSC016E" in too_long.message_ids
    assert digest(qm.state) == before
