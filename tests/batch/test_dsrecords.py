"""Records as z/OS holds them and z/OSMF moves them (mqsc/batch/dsrecords.py): every transfer
gives back what was written, fixed records are padded as z/OS pads them, a line longer than a
record is refused whole, and a code page changes what the bytes mean, not the bytes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mqsc.batch import dsrecords

#: Characters every EBCDIC code page here has: what a deck or JCL is written in.
DECK_TEXT = st.text(
    alphabet=st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,()'*+-=/&%$#@_:"),
    max_size=80,
)
FORMATS = st.sampled_from([("FB", 80, 27920), ("F", 80, 80), ("VB", 255, 27998), ("U", 0, 6144)])


@given(st.lists(DECK_TEXT, max_size=20), FORMATS)
def test_text_written_reads_back_the_same(lines, fmt) -> None:
    recfm, lrecl, blksize = fmt
    stripped = [line.rstrip(" ") if dsrecords.fixed(recfm) else line for line in lines]
    upload = "".join(line + "\n" for line in lines)
    kept = dsrecords.lines_of_upload(upload, recfm, lrecl, blksize, "cp1047")
    records = dsrecords.records_of_lines(kept, recfm, lrecl)
    assert dsrecords.text_of_records(records, recfm, "cp1047") == "".join(
        s + "\n" for s in stripped
    )
    if dsrecords.fixed(recfm):
        assert all(len(r) == lrecl for r in records)


@given(st.binary(max_size=600), FORMATS)
def test_binary_written_reads_back_the_same(data, fmt) -> None:
    recfm, lrecl, blksize = fmt
    records = dsrecords.records_of_binary_upload(data, recfm, lrecl, blksize)
    kept = dsrecords.bytes_of_records(records, recfm)
    back = b"".join(dsrecords.records_of_bytes(kept, recfm, lrecl, blksize))
    if dsrecords.fixed(recfm):
        # the last fixed-length record is padded to its length
        assert back[: len(data)] == data and len(back) % lrecl == 0
        assert set(back[len(data) :]) <= {0}
    else:
        assert back == data


@given(st.lists(st.binary(max_size=200), max_size=10))
def test_records_written_read_back_the_same(records) -> None:
    wire = dsrecords.record_mode(records)
    assert dsrecords.records_of_record_mode(wire, "VB", 32756, 32760) == records
    kept = dsrecords.bytes_of_records(records, "VB")
    assert dsrecords.records_of_bytes(kept, "VB", 32756, 32760) == records


def test_a_line_longer_than_a_record_refuses_the_whole_write() -> None:
    with pytest.raises(dsrecords.TruncatedRecord) as refused:
        dsrecords.lines_of_upload("SHORT\n" + "X" * 81 + "\n", "FB", 80, 27920, "cp1047")
    assert refused.value.number == 2
    # a variable record holds LRECL less its 4-byte descriptor word
    assert dsrecords.lines_of_upload("X" * 251 + "\n", "VB", 255, 27998, "cp1047") == ["X" * 251]
    with pytest.raises(dsrecords.TruncatedRecord):
        dsrecords.lines_of_upload("X" * 252 + "\n", "VB", 255, 27998, "cp1047")
    with pytest.raises(dsrecords.BadRecords):
        dsrecords.records_of_record_mode(b"\0\0\0\x09short", "VB", 255, 27998)


def test_a_code_page_changes_what_the_bytes_mean() -> None:
    # "[" written through IBM-037 is X'BA'; IBM-1047 reads X'BA' as a Y acute.
    kept = dsrecords.lines_of_upload("A[B]\n", "FB", 80, 27920, "cp037")
    assert kept == ["A\u00ddB\u00a8"]
    records = dsrecords.records_of_lines(kept, "FB", 80)
    assert records[0][:4] == bytes.fromhex("C1BAC2BB")
    assert dsrecords.text_of_records(records, "FB", "cp037") == "A[B]\n"
    # a character the code page lacks becomes SUB (X'3F'), as iconv substitutes
    assert dsrecords.lines_of_upload("\u20ac\n", "FB", 80, 27920, "cp037") == ["\x1a"]
    assert dsrecords.codec_of("IBM-1140") == "cp1140" and dsrecords.codec_of("UTF-8") is None


def test_spanned_segments_are_one_record() -> None:
    first = (4 + 3).to_bytes(2, "big") + b"\x01\x00" + b"ABC"
    last = (4 + 2).to_bytes(2, "big") + b"\x02\x00" + b"DE"
    assert dsrecords.records_of_bytes(first + last, "VBS", 32760, 27998) == [b"ABCDE"]
