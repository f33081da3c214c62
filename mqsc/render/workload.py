"""Summaries of puts and gets, in the spirit of the lab's OEMPUT and MGET output.

Messages, bytes, pages, buffer pool activity, page set I/O, expansions and the MQ reason a
run stopped with. Never an elapsed time or a CPU cost: those belong to the real machine, and
an emulator printing them would be inventing measurements.
"""

from __future__ import annotations

from typing import Any

from mqsc.catalog import texts
from mqsc.engine.records import Delivered, Workload


def summary_lines(w: Workload, qmgr: str, cpf: str) -> list[str]:
    """A put or get summary, one line per fact."""
    if w.operation == "monitor":
        opened = w.requested > 0
        lines = [
            f"Trigger monitor {'opens' if opened else 'closes'} {w.queue} on {qmgr}",
            f" Completion          : {w.reason_name} ({w.reason})",
        ]
        return lines + _trigger_lines(w)
    if w.operation == "put":
        lines = [
            f"Put to {w.queue} on {qmgr}",
            f" Messages put        : {w.done} of {w.requested}",
            f" Message size        : "
            f"{f'{w.size} bytes' if w.size or not w.bytes else 'mixed'} "
            f"({w.bytes:,} bytes in all)",
            f" Persistence         : {'persistent' if w.persistent else 'nonpersistent'}",
        ]
        lines.append(
            f" CF structure        : {w.structure}, {w.cf_bytes:,} bytes used"
            if w.structure
            else f" Pages used          : {w.pages}"
        )
        if w.backed_out:
            lines.append(f" Backed out          : {w.backed_out} (the unit of work in flight)")
        if w.routed:
            # A cluster queue: where the cluster workload algorithm sent them.
            chosen = ", ".join(f"{qmgr} {count}" for qmgr, count in w.routed)
            lines.append(f" Cluster instances   : {chosen}")
    else:
        wanted = "all" if w.requested < 0 else str(w.requested)
        lines = [
            f"Get from {w.queue} on {qmgr}",
            f" Messages got        : {w.done} (asked for {wanted})",
            f" Bytes got           : {w.bytes:,}",
        ]
        lines.append(
            f" CF structure        : {w.structure}, {w.cf_bytes:,} bytes freed"
            if w.structure
            else f" Pages freed         : {w.pages}"
        )
    for pool, s in sorted(w.pools.items()):
        lines.append(
            f" Buffer pool {pool:<8}: {s.get('getn', 0)} new pages, "
            f"{s.get('getp', 0)} hits, {s.get('rio', 0)} pages read back, "
            f"{s.get('tpw', 0)} pages written in {s.get('wio', 0)} I/Os, "
            f"{s.get('stl', 0)} buffers stolen"
        )
        extra = []
        if s.get("dwt"):
            # Reaching the threshold writes nothing when the changed buffers hold freed or
            # formatted pages only: the deferred writer releases those without I/O.
            released = (
                f" ({s['dropped']:,} freed or formatted pages released without a write)"
                if s.get("dropped")
                else ""
            )
            extra.append(f"deferred write threshold reached {s['dwt']} times{released}")
        if s.get("dmc"):
            extra.append(f"synchronous write threshold reached {s['dmc']} times")
        if s.get("sos"):
            extra.append(f"no buffer available {s['sos']} times")
        extra.append(f"lowest stealable {s.get('low', 0)} buffers")
        lines.append("                       " + "; ".join(extra))
    if not w.structure:
        lines.append(f" Page set expansions : {w.expansions}")
    lines.extend(message_lines(w.delivered))
    if w.held:
        lines.append(f" Completion          : not done, held by {w.held} (no MQ reason code)")
    else:
        lines.append(f" Completion          : {w.reason_name} ({w.reason})")
    lines += _trigger_lines(w)
    if w.messages:
        # On z/OS these go to the console and the queue manager's job log, not to the
        # application: shown here so the expansion is not missed.
        lines.append(" Console messages    :")
        lines.extend(texts.line(m.msg_id, m.inserts, cpf) for m in w.messages)
    return lines


