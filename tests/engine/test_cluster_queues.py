"""Cluster queues on z/OS: DISPLAY QCLUSTER, DISPLAY QUEUE TYPE(QCLUSTER) and CLUSINFO need the
channel initiator ("On z/OS, the channel initiator must be running before you can display
information about cluster queues", IBM "DISPLAY QUEUE" usage notes), so with none started
each is answered CSQM131I and changes nothing; the cluster queue attributes may be asked for
on any queue display and a queue defined here shows none of them."""

from __future__ import annotations

import pytest

from mqsc.engine.serial import digest
from tests.engine.conftest import fresh_qmz1

NEEDS_CHINIT = [
    "DISPLAY QCLUSTER(*)",
    "DIS QC(INV*) CLUSQMGR QMID",
    "DISPLAY QUEUE(*) TYPE(QCLUSTER)",
    "DISPLAY QUEUE(*) CLUSINFO",
    "DISPLAY QLOCAL(*) CLUSINFO",
    "DISPLAY QALIAS(*) CLUSINFO",
]


@pytest.mark.parametrize("command", NEEDS_CHINIT)
def test_cluster_queue_displays_need_the_channel_initiator(command: str) -> None:
    qm = fresh_qmz1()
    before = digest(qm.state)
    result = qm.execute(command)
    assert not result.ok
    assert result.message_ids == ("CSQM131I", "CSQ9023E")
    assert digest(qm.state) == before


def test_cluster_queue_attributes_can_be_asked_for_and_a_local_queue_has_none() -> None:
    qm = fresh_qmz1()
    assert qm.execute("DEFINE QLOCAL(INVENTQ) CLUSTER(INVENTORY)").ok
    result = qm.execute("DISPLAY QUEUE(INVENTQ) CLUSQMGR CLUSQT QMID CLUSDATE CLUSTIME CLUSTER")
    assert result.ok, result.message_ids
    attrs = dict(result.objects[0].attrs)
    assert attrs["CLUSTER"] == "INVENTORY"
    assert not {"CLUSQMGR", "CLUSQT", "QMID", "CLUSDATE", "CLUSTIME"} & set(attrs)


def test_the_other_queue_types_still_display() -> None:
    qm = fresh_qmz1()
    result = qm.execute("DISPLAY QUEUE(SYSTEM.DEFAULT.*) TYPE(ALL)")
    assert result.ok
    assert "CSQ9022I" in result.message_ids
