"""Topic objects and durable subscriptions (mqsc/catalog/topics.py): definitions only.

z/OS rules kept (IBM MQ 9.4 for z/OS, "DEFINE TOPIC", "DEFINE SUB"): a topic object's
TOPICSTR is required and not blank, does not end in '/', and no other topic object has it; it
cannot be altered. A subscription names TOPICSTR or TOPICOBJ (at least one; a TOPICOBJ must be
a topic object, and the subscription's topic is its string, then '/' and TOPICSTR if both are
given); DESTCLAS(PROVIDED) needs a DEST. Publications reach the destination queue through
mqsc/engine/messaging/pubsub.py; a new subscription gets the retained publications of the
topic strings it matches at once (unless REQONLY(YES)), as an MQSUB that creates one without
MQSO_NEW_PUBLICATIONS_ONLY does: when neither its DEST nor the dead-letter queue can take one,
the subscription is not created (MQRC_RETAINED_NOT_DELIVERED).
"""

from __future__ import annotations

from collections.abc import Iterator

from mqsc.catalog import topics as catalog_topics
from mqsc.engine import objectcommands, repository
from mqsc.engine.context import Ctx
from mqsc.engine.messaging import bodies, privateq, pubsub, topictree
from mqsc.engine.messaging.topictree import INDEX, matches, resolved, topic_object
from mqsc.engine.mqobjects import Attributes, MQObject
from mqsc.engine.registry import handles

TOPIC = catalog_topics.TOPIC_FAMILY
SUB = catalog_topics.SUB_FAMILY


def check_topic(ctx: Ctx, attrs: Attributes, existing: MQObject | None) -> None:
    objectcommands.check_group(ctx, attrs)
    topicstr = str(attrs.get("TOPICSTR", ""))
    if not topicstr:
        raise ctx.fail("MQSC597E", keyword="TOPICSTR", value=" ")
    if topicstr.endswith("/"):
        raise ctx.fail("MQSC592E", keyword="TOPICSTR", value=topicstr)
    other = topic_object(ctx, topicstr)
    if other is not None and other.name != ctx.cmd.name:
        raise ctx.object_failure("MQSC569E", "ALREADY_EXISTS", topicstr=topicstr, name=other.name)


def _indexed(ctx: Ctx, obj: MQObject, before: MQObject | None) -> None:
    """Keep the topic-string index of ``obj``'s table in step with it (``before``: the object
    it replaced, if any)."""
    table = TOPIC.table_for(str(obj.get("QSGDISP", "QMGR")))
    index = INDEX[table]
    if before is not None and before.get("TOPICSTR") != obj.get("TOPICSTR"):
        _unindexed(ctx, before, table)
    ctx.txn.put(index, str(obj.get("TOPICSTR", "")), obj)


def _unindexed(ctx: Ctx, obj: MQObject, table: str) -> None:
    index, topicstr = INDEX[table], str(obj.get("TOPICSTR", ""))
    held = ctx.txn.get(index, topicstr)
    if held is not None and held.name == obj.name:
        ctx.txn.delete(index, topicstr)


def _existing(ctx: Ctx) -> MQObject | None:
    return ctx.txn.get(TOPIC.table_for(objectcommands.disposition(ctx)), ctx.cmd.name)


@handles("DEFINE", "TOPIC")
def define_topic(ctx: Ctx) -> None:
    before = _existing(ctx)
    _indexed(ctx, objectcommands.define(ctx, TOPIC, check_topic), before)


@handles("ALTER", "TOPIC")
def alter_topic(ctx: Ctx) -> None:
    before = _existing(ctx)
    _indexed(ctx, objectcommands.alter(ctx, TOPIC, check_topic), before)


@handles("DELETE", "TOPIC")
def delete_topic(ctx: Ctx) -> None:
    obj = objectcommands.delete(ctx, TOPIC)
    _unindexed(ctx, obj, TOPIC.table_for(str(obj.get("QSGDISP", "QMGR"))))


@handles("DISPLAY", "TOPIC")
def display_topic(ctx: Ctx) -> None:
    objectcommands.display(ctx, TOPIC, selected_topics(ctx))


