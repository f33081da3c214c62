"""The network of an mqsc home (mqsc/network/homenetwork.py HomeNetwork, docs/channels.md): queue
managers created after a front end opened it are reached, a partner another process holds
makes the sender retry instead of the command failing, and a receiver whose sender is not in
this process's network is left running."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from mqsc.catalog import CommandSource
from mqsc.cli import main
from mqsc.cli.run import render
from mqsc.engine import channelstate
from mqsc.network.homenetwork import join_home
from mqsc.network.transport import Network
from mqsc.store.home import open_qmgr
from tests.network.test_network import set_up
from tests.network.test_network_golden import pair

ROOT = Path(__file__).resolve().parents[2]

HOLDER = textwrap.dedent("""
    import sys
    from mqsc.store.home import open_qmgr
    qm = open_qmgr(sys.argv[1])
    qm.gate.enter(qm)          # hold it, as a long command or grouped commit would
    print("holding", flush=True)
    sys.stdin.read()           # until the test closes our standard input
""")

QMZ1_DECK = (
    "START CHINIT",
    "DEFINE QLOCAL(QMZ2) USAGE(XMITQ)",
    "DEFINE QREMOTE(PAY.OUT) RNAME(PAY.IN) RQMNAME(QMZ2) XMITQ(QMZ2)",
    "DEFINE CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(SDR) TRPTYPE(TCP) CONNAME('b(1415)') XMITQ(QMZ2)",
)


def status(qm) -> str:
    found = channelstate.statuses(qm.channel_state()).get("QMZ1.TO.QMZ2")
    return found.status if found is not None else "None"


def define_qmz2() -> None:
    """QMZ2's target queue and receiver, in its state database (as `mqsc run -m QMZ2`)."""
    qmz2 = open_qmgr("QMZ2")
    try:
        for text in (
            "DEFINE QLOCAL(PAY.IN)",
            "DEFINE CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(RCVR) TRPTYPE(TCP)",
        ):
            assert qmz2.execute(text, source=CommandSource.CONSOLE).ok
    finally:
        qmz2.close()


def started_sender(expected: str):
    """QMZ1 opened as a console opens it (in the home's network), its sender started once
    (``expected``: the status it then has) and stopped again."""
    qmz1 = open_qmgr("QMZ1")
    join_home(qmz1)
    for text in QMZ1_DECK:
        assert qmz1.execute(text, source=CommandSource.CONSOLE).ok, text
    assert qmz1.execute("START CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE).ok
    assert status(qmz1) == expected
    assert qmz1.execute("STOP CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE).ok
    return qmz1


def test_a_queue_manager_created_after_the_network_opened_is_reached() -> None:
    qmz1 = started_sender("RETRYING")  # no QMZ2 yet
    try:
        # Another shell creates QMZ2 while this console is open.
        assert main(["create", "QMZ2", "--listener", "1415"]) == 0
        define_qmz2()
        assert qmz1.execute("START CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE).ok
        assert status(qmz1) == "RUNNING"
        assert qmz1.put("PAY.OUT", 3, 100, persistent=True).done == 3
        assert not qmz1.queued("QMZ2")
    finally:
        qmz1.close()


def test_a_partner_held_by_another_process_makes_the_sender_retry(monkeypatch) -> None:
    monkeypatch.setenv("MQSC_LOCK_TIMEOUT", "0.3")  # read when a queue manager is opened
    assert main(["create", "QMZ2", "--listener", "1415"]) == 0
    define_qmz2()
    qmz1 = started_sender("RUNNING")
    try:
        proc = subprocess.Popen(
            [sys.executable, "-c", HOLDER, "QMZ2"],
            cwd=ROOT,
            text=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=dict(os.environ),
        )
        try:
            assert proc.stdout.readline().strip() == "holding"
            result = qmz1.execute("START CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE)
            assert result.ok  # the command itself succeeds: the channel retries
            said = render(result, "text", "console")
            assert "MQSC330I" in said and "held by another process" in said, said
            assert status(qmz1) == "RETRYING"
            assert qmz1.network.members["QMZ2"]._depth == 0  # not left entered
        finally:
            proc.stdin.close()
            proc.wait(timeout=30)
            proc.stdout.close()
    finally:
        qmz1.close()


def test_a_receiver_whose_sender_is_not_in_this_network_keeps_running() -> None:
    qmgrs, _network = pair()
    set_up(qmgrs)
    qmz1, qmz2 = qmgrs["QMZ1"], qmgrs["QMZ2"]
    qmz1.execute("START CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE)
    assert qmz1.put("PAY.OUT", 2, 100, persistent=True).done == 2
    assert status(qmz2) == "RUNNING"
    # Another process's network holds only QMZ2 (QMZ1 is driven elsewhere): its commands
    # leave the receiver running, as its sender still runs.
    Network([qmz2])
    assert qmz2.execute("DISPLAY CHSTATUS(*)", source=CommandSource.CONSOLE).ok
    assert status(qmz2) == "RUNNING"


def test_a_partner_held_while_the_channel_runs_makes_the_sender_retry() -> None:
    """The channel is RUNNING (the partner is open in this network) when another process
    takes QMZ2: the messages put meanwhile wait on the transmission queue (the channel is
    not stopped), and move once the other process lets go. (The narrower race, QMZ2 taken
    between a batch's start and its delivery, backs the batch out and leaves the channel
    RETRYING: network/homenetwork.py HomeNetwork._attempt; no test can time it with a real
    process.)"""
    assert main(["create", "QMZ2", "--listener", "1415"]) == 0
    define_qmz2()
    qmz1 = started_sender("RUNNING")
    try:
        assert qmz1.execute("START CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE).ok
        assert status(qmz1) == "RUNNING"
        proc = subprocess.Popen(
            [sys.executable, "-c", HOLDER, "QMZ2"],
            cwd=ROOT,
            text=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=dict(os.environ),
        )
        try:
            assert proc.stdout.readline().strip() == "holding"
            assert qmz1.put("PAY.OUT", 2, 100, persistent=True).done == 2
            # Not delivered, not stopped: the messages wait on the transmission queue.
            assert status(qmz1) in ("RUNNING", "RETRYING")
            assert sum(r.count for r in qmz1.queued("QMZ2")) == 2
        finally:
            proc.stdin.close()
            proc.wait(timeout=30)
            proc.stdout.close()
        # The holder has gone: the next command moves them.
        assert qmz1.execute("DISPLAY CHSTATUS(*)", source=CommandSource.CONSOLE).ok
        assert status(qmz1) == "RUNNING"
        assert sum(r.count for r in qmz1.queued("QMZ2")) == 0
    finally:
        qmz1.close()
    qmz2 = open_qmgr("QMZ2")
    try:
        assert qmz2.state.tables["messages"]["PAY.IN"].depth == 2
    finally:
        qmz2.close()
