"""JSON output: one object per command, modelled on the MQ REST API's runCommandJSON
response (commandResponse[] with completionCode / reasonCode / parameters,
overallCompletionCode, overallReasonCode), plus what a z/OS user needs besides: the command
text and where it came from, the CSQN205I codes, the z/OS reply lines, and DISPLAY USAGE as
structured records named after the PCF Inquire Usage fields. docs/json.md documents it and
docs/json/result.schema.json is its JSON Schema.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mqsc.catalog import texts
from mqsc.engine.records import (
    BufferPoolReport,
    DataSetReport,
    LogStatusReport,
    Message,
    ObjectRecord,
    PageSetReport,
    ParameterReport,
    Result,
    ThreadReport,
    TraceReport,
)
from mqsc.render import commandserver
from mqsc.support.collector import BULK, paused

SCHEMA_VERSION = 1

#: MQ completion codes.
MQCC_OK, MQCC_FAILED = 0, 2
#: PCF reason for a failed command, by its first z/OS message (runCommandJSON reports these);
#: MQRCCF_COMMAND_FAILED (3008) for the rest.
PCF_REASONS: Mapping[str, int] = {
    "CSQM125I": 2085,  # MQRC_UNKNOWN_OBJECT_NAME
    "MQSC595E": 4001,  # MQRCCF_OBJECT_ALREADY_EXISTS
    "MQSC507E": 3207,  # MQRCCF_STORAGE_CLASS_IN_USE
    "MQSC503E": 2055,  # MQRC_Q_NOT_EMPTY
    "MQSC501E": 2042,  # MQRC_OBJECT_IN_USE
    "CSQ3106E": 2059,  # MQRC_Q_MGR_NOT_AVAILABLE
    "CSQ9016E": 2035,  # MQRC_NOT_AUTHORIZED: the security manager refused the command
}
MQRCCF_COMMAND_FAILED = 3008


def reason_of(result: Result) -> int:
    """The PCF reason code of a result (0 when it succeeded)."""
    if result.ok:
        return 0
    for msg in result.messages():
        if msg.msg_id in PCF_REASONS:
            return PCF_REASONS[msg.msg_id]
    return MQRCCF_COMMAND_FAILED


def parameters(record: ObjectRecord) -> dict[str, Any]:
    """A DISPLAY object's attributes with lower-case names, as the REST API gives them."""
    lower = _LOWER
    return {
        lower[name]: (
            value.rstrip()
            if isinstance(value, str)
            else list(value)
            if isinstance(value, tuple)
            else value
        )
        for name, value in record.attrs
    }


class _Lower(dict[str, str]):
    """Attribute names in lower case (a DISPLAY of 50,000 queues names the same few 150,000
    times)."""

    def __missing__(self, name: str) -> str:
        lower = self[name] = name.lower()
        return lower


_LOWER = _Lower()


def usage(result: Result) -> dict[str, Any] | None:
    """DISPLAY USAGE reports as records (PCF Inquire Usage field names), if any."""
    out: dict[str, Any] = {}
    for record in result.records:
        if isinstance(record, PageSetReport):
            out["pageSets"] = [
                {
                    "pageSetId": r.psid,
                    "bufferPoolId": r.pool,
                    "totalPages": r.total,
                    "unusedPages": r.unused,
                    "persistentDataPages": r.persistent,
                    "nonPersistentDataPages": r.nonpersistent,
                    "expandType": r.expand,
                    "expandCount": r.expansions,
                    "pageSetStatus": r.status,
                }
                for r in record.rows
            ]
        elif isinstance(record, BufferPoolReport):
            out["bufferPools"] = [
                {
                    "bufferPoolId": r.pool,
                    "totalBuffers": r.available,
                    "freeBuffers": r.stealable,
                    "freeBuffersPercentage": r.percent,
                    "pageClass": r.pageclass,
                    "bufferPoolLocation": r.location,
                }
                for r in record.rows
            ]
        elif isinstance(record, DataSetReport):
            out["dataSets"] = [
                {"dataSetType": r.kind, "logRBA": r.rba, "dataSetName": r.dsname}
                for r in record.rows
            ]
        elif isinstance(record, TraceReport):
            out["traces"] = [
                {
                    "traceNumber": int(r.tno),
                    "traceType": r.ttype,
                    "classes": [int(c) for c in r.classes.split(",") if c],
                    "destinations": r.dest.split(","),
                    "userId": r.userid,
                    "resourceManagerId": r.rmid,
                }
                for r in record.rows
            ]
        elif isinstance(record, ThreadReport):
            out.setdefault("threads", []).extend(
                {
                    "report": record.kind,
                    "name": r.name,
                    "status": r.status,
                    "type": r.kind,
                    "userId": r.userid,
                    "asid": r.asid,
                    "qmgrUrid": r.urid,
                    "nid": r.nid,
                    "threads": r.threads,
                }
                for r in record.rows
            )
    return out or None


