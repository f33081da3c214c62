"""A data set's records as z/OS holds them, and the three ways z/OSMF moves them.

A data set is records of EBCDIC bytes. mqsc keeps a text data set as lines of text (what jobs,
decks and editors read and write) and a binary one as its bytes; this module turns either into
records and records into what a client sends or receives (IBM z/OSMF, "z/OS data set and file
REST interface": ``X-IBM-Data-Type`` ``text``, ``binary`` or ``record``):

* text: each record converted from the data set's code page (IBM-1047 unless the request names
  another with ``fileEncoding``) and ended by a newline; the blanks that pad a fixed-length
  record are not sent. Written text becomes records in that code page; a line longer than the
  record length is refused ("Truncation of a record occurred during an I/O operation").
* binary: the records' bytes, one after another, untranslated (a fixed-length record with its
  padding; a variable-length one without its record descriptor word).
* record: each record behind a 4-byte big-endian length.

The text of a text data set is kept as IBM-1047 reads its bytes, so a record written through
another code page reads back through IBM-1047 as z/OS would show it, and through that code
page as it was written.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterable, Sequence

import mqsc.language.ebcdic  # noqa: F401 - registers cp1047

#: The code page text data sets are kept in (z/OS UNIX's and z/OSMF's default).
STORED = "cp1047"
#: ``fileEncoding`` values and the codecs that convert them (the EBCDIC code pages Python
#: converts; z/OS iconv knows more).
CODE_PAGES = {
    "IBM-037": "cp037",
    "IBM-273": "cp273",
    "IBM-424": "cp424",
    "IBM-500": "cp500",
    "IBM-875": "cp875",
    "IBM-1026": "cp1026",
    "IBM-1047": "cp1047",
    "IBM-1140": "cp1140",
}
DEFAULT_CODE_PAGE = "IBM-1047"
#: EBCDIC SUB: what iconv puts for a character the target code page lacks.
SUB = 0x3F
BLANK = 0x40


class TruncatedRecord(ValueError):
    """A record longer than the data set's records can be."""

    def __init__(self, number: int, length: int, limit: int) -> None:
        super().__init__(f"record {number} is {length} bytes; the data set's records hold {limit}")
        self.number = number


class BadRecords(ValueError):
    """Record-mode data whose length prefixes do not add up."""


def _substitute(error: UnicodeError) -> tuple[bytes | str, int]:
    if isinstance(error, UnicodeEncodeError):
        return bytes([SUB]) * (error.end - error.start), error.end
    raise error


codecs.register_error("mqsc-ebcdic-sub", _substitute)


def codec_of(code_page: str) -> str | None:
    """The codec of a ``fileEncoding`` value (None: not a code page mqsc converts).

    >>> codec_of("IBM-1047"), codec_of("ibm-037"), codec_of("IBM-37"), codec_of("CP037")
    ('cp1047', 'cp037', None, None)
    """
    return CODE_PAGES.get(code_page.upper())


def fixed(recfm: str) -> bool:
    return recfm.startswith("F")


def variable(recfm: str) -> bool:
    return recfm.startswith("V")


def longest(recfm: str, lrecl: int, blksize: int) -> int:
    """The most data bytes one record holds: LRECL for fixed records, LRECL less the 4-byte
    record descriptor word for variable ones, the block size for undefined ones."""
    if fixed(recfm):
        return lrecl
    if variable(recfm):
        return max(lrecl - 4, 0)
    return blksize or lrecl


# ---- text data sets ---------------------------------------------------------------------------
def stored_lines(text: str) -> list[str]:
    """The lines of a kept text data set."""
    return text.splitlines()


def records_of_lines(lines: Iterable[str], recfm: str, lrecl: int) -> list[bytes]:
    """The records of a kept text data set, in the code page it is kept in (fixed-length
    records padded with blanks, as on z/OS)."""
    out = []
    for line in lines:
        record = line.encode(STORED, "mqsc-ebcdic-sub")
        if fixed(recfm) and len(record) < lrecl:
            record = record.ljust(lrecl, bytes([BLANK]))
        out.append(record)
    return out


def text_of_records(records: Sequence[bytes], recfm: str, codec: str) -> str:
    """What a text transfer sends: each record through ``codec``, its padding blanks dropped
    for fixed-length records, ended by a newline."""
    lines = []
    for record in records:
        line = record.decode(codec)
        if fixed(recfm):
            line = line.rstrip(" ")
        lines.append(line + "\n")
    return "".join(lines)


