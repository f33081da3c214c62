"""The console's JSON resources (mqsc.serve.webconsole) on engine queue managers, without HTTP."""

from __future__ import annotations

import datetime as dt

from mqsc.engine.group import Group
from mqsc.engine.manager import QueueManager
from mqsc.serve import webconsole
from tests.engine.conftest import MINIMAL_CSQINP1, MINIMAL_CSQINP2

#: A clock with a UTC offset, as MQSC_CLOCK=2026-03-02T10:15:00+01:00 gives.
AWARE = dt.datetime(2026, 3, 2, 10, 15, tzinfo=dt.timezone(dt.timedelta(hours=1)))


def member(now: list[dt.datetime]) -> QueueManager:
    group = Group("QSGW")
    for name in ("QWA1", "QWA2"):
        QueueManager.create(
            name,
            csqinp1=MINIMAL_CSQINP1,
            csqinp2=MINIMAL_CSQINP2,
            clock=lambda: now[0],
            group=group,
        )
    return group.members["QWA1"]


def test_the_zos_page_with_a_clock_that_has_a_utc_offset() -> None:
    now = [AWARE]
    qm = member(now)
    for command in ("DEFINE CFSTRUCT(APPL1) CFLEVEL(5) RECOVER(YES)", "BACKUP CFSTRUCT(APPL1)"):
        assert qm.execute(command).ok, command
    answer = webconsole.zos(qm)
    assert answer.status == 200, answer
    backed = next(s for s in answer.body["structures"] if s["name"] == "APPL1")
    assert backed["backupAgeSeconds"] == 0
    now[0] = AWARE + dt.timedelta(minutes=90)
    backed = next(s for s in webconsole.zos(qm).body["structures"] if s["name"] == "APPL1")
    assert backed["backupAgeSeconds"] == 90 * 60


def test_the_zos_page_members_say_active_as_display_group_does() -> None:
    now = [AWARE]
    qm = member(now)
    qm.group.members["QWA2"].execute("STOP QMGR")
    members = webconsole.zos(qm).body["members"]
    lines = " ".join(
        str(m.inserts.get("members", "")) for m in qm.execute("DISPLAY GROUP").messages()
    )
    assert members == [{"name": "QWA1", "status": "ACTIVE"}, {"name": "QWA2", "status": "INACTIVE"}]
    assert "QWA1 ACTIVE" in lines and "QWA2 INACTIVE" in lines, lines


def test_the_queues_window_lists_group_objects_and_their_copies() -> None:
    qm = member([AWARE])
    assert qm.execute("DEFINE QLOCAL(WEB.GRP.Q) QSGDISP(GROUP) DESCR('grp')").ok
    body = webconsole.queues_window(qm, "WEB.*", 0, 10).body
    assert body["total"] == 2
    assert [(q["queue"], q["qsgdisp"], q["descr"]) for q in body["queues"]] == [
        ("WEB.GRP.Q", "COPY", "grp"),
        ("WEB.GRP.Q", "GROUP", "grp"),
    ]
