"""DISPLAY object values: trimmed for the console, fixed-width for the command server.

Command-server rules ([DOC-DISPFMT], reference §9.5): integers 10 characters right-justified;
character values left-justified, blank-padded to the field length; keyword values 10 (a
queue's TYPE 8); flags padded to the length of their negative word (``SHARE  ``).
"""

from __future__ import annotations

from mqsc.catalog import Flag, Integer, Keyword
from mqsc.catalog.attributes import FAMILIES
from mqsc.responses import ObjectRecord


def _keyword(family: str, name: str) -> Keyword | None:
    return FAMILIES.get(family, {}).get(name)


def console_value(family: str, name: str, value: object) -> str:
    """``NAME(value)`` as the console shows it: trimmed, flags as their word.

    >>> console_value("QLOCAL", "SHARE", False), console_value("QLOCAL", "DESCR", "")
    ('NOSHARE', 'DESCR()')
    """
    if isinstance(value, bool):
        keyword = _keyword(family, name)
        return name if value or keyword is None else (keyword.negation or name)
    return f"{name}({str(value).rstrip()})"


def server_value(family: str, name: str, value: object) -> str:
    """``NAME(value)`` padded as command-server replies are.

    >>> server_value("QLOCAL", "MAXDEPTH", 5000)
    'MAXDEPTH(      5000)'
    >>> server_value("QLOCAL", "SHARE", True)
    'SHARE  '
    """
    keyword = _keyword(family, name)
    if isinstance(value, bool):
        word = name if value or keyword is None else (keyword.negation or name)
        width = len(keyword.negation) if keyword is not None and keyword.negation else 0
        return word.ljust(width)
    width = keyword.width if keyword is not None and keyword.width else 0
    if isinstance(value, int) or (keyword is not None and isinstance(keyword.kind, Integer)
                                  and str(value).isdigit()):
        return f"{name}({str(value).rjust(width or 10)})"
    return f"{name}({str(value).ljust(width)})"


def server_line(record: ObjectRecord, cpf: str) -> str:
    """The one reply message of an object: ``CSQM401I cpf QUEUE(...) TYPE(...) ...``."""
    parts = [server_value(record.family, n, v) for n, v in record.attrs]
    return f"{record.msg_id} {cpf} " + " ".join(parts)


def console_lines(record: ObjectRecord, cpf: str, csect: str) -> list[str]:
    """The CSQM201I block of an object: header, one attribute per line, END line."""
    from mqsc import messages

    header = messages.line("CSQM201I", {"csect": csect, "verb": " DISPLAY",
                                        "objtype": record.keyword}, cpf)
    body = [console_value(record.family, n, v) for n, v in record.attrs]
    return [header, *body, f" END {record.keyword} DETAILS"]


__all__ = ["Flag", "console_lines", "console_value", "server_line", "server_value"]
