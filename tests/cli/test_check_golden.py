"""Golden ``mqsc check`` output of the lint rules (tests/golden/lint): an application's CSQINP2
deck with the usual mistakes, and a card deck with text past column 72 (docs/ci.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mqsc.cli import main

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "golden" / "lint"


@pytest.mark.parametrize("path", sorted(CASES.glob("*.mqsc")), ids=lambda p: p.stem)
def test_lint_golden(path: Path, golden, capsys, monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    status = main(["check", str(path.relative_to(ROOT))])
    out = capsys.readouterr().out
    assert status == 1
    golden(path.with_suffix(".check.txt"), out)
