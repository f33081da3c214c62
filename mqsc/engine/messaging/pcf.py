"""Programmable command format (PCF) messages as bytes: the MQCFH header and its parameter
structures, written and read to the byte as IBM lays them out (IBM MQ, "MQCFH - PCF
header", "MQCFIN - Integer parameter", "MQCFST - String parameter", "MQCFBS - Byte string
parameter", "MQCFSL - String list parameter", "MQCFGR - Group parameter").

Every field is an MQLONG of four bytes in the message's numeric encoding: on z/OS
MQENC_NATIVE is 785 (X'311': integers normal, that is big-endian), so event messages are
big-endian; a reader also takes reversed (little-endian) integers, as a message from another
platform has them. Strings are in the character set their MQCFST CodedCharSetId names (the
queue manager's CCSID: EBCDIC on z/OS). Every structure's length is a multiple of four
("The length must be a multiple of four"), strings padded with blanks, byte strings with
nulls.

Bad input (a corrupt or truncated message) raises :class:`PcfError` with a one-line reason
and the offset where reading stopped; nothing here raises anything else for any bytes.
"""

from __future__ import annotations

import codecs
import struct
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from mqsc.catalog import pcf as table
from mqsc.language import ebcdic  # noqa: F401  (registers the cp1047 codec)

MQENC_INTEGER_NORMAL = 0x1
MQENC_INTEGER_REVERSED = 0x2
#: MQENC_NATIVE on z/OS: integers normal, packed decimal normal, floating point S/390.
ZOS_ENCODING = 0x311
#: Python codecs of the CCSIDs a queue manager may have (z/OS EBCDIC pages, then ASCII ones).
CCSID_CODECS = {
    37: "cp037",
    273: "cp273",
    285: "cp285",
    297: "cp297",
    500: "cp500",
    819: "latin-1",
    850: "cp850",
    437: "cp437",
    1047: "cp1047",
    1140: "cp1140",
    1148: "cp1148",
    1208: "utf-8",
}


class PcfError(ValueError):
    """Bytes that are not a PCF message: why, and at which offset."""

    def __init__(self, reason: str, offset: int) -> None:
        super().__init__(f"{reason} at offset {offset}")
        self.reason = reason
        self.offset = offset


