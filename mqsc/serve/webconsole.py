"""The web console served by ``mqsc serve`` at ``/ibmmq/console/`` (docs/console-web.md).

Framework-free, like :mod:`mqsc.serve.mqrest`: the static assets shipped in the wheel
(``mqsc/serve/webconsole/``: plain ES modules, no build step, no CDN), and the small JSON
resources the MQ REST API cannot give a view:

* ``GET /ibmmq/console/api/form/{objtype}``: the catalog's DEFINE keywords of a family (kind,
  range, choices, default, help), from which the create form is generated, so the form has the
  same ranges and defaults as the language;
* ``GET /ibmmq/console/api/words``: the verbs, object types and keywords the command pane
  completes, from the catalog;
* ``GET /ibmmq/console/api/qmgr/{qmgr}/queues?name=&offset=&limit=``: one window of the
  queues (every type, every QSGDISP) sorted by name (and how many there are), so the queues widget
  draws its first
  rows before the whole list (runCommandJSON, ten megabytes at 50,000 queues) has arrived;
* ``GET /ibmmq/console/api/qmgr/{qmgr}/storage``: storage classes, page sets and buffer pools
  with their live figures. runCommandJSON refuses DISPLAY USAGE (IBM MQ, "POST - JSON
  formatted command"), so without this the page would have to scrape the CSQI010I/CSQI065I
  reply lines of runCommand.
* ``GET /ibmmq/console/api/qmgr/{qmgr}/listeners``: the channel initiator's listeners, from
  DISPLAY CHINIT's MQSC365I lines (z/OS has no DISPLAY LSSTATUS);
* ``GET /ibmmq/console/api/qmgr/{qmgr}/zos``: DISPLAY USAGE TYPE(ALL) as records, the queue
  sharing group's members, each CF structure's backup, its age and ``mqsc advise``'s advice;
* ``GET /ibmmq/console/api/qmgr/{qmgr}/queue/{name}/profiles``: the RACF profiles that cover a
  queue (read only): the one RACF uses first, the others, their access lists, and the profile
  the queue manager holds in storage for it (docs/security.md).

The console's DISPLAYs run as the mqweb server's started task user (IBM MQ, "IBM MQ Console -
required command security profiles"); one the security manager refuses makes the resource
answer 403, MQWB0103E, with MQRC 2035, as mqweb does.
"""

from __future__ import annotations

import re
from collections import Counter
from importlib import resources
from typing import Any

from mqsc.catalog import (
    DEFINED,
    FAMILY_MODULES,
    OBJECT_TYPES,
    OBJECT_WORDS,
    SPECS,
    VERBS,
    Choice,
    Flag,
    Integer,
    Name,
    NameList,
    Text,
    command_spec,
    sysobjects,
)
from mqsc.catalog.describe import kind_text
from mqsc.catalog.mqrc import MQRC_NOT_AUTHORIZED
from mqsc.catalog.mqweb import error_entry
from mqsc.catalog.security import CLASSES
from mqsc.engine import security
from mqsc.engine.capacity import advise
from mqsc.engine.context import moment
from mqsc.engine.group import member_states
from mqsc.engine.manager import QueueManager
from mqsc.engine.records import Message, Result
from mqsc.engine.statistics import collect
from mqsc.render import jsonout
from mqsc.serve.mqrest import Answer, error


class NotAuthorized(Exception):
    """A DISPLAY the console made was refused by the security manager (CSQ9016E)."""


def refused() -> Answer:
    """Mqweb's answer to a request the security manager refused: 403, MQWB0103E, MQRC 2035."""
    return Answer(
        403, {"error": [error_entry("MQWB0103E", completion=2, reason=MQRC_NOT_AUTHORIZED)]}
    )


def _shown(qm: QueueManager, text: str) -> Result:
    """Run a DISPLAY for the console; a refusal by the security manager is NotAuthorized."""
    result = qm.execute(text)
    if not result.ok and "CSQ9016E" in result.message_ids:
        raise NotAuthorized(text)
    return result


