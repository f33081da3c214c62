"""The topic tree: topic objects by topic string, attributes resolved through ASPARENT,
wildcard matching, and what publications did to each subscription.

What publications (:mod:`mqsc.engine.messaging.pubsub`), the topic family's handlers
(:mod:`mqsc.engine.families.topics`) and the state store's reload share. IBM MQ 9.4, "Topic
trees", "Wildcard schemes" and "DEFINE TOPIC" (ASPARENT).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mqsc.catalog import topics as catalog_topics
from mqsc.engine.context import Ctx
from mqsc.engine.mqobjects import MQObject

TOPIC = catalog_topics.TOPIC_FAMILY


# ---- topics ----------------------------------------------------------------------------------
#: The index of each topic table (mqsc/engine/state.py): topic string -> the topic object.
INDEX = {TOPIC.table: "topicstr", TOPIC.group_table: "gtopicstr"}


def topic_object(ctx: Ctx, topicstr: str) -> MQObject | None:
    """The topic object (private first, then group) whose TOPICSTR is ``topicstr``."""
    for table, index in INDEX.items():
        other = ctx.txn.get(index, topicstr)
        # An index entry whose object has gone or changed its string is not a holder.
        if other is not None:
            current = ctx.txn.get(table, other.name)
            if current is not None and current.get("TOPICSTR") == topicstr:
                return current
    return None


def admin_node(ctx: Ctx, topicstr: str) -> str:
    """The topic administration node of a topic string: the nearest topic object at or above
    it in the topic tree (a wildcard level and those below it name none), else
    SYSTEM.BASE.TOPIC. Topic security checks this node's profile (IBM "Profiles for topic
    security": "the name of the topic administration node in the topic tree, associated
    either with the topic being subscribed to through an MQSUB call or published to")."""
    levels = topicstr.split("/")
    usable = next((i for i, level in enumerate(levels) if set(level) & set("#+*?")), len(levels))
    for end in range(usable, 0, -1):
        obj = topic_object(ctx, "/".join(levels[:end]))
        if obj is not None:
            return obj.name
    return "SYSTEM.BASE.TOPIC"


def reindex(tables: dict[str, dict]) -> None:
    """Fill the topic-string index of each topic table these state tables hold, where it
    lacks a topic (a state written before the index was kept)."""
    for table, index in INDEX.items():
        if table in tables and index in tables:
            held = tables[index]
            for obj in tables[table].values():
                held.setdefault(str(obj.get("TOPICSTR", "")), obj)


#: SYSTEM.BASE.TOPIC's values (IBM "SYSTEM.BASE.TOPIC"): what an attribute that is ASPARENT up
#: to the root of the topic tree resolves to. mqsc defines no SYSTEM.BASE.TOPIC object; IBM: "If
#: this object does not exist, its default values are still used".
BASE_TOPIC = {
    "CLROUTE": "DIRECT",
    "CLUSTER": "",
    "DEFPRESP": "SYNC",
    "DEFPRTY": "0",
    "DEFPSIST": "NO",
    "DURSUB": "YES",
    "MDURMDL": "SYSTEM.DURABLE.MODEL.QUEUE",
    "MNDURMDL": "SYSTEM.NDURABLE.MODEL.QUEUE",
    "NPMSGDLV": "ALLAVAIL",
    "PMSGDLV": "ALLDUR",
    "PUB": "ENABLED",
    "PUBSCOPE": "ALL",
    "SUB": "ENABLED",
    "SUBSCOPE": "ALL",
    "USEDLQ": "YES",
}
#: Attributes whose blank value, like ASPARENT, means "the parent's" (IBM "DEFINE TOPIC":
#: CLUSTER, MDURMDL and MNDURMDL blank take the value from the topic tree above).
_INHERITED_WHEN_BLANK = frozenset({"CLUSTER", "MDURMDL", "MNDURMDL"})


def resolved(ctx: Ctx, topicstr: str, keyword: str) -> str:
    """A topic attribute as it applies to ``topicstr``: the nearest topic object at or above it
    in the topic tree whose value is not ASPARENT, else SYSTEM.BASE.TOPIC's."""
    levels = topicstr.split("/")
    for end in range(len(levels), 0, -1):
        obj = topic_object(ctx, "/".join(levels[:end]))
        if obj is None:
            continue
        value = obj.get(keyword, "ASPARENT")
        if value != "ASPARENT" and not (keyword in _INHERITED_WHEN_BLANK and not value):
            return str(value)
    return BASE_TOPIC[keyword]


# ---- topic strings and wildcards (IBM "Wildcard schemes") ---------------------------------
def matches(pattern: str, wschema: str, topicstr: str) -> bool:
    """Whether a subscription on ``pattern`` (with wildcard schema ``wschema``) gets
    publications on ``topicstr``."""
    if wschema == "CHAR":
        return _char_pattern(pattern).fullmatch(topicstr) is not None
    return _levels_match(tuple(pattern.split("/")), tuple(topicstr.split("/")))


def _levels_match(pattern: tuple[str, ...], levels: tuple[str, ...]) -> bool:
    if not pattern:
        return not levels
    head, rest = pattern[0], pattern[1:]
    if head == "#":  # zero or more whole levels
        return any(_levels_match(rest, levels[i:]) for i in range(len(levels) + 1))
    if not levels:
        return False
    if head == "+" or head == levels[0]:
        return _levels_match(rest, levels[1:])
    return False


def _char_pattern(pattern: str) -> re.Pattern[str]:
    parts = (".*" if ch == "*" else "." if ch == "?" else re.escape(ch) for ch in pattern)
    return re.compile("".join(parts), re.DOTALL)


# ---- status ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SubStatus:
    """What publications did to one subscription: messages put to its destination, and when
    the last was (a ``yyyy-mm-dd hh.mm.ss`` stamp)."""

    nummsgs: int
    last: str

    def snapshot(self) -> dict[str, Any]:
        return {"kind": "substatus", "nummsgs": self.nummsgs, "last": self.last}


def delivered(ctx: Ctx, sub: str, count: int) -> None:
    """``count`` more messages reached subscription ``sub``'s destination now."""
    if count <= 0:
        return
    held = ctx.txn.get("substatus", sub)
    total = count + (held.nummsgs if held is not None else 0)
    ctx.txn.put("substatus", sub, SubStatus(total, ctx.stamp()))
