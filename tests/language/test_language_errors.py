"""Every message the language stages can give, as ``mqsc check`` prints it (golden files)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mqsc.cli import main
from tests.test_message_coverage import message_literals

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "golden" / "errors"
LANGUAGE_MODULES = ("reader.py", "parser.py", "binder.py", "lexer.py")


@pytest.mark.parametrize("path", sorted(CASES.glob("*.mqsc")), ids=lambda p: p.stem)
def test_check_output_golden(path: Path, golden, capsys, monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    status = main(["check", "--syntax-only", str(path.relative_to(ROOT))])
    out = capsys.readouterr().out
    assert status == 1
    assert f": {path.stem} " in out, f"{path.name} must provoke {path.stem}"
    golden(path.with_suffix(".check.txt"), out)


def emitted_ids() -> set[str]:
    """Message ids written as string literals in the language modules."""
    return message_literals(ROOT / "mqsc" / "language" / name for name in LANGUAGE_MODULES)


def test_every_language_message_has_a_golden_deck() -> None:
    from mqsc.catalog import SPECS

    ranges = {k.range_msg for s in SPECS for k in s.keywords.values() if k.range_msg}
    have = {p.stem for p in CASES.glob("*.mqsc")}
    missing = (emitted_ids() | ranges) - have
    assert not missing, f"no golden deck for {sorted(missing)}"
