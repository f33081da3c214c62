"""The console messages of page sets that cannot grow, and of an engine failure, end to end:
too long for a golden file (119 extents) or impossible to provoke from a deck, so proved here.
"""

from __future__ import annotations

import dataclasses

import pytest

from mqsc.catalog import mqrc
from mqsc.engine.config import PageSetGeometry
from mqsc.engine.storage import constants
from mqsc.language.diagnostics import MqscError
from mqsc.language.pipeline import parse_one
from tests.engine.conftest import fresh_qmz1


def test_a_page_set_stops_at_its_last_extent_with_csqp016e() -> None:
    qm = fresh_qmz1()
    qm.config = dataclasses.replace(qm.config, overrides={25: PageSetGeometry(100, 10)})
    for text in (
        "DEFINE PSID(25) BUFFPOOL(1) DSN(MQ.QMZ1.PSID25)",
        "DEFINE STGCLASS(EXT) PSID(25)",
        "DEFINE QLOCAL(EXT.Q) STGCLASS(EXT) MAXDEPTH(999999999)",
    ):
        assert qm.execute(text).ok
    outcome = qm.put("EXT.Q", 100_000, 4000, persistent=True)
    ids = [m.msg_id for m in outcome.messages]
    assert outcome.reason == mqrc.MQRC_STORAGE_MEDIUM_FULL
    # One extent is the primary allocation: 118 expansions, then the refusal.
    assert ids == ["MQSC613I", "MQSC731I"] * (constants.MAX_EXTENTS - 1) + ["MQSC616E"]
    ps = qm.state.tables["pageset"][25]
    assert (ps.extents, ps.noexpand) == (constants.MAX_EXTENTS, True)
    assert qm.put("EXT.Q", 1000, 4000).messages == ()  # no further attempt, no new message


def test_page_set_0_full_refuses_a_define_with_csqp039e_and_changes_nothing() -> None:
    qm = fresh_qmz1()
    assert qm.execute("ALTER PSID(00) EXPAND(NONE)").ok
    for i in range(20_000):
        result = qm.execute(f"DEFINE QLOCAL(FILL.{i:05d})")
        if not result.ok:
            break
    else:
        pytest.fail("page set 0 never filled")
    assert result.message_ids == ("MQSC639E", "CSQ9023E")
    before = qm.digest()
    assert qm.execute("DEFINE QLOCAL(ONE.MORE)").message_ids == ("MQSC639E", "CSQ9023E")
    assert qm.digest() == before
    assert qm.execute(f"DELETE QLOCAL(FILL.{i - 1:05d})").ok  # room again after a DELETE
    assert qm.execute("DEFINE QLOCAL(ONE.MORE)").ok


def test_an_engine_bug_answers_csq9017e_and_changes_nothing() -> None:
    qm = fresh_qmz1()
    qm.strict = False  # an engine bug is answered as z/OS answers it, not raised

    def broken(ctx) -> None:
        ctx.txn.put("qlocal", "HALF.DONE", ctx.txn.get("qlocal", "SYSTEM.DEFAULT.LOCAL.QUEUE"))
        raise ZeroDivisionError("a bug")

    qm.handlers = {**qm.handlers, ("DEFINE", "QLOCAL"): broken}
    before = qm.digest()
    result = qm.execute("DEFINE QLOCAL(A)")
    assert result.message_ids == ("MQSC017E", "CSQ9023E") and not result.ok
    assert qm.digest() == before and "HALF.DONE" not in qm.state.tables["qlocal"]


def test_parse_one_wants_exactly_one_command() -> None:
    for text in ("", "DIS QMGR\nDIS QMGR"):
        with pytest.raises(MqscError) as caught:
            parse_one(text)
        assert caught.value.diagnostics[0].msg_id == "MQSC006E"
