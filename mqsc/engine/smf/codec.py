"""One section of an SMF record as bytes, and back.

:func:`pack` lays a mapping of field values out as the section's bytes (big-endian, EBCDIC
text blank-padded, fields not given as zeros, text fields not given as blanks), filling the
control block identifier, length and eyecatcher of a section that has them; :func:`unpack`
reads every field back. ``unpack(layout, pack(layout, v))`` gives ``v`` back (text padded to
its length), and ``pack(layout, unpack(layout, b)) == b`` for any bytes ``b`` of the section's
length: code page 037 maps every byte to a character and back.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from typing import Any

from mqsc.engine.smf.layout import Layout

#: The EBCDIC code page of the text fields (IBM-037, the US code page z/OS writes them in).
CODEPAGE = "cp037"
_BLANK = " ".encode(CODEPAGE)
_STRUCTS: dict[tuple[str, int], struct.Struct] = {}


def _struct(kind: str, count: int) -> struct.Struct:
    key = (kind, count)
    compiled = _STRUCTS.get(key)
    if compiled is None:
        compiled = _STRUCTS[key] = struct.Struct(f">{count}{kind}")
    return compiled


def ebcdic(text: str, length: int) -> bytes:
    """``text`` in EBCDIC, blank-padded or cut to ``length`` bytes.

    >>> ebcdic("QMZ1", 6).hex().upper()
    'D8D4E9F14040'
    """
    return text.encode(CODEPAGE, "replace")[:length].ljust(length, _BLANK)


def text(data: bytes) -> str:
    """EBCDIC bytes as text."""
    return data.decode(CODEPAGE)


def pack(layout: Layout, values: Mapping[str, Any] | None = None) -> bytes:
    """The section's bytes: its blank template (zeros, text fields blanks) with the values
    given written over it (a record of 180 fields of which 20 are set costs the 20)."""
    out = bytearray(_template(layout))
    values = dict(values or {})
    if layout.header is not None:
        ident, length, eye = layout.header
        values.setdefault(ident, layout.ident or 0)
        values.setdefault(length, layout.size)
        values.setdefault(eye, layout.eyecatcher)
    _pack_into(layout, values, out, 0)
    return bytes(out)


_TEMPLATES: dict[str, bytes] = {}


def _template(layout: Layout) -> bytes:
    """The section with no values: zeros, and blanks in its text fields."""
    done = _TEMPLATES.get(layout.name)
    if done is None:
        out = bytearray(layout.size)
        for field in layout.fields:
            at = layout.offsets[field.name]
            if field.kind == "c":
                out[at : at + field.count] = _BLANK * field.count
            elif field.kind == "s":
                assert field.sub is not None
                out[at : at + field.size] = _template(field.sub) * field.count
        done = _TEMPLATES[layout.name] = bytes(out)
    return done


def _pack_into(layout: Layout, values: Mapping[str, Any], out: bytearray, base: int) -> None:
    offsets, fields = layout.offsets, layout.by_name
    for name, value in values.items():
        field = fields.get(name)
        if field is None or value is None:
            continue
        at = base + offsets[name]
        kind = field.kind
        if kind == "c":
            out[at : at + field.count] = ebcdic(str(value), field.count)
        elif kind == "x":
            data = bytes(value)[: field.count]
            out[at : at + len(data)] = data
        elif kind == "s":
            assert field.sub is not None
            for index, entry in enumerate(tuple(value)[: field.count]):
                _pack_into(field.sub, entry, out, at + index * field.sub.size)
        elif field.count == 1:
            _struct(kind, 1).pack_into(out, at, int(value))
        else:
            items = tuple(int(v) for v in value)[: field.count]
            items += (0,) * (field.count - len(items))
            _struct(kind, field.count).pack_into(out, at, *items)


def unpack(layout: Layout, data: bytes | memoryview, base: int = 0) -> dict[str, Any]:
    """Every field of the section that starts at ``base`` in ``data``."""
    if len(data) - base < layout.size:
        raise ValueError(f"{layout.name}: {len(data) - base} bytes, {layout.size} needed")
    out: dict[str, Any] = {}
    offsets = layout.offsets
    for field in layout.fields:
        at = base + offsets[field.name]
        kind = field.kind
        if kind == "c":
            out[field.name] = text(bytes(data[at : at + field.count]))
        elif kind == "x":
            out[field.name] = bytes(data[at : at + field.count])
        elif kind == "s":
            assert field.sub is not None
            size = field.sub.size
            out[field.name] = tuple(
                unpack(field.sub, data, at + i * size) for i in range(field.count)
            )
        elif field.count == 1:
            out[field.name] = _struct(kind, 1).unpack_from(data, at)[0]
        else:
            out[field.name] = _struct(kind, field.count).unpack_from(data, at)
    return out