@dataclass(frozen=True, slots=True)
class Header:
    """The MQCFH: structure type, version, category (Command), sequence, control, completion
    code, reason code; ``count`` is set by :func:`encode` from the parameters."""

    type: int
    version: int
    command: int
    reason: int
    seq: int = 1
    control: int = 1  # MQCFC_LAST
    compcode: int = 1  # MQCC_WARNING
    count: int = 0


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter structure: its identifier and value. An ``int`` is an MQCFIN, ``str``
    an MQCFST (padded to ``length`` when one is given), ``bytes`` an MQCFBS, a tuple of
    ``Param`` an MQCFGR and a tuple of ``str`` an MQCFSL (each padded to ``length``)."""

    pid: int
    value: int | str | bytes | tuple
    length: int = 0


@dataclass(frozen=True, slots=True)
class Message:
    """A decoded PCF message: its header and parameters, in order."""

    header: Header
    params: tuple[Param, ...]


def codec_of(ccsid: int) -> str:
    """The Python codec of ``ccsid`` (EBCDIC 500 when unknown: the z/OS default)."""
    return CCSID_CODECS.get(ccsid, "cp500")


# ---- writing -----------------------------------------------------------------------------
def encode(header: Header, params: Sequence[Param], *, ccsid: int = 500) -> bytes:
    """The message data: the MQCFH (ParameterCount counting each group as one) and each
    parameter, big-endian (z/OS), strings in ``ccsid``."""
    body = b"".join(_param(p, ccsid) for p in params)
    cfh = struct.pack(
        ">9i",
        header.type,
        table.CONSTANTS["MQCFH_STRUC_LENGTH"],
        header.version,
        header.command,
        header.seq,
        header.control,
        header.compcode,
        header.reason,
        len(params),
    )
    return cfh + body


def _pad4(n: int) -> int:
    return (n + 3) & ~3


def _text(value: str, length: int, ccsid: int) -> bytes:
    data = value.encode(codec_of(ccsid), errors="replace")
    if length:
        data = data[:length].ljust(length, " ".encode(codec_of(ccsid)))
    return data


def _param(p: Param, ccsid: int) -> bytes:
    value = p.value
    if isinstance(value, bool) or isinstance(value, int):
        return struct.pack(">4i", table.CONSTANTS["MQCFT_INTEGER"], 16, p.pid, int(value))
    if isinstance(value, str):
        data = _text(value, p.length, ccsid)
        size = _pad4(20 + len(data))
        blank = " ".encode(codec_of(ccsid))
        head = struct.pack(">5i", table.CONSTANTS["MQCFT_STRING"], size, p.pid, ccsid, len(data))
        return head + data + blank * (size - 20 - len(data))
    if isinstance(value, bytes):
        size = _pad4(16 + len(value))
        head = struct.pack(">4i", table.CONSTANTS["MQCFT_BYTE_STRING"], size, p.pid, len(value))
        return head + value + bytes(size - 16 - len(value))
    if value and all(isinstance(v, Param) for v in value) or value == ():
        inner = b"".join(_param(v, ccsid) for v in value)
        return struct.pack(">4i", table.CONSTANTS["MQCFT_GROUP"], 16, p.pid, len(value)) + inner
    strings = [_text(str(v), p.length, ccsid) for v in value]
    each = max((len(s) for s in strings), default=0)
    blank = " ".encode(codec_of(ccsid))
    data = b"".join(s.ljust(each, blank) for s in strings)
    size = _pad4(24 + len(data))
    head = struct.pack(
        ">6i", table.CONSTANTS["MQCFT_STRING_LIST"], size, p.pid, ccsid, len(strings), each
    )
    return head + data + blank * (size - 24 - len(data))


# ---- reading -----------------------------------------------------------------------------
def byte_order(data: bytes, encoding: int | None = None) -> str:
    """``>`` or ``<``: from the MQMD Encoding when known, else from the MQCFH Type (a valid
    type is a small number in one order only)."""
    if encoding is not None and encoding & 0xF in (MQENC_INTEGER_NORMAL, MQENC_INTEGER_REVERSED):
        return ">" if encoding & 0xF == MQENC_INTEGER_NORMAL else "<"
    if len(data) >= 4 and struct.unpack(">i", data[:4])[0] in _HEADER_TYPES:
        return ">"
    return "<"


_HEADER_TYPES = frozenset({1, 2, 7, 8, 10, 12, 21, 22, 26})


def decode(data: bytes, *, encoding: int | None = None) -> Message:
    """Read a PCF message (MQCFH and its ParameterCount parameters). Raises
    :class:`PcfError` for anything else: a short header, an unknown structure type, lengths
    that do not fit, bytes left over."""
    order = byte_order(data, encoding)
    if len(data) < 36:
        raise PcfError(f"message of {len(data)} bytes is shorter than an MQCFH (36)", 0)
    fields = struct.unpack(order + "9i", data[:36])
    kind, length, version, command, seq, control, compcode, reason, count = fields
    if kind not in _HEADER_TYPES:
        raise PcfError(f"MQCFH Type {kind} is no PCF structure type", 0)
    if length != 36:
        raise PcfError(f"MQCFH StrucLength {length} (MQCFH_STRUC_LENGTH is 36)", 4)
    if not 0 <= count <= 100_000:
        raise PcfError(f"MQCFH ParameterCount {count} is not possible", 32)
    header = Header(kind, version, command, reason, seq, control, compcode, count)
    params, end = _params(data, 36, count, order)
    if end != len(data):
        raise PcfError(f"{len(data) - end} bytes after the last parameter", end)
    return Message(header, params)


def _params(data: bytes, offset: int, count: int, order: str) -> tuple[tuple[Param, ...], int]:
    found: list[Param] = []
    for _ in range(count):
        param, offset = _read(data, offset, order)
        found.append(param)
    return tuple(found), offset


def _ints(data: bytes, offset: int, n: int, order: str) -> tuple[int, ...]:
    if offset + 4 * n > len(data):
        raise PcfError("message ends inside a parameter structure", offset)
    return struct.unpack(order + f"{n}i", data[offset : offset + 4 * n])


def _read(data: bytes, offset: int, order: str) -> tuple[Param, int]:
    kind, size, pid = _ints(data, offset, 3, order)
    if kind not in table.STRUCTURES:
        raise PcfError(f"unknown structure type {kind}", offset)
    if size < 12 or size % 4 or offset + size > len(data):
        raise PcfError(f"{table.STRUCTURES[kind]} StrucLength {size} does not fit", offset + 4)
    end = offset + size
    if kind == 3:  # MQCFIN
        (value,) = _ints(data, offset + 12, 1, order)
        return Param(pid, value), end
    if kind == 23:  # MQCFIN64
        if size < 24:
            raise PcfError("MQCFIN64 StrucLength shorter than 24", offset + 4)
        (value,) = struct.unpack(order + "q", data[offset + 16 : offset + 24])
        return Param(pid, value), end
    if kind == 4:  # MQCFST
        ccsid, n = _ints(data, offset + 12, 2, order)
        if n < 0 or 20 + n > size:
            raise PcfError(f"MQCFST StringLength {n} does not fit", offset + 16)
        raw = data[offset + 20 : offset + 20 + n]
        return Param(pid, _decode_text(raw, ccsid, offset), n), end
    if kind == 9:  # MQCFBS
        (n,) = _ints(data, offset + 12, 1, order)
        if n < 0 or 16 + n > size:
            raise PcfError(f"MQCFBS StringLength {n} does not fit", offset + 12)
        return Param(pid, bytes(data[offset + 16 : offset + 16 + n]), n), end
    if kind == 20:  # MQCFGR
        (count,) = _ints(data, offset + 12, 1, order)
        if size != 16 or not 0 <= count <= 100_000:
            raise PcfError(f"MQCFGR of {count} parameters, StrucLength {size}", offset)
        inner, after = _params(data, end, count, order)
        return Param(pid, inner), after
    if kind == 5:  # MQCFIL
        (count,) = _ints(data, offset + 12, 1, order)
        if count < 0 or 16 + 4 * count > size:
            raise PcfError(f"MQCFIL Count {count} does not fit", offset + 12)
        return Param(pid, tuple(_ints(data, offset + 16, count, order))), end
    ccsid, count, each = _ints(data, offset + 12, 3, order)  # MQCFSL
    if count < 0 or each < 0 or 24 + count * each > size:
        raise PcfError(f"MQCFSL of {count} strings of {each} does not fit", offset + 16)
    start = offset + 24
    strings = tuple(
        _decode_text(data[start + i * each : start + (i + 1) * each], ccsid, offset)
        for i in range(count)
    )
    return Param(pid, strings, each), end


def _decode_text(raw: bytes, ccsid: int, offset: int) -> str:
    try:
        codecs.lookup(codec_of(ccsid))
        return raw.decode(codec_of(ccsid), errors="replace").rstrip(" \0")
    except LookupError:  # pragma: no cover - every codec named above exists
        raise PcfError(f"CCSID {ccsid} is not known", offset) from None


def walk(params: Sequence[Param], depth: int = 0) -> Iterator[tuple[int, Param]]:
    """Every parameter with its group depth, groups before their members."""
    for p in params:
        yield depth, p
        if isinstance(p.value, tuple) and p.value and isinstance(p.value[0], Param):
            yield from walk(p.value, depth + 1)
