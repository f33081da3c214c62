"""No z/OS command answers CSQ9001E for its verb or object type: each one in the catalog, with a
valid name and its required keywords, reaches the engine and gets a z/OS answer."""

from __future__ import annotations

import pytest

from mqsc.catalog import (
    SPECS,
    Choice,
    CommandSource,
    Flag,
    Integer,
    Name,
    NameList,
    Size,
    Text,
)
from tests.engine.conftest import fresh_qmz1


def value(kind: object) -> str | None:
    """A valid value of a kind (the smallest one)."""
    if isinstance(kind, Flag):
        return None
    if isinstance(kind, Integer):
        return str(kind.minimum)
    if isinstance(kind, Choice):
        return kind.values[0]
    if isinstance(kind, Size):
        return str(kind.minimum)
    if isinstance(kind, (Name, NameList)):
        return "A"
    assert isinstance(kind, Text)
    return "A"


def text_of(spec) -> str:
    words = [spec.verb]
    obj = spec.objtype
    if spec.name is not None and spec.name_required:
        obj += f"({value(spec.name)})"
    words.append(obj)
    for name in spec.required:
        v = value(spec.keywords[name].kind)
        words.append(name if v is None else f"{name}({v})")
    return " ".join(words)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.title)
def test_the_command_reaches_the_engine(spec) -> None:
    qm = fresh_qmz1()
    if not spec.sources & {CommandSource.CONSOLE, CommandSource.SERVER, CommandSource.CSQINP2}:
        pytest.skip("CSQINP1 only: run at start-up (tests/engine/test_lifecycle_golden.py)")
    source = next(
        s
        for s in (CommandSource.CONSOLE, CommandSource.SERVER, CommandSource.CSQINP2)
        if s in spec.sources
    )
    result = qm.execute(text_of(spec), source=source)
    ids = [m.msg_id for m in result.messages()]
    assert "CSQ9001E" not in ids, (text_of(spec), ids)
    assert result.title == spec.title
