"""Queue manager clusters on the channel network (docs/clusters.md): membership, the repository
as messages, cluster transmission queues, routing, the commands' rules and refusals, and the
same cluster in durable queue managers of an mqsc home driven through the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from mqsc.catalog import CommandSource
from mqsc.catalog.mqrc import (
    MQRC_CLUSTER_PUT_INHIBITED,
    MQRC_UNKNOWN_ALIAS_BASE_Q,
    MQRC_UNKNOWN_OBJECT_NAME,
)
from mqsc.cli import main
from mqsc.engine import channelstate, repository
from mqsc.engine.connregistry import NotConnected
from mqsc.engine.serial import digest
from mqsc.engine.state import Txn
from mqsc.store.home import open_qmgr
from tests.network.test_cluster_golden import trio

PORTS = {"QMA": 1414, "QMB": 1415, "QMC": 1416}


def deck(name: str, weight: int = 50) -> list[str]:
    """A member's definitions: QMA and QMB full repositories, QMC partial; each joins through a
    manually defined cluster-sender to QMA (QMA to QMB)."""
    port = PORTS[name]
    lines = ["START CHINIT", f"START LISTENER PORT({port})"]
    if name in ("QMA", "QMB"):
        lines.append("ALTER QMGR REPOS(DEMO)")
    lines.append(
        f"DEFINE CHANNEL(TO.{name}) CHLTYPE(CLUSRCVR) "
        f"CONNAME('{name.lower()}.example.com({port})') CLUSTER(DEMO) CLWLWGHT({weight})"
    )
    return lines


def sender(name: str, to: str) -> str:
    port = PORTS[to]
    return (
        f"DEFINE CHANNEL(TO.{to}) CHLTYPE(CLUSSDR) CONNAME('{to.lower()}.example.com({port})') "
        "CLUSTER(DEMO)"
    )


def ok(qm, text: str) -> None:
    result = qm.execute(text, source=CommandSource.CONSOLE)
    assert result.ok, (text, result.message_ids)


def cluster(weights=(50, 50, 50)):
    """QMA, QMB (full repositories) and QMC (partial) joined in cluster DEMO."""
    qmgrs, network = trio()
    for (name, qm), weight in zip(qmgrs.items(), weights, strict=True):
        for text in deck(name, weight):
            ok(qm, text)
    ok(qmgrs["QMA"], sender("QMA", "QMB"))
    ok(qmgrs["QMB"], sender("QMB", "QMA"))
    ok(qmgrs["QMC"], sender("QMC", "QMA"))
    return qmgrs, network


def depth(qm, queue: str) -> int:
    store = qm.state.tables["messages"].get(queue)
    return store.depth if store is not None else 0


def known(qm) -> set[tuple[str, str, str]]:
    repo = repository.view(Txn(qm.state))
    return {(r.kind, r.name, r.qmname) for r in repo.records.values()}


def test_every_member_knows_the_full_repositories_and_they_know_everyone() -> None:
    qmgrs, _ = cluster()
    everyone = {("QMGR", n, n) for n in ("QMA", "QMB", "QMC")}
    assert {r for r in known(qmgrs["QMA"]) if r[0] == "QMGR"} == everyone
    assert {r for r in known(qmgrs["QMB"]) if r[0] == "QMGR"} == everyone
    assert {r for r in known(qmgrs["QMC"]) if r[0] == "QMGR"} == everyone
    # The repository is messages: one per record, persistent, on page set 2 (SYSLNGLV).
    for qm in qmgrs.values():
        assert depth(qm, repository.REPOSITORY_QUEUE) == len(known(qm))
        runs = qm.state.tables["messages"][repository.REPOSITORY_QUEUE].runs
        assert all(r.persistent and r.psid == 2 and r.body is not None for r in runs)
        assert depth(qm, repository.COMMAND_QUEUE) == 0


def test_a_partial_repository_learns_only_what_it_uses() -> None:
    qmgrs, _ = cluster()
    ok(qmgrs["QMA"], "DEFINE QLOCAL(PAY.IN) CLUSTER(DEMO)")
    ok(qmgrs["QMB"], "DEFINE QLOCAL(OTHER.IN) CLUSTER(DEMO)")
    assert ("QUEUE", "PAY.IN", "QMA") in known(qmgrs["QMB"])  # a full repository knows all
    assert not {r for r in known(qmgrs["QMC"]) if r[0] == "QUEUE"}
    assert qmgrs["QMC"].put("PAY.IN", 5, 100).done == 5
    assert ("QUEUE", "PAY.IN", "QMA") in known(qmgrs["QMC"])
    assert ("QUEUE", "OTHER.IN", "QMB") not in known(qmgrs["QMC"])
    assert depth(qmgrs["QMA"], "PAY.IN") == 5
    # A name no member defines: asked once, MQRC 2085, nothing moved.
    outcome = qmgrs["QMC"].put("NO.SUCH.QUEUE", 3, 100)
    assert outcome.reason == MQRC_UNKNOWN_OBJECT_NAME and not outcome.done


def test_changes_reach_the_partial_repository_that_uses_the_queue() -> None:
    qmgrs, _ = cluster()
    ok(qmgrs["QMA"], "DEFINE QLOCAL(PAY.IN) CLUSTER(DEMO) DEFBIND(NOTFIXED)")
    ok(qmgrs["QMB"], "DEFINE QLOCAL(PAY.IN) CLUSTER(DEMO) DEFBIND(NOTFIXED)")
    assert qmgrs["QMC"].put("PAY.IN", 10, 100).routed == (("QMA", 5), ("QMB", 5))
    ok(qmgrs["QMB"], "ALTER QLOCAL(PAY.IN) PUT(DISABLED)")
    assert qmgrs["QMC"].put("PAY.IN", 10, 100).routed == (("QMA", 10),)
    ok(qmgrs["QMA"], "ALTER QLOCAL(PAY.IN) PUT(DISABLED)")
    assert qmgrs["QMC"].put("PAY.IN", 1, 100).reason == MQRC_CLUSTER_PUT_INHIBITED
    ok(qmgrs["QMA"], "ALTER QLOCAL(PAY.IN) PUT(ENABLED)")
    # Taken out of the cluster (IBM "Removing a cluster queue from a queue manager").
    ok(qmgrs["QMB"], "ALTER QLOCAL(PAY.IN) CLUSTER(' ') PUT(ENABLED)")
    assert ("QUEUE", "PAY.IN", "QMB") not in known(qmgrs["QMC"])
    assert qmgrs["QMC"].put("PAY.IN", 4, 100).routed == (("QMA", 4),)


def test_defbind_open_sends_every_message_of_one_open_to_one_instance() -> None:
    qmgrs, _ = cluster()
    for name in ("QMA", "QMB"):
        ok(qmgrs[name], "DEFINE QLOCAL(PAY.IN) CLUSTER(DEMO)")
    first = qmgrs["QMC"].put("PAY.IN", 30, 100)
    second = qmgrs["QMC"].put("PAY.IN", 30, 100)
    assert len(first.routed) == len(second.routed) == 1
    assert first.routed[0][0] != second.routed[0][0]  # each MQOPEN chooses again


def test_a_local_instance_is_used_unless_clwluseq_says_any() -> None:
    qmgrs, _ = cluster()
    for name in ("QMA", "QMC"):
        ok(qmgrs[name], "DEFINE QLOCAL(PAY.IN) CLUSTER(DEMO) DEFBIND(NOTFIXED)")
    # A queue manager hosting a cluster queue learns of its other instances.
    assert ("QUEUE", "PAY.IN", "QMA") in known(qmgrs["QMC"])
    assert qmgrs["QMC"].put("PAY.IN", 10, 100).routed == ()  # CLWLUSEQ(QMGR) -> LOCAL
    assert depth(qmgrs["QMC"], "PAY.IN") == 10
    ok(qmgrs["QMC"], "ALTER QLOCAL(PAY.IN) CLWLUSEQ(ANY)")
    assert qmgrs["QMC"].put("PAY.IN", 10, 100).routed == (("QMA", 5), ("QMC", 5))
    ok(qmgrs["QMC"], "ALTER QLOCAL(PAY.IN) CLWLUSEQ(QMGR)")
    ok(qmgrs["QMC"], "ALTER QMGR CLWLUSEQ(ANY)")
    assert sum(n for _, n in qmgrs["QMC"].put("PAY.IN", 10, 100).routed) == 10
    assert depth(qmgrs["QMA"], "PAY.IN") + depth(qmgrs["QMC"], "PAY.IN") == 30


def test_a_remote_queue_naming_a_cluster_queue_manager_goes_over_the_cluster() -> None:
    qmgrs, _ = cluster()
    ok(qmgrs["QMB"], "DEFINE QLOCAL(DIRECT.IN)")
    ok(qmgrs["QMC"], "DEFINE QREMOTE(DIRECT.OUT) RNAME(DIRECT.IN) RQMNAME(QMB)")
    outcome = qmgrs["QMC"].put("DIRECT.OUT", 7, 100)
    assert outcome.done == 7 and outcome.routed == (("QMB", 7),)
    assert depth(qmgrs["QMB"], "DIRECT.IN") == 7


def test_defclxq_channel_gives_each_cluster_sender_its_own_transmission_queue() -> None:
    qmgrs, _ = cluster()
    ok(qmgrs["QMB"], "DEFINE QLOCAL(PAY.IN) CLUSTER(DEMO)")
    qmc = qmgrs["QMC"]
    ok(qmc, "ALTER QMGR DEFCLXQ(CHANNEL)")
    assert "TO.QMB" not in channelstate.statuses(qmc.channel_state())  # never started yet
    assert qmc.put("PAY.IN", 3, 100).done == 3
    assert "SYSTEM.CLUSTER.TRANSMIT.TO.QMB" in qmc.state.tables["qlocal"]
    status = channelstate.statuses(qmc.channel_state())["TO.QMB"]
    assert status.xmitq == "SYSTEM.CLUSTER.TRANSMIT.TO.QMB"
    assert depth(qmgrs["QMB"], "PAY.IN") == 3


def test_a_transmission_queue_with_clchname_takes_the_channels_it_names() -> None:
    qmgrs, _ = cluster()
    ok(qmgrs["QMB"], "DEFINE QLOCAL(PAY.IN) CLUSTER(DEMO)")
    qmc = qmgrs["QMC"]
    ok(qmc, "DEFINE QLOCAL(XMIT.TO.B) USAGE(XMITQ) CLCHNAME(TO.QMB*)")
    ok(qmc, "DEFINE QLOCAL(XMIT.ALL) USAGE(XMITQ) CLCHNAME(TO.*)")
    assert repository.xmitq_for(Txn(qmc.state), "TO.QMB") == "XMIT.TO.B"  # most specific
    assert qmc.put("PAY.IN", 2, 100).done == 2
    assert depth(qmgrs["QMB"], "PAY.IN") == 2
    assert channelstate.statuses(qmc.channel_state())["TO.QMB"].xmitq == "XMIT.TO.B"


def test_commands_wait_on_the_command_queue_while_the_channel_initiator_is_stopped() -> None:
    qmgrs, _ = cluster()
    qma = qmgrs["QMA"]
    ok(qma, "STOP CHINIT")
    ok(qma, "DEFINE QLOCAL(LATE.IN) CLUSTER(DEMO)")
    assert depth(qma, repository.COMMAND_QUEUE) == 1
    assert ("QUEUE", "LATE.IN", "QMA") not in known(qmgrs["QMB"])
    ok(qma, "START CHINIT")
    ok(qma, f"START LISTENER PORT({PORTS['QMA']})")
    assert depth(qma, repository.COMMAND_QUEUE) == 0
    assert ("QUEUE", "LATE.IN", "QMA") in known(qmgrs["QMB"])


def test_suspend_force_stops_the_cluster_receivers() -> None:
    qmgrs, _ = cluster()
    qmb = qmgrs["QMB"]
    ok(qmb, "SUSPEND QMGR CLUSTER(DEMO) MODE(FORCE)")
    assert channelstate.statuses(qmb.channel_state())["TO.QMB"].status == "STOPPED"
    assert known(qmgrs["QMA"]) >= {("QMGR", "QMB", "QMB")}
    repo = repository.view(Txn(qmgrs["QMA"].state))
    assert repo.qmgrs("DEMO")[1].get("SUSPEND") == "YES"
    ok(qmb, "RESUME QMGR CLUSTER(DEMO)")
    assert "TO.QMB" not in channelstate.statuses(qmb.channel_state())
    repo = repository.view(Txn(qmgrs["QMA"].state))
    assert repo.qmgrs("DEMO")[1].get("SUSPEND") == "NO"


def test_suspend_by_namelist() -> None:
    qmgrs, _ = cluster()
    qmb = qmgrs["QMB"]
    ok(qmb, "DEFINE NAMELIST(MYCLUS) NAMES(DEMO)")
    ok(qmb, "SUSPEND QMGR CLUSNL(MYCLUS)")
    assert repository.suspended(Txn(qmb.state)) == {"DEMO": "QUIESCE"}
    result = qmb.execute("SUSPEND QMGR CLUSNL(NO.SUCH.NL)", source=CommandSource.CONSOLE)
    assert not result.ok and "CSQM125I" in result.message_ids


def test_refresh_repos_yes_on_a_partial_repository_finds_the_full_ones_again() -> None:
    qmgrs, _ = cluster()
    qmc = qmgrs["QMC"]
    result = qmc.execute("REFRESH CLUSTER(DEMO) REPOS(YES)", source=CommandSource.CONSOLE)
    assert result.ok and "MQSC387I" in result.message_ids
    assert {r for r in known(qmc) if r[0] == "QMGR"} == {
        ("QMGR", n, n) for n in ("QMA", "QMB", "QMC")
    }


def test_the_repository_survives_a_restart() -> None:
    qmgrs, _ = cluster()
    qmc = qmgrs["QMC"]
    before = known(qmc)
    ok(qmc, "STOP QMGR")
    qmc.execute("START QMGR", source=CommandSource.CONSOLE)
    assert known(qmc) == before  # persistent messages on SYSTEM.CLUSTER.REPOSITORY.QUEUE


def test_cluster_queues_in_display_queue_and_topics_in_display_topic() -> None:
    qmgrs, _ = cluster()
    ok(qmgrs["QMA"], "DEFINE QLOCAL(PAY.IN) CLUSTER(DEMO) DESCR('pay')")
    ok(qmgrs["QMA"], "DEFINE TOPIC(PRICES) TOPICSTR('prices') CLUSTER(DEMO)")
    qmb = qmgrs["QMB"]
    result = qmb.execute("DISPLAY QUEUE(PAY.*) TYPE(QCLUSTER) CLUSQMGR DESCR")
    assert [dict(o.attrs)["CLUSQMGR"] for o in result.objects] == ["QMA"]
    result = qmb.execute("DISPLAY QLOCAL(PAY.*) CLUSINFO")
    assert [(dict(o.attrs)["QUEUE"], dict(o.attrs)["TYPE"]) for o in result.objects] == [
        ("PAY.IN", "QCLUSTER")
    ]
    result = qmgrs["QMC"].execute("DISPLAY TOPIC(*) TYPE(CLUSTER)")
    assert [dict(o.attrs)["TOPIC"] for o in result.objects] == ["PRICES"]


BAD = [
    "ALTER QMGR REPOSNL(CLUSTERS)",
    "DEFINE QLOCAL(BOTH) CLUSTER(DEMO) CLUSNL(CLUSTERS)",
    "DEFINE CHANNEL(TO.X) CHLTYPE(CLUSRCVR) CLUSTER(DEMO) CLUSNL(CLUSTERS)",
    "REFRESH CLUSTER(DEMO) REPOS(YES)",
    "REFRESH CLUSTER(NOT.MINE)",
    "RESET CLUSTER(DEMO) ACTION(FORCEREMOVE) QMNAME(QMX)",
    "RESET CLUSTER(DEMO) ACTION(FORCEREMOVE) QMNAME(QMA)",
    "RESET CLUSTER(DEMO) ACTION(FORCEREMOVE) QMNAME(QMB) QMID(QMB.X)",
    "RESET CLUSTER(OTHER) ACTION(FORCEREMOVE) QMNAME(QMB)",
    "SUSPEND QMGR CLUSTER(NOT.MINE)",
    "ALTER QMGR REPOS(" + "C" * 49 + ")",
    "DEFINE QLOCAL(LONG) CLUSTER(" + "C" * 49 + ")",
    "DEFINE CHANNEL(TO.Y) CHLTYPE(CLUSRCVR) CLUSTER(" + "C" * 49 + ")",
]


@pytest.mark.parametrize("command", BAD)
def test_bad_cluster_commands_change_nothing(command: str) -> None:
    qmgrs, _ = cluster()
    qma = qmgrs["QMA"]
    ok(qma, "DEFINE NAMELIST(CLUSTERS) NAMES(DEMO, TEST)")
    before = {name: qm.digest() for name, qm in qmgrs.items()}
    result = qma.execute(command, source=CommandSource.CONSOLE)
    assert not result.ok
    assert {name: qm.digest() for name, qm in qmgrs.items()} == before


def test_cluster_commands_need_the_channel_initiator() -> None:
    qmgrs, _ = trio()
    qma = qmgrs["QMA"]
    before = digest(qma.state)
    for command in (
        "DISPLAY CLUSQMGR(*)",
        "REFRESH CLUSTER(DEMO)",
        "RESET CLUSTER(DEMO) ACTION(FORCEREMOVE) QMNAME(QMB)",
        "SUSPEND QMGR CLUSTER(DEMO)",
        "RESUME QMGR CLUSTER(DEMO)",
        "DISPLAY QCLUSTER(*)",
    ):
        result = qma.execute(command, source=CommandSource.CONSOLE)
        assert result.message_ids == ("CSQM131I", "CSQ9023E"), command
    assert digest(qma.state) == before


def run_deck(name: str, lines: list[str], tmp_path: Path) -> None:
    path = tmp_path / f"{name}.mqsc"
    path.write_text("\n".join(lines) + "\n")
    assert main(["run", "-m", name, "--source", "console", str(path)]) == 0


def test_a_cluster_of_durable_queue_managers_through_the_command_line(tmp_path: Path) -> None:
    """The same cluster in an mqsc home: each `mqsc run` opens one queue manager, the home's
    network opens the others from their databases when their channels need them."""
    for name, port in PORTS.items():
        assert main(["create", name, "--listener", str(port)]) == 0
    run_deck("QMA", [*deck("QMA")[2:], sender("QMA", "QMB")], tmp_path)
    run_deck("QMB", [*deck("QMB")[2:], sender("QMB", "QMA")], tmp_path)
    run_deck("QMC", [*deck("QMC")[2:], sender("QMC", "QMA")], tmp_path)
    run_deck("QMA", ["DEFINE QLOCAL(PAY.IN) CLUSTER(DEMO) DEFBIND(NOTFIXED)"], tmp_path)
    run_deck("QMB", ["DEFINE QLOCAL(PAY.IN) CLUSTER(DEMO) DEFBIND(NOTFIXED)"], tmp_path)
    assert main(["put", "PAY.IN", "-m", "QMC", "--count", "100", "--size", "64"]) == 0
    depths = {}
    for name in ("QMA", "QMB", "QMC"):
        qm = open_qmgr(name)
        try:
            depths[name] = depth(qm, "PAY.IN")
            assert depth(qm, repository.COMMAND_QUEUE) == 0
            if name == "QMC":
                assert ("QUEUE", "PAY.IN", "QMA") in known(qm)
                assert depth(qm, repository.TRANSMIT_QUEUE) == 0
        finally:
            qm.close()
    assert depths == {"QMA": 50, "QMB": 50, "QMC": 0}


def test_namelists_name_the_clusters_of_a_full_repository_and_of_a_queue() -> None:
    qmgrs, _ = trio()
    qma, qmb, qmc = qmgrs["QMA"], qmgrs["QMB"], qmgrs["QMC"]
    for qm, name in ((qma, "QMA"), (qmb, "QMB"), (qmc, "QMC")):
        ok(qm, "START CHINIT")
        ok(qm, f"START LISTENER PORT({PORTS[name]})")
        ok(qm, "DEFINE NAMELIST(BOTH) NAMES(EAST, WEST)")
    ok(qma, "ALTER QMGR REPOSNL(BOTH)")
    for qm, name in ((qma, "QMA"), (qmb, "QMB"), (qmc, "QMC")):
        ok(
            qm,
            f"DEFINE CHANNEL(TO.{name}) CHLTYPE(CLUSRCVR) "
            f"CONNAME('{name.lower()}({PORTS[name]})') CLUSNL(BOTH)",
        )
    for qm in (qmb, qmc):
        ok(
            qm,
            f"DEFINE CHANNEL(TO.QMA) CHLTYPE(CLUSSDR) CONNAME('qma({PORTS['QMA']})') CLUSNL(BOTH)",
        )
    ok(qmb, "DEFINE QLOCAL(EAST.ONLY) CLUSTER(EAST)")
    ok(qmb, "DEFINE QLOCAL(EVERYWHERE) CLUSNL(BOTH)")
    repo = repository.view(Txn(qma.state))
    assert {(r.cluster, r.qmname, r.get("QMTYPE")) for r in repo.qmgrs()} == {
        (c, q, "REPOS" if q == "QMA" else "NORMAL") for c in ("EAST", "WEST") for q in PORTS
    }
    assert {(r.name, r.cluster) for r in repo.queues()} == {
        ("EAST.ONLY", "EAST"),
        ("EVERYWHERE", "EAST"),
        ("EVERYWHERE", "WEST"),
    }
    assert qmc.put("EVERYWHERE", 4, 100).routed == (("QMB", 4),)
    result = qmc.execute("DISPLAY QCLUSTER(EVERYWHERE) CLUSTER", source=CommandSource.CONSOLE)
    assert sorted(dict(o.attrs)["CLUSTER"] for o in result.objects) == ["EAST", "WEST"]


def test_records_not_published_again_for_30_days_expire() -> None:
    import datetime as dt

    qmgrs, network = cluster()
    moment = [qmgrs["QMA"].clock()]
    for qm in qmgrs.values():
        qm.clock = lambda: moment[0]
    ok(qmgrs["QMB"], "DEFINE QLOCAL(PAY.IN) CLUSTER(DEMO)")
    assert qmgrs["QMC"].put("PAY.IN", 1, 10).routed == (("QMB", 1),)
    ok(qmgrs["QMB"], "STOP CHINIT")  # QMB can publish nothing any more
    moment[0] += dt.timedelta(days=27, minutes=1)
    network.settle()
    assert ("QMGR", "QMB", "QMB") in known(qmgrs["QMC"])  # the others republished theirs
    assert ("QMGR", "QMA", "QMA") in known(qmgrs["QMC"])
    moment[0] += dt.timedelta(days=3)
    network.settle()
    assert ("QMGR", "QMB", "QMB") not in known(qmgrs["QMC"])
    assert ("QUEUE", "PAY.IN", "QMB") not in known(qmgrs["QMA"])
    assert ("QMGR", "QMA", "QMA") in known(qmgrs["QMC"])  # refreshed at 27 days: kept


def test_the_mqi_opens_a_cluster_queue_and_puts_to_it_in_syncpoint() -> None:
    # MQOPEN, MQPUT1 and a put in syncpoint resolve a name the same way (local, alias, remote,
    # then the cluster); the partial repository asks the full ones at the first MQOPEN.
    qmgrs, network = cluster()
    ok(qmgrs["QMA"], "DEFINE QLOCAL(PAY.IN) CLUSTER(DEMO)")
    qmc = qmgrs["QMC"]
    xmitq = repository.TRANSMIT_QUEUE
    with qmc.connection("APP", userid="U") as conn:
        assert conn.open("PAY.IN") == 1
        handles = next(c for c in qmc.connections() if c.appltag == "APP").handles
        assert [h.objname for h in handles] == ["PAY.IN"]
        outcome = conn.put("PAY.IN", count=3, syncpoint=True)
        assert (outcome.done, outcome.reason, outcome.routed) == (3, 0, (("QMA", 3),))
        network.settle()
        assert depth(qmgrs["QMA"], "PAY.IN") == 0  # not before the commit
        conn.commit()
        assert depth(qmgrs["QMA"], "PAY.IN") == 3 and depth(qmc, xmitq) == 0
        assert conn.put("PAY.IN", count=2, syncpoint=True).done == 2
        assert depth(qmc, xmitq) == 2
        conn.backout()
        network.settle()
        assert depth(qmc, xmitq) == 0 and depth(qmgrs["QMA"], "PAY.IN") == 3
        missing = conn.put("NO.SUCH.QUEUE", count=1, syncpoint=True)
        assert (missing.done, missing.reason) == (0, MQRC_UNKNOWN_OBJECT_NAME)
        with pytest.raises(NotConnected) as refused:
            conn.open("NO.SUCH.QUEUE")
        assert refused.value.reason == MQRC_UNKNOWN_OBJECT_NAME
    ok(qmgrs["QMA"], "ALTER QLOCAL(PAY.IN) PUT(DISABLED)")
    with qmc.connection("APP", userid="U") as conn:
        with pytest.raises(NotConnected) as refused:
            conn.open("PAY.IN")
        assert refused.value.reason == MQRC_CLUSTER_PUT_INHIBITED


def test_a_local_alias_of_a_cluster_queue_resolves_through_the_cluster() -> None:
    # IBM "2001 (07D1) (RC2001): MQRC_ALIAS_BASE_Q_TYPE_ERROR": an alias's base may be a
    # cluster queue; the partial repository QMC learns of it at the alias's first MQOPEN.
    qmgrs, _ = cluster()
    ok(qmgrs["QMA"], "DEFINE QLOCAL(PAY.IN) CLUSTER(DEMO)")
    qmc = qmgrs["QMC"]
    ok(qmc, "DEFINE QALIAS(PAY.ALIAS) TARGET(PAY.IN)")
    ok(qmc, "DEFINE QALIAS(LOST.ALIAS) TARGET(NO.SUCH.QUEUE)")
    outcome = qmc.put_message("PAY.ALIAS", b"x")
    assert (outcome.done, outcome.reason, outcome.routed) == (1, 0, (("QMA", 1),))
    assert depth(qmgrs["QMA"], "PAY.IN") == 1
    with qmc.connection("APP", userid="U") as conn:
        assert conn.put("PAY.ALIAS", count=2, syncpoint=True).routed == (("QMA", 2),)
        conn.commit()
    assert depth(qmgrs["QMA"], "PAY.IN") == 3
    lost = qmc.put_message("LOST.ALIAS", b"x")
    assert (lost.done, lost.reason) == (0, MQRC_UNKNOWN_ALIAS_BASE_Q)
