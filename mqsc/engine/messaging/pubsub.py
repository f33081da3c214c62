"""Publishing through topics: a put to an alias queue with TARGTYPE(TOPIC) is a publication.

IBM MQ 9.4, "Alias queues" and "DEFINE QALIAS" (TARGTYPE): an application that opens an alias
whose TARGET is a topic object publishes on that topic object's topic string. The queue
manager gives one copy of each publication to every subscription whose topic string matches
(IBM "Wildcard schemes", "Topic-based wildcard scheme": with WSCHEMA(TOPIC) ``#`` as a whole
level matches zero or more levels and ``+`` exactly one; with WSCHEMA(CHAR) ``*`` matches any
characters and ``?`` one). Each copy is an ordinary put to the subscription's DEST queue, so it
takes pages on that queue's page set. With no matching subscription the put succeeds and
nothing is stored (MQRC_NO_SUBS_MATCHED, 2550, is a warning only with
MQPMO_WARN_IF_NO_SUBS_MATCHED, which mqsc does not offer).

Delivery follows the topic's PMSGDLV (persistent) or NPMSGDLV (nonpersistent), resolved
through ASPARENT up the topic tree to SYSTEM.BASE.TOPIC's values (PMSGDLV ALLDUR, NPMSGDLV
ALLAVAIL, PUB ENABLED; IBM "SYSTEM.BASE.TOPIC"): ALL and ALLDUR refuse the whole publication
when a subscription cannot take it (every administrative subscription is durable), ALLAVAIL
delivers to those that can.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, cast

from mqsc.catalog.mqrc import MQRC_NONE, MQRC_PUT_INHIBITED, MQRC_UNKNOWN_OBJECT_NAME
from mqsc.engine.context import Ctx
from mqsc.engine.messaging import topictree
from mqsc.engine.mqobjects import MQObject
from mqsc.engine.records import TriggerMessage, Workload
from mqsc.engine.state import ChildTxn

#: Delivery policies that refuse a publication some subscription cannot take.
ALL_OR_NOTHING = ("ALL", "ALLDUR")

Put = Callable[..., Workload]
Refusal = Callable[["Ctx", str, int, int], int]


@dataclass(frozen=True, slots=True)
class Publication:
    """What a put to a topic alias publishes: the alias, the topic string, or the reason the
    MQOPEN/MQPUT fails (the topic string then empty)."""

    alias: MQObject
    topicstr: str
    reason: int


def publication(ctx: Ctx, queue: str) -> Publication | None:
    """The publication a put to ``queue`` makes, None when ``queue`` is no topic alias."""
    txn = ctx.txn
    alias = txn.get("qalias", queue)
    if alias is None:
        group = txn.get("gqalias", queue)
        alias = group if group is not None and group.get("QSGDISP") == "GROUP" else None
    if alias is None or alias.get("TARGTYPE") != "TOPIC":
        return None
    if alias.get("PUT") == "DISABLED":
        return Publication(alias, "", MQRC_PUT_INHIBITED)
    target = str(alias.get("TARGET", ""))
    topic = txn.get("topic", target) or txn.get("gtopic", target)
    if topic is None:
        return Publication(alias, "", MQRC_UNKNOWN_OBJECT_NAME)
    topicstr = str(topic.get("TOPICSTR", ""))
    if topictree.resolved(ctx, topicstr, "PUB") == "DISABLED":
        return Publication(alias, "", MQRC_PUT_INHIBITED)
    return Publication(alias, topicstr, MQRC_NONE)


def subscriptions(ctx: Ctx, topicstr: str) -> Iterator[MQObject]:
    """The subscriptions a publication on ``topicstr`` goes to, in name order."""
    for name in sorted(ctx.txn.keys("sub")):
        sub = ctx.txn.get("sub", name)
        pattern, wschema = str(sub.get("TOPICSTR", "")), str(sub.get("WSCHEMA", "TOPIC"))
        if topictree.matches(pattern, wschema, topicstr):
            yield sub


# ---- publishing --------------------------------------------------------------------------------
def publish(
    ctx: Ctx,
    pub: Publication,
    count: int,
    size: int,
    *,
    persistent: bool | None,
    priority: int | None,
    batch: int,
    put: Put,
    refusal: Refusal,
) -> Workload:
    """Publish ``count`` messages of ``size`` bytes: a copy of each to every matching
    subscription's DEST (``put`` puts on a queue, ``refusal`` says why a put of that many
    would be refused before it starts, or 0)."""
    alias = pub.alias
    if persistent is None:
        persistent = alias.get("DEFPSIST") == "YES"
    if pub.reason:
        return Workload("put", alias.name, count, 0, size, reason=pub.reason, persistent=persistent)
    if priority is None:
        priority = int(alias.get("DEFPRTY", 0))
    policy = topictree.resolved(ctx, pub.topicstr, "PMSGDLV" if persistent else "NPMSGDLV")
    whole = policy in ALL_OR_NOTHING
    targets = []
    planned: dict[str, int] = {}  # two subscriptions to one DEST take two copies there
    for sub in subscriptions(ctx, pub.topicstr):
        dest = str(sub.get("DEST", ""))
        want = planned.get(dest, 0) + count
        reason = refusal(ctx, dest, want, size) if count else MQRC_NONE
        if reason and whole:
            return Workload("put", alias.name, count, 0, size, reason=reason, persistent=persistent)
        if not reason:
            planned[dest] = want
            targets.append((sub, dest))
    # ALL/ALLDUR: the copies go in a nested unit of work kept only when every put succeeds
    # (IBM "DEFINE TOPIC", PMSGDLV ALL: "the publication fails" when one durable subscriber
    # cannot take it; nobody gets a copy of a failed MQPUT).
    work = Ctx(ctx.qm, ChildTxn(ctx.txn), ctx.cmd, ctx.spec, ctx.source) if whole else ctx
    pages = 0
    fired: tuple[TriggerMessage, ...] = ()
    delivered: list[tuple[str, int]] = []
    for sub, dest in targets:
        pubprty = str(sub.get("PUBPRTY", "ASPUB"))
        prty = priority if pubprty == "ASPUB" else None if pubprty == "ASQDEF" else int(pubprty)
        done = put(work, dest, count, size, persistent=persistent, priority=prty, batch=batch)
        if done.reason and whole:
            # Refused after the checks (a page set filled up): the child unit of work is
            # dropped, so no subscriber keeps a copy.
            return Workload(
                "put", alias.name, count, 0, size, reason=done.reason, persistent=persistent
            )
        pages += done.pages
        fired += done.triggers
        delivered.append((sub.name, done.done))
    if work is not ctx:
        cast(ChildTxn, work.txn).merge()
        ctx.later.extend(work.later)
        ctx.records.extend(work.records)
    for name, n in delivered:
        topictree.delivered(ctx, name, n)
    return Workload(
        "put",
        alias.name,
        count,
        count,
        size,
        count * size,
        MQRC_NONE,
        pages,
        persistent=persistent,
        triggers=fired,
    )


# ---- retained publications (MQPMO_RETAIN) ------------------------------------------------------
#: The table of retained publications: topic string -> the last one kept.
RETAINED = "retained"


@dataclass(frozen=True, slots=True)
class Retained:
    """The publication a topic string keeps (IBM "Retained publications": "only the most
    recent retained publication is stored for each topic"): its size, persistence, priority
    and data (None for one put without data), and when it was put."""

    size: int
    persistent: bool
    priority: int
    data: bytes | None
    put_time: str

    def snapshot(self) -> dict[str, Any]:
        return {
            "kind": "retained",
            "size": self.size,
            "persistent": self.persistent,
            "priority": self.priority,
            "put_time": self.put_time,
            "data": base64.b64encode(self.data).decode("ascii") if self.data is not None else None,
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> Retained:
        body = base64.b64decode(data["data"]) if data.get("data") is not None else None
        return cls(
            int(data["size"]),
            bool(data["persistent"]),
            int(data["priority"]),
            body,
            str(data["put_time"]),
        )


def keep_retained(ctx: Ctx, queue: str, done: Workload, data: bytes | None = None) -> None:
    """A put with MQPMO_RETAIN: when ``queue`` is a topic alias and the publication went,
    its topic string keeps it (replacing the one it had)."""
    pub = publication(ctx, queue)
    if pub is None or pub.reason or not done.done:
        return
    size = len(data) if data is not None else done.size
    priority = int(pub.alias.get("DEFPRTY", 0))
    ctx.txn.put(
        RETAINED, pub.topicstr, Retained(size, done.persistent, priority, data, ctx.stamp())
    )
