"""A QSGDISP(GROUP) channel, topic or AUTHINFO object gets a QSGDISP(COPY) on every active
member, as queues and storage classes do (the generated commands carry the keywords DEFINE
requires, taken from the GROUP object); deleting the GROUP object removes the copies."""

from __future__ import annotations

import pytest

from mqsc.catalog import DEFINED, CommandSource
from tests.engine.conftest import fresh_group

CASES = [
    ("CHANNEL", "DEFINE CHANNEL(GRP.RCVR) CHLTYPE(RCVR) QSGDISP(GROUP) DESCR('it''s')", "GRP.RCVR"),
    ("TOPIC", "DEFINE TOPIC(GRP.TOPIC) TOPICSTR('Group/Topic') QSGDISP(GROUP)", "GRP.TOPIC"),
    ("AUTHINFO", "DEFINE AUTHINFO(GRP.AUTH) AUTHTYPE(IDPWOS) QSGDISP(GROUP)", "GRP.AUTH"),
]


@pytest.mark.parametrize(("objtype", "define", "name"), CASES, ids=[c[0] for c in CASES])
def test_group_object_has_copies_on_every_member(objtype, define, name) -> None:
    members = fresh_group().members
    result = members["QSA1"].execute(define)
    assert result.ok and all(r.ok for r in result.all_sets())
    for member in members.values():
        shown = member.execute(f"DISPLAY {objtype}({name}) QSGDISP(ALL)").objects
        assert sorted(str(o.get("QSGDISP")) for o in shown) == ["COPY", "GROUP"]
    group_copy = members["QSA2"].execute(f"DISPLAY {objtype}({name}) QSGDISP(ALL) ALL").objects
    assert [a for a in group_copy[0].attrs if a[0] not in ("QSGDISP", "ALTDATE", "ALTTIME")] == [
        a for a in group_copy[1].attrs if a[0] not in ("QSGDISP", "ALTDATE", "ALTTIME")
    ]
    assert members["QSA1"].execute(f"DELETE {objtype}({name}) QSGDISP(GROUP)").ok
    for member in members.values():
        assert not member.execute(f"DISPLAY {objtype}({name}) QSGDISP(ALL)").objects


@pytest.mark.parametrize(("objtype", "define", "name"), CASES, ids=[c[0] for c in CASES])
def test_a_member_starting_makes_the_copy_it_lacks(objtype, define, name) -> None:
    """A member that was stopped while the GROUP object was defined gets its COPY as it starts
    (group objects are copied to each queue manager's page set 0 as it starts): the generated
    DEFINE carries what DEFINE requires (CHLTYPE, TOPICSTR, AUTHTYPE) from the GROUP object."""
    members = fresh_group().members
    assert members["QSA2"].execute("STOP QMGR", source=CommandSource.CONSOLE).ok
    result = members["QSA1"].execute(define)
    assert result.ok and all(r.ok for r in result.all_sets())
    assert not members["QSA2"].state.tables[DEFINED[objtype].table].get(name)
    started = members["QSA2"].execute("START QMGR", source=CommandSource.CONSOLE)
    assert started.ok, started.message_ids
    shown = members["QSA2"].execute(f"DISPLAY {objtype}({name}) QSGDISP(ALL) ALL").objects
    assert sorted(str(o.get("QSGDISP")) for o in shown) == ["COPY", "GROUP"]
    copy, group = sorted(shown, key=lambda o: str(o.get("QSGDISP")))
    assert [a for a in copy.attrs if a[0] not in ("QSGDISP", "ALTDATE", "ALTTIME")] == [
        a for a in group.attrs if a[0] not in ("QSGDISP", "ALTDATE", "ALTTIME")
    ]
