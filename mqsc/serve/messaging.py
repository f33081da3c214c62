"""The IBM MQ messaging REST API, as mqweb answers it (docs/serve.md#messaging).

Framework-free, like :mod:`mqsc.serve.mqrest`: these functions read what a request carried
and build what the answer carries; :mod:`mqsc.serve.app` routes to them and runs the work
on the queue manager's command server. IBM MQ, "/messaging/qmgr/{qmgrName}/queue/
{queueName}/message" (POST puts, DELETE gets destructively, GET browses) and ".../messagelist"
(GET: a summary of the messages, without their data):

* POST takes a text body (Content-Type ``text/plain``, ``text/html``, ``text/xml``,
  ``application/json`` or ``application/xml``, each ``;charset=utf-8``) and the optional
  ``ibm-mq-md-correlationId``, ``-expiry``, ``-persistence``, ``-replyTo`` headers (v3:
  ``-priority`` too); it answers 201 with ``ibm-mq-md-messageId``;
* DELETE and GET take the optional query parameters ``correlationId``, ``messageId`` and
  ``wait`` (milliseconds); they answer 200 with the message data as ``text/plain;
  charset=utf-8`` and its MQMD as ``ibm-mq-md-*`` headers, or 204 when there is none;
* a v1/v2 message or correlation id is 48 hexadecimal digits; v3 writes it ``ID:`` and the
  48 digits.

The message data is text: the messaging REST API "only supports text based HTTP request
bodies" (IBM MQ, "POST /messaging/..."), so ``application/octet-stream`` is refused (415,
MQWB0306E) as mqweb refuses it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from mqsc.catalog.mqrc import (
    MQRC_NO_MSG_AVAILABLE,
    MQRC_NOT_AUTHORIZED,
    MQRC_Q_MGR_NOT_AVAILABLE,
    MQRC_UNKNOWN_OBJECT_NAME,
)
from mqsc.catalog.mqweb import WEB_MESSAGES, error_entry
from mqsc.engine.records import Delivered, Workload

MQCC_FAILED = 2
#: IBM MQ, "POST /messaging/...": the media types a message may be put with.
TEXT_TYPES = frozenset(
    ("text/plain", "text/html", "text/xml", "application/json", "application/xml")
)
_HEX_ID = re.compile(r"[0-9A-Fa-f]{48}\Z")
#: MQMD Expiry is in tenths of a second, at most 999,999,999 (MQEI_UNLIMITED otherwise).
MAX_EXPIRY_TENTHS = 999_999_999
#: The longest a get may wait (UNVERIFIED: mqweb documents no bound; one is needed so a
#: request does not hold a server thread for ever).
MAX_WAIT_MS = 60_000


@dataclass(frozen=True, slots=True)
class Reply:
    """What a messaging request answers: status, headers, body and its media type."""

    status: int
    headers: Mapping[str, str] = field(default_factory=dict)
    content: bytes = b""
    media: str | None = None


@dataclass(frozen=True, slots=True)
class PutRequest:
    data: bytes
    persistent: bool | None = None
    priority: int | None = None
    correlid: bytes | None = None
    correl_text: str = ""  # v3: an application-specific correlation id
    reply_q: str = ""
    reply_qmgr: str = ""
    expiry: int = -1  # tenths of a second; -1 unlimited


@dataclass(frozen=True, slots=True)
class Selection:
    msgid: bytes | None = None
    correlid: bytes | None = None
    wait_ms: int = 0


def error(msg_id: str, *inserts: object, status: int | None = None, reason: int = 0) -> Reply:

    entry = error_entry(msg_id, *inserts, completion=MQCC_FAILED if reason else 0, reason=reason)
    body = json.dumps({"error": [entry]}, separators=(",", ":")).encode("utf-8")
    return Reply(status or WEB_MESSAGES[msg_id].status, {}, body, "application/json")


# ---- requests ----------------------------------------------------------------------------------
def parse_put(version: str, headers: Mapping[str, str], body: bytes) -> PutRequest | Reply:
    """The put a POST asks for, or the error it is answered with."""
    kind = headers.get("content-type", "")
    media, _, params = kind.partition(";")
    if media.strip().lower() not in TEXT_TYPES:
        return error("MQWB0306E")
    charset = ""
    for param in params.split(";"):
        name, _, value = param.partition("=")
        if name.strip().lower() == "charset":
            charset = value.strip().strip('"')
    if charset.lower() not in ("utf-8", "utf8"):
        return error("MQWB0305E", charset or "(none)")
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return error("MQWB0305E", charset)
    request = PutRequest(body)
    persistence = headers.get("ibm-mq-md-persistence")
    if persistence is not None:
        if persistence not in ("persistent", "nonPersistent"):
            return error("MQWB0302E", "ibm-mq-md-persistence", persistence)
        request = _with(request, persistent=persistence == "persistent")
    expiry = headers.get("ibm-mq-md-expiry")
    if expiry is not None:
        tenths = _expiry(expiry)
        if tenths is None:
            return error("MQWB0302E", "ibm-mq-md-expiry", expiry)
        request = _with(request, expiry=tenths)
    correl = headers.get("ibm-mq-md-correlationId")
    if correl is not None:
        correlid = parse_id(version, correl)
        if correlid is not None:
            request = _with(request, correlid=correlid)
        elif version == "v3" and correl and not correl.startswith("ID:"):
            # IBM: in v3 "The header can be an application-specific ID, or, if an encoded
            # string, requires the ID: prefix".
            request = _with(request, correl_text=correl)
        else:
            return error("MQWB0302E", "ibm-mq-md-correlationId", correl)
    reply = headers.get("ibm-mq-md-replyTo")
    if reply is not None:
        queue, _, qmgr = reply.partition("@")
        if not _mq_name(queue) or (qmgr and not _mq_name(qmgr)):
            return error("MQWB0302E", "ibm-mq-md-replyTo", reply)
        request = _with(request, reply_q=queue, reply_qmgr=qmgr)
    priority = headers.get("ibm-mq-md-priority")
    if priority is not None:
        # IBM: "The ibm-mq-md-priority and ibm-mq-usr request headers are only available
        # with REST API V3"; elsewhere it is not a header the resource knows.
        if version != "v3" or not _digits(priority, 1) or int(priority) > 9:
            return error("MQWB0302E", "ibm-mq-md-priority", priority)
        request = _with(request, priority=int(priority))
    if any(name.startswith("ibm-mq-usr") for name in headers):
        # User properties (v3) are not modelled: refused rather than dropped.
        return error("MQWB0302E", "ibm-mq-usr", headers.get("ibm-mq-usr", ""))
    return request


def parse_selection(
    version: str, query: Mapping[str, str], *, waits: bool = True
) -> Selection | Reply:
    """The message a DELETE or GET asks for, or the error it is answered with."""
    selection = Selection()
    for name in ("messageId", "correlationId"):
        value = query.get(name)
        if value is None:
            continue
        parsed = parse_id(version, value)
        if (
            parsed is None
            and name == "correlationId"
            and version == "v3"
            and value
            and not value.startswith("ID:")
        ):
            parsed = app_correlid(value)
        if parsed is None:
            return error("MQSC907E", name, value, status=400)
        selection = (
            Selection(parsed, selection.correlid, selection.wait_ms)
            if name == "messageId"
            else Selection(selection.msgid, parsed, selection.wait_ms)
        )
    wait = query.get("wait")
    if wait is not None:
        if not waits or not _digits(wait):
            return error("MQSC907E", "wait", wait, status=400)
        selection = Selection(selection.msgid, selection.correlid, min(int(wait), MAX_WAIT_MS))
    return selection


def parse_id(version: str, text: str) -> bytes | None:
    """A message or correlation id as the API writes it (v3: ``ID:`` and 48 hex digits)."""
    if version == "v3":
        if not text.startswith("ID:"):
            return None
        text = text[3:]
    if not _HEX_ID.match(text):
        return None
    return bytes.fromhex(text)


def app_correlid(text: str) -> bytes:
    """The CorrelId of an application-specific correlation id: its first 24 UTF-8 bytes."""
    return text.encode("utf-8")[:24].ljust(24, b"\0")


def format_id(version: str, value: bytes) -> str:
    return ("ID:" if version == "v3" else "") + value.hex()


def _expiry(text: str) -> int | None:
    """``unlimited`` or milliseconds, as the MQMD's tenths of a second (-1 unlimited)."""
    if text == "unlimited":
        return -1
    if not _digits(text, 12) or int(text) == 0:  # 999,999,999 tenths is 11 digits of ms
        return None
    tenths = -(-int(text) // 100)
    return tenths if tenths <= MAX_EXPIRY_TENTHS else None


def _digits(text: str, most: int = 10) -> bool:
    """Whether ``text`` is 1 to ``most`` ASCII digits: str.isdigit() also takes "²" and other
    Unicode digits int() refuses, and int() refuses strings of thousands of digits."""
    return re.fullmatch(f"[0-9]{{1,{most}}}", text) is not None


def _mq_name(name: str) -> bool:
    return 0 < len(name) <= 48 and re.fullmatch(r"[A-Za-z0-9._/%]+", name) is not None


def _with(request: PutRequest, **changes) -> PutRequest:

    return replace(request, **changes)


# ---- answers -----------------------------------------------------------------------------------
def put_reply(version: str, qmgr: str, queue: str, done: Workload) -> Reply:
    """201 and the new message's id, or the MQ failure."""
    if done.held:
        return error("MQSC910E", "put", queue)
    if done.reason or not done.delivered:
        return failure(qmgr, queue, done.reason)
    return Reply(201, {"ibm-mq-md-messageId": format_id(version, done.delivered[0].msgid)})


def get_reply(version: str, qmgr: str, queue: str, done: Workload) -> Reply:
    """200 with the message, 204 when there is none, or the MQ failure."""
    if done.held:
        return error("MQSC910E", "get", queue)
    if done.reason == MQRC_NO_MSG_AVAILABLE:
        return Reply(204)
    if done.reason or not done.delivered:
        return failure(qmgr, queue, done.reason)
    d = done.delivered[0]
    return Reply(200, message_headers(version, d), d.data, "text/plain; charset=utf-8")


def message_headers(version: str, d: Delivered) -> dict[str, str]:
    """The MQMD of a message as the response headers IBM lists for DELETE and GET."""
    headers = {
        "ibm-mq-md-messageId": format_id(version, d.msgid),
        "ibm-mq-md-persistence": "persistent" if d.persistent else "nonPersistent",
        "ibm-mq-md-expiry": "unlimited" if d.expiry < 0 else str(d.expiry * 100),
    }
    if version == "v3" and d.correl_text:
        headers["ibm-mq-md-correlationId"] = d.correl_text
    elif any(d.correlid):
        headers["ibm-mq-md-correlationId"] = format_id(version, d.correlid)
    if d.reply_q:
        headers["ibm-mq-md-replyTo"] = d.reply_q + (f"@{d.reply_qmgr}" if d.reply_qmgr else "")
    if version == "v3":
        headers["ibm-mq-md-priority"] = str(d.priority)
    return headers


#: How many messages a messagelist shows when not told (UNVERIFIED default and bound; the
#: query parameter's name, ``limit``, is UNVERIFIED too).
LIST_DEFAULT, LIST_MAX = 10, 1000


def parse_limit(query: Mapping[str, str]) -> int | Reply:
    text = query.get("limit")
    if text is None:
        return LIST_DEFAULT
    if not _digits(text) or not 0 < int(text) <= LIST_MAX:
        return error("MQSC907E", "limit", text, status=400)
    return int(text)


def list_reply(version: str, qmgr: str, queue: str, done: Workload) -> Reply:
    """200 and ``{"messages": [...]}``: each message's MQMD, not its data (UNVERIFIED field
    names beyond messageId, correlationId and persistence)."""
    if done.reason:
        return failure(qmgr, queue, done.reason)

    out = []
    for d in done.delivered:
        item = {
            "messageId": format_id(version, d.msgid),
            "correlationId": format_id(version, d.correlid),
            "persistence": "persistent" if d.persistent else "nonPersistent",
            "expiry": "unlimited" if d.expiry < 0 else d.expiry * 100,
            "format": "MQSTR" if d.put_time else "",
        }
        if d.reply_q:
            item["replyTo"] = d.reply_q + (f"@{d.reply_qmgr}" if d.reply_qmgr else "")
        if d.put_time:
            date, _, time = d.put_time.partition(" ")
            item["putDateTime"] = f"{date}T{time.replace('.', ':')}.000Z"
        if version == "v3":
            item["priority"] = d.priority
        out.append(item)
    body = json.dumps({"messages": out}, separators=(",", ":")).encode("utf-8")
    return Reply(200, {}, body, "application/json")


def failure(qmgr: str, queue: str, reason: int) -> Reply:
    """An MQ failure: 404 for an unknown queue (MQWB0300E), 403 for a refusal by the
    security manager, else 500 with the MQ reason (IBM: "500: Server issue or error code
    from IBM MQ"; UNVERIFIED message id)."""
    if reason == MQRC_UNKNOWN_OBJECT_NAME:
        return error("MQWB0300E", queue, qmgr, status=404, reason=reason)
    if reason == MQRC_Q_MGR_NOT_AVAILABLE:
        # IBM: "503: Queue manager not running".
        return error("MQWB0300E", queue, qmgr, status=503, reason=reason)
    if reason == MQRC_NOT_AUTHORIZED:
        # The security manager refused the user's connection or open: mqweb answers 403,
        # "MQWB0103E: Not authorized." ("MQWB01xx: REST API messages"), with MQ's reason.
        return error("MQWB0103E", status=403, reason=reason)
    return error("MQWB0303E", reason=reason)
