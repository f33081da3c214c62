"""Alias, remote and model queues: one name space, and puts and gets resolved through them
(IBM MQ for z/OS "DEFINE QALIAS", "DEFINE QREMOTE", "Working with remote queues")."""

from __future__ import annotations

import pytest

from mqsc.catalog.mqrc import (
    MQRC_ALIAS_BASE_Q_TYPE_ERROR,
    MQRC_GET_INHIBITED,
    MQRC_NO_MSG_AVAILABLE,
    MQRC_OPTION_NOT_VALID_FOR_TYPE,
    MQRC_PERSISTENT_NOT_ALLOWED,
    MQRC_PUT_INHIBITED,
    MQRC_UNKNOWN_ALIAS_BASE_Q,
    MQRC_UNKNOWN_REMOTE_Q_MGR,
    MQRC_XMIT_Q_USAGE_ERROR,
)
from tests.engine.conftest import fresh_qmz1


def run(qm, *commands: str) -> None:
    for command in commands:
        result = qm.execute(command)
        assert result.ok, (command, result.message_ids)


def depth(qm, queue: str) -> int:
    result = qm.execute(f"DISPLAY QLOCAL({queue}) CURDEPTH")
    return dict(result.objects[0].attrs)["CURDEPTH"]


def test_put_to_an_alias_lands_on_its_target_and_get_reads_it_back() -> None:
    qm = fresh_qmz1()
    run(qm, "DEFINE QLOCAL(PAY.IN)", "DEFINE QALIAS(PAY.A) TARGET(PAY.IN)")
    put = qm.put("PAY.A", 5, 1000)
    assert (put.done, put.reason, put.queue) == (5, 0, "PAY.A")
    assert depth(qm, "PAY.IN") == 5
    got = qm.get("PAY.A", 2)
    assert (got.done, got.reason) == (2, 0)
    assert depth(qm, "PAY.IN") == 3


def test_an_alias_whose_target_is_missing_is_defined_but_cannot_be_opened() -> None:
    qm = fresh_qmz1()
    run(qm, "DEFINE QALIAS(PAY.A) TARGET(NOT.YET)")
    before = qm.digest()
    # IBM "2082 (MQRC_UNKNOWN_ALIAS_BASE_Q)": the alias is known, its base queue is not.
    assert qm.put("PAY.A", 1).reason == MQRC_UNKNOWN_ALIAS_BASE_Q
    assert qm.get("PAY.A").reason == MQRC_UNKNOWN_ALIAS_BASE_Q
    assert qm.digest() == before
    run(qm, "DEFINE QLOCAL(NOT.YET)")
    assert qm.put("PAY.A", 1).done == 1


@pytest.mark.parametrize(
    ("setup", "operation", "reason"),
    [
        (
            ["DEFINE QALIAS(A1) TARGET(A2)", "DEFINE QALIAS(A2) TARGET(Q)"],
            "put",
            MQRC_ALIAS_BASE_Q_TYPE_ERROR,
        ),
        (
            ["DEFINE QLOCAL(Q)", "DEFINE QALIAS(A1) TARGET(Q) PUT(DISABLED)"],
            "put",
            MQRC_PUT_INHIBITED,
        ),
        (
            ["DEFINE QLOCAL(Q)", "DEFINE QALIAS(A1) TARGET(Q) GET(DISABLED)"],
            "get",
            MQRC_GET_INHIBITED,
        ),
        (["DEFINE QREMOTE(A1) RNAME(Q) RQMNAME(QMB)"], "put", MQRC_UNKNOWN_REMOTE_Q_MGR),
        (
            ["DEFINE QLOCAL(QMB)", "DEFINE QREMOTE(A1) RNAME(Q) RQMNAME(QMB)"],
            "put",
            MQRC_XMIT_Q_USAGE_ERROR,
        ),
        (
            ["DEFINE QLOCAL(QMB) USAGE(XMITQ)", "DEFINE QREMOTE(A1) RNAME(Q) RQMNAME(QMB)"],
            "get",
            MQRC_OPTION_NOT_VALID_FOR_TYPE,
        ),
        (["DEFINE QMODEL(A1) DEFPSIST(YES)"], "put", MQRC_PERSISTENT_NOT_ALLOWED),
    ],
)
def test_refused_opens_change_nothing(setup, operation, reason) -> None:
    qm = fresh_qmz1()
    run(qm, *setup)
    before = qm.digest()
    done = qm.put("A1", 1) if operation == "put" else qm.get("A1")
    assert (done.done, done.reason) == (0, reason)
    assert qm.digest() == before


