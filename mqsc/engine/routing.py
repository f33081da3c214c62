"""Commands that reach other members of a queue sharing group: CMDSCOPE routing, and the
commands a QSGDISP(GROUP) change generates.

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

from dataclasses import replace
from typing import TYPE_CHECKING

from mqsc.catalog import COMMANDS, DEFINED, CommandSource, CommandSpec
from mqsc.engine import results
from mqsc.engine.group import group_of
from mqsc.engine.records import RC_FAILED, Message, Result
from mqsc.language.commands import Command

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.manager import QueueManager
    from mqsc.language.reader import LogicalCommand

#: Object types whose GROUP objects have COPY objects on every member: every family kept in the
#: shared repository but the group-wide ones (CF structures have no copies).
COPIED = tuple(f.objtype for f in DEFINED.values() if f.group_table and not f.group_wide)


def routed(
    qm: QueueManager,
    logical: LogicalCommand | None,
    cmd: Command,
    spec: CommandSpec,
    source: CommandSource,
    scope: str,
    user: str | None = None,
) -> Result:
    """Run ``cmd`` where CMDSCOPE sends it (for ``user``: each member checks it)."""
    scope = scope.upper()
    if qm.group is None:
        return results.result(
            qm.cpf,
            logical,
            spec,
            False,
            [Message("MQSC310E", {"scope": scope, "qmgr": qm.name})],
            RC_FAILED,
        )
    if scope == "*":
        targets = qm.group.active()
    else:
        target = qm.group.member(scope)
        if target is None or target not in qm.group.active():
            return results.result(
                qm.cpf,
                logical,
                spec,
                False,
                [Message("MQSC311E", {"target": scope, "qsg": qm.group.name})],
                RC_FAILED,
            )
        targets = [target]
    local = replace(cmd, attrs={k: v for k, v in cmd.attrs.items() if k != "CMDSCOPE"})
    title = f"{spec.verb} {spec.objtype}"
    first = results.bare(
        qm.cpf,
        logical,
        spec,
        [Message("MQSC137I", {"command": title, "scope": scope, "count": len(targets)})],
    )
    # Members receive routed commands through their command servers.
    sets = [
        _from(
            member,
            member.execute_parsed(logical, local, source=CommandSource.SERVER, user=user),
            title,
        )
        for member in targets
    ]
    return _with_sets(qm, logical, spec, first, sets, title, scope)


def generates(qm: QueueManager, cmd: Command) -> bool:
    """Whether a completed command changes GROUP objects that members keep copies of."""
    return (
        qm.group is not None
        and cmd.objtype in COPIED
        and cmd.get("QSGDISP") == "GROUP"
        and cmd.verb in ("DEFINE", "ALTER", "DELETE")
    )


def generated(qm: QueueManager, result: Result, cmd: Command, user: str | None = None) -> Result:
    """A GROUP change made: refresh (or remove) every active member's COPY object (as the
    user whose command made the change)."""
    verb = "DELETE" if cmd.verb == "DELETE" else "DEFINE"
    copy_cmd = copy_command(qm, cmd.objtype, str(cmd.name), verb)
    members = group_of(qm).active()
    title = f"{verb} {cmd.objtype}"
    note = Message("MQSC138I", {"command": title, "scope": "*", "count": len(members)})
    first = replace(result, records=(note, *result.records))
    sets = [
        _from(
            member,
            member.execute_parsed(None, copy_cmd, source=CommandSource.SERVER, user=user),
            title,
        )
        for member in members
    ]
    spec = COMMANDS[(cmd.verb, cmd.objtype)]
    return _with_sets(qm, None, spec, first, sets, title, "*", keep=first)


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


def _from(member: QueueManager, result: Result, title: str) -> Result:
    """A member's reply set, headed by MQSC121I (its own sets, if routed further, follow)."""
    head = Message("MQSC121I", {"command": title, "qmgr": member.name})
    return replace(result, records=(head, *result.records))


def _with_sets(
    qm: QueueManager,
    logical: LogicalCommand | None,
    spec: CommandSpec,
    first: Result,
    sets: list[Result],
    title: str,
    scope: str,
    *,
    keep: Result | None = None,
) -> Result:
    flattened: list[Result] = []
    for one in sets:
        flattened.extend(one.all_sets())
    ok = all(r.ok for r in flattened)
    final_id = "MQSC122I" if ok else "MQSC123E"
    final = results.bare(
        qm.cpf, logical, spec, [Message(final_id, {"command": title, "scope": scope})], ok=ok
    )
    head = keep if keep is not None else first
    return replace(head, more=(*flattened, final))
