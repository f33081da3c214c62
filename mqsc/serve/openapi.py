"""The OpenAPI 3 description of what ``mqsc serve`` answers (served at
``/ibmmq/rest/openapi.json``; the tests fuzz the server against it with schemathesis)."""

from __future__ import annotations

from typing import Any

from mqsc import __version__

_ERROR = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["msgId", "message"],
                "properties": {
                    "msgId": {"type": "string"},
                    "message": {"type": "string"},
                    "explanation": {"type": "string"},
                    "action": {"type": "string"},
                    "type": {"type": "string"},
                    "completionCode": {"type": "integer"},
                    "reasonCode": {"type": "integer"},
                    # mqsc's own word beside mqweb's text
                    "hint": {"type": "string"},
                },
            },
        }
    },
}
_ITEM = {
    "type": "object",
    "required": ["completionCode", "reasonCode"],
    "properties": {
        "completionCode": {"type": "integer"},
        "reasonCode": {"type": "integer"},
        "text": {"type": "array", "items": {"type": "string"}},
        "message": {"type": "array", "items": {"type": "string"}},
        "parameters": {"type": "object"},
    },
}
_COMMAND_RESPONSE = {
    "type": "object",
    "required": ["commandResponse", "overallCompletionCode", "overallReasonCode"],
    "properties": {
        "commandResponse": {"type": "array", "items": _ITEM},
        "overallCompletionCode": {"type": "integer"},
        "overallReasonCode": {"type": "integer"},
    },
}
_RUN_COMMAND = {
    "type": "object",
    "required": ["type", "parameters"],
    "properties": {
        "type": {"type": "string", "enum": ["runCommand"]},
        "parameters": {
            "type": "object",
            "required": ["command"],
            "properties": {"command": {"type": "string"}},
        },
    },
}
_RUN_JSON = {
    "type": "object",
    "required": ["type", "command", "qualifier"],
    "properties": {
        "type": {"type": "string", "enum": ["runCommandJSON"]},
        "command": {"type": "string"},
        "qualifier": {"type": "string"},
        "name": {"type": "string"},
        "parameters": {"type": "object"},
        "responseParameters": {"type": "array", "items": {"type": "string"}},
    },
}


def _errors(*codes: int) -> dict[str, Any]:
    return {
        str(c): {"description": "error", "content": {"application/json": {"schema": _ERROR}}}
        for c in codes
    }


def _ok(schema: dict[str, Any], code: int = 200) -> dict[str, Any]:
    return {str(code): {"description": "OK", "content": {"application/json": {"schema": schema}}}}


_QMGR = {"name": "qmgr", "in": "path", "required": True, "schema": {"type": "string"}}
_CSRF = {
    "name": "ibm-mq-rest-csrf-token",
    "in": "header",
    "required": True,
    "schema": {"type": "string", "enum": ["mqsc"]},
}
_ZCSRF = {
    "name": "X-CSRF-ZOSMF-HEADER",
    "in": "header",
    "required": True,
    "schema": {"type": "string", "enum": ["true"]},
}
_JOB = [
    {"name": "jobname", "in": "path", "required": True, "schema": {"type": "string"}},
    {"name": "jobid", "in": "path", "required": True, "schema": {"type": "string"}},
]


