"""The server's network (mqsc/serve/network.py) in process, over a real mqsc home: a commit
that fails on the receiving side of a channel leaves both sides as they were (the batch backs
out on the sender, the receiver is opened again from its database), and the message is
delivered exactly once when the channel runs again. The failure is the store's own error,
raised by its commit (as a full disk would), not a mocked engine."""

from __future__ import annotations

import sqlite3

from mqsc.catalog import CommandSource
from mqsc.cli import main
from mqsc.serve.qmgrs import Registry

QMZ2_DECK = (
    "START CHINIT",
    "START LISTENER TRPTYPE(TCP) PORT(1415)",
    "DEFINE QLOCAL(PAY.IN)",
    "DEFINE CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(RCVR) TRPTYPE(TCP)",
)
QMZ1_DECK = (
    "START CHINIT",
    "DEFINE QLOCAL(QMZ2) USAGE(XMITQ)",
    "DEFINE QREMOTE(PAY.OUT) RNAME(PAY.IN) RQMNAME(QMZ2) XMITQ(QMZ2)",
    "DEFINE CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(SDR) TRPTYPE(TCP) CONNAME('b(1415)') XMITQ(QMZ2)",
    "START CHANNEL(QMZ1.TO.QMZ2)",
)


def run(registry: Registry, qmgr: str, text: str) -> str:
    result = registry.run(qmgr, lambda qm: qm.execute(text, source=CommandSource.CONSOLE))
    assert result.ok, text
    return repr(result)


def depth(registry: Registry, qmgr: str, queue: str) -> int:
    return registry.run(qmgr, lambda qm: sum(r.count for r in qm.queued(queue) or ()))


def status(registry: Registry, qmgr: str) -> str:
    return registry.run(qmgr, lambda qm: qm.channel_state().statuses["QMZ1.TO.QMZ2"].status)


def test_a_failed_commit_on_the_receiver_backs_the_batch_out(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MQSC_HOME", str(tmp_path))
    assert main(["create", "QMZ2"]) == 0
    registry = Registry()
    try:
        for text in QMZ2_DECK:
            run(registry, "QMZ2", text)
        for text in QMZ1_DECK:
            run(registry, "QMZ1", text)
        assert status(registry, "QMZ1") == "RUNNING"
        qmz2 = registry.run("QMZ2", lambda qm: qm)
        real = qmz2.gate.flush
        failures: list[int] = []

        def full_disk(qm) -> None:
            if qmz2.gate is not None and qmz2.gate.dirty:
                failures.append(1)
                raise sqlite3.OperationalError("database or disk is full")
            real(qm)

        monkeypatch.setattr(qmz2.gate, "flush", full_disk)
        put = registry.run(
            "QMZ1", lambda qm: qm.put_message("PAY.OUT", b"once only", persistent=True)
        )
        assert put.done == 1 and failures
        # The receiver's commit failed: it was dropped (opened again from its database),
        # the sender backed the batch out and stopped; the message waits on the XMITQ.
        assert not registry.is_open("QMZ2") or registry.run("QMZ2", lambda qm: qm) is not qmz2
        assert depth(registry, "QMZ1", "QMZ2") == 1
        assert status(registry, "QMZ1") == "STOPPED"
        assert depth(registry, "QMZ2", "PAY.IN") == 0
        # Disk fine again (a fresh QMZ2): the channel runs, the message arrives once.
        run(registry, "QMZ1", "START CHANNEL(QMZ1.TO.QMZ2)")
        assert depth(registry, "QMZ1", "QMZ2") == 0
        got = registry.run("QMZ2", lambda qm: qm.get_message("PAY.IN"))
        assert [m.data for m in got.delivered] == [b"once only"]
        assert depth(registry, "QMZ2", "PAY.IN") == 0
    finally:
        registry.close()