def lines_of_upload(text: str, recfm: str, lrecl: int, blksize: int, codec: str) -> list[str]:
    """The lines a text write keeps: each line through ``codec`` into the data set (a character
    the code page lacks becomes SUB), kept as IBM-1047 reads those bytes. A line longer than a
    record refuses the whole write (:class:`TruncatedRecord`)."""
    limit = longest(recfm, lrecl, blksize)
    kept = []
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the newline that ends the last line
    for number, line in enumerate(lines, 1):
        record = line.removesuffix("\r").encode(codec, "mqsc-ebcdic-sub")
        if limit and len(record) > limit:
            raise TruncatedRecord(number, len(record), limit)
        kept.append(record.decode(STORED))
    return kept


# ---- binary data sets -------------------------------------------------------------------------
def records_of_bytes(data: bytes, recfm: str, lrecl: int, blksize: int) -> list[bytes]:
    """The records of a data set kept as bytes: variable-length records each behind its record
    descriptor word (spanned segments joined), fixed-length ones LRECL bytes each, undefined
    ones a block each."""
    if variable(recfm):
        return _rdw_records(data)
    size = lrecl if fixed(recfm) else (blksize or lrecl)
    if size <= 0:
        return [data] if data else []
    return [data[i : i + size] for i in range(0, len(data), size)]


def _rdw_records(data: bytes) -> list[bytes]:
    records: list[bytes] = []
    partial = b""
    at = 0
    while at + 4 <= len(data):
        length = int.from_bytes(data[at : at + 2], "big")
        segment = data[at + 2]
        if length < 4 or at + length > len(data):
            break  # not a record descriptor word: the rest is not records
        body = data[at + 4 : at + length]
        at += length
        if segment in (0,):
            records.append(body)
        elif segment == 1:  # first segment of a spanned record
            partial = body
        elif segment == 3:  # a middle segment
            partial += body
        else:  # the last segment
            records.append(partial + body)
            partial = b""
    return records


def rdw_chain(data: bytes) -> bool:
    """Whether ``data`` is variable-length records from end to end, each behind a record
    descriptor word (how an SMF dump is kept): what a binary data set with no recorded format
    is taken for when it is.

    >>> rdw_chain(b"\\x00\\x06\\x00\\x00AB\\x00\\x05\\x00\\x00C"), rdw_chain(b"PLAIN TEXT")
    (True, False)
    """
    at = 0
    while at < len(data):
        if at + 4 > len(data):
            return False
        length = int.from_bytes(data[at : at + 2], "big")
        if length < 4 or data[at + 2] > 3 or data[at + 3] != 0 or at + length > len(data):
            return False
        at += length
    return bool(data)


def bytes_of_records(records: Iterable[bytes], recfm: str) -> bytes:
    """How a binary data set keeps its records: variable-length ones behind a record descriptor
    word (the layout FTP's RDW option transfers and mq-smf-csv reads), others as they are."""
    if variable(recfm):
        return b"".join((len(r) + 4).to_bytes(2, "big") + b"\0\0" + r for r in records)
    return b"".join(records)


def records_of_binary_upload(data: bytes, recfm: str, lrecl: int, blksize: int) -> list[bytes]:
    """The records a binary write makes: the bytes cut into records as long as the data set's
    records can be (the last one shorter; a fixed-length one padded with zeros)."""
    size = longest(recfm, lrecl, blksize)
    if size <= 0:
        return [data] if data else []
    records = [data[i : i + size] for i in range(0, len(data), size)]
    if records and fixed(recfm) and len(records[-1]) < size:
        records[-1] = records[-1].ljust(size, b"\0")
    return records


# ---- record mode ------------------------------------------------------------------------------
def record_mode(records: Iterable[bytes]) -> bytes:
    """Records each behind a 4-byte big-endian length (``X-IBM-Data-Type: record``)."""
    return b"".join(len(r).to_bytes(4, "big") + r for r in records)


def records_of_record_mode(data: bytes, recfm: str, lrecl: int, blksize: int) -> list[bytes]:
    """The records of a record-mode write; a length that runs past the data, or a record longer
    than the data set's records, refuses the write."""
    limit = longest(recfm, lrecl, blksize)
    records = []
    at = 0
    number = 0
    while at < len(data):
        if at + 4 > len(data):
            raise BadRecords(f"{len(data) - at} bytes after record {number} are not a length")
        length = int.from_bytes(data[at : at + 4], "big")
        number += 1
        if at + 4 + length > len(data):
            raise BadRecords(f"record {number} says {length} bytes; fewer follow")
        if limit and length > limit:
            raise TruncatedRecord(number, length, limit)
        record = data[at + 4 : at + 4 + length]
        if fixed(recfm) and len(record) < lrecl:
            record = record.ljust(lrecl, bytes([BLANK]))
        records.append(record)
        at += 4 + length
    return records


def kept_text_of_records(records: Sequence[bytes]) -> list[str]:
    """Records read as IBM-1047 text (how a job reads a binary data set as a deck)."""
    return [r.decode(STORED) for r in records]
