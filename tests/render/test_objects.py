"""DISPLAY value formatting: the remembered formats answer as the plain rules do."""

from __future__ import annotations

from mqsc.render import objects


def test_remembered_formats_keep_equal_values_of_other_types_apart() -> None:
    show = objects._remembering(repr)
    assert [show(v) for v in (True, 1, 1.0, "1", False, 0)] == [
        "True",
        "1",
        "1.0",
        "'1'",
        "False",
        "0",
    ]
    assert show(("A", "B")) == "('A', 'B')"
    assert show(["A", "B"]) == "['A', 'B']"  # unhashable values are formatted every time


def test_remembering_stops_at_its_limit_and_still_answers() -> None:
    calls = []

    def count(value: object) -> str:
        calls.append(value)
        return str(value)

    show = objects._remembering(count)
    values = list(range(objects.REMEMBERED + 10))
    assert [show(v) for v in values + values] == [str(v) for v in values + values]
    assert len(calls) == len(values) + 10  # the first REMEMBERED are formatted once


def test_server_and_console_values_repeat_exactly() -> None:
    for _ in range(3):
        assert objects.server_value("QLOCAL", "MAXDEPTH", 5000) == "MAXDEPTH(      5000)"
        assert objects.server_value("QLOCAL", "SHARE", True) == "SHARE  "
        assert objects.server_value("QLOCAL", "SHARE", False) == "NOSHARE"
        assert objects.console_value("QLOCAL", "SHARE", False) == "NOSHARE"
        assert objects.console_value("QLOCAL", "DESCR", "pay  ") == "DESCR(pay)"
