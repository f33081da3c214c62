"""An event message read back: its PCF decoded (mqsc/engine/messaging/pcf.py) and every
number named by IBM's constants (mqsc/catalog/pcf.py), for ``mqsc events`` and the web
console.

Anything that is not a PCF message raises :class:`~mqsc.engine.messaging.pcf.PcfError` with
one line saying why.
"""

from __future__ import annotations

from collections.abc import Iterator

from mqsc.catalog import mqrc
from mqsc.catalog.events import event_name
from mqsc.catalog.pcf import PARAMETERS, value_name
from mqsc.engine.messaging import pcf
from mqsc.engine.records import Delivered, EventField, EventReport


def report(
    data: bytes,
    *,
    queue: str = "",
    number: int = 1,
    message: Delivered | None = None,
) -> EventReport:
    """The event message ``data`` (with the MQMD fields of ``message`` when it was got from a
    queue) as names and values."""
    encoding = message.encoding if message is not None and message.encoding else None
    decoded = pcf.decode(data, encoding=encoding)
    header = decoded.header
    return EventReport(
        queue,
        number,
        len(data),
        message.msgid.hex().upper() if message is not None else "",
        message.correlid.hex().upper() if message is not None else "",
        message.put_time if message is not None else "",
        message.format if message is not None else "",
        message.encoding if message is not None else 0,
        message.ccsid if message is not None else 0,
        message.applname if message is not None else "",
        event_name(header.reason),
        header.reason,
        mqrc.name(header.reason),
        value_name("MQCMD_", header.command),
        value_name("MQCFT_", header.type),
        header.version,
        header.seq,
        "MQCFC_LAST" if header.control == 1 else "MQCFC_NOT_LAST",
        value_name("MQCC_", header.compcode),
        tuple(_fields(decoded.params)),
    )


def _fields(params: tuple[pcf.Param, ...]) -> Iterator[EventField]:
    for depth, param in pcf.walk(params):
        meta = PARAMETERS.get(param.pid)
        name = meta.name if meta is not None else str(param.pid)
        value = param.value
        if isinstance(value, tuple) and value and isinstance(value[0], pcf.Param):
            yield EventField(name, None, "", depth)
            continue
        if isinstance(value, bytes):
            yield EventField(name, value.hex().upper(), "", depth)
        elif isinstance(value, int) and meta is not None and meta.values:
            yield EventField(name, value, value_name(meta.values, value), depth)
        elif isinstance(value, tuple):
            yield EventField(name, list(value), "", depth)
        else:
            yield EventField(name, value, "", depth)
