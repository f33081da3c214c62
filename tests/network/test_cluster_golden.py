"""Golden output of three queue managers in a cluster (tests/golden/clusters/*.scn,
docs/clusters.md): two full repositories and a partial one over the channel network, a queue
clustered on two of them, workload balancing by CLWLWGHT, SUSPEND and RESUME QMGR, REFRESH
CLUSTER, RESET CLUSTER, an unreachable member's messages on the cluster transmission queue,
and the z/OS replies to bad input, in command-server and console framing and as JSON."""

from __future__ import annotations

from pathlib import Path

import pytest

from mqsc.engine.manager import QueueManager
from mqsc.network.transport import Network
from tests.engine.conftest import clock, fresh_qmz1
from tests.engine.scenario import STYLES, play

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "clusters"


def trio() -> tuple[dict[str, QueueManager], Network]:
    """QMA, QMB and QMC, built from QMZ1's decks, in one network."""
    model = fresh_qmz1()
    qmgrs = {
        name: QueueManager.create(name, csqinp1=model.csqinp1, csqinp2=model.csqinp2, clock=clock)
        for name in ("QMA", "QMB", "QMC")
    }
    return qmgrs, Network(qmgrs.values())


#: Each scenario (tests/golden/clusters/NAME.scn): what it shows.
SCENARIOS = {
    "cluster": "joining, 1,000 puts balanced by CLWLWGHT, SUSPEND/RESUME, REFRESH, RESET",
    "unreachable": "a member whose listener stopped: its messages wait on the cluster XMITQ",
    "bad-input": "cluster commands refused: long names, REPOS with REPOSNL, a CLUSSDR to a "
    "partial repository, REFRESH REPOS(YES) on a full repository",
}


@pytest.mark.parametrize("name", SCENARIOS)
def test_cluster_golden(golden, name: str) -> None:
    scenario = GOLDEN / f"{name}.scn"
    for style, suffix in STYLES:
        qmgrs, network = trio()
        golden(scenario.with_suffix(suffix), play(scenario, qmgrs, style, network))
