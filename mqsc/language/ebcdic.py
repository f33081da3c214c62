"""The EBCDIC code page IBM-1047, which Python does not ship.

IBM-1047 (Latin-1 Open Systems, the usual z/OS code page for text) is IBM-037 with six code
points exchanged: X'5F' is ``^`` (``¬`` in 037), X'B0' ``¬``, X'AD' ``[``, X'BA' ``Ý``,
X'BD' ``]`` and X'BB' ``¨``. Importing this module registers it as ``cp1047`` (aliases
``ibm1047``, ``ibm-1047``, ``1047``).
"""

from __future__ import annotations

import codecs

_SWAPS = {0x5F: "^", 0xB0: "\u00ac", 0xAD: "[", 0xBA: "\u00dd", 0xBD: "]", 0xBB: "\u00a8"}


def _decoding_table() -> str:
    table = list(bytes(range(256)).decode("cp037"))
    for byte, char in _SWAPS.items():
        table[byte] = char
    return "".join(table)


DECODING_TABLE = _decoding_table()
ENCODING_TABLE = codecs.charmap_build(DECODING_TABLE)


class _Codec(codecs.Codec):
    def encode(self, text, errors="strict"):
        return codecs.charmap_encode(text, errors, ENCODING_TABLE)

    def decode(self, data, errors="strict"):
        return codecs.charmap_decode(data, errors, DECODING_TABLE)


class _IncrementalEncoder(codecs.IncrementalEncoder):
    def encode(self, text, final=False):
        return codecs.charmap_encode(text, self.errors, ENCODING_TABLE)[0]


class _IncrementalDecoder(codecs.IncrementalDecoder):
    def decode(self, data, final=False):
        return codecs.charmap_decode(data, self.errors, DECODING_TABLE)[0]


_NAMES = {"cp1047", "ibm1047", "ibm_1047", "1047"}


def _search(name: str) -> codecs.CodecInfo | None:
    if name.replace("-", "_") not in _NAMES:
        return None
    return codecs.CodecInfo(
        name="cp1047",
        encode=_Codec().encode,
        decode=_Codec().decode,
        incrementalencoder=_IncrementalEncoder,
        incrementaldecoder=_IncrementalDecoder,
    )


codecs.register(_search)