#: The assets, by file name, with the Content-Type each is served with. Only these are served:
#: a path outside this table is 404, so nothing else of the package can be read through it.
ASSETS: dict[str, str] = {
    "index.html": "text/html; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "api.js": "text/javascript; charset=utf-8",
    "grid.js": "text/javascript; charset=utf-8",
    "chart.js": "text/javascript; charset=utf-8",
    "console.css": "text/css; charset=utf-8",
}
#: Everything the page loads comes from this server: the browser enforces it (no CDN, no
#: request leaves the machine even if a future asset names another host).
CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)


def asset(name: str) -> tuple[bytes, str] | None:
    """The bytes and Content-Type of one shipped asset, or None."""
    if name == "":
        name = "index.html"
    kind = ASSETS.get(name)
    if kind is None:
        return None
    return resources.files("mqsc.serve").joinpath("webconsole", name).read_bytes(), kind


# ---- the create form ---------------------------------------------------------------------
def _field(keyword) -> dict[str, Any]:
    kind = keyword.kind
    field: dict[str, Any] = {
        "name": keyword.name,
        "help": keyword.help,
        "describe": kind_text(kind),
    }
    if isinstance(kind, Integer) and kind.words:
        # A number or one of its words (CAPEXPRY(NOLIMIT)): a number field could not hold
        # the word DISPLAY shows, and an ALTER form would send it back empty.
        field.update(type="text", words=list(kind.words), min=kind.minimum, max=kind.maximum)
    elif isinstance(kind, Integer):
        field.update(type="integer", min=kind.minimum, max=kind.maximum)
    elif isinstance(kind, Choice):
        field.update(type="choice", values=list(kind.values))
    elif isinstance(kind, Flag):
        field.update(type="flag", negation=keyword.negation)
    elif isinstance(kind, Text):
        field.update(type="text", maxLength=kind.max_length)
    elif isinstance(kind, NameList):
        # NAMES(A, B): a comma-separated field the page sends as a JSON array, as
        # runCommandJSON takes (and DISPLAY answers) a list.
        field.update(
            type="list", maxLength=kind.max_length, maxItems=kind.max_items, rule=kind.rule.value
        )
    elif isinstance(kind, Name):
        field.update(type="name", maxLength=kind.max_length, rule=kind.rule.value)
    else:
        field.update(type="text")
    if keyword.default is not None:
        field["default"] = keyword.default
    return field


#: The verbs a form is made for.
FORM_VERBS = ("DEFINE", "ALTER")


def form(objtype: str, verb: str = "DEFINE") -> Answer:
    """The DEFINE (or ALTER) form of an object type, from the catalog (404 when the object
    type has no such command)."""
    found = OBJECT_WORDS.get(objtype.upper())
    verb = verb.upper()
    spec = command_spec(verb, found.name) if found is not None and verb in FORM_VERBS else None
    if spec is None:
        return error("MQSC908E", f"/ibmmq/console/api/form/{objtype}?verb={verb.lower()}")
    fields = [_field(k) for k in spec.keywords.values() if k.zos]
    # The other types of its catalog family that DEFINE makes (QLOCAL: QALIAS, QREMOTE,
    # QMODEL), so the form offers them without the page naming any.
    family = next(m for m in FAMILY_MODULES if any(o.name == spec.objtype for o in m.OBJECT_TYPES))
    types = [o.name.lower() for o in family.OBJECT_TYPES if command_spec("DEFINE", o.name)]
    name = spec.name
    body: dict[str, Any] = {
        "command": verb.lower(),
        "qualifier": spec.objtype.lower(),
        "name": {
            "maxLength": getattr(name, "max_length", 48),
            "rule": getattr(getattr(name, "rule", None), "value", "any"),
        },
        "types": types,
        "required": list(spec.required),
        "fields": fields,
    }
    typed = _typed(family, spec.objtype)
    if typed is not None:
        # A family whose attributes depend on a type (the syntax diagram of each CHLTYPE,
        # AUTHTYPE): the form shows only the fields of the type chosen, and marks the ones
        # that type must name, as definitions.check_typed enforces (MQSC550E, MQSC554E).
        keyword, applies, required = typed
        body["typed"] = {
            "keyword": keyword,
            "applies": {k: sorted(v) for k, v in applies.items()},
            "required": {k: list(v) for k, v in required.items()},
        }
    return Answer(200, body)