def test_put_to_a_remote_queue_waits_on_its_transmission_queue() -> None:
    qm = fresh_qmz1()
    run(
        qm,
        "DEFINE QLOCAL(QMB) USAGE(XMITQ)",
        "DEFINE QREMOTE(TO.B) RNAME(PAY.IN) RQMNAME(QMB)",
        "DEFINE QLOCAL(XQ) USAGE(XMITQ)",
        "DEFINE QREMOTE(TO.B.VIA.XQ) RNAME(PAY.IN) RQMNAME(QMB) XMITQ(XQ)",
        "DEFINE QALIAS(ALIAS.TO.B) TARGET(TO.B)",
    )
    assert qm.put("TO.B", 3).done == 3
    assert qm.put("ALIAS.TO.B", 1).done == 1
    assert qm.put("TO.B.VIA.XQ", 2).done == 2
    assert (depth(qm, "QMB"), depth(qm, "XQ")) == (4, 2)


def test_one_name_space_for_every_queue_type() -> None:
    qm = fresh_qmz1()
    run(qm, "DEFINE QLOCAL(X)")
    for qtype in ("QALIAS", "QREMOTE", "QMODEL"):
        before = qm.digest()
        result = qm.execute(f"DEFINE {qtype}(X)")
        assert result.message_ids == ("CSQM099I", "CSQM090E", "CSQ9023E")
        assert qm.digest() == before
    run(qm, "DELETE QLOCAL(X)", "DEFINE QREMOTE(X)")
    assert qm.execute("DEFINE QLOCAL(X) REPLACE").message_ids[0] == "CSQM099I"


def test_alias_remote_and_model_take_their_defaults_from_the_system_objects() -> None:
    qm = fresh_qmz1()
    run(
        qm,
        "DEFINE QMODEL(SYSTEM.DEFAULT.MODEL.QUEUE) REPLACE MAXDEPTH(77)",
        "DEFINE QMODEL(M1)",
        "DEFINE QMODEL(M2) LIKE(M1) DEFTYPE(PERMDYN)",
    )
    shown = {
        o.attrs[0][1]: dict(o.attrs)
        for o in qm.execute("DISPLAY QMODEL(M*) MAXDEPTH DEFTYPE").objects
    }
    assert shown["M1"]["MAXDEPTH"] == shown["M2"]["MAXDEPTH"] == 77
    assert (shown["M1"]["DEFTYPE"], shown["M2"]["DEFTYPE"]) == ("TEMPDYN", "PERMDYN")


def test_group_objects_of_the_other_types_are_copied_to_each_member() -> None:
    from tests.engine.conftest import fresh_group

    group = fresh_group()
    qm1, qm2 = list(group.members.values())[:2]
    for command in (
        "DEFINE QALIAS(G.ALIAS) TARGET(G.Q) QSGDISP(GROUP)",
        "DEFINE PROCESS(G.PROC) APPLICID('T') QSGDISP(GROUP)",
        "DEFINE NAMELIST(G.NL) NAMES(A) QSGDISP(GROUP)",
    ):
        assert qm1.execute(command).ok, command
    shown = qm2.execute("DISPLAY QUEUE(G.*) QSGDISP(ALL)").objects
    assert [dict(o.attrs)["QSGDISP"] for o in shown] == ["COPY", "GROUP"]
    assert qm2.execute("DISPLAY PROCESS(G.PROC) QSGDISP(COPY)").objects
    # A private queue of another type cannot take the name of a group alias.
    assert qm2.execute("DEFINE QLOCAL(G.ALIAS)").message_ids[0] == "CSQM099I"


