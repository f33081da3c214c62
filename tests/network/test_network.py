"""The network of queue managers (mqsc/network/transport.py): the CONNAME rule, and the property
that every persistent message put to a remote queue is delivered exactly once, whatever the
channels, the receiver and the restarts of either side do in between."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mqsc.catalog import CommandSource
from mqsc.engine import channelstate
from mqsc.network import transport as network_module
from mqsc.network.transport import conname_port
from tests.engine.conftest import NOW
from tests.network.test_network_golden import pair

SETUP = {
    "QMZ2": (
        "START CHINIT",
        "START LISTENER PORT(1415)",
        "DEFINE QLOCAL(PAY.IN) MAXDEPTH(40)",
        "DEFINE CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(RCVR) TRPTYPE(TCP)",
    ),
    "QMZ1": (
        "START CHINIT",
        "DEFINE QLOCAL(QMZ2) USAGE(XMITQ)",
        "DEFINE QREMOTE(PAY.OUT) RNAME(PAY.IN) RQMNAME(QMZ2) XMITQ(QMZ2)",
        "DEFINE QREMOTE(LOST.OUT) RNAME(NO.SUCH.Q) RQMNAME(QMZ2) XMITQ(QMZ2)",
        "DEFINE CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(SDR) TRPTYPE(TCP) CONNAME('b(1415)') XMITQ(QMZ2)",
    ),
}


def set_up(qmgrs) -> None:
    """QMZ2's receiver and target queue, QMZ1's transmission queue, remote queues, sender."""
    for name in ("QMZ2", "QMZ1"):
        for text in SETUP[name]:
            assert qmgrs[name].execute(text, source=CommandSource.CONSOLE).ok, text


def test_the_conname_rule() -> None:
    assert conname_port("zos2.example.com(1415)") == 1415
    assert conname_port(" 10.0.0.2 ( 1416 ) ") == 1416
    assert conname_port("zos2") == 1414
    assert conname_port("a(1415),b(1416)") == 1415
    assert conname_port("(1415)") is None and conname_port("a(b)") is None


def test_a_conname_reaches_only_a_listening_queue_manager_with_its_channel_initiator() -> None:
    qmgrs, network = pair()
    qmz1, qmz2 = qmgrs["QMZ1"], qmgrs["QMZ2"]
    assert network.reach("x(1415)") is None
    qmz2.execute("START CHINIT", source=CommandSource.CONSOLE)
    assert network.reach("x(1415)") is None
    qmz2.execute("START LISTENER PORT(1415)", source=CommandSource.CONSOLE)
    assert network.reach("x(1415)") is qmz2 and network.reach("x(1416)") is None
    qmz2.execute("STOP CHINIT", source=CommandSource.CONSOLE)
    assert network.reach("x(1415)") is None
    assert qmz1.network is network


def persistent_on(qm, queue: str) -> int:
    runs = qm.queued(queue) or ()
    return sum(r.count for r in runs if r.persistent)


STEPS = st.lists(
    st.one_of(
        st.tuples(
            st.just("put"),
            st.sampled_from(("PAY.OUT", "LOST.OUT")),
            st.integers(1, 30),
            st.booleans(),
        ),
        st.tuples(
            st.just("cmd"),
            st.sampled_from(("QMZ1", "QMZ2")),
            st.sampled_from(
                (
                    "START CHANNEL(QMZ1.TO.QMZ2)",
                    "STOP CHANNEL(QMZ1.TO.QMZ2)",
                    "STOP CHANNEL(QMZ1.TO.QMZ2) STATUS(INACTIVE)",
                    "ALTER QMGR DEADQ(' ')",
                    "ALTER QMGR DEADQ(SYSTEM.DEAD.LETTER.QUEUE)",
                )
            ),
        ),
        st.tuples(st.just("get"), st.integers(1, 25)),
        st.tuples(st.just("restart"), st.sampled_from(("QMZ1", "QMZ2"))),
        st.tuples(st.just("kill"), st.sampled_from(("sent", "deliver")), st.integers(1, 20)),
        st.tuples(st.just("time"), st.sampled_from((30, 600, 1200))),
    ),
    max_size=25,
)


class Killed(BaseException):
    """The process driving the channel dies here (tests/network/test_indoubt.py does it with a
    real SIGKILL; here the state it leaves is the same: every step before is committed, the
    one it dies in is not)."""


def killed_put(qm, step: str, count: int) -> int:
    """Put persistent messages while the sender's process dies inside ``step`` of a batch
    (``deliver``: before the receiver commits; ``sent``: after, before the sender does)."""

    def die(*args, **kwargs):
        raise Killed

    qm.settle()  # what fell due before the put moves first, so the kill is in the put's batch
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(network_module, step, die)
        try:
            return qm.put("PAY.OUT", count, 1000, persistent=True).done
        except Killed:
            return count  # the put committed before the channel step it drove died


def doubled(qmz1, qmz2) -> int:
    """Persistent messages of a batch in doubt that the receiver has committed: they are on
    both sides until the sender resolves it, and count once."""
    doubt = channelstate.in_doubt(qmz1.channel_state(), "QMZ1.TO.QMZ2")
    if (
        doubt is None
        or channelstate.sync_of(qmz2.channel_state(), "QMZ1.TO.QMZ2").luwid != doubt.luwid
    ):
        return 0
    store = qmz1.state.tables["messages"].get("QMZ2")
    runs = {r.id: r for r in store.runs} if store is not None else {}
    return sum(min(n, runs[i].count) for i, n in doubt.runs if i in runs and runs[i].persistent)


@settings(max_examples=60, deadline=None, database=None)
@given(STEPS)
def test_every_persistent_message_is_got_exactly_once(steps) -> None:
    qmgrs, _network = pair()
    moment = [NOW]
    for qm in qmgrs.values():
        qm.clock = lambda: moment[0]
    set_up(qmgrs)
    qmz1, qmz2 = qmgrs["QMZ1"], qmgrs["QMZ2"]
    qmz1.execute("START CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE)
    sent = got = 0
    for step in steps:
        if step[0] == "put":
            _, queue, count, persistent = step
            done = qmz1.put(queue, count, 1000, persistent=persistent).done
            sent += done if persistent else 0
        elif step[0] == "cmd":
            qmgrs[step[1]].execute(step[2], source=CommandSource.CONSOLE)
        elif step[0] == "kill":
            sent += killed_put(qmz1, step[1], step[2])
        elif step[0] == "time":
            moment[0] += dt.timedelta(seconds=step[1])
        elif step[0] == "get":
            qmz2.settle()  # what falls due moves first; the get itself is counted alone
            joined = qmz2.collaborators
            qmz2.attach(replace(joined, network=None))
            before = persistent_on(qmz2, "PAY.IN")
            qmz2.get("PAY.IN", step[1])
            got += before - persistent_on(qmz2, "PAY.IN")
            qmz2.attach(joined)
        else:
            qm = qmgrs[step[1]]
            qm.execute("STOP QMGR", source=CommandSource.CONSOLE)
            qm.execute("START QMGR", source=CommandSource.CONSOLE)
            if step[1] == "QMZ2":
                for text in SETUP["QMZ2"][:2]:
                    qm.execute(text, source=CommandSource.CONSOLE)
            else:
                qm.execute("START CHINIT", source=CommandSource.CONSOLE)
        # Nothing is lost or made twice at any point: on the transmission queue, on the
        # target, on its dead-letter queue, or already got.
        held = (
            persistent_on(qmz1, "QMZ2")
            + persistent_on(qmz2, "PAY.IN")
            + persistent_on(qmz2, "SYSTEM.DEAD.LETTER.QUEUE")
            - doubled(qmz1, qmz2)
        )
        assert held + got == sent
    # Recover: a dead-letter queue, the receiver and the sender running, everything got.
    qmz2.execute("ALTER QMGR DEADQ(SYSTEM.DEAD.LETTER.QUEUE)", source=CommandSource.CONSOLE)
    qmz2.execute("ALTER QLOCAL(PAY.IN) MAXDEPTH(999999999)", source=CommandSource.CONSOLE)
    qmz2.execute("START CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE)
    qmz1.execute("STOP CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE)
    qmz1.execute("START CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE)
    assert channelstate.in_doubt(qmz1.channel_state(), "QMZ1.TO.QMZ2") is None
    assert persistent_on(qmz1, "QMZ2") == 0
    got += persistent_on(qmz2, "PAY.IN") + persistent_on(qmz2, "SYSTEM.DEAD.LETTER.QUEUE")
    assert got == sent
    # Page accounting: the drained transmission queue holds no pages on QMZ1; on QMZ2 the
    # page set holds exactly what its queues' messages take.
    assert "QMZ2" not in qmz1.state.tables["messages"]
    for qm in (qmz1, qmz2):
        ps = qm.state.tables["pageset"][4]
        held = sum(
            r.pages for s in qm.state.tables["messages"].values() for r in s.runs if r.psid == 4
        )
        lists = sum(s.lists for s in qm.state.tables["messages"].values() if s.list_psid == 4)
        assert ps.persistent + ps.nonpersistent == held + lists


def test_a_triggered_transmission_queue_starts_its_channel() -> None:
    """IBM "Starting a channel with triggering": TRIGGER TRIGTYPE(FIRST)
    INITQ(SYSTEM.CHANNEL.INITQ) TRIGDATA(channel) on the transmission queue."""
    qmgrs, network = pair()
    set_up(qmgrs)
    qmz1, qmz2 = qmgrs["QMZ1"], qmgrs["QMZ2"]
    assert qmz1.execute(
        "ALTER QLOCAL(QMZ2) TRIGGER TRIGTYPE(FIRST) "
        "INITQ(SYSTEM.CHANNEL.INITQ) TRIGDATA(QMZ1.TO.QMZ2)",
        source=CommandSource.CONSOLE,
    ).ok
    assert qmz1.put("PAY.OUT", 5, 100, persistent=True).done == 5
    assert persistent_on(qmz2, "PAY.IN") == 5 and persistent_on(qmz1, "QMZ2") == 0
    lines = network.console_lines()
    assert "MQSC347I QMZ1 CSQXRESP Channel QMZ1.TO.QMZ2 started" in lines
    # A stopped channel is not triggered: the messages wait.
    qmz1.execute("STOP CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE)
    qmz1.put("PAY.OUT", 3, 100, persistent=True)
    assert persistent_on(qmz1, "QMZ2") == 3
    # Without TRIGGER an inactive channel stays inactive (with it, it would start again at
    # once: an inactive channel with messages waiting is what triggering is for).
    qmz1.execute("ALTER QLOCAL(QMZ2) NOTRIGGER", source=CommandSource.CONSOLE)
    qmz1.execute("STOP CHANNEL(QMZ1.TO.QMZ2) STATUS(INACTIVE)", source=CommandSource.CONSOLE)
    qmz1.put("PAY.OUT", 1, 100, persistent=True)
    assert persistent_on(qmz1, "QMZ2") == 4
    qmz1.execute("ALTER QLOCAL(QMZ2) TRIGGER", source=CommandSource.CONSOLE)
    assert persistent_on(qmz1, "QMZ2") == 0 and persistent_on(qmz2, "PAY.IN") == 9


def test_a_get_inhibited_transmission_queue_holds_its_messages() -> None:
    qmgrs, _network = pair()
    set_up(qmgrs)
    qmz1, qmz2 = qmgrs["QMZ1"], qmgrs["QMZ2"]
    qmz1.execute("ALTER QLOCAL(QMZ2) GET(DISABLED)", source=CommandSource.CONSOLE)
    qmz1.execute("START CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE)
    qmz1.put("PAY.OUT", 6, 100, persistent=True)
    assert persistent_on(qmz1, "QMZ2") == 6 and persistent_on(qmz2, "PAY.IN") == 0
    qmz1.execute("ALTER QLOCAL(QMZ2) GET(ENABLED)", source=CommandSource.CONSOLE)
    assert persistent_on(qmz1, "QMZ2") == 0 and persistent_on(qmz2, "PAY.IN") == 6


def nonpersistent_on(qm, queue: str) -> int:
    return sum(r.count for r in qm.queued(queue) or () if not r.persistent)


@pytest.mark.parametrize("npmspeed, delivered", [("FAST", 0), ("NORMAL", 4)])
def test_fast_nonpersistent_messages_of_a_killed_batch_are_lost(npmspeed, delivered) -> None:
    """NPMSPEED(FAST) (IBM "Fast, nonpersistent messages"): nonpersistent messages travel
    outside the batch's unit of work, so when the process sending a batch dies before the
    receiver commits, they are lost where NPMSPEED(NORMAL) sends them again; the persistent
    ones are sent again either way."""
    qmgrs, network = pair()
    set_up(qmgrs)
    qmz1, qmz2 = qmgrs["QMZ1"], qmgrs["QMZ2"]
    assert qmz1.execute(
        f"ALTER CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(SDR) NPMSPEED({npmspeed})",
        source=CommandSource.CONSOLE,
    ).ok
    qmz1.put("PAY.OUT", 4, 100, persistent=False)
    qmz1.put("PAY.OUT", 3, 100, persistent=True)

    def die(*args, **kwargs):
        raise Killed

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(network_module, "deliver", die)
        with pytest.raises(Killed):
            qmz1.execute("START CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE)
    assert channelstate.in_doubt(qmz1.channel_state(), "QMZ1.TO.QMZ2") is not None
    qmz1.execute("STOP CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE)
    qmz1.execute("START CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE)
    assert "backed out, resynchronized with QMZ2" in " ".join(network.console_lines())
    assert persistent_on(qmz2, "PAY.IN") == 3 and not qmz1.queued("QMZ2")
    assert nonpersistent_on(qmz2, "PAY.IN") == delivered


def test_a_message_with_data_arrives_with_its_data_and_message_id() -> None:
    """A channel moves the message itself (IBM "Channel synchronization"): what was put with
    data on QMZ1 (the messaging REST API, `mqsc put --data`) is got on QMZ2 with the same
    data, MsgId and CorrelId; one put without data arrives as zeros of its size."""
    qmgrs, _ = pair()
    set_up(qmgrs)
    assert qmgrs["QMZ1"].execute("START CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE).ok
    put = qmgrs["QMZ1"].put_message("PAY.OUT", b"payload one", correlid=b"C" * 24)
    [sent] = put.delivered
    assert qmgrs["QMZ1"].put("PAY.OUT", 1, 7).done == 1
    got = qmgrs["QMZ2"].get_message("PAY.IN")
    [arrived] = got.delivered
    assert (arrived.data, arrived.msgid, arrived.correlid) == (
        b"payload one",
        sent.msgid,
        b"C" * 24,
    )
    [zeros] = qmgrs["QMZ2"].get_message("PAY.IN").delivered
    assert zeros.data == bytes(7)