def selected_topics(ctx: Ctx) -> Iterator[objectcommands.Getter]:
    """TYPE(LOCAL) (the default): the topic objects defined here; TYPE(CLUSTER): the cluster
    topics this queue manager's cluster repository knows (each published by the queue
    manager that defines it, docs/clusters.md); TYPE(ALL): both."""
    kind = str(ctx.cmd.get("TYPE", "LOCAL"))
    if kind in ("LOCAL", "ALL"):
        for obj in objectcommands.selected(ctx, TOPIC):
            yield objectcommands.getter(obj, "TOPIC", {"TYPE": "LOCAL"})
    if kind in ("CLUSTER", "ALL"):
        pattern = str(ctx.cmd.name)
        for record in repository.view(ctx.txn).of(repository.TOPIC):
            if objectcommands.matches(pattern, record.name):
                values = {**record.attrs, "TOPIC": record.name, "TYPE": "CLUSTER"}
                values["CLUSTER"] = record.cluster
                yield objectcommands.values_getter(values)


# ---- subscriptions ---------------------------------------------------------------------------
#: A subscription's identifier (DISPLAY SUB, DISPLAY SBSTATUS, DISPLAY CONN's handles).
subid = pubsub.subid


def resolved_topic(ctx: Ctx, attrs: Attributes) -> str:
    """The topic a subscription is on: TOPICOBJ's string, TOPICSTR, or both joined by '/'."""
    topicobj = str(attrs.get("TOPICOBJ", ""))
    topicstr = str(attrs.get("TOPICSTR", ""))
    if not topicobj:
        return topicstr
    obj = ctx.txn.get(TOPIC.table, topicobj) or ctx.txn.get(TOPIC.group_table, topicobj)
    if obj is None:
        raise ctx.not_found("TOPIC", topicobj, keyword="TOPICOBJ")
    base = str(obj.get("TOPICSTR", ""))
    return f"{base}/{topicstr}" if topicstr else base


def check_sub(ctx: Ctx, attrs: Attributes, existing: MQObject | None) -> None:
    if not attrs.get("TOPICSTR") and not attrs.get("TOPICOBJ"):
        raise ctx.object_failure(
            "MQSC554E",
            "NOT_ALLOWED",
            keyword="SUB",
            value=ctx.cmd.name,
            required="TOPICSTR or TOPICOBJ",
        )
    if ctx.cmd.verb == "DEFINE":
        resolved_topic(ctx, attrs)
    if attrs.get("DESTCLAS", "PROVIDED") == "PROVIDED" and not attrs.get("DEST"):
        raise ctx.object_failure(
            "MQSC554E", "NOT_ALLOWED", keyword="DESTCLAS", value="PROVIDED", required="DEST"
        )


@handles("DEFINE", "SUB")
def define_sub(ctx: Ctx) -> None:
    """The subscription keeps its full topic string, as DISPLAY SUB shows it (TOPICOBJ's string
    joined with TOPICSTR). A new one gets the retained publications it matches (a REPLACE of
    an existing one changes it, as MQSUB MQSO_ALTER does, and gets none)."""
    new = not ctx.txn.has(SUB.table, ctx.cmd.name)
    obj = objectcommands.define(ctx, SUB, check_sub)
    full = resolved_topic(ctx, obj.attrs)
    if full != obj.get("TOPICSTR"):
        obj = MQObject(
            "SUB", obj.name, obj.attrs.updated({"TOPICSTR": full}), obj.created, obj.altered
        )
        ctx.txn.put(SUB.table, obj.name, obj)
    if new:
        _send_retained(ctx, obj)


def _send_retained(ctx: Ctx, sub: MQObject) -> None:
    """Each retained publication the new subscription matches goes to its DEST, else to the
    dead-letter queue; when neither takes it the DEFINE fails and nothing is kept."""
    dest = str(sub.get("DEST", ""))
    if not dest:
        return  # DESTCLAS(MANAGED): no managed queue in mqsc (docs/topics.md)
    dlq = str(ctx.txn.get("qmgr", None).attrs.get("DEADQ", "") or "")
    for topicstr, kept in pubsub.retained_for(ctx, sub):
        priority = pubsub.priority_for(sub, kept.priority)
        reason = _put_retained(ctx, dest, kept, priority)
        if reason and (not dlq or _put_retained(ctx, dlq, kept, priority)):
            raise ctx.fail("MQSC587E", topicstr=topicstr, dest=dest, code=reason, sub=sub.name)
        if not reason:
            topictree.delivered(ctx, sub.name, 1)


def _put_retained(ctx: Ctx, queue: str, kept: pubsub.Retained, priority: int | None) -> int:
    """One copy of a retained publication put on ``queue``: 0, or the MQ reason."""
    if kept.data is not None:
        done = bodies.put(ctx, queue, kept.data, persistent=kept.persistent, priority=priority)
    else:
        done = privateq.put(ctx, queue, 1, kept.size, persistent=kept.persistent, priority=priority)
    return done.reason if not done.done else 0


