"""A command's route (mqsc/engine/routing.py): where it runs is decided once, as data, and the
queue manager runs it there; a routed command is not routed again."""

from __future__ import annotations

from mqsc.engine import routing
from mqsc.language import parse_one
from tests.engine.conftest import fresh_group, fresh_minimal


def test_without_cmdscope_a_command_runs_here_as_it_is() -> None:
    qm = fresh_minimal()
    cmd = parse_one("DISPLAY QLOCAL(*)")
    assert routing.route(qm, cmd) is None


def test_cmdscope_outside_a_group_runs_nowhere() -> None:
    route = routing.route(fresh_minimal(), parse_one("DISPLAY QLOCAL(*) CMDSCOPE(*)"))
    assert route is not None and route.refusal is not None and route.refusal.msg_id == "MQSC310E"
    assert route.members == ()


def test_cmdscope_star_names_every_active_member_once_with_cmdscope_gone() -> None:
    group = fresh_group()
    qm = group.members["QSA1"]
    route = routing.route(qm, parse_one("DISPLAY QLOCAL(*) CMDSCOPE(*)"))
    assert route is not None and route.scope == "*"
    assert route.members == tuple(sorted(group.members))
    assert route.command.get("CMDSCOPE") is None
    # What each member runs has no scope of its own: it runs there, and is routed no further.
    assert routing.route(group.members["QSA2"], route.command) is None


def test_cmdscope_naming_a_member_that_is_not_running_runs_nowhere() -> None:
    group = fresh_group()
    a, b = group.members["QSA1"], group.members["QSA2"]
    assert b.execute("STOP QMGR").ok
    route = routing.route(a, parse_one("DISPLAY QLOCAL(*) CMDSCOPE(QSA2)"))
    assert route is not None and route.refusal is not None and route.refusal.msg_id == "MQSC311E"
    running = tuple(sorted(set(group.members) - {"QSA2"}))
    again = routing.route(a, parse_one("DISPLAY QLOCAL(*) CMDSCOPE(*)"))
    assert again is not None and again.members == running


def test_a_group_change_generates_one_typed_copy_command_for_the_active_members() -> None:
    group = fresh_group()
    qm = group.members["QSA1"]
    cmd = parse_one("DEFINE QLOCAL(GROUP.Q) QSGDISP(GROUP)")
    assert routing.copies(qm, parse_one("DEFINE QLOCAL(OWN.Q)")) is None
    assert qm.execute(cmd).ok
    copies = routing.copies(qm, cmd)
    assert copies is not None
    assert copies.members == tuple(sorted(group.members))
    assert (copies.command.title, copies.command.name) == ("DEFINE QLOCAL", "GROUP.Q")
    assert copies.command.get("QSGDISP") == "COPY" and copies.command.get("REPLACE") is True
    delete = routing.copies(qm, parse_one("DELETE QLOCAL(GROUP.Q) QSGDISP(GROUP)"))
    assert delete is not None and delete.command.title == "DELETE QLOCAL"


def test_the_reply_of_a_routed_command_is_one_set_per_member_and_a_summary() -> None:
    group = fresh_group()
    result = group.members["QSA1"].execute("DISPLAY QMGR QMNAME CMDSCOPE(*)")
    sets = list(result.all_sets())
    assert [s.records[0].msg_id for s in sets] == [
        "MQSC137I",
        *["MQSC121I"] * len(group.members),
        "MQSC122I",
    ]
    assert [s.records[0].inserts.get("qmgr") for s in sets[1:-1]] == sorted(group.members)
