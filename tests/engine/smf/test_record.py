"""Whole SMF records and files of them: encode -> decode gives the record back; the layout is
the one IBM documents (offsets of the self-defining sections) and mq-smf-csv reads."""

from __future__ import annotations

import datetime as dt
import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mqsc.engine.smf import codec, record
from mqsc.engine.smf.layout import QWHS, QWHS116, SECTIONS, TRIPLETS
from mqsc.engine.smf.record import PlainRecord, RecordError, Section, SmfRecord

MOMENT = dt.datetime(2026, 1, 15, 10, 31, 0, 120000)


def _qpst(pool: int) -> dict:
    return {"qpstpool": pool, "qpstnbuf": 1000 + pool, "qpstcbs": 990, "qpstgetp": 7}


def _record(subtype: int = 215, pools: int = 3) -> SmfRecord:
    return SmfRecord(
        115,
        subtype,
        MOMENT,
        "SOW1",
        "QMZ1",
        {"qwhsssid": "QMZ1", "qwhstime": 5, "qwhsdurn": 60_000_000},
        (Section("QPST", tuple(_qpst(p) for p in range(pools))),),
    )


def test_offsets_of_a_215_record() -> None:
    data = record.encode(_record())
    length, segment, flag, rtype = struct.unpack_from(">HHBB", data)
    assert (length, segment, flag, rtype) == (len(data), 0, 0x5E, 115)
    assert data[14:22] == codec.ebcdic("SOW1QMZ1", 8)
    assert struct.unpack_from(">H", data, 22)[0] == 215
    assert data[24:27] == codec.ebcdic("943", 3)
    # Triplet 0 (the QWHS) at 28; triplet 1 (the QPSTs) at 36, "Self-defining sections".
    assert struct.unpack_from(">IHH", data, 28) == (44, 52, 1)
    assert struct.unpack_from(">IHH", data, 36) == (96, 104, 3)
    assert data[6 + 44] == 2  # QWHSNSDA: two triplets
    assert data[96 + 4 : 96 + 8] == codec.ebcdic("QPST", 4)
    assert len(data) == 96 + 3 * 104


def test_subtype_1_places_qsst_and_qjst_where_ibm_says() -> None:
    rec = SmfRecord(
        115,
        1,
        MOMENT,
        "SOW1",
        "QMZ1",
        {"qwhsssid": "QMZ1"},
        tuple(Section(n, ({},) if n in ("QSST", "QJST") else ()) for n in TRIPLETS[(115, 1)]),
    )
    data = record.encode(rec)
    qsst_at = struct.unpack_from(">I", data, 100)[0]
    qjst_at = struct.unpack_from(">I", data, 116)[0]
    assert data[qsst_at + 4 : qsst_at + 8] == codec.ebcdic("QSST", 4)
    assert data[qjst_at + 4 : qjst_at + 8] == codec.ebcdic("QJST", 4)
    assert record.decode(data).section("QJST")[0]["qjstll"] == 720


def test_116_product_section_has_the_qwhc_after_36_bytes() -> None:
    rec = SmfRecord(
        116,
        1,
        MOMENT,
        "SOW1",
        "QMZ1",
        {"qwhsssid": "QMZ1", "qwhccv": "LOADQ", "qwhcaid": "USER1"},
        (
            Section("WTID", ({"wtidccn": "LOADQ"},)),
            Section("WTAS", ({},)),
            Section("WQ", ({"objname": "MP1B.TESTER"},) * 2),
        ),
    )
    data = record.encode(rec)
    at = struct.unpack_from(">I", data, 28)[0]
    assert struct.unpack_from(">h", data, at)[0] == 36
    assert struct.unpack_from(">h", data, at + 36)[0] == 92
    assert data[at + 36 + 4 : at + 36 + 12] == codec.ebcdic("USER1", 8)
    back = record.decode(data)
    assert isinstance(back, SmfRecord)
    assert [e["objname"].strip() for e in back.section("WQ")] == ["MP1B.TESTER"] * 2


