"""Cluster delivery as a contract (docs/clusters.md): whatever members join and leave the queue's
cluster, suspend and resume, or stop listening while messages are put, every message put to a
cluster queue arrives exactly once, at an instance that was eligible when it was put (in the
cluster then, and not suspended while one that was not suspended was there), once every
member listens again and the channels have had their retries. MQSC_STRICT=1 makes any engine
exception a failure."""

from __future__ import annotations

import datetime as dt
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mqsc.catalog import CommandSource
from mqsc.catalog.mqrc import MQRC_UNKNOWN_OBJECT_NAME
from mqsc.engine import repository
from tests.network.test_clusters import PORTS, cluster

HOSTS = ("QMA", "QMB")

ACTIONS = st.one_of(
    st.tuples(
        st.sampled_from(("suspend", "resume", "leave", "join", "deaf", "listen")),
        st.sampled_from(HOSTS),
    ),
    st.tuples(st.just("put"), st.integers(1, 4)),
    st.tuples(st.just("time"), st.sampled_from((30, 61, 1201))),
)


def execute(qm, text: str) -> None:
    result = qm.execute(text, source=CommandSource.CONSOLE)
    assert result.ok, (text, result.message_ids)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ACTIONS, min_size=1, max_size=25))
def test_every_message_arrives_once_at_an_instance_eligible_when_put(actions) -> None:
    qmgrs, network = cluster()
    moment = [qmgrs["QMA"].clock()]
    for qm in qmgrs.values():
        qm.clock = lambda: moment[0]
    for host in HOSTS:
        execute(qmgrs[host], "DEFINE QLOCAL(PAY.IN) CLUSTER(DEMO) DEFBIND(NOTFIXED)")
    clustered = {h: True for h in HOSTS}
    suspended = {h: False for h in HOSTS}
    listening = {h: True for h in HOSTS}
    sent: dict[bytes, str] = {}
    serial = 0
    # QMC, a partial repository, learns of PAY.IN at its first MQOPEN by asking the full
    # repositories (QMA, QMB); until then, with neither reachable, the name is unknown to it.
    learned = False

    for action, arg in actions:
        if action == "put":
            for _ in range(arg):
                serial += 1
                data = f"message {serial}".encode()
                outcome = qmgrs["QMC"].put_message("PAY.IN", data)
                if not learned and not any(listening.values()):
                    assert outcome.reason == MQRC_UNKNOWN_OBJECT_NAME and not outcome.done
                    continue
                eligible = {h for h in HOSTS if clustered[h]}
                if not eligible:
                    assert outcome.reason == MQRC_UNKNOWN_OBJECT_NAME and not outcome.done
                    continue
                assert outcome.done == 1, outcome.reason
                learned = True
                ((chosen, count),) = outcome.routed
                assert count == 1 and chosen in eligible
                if any(not suspended[h] for h in eligible):
                    assert not suspended[chosen]
                sent[data] = chosen
        elif action == "time":
            moment[0] = moment[0] + dt.timedelta(seconds=arg)
            network.settle()
        else:
            qm = qmgrs[arg]
            if action == "suspend" and not suspended[arg]:
                execute(qm, "SUSPEND QMGR CLUSTER(DEMO)")
                suspended[arg] = True
            elif action == "resume" and suspended[arg]:
                execute(qm, "RESUME QMGR CLUSTER(DEMO)")
                suspended[arg] = False
            elif action == "leave" and clustered[arg]:
                execute(qm, "ALTER QLOCAL(PAY.IN) CLUSTER(' ')")
                clustered[arg] = False
            elif action == "join" and not clustered[arg]:
                execute(qm, "ALTER QLOCAL(PAY.IN) CLUSTER(DEMO)")
                clustered[arg] = True
            elif action == "deaf" and listening[arg]:
                execute(qm, f"STOP LISTENER PORT({PORTS[arg]})")
                listening[arg] = False
            elif action == "listen" and not listening[arg]:
                execute(qm, f"START LISTENER PORT({PORTS[arg]})")
                listening[arg] = True

    # Every member listens again; the channels retry (short retries, then long ones).
    for host in HOSTS:
        if not listening[host]:
            execute(qmgrs[host], f"START LISTENER PORT({PORTS[host]})")
    for seconds in (61, 61, 1201, 1201):
        moment[0] = moment[0] + dt.timedelta(seconds=seconds)
        network.settle()

    arrived: Counter = Counter()
    where: dict[bytes, str] = {}
    for host in HOSTS:
        for message in qmgrs[host].browse_messages("PAY.IN", 10_000).delivered:
            arrived[message.data] += 1
            where[message.data] = host
    assert set(arrived) == set(sent)
    assert all(n == 1 for n in arrived.values())
    assert where == sent
    for qm in qmgrs.values():
        for queue in (repository.TRANSMIT_QUEUE, "SYSTEM.DEAD.LETTER.QUEUE"):
            store = qm.state.tables["messages"].get(queue)
            assert store is None or not store.depth, (qm.name, queue)