def _trigger_lines(w: Workload) -> list[str]:
    """The trigger messages written (the fields of each MQTM), as many as were put."""
    lines = []
    for t in w.triggers:
        lines.append(
            f" Trigger message     : on {t.initq} for {t.queue}: PROCESS({t.process}) "
            f"APPLTYPE({t.appltype}) APPLICID({t.applid.rstrip()}) "
            f"TRIGDATA({t.trigdata.rstrip()})"
        )
    return lines


def summary_json(w: Workload, qmgr: str, cpf: str) -> dict[str, Any]:
    """The same as JSON."""
    return {
        "operation": w.operation,
        "qmgr": qmgr,
        "queue": w.queue,
        "requested": w.requested,
        "done": w.done,
        "size": w.size,
        "bytes": w.bytes,
        "persistent": w.persistent,
        "pages": w.pages,
        "backedOut": w.backed_out,
        "reasonCode": w.reason,
        "reason": w.reason_name,
        "heldBy": w.held or None,
        "expansions": w.expansions,
        "bufferPools": {str(k): dict(v) for k, v in sorted(w.pools.items())},
        "cfStructure": w.structure or None,
        "cfBytes": w.cf_bytes,
        "console": [texts.line(m.msg_id, m.inserts, cpf) for m in w.messages],
        **({"messages": [delivered_json(d) for d in w.delivered]} if w.delivered else {}),
        "triggers": [
            {
                "initq": t.initq,
                "queue": t.queue,
                "process": t.process,
                "trigData": t.trigdata,
                "applType": t.appltype,
                "applId": t.applid,
                "envData": t.envdata,
                "userData": t.userdata,
            }
            for t in w.triggers
        ],
    }


def message_lines(delivered: tuple[Delivered, ...], first: int = 1) -> list[str]:
    """The messages a get or browse returned (``mqsc get --show``): MQMD fields, then the
    data as text when it is UTF-8 without control characters, else in hexadecimal."""
    lines = []
    for n, d in enumerate(delivered, first):
        lines.append(f" Message {n:<11} : MsgId {d.msgid.hex().upper()}")
        lines.append(f"                       CorrelId {d.correlid.hex().upper()}")
        lines.append(
            f"                       {'persistent' if d.persistent else 'nonpersistent'}"
            f", priority {d.priority if d.priority >= 0 else 'DEFPRTY'}"
            f", {len(d.data):,} bytes" + (f", put {d.put_time}" if d.put_time else "")
        )
        if d.format:
            # A message the queue manager put (an event message): its MQMD as IBM sets it.
            lines.append(
                f"                       Format {d.format.strip()}, Encoding {d.encoding}, "
                f"CCSID {d.ccsid}, put by {d.applname} (mqsc events decodes it)"
            )
        lines.append(f"   {data_text(d.data)}")
    return lines


def data_text(data: bytes) -> str:
    """Message data shown on one line: the text, or hex (at most 64 bytes shown) when it is
    not printable UTF-8 (a message put without data is zeros)."""
    try:
        text = data.decode("utf-8")
        if text.isprintable():
            return text
    except UnicodeDecodeError:
        pass
    shown = data[:64].hex().upper()
    return f"X'{shown}'" + (f" ... ({len(data):,} bytes)" if len(data) > 64 else "")


def delivered_json(d: Delivered) -> dict[str, Any]:
    return {
        "msgId": d.msgid.hex(),
        "correlId": d.correlid.hex(),
        "persistent": d.persistent,
        "priority": d.priority,
        "length": len(d.data),
        "putTime": d.put_time,
        "data": data_text(d.data),
        **(
            {
                "format": d.format,
                "encoding": d.encoding,
                "ccsid": d.ccsid,
                "putApplName": d.applname,
            }
            if d.format
            else {}
        ),
    }