def _typed(family, objtype: str):
    """A family whose attributes depend on a type keyword (its catalog module has APPLIES,
    which types each attribute belongs to, and REQUIRED, what each type must name; the keyword
    is the choice DEFINE requires: CHLTYPE, AUTHTYPE), or None. Read from the catalog, so a
    new typed family gets a typed form without the console naming it."""
    applies = getattr(family, "APPLIES", None)
    required = getattr(family, "REQUIRED", None)
    define = command_spec("DEFINE", objtype)
    if applies is None or required is None or define is None:
        return None
    keyword = next(
        (k for k in define.required if isinstance(define.keywords[k].kind, Choice)), None
    )
    return None if keyword is None else (keyword, applies, required)


# ---- completion words for the command pane ---------------------------------------------------
#: The objects widget's types that are not defined objects: a cluster repository's.
CLUSTER_DISPLAYS = ("CLUSQMGR", "QCLUSTER")


def words() -> Answer:
    """The catalog's words for the command pane's completion: verbs (with synonyms), the object
    types of each verb, and the keywords of each command (canonical names, whether they take a
    value), as the interactive console completes them."""
    return Answer(
        200,
        {
            "verbs": {w: v.name for v in VERBS for w in (v.name, *v.synonyms)},
            "objects": {w: o.name for o in OBJECT_TYPES for w in (o.name, *o.synonyms)},
            # The defined object types DISPLAY lists, for the objects widget, and what the
            # cluster repository holds (cluster queue managers and queues, docs/clusters.md).
            "displayable": [
                *(t for t in DEFINED if command_spec("DISPLAY", t) is not None),
                *CLUSTER_DISPLAYS,
            ],
            # What each SYSTEM.* object is for (mqsc/catalog/sysobjects.py): named before an
            # alter or a delete of one is sent.
            "systemRoles": [[r.pattern, r.role] for r in sysobjects.ROLES],
            "anySystem": sysobjects.ANY_SYSTEM,
            "commands": {
                f"{spec.verb} {spec.objtype}": {
                    "help": spec.help,
                    "keywords": {
                        k.name: not isinstance(k.kind, Flag)
                        for k in spec.keywords.values()
                        if k.zos
                    },
                }
                for spec in SPECS
            },
        },
    )


# ---- one window of the queues ---------------------------------------------------------------
#: The grid's columns: what DISPLAY QLOCAL is asked for in the window.
COLUMNS = ("CURDEPTH", "MAXDEPTH", "STGCLASS", "DESCR")
MAX_WINDOW = 500
_GENERIC = re.compile(r"[A-Za-z0-9._/%]{0,47}\*?\Z")


def window_query(name: str, offset: str, limit: str) -> tuple[str, int, int] | Answer:
    """The checked parameters of a window request, or the 400 answer."""
    if not name or not _GENERIC.match(name):
        return error("MQSC907E", "name", "a queue name or a generic name (PAY.*)")
    try:
        first, count = int(offset), int(limit)
    except ValueError:
        return error("MQSC907E", "offset/limit", "whole numbers")
    if first < 0 or not 0 < count <= MAX_WINDOW:
        return error("MQSC907E", "offset/limit", f"offset >= 0, limit 1-{MAX_WINDOW}")
    return name.upper(), first, count


