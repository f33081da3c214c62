"""Golden output of two queue managers over a sender/receiver channel
(tests/golden/channels/sdr-rcvr.scn, docs/channels.md): channel initiators, listeners, the
CONNAME rule, messages moving through both storage models, a stopped receiver, the
dead-letter queue, in command-server and console framing and as JSON."""

from __future__ import annotations

from pathlib import Path

import pytest

from mqsc.engine.manager import QueueManager
from mqsc.network.transport import Network
from tests.engine.conftest import clock, fresh_qmz1
from tests.engine.scenario import STYLES, play

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "channels"


def pair() -> tuple[dict[str, QueueManager], Network]:
    """QMZ1 and a QMZ2 built from the same decks, in one network."""
    qmz1 = fresh_qmz1()
    qmz2 = QueueManager.create("QMZ2", csqinp1=qmz1.csqinp1, csqinp2=qmz1.csqinp2, clock=clock)
    return {"QMZ1": qmz1, "QMZ2": qmz2}, Network([qmz1, qmz2])


#: Each scenario (tests/golden/channels/NAME.scn): what it shows.
SCENARIOS = {
    "sdr-rcvr": "a sender/receiver pair end to end, a stopped receiver, the dead-letter queue",
    "retry": "a channel retrying on the simulated clock, then recovering, then stopping",
    "xmitq-full": "a stopped receiver: the transmission queue fills until MQRC 2192",
    "discint": "DISCINT: a channel with nothing to send ends, a trigger starts it again",
    "svr-rqstr": "requester-server and requester-sender (callback) pairs",
    "ping": "PING CHANNEL: an unreachable, a stopped and a ready partner; refusals",
}


@pytest.mark.parametrize("name", SCENARIOS)
def test_channel_golden(golden, name: str) -> None:
    scenario = GOLDEN / f"{name}.scn"
    for style, suffix in STYLES:
        qmgrs, network = pair()
        golden(scenario.with_suffix(suffix), play(scenario, qmgrs, style, network))
