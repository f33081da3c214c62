"""Public z/OS MQSC (tests/corpus/PROVENANCE): `mqsc check` accepts every deck, and a fresh
QMZ1 runs it with no CSQ error but those z/OS gives too (listed in PROVENANCE)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mqsc.batch.check import check
from mqsc.catalog.messages import CATALOG
from mqsc.language.source import Source
from tests.engine.conftest import fresh_qmz1

CORPUS = Path(__file__).resolve().parent
#: Errors z/OS gives too, per deck (PROVENANCE).
EXPECTED = {"ibm-channel-status.mqsc": ["CSQM131I", "CSQM131I"]}


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.mqsc")), ids=lambda p: p.name)
def test_the_deck_runs_as_on_zos(path: Path) -> None:
    source = Source(path.read_text(), path.name)
    [report] = check([source], fresh_qmz1())
    errors = [d.msg_id for d in report.diagnostics if CATALOG[d.msg_id].severity >= 8]
    assert errors == EXPECTED.get(path.name, []), errors
    results = list(fresh_qmz1().iter_run(source))
    failed = [m for r in results if not r.ok for m in r.message_ids
              if m not in ("CSQ9023E",)]
    assert failed == EXPECTED.get(path.name, []), failed