def queues_window(qm: QueueManager, name: str, offset: int, limit: int) -> Answer:
    """The queues of every type matching ``name``, sorted by name: how many, and the attributes
    of those from ``offset`` to ``offset + limit``. The names come from one DISPLAY QUEUE with
    no attributes (the cheapest), the attributes of the window from a DISPLAY of each (a queue
    name is unique across the queue types)."""
    # QSGDISP(ALL): in a queue sharing group the GROUP objects too (DISPLAY's default, LIVE,
    # leaves them out), each (name, disposition) a row, as the whole list has them.
    listed = _shown(qm, f"DISPLAY QUEUE({name}) QSGDISP(ALL)")
    names = sorted(
        (str(o.get("QUEUE")).rstrip(), str(o.get("QSGDISP", "QMGR"))) for o in listed.objects
    )
    rows: list[dict[str, object]] = []
    for queue, disposition in names[offset : offset + limit]:
        quoted = queue.replace("'", "''")  # quoted: a lower-case name stays as it is
        one = _shown(qm, f"DISPLAY QUEUE('{quoted}') QSGDISP({disposition}) {' '.join(COLUMNS)}")
        rows.extend(jsonout.parameters(o) for o in one.objects)
    return Answer(200, {"qmgr": qm.name, "total": len(names), "offset": offset, "queues": rows})


# ---- storage classes -> page sets -> buffer pools ------------------------------------------
def storage(qm: QueueManager) -> Answer:
    """The figures of the storage view, from DISPLAY STGCLASS, DISPLAY QLOCAL and DISPLAY USAGE
    run as the command server runs them (so they are what an operator would see)."""
    classes = _shown(qm, "DISPLAY STGCLASS(*) PSID DESCR")
    queues = _shown(qm, "DISPLAY QLOCAL(*) STGCLASS")  # model queues make no messages
    usage = _shown(qm, "DISPLAY USAGE PSID(*)")
    per_class = Counter(str(o.get("STGCLASS")).rstrip() for o in queues.objects)
    figures = jsonout.usage(usage) or {}
    return Answer(
        200,
        {
            "qmgr": qm.name,
            "storageClasses": [
                {
                    "name": p["stgclass"],
                    "psid": p.get("psid"),
                    "descr": p.get("descr", ""),
                    "queues": per_class.get(p["stgclass"], 0),
                }
                for p in map(jsonout.parameters, classes.objects)
            ],
            "pageSets": figures.get("pageSets", []),
            "bufferPools": figures.get("bufferPools", []),
            # The statistics interval's SMF 115 figures (QPST per pool, QIS1 per page set), as
            # `mqsc stats` shows them: the write charts read DWT, IMW and DMC, and EXPN.
            "statistics": {
                kind: {str(k): v for k, v in rows.items()} for kind, rows in collect(qm).items()
            },
        },
    )


# ---- listeners --------------------------------------------------------------------------
def listeners(qm: QueueManager) -> Answer:
    """The TCP/IP listeners of the channel initiator. z/OS has no DISPLAY LSSTATUS (and no
    listener objects): DISPLAY CHINIT names each listener in a MQSC365I line (MQSC366I when
    none is started), so the widget lists those lines' figures (IBM MQ for z/OS, "DISPLAY
    CHINIT"). With the channel initiator stopped the answer says so (CSQM131I) and lists none."""
    shown = _shown(qm, "DISPLAY CHINIT")
    # The key names the address too: START LISTENER may listen on one port at two addresses.
    rows = [
        {
            "listener": f"TCP {m.inserts['address']}({m.inserts['port']})",
            "trptype": "TCP",
            "port": m.inserts["port"],
            "address": m.inserts["address"],
            "indisp": m.inserts["indisp"],
            "status": "RUNNING",
        }
        for m in shown.records
        if isinstance(m, Message) and m.msg_id == "MQSC365I"
    ]
    return Answer(
        200, {"qmgr": qm.name, "chinit": "ACTIVE" if shown.ok else "INACTIVE", "listeners": rows}
    )


# ---- the z/OS views: DISPLAY USAGE, CF structures, the queue sharing group -------------------
def _age_seconds(qm: QueueManager, ended: str) -> int | None:
    now = qm.clock()
    when = moment(ended, now)
    return None if when is None else max(0, int((now - when).total_seconds()))


