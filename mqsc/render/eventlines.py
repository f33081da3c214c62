"""Event messages as ``mqsc events`` shows them: readable lines, JSON, and hexadecimal dumps
of their data (docs/events.md)."""

from __future__ import annotations

from typing import Any

from mqsc.engine.records import EventReport

_WIDTH = 32


def lines(report: EventReport) -> list[str]:
    """The lines of one event message: what it is, its MQMD and MQCFH, then each parameter
    (group members indented), numbers that are constants named."""
    title = report.event or "not an event IBM names"
    where = f" on {report.queue}" if report.queue else ""
    out = [
        f"Event message {report.number}{where}: {title} "
        f"({report.reason_name} {report.reason}), {report.size} bytes",
    ]
    if report.put_time or report.msgid:
        out.append(
            f"  put {report.put_time} by {report.putappl or '?'}, Format "
            f"{report.format.strip() or 'MQFMT_NONE'}, Encoding {report.encoding}, "
            f"CCSID {report.ccsid}, MsgId X'{report.msgid}'"
        )
    out.append(
        f"  {report.structure} {report.category}, MQCFH version {report.version}, "
        f"MsgSeqNumber {report.seq} ({report.control}), {report.compcode}"
    )
    for field in report.fields:
        indent = "  " * (field.depth + 1)
        label = f"{indent}{field.name}".ljust(_WIDTH + 2)
        if field.value is None:
            out.append(f"{indent}{field.name}:")
            continue
        value = field.value
        if field.constant:
            shown = f"{field.constant} ({value})"
        elif isinstance(value, list):
            shown = ", ".join(value) if value else "(none)"
        elif isinstance(value, str) and field.name.startswith("MQBACF_"):
            shown = f"X'{value}'"  # a byte string, in hexadecimal
        elif isinstance(value, str):
            shown = f"'{value}'"
        else:
            shown = str(value)
        out.append(f"{label} {shown}")
    return out


def as_json(report: EventReport) -> dict[str, Any]:
    """One event message as a JSON object (docs/json.md): MQMD and MQCFH fields, and its
    parameters as a list of {parameter, value[, constant], members} in order."""
    return {
        "queue": report.queue,
        "number": report.number,
        "event": report.event,
        "reason": report.reason,
        "reasonName": report.reason_name,
        "size": report.size,
        "mqmd": {
            "msgId": report.msgid,
            "correlId": report.correlid,
            "putTime": report.put_time,
            "format": report.format,
            "encoding": report.encoding,
            "ccsid": report.ccsid,
            "putApplName": report.putappl,
        },
        "mqcfh": {
            "type": report.structure,
            "command": report.category,
            "version": report.version,
            "msgSeqNumber": report.seq,
            "control": report.control,
            "compCode": report.compcode,
        },
        "parameters": _nested(report),
    }


def _nested(report: EventReport) -> list[dict[str, Any]]:
    top: list[dict[str, Any]] = []
    stack: list[list[dict[str, Any]]] = [top]
    for field in report.fields:
        del stack[field.depth + 1 :]
        entry: dict[str, Any] = {"parameter": field.name}
        if field.value is None:
            entry["members"] = []
            stack[field.depth].append(entry)
            stack.append(entry["members"])
            continue
        entry["value"] = field.value
        if field.constant:
            entry["constant"] = field.constant
        stack[field.depth].append(entry)
    return top


def hex_dump(data: bytes) -> list[str]:
    """``data`` as offset, 16 bytes in hexadecimal in groups of four, and the bytes as EBCDIC
    text (z/OS dumps show EBCDIC; '.' where a byte is not printable)."""
    out = []
    for offset in range(0, len(data), 16):
        chunk = data[offset : offset + 16]
        words = " ".join(chunk[i : i + 4].hex().upper() for i in range(0, len(chunk), 4))
        text = "".join(c if c.isprintable() and c.isascii() else "." for c in chunk.decode("cp500"))
        out.append(f"{offset:08X}  {words:<35}  *{text}*")
    return out
