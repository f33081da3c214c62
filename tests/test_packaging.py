"""The wheel carries the grammar and the sample decks, and the installed package finds them."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_wheel_contains_grammar_and_installed_package_uses_it(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist),
         str(ROOT)],
        check=True, capture_output=True,
    )
    (wheel,) = dist.glob("mqsc-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "mqsc/grammar/mqsc.lark" in names
    assert "mqsc/samples/qmz1/CSQINP1.mqsc" in names
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet",
         "--target", str(target), str(wheel)],
        check=True, capture_output=True,
    )
    probe = (
        "import mqsc.language.parser as p; path = p.grammar_path(); "
        "print(path); assert 'site' in str(path), path; "
        "print(p.parse_logical.__module__)"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True,
        env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stderr
    assert str(target) in result.stdout
