"""The IBM MQ administrative REST API, as mqweb answers it on z/OS (docs/serve.md).

Framework-free: each function takes what the request carried (already authenticated) and
returns an :class:`Answer` (HTTP status and JSON body); :mod:`mqsc.serve.app` maps routes to
them. Commands go to the queue manager through :class:`~mqsc.serve.qmgrs.Registry`, as from
the command server (``CommandSource.SERVER``), and come back rendered by ``mqsc.render``.

IBM MQ, "POST - plain text MQSC command" and "POST - JSON formatted command": ``runCommand``
answers ``commandResponse[]`` with ``completionCode``, ``reasonCode`` and ``text[]`` (the z/OS
reply lines, CSQN205I first), one element per reply set (one per queue manager with
CMDSCOPE); ``runCommandJSON`` builds the MQSC command from ``command``, ``qualifier``, ``name``
and ``parameters`` and answers one element per object with its ``parameters``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mqsc import __version__
from mqsc.catalog import OBJECT_WORDS, VERB_WORDS, Text, command_spec, meaning, product
from mqsc.catalog.model import Flag
from mqsc.catalog.mqweb import WEB_MESSAGES, error_entry
from mqsc.engine.manager import QueueManager
from mqsc.engine.records import Issuer, Result
from mqsc.language.pipeline import Rejected, parse
from mqsc.render import commandserver, jsonout
from mqsc.serve.qmgrs import NoSuchQmgr, QmgrUnavailable, Registry
from mqsc.support.collector import BULK, paused

MQCC_OK, MQCC_FAILED = 0, 2
MQRCCF_COMMAND_FAILED = 3008
MQRC_UNKNOWN_OBJECT_NAME = 2085
#: CSQM297I: no object matches a DISPLAY.
NO_MATCH = "CSQM297I"
#: IBM MQ, "POST - JSON formatted command": not available as JSON formatted commands.
JSON_REFUSED = frozenset(
    ("ARCHIVE", "CHINIT", "GROUP", "LOG", "SECURITY", "SYSTEM", "THREAD", "TRACE", "USAGE")
)
#: The level of MQ the emulated installation reports: the one level mqsc emulates
#: (mqsc/catalog/product.py), as DISPLAY QMGR CMDLEVEL and CSQY000I report it.
MQ_VERSION, COMMAND_LEVEL = product.MQ_VERSION, product.COMMAND_LEVEL
_PLAIN = re.compile(r"[A-Za-z0-9._%/*@#$-]+\Z")


@dataclass(frozen=True, slots=True)
class Answer:
    status: int
    body: Any
    #: a body already encoded (a large DISPLAY is encoded in the worker thread)
    raw: bytes | None = None


def error(msg_id: str, *inserts: object, status: int | None = None, hint: str = "") -> Answer:
    """An mqweb error body; ``hint`` is mqsc's own word beside mqweb's text (its "hint" field:
    mqweb's message, explanation and action stay as mqweb writes them)."""
    entry = error_entry(msg_id, *inserts)
    if hint:
        entry["hint"] = hint
    return Answer(status or WEB_MESSAGES[msg_id].status, {"error": [entry]})


def role_hint(needed: tuple[str, ...], role: str, what: str) -> str:
    """Why MQWB0103E: which role ``what`` needs, and the one the user has.

    >>> role_hint(("MQWebUser",), "MQWebAdmin", "the messaging REST API")
    'the messaging REST API needs the MQWebUser role; this user has MQWebAdmin'
    >>> role_hint(("MQWebAdmin", "MQWebAdminRO"), "MQWebUser", "z/OSMF")
    'z/OSMF needs the MQWebAdmin or MQWebAdminRO role; this user has MQWebUser'
    """
    return f"{what} needs the {' or '.join(needed)} role; this user has {role}"


# ---- /admin/installation and /admin/qmgr ------------------------------------------------
def installation() -> Answer:
    """GET /admin/installation: the one installation mqsc emulates."""
    return Answer(
        200,
        {
            "installation": [
                {
                    "name": "MQSC",
                    "platform": "zos",
                    "version": MQ_VERSION,
                    "maximumCommandLevel": COMMAND_LEVEL,
                    "description": f"mqsc {__version__}: IBM MQ for z/OS emulator",
                }
            ]
        },
    )


def qmgrs(registry: Registry, name: str | None = None) -> Answer:
    """GET /admin/qmgr[/{name}]: every queue manager of the home, or one."""
    known = registry.names()
    if name is not None:
        if name.upper() not in known:
            return error("MQSC904E", name)
        known = {name.upper(): known[name.upper()]}
    out = []
    for k in known.values():
        # mqweb's states (IBM MQ, "/admin/qmgr"): "running", or "ended normally" after a
        # STOP QMGR.
        state = "running" if registry.running(k.name) else "ended normally"
        item: dict[str, Any] = {
            "name": k.name,
            "state": state,
            "extended": {"commandPrefix": k.cpf},
        }
        if k.qsg:
            item["extended"]["queueSharingGroupName"] = k.qsg
        out.append(item)
    return Answer(200, {"qmgr": out})


# ---- /admin/action/qmgr/{qmgr}/mqsc -----------------------------------------------------
def mqsc_action(registry: Registry, qmgr: str, body: object, role: str, user: str = "") -> Answer:
    """POST .../mqsc with a runCommand or a runCommandJSON body (waits for the answer);
    ``user``: the REST user, whose mqweb connection sends the command."""
    prepared = prepare(body, role, user, _connection(registry, user))
    if isinstance(prepared, Answer):
        return prepared
    try:
        return registry.run(qmgr, prepared)
    except NoSuchQmgr:
        return error("MQSC904E", qmgr)
    except QmgrUnavailable as problem:
        return error("MQSC903E", qmgr.upper(), problem)


def _connection(registry: Registry, user: str) -> Callable[[QueueManager], str] | None:
    if not user:
        return None
    return lambda qm: registry.messaging_connection(qm, user.upper()[:8])


def prepare(
    body: object,
    role: str,
    user: str = "",
    conn_of: Callable[[QueueManager], str] | None = None,
    checked: str | None = None,
) -> Answer | Callable[[QueueManager], Answer]:
    """The error answer for a body that is not a command, or the work that runs it on the
    queue manager for REST user ``user`` and makes its answer. ``conn_of``: the connection
    the command comes through (mqweb's connection for the REST user: the command server acts
    for its user). ``checked``: the z/OS user id the security manager checks the command for
    (the mqweb server's started task user for the administrator roles)."""
    if not isinstance(body, dict) or body.get("type") not in ("runCommand", "runCommandJSON"):
        return error("MQSC905E", "'type' must be runCommand or runCommandJSON")
    if body["type"] == "runCommand":
        parameters = body.get("parameters")
        command = parameters.get("command") if isinstance(parameters, dict) else None
        if not isinstance(command, str) or not command.strip():
            return error("MQSC905E", "'parameters.command' must be the text of an MQSC command")
        return _work(command, role, _text_answer, user, conn_of, checked)
    built = json_command(body)
    if isinstance(built, Answer):
        return built
    return _work(built, role, _json_answer, user, conn_of, checked)


#: The application mqweb's commands come from (the command server's messages): what command
#: and configuration events name as EventApplName (UNVERIFIED: mqweb's PutApplName on z/OS).
MQWEB_APPL = "MQWEB"


def rest_issuer(user: str) -> Issuer:
    """A REST user as the engine's issuer: a z/OS user id is upper case, at most 8."""
    return Issuer(user.upper()[:8], MQWEB_APPL, "MQAT_MVS")


def _work(
    command: str,
    role: str,
    answer: Callable[[Result], Answer],
    user: str = "",
    conn_of: Callable[[QueueManager], str] | None = None,
    checked: str | None = None,
) -> Callable[[QueueManager], Answer]:
    def work(qm: QueueManager) -> Answer:
        if role == "MQWebAdminRO" and not read_only(command):
            hint = role_hint(("MQWebAdmin",), role, "a command other than DISPLAY")
            return error("MQWB0103E", hint=hint + " (MQWebAdminRO runs DISPLAY commands only)")
        with qm.acting_as(rest_issuer(user) if user else None):
            conn = conn_of(qm) if conn_of is not None else ""
            return answer(qm.execute(command, conn=conn, user=checked))

    return work


def read_only(command: str) -> bool:
    """Whether a read-only administrator (MQWebAdminRO) may issue the command: a DISPLAY, or
    text that is no command at all (its syntax error changes nothing)."""
    parsed = parse(command)
    return all(isinstance(p, Rejected) or p.verb == "DISPLAY" for p in parsed)


def _codes(result: Result) -> tuple[int, int]:
    return (MQCC_OK, 0) if result.ok else (MQCC_FAILED, jsonout.reason_of(result))


def _overall(sets: list[Result]) -> dict[str, int]:
    ok = all(s.ok for s in sets)
    return {
        "overallCompletionCode": MQCC_OK if ok else MQCC_FAILED,
        "overallReasonCode": 0 if ok else MQRCCF_COMMAND_FAILED,
    }


def _text_answer(result: Result) -> Answer:
    sets = list(result.all_sets())
    response = []
    with paused() if len(result.records) >= BULK else _nothing():
        for i, one in enumerate(sets):
            code, reason = _codes(one)
            response.append(
                {
                    "completionCode": code,
                    "reasonCode": reason,
                    "text": commandserver.reply_set(one, more=i < len(sets) - 1),
                }
            )
        return Answer(200, {"commandResponse": response, **_overall(sets)})


def _json_answer(result: Result) -> Answer:
    sets = list(result.all_sets())
    response: list[dict[str, Any]] = []
    failed = False
    with paused() if len(result.records) >= BULK else _nothing():
        for one in sets:
            code, reason = _codes(one)
            objects = one.objects
            if objects:
                params = jsonout.parameters
                response.extend(
                    {"completionCode": code, "reasonCode": reason, "parameters": params(o)}
                    for o in objects
                )
                continue
            if one.ok and any(m.msg_id == NO_MATCH for m in one.messages()):
                # runCommandJSON is answered as PCF Inquire answers: nothing matched is
                # MQRC_UNKNOWN_OBJECT_NAME, where the z/OS command server completes normally
                # with CSQM297I (UNVERIFIED for z/OS; what the wrappers of the API expect).
                code, reason = MQCC_FAILED, MQRC_UNKNOWN_OBJECT_NAME
                failed = True
            response.append(
                {
                    "completionCode": code,
                    "reasonCode": reason,
                    "message": commandserver.reply_set(one)[1:],
                }
            )
        overall = _overall(sets)
        if failed:
            overall = {
                "overallCompletionCode": MQCC_FAILED,
                "overallReasonCode": MQRCCF_COMMAND_FAILED,
            }
        return Answer(200, {"commandResponse": response, **overall})


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def json_command(body: Mapping[str, Any]) -> str | Answer:
    """The MQSC text of a runCommandJSON body, or the error answer for a body that is not one.

    ``parameters`` become ``KEYWORD(value)``: text attributes (DESCR...) quoted so their case
    is kept, lists comma-separated, ``true`` or an empty string a keyword without a value
    (REPLACE, PURGE); ``responseParameters`` become the attributes a DISPLAY asks for
    (``all`` for ALL).
    """
    command, qualifier = body.get("command"), body.get("qualifier")
    if not isinstance(command, str) or not _PLAIN.match(command):
        return error("MQSC905E", "'command' must be an MQSC verb such as display or define")
    if not isinstance(qualifier, str) or not _PLAIN.match(qualifier):
        return error("MQSC905E", "'qualifier' must be an MQSC object type such as qlocal")
    verb = VERB_WORDS.get(command.upper())
    objtype = OBJECT_WORDS.get(qualifier.upper())
    verb_name = verb.name if verb is not None else command.upper()
    obj_name = objtype.name if objtype is not None else qualifier.upper()
    if verb_name == "DISPLAY" and obj_name in JSON_REFUSED:
        return error("MQSC906E", f"{command} {qualifier}".upper())
    parts = [command, qualifier]
    name = body.get("name")
    if name is not None:
        if not isinstance(name, str):
            return error("MQSC905E", "'name' must be a string")
        # Quoted when it is not plain or not upper case: unquoted, MQSC folds a name to upper
        # case, so SUB('mysub') could not be altered or deleted by its own name.
        quote = not _PLAIN.match(name) or name != name.upper()
        parts[-1] += f"({_value(name, quote=quote)})"
    spec = command_spec(verb_name, obj_name)
    parameters = body.get("parameters", {})
    if not isinstance(parameters, dict):
        return error("MQSC905E", "'parameters' must be an object")
    for key, value in parameters.items():
        if not _PLAIN.match(key):
            return error("MQSC907E", key, "not an MQSC keyword")
        keyword = meaning(spec, key)
        if (
            value is True
            or value == ""
            or (keyword is not None and isinstance(keyword.kind, Flag) and value in ("yes", "YES"))
        ):
            parts.append(key)
        elif value is False or value is None:
            continue
        elif isinstance(value, list):
            if not all(isinstance(v, str | int) and not isinstance(v, bool) for v in value):
                return error("MQSC907E", key, "a list holds strings and numbers")
            parts.append(f"{key}({', '.join(_value(v, keyword) for v in value)})")
        elif isinstance(value, str | int | float):
            parts.append(f"{key}({_value(value, keyword)})")
        else:
            return error("MQSC907E", key, "a value is a string, a number or a list")
    wanted = body.get("responseParameters")
    if wanted is not None:
        if not isinstance(wanted, list) or not all(
            isinstance(w, str) and _PLAIN.match(w) for w in wanted
        ):
            return error("MQSC907E", "responseParameters", "a list of attribute names")
        if verb_name == "DISPLAY":
            parts.extend(w.upper() for w in wanted)
    return " ".join(parts)


def _value(value: object, keyword=None, *, quote: bool | None = None) -> str:
    if isinstance(value, bool):
        return "YES" if value else "NO"
    if isinstance(value, int | float):
        return str(value)
    text = str(value)
    if quote is None:
        quote = (keyword is not None and isinstance(keyword.kind, Text)) or not _PLAIN.match(text)
    if quote:
        return "'" + text.replace("'", "''") + "'"
    return text
