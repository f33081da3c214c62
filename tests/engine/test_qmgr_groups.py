"""DISPLAY QMGR SYSTEM, EVENT, CHINIT, CLUSTER and PUBSUB show groups of the queue manager's
attributes (IBM MQ "DISPLAY QMGR (display queue manager settings)"); they combine with each
other and with named attributes, and change nothing."""

from __future__ import annotations

from mqsc.catalog.qmgr import FAMILY, QMGR_GROUPS
from mqsc.engine.serial import digest
from tests.engine.conftest import fresh_qmz1


def shown(qm, command: str) -> set[str]:
    (obj,) = qm.execute(command).objects
    return {name for name, _ in obj.attrs}


def test_each_group_shows_its_attributes_the_catalog_has() -> None:
    qm = fresh_qmz1()
    for group, members in QMGR_GROUPS.items():
        expected = {n for n in members if n in FAMILY.attributes} | {"QMNAME"}
        assert shown(qm, f"DISPLAY QMGR {group}") == expected, group


def test_events_are_the_event_switches() -> None:
    assert shown(fresh_qmz1(), "DISPLAY QMGR EVENT") == {
        "QMNAME",
        "AUTHOREV",
        "BRIDGEEV",
        "CHLEV",
        "CMDEV",
        "CONFIGEV",
        "INHIBTEV",
        "LOCALEV",
        "PERFMEV",
        "REMOTEEV",
        "SSLEV",
        "STRSTPEV",
    }


def test_groups_combine_with_attributes_and_change_nothing() -> None:
    qm = fresh_qmz1()
    before = digest(qm.state)
    both = shown(qm, "DISPLAY QMGR EVENT DESCR")
    assert "DESCR" in both and "PERFMEV" in both
    assert shown(qm, "DISPLAY QMGR CLUSTER PUBSUB") >= {"REPOS", "PSMODE"}
    assert digest(qm.state) == before


def test_system_attributes_shown_but_never_set() -> None:
    # MAXPRTY, CPILEVEL, SYNCPT, ADVCAP and SPLCAP are DISPLAY QMGR system attributes that
    # ALTER QMGR does not take (IBM "DISPLAY QMGR", "ALTER QMGR").
    qm = fresh_qmz1()
    (obj,) = qm.execute("DISPLAY QMGR MAXPRTY CPILEVEL SYNCPT ADVCAP SPLCAP").objects
    assert dict(obj.attrs) == {
        "QMNAME": "QMZ1",
        "MAXPRTY": 9,
        "CPILEVEL": 100,
        "SYNCPT": True,
        "ADVCAP": "DISABLED",
        "SPLCAP": "DISABLED",
    }
    before = digest(qm.state)
    assert "CSQ9001E" in qm.execute("ALTER QMGR MAXPRTY(5)").message_ids
    assert digest(qm.state) == before
