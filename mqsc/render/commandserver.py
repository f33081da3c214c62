"""Command-server framing: what CSQUTIL and applications receive ([DOC-MSGS]).

Each reply set starts with ``CSQN205I   COUNT=       n, RETURN=xxxxxxxx, REASON=xxxxxxxx``
(COUNT includes the CSQN205I itself) and holds one message per line; a DISPLAY gives one
CSQM4nnI message per object; DISPLAY USAGE one message per report line. When further reply
sets follow (CMDSCOPE(*)), REASON is 00000004. Console-only messages are not part of it.
"""

from __future__ import annotations

from mqsc.catalog import texts
from mqsc.engine.records import (
    RC_MORE,
    BufferPoolReport,
    DataSetReport,
    LogStatusReport,
    Message,
    ObjectRecord,
    PageSetReport,
    ParameterReport,
    Record,
    Result,
    ThreadReport,
    TraceReport,
)
from mqsc.render import objects, reports
from mqsc.support.collector import BULK, paused
from mqsc.support.memo import IdentityMemo


def record_lines(record: Record, cpf: str) -> list[str]:
    """One record as command-server reply lines."""
    if isinstance(record, Message):
        return [texts.line(record.msg_id, record.inserts, cpf)]
    if isinstance(record, ObjectRecord):
        return [objects.server_line(record, cpf)]
    if isinstance(record, PageSetReport):
        return reports.pageset_lines(record, cpf)
    if isinstance(record, BufferPoolReport):
        return reports.pool_lines(record, cpf)
    if isinstance(record, DataSetReport):
        return reports.dataset_lines(record, cpf)
    if isinstance(record, TraceReport):
        return reports.trace_lines(record, cpf)
    if isinstance(record, ParameterReport):
        return reports.parameter_lines(record, cpf)
    if isinstance(record, LogStatusReport):
        return reports.log_status_lines(record, cpf)
    if isinstance(record, ThreadReport):
        return reports.thread_lines(record, cpf)
    raise TypeError(f"no command-server rendering for {type(record).__name__}")


def message_line(record: Message, cpf: str | None) -> str:
    """A message's line, made once for a message record answered again and again.

    The engine gives every command of a type one shared completion message (CSQ9022I for each
    DEFINE QLOCAL of a deck): its line is remembered by the record's identity.
    """
    hit = _LINES.get(record)
    if hit is not None and hit[0] == cpf:
        return hit[1]
    return _LINES.put(record, (cpf, texts.line(record.msg_id, record.inserts, cpf)))[1]


#: (CPF, line) of message records seen lately.
_LINES: IdentityMemo[Message, tuple[str | None, str]] = IdentityMemo(256)


def reply_set(result: Result, *, more: bool = False) -> list[str]:
    """One reply set: CSQN205I, then the reply lines."""
    body: list[str] = []
    cpf = result.cpf
    for record in result.records:
        if type(record) is ObjectRecord:
            body.append(objects.server_line(record, cpf))  # a DISPLAY's many objects
        elif type(record) is Message:
            if not record.unsolicited:
                body.append(message_line(record, cpf))
        elif not (isinstance(record, Message) and record.unsolicited):
            body.extend(record_lines(record, cpf))
    reason = RC_MORE[1] if more and result.ok else result.reason_code
    key = (len(body) + 1, result.return_code, reason)
    header = _HEADERS.get(key)
    if header is None:
        header = texts.line("CSQN205I", {"count": key[0], "ret": key[1], "reason": key[2]}, None)
        if len(_HEADERS) < 256:
            _HEADERS[key] = header
    return [header, *body]


#: CSQN205I lines by (count, return, reason): a deck's commands mostly share a few.
_HEADERS: dict[tuple[int, int, int], str] = {}


def reply_lines(result: Result) -> list[str]:
    """Every reply set of a result (one, or one per queue manager for CMDSCOPE(*))."""
    if len(result.records) >= BULK:
        with paused():  # a line per object: mqsc/support/collector.py
            return _reply_lines(result)
    return _reply_lines(result)


def _reply_lines(result: Result) -> list[str]:
    sets = list(result.all_sets())
    lines: list[str] = []
    for i, one in enumerate(sets):
        lines.extend(reply_set(one, more=i < len(sets) - 1))
    return lines


def console_messages(result: Result) -> list[str]:
    """The messages a command sent to the console rather than to its replies (a channel going
    RETRYING and why, MQSC330I): the command server's replies leave them out, as z/OS does,
    so a front end showing replies shows these after them."""
    return [
        message_line(m, one.cpf)
        for one in result.all_sets()
        for m in one.records
        if isinstance(m, Message) and m.unsolicited
    ]


def echo_lines(result: Result) -> list[str]:
    """The command as read, indented two blanks, original line breaks ([GH-CSQUTIL])."""
    echo = result.echo or (result.text,)
    return ["  " + line for line in echo]


def run_lines(result: Result) -> list[str]:
    """``mqsc run`` output for one command: the echo, then its reply sets."""
    return [*echo_lines(result), *reply_lines(result)]
