"""The trace table: numbers, matching, start-up traces, and bad input that changes nothing
(the deck tests/golden/engine/trace.mqsc shows the replies)."""

from __future__ import annotations

import pytest

from mqsc.catalog import CommandSource
from mqsc.engine.serial import digest
from tests.engine.conftest import fresh_qmz1


def _table(qm) -> list[tuple[int, str, tuple[int, ...]]]:
    table = qm.state.tables["trace"][None]
    return [(t.tno, t.ttype, t.classes) for t in table.traces]


def test_tracstr_starts_the_global_trace_and_numbers_fill_gaps() -> None:
    qm = fresh_qmz1()
    assert _table(qm) == [(1, "GLOBAL", (1,))]
    for text in (
        "START TRACE(STAT)",
        "START TRACE(A) CLASS(1,3)",
        "STOP TRACE(S)",
        "START TRACE(STAT) CLASS(*)",
    ):
        assert qm.execute(text).ok, text
    assert _table(qm) == [(1, "GLOBAL", (1,)), (2, "STAT", (1, 2, 3, 4, 5)), (3, "ACCTG", (1, 3))]


def test_traces_end_with_the_queue_manager() -> None:
    qm = fresh_qmz1()
    assert qm.execute("START TRACE(STAT)").ok
    assert qm.execute("STOP QMGR", source=CommandSource.CONSOLE).ok
    assert qm.execute("START QMGR", source=CommandSource.CONSOLE).ok
    assert _table(qm) == [(1, "GLOBAL", (1,))]


def test_csqinp1_may_start_traces_but_not_the_chinit_one() -> None:
    from mqsc.engine.manager import QueueManager

    qm = QueueManager.create(
        "QMA",
        csqinp1=[
            "DEFINE PSID(00) BUFFPOOL(0)",
            "START TRACE(STAT) CLASS(1,2)",
            "START TRACE(CHINIT)",
        ],
    )
    assert [r.ok for r in qm.start_results[-2:]] == [True, False]
    assert _table(qm) == [(1, "GLOBAL", (1,)), (2, "STAT", (1, 2))]


def test_the_system_parameters_start_traces_at_start_up() -> None:
    """TRACSTR, SMFSTAT and SMFACCT of the module (CSQ6SYSP) start their traces before CSQINP1
    (NO none, YES class 1, * every class, or a list)."""
    from mqsc.engine.manager import QueueManager

    qm = QueueManager.create(
        "QMA",
        csqinp1=["DEFINE PSID(00) BUFFPOOL(0)"],
        parameters={"TRACSTR": "NO", "SMFSTAT": "*", "SMFACCT": (1, 3)},
    )
    assert _table(qm) == [(1, "STAT", (1, 2, 3, 4, 5)), (2, "ACCTG", (1, 3))]


@pytest.mark.parametrize(
    "text",
    [
        "START TRACE(STAT) CLASS(99)",
        "START TRACE(STAT) DEST(GTF)",
        "START TRACE(A) RMID(4)",
        "STOP TRACE(S) TNO(5)",
        "ALTER TRACE(G) TNO(9) CLASS(2)",
        "START TRACE(G) CLASS(0:9)",
        "START TRACE(G) RMID(4,4)",
        "START TRACE(CHINIT)",
        "START TRACE(G) CLASS(1)",
    ],
)
def test_bad_input_changes_nothing(text: str) -> None:
    qm = fresh_qmz1()
    before = digest(qm.state)
    result = qm.execute(text)
    assert not result.ok and result.message_ids[0][:6] in ("MQSC67", "MQSC68")
    assert digest(qm.state) == before


def test_the_trace_table_is_32_long() -> None:
    qm = fresh_qmz1()
    for n in range(31):
        assert qm.execute(f"START TRACE(G) CLASS(2) USERID(U{n})").ok
    result = qm.execute("START TRACE(G) CLASS(3)")
    assert result.message_ids[0] == "MQSC680E"