@given(pools=st.integers(0, 100), subtype=st.sampled_from((215, 201)))
def test_encode_decode(pools: int, subtype: int) -> None:
    name = "QPST" if subtype == 215 else "QIS1"
    rec = SmfRecord(
        115,
        subtype,
        MOMENT,
        "SOW1",
        "QMZ1",
        {"qwhsssid": "QMZ1"},
        (Section(name, tuple({} for _ in range(pools))),),
    )
    back = record.decode(record.encode(rec))
    assert isinstance(back, SmfRecord)
    assert (back.rtype, back.subtype, back.moment, back.sysid, back.ssid) == (
        115,
        subtype,
        MOMENT,
        "SOW1",
        "QMZ1",
    )
    assert len(back.section(name)) == pools
    assert record.encode(back) == record.encode(rec)


def test_file_of_records_with_a_spanned_one() -> None:
    one, two = record.encode(_record(pools=2)), record.encode(_record(pools=5))
    body = two[4:]
    # A record spanned over two segments: X'01' first, X'02' last.
    spanned = (
        struct.pack(">HH", 4 + 100, 0x0100)
        + body[:100]
        + struct.pack(">HH", 4 + len(body) - 100, 0x0200)
        + body[100:]
    )
    plain = record.encode_plain(PlainRecord(2, MOMENT, "SOW1"))
    got = list(record.iter_records(plain + one + spanned))
    assert got == [plain, one, two]
    decoded = record.read_records(plain + one + spanned)
    assert isinstance(decoded[0], PlainRecord) and decoded[0].rtype == 2
    assert len(plain) == 18


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\x00\x10\x00", "no room for an RDW"),
        (b"\x00\x08\x00\x00ABCD\x00\x30\x00\x00" + b"\0" * 10, "offset 8: RDW length 48"),
        (b"\x00\x30\x00\x00" + b"\0" * 10, "offset 0: not SMF records behind RDWs"),
        (b"\x00\x00\x00\x30" + b"\0" * 10, "offset 0: record length 48, 10 bytes left"),
        (b"\x00\x00\x00\x00", "record length 0"),
        (b"\x00\x08\x02\x00" + b"\0" * 4, "without its first part"),
    ],
)
def test_bad_files(data: bytes, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        list(record.iter_records(data))


def test_the_files_service_record_mode_reads_as_rdws_do() -> None:
    """``X-IBM-Data-Type: record`` gives a variable-length data set's records (their RDWs
    dropped, spanned segments joined) each behind a 4-byte length."""
    one, two = record.encode(_record(pools=2)), record.encode(_record(pools=5))
    plain = record.encode_plain(PlainRecord(2, MOMENT, "SOW1"))
    downloaded = b"".join(len(r[4:]).to_bytes(4, "big") + r[4:] for r in (plain, one, two))
    assert list(record.iter_records(downloaded)) == [plain, one, two]


def test_a_binary_download_is_refused_saying_why() -> None:
    """``X-IBM-Data-Type: binary`` runs the records together without a length: they cannot be
    told apart again, and the error says to download in record mode."""
    one, two = record.encode(_record(pools=2)), record.encode(_record(pools=5))
    with pytest.raises(RecordError, match="cannot be split: download with X-IBM-Data-Type: record"):
        list(record.iter_records(one[4:] + two[4:]))


def test_bad_eyecatcher() -> None:
    data = bytearray(record.encode(_record(pools=1)))
    data[96 + 4 : 96 + 8] = codec.ebcdic("XXXX", 4)
    with pytest.raises(RecordError, match="eyecatcher 'XXXX'"):
        record.decode(bytes(data))


def test_too_long() -> None:
    with pytest.raises(ValueError, match="more than 32756"):
        record.encode(
            SmfRecord(115, 216, MOMENT, "SOW1", "QMZ1", {}, (Section("QQST", ({},) * 60),))
        )


def test_product_layouts() -> None:
    assert record.product_layout(115) is QWHS and record.product_layout(116) is QWHS116
    assert set(SECTIONS) >= {n for names in TRIPLETS.values() for n in names if n} - {
        "Q5ST",
        "QCT_SSL",
        "QCT_DNS",
    }
