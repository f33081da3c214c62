"""DISPLAY object values: trimmed for the console, fixed-width for the command server.

Command-server rules ([DOC-DISPFMT], [DOC-MSGS]): integers 10 characters right-justified;
character values left-justified, blank-padded to the field length; keyword values 10 (a
queue's TYPE 8); flags padded to the length of their negative word (``SHARE  ``).
"""

from __future__ import annotations

from collections.abc import Callable

from mqsc.catalog import Flag, Integer, Keyword, attributes_of, texts
from mqsc.engine.records import ObjectRecord


def _keyword(family: str, name: str) -> Keyword | None:
    return attributes_of(family).get(name)


def console_value(family: str, name: str, value: object) -> str:
    """``NAME(value)`` as the console shows it: trimmed, flags as their word.

    >>> console_value("QLOCAL", "SHARE", False), console_value("QLOCAL", "DESCR", "")
    ('NOSHARE', 'DESCR()')
    """
    return _CONSOLE[family][name](value)


def server_value(family: str, name: str, value: object) -> str:
    """``NAME(value)`` padded as command-server replies are.

    >>> server_value("QLOCAL", "MAXDEPTH", 5000)
    'MAXDEPTH(      5000)'
    >>> server_value("QLOCAL", "SHARE", True)
    'SHARE  '
    """
    return _SERVER[family][name](value)


def server_line(record: ObjectRecord, cpf: str) -> str:
    """The one reply message of an object: ``MQSC401I cpf QUEUE(...) TYPE(...) ...``."""
    formats = _SERVER[record.family]
    parts = [formats[n](v) for n, v in record.attrs]
    return f"{record.msg_id} {cpf} " + " ".join(parts)


# A DISPLAY of 50,000 queues formats 150,000 values (3 million with ALL): the rules for one
# attribute (its keyword, negation, width, kind) are looked up once, into its formatters.
Format = Callable[[object], str]


class _Formats(dict[str, Format]):
    """One family's formatters by attribute name, made on first use."""

    def __init__(self, family: str, framing: int) -> None:
        super().__init__()
        self.family = family
        self.framing = framing  # 0 console, 1 command server

    def __missing__(self, name: str) -> Format:
        made = self[name] = _make_formats(name, _keyword(self.family, name))[self.framing]
        return made


class _Families(dict[str, _Formats]):
    def __init__(self, framing: int) -> None:
        super().__init__()
        self.framing = framing

    def __missing__(self, family: str) -> _Formats:
        made = self[family] = _Formats(family, self.framing)
        return made


_CONSOLE = _Families(0)
_SERVER = _Families(1)


def _make_formats(name: str, keyword: Keyword | None) -> tuple[Format, Format]:
    negative = name if keyword is None else (keyword.negation or name)
    flag_width = len(keyword.negation) if keyword is not None and keyword.negation else 0
    true_word, false_word = name.ljust(flag_width), negative.ljust(flag_width)
    width = keyword.width if keyword is not None and keyword.width else 0
    integer_kind = keyword is not None and isinstance(keyword.kind, Integer)
    number_width = width or 10

    def console(value: object) -> str:
        if isinstance(value, bool):
            return name if value else negative
        if isinstance(value, tuple | list):  # a list of names (NAMES): comma separated
            return f"{name}({','.join(str(v).rstrip() for v in value)})"
        return f"{name}({str(value).rstrip()})"

    def server(value: object) -> str:
        if isinstance(value, bool):
            return true_word if value else false_word
        if isinstance(value, tuple | list):  # each name padded to the field (UNVERIFIED)
            return f"{name}({','.join(str(v).ljust(width) for v in value)})"
        if isinstance(value, int) or (integer_kind and str(value).isdigit()):
            return f"{name}({str(value).rjust(number_width)})"
        return f"{name}({str(value).ljust(width)})"

    return _remembering(console), _remembering(server)


#: Formatted values kept per attribute and framing: enough for the values objects share
#: (TYPE(QLOCAL), MAXDEPTH(5000), DEFPSIST(NO)...); values each object has its own (names,
#: descriptions) fill it and are then formatted each time.
REMEMBERED = 64


def _remembering(format_value: Format) -> Format:
    """``format_value``, remembering its first :data:`REMEMBERED` answers.

    A DISPLAY of 50,000 queues formats TYPE(QLOCAL) 50,000 times. Answers are keyed by the
    value's type too, so True and 1 (equal in Python) are never confused.
    """
    known: dict[tuple[type, object], str] = {}

    def remembered(value: object) -> str:
        key = (value.__class__, value)
        try:
            text = known.get(key)
        except TypeError:  # an unhashable value (a list of names)
            return format_value(value)
        if text is None:
            text = format_value(value)
            if len(known) < REMEMBERED:
                known[key] = text
        return text

    return remembered


def console_lines(record: ObjectRecord, cpf: str, csect: str) -> list[str]:
    """The CSQM201I block of an object: header, one attribute per line, END line."""
    keyword = record.keyword
    frame = _FRAMES.get((csect, keyword, cpf, record.verb))
    if frame is None:
        header = texts.line(
            "CSQM201I", {"csect": csect, "verb": " " + record.verb, "objtype": keyword}, cpf
        )
        frame = _FRAMES[(csect, keyword, cpf, record.verb)] = (header, f" END {keyword} DETAILS")
    formats = _CONSOLE[record.family]
    lines = [frame[0]]
    lines += [formats[n](v) for n, v in record.attrs]
    lines.append(frame[1])
    return lines


#: The header and END lines of an object's console block, which every object of one DISPLAY
#: shares, by (csect, object keyword, CPF).
_FRAMES: dict[tuple[str, str, str, str], tuple[str, str]] = {}


__all__ = ["Flag", "console_lines", "console_value", "server_line", "server_value"]
