"""Text on its way to a terminal: control characters are shown, never obeyed.

A quoted value may hold any character (``DEFINE QLOCAL(A) DESCR('<ESC>]0;title<BEL>')``): IBM
documents that descriptions should hold displayable characters only, but the command
processor's refusal of others is not documented, so mqsc keeps them as typed. What
it never does is write them raw where a terminal would act on them (colours, window titles,
the clipboard through OSC 52, a cursor sent home by CR): :func:`visible` writes each one as
``\\xNN`` instead. Tab and line feed pass; so does everything printable.
"""

from __future__ import annotations

import re

#: C0 controls but tab and line feed, DEL, and the C1 controls (0x80-0x9F: CSI is 0x9B).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: What XML 1.0 cannot hold at all, not even as a character reference, besides the controls.
_NOT_XML = re.compile(r"[\ud800-\udfff\ufffe\uffff]")


def _shown(found: re.Match[str]) -> str:
    return f"\\x{ord(found.group()):02X}"


def visible(text: str) -> str:
    """``text`` with every control character written as ``\\xNN``.

    >>> visible("DESCR(\\x1b]52;c;aGk=\\x07)")
    'DESCR(\\\\x1B]52;c;aGk=\\\\x07)'
    >>> visible("plain text\\tand a tab") == "plain text\\tand a tab"
    True
    """
    if _CONTROL.search(text) is None:
        return text  # nearly always: one scan in C, no copy
    return _CONTROL.sub(_shown, text)


def xml_text(text: str) -> str:
    """``text`` as an XML 1.0 document may hold it: :func:`visible`, and the code points XML
    excludes written the same way."""
    text = visible(text)
    if _NOT_XML.search(text) is None:
        return text
    return _NOT_XML.sub(lambda found: f"\\u{ord(found.group()):04X}", text)
