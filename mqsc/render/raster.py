"""A small rasteriser for ``mqsc stats --plot FILE.png``: lines, dots and text on an RGB
canvas, written as a PNG with zlib and struct (PNG specification, W3C, "Portable Network
Graphics (PNG) Specification (Third Edition)", https://www.w3.org/TR/png-3/: signature,
IHDR, one IDAT of filter-0 scanlines, IEND). No imaging library: the charts are straight
lines and short labels, which a 5x7 dot font in capitals draws legibly.
"""

from __future__ import annotations

import struct
import zlib

#: A 5x7 dot font: each glyph is seven rows of five dots, as hexadecimal bytes (bit 4 is the
#: leftmost dot). Lower-case letters are drawn as capitals.
FONT: dict[str, str] = {
    "0": "0E11131519110E",
    "1": "040C040404040E",
    "2": "0E11010204081F",
    "3": "1F02040201110E",
    "4": "02060A121F0202",
    "5": "1F101E0101110E",
    "6": "0608101E11110E",
    "7": "1F010204080808",
    "8": "0E11110E11110E",
    "9": "0E11110F01020C",
    "A": "0E11111F111111",
    "B": "1E11111E11111E",
    "C": "0E11101010110E",
    "D": "1C12111111121C",
    "E": "1F10101E10101F",
    "F": "1F10101E101010",
    "G": "0E11101711110F",
    "H": "1111111F111111",
    "I": "0E04040404040E",
    "J": "0702020202120C",
    "K": "11121418141211",
    "L": "1010101010101F",
    "M": "111B1515111111",
    "N": "11111915131111",
    "O": "0E11111111110E",
    "P": "1E11111E101010",
    "Q": "0E11111115120D",
    "R": "1E11111E141211",
    "S": "0F10100E01011E",
    "T": "1F040404040404",
    "U": "1111111111110E",
    "V": "11111111110A04",
    "W": "1111111515150A",
    "X": "11110A040A1111",
    "Y": "1111110A040404",
    "Z": "1F01020408101F",
    " ": "00000000000000",
    "%": "18190204081303",
    ":": "000C0C000C0C00",
    ".": "00000000000C0C",
    ",": "000000000C0408",
    "(": "02040808080402",
    ")": "08040202020408",
    "/": "00010204081000",
    "-": "0000001F000000",
    "_": "0000000000001F",
    "?": "0E110102040004",
    "'": "04040800000000",
    "+": "0004041F040400",
    "=": "00001F001F0000",
    "#": "0A0A1F0A1F0A0A",
}
GLYPH_W, GLYPH_H = 5, 7


def _rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    if len(c) == 3:  # #999 is #999999
        c = "".join(d * 2 for d in c)
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


class Canvas:
    """A white RGB canvas in chart units (``scale`` pixels each)."""

    def __init__(self, width: int, height: int, scale: int = 2) -> None:
        self.scale = scale
        self.width, self.height = width * scale, height * scale
        self.pixels = bytearray(b"\xff" * (self.width * self.height * 3))

    def _fill(self, x0: int, y0: int, x1: int, y1: int, rgb: tuple[int, int, int]) -> None:
        x0, y0 = max(0, x0), max(0, y0)
        x1, y1 = min(self.width, x1), min(self.height, y1)
        if x0 >= x1:
            return
        run = bytes(rgb) * (x1 - x0)
        for y in range(y0, y1):
            at = (y * self.width + x0) * 3
            self.pixels[at : at + len(run)] = run

    def line(self, xa: float, ya: float, xb: float, yb: float, colour: str, width: float) -> None:
        """A straight line ``width`` units thick: squares stamped every half pixel along it."""
        s, rgb = self.scale, _rgb(colour)
        thick = max(1, round(width * s))
        steps = max(1, int(2 * max(abs(xb - xa), abs(yb - ya)) * s))
        for i in range(steps + 1):
            x = (xa + (xb - xa) * i / steps) * s
            y = (ya + (yb - ya) * i / steps) * s
            left, top = round(x - thick / 2), round(y - thick / 2)
            self._fill(left, top, left + thick, top + thick, rgb)

    def dot(self, x: float, y: float, radius: float, colour: str) -> None:
        s, rgb = self.scale, _rgb(colour)
        r = radius * s
        for dy in range(-int(r), int(r) + 1):
            half = int((r * r - dy * dy) ** 0.5)
            row = round(y * s) + dy
            self._fill(round(x * s) - half, row, round(x * s) + half + 1, row + 1, rgb)

    def text(self, x: float, y: float, text: str, colour: str, bold: bool = False) -> None:
        """Text whose baseline is at ``y`` (as SVG's text), one dot a chart unit."""
        s, rgb = self.scale, _rgb(colour)
        left, top = round(x * s), round((y - GLYPH_H - 1) * s)
        for ch in text.upper():
            rows = bytes.fromhex(FONT.get(ch, FONT["?"]))
            for r, bits in enumerate(rows):
                for c in range(GLYPH_W):
                    if bits & (0x10 >> c):
                        px, py = left + c * s, top + r * s
                        self._fill(px, py, px + s + (1 if bold else 0), py + s, rgb)
            left += (GLYPH_W + 1) * s + (1 if bold else 0)

    def png(self) -> bytes:
        """The canvas as a PNG file: 8-bit RGB, no interlace, each scanline filter type 0."""
        stride = self.width * 3
        raw = b"".join(
            b"\x00" + bytes(self.pixels[y * stride : (y + 1) * stride]) for y in range(self.height)
        )

        def chunk(kind: bytes, data: bytes) -> bytes:
            return (
                struct.pack(">I", len(data))
                + kind
                + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
            )

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return (
            b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b"")
        )
