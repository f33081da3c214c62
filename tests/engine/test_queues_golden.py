"""Golden output of the queue commands that move messages (tests/golden/queues/*.scn): CLEAR
QLOCAL, MOVE QLOCAL and DISPLAY QSTATUS, in both framings and as JSON."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.conftest import fresh_qmz1
from tests.engine.scenario import STYLES, play

SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "golden" / "queues").glob("*.scn"))


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_queues_golden(scenario: Path, golden) -> None:
    for style, suffix in STYLES:
        golden(scenario.with_suffix(suffix), play(scenario, {"QMZ1": fresh_qmz1()}, style))
