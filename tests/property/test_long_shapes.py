"""Long shapes: a shape longer than the cache keeps is checked and
cut by regular expressions; they must give :func:`structure`'s answer, which a property test
holds to Lark's (tests/property/test_fast_paths.py)."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from mqsc.catalog import SPECS
from mqsc.language import parser
from mqsc.language.parser import _long_recipe, structure
from tests.property.test_fast_paths import SHAPE_PIECES


@given(
    st.lists(SHAPE_PIECES, max_size=40).map(lambda pieces: "W" + "".join(pieces))
    | st.text(alphabet="WS()HO", max_size=40)
)
@example("")
@example("W" * 600)
@example("W" + "W(W)" * 300 + "(")
def test_the_long_recipe_is_the_structure_cut(shape: str) -> None:
    whole = structure(shape)
    cut = _long_recipe(shape)
    assert cut == (None if whole is None else whole[: parser.PARAM_LIMIT])


def test_no_command_takes_as_many_keywords_as_are_built() -> None:
    """The cut is safe only if a command with more parameters than are built always has an
    unknown or repeated keyword among them."""
    assert max(len(spec.keywords) for spec in SPECS) + 1 < parser.PARAM_LIMIT


def test_a_long_command_is_refused_from_its_first_parameters() -> None:
    from mqsc.language.pipeline import parse_logical_command
    from mqsc.language.reader import LogicalCommand

    text = "DEFINE QLOCAL(A) " + "MAXDEPTH(5) " * 5_000
    rejected = parse_logical_command(LogicalCommand.of(text))
    assert {d.msg_id for d in rejected.diagnostics} == {"CSQ9000E"}
    assert len(rejected.diagnostics) == parser.PARAM_LIMIT - 2  # every repeat that was built
