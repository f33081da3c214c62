"""CAPEXPRY on every queue type (IBM MQ 9.4 "ALTER queues", table 1; "CAPEXPRY is supported
from IBM MQ for z/OS 9.4.0", RC3389): NOLIMIT by default, or tenths of a second; a bad value
changes nothing."""

from __future__ import annotations

import pytest

from mqsc.engine.serial import digest
from tests.engine.conftest import fresh_qmz1


def capexpry(qm, queue: str) -> object:
    (obj,) = qm.execute(f"DISPLAY QUEUE({queue}) CAPEXPRY").objects
    return obj.get("CAPEXPRY")


@pytest.mark.parametrize(
    "define",
    [
        "DEFINE QLOCAL(CAP.Q) CAPEXPRY(600)",
        "DEFINE QALIAS(CAP.Q) TARGET(SYSTEM.DEFAULT.LOCAL.QUEUE) CAPEXPRY(600)",
        "DEFINE QREMOTE(CAP.Q) RNAME(A) RQMNAME(B) CAPEXPRY(600)",
        "DEFINE QMODEL(CAP.Q) CAPEXPRY(600)",
    ],
)
def test_every_queue_type_keeps_capexpry(define: str) -> None:
    qm = fresh_qmz1()
    assert qm.execute(define).ok
    assert capexpry(qm, "CAP.Q") == 600
    qtype = define.split()[1].split("(")[0]
    assert qm.execute(f"ALTER {qtype}(CAP.Q) CAPEXPRY(NOLIMIT)").ok
    assert capexpry(qm, "CAP.Q") == "NOLIMIT"


def test_the_default_is_nolimit_and_like_copies_it() -> None:
    qm = fresh_qmz1()
    assert qm.execute("DEFINE QLOCAL(PLAIN)").ok
    assert capexpry(qm, "PLAIN") == "NOLIMIT"
    assert qm.execute("DEFINE QLOCAL(CAPPED) CAPEXPRY(50)").ok
    assert qm.execute("DEFINE QLOCAL(COPY) LIKE(CAPPED)").ok
    assert capexpry(qm, "COPY") == 50


@pytest.mark.parametrize(
    "command, message",
    [
        ("ALTER QLOCAL(CAPPED) CAPEXPRY(0)", "MQSC592E"),
        ("ALTER QLOCAL(CAPPED) CAPEXPRY(1000000000)", "MQSC592E"),
        ("ALTER QLOCAL(CAPPED) CAPEXPRY(FOREVER)", "MQSC011E"),
        ("ALTER QLOCAL(CAPPED) CAPEXPRY('NOLIMIT')", "MQSC011E"),
    ],
)
def test_a_bad_value_changes_nothing(command: str, message: str) -> None:
    qm = fresh_qmz1()
    assert qm.execute("DEFINE QLOCAL(CAPPED) CAPEXPRY(50)").ok
    before = digest(qm.state)
    result = qm.execute(command)
    assert not result.ok and message in result.message_ids
    assert digest(qm.state) == before


def test_where_compares_numbers_and_nolimit() -> None:
    qm = fresh_qmz1()
    for command in (
        "DEFINE QLOCAL(C.50) CAPEXPRY(50)",
        "DEFINE QLOCAL(C.900) CAPEXPRY(900)",
        "DEFINE QLOCAL(C.NONE)",
    ):
        assert qm.execute(command).ok

    def names(where: str) -> list[str]:
        result = qm.execute(f"DISPLAY QLOCAL(C.*) WHERE({where})")
        return [str(o.get("QUEUE")) for o in result.objects]

    assert names("CAPEXPRY GT 100") == ["C.900"]
    assert names("CAPEXPRY NE 50") == ["C.900", "C.NONE"]
    assert names("CAPEXPRY EQ NOLIMIT") == ["C.NONE"]


def test_topics_take_capexpry_asparent_by_default() -> None:
    # "limit the expiry time of any message put to a queue or topic" (IBM MQ 9.4 "CAPEXPRY:
    # Limit message expiry time").
    qm = fresh_qmz1()
    assert qm.execute("DEFINE TOPIC(T1) TOPICSTR('a/b') CAPEXPRY(100)").ok
    assert qm.execute("DEFINE TOPIC(T2) TOPICSTR('a/c')").ok

    def topic(name: str) -> object:
        (obj,) = qm.execute(f"DISPLAY TOPIC({name}) CAPEXPRY").objects
        return obj.get("CAPEXPRY")

    assert (topic("T1"), topic("T2")) == (100, "ASPARENT")
    assert qm.execute("ALTER TOPIC(T1) CAPEXPRY(NOLIMIT)").ok
    assert topic("T1") == "NOLIMIT"
    before = digest(qm.state)
    assert "MQSC011E" in qm.execute("ALTER TOPIC(T1) CAPEXPRY(SOMETIME)").message_ids
    assert digest(qm.state) == before
