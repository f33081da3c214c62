"""Queue manager clusters (mqsc/catalog/clusters.py): DISPLAY CLUSQMGR from the queue manager's
cluster repository, REFRESH CLUSTER and RESET CLUSTER through its repository manager
(mqsc/engine/clusterstate.py, docs/clusters.md).

Each needs the channel initiator, which runs the repository manager: while it is not active
they get its answer, CSQM131I (IBM "RESET CLUSTER" usage notes: "On z/OS, the command fails if
the channel initiator has not been started").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from mqsc.catalog.clusters import CLUSQMGR
from mqsc.engine import channelstate, clusterstate, objectcommands, repository
from mqsc.engine.channelrecords import ChannelStatus
from mqsc.engine.context import Ctx
from mqsc.engine.registry import handles
from mqsc.engine.repository import CLUSRCVR, CLUSSDR, TEMP_PREFIX, Record


# ---- DISPLAY CLUSQMGR -------------------------------------------------------------------------
@handles("DISPLAY", "CLUSQMGR")
def display_clusqmgr(ctx: Ctx) -> None:
    """IBM "DISPLAY CLUSQMGR": "If you issue this command from a queue manager with a full
    repository, the information returned applies to every queue manager in the cluster.
    Otherwise the information returned applies only to the queue managers in which it has an
    interest" - what its repository holds. A manually defined cluster-sender channel whose
    partner the cluster has not named yet shows as SYSTEM.TEMPQMGR.conname."""
    clusterstate.require_chinit(ctx)
    objectcommands.display(ctx, CLUSQMGR, selected(ctx))


def selected(ctx: Ctx) -> Iterator[Callable[[str], object]]:
    cmd = ctx.cmd
    pattern = str(cmd.name)
    channel_filter = cmd.get("CHANNEL")
    cluster_filter = cmd.get("CLUSTER")
    for row in rows(ctx):
        if not objectcommands.matches(pattern, str(row["CLUSQMGR"])):
            continue
        if channel_filter is not None and not objectcommands.matches(
            str(channel_filter), str(row["CHANNEL"])
        ):
            continue
        if cluster_filter is not None and not objectcommands.matches(
            str(cluster_filter), str(row["CLUSTER"])
        ):
            continue
        yield objectcommands.values_getter(row)


def rows(ctx: Ctx) -> list[dict[str, Any]]:
    """Every cluster queue manager this queue manager knows, as DISPLAY CLUSQMGR shows it, in
    cluster and name order."""
    txn = ctx.txn
    own = repository.qmid(ctx.qm.name)
    statuses = channelstate.chinit_of(ctx).statuses
    repo = repository.view(txn)
    found: list[dict[str, Any]] = []
    named: set[str] = set()
    for record in repo.qmgrs():
        channel = str(record.get("CHANNEL", ""))
        named.add(channel)
        found.append(_row(ctx, record, record.qmid == own, statuses))
    for channel in sorted(txn.values("channel"), key=lambda c: c.name):
        if channel.get("CHLTYPE") != CLUSSDR or channel.name in named:
            continue
        for cluster in repository.clusters_of(txn, channel):
            found.append(_manual(ctx, channel, cluster, statuses))
    return sorted(found, key=lambda r: (r["CLUSTER"], r["CLUSQMGR"], r["CHANNEL"]))


def _row(
    ctx: Ctx, record: Record, own: bool, statuses: Mapping[str, ChannelStatus]
) -> dict[str, Any]:
    txn = ctx.txn
    channel = str(record.get("CHANNEL", ""))
    definition = txn.get("channel", channel) if own else repository.definition(txn, channel)
    values: dict[str, Any] = dict(definition.attrs) if definition is not None else {}
    values.update({k: v for k, v in record.attrs.items()})
    manual = txn.get("channel", channel)
    if own:
        deftype, status, xmitq = CLUSRCVR, "RUNNING", ""
    else:
        deftype = (
            "CLUSSDRB" if manual is not None and manual.get("CHLTYPE") == CLUSSDR else "CLUSSDRA"
        )
        state = statuses.get(channel)
        status = state.status if state else "INACTIVE"
        xmitq = state.xmitq if state else repository.xmitq_for(txn, channel)
    values.update(
        CLUSQMGR=record.qmname,
        CHANNEL=channel,
        CLUSTER=record.cluster,
        CLUSDATE=record.known[:10],
        CLUSTIME=record.known[11:],
        DEFTYPE=deftype,
        QMID=record.qmid,
        QMTYPE=record.get("QMTYPE", "NORMAL"),
        STATUS=status,
        SUSPEND=record.get("SUSPEND", "NO"),
        XMITQ=xmitq,
    )
    return values


def _manual(
    ctx: Ctx, channel: Any, cluster: str, statuses: Mapping[str, ChannelStatus]
) -> dict[str, Any]:
    state = statuses.get(channel.name)
    conname = str(channel.get("CONNAME", ""))
    stamp = channel.created or " "
    return {
        **dict(channel.attrs),
        "CLUSQMGR": TEMP_PREFIX + conname,
        "CHANNEL": channel.name,
        "CLUSTER": cluster,
        "CLUSDATE": stamp[:10],
        "CLUSTIME": stamp[11:],
        "DEFTYPE": CLUSSDR,
        "QMID": TEMP_PREFIX + conname,
        "QMTYPE": "REPOS",
        "STATUS": state.status if state else "INACTIVE",
        "SUSPEND": "NO",
        "XMITQ": state.xmitq if state else repository.xmitq_for(ctx.txn, channel.name),
    }


# ---- REFRESH CLUSTER --------------------------------------------------------------------------
@handles("REFRESH", "CLUSTER")
def refresh_cluster(ctx: Ctx) -> None:
    """IBM "REFRESH CLUSTER": REPOS(NO) keeps this queue manager's own objects and the full
    repositories' records (a full repository keeps every queue manager's); REPOS(YES) the
    full repositories' too, found again through the manually defined cluster-sender
    channels, and "It is not valid to use this option if the queue manager is a full
    repository" (CSQX406E)."""
    clusterstate.require_chinit(ctx)
    clusters = clusterstate.member_of(ctx, str(ctx.cmd.name))
    repos = ctx.cmd.get("REPOS", "NO") == "YES"
    if repos:
        full = repository.repository_clusters(ctx.txn)
        for cluster in clusters:
            if cluster in full:
                raise ctx.fail("CSQX406E", csect="CSQXREFC", cluster=cluster)
    gone = clusterstate.refresh(ctx, clusters, repos)
    ctx.say("MQSC387I", cluster=str(ctx.cmd.name), repos="YES" if repos else "NO", count=gone)


