"""Messages of the HTTP services ``mqsc serve`` answers like (docs/serve.md).

The IBM MQ REST API reports an error as an HTTP status and a body
``{"error": [{"msgId", "message", "explanation", "action", "type", "completionCode",
"reasonCode"}]}`` (IBM MQ, "REST API error handling"); the ids and texts are IBM's "REST API
messages" (MQWB00xx, MQWB01xx, MQWB03xx), each VERIFIED there (the source keys below). Entries
whose id starts with ``MQSC`` are the emulator's own, for what no IBM id was found (they never
imitate an IBM id); their texts live in the message catalog, ``mqsc/catalog/texts.py``, with
every other mqsc message.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from string import Formatter

from mqsc.catalog.texts import CATALOG


@dataclass(frozen=True, slots=True)
class WebMessage:
    msg_id: str
    status: int  # the HTTP status it comes with
    template: str  # {0}, {1}: IBM's <insert_0>, <insert_1>
    explanation: str
    action: str
    verified: bool
    #: the sources.py keys that show the id's text (IBM ids only)
    evidence: str = ""


def _w(
    msg_id: str,
    status: int,
    template: str,
    explanation: str,
    action: str,
    verified: bool,
    evidence: str = "",
) -> WebMessage:
    return WebMessage(msg_id, status, template, explanation, action, verified, evidence)


V, U = True, False

_TABLE: tuple[WebMessage, ...] = (
    _w(
        "MQWB0000E",
        500,
        "An unexpected exception {0} occurred.",
        "An exception was thrown which is not otherwise handled.",
        "Use the message from the exception to resolve the problem if possible. If necessary, "
        "seek assistance from IBM support.",
        V,
        "[DOC-MQWB00]",
    ),
    _w(
        "MQSC904E",
        404,
        "",
        "The queue manager specified in the resource URL does not exist or is not available.",
        "Resubmit the request with the name of a queue manager that exists.",
        U,
    ),
    _w(
        "MQWB0100E",
        403,
        "The CSRF header '{0}' was omitted from the request.",
        "The REST API request cannot be completed because the CSRF header was omitted.",
        "Resubmit the request with the correct CSRF header.",
        V,
        "[DOC-MQWB01]",
    ),
    _w(
        "MQWB0103E",
        403,
        "Not authorized.",
        "The authenticated principal is not authorized to perform the requested REST API "
        "operation.",
        "Obtain the necessary authorization to perform the operation and resubmit the request.",
        V,
        "[DOC-MQWB01]",
    ),
    _w(
        "MQWB0104E",
        401,
        "The REST API request to '{0}' is not authenticated.",
        "The REST API request cannot be completed because credentials were omitted from the "
        "request.",
        "Resubmit the request with valid credentials.",
        V,
        "[DOC-MQWB01]",
    ),
    _w(
        "MQSC905E",
        400,
        "",
        "The body of the request is not a JSON object of the form this resource accepts.",
        "Correct the request body and resubmit the request.",
        U,
    ),
    _w(
        "MQSC906E",
        400,
        "",
        "runCommandJSON does not run DISPLAY ARCHIVE, CHINIT, GROUP, LOG, SECURITY, SYSTEM, "
        'THREAD, TRACE or USAGE (IBM MQ, "POST - JSON formatted command").',
        "Use a plain text MQSC command (type runCommand) instead.",
        U,
    ),
    _w(
        "MQSC907E",
        400,
        "",
        "A query parameter or an attribute of the request has a value the resource does not "
        "accept.",
        "Correct the parameter and resubmit the request.",
        U,
    ),
    # The messaging REST API (IBM MQ, "MQWB03xx: REST API messages"): texts checked there;
    # the HTTP status each comes with is the one the resource's "Response status codes"
    # list gives the case (UNVERIFIED pairing of id and status).
    _w(
        "MQWB0300E",
        404,
        "Cannot create messaging connection to {0} on {1}.",
        "The queue manager or destination might not be created or active.",
        "Resubmit the request, correcting any issues.",
        V,
        "[DOC-MQWB03]",
    ),
    _w(
        "MQWB0302E",
        400,
        "The {0} request header cannot be set as {1} is not a valid request header value.",
        "The API request cannot be completed because an invalid value was specified for a "
        "request header.",
        "Resubmit the request using a valid header value.",
        V,
        "[DOC-MQWB03]",
    ),
    _w(
        "MQWB0303E",
        500,
        "An unforeseen error occurred while sending, publishing, receiving, "
        "or browsing the message.",
        "An underlying error occurred while sending, publishing, receiving, or browsing the "
        "message.",
        "Resubmit the request, correcting any issues.",
        V,
        "[DOC-MQWB03]",
    ),
    _w(
        "MQWB0305E",
        415,
        "The character set {0} is not acceptable for the request.",
        "The request is encoded using an unacceptable character set.",
        "Resubmit the request, correcting any issues.",
        V,
        "[DOC-MQWB03]",
    ),
    _w(
        "MQWB0306E",
        415,
        "The media type is unsupported for this type of request.",
        "The request attempted to use an unsupported media type.",
        "Resubmit the request, correcting any issues.",
        V,
        "[DOC-MQWB03]",
    ),
    _w(
        "MQSC908E",
        404,
        "",
        "No REST API resource has this URL.",
        "Correct the URL and resubmit the request.",
        U,
    ),
    _w(
        "MQSC909E",
        405,
        "",
        "The resource exists but does not accept this HTTP method.",
        "Use a method the resource accepts.",
        U,
    ),
    _w(
        "MQSC910E",
        503,
        "",
        "SUSPEND QMGR LOG is in effect: on z/OS the MQI call would wait for RESUME QMGR LOG.",
        "Resume the log (RESUME QMGR LOG) and resubmit the request.",
        V,
    ),
    _w(
        "MQSC901E",
        413,
        "",
        "mqsc serve bounds request bodies (--max-body).",
        "Send a smaller request.",
        V,
    ),
    _w(
        "MQSC902E",
        429,
        "",
        "mqsc serve slows down password guessing: after repeated "
        "failures a user is refused for a while.",
        "Wait, then log in with the right password.",
        V,
    ),
    _w(
        "MQSC903E",
        503,
        "",
        "The queue manager's state could not be opened by the server.",
        "Correct the state (mqsc state, docs/state.md) and resubmit the request.",
        V,
    ),
)

WEB_MESSAGES: Mapping[str, WebMessage] = {m.msg_id: m for m in _TABLE}


def error_entry(
    msg_id: str, *inserts: object, completion: int = 0, reason: int = 0
) -> dict[str, object]:
    """One element of an error body's ``error`` array."""
    m = WEB_MESSAGES[msg_id]
    if msg_id.startswith("MQSC"):
        # mqsc's own: the text is the message catalog's (mqsc/catalog/texts.py), its
        # named inserts given in order.
        template = CATALOG[msg_id].template
        names = [field for _, field, _, _ in Formatter().parse(template) if field]
        text = template.format_map(dict(zip(names, inserts)))
    else:
        text = m.template.format(*inserts)
    return {
        "action": m.action,
        "completionCode": completion,
        "explanation": m.explanation,
        "message": f"{msg_id}: {text}",
        "msgId": msg_id,
        "reasonCode": reason,
        "type": "rest",
    }
