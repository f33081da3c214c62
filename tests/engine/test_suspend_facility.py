"""SUSPEND / RESUME QMGR FACILITY(DB2 | IMSBRIDGE) (mqsc/engine/system.py): Db2 is a queue
sharing group's shared repository; while suspended, group objects and shared queue definitions
cannot change; outside a group, or for the IMS bridge mqsc does not have, the command fails
and nothing changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from mqsc.catalog import CommandSource
from mqsc.cli.run import render
from mqsc.engine.manager import QueueManager
from tests.engine.conftest import MINIMAL_CSQINP1, MINIMAL_CSQINP2, clock, fresh_minimal


def member() -> QueueManager:
    return QueueManager.create(
        "QMA", qsg="QSG1", csqinp1=MINIMAL_CSQINP1, csqinp2=MINIMAL_CSQINP2, clock=clock
    )


def test_suspended_db2_refuses_group_changes_until_resumed() -> None:
    qm = member()
    assert qm.execute("SUSPEND QMGR FACILITY(DB2)").message_ids[0] == "MQSC377I"
    before = qm.digest()
    refused = qm.execute("DEFINE QLOCAL(G1) QSGDISP(GROUP)")
    assert not refused.ok and refused.message_ids[0] == "MQSC379E"
    assert qm.digest() == before
    assert qm.execute("DEFINE QLOCAL(P1)").ok  # private objects are page set 0's
    again = qm.execute("SUSPEND QMGR FACILITY(DB2)")
    assert not again.ok and again.message_ids[0] == "MQSC376E"
    assert qm.execute("RESUME QMGR FACILITY(DB2)").message_ids[0] == "MQSC378I"
    assert qm.execute("DEFINE QLOCAL(G1) QSGDISP(GROUP)").ok


def test_db2_needs_a_group_and_the_ims_bridge_is_not_there() -> None:
    qm = fresh_minimal()
    before = qm.digest()
    for command, msg_id in (
        ("SUSPEND QMGR FACILITY(DB2)", "MQSC375E"),
        ("RESUME QMGR FACILITY(DB2)", "MQSC375E"),
        ("SUSPEND QMGR FACILITY(IMSBRIDGE)", "MQSC380E"),
        ("RESUME QMGR FACILITY(IMSBRIDGE)", "MQSC380E"),
    ):
        result = qm.execute(command)
        assert not result.ok and result.message_ids[0] == msg_id, command
    assert qm.digest() == before


GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "connections"


@pytest.mark.parametrize("style", ["console", "server"])
def test_golden_replies(style: str, golden) -> None:
    out = []
    for qm, command in ((member(), "SUSPEND QMGR FACILITY(DB2)"),):
        for text in (
            command,
            "SUSPEND QMGR FACILITY(DB2)",
            "DEFINE QLOCAL(G1) QSGDISP(GROUP)",
            "RESUME QMGR FACILITY(DB2)",
            "RESUME QMGR FACILITY(DB2)",
            "SUSPEND QMGR FACILITY(IMSBRIDGE)",
        ):
            out.append(render(qm.execute(text, source=CommandSource.CONSOLE), "text", style))
    out.append(
        render(
            fresh_minimal().execute("SUSPEND QMGR FACILITY(DB2)", source=CommandSource.CONSOLE),
            "text",
            style,
        )
    )
    golden(GOLDEN / f"suspend-facility.{style}.txt", "".join(out))