@handles("ALTER", "SUB")
def alter_sub(ctx: Ctx) -> None:
    existing_sub(ctx)
    objectcommands.alter(ctx, SUB, check_sub)


@handles("DELETE", "SUB")
def delete_sub(ctx: Ctx) -> None:
    obj = existing_sub(ctx)
    ctx.txn.delete(SUB.table, obj.name)
    if ctx.txn.has("substatus", obj.name):
        ctx.txn.delete("substatus", obj.name)


def existing_sub(ctx: Ctx) -> MQObject:
    """The subscription the command names; a SUBID given must be its identifier."""
    obj = ctx.txn.get(SUB.table, ctx.cmd.name)
    wanted = ctx.cmd.get("SUBID")
    if obj is None or (wanted and wanted != subid(ctx.qm.name, obj.name)):
        raise ctx.not_found("SUB", ctx.cmd.name)
    return obj


@handles("DISPLAY", "SUB")
def display_sub(ctx: Ctx) -> None:
    objectcommands.display(ctx, SUB, selected_subs(ctx))


def selected_subs(ctx: Ctx) -> Iterator[objectcommands.Getter]:
    cmd = ctx.cmd
    # Administrative subscriptions are durable, and SUBTYPE(USER) shows ADMIN and API ones.
    if cmd.get("DURABLE", "ALL") == "NO" or cmd.get("SUBTYPE", "USER") in ("API", "PROXY"):
        return
    wanted = cmd.get("SUBID")
    for name in sorted(ctx.txn.keys(SUB.table)):
        ident = subid(ctx.qm.name, name)
        if objectcommands.matches(str(cmd.name), name) and (not wanted or wanted == ident):
            obj = ctx.txn.get(SUB.table, name)
            yield objectcommands.getter(
                obj, "SUB", {"SUBID": ident, "DURABLE": "YES", "SUBTYPE": "ADMIN"}
            )


_NO_CONNECTION = "0" * 48


def _sub_status(ctx: Ctx, obj: MQObject) -> objectcommands.Getter:
    """A subscription's status values (IBM "DISPLAY SBSTATUS")."""
    held = ctx.txn.get("substatus", obj.name)
    last = held.last if held is not None else ""
    created = obj.created or " "
    values = {
        "SUB": obj.name,
        "SUBID": subid(ctx.qm.name, obj.name),
        "ACTCONN": _NO_CONNECTION,
        "DURABLE": "YES",
        "LMSGDATE": last[:10],
        "LMSGTIME": last[11:],
        "NUMMSGS": held.nummsgs if held is not None else 0,
        "RESMDATE": created[:10],
        "RESMTIME": created[11:],
        "SUBTYPE": "ADMIN",
        "SUBUSER": obj.get("SUBUSER", ""),
        "TOPICSTR": obj.get("TOPICSTR", ""),
    }
    return values.get


SBSTATUS = catalog_topics.SBSTATUS_FAMILY


@handles("DISPLAY", "SBSTATUS")
def display_sbstatus(ctx: Ctx) -> None:
    objectcommands.display(
        ctx,
        SBSTATUS,
        (_sub_status(ctx, ctx.txn.get(SUB.table, name)) for name in _selected_sub_names(ctx)),
    )


def _selected_sub_names(ctx: Ctx) -> Iterator[str]:
    cmd = ctx.cmd
    # Administrative subscriptions are durable, and SUBTYPE(USER) shows ADMIN and API ones.
    if cmd.get("DURABLE", "ALL") == "NO" or cmd.get("SUBTYPE", "USER") in ("API", "PROXY"):
        return
    wanted = cmd.get("SUBID")
    for name in sorted(ctx.txn.keys(SUB.table)):
        if objectcommands.matches(str(cmd.name), name) and (
            not wanted or wanted == subid(ctx.qm.name, name)
        ):
            yield name


@handles("DISPLAY", "TPSTATUS")
def display_tpstatus(ctx: Ctx) -> None:
    """The topic nodes whose string matches the command's (``#`` and ``+`` as wildcards, IBM
    "DISPLAY TPSTATUS"): the strings of topic objects and subscriptions and the levels above
    them. TYPE(TOPIC) shows each node's attributes as resolved; TYPE(SUB) each subscription on
    it; TYPE(PUB) each publisher that has it open (none between commands)."""
    kind = str(ctx.cmd.get("TYPE", "TOPIC"))
    family = catalog_topics.TPSTATUS_TYPES[kind]
    subs = [ctx.txn.get(SUB.table, name) for name in sorted(ctx.txn.keys(SUB.table))]
    nodes = sorted(n for n in _nodes(ctx, subs) if matches(str(ctx.cmd.name), "TOPIC", n))
    getters: Iterator[objectcommands.Getter]
    if kind == "TOPIC":
        getters = (_topic_status(ctx, node, subs) for node in nodes)
    elif kind == "SUB":
        getters = (
            _on_node(node, _sub_status(ctx, sub))
            for node in nodes
            for sub in subs
            if sub.get("TOPICSTR") == node
        )
    else:
        getters = iter([])
    objectcommands.display(ctx, family, getters)