def _messaging(paths: dict[str, Any], base: str) -> None:
    """The messaging REST API (mqsc/serve/messaging.py; MQWebUser only)."""
    queue = {"name": "queue", "in": "path", "required": True, "schema": {"type": "string"}}
    select = [
        {"name": "messageId", "in": "query", "schema": {"type": "string"}},
        {"name": "correlationId", "in": "query", "schema": {"type": "string"}},
        {
            "name": "wait",
            "in": "query",
            "schema": {"type": "integer", "minimum": 0, "maximum": 1000},
        },
    ]
    md = [
        {"name": f"ibm-mq-md-{name}", "in": "header", "schema": schema}
        for name, schema in (
            ("persistence", {"type": "string", "enum": ["persistent", "nonPersistent"]}),
            ("expiry", {"type": "string"}),
            ("correlationId", {"type": "string"}),
            ("replyTo", {"type": "string"}),
        )
    ]
    message = {
        "200": {
            "description": "the message's data; its MQMD in ibm-mq-md-* headers",
            "content": {"text/plain": {"schema": {"type": "string"}}},
        },
        "204": {"description": "no message"},
    }
    errors = _errors(400, 401, 403, 404, 413, 415, 429, 500, 503)
    paths[f"{base}/messaging/qmgr/{{qmgr}}/queue/{{queue}}/message"] = {
        "post": {
            "summary": "Put a message (text data)",
            "parameters": [_QMGR, queue, _CSRF, *md],
            "requestBody": {
                "required": True,
                "content": {"text/plain;charset=utf-8": {"schema": {"type": "string"}}},
            },
            "responses": {"201": {"description": "put; its id in ibm-mq-md-messageId"}, **errors},
        },
        "delete": {
            "summary": "Get the next message (destructive)",
            "parameters": [_QMGR, queue, _CSRF, *select],
            "responses": {**message, **errors},
        },
        "get": {
            "summary": "Browse the next message",
            "parameters": [_QMGR, queue, *select],
            "responses": {**message, **errors},
        },
    }
    paths[f"{base}/messaging/qmgr/{{qmgr}}/queue/{{queue}}/messagelist"] = {
        "get": {
            "summary": "A summary of the messages on a queue (no data)",
            "parameters": [
                _QMGR,
                queue,
                *select[:2],
                {
                    "name": "limit",
                    "in": "query",
                    "schema": {"type": "integer", "minimum": 1, "maximum": 1000},
                },
            ],
            "responses": {**_ok({"type": "object", "required": ["messages"]}), **errors},
        }
    }


#: z/OSMF's error report document (mqsc/serve/zosfiles.py).
_ZOSMF_ERROR = {
    "type": "object",
    "required": ["category", "rc", "reason", "message"],
    "properties": {
        "category": {"type": "integer"},
        "rc": {"type": "integer"},
        "reason": {"type": "integer"},
        "message": {"type": "string"},
        "details": {"type": "array", "items": {"type": "string"}},
    },
}


def _zosmf_errors(*codes: int) -> dict[str, Any]:
    """z/OSMF answers 400, 404, 412 and 500 with its error report (a 500 is z/OSMF's own
    answer to an allocation or conversion failure, not a failure of the server)."""
    out: dict[str, Any] = {
        str(c): {
            "description": "z/OSMF error report",
            "content": {"application/json": {"schema": _ZOSMF_ERROR}},
        }
        for c in codes
    }
    out.update(_errors(401, 403, 413, 429))
    return out


_QUALIFIER = r"[A-Z@#$][A-Z0-9@#$-]{0,7}"
#: A qualifier of a data set name pattern (wildcards * and %).
_LEVEL = r"[A-Z@#$*%][A-Z0-9@#$*%-]{0,7}"
_DSN = {
    "name": "dsname",
    "in": "path",
    "required": True,
    "description": "DSN or DSN(MEMBER): qualifiers of 1-8 characters, 44 at most",
    "schema": {
        "type": "string",
        "maxLength": 54,
        "pattern": rf"^{_QUALIFIER}(\.{_QUALIFIER}){{0,4}}(\([A-Z@#$][A-Z0-9@#$]{{0,7}}\))?$",
        "example": "MQSC.SAMPLES.L02(V8NOIO11)",
    },
}
_VOLSER = {"name": "volser", "in": "path", "required": True, "schema": {"type": "string"}}
_DATA_TYPE = {
    "name": "X-IBM-Data-Type",
    "in": "header",
    "schema": {
        "type": "string",
        "enum": [
            "text",
            "binary",
            "record",
            "text;fileEncoding=IBM-037",
            "text;fileEncoding=IBM-1047",
        ],
    },
}
_ATTRIBUTES = {
    "type": "object",
    "properties": {
        "dsorg": {"type": "string", "enum": ["PS", "PO", "PO-E"]},
        "recfm": {"type": "string", "enum": ["F", "FB", "V", "VB", "U"]},
        "lrecl": {"type": "integer"},
        "blksize": {"type": "integer"},
        "alcunit": {"type": "string", "enum": ["TRK", "CYL"]},
        "primary": {"type": "integer"},
        "secondary": {"type": "integer"},
        "dirblk": {"type": "integer"},
        "dsntype": {"type": "string", "enum": ["BASIC", "PDS", "LIBRARY", "LARGE"]},
        "volser": {"type": "string"},
        "like": {"type": "string"},
    },
    "example": {"dsorg": "PO", "recfm": "FB", "lrecl": 80, "primary": 1, "dirblk": 5},
}
_UTILITY = {
    "type": "object",
    "required": ["request", "from-dataset"],
    "properties": {
        "request": {"type": "string", "enum": ["rename", "copy", "hrecall", "hmigrate"]},
        "from-dataset": {
            "type": "object",
            "required": ["dsn"],
            "properties": {"dsn": {"type": "string"}, "member": {"type": "string"}},
        },
        "replace": {"type": "boolean"},
    },
}