def zos(qm: QueueManager) -> Answer:
    """What the z/OS page shows: DISPLAY USAGE TYPE(ALL) as records (page sets, buffer pools,
    the log data sets recovery needs), and in a queue sharing group its members and each CF
    structure with its last backup, that backup's age and the recovery advice of
    ``mqsc advise`` (mqsc.engine.capacity: the same figures, not computed twice)."""
    usage = jsonout.usage(_shown(qm, "DISPLAY USAGE TYPE(ALL)")) or {}
    body: dict[str, Any] = {
        "qmgr": qm.name,
        "pageSets": usage.get("pageSets", []),
        "bufferPools": usage.get("bufferPools", []),
        "dataSets": usage.get("dataSets", []),
        "qsg": None,
        "members": [],
        "structures": [],
    }
    group = qm.group
    if group is None:
        return Answer(200, body)
    body["qsg"] = qm.info.qsg
    body["members"] = [{"name": name, "status": state} for name, state in member_states(group)]
    advice = {s.structure: s for s in advise(qm).structures}
    defined = _shown(qm, "DISPLAY CFSTRUCT(*) ALL")
    backups = {
        str(o.get("CFSTATUS")).rstrip(): jsonout.parameters(o)
        for o in _shown(qm, "DISPLAY CFSTATUS(*) TYPE(BACKUP)").objects
    }
    statuses = {
        str(o.get("CFSTATUS")).rstrip(): jsonout.parameters(o)
        for o in _shown(qm, "DISPLAY CFSTATUS(*) TYPE(SUMMARY)").objects
    }
    for p in map(jsonout.parameters, defined.objects):
        name = p["cfstruct"]
        state = qm.state.tables["cfstatus"].get(name)
        backup = state.backup if state is not None else None
        found = advice.get(name)
        body["structures"].append(
            {
                "name": name,
                "cflevel": p.get("cflevel"),
                "recover": p.get("recover"),
                "descr": p.get("descr", ""),
                "status": statuses.get(name, {}).get("status", ""),
                "backup": backups.get(name),
                "backupAgeSeconds": _age_seconds(qm, backup.ended) if backup else None,
                "advice": None
                if found is None
                else {
                    "backupMB": found.backup_mb,
                    "logMB": found.log_mb,
                    "restoreSeconds": found.restore_seconds,
                    "recoverySeconds": found.recovery_seconds,
                    "findings": list(found.findings),
                },
            }
        )
    return Answer(200, body)


# ---- the profiles that protect a queue ------------------------------------------------------
def queue_profiles(qm: QueueManager, name: str) -> Answer:
    """Read only: the RACF profiles covering queue ``name`` (RACF's database, every
    high-level qualifier the queue manager uses), the one RACF uses first, and what the queue
    manager holds in storage for the queue (changed only by REFRESH SECURITY)."""
    settings = security.settings_of(qm)
    cls = CLASSES["queue"][settings.mixed]
    covering = security.covering_profiles(qm, cls, name)
    held = {
        key.split(" ", 1)[1]: entry.profile
        for key, entry in qm.state.tables["secprofiles"].items()
        if key.startswith(cls + " ")
    }
    hlqs = security.prefixes(qm, settings) or (qm.name,)
    resource = next((f"{h}.{name}" for h in hlqs if f"{h}.{name}".upper() in held), None)
    in_storage = held.get(resource.upper()) if resource is not None else None
    return Answer(
        200,
        {
            "qmgr": qm.name,
            "queue": name,
            "class": cls,
            "subsystem": settings.active,
            "queueChecks": settings.on("QUEUE"),
            "profiles": [
                {
                    "name": p.name,
                    "generic": p.generic,
                    "owner": p.owner,
                    "uacc": p.uacc,
                    "warning": p.warning,
                    "used": i == 0,
                    "accessList": [{"id": e.id, "access": e.access} for e in p.permits],
                }
                for i, p in enumerate(covering)
            ],
            "inStorage": None if resource is None else (in_storage.name if in_storage else ""),
        },
    )
