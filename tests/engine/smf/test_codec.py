"""SMF sections: fields -> bytes -> fields, and bytes -> fields -> bytes, for every layout."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mqsc.engine.smf import clock, codec
from mqsc.engine.smf.layout import QWHC, QWHS, QWHS116, SECTIONS, SIZES, Field, Layout

LAYOUTS = (QWHS, QWHC, QWHS116, *SECTIONS.values())
_RANGES = {
    "h": (-(1 << 15), (1 << 15) - 1),
    "H": (0, (1 << 16) - 1),
    "i": (-(1 << 31), (1 << 31) - 1),
    "I": (0, (1 << 32) - 1),
    "q": (-(1 << 63), (1 << 63) - 1),
    "Q": (0, (1 << 64) - 1),
    "B": (0, 255),
}
#: Characters that code page 037 has (printable ASCII is enough for names).
_TEXT = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.#@$ ", max_size=60)


def _value(f: Field) -> st.SearchStrategy:
    if f.kind == "c":
        return _TEXT.map(lambda t: t[: f.count].ljust(f.count))
    if f.kind == "x":
        return st.binary(min_size=f.count, max_size=f.count)
    if f.kind == "s":
        assert f.sub is not None
        return st.tuples(*(_values(f.sub),) * f.count)
    low, high = _RANGES[f.kind]
    one = st.integers(low, high)
    return one if f.count == 1 else st.tuples(*(one,) * f.count)


def _values(layout: Layout) -> st.SearchStrategy:
    return st.fixed_dictionaries({f.name: _value(f) for f in layout.fields})


@given(data=st.data())
def test_fields_bytes_fields(data: st.DataObject) -> None:
    layout = data.draw(st.sampled_from([x for x in LAYOUTS if x.size < 1000]))
    values = data.draw(_values(layout))
    packed = codec.pack(layout, values)
    assert len(packed) == layout.size
    assert codec.unpack(layout, packed) == values


@given(data=st.data())
def test_bytes_fields_bytes(data: st.DataObject) -> None:
    layout = data.draw(st.sampled_from(LAYOUTS))
    # Large sections (QEST is 4 KB) from a seed: any byte pattern must survive.
    raw = random.Random(data.draw(st.integers(0, 2**32))).randbytes(layout.size)
    assert codec.pack(layout, codec.unpack(layout, raw)) == raw


@pytest.mark.parametrize("layout", [x for x in SECTIONS.values() if x.header], ids=lambda x: x.name)
def test_header_filled(layout: Layout) -> None:
    assert layout.header is not None
    values = codec.unpack(layout, codec.pack(layout, {}))
    ident, length, eye = layout.header
    assert (values[ident], values[length], values[eye]) == (
        layout.ident or 0,
        layout.size,
        layout.eyecatcher.ljust(4),
    )


def test_sizes_are_ibms() -> None:
    """The lengths CSQDSMFC 943 gives (mq-smf-csv's sizes.master lists the same)."""
    sizes = {x.name: x.size for x in LAYOUTS}
    assert sizes == {
        "QWHS": 52,
        "QWHC": 92,
        "QWHS116": 128,
        "QSST": 72,
        "QJST": 720,
        "QLST": 32,
        "QMST": 300,
        "QIST": 80,
        "QPST": 104,
        "QIS1": 104,
        "QEST": 4104,
        "QESD": 336,
        "QTST": 96,
        "QQST": 672,
        "QCCT": 64,
        "QCT_DSP": 36,
        "QCT_ADP": 32,
        "WTID": 208,
        "WTAS": 2344,
        "WQ": 2800,
        "QWAC": 176,
        "QMAC": 48,
        "QCST": 324,
    }
    assert SECTIONS["WQ"].offsets["maxqdpth"] == 588
    assert SECTIONS["QQST"].offsets["qqstdpth"] == 80


def test_unpack_short() -> None:
    with pytest.raises(ValueError, match="QPST: 10 bytes, 104 needed"):
        codec.unpack(SECTIONS["QPST"], b"\0" * 10)


@given(st.datetimes(dt.datetime(1972, 1, 1), dt.datetime(2099, 12, 31)))
def test_smf_time_and_date(moment: dt.datetime) -> None:
    moment = moment.replace(microsecond=moment.microsecond // 10_000 * 10_000)
    assert clock.from_smf(clock.smf_time(moment), clock.smf_date(moment)) == moment
    assert clock.from_stck(clock.stck(moment)) == moment


def test_numeric_kinds_known() -> None:
    for layout in LAYOUTS:
        for f in layout.fields:
            assert f.kind in (*SIZES, "c", "x", "s"), (layout.name, f.name)
