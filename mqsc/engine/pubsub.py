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

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mqsc.catalog.mqrc import MQRC_NONE, MQRC_PUT_INHIBITED, MQRC_UNKNOWN_OBJECT_NAME
from mqsc.engine import topics
from mqsc.engine.objects import MQObject
from mqsc.engine.records import Workload

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.context import Ctx

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
    if topics.resolved(ctx, topicstr, "PUB") == "DISABLED":
        return Publication(alias, "", MQRC_PUT_INHIBITED)
    return Publication(alias, topicstr, MQRC_NONE)


def subscriptions(ctx: Ctx, topicstr: str) -> Iterator[MQObject]:
    """The subscriptions a publication on ``topicstr`` goes to, in name order."""
    for name in sorted(ctx.txn.keys("sub")):
        sub = ctx.txn.get("sub", name)
        pattern, wschema = str(sub.get("TOPICSTR", "")), str(sub.get("WSCHEMA", "TOPIC"))
        if topics.matches(pattern, wschema, topicstr):
            yield sub


# ---- publishing --------------------------------------------------------------------------------
def publish(ctx: Ctx, pub: Publication, count: int, size: int, *, persistent: bool | None,
            priority: int | None, batch: int, put: Put, refusal: Refusal) -> Workload:
    """Publish ``count`` messages of ``size`` bytes: a copy of each to every matching
    subscription's DEST (``put`` puts on a queue, ``refusal`` says why a put of that many
    would be refused before it starts, or 0)."""
    alias = pub.alias
    if persistent is None:
        persistent = alias.get("DEFPSIST") == "YES"
    if pub.reason:
        return Workload("put", alias.name, count, 0, size, reason=pub.reason,
                        persistent=persistent)
    if priority is None:
        priority = int(alias.get("DEFPRTY", 0))
    policy = topics.resolved(ctx, pub.topicstr, "PMSGDLV" if persistent else "NPMSGDLV")
    targets = []
    for sub in subscriptions(ctx, pub.topicstr):
        dest = str(sub.get("DEST", ""))
        reason = refusal(ctx, dest, count, size) if count else MQRC_NONE
        if reason and policy in ALL_OR_NOTHING:
            return Workload("put", alias.name, count, 0, size, reason=reason,
                            persistent=persistent)
        if not reason:
            targets.append((sub, dest))
    pages = 0
    for sub, dest in targets:
        pubprty = str(sub.get("PUBPRTY", "ASPUB"))
        prty = priority if pubprty == "ASPUB" else None if pubprty == "ASQDEF" else int(pubprty)
        done = put(ctx, dest, count, size, persistent=persistent, priority=prty, batch=batch)
        pages += done.pages
        topics.delivered(ctx, sub.name, done.done)
        if done.reason and policy in ALL_OR_NOTHING:
            # Refused after the checks (a page set filled up): the copies already put stay,
            # as mqsc keeps no savepoint inside a command's transaction (docs/engine.md).
            return Workload("put", alias.name, count, done.done, size, done.done * size,
                            done.reason, pages, persistent=persistent)
    return Workload("put", alias.name, count, count, size, count * size, MQRC_NONE, pages,
                    persistent=persistent)
