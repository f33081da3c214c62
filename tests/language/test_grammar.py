"""The grammar file: builds strictly, ships where the parser looks for it."""

from __future__ import annotations

from pathlib import Path

from mqsc.language.parser import grammar_path, lark_parser

ROOT = Path(__file__).resolve().parents[2]


def test_grammar_builds_with_strict_mode() -> None:
    # strict=True turns shift/reduce conflicts and terminal collisions into errors
    # (the collision check needs interegular, a test dependency).
    import interegular  # noqa: F401

    lark_parser.cache_clear()
    try:
        assert lark_parser(strict=True) is not None
    finally:
        lark_parser.cache_clear()


def test_grammar_path_in_a_checkout_is_the_top_level_file() -> None:
    assert grammar_path().resolve() == (ROOT / "grammar" / "mqsc.lark").resolve()


def test_deck_start_rule_parses_a_whole_deck() -> None:
    tree = lark_parser().parse("DIS Q(A)\nDEF QL(B) MAXDEPTH(1)\n", start="deck")
    assert len(tree.children) == 2
