"""Ctx: the creation and alteration stamps objects get (ALTDATE/ALTTIME)."""

from __future__ import annotations

import datetime as dt

import pytest

from mqsc.store.home import open_qmgr

UTC = dt.UTC
CET = dt.timezone(dt.timedelta(hours=1))


def altered(moments: list[dt.datetime]) -> list[tuple[str, str]]:
    """ALTDATE and ALTTIME of one queue defined at each moment, in turn."""
    now = [moments[0]]
    qm = open_qmgr("QMZ1", memory=True, clock=lambda: now[0])
    out = []
    for i, moment in enumerate(moments):
        now[0] = moment
        assert qm.execute(f"DEFINE QLOCAL(Q{i})").ok
        attrs = dict(qm.execute(f"DIS QL(Q{i}) ALTDATE ALTTIME").objects[0].attrs)
        out.append((attrs["ALTDATE"], attrs["ALTTIME"]))
    return out


@pytest.mark.parametrize(
    "moments, expected",
    [
        # The same second formats once, and the next second is a new stamp.
        (
            [
                dt.datetime(2026, 11, 22, 9, 30, 0, 1),
                dt.datetime(2026, 11, 22, 9, 30, 0, 999999),
                dt.datetime(2026, 11, 22, 9, 30, 1),
            ],
            [("2026-11-22", "09.30.00"), ("2026-11-22", "09.30.00"), ("2026-11-22", "09.30.01")],
        ),
        # A clock that goes back, naive and zoned clocks one after another, the last second there
        # is.
        (
            [
                dt.datetime(2026, 1, 1, 0, 0, 5),
                dt.datetime(2026, 1, 1, 0, 0, 4),
                dt.datetime(2026, 1, 1, 0, 0, 4, tzinfo=UTC),
                dt.datetime(2026, 1, 1, 0, 0, 4, tzinfo=CET),
                dt.datetime(2026, 1, 1, 0, 0, 4),
                dt.datetime.max,
            ],
            [
                ("2026-01-01", "00.00.05"),
                ("2026-01-01", "00.00.04"),
                ("2026-01-01", "00.00.04"),
                ("2026-01-01", "00.00.04"),
                ("2026-01-01", "00.00.04"),
                ("9999-12-31", "23.59.59"),
            ],
        ),
    ],
)
def test_stamps_are_the_clock_to_the_second(moments, expected) -> None:
    assert altered(moments) == expected
