"""Golden output of QMZ1's life (tests/golden/lifecycle/qmz1.scn): the refusals of the object,
page set and buffer pool rules, DISPLAY USAGE TYPE(DATASET), a page set that cannot expand,
STOP QMGR and START QMGR, in both framings and as JSON."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from mqsc.engine.config import PageSetGeometry
from tests.engine.conftest import fresh_qmz1
from tests.engine.scenario import STYLES, play

SCENARIO = Path(__file__).resolve().parents[1] / "golden" / "lifecycle" / "qmz1.scn"
#: Page set 24 as its mqsc.toml would allocate it: 100 pages, no secondary extents.
NO_SECONDARY = PageSetGeometry(primary=100, secondary=0)


def qmz1():
    qm = fresh_qmz1()
    qm.config = dataclasses.replace(qm.config, overrides={**qm.config.overrides, 24: NO_SECONDARY})
    return qm


def test_lifecycle_golden(golden) -> None:
    for style, suffix in STYLES:
        golden(SCENARIO.with_suffix(suffix), play(SCENARIO, {"QMZ1": qmz1()}, style))