def test_move_a_private_queue_to_a_shared_queue_and_clear_it() -> None:
    """IBM "MOVE QLOCAL on z/OS": its typical use, private to shared in a sharing group."""
    from tests.engine.conftest import fresh_group

    group = fresh_group()
    qm = next(iter(group.members.values()))
    run(qm, "DEFINE QLOCAL(PRIV.Q)", "DEFINE QLOCAL(SHR.Q) QSGDISP(SHARED) CFSTRUCT(APP1)")
    assert qm.put("PRIV.Q", 20, 1000).done == 20
    result = qm.execute("MOVE QLOCAL(PRIV.Q) TOQLOCAL(SHR.Q)")
    assert result.message_ids[:2] == ("MQSC556I", "CSQ9022I")  # then CSQE005I: connected
    assert qm.execute("DISPLAY QSTATUS(SHR.Q)").objects[0].get("CURDEPTH") == 20
    assert qm.execute("DISPLAY QSTATUS(PRIV.Q)").objects[0].get("CURDEPTH") == 0
    assert qm.execute("CLEAR QLOCAL(SHR.Q)").message_ids[0] == "CSQM125I"  # PRIVATE by default
    run(qm, "CLEAR QLOCAL(SHR.Q) QSGDISP(SHARED)")
    assert qm.execute("DISPLAY QSTATUS(SHR.Q)").objects[0].get("CURDEPTH") == 0


def test_shared_clear_outside_a_group_needs_one() -> None:
    qm = fresh_qmz1()
    assert qm.execute("CLEAR QLOCAL(USER1.ABAR.QUEUE) QSGDISP(SHARED)").message_ids[0] == "MQSC552E"


def test_a_put_through_a_permanent_model_makes_a_dynamic_queue_that_stays() -> None:
    qm = fresh_qmz1()
    run(qm, "DEFINE QMODEL(PAY.MODEL) DEFTYPE(PERMDYN) MAXDEPTH(50) DESCR('from the model')")
    done = qm.put("PAY.MODEL", 5, 1000)
    assert done.done == 5 and done.queue.startswith("AMQ.")
    shown = qm.execute(f"DISPLAY QLOCAL({done.queue}) DEFTYPE MAXDEPTH DESCR CURDEPTH").objects
    assert [
        (o.get("DEFTYPE"), o.get("MAXDEPTH"), o.get("DESCR"), o.get("CURDEPTH")) for o in shown
    ] == [("PERMDYN", 50, "from the model", 5)]
    again = qm.put("PAY.MODEL", 1, 1000)
    assert again.queue != done.queue  # every MQOPEN makes a new queue
    got = qm.get("PAY.MODEL")  # an open for input makes a new, empty one
    assert got.reason == MQRC_NO_MSG_AVAILABLE
    assert len(qm.execute("DISPLAY QLOCAL(AMQ.*)").objects) == 3


def test_a_temporary_dynamic_queue_goes_at_close_with_its_messages() -> None:
    qm = fresh_qmz1()
    run(qm, "DEFINE QMODEL(TMP.MODEL) DEFTYPE(TEMPDYN)")
    before = qm.execute("DISPLAY USAGE PSID(04)").records[0]
    done = qm.put("TMP.MODEL", 3, 1000)
    assert (done.done, done.reason) == (3, 0)
    assert not qm.execute("DISPLAY QLOCAL(AMQ.*)").objects
    # The page set is as before (the freed pages' buffers stay changed until written).
    assert qm.execute("DISPLAY USAGE PSID(04)").records[0] == before
    assert qm.put("TMP.MODEL", 1, persistent=True).reason == MQRC_PERSISTENT_NOT_ALLOWED


def test_a_permanent_dynamic_queue_is_a_whole_local_queue_that_replays_the_same() -> None:
    # A model queue has no DEFBIND; the dynamic queue its MQOPEN makes is a local queue, with
    # a local queue's value for what the model lacks, so MAKEDEF's DEFINE QLOCAL gives it back.
    from mqsc.batch import dump
    from mqsc.engine.manager import QueueManager
    from tests.engine.conftest import fresh_qmz1

    qm = fresh_qmz1()
    assert qm.execute("ALTER QMODEL(SYSTEM.DEFAULT.MODEL.QUEUE) DEFTYPE(PERMDYN)").ok
    put = qm.put("SYSTEM.DEFAULT.MODEL.QUEUE", 1, 2000)
    assert put.reason == 0
    assert qm.state.tables["qlocal"][put.queue].get("DEFBIND") == "OPEN"
    defs = dump.definitions(qm)
    rebuilt = QueueManager.create(
        "QMZ1",
        csqinp1=dump.csqinp1_deck(qm, defs),
        csqinp2=dump.csqinp2_deck(qm, defs),
        clock=qm.clock,
    )
    assert dump.definitions(rebuilt) == defs
