"""Public z/OS MQSC (tests/corpus/PROVENANCE): `mqsc check` accepts every deck, and a fresh
QMZ1 runs it with no CSQ error but those z/OS gives too (listed in PROVENANCE); the
command counts PROVENANCE states are the decks' own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mqsc.batch.check import check
from mqsc.catalog.texts import CATALOG
from mqsc.language.source import Source
from tests.engine.conftest import fresh_qmz1

CORPUS = Path(__file__).resolve().parent
DECKS = sorted(CORPUS.glob("*.mqsc"))
#: Errors z/OS gives too, per deck (PROVENANCE): CSQM131I for channel commands with no channel
#: initiator started (DISPLAY CHSTATUS, START CHANNEL, DISPLAY CLUSQMGR and DISPLAY QUEUE
#: TYPE(QCLUSTER) usage notes, REFRESH SECURITY TYPE(SSL) command sources); MQSC654E for
#: the three ARCHIVE LOG examples after the first, whose offload is still running on the test's
#: fixed clock ("You cannot issue an ARCHIVE LOG command while a previous ARCHIVE LOG command
#: is in progress", ARCHIVE LOG usage notes). (DISPLAY CMDSERV is taken from the command
#: server too: IBM MQ 9.4 "DISPLAY CMDSERV", "You can issue this command from sources 12CR".)
EXPECTED_RUN = {
    "ibm-channel-status.mqsc": ["CSQM131I", "CSQM131I"],
    "mq-study-remote-queue.mqsc": ["CSQM131I", "CSQM131I", "CSQM131I"],
    "ibm-docs-clusters.mqsc": ["CSQM131I", "CSQM131I"],
    "ibm-zos-operations.mqsc": ["MQSC654E", "MQSC654E", "MQSC654E", "CSQM131I"],
}
#: `mqsc check` reports the same, but only errors (severity 8 and over) fail a check.
EXPECTED_CHECK = {
    name: [m for m in ids if CATALOG[m].severity >= 8] for name, ids in EXPECTED_RUN.items()
}


def _provenance_counts() -> dict[str, int]:
    rows = re.findall(r"^\| (\S+\.mqsc) \| (\d+) \|", (CORPUS / "PROVENANCE").read_text(), re.M)
    return {name: int(count) for name, count in rows}


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_the_deck_runs_as_on_zos(path: Path) -> None:
    source = Source(path.read_text(), path.name)
    [report] = check([source], fresh_qmz1())
    errors = [d.msg_id for d in report.diagnostics if CATALOG[d.msg_id].severity >= 8]
    assert errors == EXPECTED_CHECK.get(path.name, []), errors
    results = list(fresh_qmz1().iter_run(source))
    failed = [m for r in results if not r.ok for m in r.message_ids if m not in ("CSQ9023E",)]
    assert failed == EXPECTED_RUN.get(path.name, []), failed
    assert len(results) == _provenance_counts()[path.name]


def test_provenance_lists_every_deck_and_the_total() -> None:
    counts = _provenance_counts()
    assert sorted(counts) == [p.name for p in DECKS]
    total = re.search(r"^Total: ([\d,]+) commands", (CORPUS / "PROVENANCE").read_text(), re.M)
    assert total is not None and int(total.group(1).replace(",", "")) == sum(counts.values())