# ---- RESET CLUSTER ----------------------------------------------------------------------------
@handles("RESET", "CLUSTER")
def reset_cluster(ctx: Ctx) -> None:
    """IBM "RESET CLUSTER": ACTION(FORCEREMOVE) by a full repository only; "To avoid any
    ambiguity, it is preferable to use QMID rather than QMNAME ... If QMNAME is used, and
    there is more than one queue manager in the cluster with that name, the command is not
    actioned"; QUEUES(YES) removes its cluster queues too."""
    clusterstate.require_chinit(ctx)
    cluster = str(ctx.cmd.name)
    qmname, qmid = ctx.cmd.get("QMNAME"), ctx.cmd.get("QMID")
    if (qmname is None) == (qmid is None):
        raise ctx.fail("MQSC390E", cluster=cluster, why="name QMNAME or QMID, one of them")
    if cluster not in repository.repository_clusters(ctx.txn):
        raise ctx.fail("MQSC389E", qmgr=ctx.qm.name, cluster=cluster)
    known = repository.view(ctx.txn).qmgrs(cluster)
    if qmid is not None:
        targets = [r for r in known if r.qmid == str(qmid)]
    else:
        targets = [r for r in known if r.qmname == str(qmname)]
    if not targets:
        raise ctx.fail("MQSC390E", cluster=cluster, why=f"{qmid or qmname} is not in the cluster")
    if len(targets) > 1:
        raise ctx.fail(
            "MQSC390E", cluster=cluster, why=f"{len(targets)} queue managers are {qmname}: use QMID"
        )
    if targets[0].qmid == repository.qmid(ctx.qm.name):
        raise ctx.fail("MQSC390E", cluster=cluster, why="it names this queue manager")
    target, queues = clusterstate.force_remove(
        ctx, cluster, targets, ctx.cmd.get("QUEUES", "NO") == "YES"
    )
    ctx.say("MQSC388I", qmname=target.qmname, qmid=target.qmid, cluster=cluster, queues=queues)
