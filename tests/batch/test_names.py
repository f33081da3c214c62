"""The z/OS names the batch programs check, in one place (mqsc/batch/names.py), and the one
rule for a page set data set in use (mqsc/batch/datasets.py Cluster.used_by)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mqsc.batch.datasets import Cluster
from mqsc.batch.names import dataset, is_dsn, is_name, is_qualified_ddname
from mqsc.engine.phase import Phase
from tests.engine.conftest import fresh_minimal


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("SYSIN", True),
        ("CSQP0001", True),
        ("#A@$", True),
        ("A", True),
        ("1ABC", False),
        ("ABCDEFGHI", False),
        ("A-B", False),
        ("", False),
        ("A.B", False),
    ],
)
def test_names(text, ok) -> None:
    assert is_name(text) is ok


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("MQ.PS00", ("MQ.PS00", "")),
        ("MQ.CSQINP2(QMZ1)", ("MQ.CSQINP2", "QMZ1")),
        ("A-1.B", ("A-1.B", "")),  # a hyphen after a qualifier's first character
        ("-A.B", None),
        ("MQ..PS", None),
        ("MQ.TOOLONGQUAL", None),
        ("MQ.X(1MEMBER)", None),
        ("A2345678." * 5 + "A", None),  # 44 characters at most
        ("A234567." * 5 + "ABC", ("A234567." * 5 + "ABC", "")),
    ],
)
def test_data_set_names(text, found) -> None:
    assert dataset(text) == found
    assert is_dsn(text) is (found is not None and not found[1])


def test_qualified_dd_names() -> None:
    assert is_qualified_ddname("STEP1.SYSIN") and not is_qualified_ddname("SYSIN")


def test_a_page_set_is_in_use_until_its_queue_manager_has_stopped() -> None:
    qm = fresh_minimal()
    for psid in (2, 3):
        assert qm.execute(f"DEFINE PSID({psid}) BUFFPOOL(1) DSN(MQ.PS0{psid})").ok
    cluster = Cluster("MQ.PS02", "VOL001", "CYLINDERS", 1, 1, qmgr=qm.name, psid=2)
    assert cluster.used_by(qm)
    for phase in (Phase.CSQINP1, Phase.CSQINP2):  # starting: the data set is allocated
        qm.phase = phase
        assert cluster.used_by(qm)
    qm.phase = Phase.STOPPED
    assert not cluster.used_by(qm)
    qm.phase = Phase.RUNNING
    assert not replace(cluster, psid=3).used_by(qm)  # another page set's data set
    assert not replace(cluster, qmgr="OTHER").used_by(qm)  # another queue manager's
    assert not cluster.used_by(None)
