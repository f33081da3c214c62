"""WHERE on a list attribute (a namelist's NAMES): CT, EX, CTG and EXG, as "DISPLAY NAMELIST"
lists them. Before, the binder had no binding for a list value and the command raised an
AssertionError (a traceback from `mqsc run`); the stateful property test found it."""

from __future__ import annotations

import pytest

from tests.engine.conftest import fresh_qmz1


@pytest.fixture(scope="module")
def qm():
    qm = fresh_qmz1()
    for command in (
        "DEFINE NAMELIST(T.N1) NAMES(APP.A, APP.B)",
        "DEFINE NAMELIST(T.N2) NAMES(C)",
        "DEFINE NAMELIST(T.N3)",
    ):
        assert qm.execute(command).ok, command
    return qm


def shown(qm, where: str) -> list[str]:
    result = qm.execute(f"DISPLAY NAMELIST(T.*) WHERE({where})")
    assert result.ok, (where, result.message_ids)
    return sorted(dict(o.attrs)["NAMELIST"] for o in result.objects)


@pytest.mark.parametrize(
    ("where", "expected"),
    [
        ("NAMES CT APP.B", ["T.N1"]),
        ("NAMES EX APP.B", ["T.N2", "T.N3"]),
        ("NAMES CTG APP.*", ["T.N1"]),
        ("NAMES EXG APP.*", ["T.N2", "T.N3"]),
        ("NAMES CT c", ["T.N2"]),
    ],
)
def test_list_operators_select_by_item(qm, where: str, expected: list[str]) -> None:
    assert shown(qm, where) == expected


def test_list_operators_on_a_list_only(qm) -> None:
    before = qm.digest()
    result = qm.execute("DISPLAY NAMELIST(T.*) WHERE(NAMES EQ APP.A)")
    assert not result.ok and "MQSC018E" in result.message_ids
    result = qm.execute("DISPLAY NAMELIST(T.*) WHERE(DESCR CT APP.A)")
    assert not result.ok and "MQSC018E" in result.message_ids
    assert qm.digest() == before


def test_a_list_of_words_filters_by_item_too() -> None:
    """COMPMSG(ZLIBFAST,NONE) is a list of words: CT, EX, CTG, EXG see each word, and a
    one-word list (bound as the word) is a list of one."""
    qm = fresh_qmz1()
    for command in (
        "DEFINE CHANNEL(T.C1) CHLTYPE(SDR) TRPTYPE(TCP) CONNAME('h(1)') XMITQ(X) "
        "COMPMSG(ZLIBFAST,NONE)",
        "DEFINE CHANNEL(T.C2) CHLTYPE(SDR) TRPTYPE(TCP) CONNAME('h(1)') XMITQ(X) COMPMSG(RLE)",
    ):
        assert qm.execute(command).ok, command

    def channels(where: str) -> list[str]:
        result = qm.execute(f"DISPLAY CHANNEL(T.*) WHERE({where})")
        assert result.ok, (where, result.message_ids)
        return sorted(dict(o.attrs)["CHANNEL"] for o in result.objects)

    assert channels("COMPMSG CT NONE") == ["T.C1"]
    assert channels("COMPMSG CT RLE") == ["T.C2"]
    assert channels("COMPMSG EX NONE") == ["T.C2"]
    assert channels("COMPMSG CTG ZLIB*") == ["T.C1"]
    assert channels("COMPMSG EXG ZLIB*") == ["T.C2"]
    assert channels("COMPMSG EQ RLE") == ["T.C2"]
    assert "MQSC011E" in qm.execute("DISPLAY CHANNEL(T.*) WHERE(COMPMSG CT BOGUS)").message_ids
