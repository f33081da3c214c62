"""Channel definitions on page set 0 (storage rule PS-6, docs/storage.md#storage-rules): a
message or server-connection channel takes 2,026 bytes, a client-connection channel 5,170;
group definitions take none on this queue manager's page set 0."""

from __future__ import annotations

from mqsc.engine.storage import constants
from tests.engine.conftest import fresh_minimal


def object_bytes(qm) -> int:
    return qm.state.tables["pageset"][0].object_bytes


def test_each_channel_type_takes_its_size_and_gives_it_back() -> None:
    qm = fresh_minimal()
    start = object_bytes(qm)
    assert qm.execute("DEFINE CHANNEL(A.TO.B) CHLTYPE(SDR) CONNAME('b(1415)') XMITQ(B)").ok
    assert object_bytes(qm) == start + 2026
    assert qm.execute("DEFINE CHANNEL(B.TO.A) CHLTYPE(RCVR)").ok
    assert qm.execute("DEFINE CHANNEL(APP.SVRCONN) CHLTYPE(SVRCONN)").ok
    assert object_bytes(qm) == start + 3 * 2026
    assert qm.execute("DEFINE CHANNEL(APP.CLNT) CHLTYPE(CLNTCONN) CONNAME('h(1414)')").ok
    assert object_bytes(qm) == start + 3 * 2026 + 5170
    # REPLACE of the same channel changes nothing on page set 0.
    assert qm.execute("DEFINE CHANNEL(APP.CLNT) CHLTYPE(CLNTCONN) CONNAME('h(1415)') REPLACE").ok
    assert object_bytes(qm) == start + 3 * 2026 + 5170
    for name in ("A.TO.B", "B.TO.A", "APP.SVRCONN", "APP.CLNT"):
        assert qm.execute(f"DELETE CHANNEL({name})").ok
    assert object_bytes(qm) == start


def test_a_refused_define_takes_nothing() -> None:
    qm = fresh_minimal()
    before = qm.digest()
    assert not qm.execute("DEFINE CHANNEL(A.TO.B) CHLTYPE(SDR)").ok  # no CONNAME, no XMITQ
    assert qm.digest() == before


def test_the_sizes_are_the_catalogued_constants() -> None:
    assert constants.OBJECT_BYTES["channel"] == 2026 and constants.CLNTCONN_BYTES == 5170


def test_authentication_information_takes_its_size_through_the_same_accounting() -> None:
    qm = fresh_minimal()
    start = object_bytes(qm)
    assert qm.execute("DEFINE AUTHINFO(CONNAUTH.RACF) AUTHTYPE(IDPWOS)").ok
    assert object_bytes(qm) == start + 1010
    assert qm.execute("DELETE AUTHINFO(CONNAUTH.RACF)").ok
    assert object_bytes(qm) == start
