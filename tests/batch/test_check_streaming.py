"""``mqsc check`` streams its decks: what it keeps does not grow with the deck (only with the
queue manager's state and the largest command), whatever the deck holds (clean DEFINEs, a
command rejected on every line) and whatever report it is kept for; the reports are written
as they are read. Memory is counted by tracemalloc (bytes Python allocated and still holds),
not timed."""

from __future__ import annotations

import gc
import io
import tracemalloc

import pytest

from mqsc.batch import cireports
from mqsc.batch.check import Options, check
from mqsc.language.diagnostics import FAIL_LEVELS
from mqsc.language.source import Source
from mqsc.store.home import open_qmgr

#: What a deck of each kind repeats (a few queues REPLACEd over and over: the state stays
#: the same size, so only what the check keeps per command could grow).
DECKS = {
    "defines": "DEFINE QLOCAL(APP.Q{n}) REPLACE MAXDEPTH({i}) DESCR('queue {i}')\n",
    "rejected": "DEFINE QLOCAL(BAD.Q{n}) MAXDEPTHX({i})\n",
    "failing": "DEFINE QLOCAL(SYSTEM.DEFAULT.LOCAL.QUEUE) DESCR('{i}')\n",
    "mixed": "ALTER QLOCAL(APP.Q{n}) MAXDEPTH({i})\n  * a comment {i}\nDIS QMGR\n",
}
#: Everything a report may need kept (JUnit cases with replies, SARIF hashes, hints).
KEEP_ALL = Options(cases=True, outputs=True, hints=True, digests=True)


def _deck(kind: str, count: int) -> Source:
    head = "".join(f"DEFINE QLOCAL(APP.Q{n})\n" for n in range(10))
    return Source(
        head + "".join(DECKS[kind].format(n=i % 10, i=i) for i in range(count)), f"{kind}.mqsc"
    )


def _kept_bytes(kind: str, count: int, options: Options | None, semantic: bool) -> int:
    """What Python still holds after checking a deck of ``count`` (``options`` None: after
    running it on the queue manager as ``mqsc run`` does, without a check)."""
    qm = open_qmgr(memory=True) if semantic else None
    source = _deck(kind, count)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        if options is None:
            assert qm is not None
            for _ in qm.iter_run(source):
                pass
        else:
            found = check([source], qm, options=options)
            assert found[0].commands >= count
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    return kept


@pytest.mark.parametrize("kind", list(DECKS))
@pytest.mark.parametrize("semantic", [False, True], ids=["syntax", "semantic"])
def test_what_a_check_keeps_does_not_grow_with_the_deck(kind: str, semantic: bool) -> None:
    small = _kept_bytes(kind, 500, KEEP_ALL, semantic)
    large = _kept_bytes(kind, 3_500, KEEP_ALL, semantic)
    # The queue manager's own state grows as the deck runs (its recovery log holds a record
    # of each command that changed something): what the same deck leaves when simply run.
    state = (
        _kept_bytes(kind, 3_500, None, True) - _kept_bytes(kind, 500, None, True) if semantic else 0
    )
    # 3,000 more commands: a Step per command kept some 1.7 KB each (5 MB here).
    assert large - small - state < 200_000, (small, large, state)


def test_reports_are_written_as_they_are_read() -> None:
    qm = open_qmgr(memory=True)
    options = Options(cases=True, outputs=True, digests=True)
    decks = check([_deck("rejected", 3_000)], qm, options=options)
    report = cireports.build("mqsc run", decks, FAIL_LEVELS["error"], run=True)
    for write in (cireports.junit_text, cireports.sarif_text, cireports.github_lines):
        gc.collect()
        tracemalloc.start()
        try:
            written = sum(len(piece) for piece in write(report))
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert written > 250_000  # a report of 3,000 failing cases...
        assert peak < written / 4, (write.__name__, peak, written)  # ...never held whole


def test_the_streamed_report_is_the_whole_one(capsys) -> None:
    """The pieces are exactly what ElementTree and json.dumps make of the whole document."""
    import json
    import xml.etree.ElementTree as ET

    decks = check(
        [_deck("mixed", 30), _deck("rejected", 5)],
        open_qmgr(memory=True),
        options=Options(cases=True, digests=True),
    )
    report = cireports.build("mqsc check", decks, FAIL_LEVELS["warning"])
    whole = json.dumps(cireports.sarif(report), indent=2) + "\n"
    assert "".join(cireports.sarif_text(report)) == whole
    text = cireports.junit(report)
    root = ET.fromstring(text.split("\n", 1)[1])
    ET.indent(root)
    assert text == (
        '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"
    )
    assert [s.get("tests") for s in root] == [str(d.commands) for d in decks] == ["100", "15"]
    assert int(root.get("tests")) == len(root.findall(".//testcase"))
    assert int(root.get("failures")) == len(root.findall(".//failure"))


def test_a_warning_about_the_state_points_into_a_continued_card_deck() -> None:
    """Warnings about what the decks left read the command they point at again, from its
    lines: continuation and card columns as the deck was read."""
    card = (
        "DEFINE QALIAS(MY.ALIAS) +".ljust(72)
        + "00000010\n"
        + "       TARGET(NO.SUCH.QUEUE)".ljust(72)
        + "00000020\n"
    )
    [report] = check([Source(card, "cards.mqsc")], open_qmgr(memory=True))
    [d] = [d for d in report.diagnostics if d.msg_id == "MQSC103W"]
    assert (d.location.line, d.location.column) == (2, 8)
    assert card[d.span.start : d.span.end] == "TARGET(NO.SUCH.QUEUE)"


def test_check_output_formats_stream_to_a_sink(tmp_path, monkeypatch) -> None:
    """mqsc check --format json writes its document piece by piece, the same document."""
    import json

    from mqsc.cli import main

    deck = tmp_path / "d.mqsc"
    deck.write_text(_deck("rejected", 200).text)
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    assert main(["check", "--format", "json", "--syntax-only", str(deck)]) == 1
    data = json.loads(out.getvalue())
    assert data["problems"] == 200 and len(data["files"][0]["diagnostics"]) == 200
    assert out.getvalue() == json.dumps(data, indent=2) + "\n"
