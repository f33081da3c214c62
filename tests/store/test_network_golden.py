"""Golden output of two queue managers over a sender/receiver channel
(tests/golden/channels/sdr-rcvr.scn, docs/channels.md): channel initiators, listeners, the
CONNAME rule, messages moving through both storage models, a stopped receiver, the
dead-letter queue, in command-server and console framing and as JSON."""

from __future__ import annotations

from pathlib import Path

from mqsc.engine.manager import QueueManager
from mqsc.store.network import Network
from tests.engine.conftest import clock, fresh_qmz1
from tests.engine.scenario import STYLES, play

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "channels"
SCENARIO = GOLDEN / "sdr-rcvr.scn"
RETRY = GOLDEN / "retry.scn"
FULL = GOLDEN / "xmitq-full.scn"
DISCINT = GOLDEN / "discint.scn"
REQUESTER = GOLDEN / "svr-rqstr.scn"


def pair() -> tuple[dict[str, QueueManager], Network]:
    """QMZ1 and a QMZ2 built from the same decks, in one network."""
    qmz1 = fresh_qmz1()
    qmz2 = QueueManager.create("QMZ2", csqinp1=qmz1.csqinp1, csqinp2=qmz1.csqinp2, clock=clock)
    return {"QMZ1": qmz1, "QMZ2": qmz2}, Network([qmz1, qmz2])


def test_sender_receiver_golden(golden) -> None:
    for style, suffix in STYLES:
        qmgrs, network = pair()
        golden(SCENARIO.with_suffix(suffix), play(SCENARIO, qmgrs, style, network))


def test_retrying_then_recovering_golden(golden) -> None:
    for style, suffix in STYLES:
        qmgrs, network = pair()
        golden(RETRY.with_suffix(suffix), play(RETRY, qmgrs, style, network))


def test_a_filling_transmission_queue_golden(golden) -> None:
    for style, suffix in STYLES:
        qmgrs, network = pair()
        golden(FULL.with_suffix(suffix), play(FULL, qmgrs, style, network))


def test_a_channel_disconnecting_after_discint_golden(golden) -> None:
    for style, suffix in STYLES:
        qmgrs, network = pair()
        golden(DISCINT.with_suffix(suffix), play(DISCINT, qmgrs, style, network))


def test_requester_server_and_callback_golden(golden) -> None:
    for style, suffix in STYLES:
        qmgrs, network = pair()
        golden(REQUESTER.with_suffix(suffix), play(REQUESTER, qmgrs, style, network))
