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
