"""Whole SMF records: the header, the self-defining section, the product section and the data
sections, as bytes and back; and files of records, each behind its RDW.

A record of type 115 or 116 is laid out as IBM MQ documents it ("The SMF header",
"Self-defining sections"): the 28-byte SMF header (its first four bytes the RDW: the record's
length and the segment descriptor), then one triplet (offset, length, number) per section, the
first for the product section (the QWHS; in a 116 record the QWHS and the QWHC), the others in
the order :data:`~mqsc.engine.smf.layout.TRIPLETS` gives; then the sections themselves. The
QWHS's QWHSNSDA says how many triplets there are, which is how a reader (IBM's mq-smf-csv among
them) knows. Offsets count from the first byte of the RDW.

A file of records is what IFASMFDP writes: each record behind its RDW, so a file downloaded in
binary with the RDW kept reads back record by record. Spanned records (segment descriptor
X'01' first, X'03' middle, X'02' last) are joined when read; mqsc's own records never exceed
32,756 bytes, the most an IBM component writes, so it writes none.
"""

from __future__ import annotations

import datetime as dt
import struct
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from mqsc.engine.smf import clock, codec
from mqsc.engine.smf.layout import (
    DUMP_HEADER,
    HEADER_FLAG,
    QWHS,
    QWHS116,
    RELEASE,
    SECTIONS,
    SMF_HEADER,
    TRIPLETS,
    Layout,
)

#: The longest record an IBM component writes (z/OS MVS SMF, "Running the SMF data set dump
#: program"); a longer one would have to be spanned.
MAX_RECORD = 32_756
#: Types of the records IFASMFDP writes around what it copies.
DUMP_HEADER_TYPE, DUMP_TRAILER_TYPE = 2, 3
#: The flag byte of a record without subtypes (the MVS version bits).
PLAIN_FLAG = 0x1E
#: The 116 subtype of channel accounting (accounting class 4).
CHANNEL_SUBTYPE = 10
_TRIPLET = struct.Struct(">IHH")
_RDW = struct.Struct(">HH")


@dataclass(frozen=True, slots=True)
class Section:
    """What one triplet points at: entries of a known layout, or bytes mqsc does not read."""

    name: str | None
    entries: tuple[Mapping[str, Any], ...] = ()
    #: For a layout mqsc does not know: the raw entries, and the length of one.
    raw: bytes = b""
    length: int = 0


@dataclass(frozen=True, slots=True)
class SmfRecord:
    """An SMF 115 or 116 record."""

    rtype: int
    subtype: int
    moment: dt.datetime
    sysid: str
    ssid: str
    #: The product section: QWHS fields (115), or QWHS and QWHC fields (116).
    product: Mapping[str, Any]
    sections: tuple[Section, ...]
    release: str = RELEASE
    flag: int = HEADER_FLAG

    def section(self, name: str) -> tuple[Mapping[str, Any], ...]:
        """The entries of the named section (empty when the record has none)."""
        for sec in self.sections:
            if sec.name == name:
                return sec.entries
        return ()


@dataclass(frozen=True, slots=True)
class PlainRecord:
    """A record of another type (the dump header and trailer): its header, its bytes."""

    rtype: int
    moment: dt.datetime
    sysid: str
    data: bytes = field(default=b"", repr=False)


def product_layout(rtype: int, subtype: int = 0) -> Layout:
    """The layout of the product section of a record: the QWHS with the interval (115, and
    the channel initiator's channel accounting, 116 subtype 10, which is written per interval
    and has no task to correlate), or the QWHS and QWHC of a task's 116 record."""
    return QWHS if rtype == 115 or subtype == CHANNEL_SUBTYPE else QWHS116


