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


DATASET_USAGE = SCENARIO.with_name("usage-dataset.scn")


def test_usage_dataset_golden(golden) -> None:
    """DISPLAY USAGE TYPE(DATASET) answers the CF structure recovery RBA from the backups."""
    for style, suffix in STYLES:
        golden(DATASET_USAGE.with_suffix(suffix), play(DATASET_USAGE, fresh_group().members, style))