def _zosfiles(paths: dict[str, Any]) -> None:
    """The z/OSMF REST files service for data sets (mqsc/serve/zosfiles.py)."""
    ok_list = {"items": {"type": "array"}, "returnedRows": {"type": "integer"}}
    listing = {"type": "object", "required": ["items", "returnedRows"], "properties": ok_list}
    paths["/zosmf/restfiles/ds"] = {
        "get": {
            "summary": "List data sets by pattern (dslevel)",
            "parameters": [
                {
                    "name": "dslevel",
                    "in": "query",
                    "required": True,
                    "schema": {
                        "type": "string",
                        "maxLength": 44,
                        "pattern": rf"^{_LEVEL}(\.{_LEVEL}){{0,4}}$",
                        "example": "MQSC.**",
                    },
                },
                {"name": "volser", "in": "query", "schema": {"type": "string"}},
                {"name": "start", "in": "query", "schema": {"type": "string"}},
                {
                    "name": "X-IBM-Attributes",
                    "in": "header",
                    "schema": {"enum": ["base", "dsname"]},
                },
                {"name": "X-IBM-Max-Items", "in": "header", "schema": {"type": "string"}},
            ],
            "responses": {**_ok(listing), **_zosmf_errors(400, 404, 500)},
        }
    }
    paths["/zosmf/restfiles/ds/{dsname}/member"] = {
        "get": {
            "summary": "List the members of a partitioned data set",
            "parameters": [
                _DSN,
                {"name": "pattern", "in": "query", "schema": {"type": "string"}},
                {"name": "start", "in": "query", "schema": {"type": "string"}},
                {"name": "X-IBM-Max-Items", "in": "header", "schema": {"type": "string"}},
            ],
            "responses": {**_ok(listing), **_zosmf_errors(400, 404, 500)},
        }
    }
    read = {
        "200": {
            "description": "the records",
            "content": {
                "text/plain": {"schema": {"type": "string"}},
                "application/octet-stream": {"schema": {"type": "string", "format": "binary"}},
            },
        },
        "304": {"description": "not modified (If-None-Match)"},
    }
    written = {"201": {"description": "member created"}, "204": {"description": "written"}}
    data_body = {
        "content": {
            "text/plain": {"schema": {"type": "string"}},
            "application/octet-stream": {"schema": {"type": "string", "format": "binary"}},
            "application/json": {"schema": _UTILITY},
        }
    }
    for path, extra in (
        ("/zosmf/restfiles/ds/{dsname}", []),
        ("/zosmf/restfiles/ds/-({volser})/{dsname}", [_VOLSER]),
    ):
        operations: dict[str, Any] = {
            "get": {
                "summary": "Read a data set or member",
                "parameters": [
                    *extra,
                    _DSN,
                    _DATA_TYPE,
                    {"name": "X-IBM-Return-Etag", "in": "header", "schema": {"enum": ["true"]}},
                    {"name": "X-IBM-Record-Range", "in": "header", "schema": {"type": "string"}},
                ],
                "responses": {**read, **_zosmf_errors(400, 404, 500)},
            },
            "put": {
                "summary": "Write a data set or member (or rename, copy: a JSON request)",
                "parameters": [
                    *extra,
                    _DSN,
                    _DATA_TYPE,
                    {"name": "If-Match", "in": "header", "schema": {"type": "string"}},
                    _ZCSRF,
                ],
                "requestBody": data_body,
                "responses": {
                    "200": {"description": "done"},
                    **written,
                    **_zosmf_errors(400, 404, 412, 500),
                },
            },
            "delete": {
                "summary": "Delete a data set or member",
                "parameters": [*extra, _DSN, _ZCSRF],
                "responses": {
                    "204": {"description": "deleted"},
                    **_zosmf_errors(400, 404, 500),
                },
            },
        }
        if not extra:
            operations["post"] = {
                "summary": "Create a data set (attributes, or like another)",
                "parameters": [_DSN, _ZCSRF],
                "requestBody": {"content": {"application/json": {"schema": _ATTRIBUTES}}},
                "responses": {
                    "201": {"description": "created"},
                    **_zosmf_errors(400, 404, 500),
                },
            }
        paths[path] = operations
    paths["/zosmf/restjobs/jobs"] = {
        "put": {
            "summary": "Submit the job a data set or member holds",
            "parameters": [_ZCSRF],
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "required": ["file"],
                            "properties": {"file": {"type": "string"}},
                        }
                    }
                },
            },
            "responses": {
                **_ok({"type": "object"}, 201),
                **_zosmf_errors(400, 404, 500),
            },
        }
    }


