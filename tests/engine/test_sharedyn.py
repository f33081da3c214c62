"""MQOPEN of a DEFTYPE(SHAREDYN) model queue (mqsc/engine/messaging/privateq.py
open_shared_dynamic):
a shared dynamic queue in the model's CF structure, used through the shared-queue path."""

from __future__ import annotations

from tests.engine.conftest import fresh_group, fresh_minimal


def test_a_put_creates_a_shared_dynamic_queue_every_member_sees() -> None:
    group = fresh_group()
    qsa1, qsa2 = group.members["QSA1"], group.members["QSA2"]
    assert qsa1.execute(
        "DEFINE QMODEL(SHARED.MODEL) DEFTYPE(SHAREDYN) CFSTRUCT(APP1) MAXDEPTH(50)"
    ).ok
    out = qsa1.put("SHARED.MODEL", 4, 1000)
    assert (out.done, out.reason) == (4, 0)
    assert out.queue.startswith("AMQ.") and out.structure == "APP1"
    queue = qsa1.state.tables["gqlocal"][out.queue]
    assert (
        queue.get("QSGDISP"),
        queue.get("DEFTYPE"),
        queue.get("CFSTRUCT"),
        queue.get("MAXDEPTH"),
    ) == ("SHARED", "SHAREDYN", "APP1", 50)
    # A shared queue: the other member gets the messages from the structure.
    got = qsa2.get(out.queue)
    assert got.done == 4
    (record,) = qsa2.execute(f"DISPLAY QLOCAL('{out.queue}') QSGDISP DEFTYPE").objects
    assert record.get("QSGDISP") == "SHARED" and record.get("DEFTYPE") == "SHAREDYN"


def test_a_get_creates_an_empty_shared_dynamic_queue() -> None:
    group = fresh_group()
    qsa1 = group.members["QSA1"]
    assert qsa1.execute("DEFINE QMODEL(SM) DEFTYPE(SHAREDYN) CFSTRUCT(APP1)").ok
    got = qsa1.get("SM")
    assert (got.done, got.reason) == (0, 2033)
    assert got.queue in qsa1.state.tables["gqlocal"]


def test_a_missing_structure_creates_nothing() -> None:
    group = fresh_group()
    qsa1 = group.members["QSA1"]
    assert qsa1.execute("DEFINE QMODEL(SM) DEFTYPE(SHAREDYN) CFSTRUCT(NOSUCH)").ok
    before = qsa1.digest()
    assert qsa1.put("SM", 1, 100).reason == 2349
    assert qsa1.digest() == before


def test_outside_a_group_it_is_2349_and_creates_nothing() -> None:
    qm = fresh_minimal()
    assert qm.execute("DEFINE QMODEL(SM) DEFTYPE(SHAREDYN) CFSTRUCT(APP1)").ok
    before = qm.digest()
    assert qm.put("SM", 1, 100).reason == 2349
    assert qm.get("SM").reason == 2349
    assert qm.digest() == before
