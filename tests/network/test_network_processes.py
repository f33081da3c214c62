"""Two real processes driving one sender channel at once never deliver a batch twice
(reviewer finding): the batch a process has sent is in doubt, owned by it, until it
commits; the other process sends nothing of that channel meanwhile (docs/channels.md)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from mqsc.catalog import CommandSource
from mqsc.cli import main
from mqsc.engine import channelstate
from mqsc.network.homenetwork import join_home
from mqsc.store.home import open_qmgr

ROOT = Path(__file__).resolve().parents[2]
PUTS = 40

#: A front end of its own (as `mqsc put` is): QMZ1 joined to the home's network; each put
#: lets the running sender move what waits on the transmission queue.
PUTTER = textwrap.dedent("""
    import sys
    from mqsc.store.home import open_qmgr
    from mqsc.network.homenetwork import join_home
    qm = open_qmgr("QMZ1")
    join_home(qm)
    done = sum(qm.put("PAY.OUT", 1, 512, persistent=True).done for _ in range(int(sys.argv[1])))
    qm.close()
    print(done, flush=True)
""")


def test_two_processes_driving_one_sender_deliver_each_message_once() -> None:
    assert main(["create", "QMZ2"]) == 0
    for name, deck in (
        (
            "QMZ2",
            (
                "START CHINIT",
                "START LISTENER PORT(1415)",
                "DEFINE QLOCAL(PAY.IN) MAXDEPTH(999999)",
                "DEFINE CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(RCVR) TRPTYPE(TCP)",
            ),
        ),
        (
            "QMZ1",
            (
                "START CHINIT",
                "DEFINE QLOCAL(QMZ2) USAGE(XMITQ)",
                "DEFINE QREMOTE(PAY.OUT) RNAME(PAY.IN) RQMNAME(QMZ2) XMITQ(QMZ2)",
                "DEFINE CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(SDR) TRPTYPE(TCP) "
                "CONNAME('b(1415)') XMITQ(QMZ2)",
            ),
        ),
    ):
        qm = open_qmgr(name)
        try:
            for text in deck:
                assert qm.execute(text, source=CommandSource.CONSOLE).ok, text
        finally:
            qm.close()
    qm = open_qmgr("QMZ1")
    join_home(qm)
    try:
        assert qm.execute("START CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE).ok
    finally:
        qm.close()
    env = {**os.environ, "MQSC_LOCK_TIMEOUT": "30"}
    children = [
        subprocess.Popen(
            [sys.executable, "-c", PUTTER, str(PUTS)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    put = 0
    for child in children:
        out, err = child.communicate(timeout=300)
        assert child.returncode == 0, err
        put += int(out.split()[-1])
    assert put == 2 * PUTS
    # What one process left waiting (its partner held the batch in doubt) moves now.
    qmz1 = open_qmgr("QMZ1")
    join_home(qmz1)
    try:
        assert qmz1.execute("DISPLAY CHSTATUS(*)", source=CommandSource.CONSOLE).ok
        assert channelstate.in_doubt(qmz1.channel_state(), "QMZ1.TO.QMZ2") is None
        assert not qmz1.queued("QMZ2")
        sync = channelstate.sync_of(qmz1.channel_state(), "QMZ1.TO.QMZ2")
        assert sync.seqno == put  # one sequence number per message sent, none twice
    finally:
        qmz1.close()
    qmz2 = open_qmgr("QMZ2")
    try:
        assert sum(r.count for r in qmz2.queued("PAY.IN")) == put
        assert channelstate.sync_of(qmz2.channel_state(), "QMZ1.TO.QMZ2").seqno == put
    finally:
        qmz2.close()


def test_a_batch_owned_by_a_live_thread_is_left_alone() -> None:
    """The owner of a batch in doubt is a process and a thread: a batch another running
    thread of this process is sending is its own; one whose thread ended (or this thread's
    own, interrupted) is not (mqsc/network/transport.py)."""
    import threading

    from mqsc.network import transport

    assert not transport._alive(transport._me())
    started, finish = threading.Event(), threading.Event()
    owner: list[str] = []

    def sending() -> None:
        owner.append(transport._me())
        started.set()
        finish.wait(30)

    thread = threading.Thread(target=sending)
    thread.start()
    started.wait(30)
    assert transport._alive(owner[0])
    finish.set()
    thread.join(30)
    assert not transport._alive(owner[0])
    assert not transport._alive("") and not transport._alive("garbage")