def document() -> dict[str, Any]:
    paths: dict[str, Any] = {}
    for v in ("v1", "v2", "v3"):
        base = f"/ibmmq/rest/{v}"
        paths[f"{base}/admin/installation"] = {
            "get": {
                "summary": "The installation",
                "responses": {
                    **_ok({"type": "object", "required": ["installation"]}),
                    **_errors(401, 403, 429),
                },
            }
        }
        paths[f"{base}/admin/qmgr"] = {
            "get": {
                "summary": "Every queue manager",
                "responses": {
                    **_ok({"type": "object", "required": ["qmgr"]}),
                    **_errors(401, 403, 429),
                },
            }
        }
        paths[f"{base}/admin/qmgr/{{qmgr}}"] = {
            "get": {
                "summary": "One queue manager",
                "parameters": [_QMGR],
                "responses": {
                    **_ok({"type": "object", "required": ["qmgr"]}),
                    **_errors(401, 403, 404, 429),
                },
            }
        }
        paths[f"{base}/admin/action/qmgr/{{qmgr}}/mqsc"] = {
            "post": {
                "summary": "Run an MQSC command (runCommand or runCommandJSON)",
                "parameters": [_QMGR, _CSRF],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {"schema": {"oneOf": [_RUN_COMMAND, _RUN_JSON]}}
                    },
                },
                "responses": {
                    **_ok(_COMMAND_RESPONSE),
                    **_errors(400, 401, 403, 404, 413, 429, 503),
                },
            }
        }
        _messaging(paths, base)
    # The web console's own resources (docs/console-web.md): what the MQ REST API cannot give.
    paths["/ibmmq/console/api/form/{objtype}"] = {
        "get": {
            "summary": "The DEFINE or ALTER keywords of an object type, from the catalog "
            "(web console)",
            "parameters": [
                {"name": "objtype", "in": "path", "required": True, "schema": {"type": "string"}},
                {
                    "name": "verb",
                    "in": "query",
                    "schema": {"type": "string", "enum": ["define", "alter"]},
                },
            ],
            "responses": {
                **_ok(
                    {
                        "type": "object",
                        "required": ["command", "qualifier", "fields"],
                        "properties": {
                            "fields": {
                                "type": "array",
                                "items": {"type": "object", "required": ["name", "type"]},
                            }
                        },
                    }
                ),
                **_errors(401, 403, 404, 429),
            },
        }
    }
    paths["/ibmmq/console/api/words"] = {
        "get": {
            "summary": "Verbs, object types and keywords for completion, from the catalog "
            "(web console)",
            "responses": {
                **_ok({"type": "object", "required": ["verbs", "objects", "commands"]}),
                **_errors(401, 403, 429),
            },
        }
    }
    paths["/ibmmq/console/api/qmgr/{qmgr}/storage"] = {
        "get": {
            "summary": "Storage classes, page sets and buffer pools with live figures "
            "(DISPLAY STGCLASS and DISPLAY USAGE; web console)",
            "parameters": [_QMGR],
            "responses": {
                **_ok(
                    {
                        "type": "object",
                        "required": ["qmgr", "storageClasses", "pageSets", "bufferPools"],
                        "properties": {
                            "storageClasses": {"type": "array"},
                            "pageSets": {"type": "array"},
                            "bufferPools": {"type": "array"},
                            "statistics": {"type": "object"},
                        },
                    }
                ),
                **_errors(401, 403, 404, 429, 503),
            },
        }
    }
    paths["/ibmmq/console/api/qmgr/{qmgr}/queues"] = {
        "get": {
            "summary": "One window of the local queues, sorted by name, and how many match "
            "(web console)",
            "parameters": [
                _QMGR,
                {"name": "name", "in": "query", "schema": {"type": "string"}},
                {"name": "offset", "in": "query", "schema": {"type": "integer"}},
                {"name": "limit", "in": "query", "schema": {"type": "integer"}},
            ],
            "responses": {
                **_ok(
                    {
                        "type": "object",
                        "required": ["qmgr", "total", "queues"],
                        "properties": {"total": {"type": "integer"}, "queues": {"type": "array"}},
                    }
                ),
                **_errors(400, 401, 403, 404, 429, 503),
            },
        }
    }
    paths["/ibmmq/console/api/qmgr/{qmgr}/listeners"] = {
        "get": {
            "summary": "The channel initiator's TCP/IP listeners, from DISPLAY CHINIT "
            "(z/OS has no DISPLAY LSSTATUS; web console)",
            "parameters": [_QMGR],
            "responses": {
                **_ok(
                    {
                        "type": "object",
                        "required": ["qmgr", "chinit", "listeners"],
                        "properties": {
                            "chinit": {"type": "string"},
                            "listeners": {"type": "array"},
                        },
                    }
                ),
                **_errors(401, 403, 404, 429, 503),
            },
        }
    }
    paths["/ibmmq/console/api/qmgr/{qmgr}/zos"] = {
        "get": {
            "summary": "DISPLAY USAGE TYPE(ALL) as records, the queue sharing group's members and "
            "each CF structure's last backup, its age and recovery advice (web console)",
            "parameters": [_QMGR],
            "responses": {
                **_ok(
                    {
                        "type": "object",
                        "required": [
                            "qmgr",
                            "pageSets",
                            "bufferPools",
                            "dataSets",
                            "qsg",
                            "members",
                            "structures",
                        ],
                        "properties": {
                            "pageSets": {"type": "array"},
                            "bufferPools": {"type": "array"},
                            "dataSets": {"type": "array"},
                            "members": {"type": "array"},
                            "structures": {"type": "array"},
                        },
                    }
                ),
                **_errors(401, 403, 404, 429, 503),
            },
        }
    }
    paths["/ibmmq/console/api/qmgr/{qmgr}/queue/{queue}/profiles"] = {
        "get": {
            "summary": "The RACF profiles covering a queue, the one RACF uses first, their "
            "access lists and the profile the queue manager holds in storage (read only; web "
            "console)",
            "parameters": [
                _QMGR,
                {"name": "queue", "in": "path", "required": True, "schema": {"type": "string"}},
            ],
            "responses": {
                **_ok(
                    {
                        "type": "object",
                        "required": ["qmgr", "queue", "class", "profiles"],
                        "properties": {
                            "class": {"type": "string"},
                            "profiles": {"type": "array"},
                            "subsystem": {"type": "boolean"},
                            "queueChecks": {"type": "boolean"},
                        },
                    }
                ),
                **_errors(401, 403, 404, 429, 503),
            },
        }
    }
    paths["/zosmf/info"] = {
        "get": {"summary": "z/OSMF information", "responses": _ok({"type": "object"})}
    }
    paths["/zosmf/restconsoles/consoles/{name}"] = {
        "put": {
            "summary": "Issue a console command",
            "parameters": [
                {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}},
                _ZCSRF,
            ],
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "required": ["cmd"],
                            "properties": {
                                "cmd": {"type": "string"},
                                "sol-key": {"type": "string"},
                                "async": {"type": "string", "enum": ["Y", "N"]},
                            },
                        }
                    }
                },
            },
            "responses": {
                **_ok({"type": "object"}),
                "400": {"description": "bad request"},
                **_errors(401, 403, 413, 429),
            },
        }
    }
    paths["/zosmf/restjobs/jobs/{jobname}/{jobid}"] = {
        "get": {
            "summary": "Job status",
            "parameters": _JOB,
            "responses": {
                **_ok({"type": "object"}),
                "400": {"description": "no such job"},
                **_errors(401, 403, 429),
            },
        }
    }
    paths["/zosmf/restjobs/jobs/{jobname}/{jobid}/files"] = {
        "get": {
            "summary": "Spool files of a job",
            "parameters": _JOB,
            "responses": {
                **_ok({"type": "array"}),
                "400": {"description": "no such job"},
                **_errors(401, 403, 429),
            },
        }
    }
    _zosfiles(paths)
    return {
        "openapi": "3.0.3",
        "info": {
            "title": "mqsc serve: IBM MQ REST API and z/OSMF services (emulated)",
            "version": __version__,
        },
        "components": {"securitySchemes": {"basic": {"type": "http", "scheme": "basic"}}},
        "security": [{"basic": []}],
        "paths": paths,
    }
