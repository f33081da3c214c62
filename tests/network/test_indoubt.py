"""In-doubt batches (docs/channels.md "Batches, sequence numbers and in-doubt
batches"): a real child process driving a sender is killed with SIGKILL between the steps of a
batch; the batch is left in doubt and resolved by the channel's resynchronisation or by
RESOLVE CHANNEL, never lost or delivered twice (tests/golden/channels/indoubt.scn)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from mqsc.catalog import CommandSource
from mqsc.cli import main
from mqsc.engine import channelstate
from mqsc.network.transport import Network
from mqsc.store.home import open_qmgr
from tests.engine.scenario import STYLES, play

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "tests" / "golden" / "channels" / "indoubt.scn"

#: A child that drives QMZ1's sender and kills itself (SIGKILL) at a chosen point of a batch:
#: ``after-receive`` when the sending end is about to commit its gets (the receiver has
#: committed the batch), ``before-receive`` when the receiving end is about to take it.
CHILD = textwrap.dedent("""
    import datetime, os, signal, sys
    from mqsc.network import transport
    from mqsc.store.home import open_qmgr
    queue, count, point = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    moment = datetime.datetime.fromisoformat(sys.argv[4])  # the scenario's clock
    victim = {"after-receive": "sent", "before-receive": "deliver"}[point]

    def die(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGKILL)

    setattr(transport, victim, die)
    qmz1, qmz2 = (open_qmgr(name, clock=lambda: moment) for name in ("QMZ1", "QMZ2"))
    transport.Network([qmz1, qmz2])
    qmz1.put(queue, count, 1024, persistent=True)
    print("not killed", flush=True)
""")


def killer(qmgrs):
    """The scenario's ``% kill QMZ1 QUEUE COUNT POINT``: run the child to its death, on the
    scenario's clock; what the scenario shows of it."""

    def kill_child(qmgr: str, queue: str, count: str, point: str) -> list[str]:
        return _kill(qmgr, queue, count, point, qmgrs[qmgr].clock())

    return kill_child


def _kill(qmgr: str, queue: str, count: str, point: str, moment) -> list[str]:
    assert qmgr == "QMZ1"
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, queue, count, point, moment.isoformat()],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=dict(os.environ),
        timeout=120,
    )
    assert proc.returncode == -signal.SIGKILL, (proc.returncode, proc.stdout, proc.stderr)
    return [
        f"QMZ1 a process put {count} messages on {queue} and was killed (SIGKILL) "
        f"{point.replace('-', ' ')}"
    ]


def durable_pair(home: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("MQSC_HOME", str(home))
    assert main(["create", "QMZ2"]) == 0
    qmgrs = {"QMZ1": open_qmgr("QMZ1"), "QMZ2": open_qmgr("QMZ2")}
    return qmgrs, Network(qmgrs.values())


def test_an_in_doubt_batch_resolved_after_a_kill_golden(
    golden, tmp_path, monkeypatch, capsys
) -> None:
    for style, suffix in STYLES:
        qmgrs, network = durable_pair(tmp_path / style, monkeypatch)
        capsys.readouterr()
        try:
            out = play(SCENARIO, qmgrs, style, network, {"kill": killer(qmgrs)})
        finally:
            for qm in qmgrs.values():
                qm.close()
        golden(SCENARIO.with_suffix(suffix), out)
    # Every message put is on PAY.IN once: 20 + 10 + 5 + 2.
    qm = open_qmgr("QMZ2")
    try:
        assert sum(r.count for r in qm.queued("PAY.IN")) == 37
    finally:
        qm.close()


def test_a_batch_whose_messages_went_meanwhile_stays_in_doubt() -> None:
    """MQSC339E: the receiver committed a batch, but an application got some of its messages
    from the transmission queue before the sender committed: the sender's step is refused
    (nothing changes), the batch stays in doubt, and RESOLVE CHANNEL decides."""
    from tests.engine.conftest import fresh_qmz1

    qm = fresh_qmz1()
    for text in (
        "START CHINIT",
        "DEFINE QLOCAL(QMZ2) USAGE(XMITQ)",
        "DEFINE QREMOTE(PAY.OUT) RNAME(PAY.IN) RQMNAME(QMZ2) XMITQ(QMZ2)",
        "DEFINE CHANNEL(TO.QMZ2) CHLTYPE(SDR) TRPTYPE(TCP) CONNAME('b(1415)') XMITQ(QMZ2)",
        "START CHANNEL(TO.QMZ2)",
    ):
        assert qm.execute(text, source=CommandSource.CONSOLE).ok, text
    assert qm.put("PAY.OUT", 4, 100, persistent=True).done == 4
    ok, _ = qm.channel_step(
        lambda ctx: channelstate.set_status(
            ctx,
            "TO.QMZ2",
            replace(channelstate.chinit_of(ctx).statuses["TO.QMZ2"], status="RUNNING"),
        )
    )
    begun = []
    assert qm.channel_step(lambda ctx: begun.append(channelstate.begin(ctx, "TO.QMZ2", "1:1")))[0]
    assert begun[0] is not None and begun[0].seqno == 4
    assert qm.get("QMZ2", 1).done == 1
    ok, said = qm.channel_step(
        lambda ctx: channelstate.sent(ctx, "TO.QMZ2", begun[0].unit, 50, "B")
    )
    assert not ok and [m.msg_id for m in said] == ["MQSC339E"]
    assert said[0].inserts["got"] == 3 and said[0].inserts["count"] == 4
    assert channelstate.in_doubt(qm.channel_state(), "TO.QMZ2") is not None
    assert sum(r.count for r in qm.queued("QMZ2")) == 3
    qm.execute("STOP CHANNEL(TO.QMZ2)", source=CommandSource.CONSOLE)
    result = qm.execute("RESOLVE CHANNEL(TO.QMZ2) ACTION(COMMIT)", source=CommandSource.CONSOLE)
    assert result.ok
    assert channelstate.in_doubt(qm.channel_state(), "TO.QMZ2") is None
    assert not qm.queued("QMZ2")
