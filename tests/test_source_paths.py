"""Every source path the package and the docs mention (``mqsc/engine/bsds.py``,
``tests/engine/test_events.py``) exists: a module moved or renamed leaves no reader looking
for a file that is not there."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PATH = re.compile(r"\b(?:mqsc|tests)/[A-Za-z0-9_/]*\.py\b")
#: docs/language.md's "How to add an object type" walks through a family that does not exist.
EXAMPLES = {"mqsc/catalog/widgets.py", "mqsc/engine/families/widgets.py"}


def _texts() -> list[Path]:
    return [
        *sorted((ROOT / "mqsc").rglob("*.py")),
        *sorted((ROOT / "docs").rglob("*.md")),
        ROOT / "README.md",
    ]


def test_every_mentioned_source_path_exists() -> None:
    dead: dict[str, list[str]] = {}
    for path in _texts():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for mentioned in PATH.findall(line):
                if mentioned not in EXAMPLES and not (ROOT / mentioned).exists():
                    dead.setdefault(mentioned, []).append(f"{path.relative_to(ROOT)}:{number}")
    assert not dead, f"paths that do not exist: {dead}"