def _nodes(ctx: Ctx, subs: list[MQObject]) -> set[str]:
    strings = [str(t.get("TOPICSTR", "")) for table in INDEX for t in ctx.txn.values(table)]
    strings += [str(s.get("TOPICSTR", "")) for s in subs]
    strings += list(ctx.txn.keys("retained"))  # a retained publication keeps its node
    nodes: set[str] = set()
    for string in strings:
        levels = string.split("/")
        nodes.update("/".join(levels[:end]) for end in range(1, len(levels) + 1))
    nodes.discard("")
    return nodes


def _topic_status(ctx: Ctx, node: str, subs: list[MQObject]) -> objectcommands.Getter:
    admin = topic_object(ctx, node)
    counts = {
        "TOPICSTR": node,
        "ADMIN": admin.name if admin is not None else "",
        "PUBCOUNT": 0,
        "RETAINED": "YES" if ctx.txn.has("retained", node) else "NO",
        "SUBCOUNT": sum(1 for s in subs if s.get("TOPICSTR") == node),
    }

    def get(name: str) -> object:
        if name in counts:
            return counts[name]
        return resolved(ctx, node, name)

    return get


def _on_node(node: str, get: objectcommands.Getter) -> objectcommands.Getter:
    return lambda name: node if name == "TOPICSTR" else get(name)


# ---- DISPLAY PUBSUB ----------------------------------------------------------------------------
#: The local engine's status by the queue manager's PSMODE (IBM "PSMODE": COMPAT runs the
#: engine without the queued interface, DISABLED stops it).
_ENGINE = {"ENABLED": "ACTIVE", "COMPAT": "COMPAT", "DISABLED": "INACTIVE"}


@handles("DISPLAY", "PUBSUB")
def display_pubsub(ctx: Ctx) -> None:
    """The local publish/subscribe engine (STATUS from PSMODE, SUBCOUNT the subscriptions,
    TPCOUNT the topic nodes their and the topic objects' topic strings make) and, when the
    queue manager names a PARENT, its connection to the parent. No queue manager names this
    one its parent in mqsc's hierarchy, so there are no CHILD connregistry."""
    kind = str(ctx.cmd.get("TYPE", "ALL"))
    attrs = ctx.txn.get("qmgr", None).attrs
    subs = [ctx.txn.get(SUB.table, name) for name in sorted(ctx.txn.keys(SUB.table))]
    rows: list[objectcommands.Getter] = []
    if kind in ("ALL", "LOCAL"):
        local = {
            "TYPE": "LOCAL",
            "QMNAME": ctx.qm.name,
            "STATUS": _ENGINE.get(str(attrs.get("PSMODE", "ENABLED")), "ACTIVE"),
            "SUBCOUNT": len(subs),
            "TPCOUNT": len(_nodes(ctx, subs)),
        }
        rows.append(local.get)
    parent = str(attrs.get("PARENT", "")).strip()
    if kind in ("ALL", "PARENT") and parent:
        reaches = ctx.txn.get("qlocal", parent) is not None or bool(
            str(attrs.get("DEFXMITQ", "")).strip()
        )
        rows.append(
            {
                "TYPE": "PARENT",
                "QMNAME": parent,
                "STATUS": "STARTING" if reaches else "ERROR",
                "SUBCOUNT": 0,
                "TPCOUNT": 0,
            }.get
        )
    objectcommands.display(ctx, catalog_topics.PUBSUB_FAMILY, rows)


# ---- CLEAR TOPICSTR ----------------------------------------------------------------------------
@handles("CLEAR", "TOPICSTR")
def clear_topicstr(ctx: Ctx) -> None:
    """The retained publication of the topic string goes (DISPLAY TPSTATUS shows
    RETAINED(NO) after); a topic string that keeps none is refused, and nothing changes."""
    topicstr = str(ctx.cmd.name)
    if not ctx.txn.has("retained", topicstr):
        raise ctx.fail("MQSC585E", topicstr=topicstr)
    ctx.txn.delete("retained", topicstr)