# ---- encoding --------------------------------------------------------------------------------
def encode(record: SmfRecord) -> bytes:
    """The record's bytes, RDW first."""
    product = product_layout(record.rtype, record.subtype)
    count = 1 + len(record.sections)
    at = SMF_HEADER.size + count * _TRIPLET.size
    triplets = [(at, product.size, 1)]
    at += product.size
    bodies = []
    for sec in record.sections:
        body, length, number = _section_bytes(sec)
        triplets.append((at if number else 0, length if number else 0, number))
        bodies.append(body)
        at += len(body)
    if at > MAX_RECORD:
        raise ValueError(
            f"SMF {record.rtype} subtype {record.subtype}: {at} bytes, more than {MAX_RECORD}"
        )
    values = {**record.product, "qwhsnsda": count}
    if product is QWHS116:
        values.setdefault("qwhslen", 36)
        values.setdefault("qwhclen", 92)
    else:
        values.setdefault("qwhslen", product.size)
    header = codec.pack(
        SMF_HEADER,
        {
            "len": at,
            "seg": 0,
            "flg": record.flag,
            "rty": record.rtype,
            "tme": clock.smf_time(record.moment),
            "dte": clock.smf_date(record.moment),
            "sid": record.sysid,
            "ssi": record.ssid,
            "stf": record.subtype,
            "rel": record.release,
        },
    )
    return b"".join(
        (header, *(_TRIPLET.pack(*t) for t in triplets), codec.pack(product, values), *bodies)
    )


def _section_bytes(sec: Section) -> tuple[bytes, int, int]:
    if sec.raw:
        return sec.raw, sec.length, len(sec.raw) // sec.length if sec.length else 0
    if not sec.entries:
        return b"", 0, 0
    layout = SECTIONS[str(sec.name)]
    return b"".join(codec.pack(layout, e) for e in sec.entries), layout.size, len(sec.entries)


def encode_plain(record: PlainRecord) -> bytes:
    """A record with the standard header only (the dump header and trailer)."""
    return codec.pack(
        DUMP_HEADER,
        {
            "len": DUMP_HEADER.size,
            "seg": 0,
            "flg": PLAIN_FLAG,
            "rty": record.rtype,
            "tme": clock.smf_time(record.moment),
            "dte": clock.smf_date(record.moment),
            "sid": record.sysid,
        },
    )


# ---- decoding --------------------------------------------------------------------------------
class RecordError(ValueError):
    """Bytes that are not a well-formed record (the message says where)."""


def record_type(data: bytes) -> int:
    """The record type of a record's bytes."""
    if len(data) < 6:
        raise RecordError(f"a record of {len(data)} bytes has no SMF header")
    return data[5]


def decode(data: bytes) -> SmfRecord | PlainRecord:
    """A record from its bytes (RDW first)."""
    rtype = record_type(data)
    if rtype not in (115, 116):
        return _plain(data, rtype)
    if len(data) < SMF_HEADER.size + _TRIPLET.size:
        raise RecordError(f"SMF {rtype} record of {len(data)} bytes: too short")
    header = codec.unpack(SMF_HEADER, data)
    moment = _moment(header)
    subtype = header["stf"]
    product_at, product_len, _ = _TRIPLET.unpack_from(data, SMF_HEADER.size)
    layout = product_layout(rtype, subtype)
    if product_len < 36 or product_at + layout.size > len(data):
        raise RecordError(f"SMF {rtype} subtype {subtype}: no product section")
    product = codec.unpack(layout, data, product_at)
    count = product["qwhsnsda"]
    names = TRIPLETS.get((rtype, subtype), ())
    sections = []
    for index in range(1, count):
        at = SMF_HEADER.size + index * _TRIPLET.size
        if at + _TRIPLET.size > len(data):
            raise RecordError(f"SMF {rtype} subtype {subtype}: triplet {index} past the end")
        offset, length, number = _TRIPLET.unpack_from(data, at)
        name = names[index - 1] if index - 1 < len(names) else None
        sections.append(_section(data, name, offset, length, number))
    return SmfRecord(
        rtype,
        subtype,
        moment,
        header["sid"],
        header["ssi"],
        product,
        tuple(sections),
        header["rel"],
        header["flg"],
    )


def _moment(header: Mapping[str, Any]) -> dt.datetime:
    try:
        return clock.from_smf(header["tme"], header["dte"])
    except ValueError as error:
        raise RecordError(str(error)) from None


def _plain(data: bytes, rtype: int) -> PlainRecord:
    if len(data) < DUMP_HEADER.size:
        raise RecordError(f"SMF {rtype} record of {len(data)} bytes: too short")
    header = codec.unpack(DUMP_HEADER, data)
    return PlainRecord(rtype, _moment(header), header["sid"], bytes(data))


