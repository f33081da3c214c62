"""The reference pages in docs/ are exactly what the catalogs generate."""

from __future__ import annotations

from mqsc.cli import docgen


def test_generated_docs_are_current() -> None:
    assert docgen.main(["--check"]) == 0, "run: python -m mqsc.cli.docgen"