def _response(result: Result) -> list[dict[str, Any]]:
    code = MQCC_OK if result.ok else MQCC_FAILED
    reason = reason_of(result)
    objects = result.objects
    if objects:
        return [
            {"completionCode": code, "reasonCode": reason, "parameters": parameters(o)}
            for o in objects
        ]
    lines = commandserver.reply_set(result)[1:]
    return [{"completionCode": code, "reasonCode": reason, "message": lines}]


def result_json(result: Result) -> dict[str, Any]:
    """One command's JSON object."""
    if len(result.records) >= BULK:
        with paused():  # two dicts and a line per object: mqsc/support/collector.py
            return _result_json(result)
    return _result_json(result)


def _result_json(result: Result) -> dict[str, Any]:
    sets = list(result.all_sets())
    ok = all(s.ok for s in sets)
    response: list[dict[str, Any]] = []
    for one in sets:
        items = _response(one)
        if len(sets) > 1:
            for item in items:
                item["qmgr"] = one.cpf
        response.extend(items)
    out: dict[str, Any] = {
        "version": SCHEMA_VERSION,
        "command": result.text,
        "title": result.title,
        "ok": ok,
        "overallCompletionCode": MQCC_OK if ok else MQCC_FAILED,
        "overallReasonCode": 0 if ok else MQRCCF_COMMAND_FAILED,
        "commandResponse": response,
        "return": f"{result.return_code:08X}",
        "reason": f"{result.reason_code:08X}",
        "messages": commandserver.reply_lines(result),
    }
    if result.location is not None:
        out.update(
            file=result.location.name, line=result.location.line, column=result.location.column
        )
    console = [
        texts.line(m.msg_id, m.inserts, result.cpf) for m in result.messages() if m.unsolicited
    ]
    if console:
        out["console"] = console
    report = usage(result)
    if report is not None:
        out["usage"] = report
    out.update(parameters_and_log(result))
    return out


def parameters_and_log(result: Result) -> dict[str, Any]:
    """DISPLAY SYSTEM, LOG and ARCHIVE reports as records: ``parameters`` (each parameter's
    module value and SET value) and ``logStatus`` (PCF log status field names)."""
    out: dict[str, Any] = {}
    for record in result.records:
        if isinstance(record, ParameterReport):
            out["parameters"] = {
                "type": record.kind,
                "rows": [
                    {"parameter": r.name, "initialValue": r.initial, "setValue": r.set}
                    for r in record.rows
                ],
            }
        elif isinstance(record, LogStatusReport):
            out["logStatus"] = {
                "logCopies": [
                    {"logCopyNumber": c.copy, "logUsed": c.percent, "dataSetName": c.dsname}
                    for c in record.copies
                ],
                "qmgrStart": record.restarted,
                "qmgrStartRBA": record.restart_rba,
                "logRBA": record.latest_rba,
                "offloadStatus": record.offload,
                "fullLogs": record.full,
                "totalLogs": record.total,
                "logSuspend": record.suspended,
            }
    return out


__all__ = ["Message", "result_json"]
