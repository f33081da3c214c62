"""``parse(format(cmd)) == cmd`` for every command the catalog allows."""

from __future__ import annotations

from hypothesis import given

import mqsc
from tests.strategies import commands


@given(commands())
def test_format_then_parse_gives_back_the_same_command(command) -> None:
    text = mqsc.format_command(command)
    assert mqsc.parse_one(text) == command, text