def _section(data: bytes, name: str | None, offset: int, length: int, number: int) -> Section:
    if number == 0:
        return Section(name)
    end = offset + length * number
    if offset < SMF_HEADER.size or end > len(data):
        raise RecordError(
            f"section {name or '?'}: {number} x {length} bytes at {offset} "
            f"past the record's {len(data)}"
        )
    layout = SECTIONS.get(name or "")
    if layout is None or length < layout.size:
        return Section(name, raw=bytes(data[offset:end]), length=length)
    entries = tuple(codec.unpack(layout, data, offset + i * length) for i in range(number))
    eye = layout.header[2] if layout.header else ""
    for entry in entries:
        if eye and layout.eyecatcher and entry[eye] != layout.eyecatcher:
            raise RecordError(
                f"section {name}: eyecatcher {entry[eye]!r}, {layout.eyecatcher!r} expected"
            )
    return Section(name, entries)


# ---- files of records ------------------------------------------------------------------------


#: Why a file that is neither form cannot be read, said with the first record's error: what
#: the z/OSMF files service's binary download of a variable-length data set gives is the
#: records' bytes run together, and an SMF record carries no length of its own outside its RDW.
NOT_RECORDS = (
    "not SMF records behind RDWs, nor records each behind a 4-byte length (the z/OSMF files "
    "service's record mode); a binary download of a variable-length data set drops every "
    "record's length and SMF records keep none of their own, so it cannot be split: download "
    "with X-IBM-Data-Type: record (zowe zos-files download data-set --record)"
)


def record_mode(data: bytes) -> bool:
    """Whether ``data`` is in the files service's record mode (``X-IBM-Data-Type: record``:
    each record behind a 4-byte big-endian length, no RDW). Its first two bytes are zero, as
    every length below 65,536 begins; an RDW's length (4 to 32,760 for SMF) never does.

    >>> record_mode(b"\\x00\\x00\\x00\\x02AB"), record_mode(b"\\x00\\x06\\x00\\x00AB")
    (True, False)
    """
    return len(data) >= 4 and data[0] == 0 and data[1] == 0


def _record_mode_records(data: bytes) -> Iterator[bytes]:
    at, size = 0, len(data)
    while at < size:
        if at + 4 > size:
            raise RecordError(f"offset {at}: {size - at} bytes left, no room for a length")
        length = int.from_bytes(data[at : at + 4], "big")
        if length == 0 or length + 4 > 0xFFFF or at + 4 + length > size:
            raise RecordError(f"offset {at}: record length {length}, {size - at - 4} bytes left")
        yield _RDW.pack(length + 4, 0) + bytes(data[at + 4 : at + 4 + length])
        at += 4 + length


def iter_records(data: bytes) -> Iterator[bytes]:
    """Each record of a file, RDW first: a file of RDW-prefixed records (spanned segments
    joined; how the home's SMF data sets and IFASMFDP's output keep them, and what FTP's RDW
    option transfers), or the files service's record mode (:func:`record_mode`)."""
    if record_mode(data):
        yield from _record_mode_records(data)
        return
    at, size = 0, len(data)
    while at < size:
        if at + 4 > size:
            raise RecordError(f"offset {at}: {size - at} bytes left, no room for an RDW")
        length, segment = _RDW.unpack_from(data, at)
        if length < 4 or at + length > size or segment & 0xFF or segment >> 8 > 3:
            if at == 0:
                raise RecordError(f"offset 0: {NOT_RECORDS}")
            raise RecordError(f"offset {at}: RDW length {length}, {size - at} bytes left")
        kind = segment >> 8
        if kind in (0, 2, 3):
            if kind:
                raise RecordError(f"offset {at}: a spanned segment without its first part")
            yield bytes(data[at : at + length])
            at += length
            continue
        parts, at = [bytes(data[at + 4 : at + length])], at + length
        while True:
            if at + 4 > size:
                raise RecordError("a spanned record without its last segment")
            length, segment = _RDW.unpack_from(data, at)
            if length < 4 or at + length > size:
                raise RecordError(f"offset {at}: RDW length {length}, {size - at} bytes left")
            parts.append(bytes(data[at + 4 : at + length]))
            at += length
            if segment >> 8 == 2:
                break
        body = b"".join(parts)
        yield _RDW.pack(min(len(body) + 4, 0xFFFF), 0) + body


def read_records(data: bytes) -> list[SmfRecord | PlainRecord]:
    """Every record of a file, decoded."""
    return [decode(r) for r in iter_records(data)]
