"""Golden output of a queue sharing group rehearsal (tests/golden/qsg/rehearsal.scn): every
CSQE/CSQN message and DISPLAY CFSTATUS in command-server and console framing, and as JSON."""

from __future__ import annotations

from pathlib import Path

from tests.engine.conftest import fresh_group
from tests.engine.scenario import STYLES, play

SCENARIO = Path(__file__).resolve().parents[1] / "golden" / "qsg" / "rehearsal.scn"


def test_rehearsal_golden(golden) -> None:
    for style, suffix in STYLES:
        golden(SCENARIO.with_suffix(suffix), play(SCENARIO, fresh_group().members, style))
