"""Where a command runs in a queue sharing group: CMDSCOPE routing, and the COPY commands a
QSGDISP(GROUP) change generates. This module decides; it runs nothing. The queue manager
(:mod:`mqsc.engine.manager`) asks it once per command, runs the command where the route says,
and frames the replies through :mod:`mqsc.engine.results`.

``CMDSCOPE(qmgr)`` runs a command on that member, ``CMDSCOPE(*)`` on every active member
([DOC-MSGS]; IBM "CMDSCOPE" parameter descriptions). The reply is several reply sets: the
receiving queue manager's acceptance (MQSC137I), one set per member that ran it (MQSC121I,
then that member's own replies), and a summary (MQSC122I, or MQSC123E if any member failed).
Through the command server every set but the last has REASON=00000004 in its CSQN205I
([DOC-MSGS], VERIFIED): that framing is the renderers' business (``Result.more``).

A DEFINE, ALTER or DELETE with QSGDISP(GROUP) changes the shared repository and then, as on
z/OS, generates ``DEFINE ... REPLACE QSGDISP(COPY)`` (or ``DELETE ... QSGDISP(COPY)``) for every
active member, so each keeps its local copy (MQSC138I, then one set per member).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from mqsc.catalog import COMMANDS, DEFINED
from mqsc.engine.group import group_of
from mqsc.engine.records import Message
from mqsc.language.commands import Command

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.manager import QueueManager

#: Object types whose GROUP objects have COPY objects on every member: every family kept in the
#: shared repository but the group-wide ones (CF structures have no copies).
COPIED = tuple(f.objtype for f in DEFINED.values() if f.group_table and not f.group_wide)


@dataclass(frozen=True, slots=True)
class Route:
    """Where a command CMDSCOPE sends runs.

    ``scope``: CMDSCOPE's value; ``members`` (names, in order) each run ``command``, the
    command without its CMDSCOPE (a routed command is not routed again). ``refusal``: it runs
    nowhere (CMDSCOPE outside a group, or naming no active member), and this message says why.
    """

    scope: str
    command: Command
    members: tuple[str, ...] = ()
    refusal: Message | None = None


def route(qm: QueueManager, cmd: Command) -> Route | None:
    """Where ``cmd`` runs: where its CMDSCOPE sends it; None: here, as it is (most commands:
    asked for every one, so nothing is built for them)."""
    scope = cmd.attrs.get("CMDSCOPE")
    if not scope:
        return None
    scope = str(scope).strip().upper()
    if not scope:
        return None
    if qm.group is None:
        return Route(scope, cmd, refusal=Message("MQSC310E", {"scope": scope, "qmgr": qm.name}))
    active = qm.group.active()
    if scope == "*":
        members = tuple(member.name for member in active)
    else:
        target = qm.group.member(scope)
        if target is None or target not in active:
            refusal = Message("MQSC311E", {"target": scope, "qsg": qm.group.name})
            return Route(scope, cmd, refusal=refusal)
        members = (target.name,)
    local = replace(cmd, attrs={k: v for k, v in cmd.attrs.items() if k != "CMDSCOPE"})
    return Route(scope, local, members)


def copies(qm: QueueManager, cmd: Command) -> Route | None:
    """After ``cmd`` completed: the COPY command every active member runs because it changed a
    GROUP object members keep copies of (scope ``*``); None when it changed none."""
    if not (
        qm.group is not None
        and cmd.objtype in COPIED
        and cmd.get("QSGDISP") == "GROUP"
        and cmd.verb in ("DEFINE", "ALTER", "DELETE")
    ):
        return None
    verb = "DELETE" if cmd.verb == "DELETE" else "DEFINE"
    copy = copy_command(qm, cmd.objtype, str(cmd.name), verb)
    return Route("*", copy, tuple(member.name for member in group_of(qm).active()))


def copy_command(qm: QueueManager, objtype: str, name: str, verb: str = "DEFINE") -> Command:
    """The command that makes (``DEFINE ... REPLACE QSGDISP(COPY)``) or removes (``DELETE ...
    QSGDISP(COPY)``) a member's COPY of the GROUP object ``name``, as a typed command: a
    DEFINE carries the keywords a DEFINE of this type requires (a channel's CHLTYPE, a topic's
    TOPICSTR, an AUTHINFO's AUTHTYPE) with the GROUP object's values, and takes the rest from
    the GROUP object as every COPY does. A QSGDISP(GROUP) change and a member's start
    (mqsc/engine/lifecycle.py) generate the same command."""
    if verb == "DELETE":
        return Command("DELETE", objtype, name, {"QSGDISP": "COPY"}, typed=f"DELETE {objtype}")
    required = COMMANDS[("DEFINE", objtype)].required
    group_table = DEFINED[objtype].group_table
    group = qm.state.tables[group_table].get(name) if group_table else None
    attrs: dict[str, object] = {}
    for keyword in required:
        value = group.get(keyword) if group is not None else None
        if value is not None:
            attrs[keyword] = value
    attrs.update({"REPLACE": True, "QSGDISP": "COPY"})
    return Command("DEFINE", objtype, name, attrs, typed=f"DEFINE {objtype}")
