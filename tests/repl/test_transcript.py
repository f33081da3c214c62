"""docs/console.md shows a real session: its transcript and its completion 'screenshot' are
generated here and must match the page (``pytest --update-goldens`` rewrites the golden file;
copy it into the page)."""

from __future__ import annotations

import io
from pathlib import Path

from mqsc import catalog
from mqsc.repl.app import piped_loop
from mqsc.repl.complete import suggest
from mqsc.repl.config import Settings
from mqsc.repl.output import Output
from mqsc.repl.session import ConsoleSession
from mqsc.repl.toolbar import toolbar

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "console"


def transcript(qm) -> str:
    out = io.StringIO()
    session = ConsoleSession(qm, Settings(), Output(out), ask=lambda question: False)
    text = (GOLDEN / "session.mqsc").read_text(encoding="utf-8")
    piped_loop(session, io.StringIO(text))
    return out.getvalue()


def screenshot(qm, names) -> str:
    """The prompt with a completion menu open and the toolbar, as the terminal shows them."""
    typed = "DEF QL(PAY.IN) STGCLASS(STGCLS1"
    found = suggest(typed, catalog, names)
    column = len("QMZ1> ") + len(typed) + found[0].start
    width = max(len(s.display) for s in found)
    menu = [" " * column + f" {s.display:<{width}}  {s.meta} " for s in found]
    view = type("View", (), {"format": "text", "style": "console"})()
    bar = toolbar(typed, typed, names, view, 100)
    lines = [f"QMZ1> {typed}█", *menu, "", "─" * 100, bar[0][1], bar[2][1]]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def test_transcript_matches_the_golden_file_and_the_page(qm, names, golden) -> None:
    text = transcript(qm)
    golden(GOLDEN / "session.txt", text)
    page = (ROOT / "docs" / "console.md").read_text(encoding="utf-8")
    assert text in page, "docs/console.md: paste tests/golden/console/session.txt"


def test_screenshot_matches_the_golden_file_and_the_page(qm, names, golden) -> None:
    text = screenshot(qm, names)
    golden(GOLDEN / "screenshot.txt", text)
    page = (ROOT / "docs" / "console.md").read_text(encoding="utf-8")
    assert text in page, "docs/console.md: paste tests/golden/console/screenshot.txt"
