"""Decks mqsc writes fit 72-column cards and read back as the same commands."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mqsc.batch import cards
from mqsc.language.commands import VERB_CLASSES
from mqsc.language.pipeline import parse
from mqsc.language.reader import read
from mqsc.language.source import Source

TEXT = st.text(alphabet="ab *+-'(),.XYZ", max_size=64).map(str.rstrip)


@given(
    descr=TEXT,
    trigdata=TEXT,
    names=st.lists(st.sampled_from(["A", "PAY.IN", "X" * 48]), min_size=1, max_size=3),
)
def test_card_decks_round_trip(descr, trigdata, names) -> None:
    commands = [
        VERB_CLASSES["DEFINE"](
            "DEFINE",
            "QLOCAL",
            name,
            {"REPLACE": True, "DESCR": descr, "TRIGDATA": trigdata, "MAXDEPTH": 5},
        )
        for name in names
    ]
    deck = cards.deck(commands)
    lines = deck.splitlines()
    assert all(len(line) <= cards.WIDTH for line in lines)
    assert not any(line.startswith("*") for line in lines)
    assert parse(deck, columns="72") == commands
    assert len(list(read(Source(deck), columns="72"))) == len(commands)


def test_comment_lines_are_cut_to_the_deck_width() -> None:
    assert cards.comment("x" * 100) == "* " + "x" * 70
    assert cards.comment() == "*"


def test_a_value_ending_at_column_71_still_leaves_room_for_the_plus() -> None:
    # Found by hypothesis: the doubled quotes made TRIGDATA end at column 71, and " +" went
    # past column 72.
    command = VERB_CLASSES["DEFINE"](
        "DEFINE",
        "QLOCAL",
        "A",
        {"REPLACE": True, "DESCR": "", "TRIGDATA": "X" * 42 + "'''''", "MAXDEPTH": 5},
    )
    deck = cards.deck([command])
    assert all(len(line) <= cards.WIDTH for line in deck.splitlines()), deck
    assert parse(deck, columns="72") == [command]
