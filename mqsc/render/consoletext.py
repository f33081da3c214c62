"""Console framing: what an operator sees after ``/QMZ1 ...`` ([DOC-MSGS]).

Messages carry the CPF after the id. A DISPLAY answers CSQM293I (how many objects matched),
then per object a CSQM201I header, one attribute per line, and an END line. Console-only
messages (CSQP023I after an ALTER BUFFPOOL, expansion messages) follow the completion.
"""

from __future__ import annotations

from collections.abc import Iterator

from mqsc.catalog import texts
from mqsc.engine.records import Message, ObjectRecord, Result
from mqsc.render import commandserver, objects
from mqsc.support.collector import BULK, paused


def console_lines(result: Result) -> list[str]:
    """The console lines of one result and of any further reply sets."""
    if len(result.records) >= BULK:
        with paused():  # a block of lines per object: mqsc/support/collector.py
            return _all_lines(result)
    return _all_lines(result)


def _all_lines(result: Result) -> list[str]:
    lines: list[str] = []
    for one in result.all_sets():
        lines.extend(_lines(one))
    return lines


def iter_console_lines(result: Result) -> Iterator[str]:
    """The same lines as :func:`console_lines`, made one object at a time as they are read:
    the console's pager shows the first screen of a 500,000-line DISPLAY before the rest
    is made (docs/performance.md)."""
    for one in result.all_sets():
        yield from _lines(one)


def _lines(result: Result) -> Iterator[str]:
    cpf = result.cpf
    found = sum(1 for r in result.records if isinstance(r, ObjectRecord))
    csect = _csect(result)
    counted = False
    for record in result.records:
        if isinstance(record, ObjectRecord):
            if not counted:
                yield texts.line(
                    "CSQM293I", {"csect": csect, "count": found, "objtype": record.keyword}, cpf
                )
                counted = True
            yield from objects.console_lines(record, cpf, csect)
        elif isinstance(record, Message):
            yield texts.line(record.msg_id, record.inserts, cpf)
        else:
            yield from commandserver.record_lines(record, cpf)


def _csect(result: Result) -> str:
    for record in reversed(result.records):
        if isinstance(record, Message) and record.msg_id in ("CSQ9022I", "CSQ9023E"):
            return str(record.inserts.get("csect", ""))
    return ""


def command_line(result: Result) -> str:
    """The command as the console echoes it: ``QMZ1 DEFINE QLOCAL(...)``."""
    return f"{result.cpf} {result.text}"
