"""The ASGI application: routes, authentication, roles, CSRF, bounded bodies, error bodies and
the access log. Starlette is imported here and in :mod:`mqsc.serve.server` only.

Rules mqweb applies (IBM MQ, "REST API security", "Roles on the REST API"): every resource
but ``/login`` needs credentials (basic or the login token); MQWebAdmin may do everything,
MQWebAdminRO only read (GET, and DISPLAY through runCommand), MQWebUser only the messaging
API; POST, PUT, PATCH and DELETE need the ``ibm-mq-rest-csrf-token`` header (any value), and
z/OSMF's state-changing requests its ``X-CSRF-ZOSMF-HEADER``.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from mqsc.catalog.mqweb import error_entry
from mqsc.serve import messaging, mqrest, openapi, webconsole, zosfiles, zosmf
from mqsc.serve.auth import TOKEN_COOKIE, Authenticator, Principal, Refused
from mqsc.serve.mqrest import Answer
from mqsc.serve.qmgrs import NoSuchQmgr, QmgrUnavailable, Registry

ACCESS = logging.getLogger("mqsc.serve.access")
LOG = logging.getLogger("mqsc.serve")
#: 4 MiB: a JCL deck or an MQSC command is a few kilobytes; a message of the messaging API
#: larger than this is refused (--max-body).
DEFAULT_MAX_BODY = 4 * 1024 * 1024
MQ_CSRF = "ibm-mq-rest-csrf-token"
ZOSMF_CSRF = "x-csrf-zosmf-header"
CHANGING = frozenset(("POST", "PUT", "PATCH", "DELETE"))
ADMIN, ADMIN_RO, USER = "MQWebAdmin", "MQWebAdminRO", "MQWebUser"


@dataclass
class Services:
    registry: Registry
    auth: Authenticator
    consoles: zosmf.Consoles
    jobs: zosmf.Jobs
    secure: bool  # HTTPS: the login cookie is marked Secure
    #: The mqweb server's started task user id: what administrators' commands and the web
    #: console's DISPLAYs run as (IBM MQ, "IBM MQ Console - required command security
    #: profiles": "under the security context of the mqweb server started task user ID").
    mqweb_user: str = "MQWEB"
    files: zosfiles.Files = field(default_factory=zosfiles.Files)


def _json(answer: Answer, headers: dict[str, str] | None = None) -> Response:
    content = answer.raw if answer.raw is not None else _encode(answer.body)
    return Response(
        content, status_code=answer.status, media_type="application/json", headers=headers
    )


def _encode(body: Any) -> bytes:
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def _mq_error(
    msg_id: str, *inserts: object, headers: dict[str, str] | None = None, hint: str = ""
) -> Response:
    return _json(mqrest.error(msg_id, *inserts, hint=hint), headers)


def _not_authorized(request: Request, needed: tuple[str, ...], role: str) -> Response:
    """MQWB0103E as mqweb says it, with the role the request needs beside it."""
    path = request.url.path
    what = (
        "the messaging REST API"
        if "/messaging/" in path
        else "z/OSMF"
        if path.startswith("/zosmf")
        else "the web console"
        if path.startswith("/ibmmq/console")
        else "the administrative REST API"
    )
    return _mq_error("MQWB0103E", hint=mqrest.role_hint(needed, role, what))


# ---- authentication ------------------------------------------------------------------------
def _principal(request: Request) -> Principal | Refused | None:
    services: Services = request.app.state.services
    header = request.headers.get("authorization")
    if header:
        found = services.auth.basic(header)
        if found is not None:
            return found
    token = request.cookies.get(TOKEN_COOKIE)
    if token:
        return services.auth.token(token)
    return None


Handler = Callable[[Request, Principal], Awaitable[Response]]


def guarded(roles: tuple[str, ...], *, csrf: str = MQ_CSRF) -> Callable[[Handler], Callable]:
    """Authenticate, check the role and, for a state-changing method, the CSRF header."""

    def wrap(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            found = _principal(request)
            if isinstance(found, Refused):
                return _refused(request, found)
            if found is None:
                return _mq_error(
                    "MQWB0104E",
                    request.url.path,
                    headers={"WWW-Authenticate": 'Basic realm="mqsc"'},
                )
            request.scope["mqsc.user"] = found.name
            if request.method in CHANGING and csrf not in request.headers:
                return _mq_error("MQWB0100E", csrf)
            if found.role not in roles:
                return _not_authorized(request, roles, found.role)
            return await handler(request, found)

        endpoint.__name__ = handler.__name__
        return endpoint

    return wrap


def _refused(request: Request, refused: Refused) -> Response:
    if refused.status == 429:
        name = _basic_name(request.headers.get("authorization", ""))
        return _mq_error(
            "MQSC902E", name, refused.retry_after, headers={"Retry-After": str(refused.retry_after)}
        )
    return _mq_error(
        "MQWB0104E", request.url.path, headers={"WWW-Authenticate": 'Basic realm="mqsc"'}
    )


def _basic_name(header: str) -> str:

    try:
        return base64.b64decode(header.partition(" ")[2]).decode().partition(":")[0]
    except (ValueError, UnicodeDecodeError):
        return ""


async def _body_json(request: Request) -> Any:
    raw = await request.body()
    try:
        return json.loads(raw) if raw.strip() else None
    except (ValueError, UnicodeDecodeError):
        return _Invalid()


class _Invalid:
    """A body that is not JSON."""


# ---- MQ REST API ---------------------------------------------------------------------------
async def login(request: Request) -> Response:
    services: Services = request.app.state.services
    if request.method == "POST":
        body = await _body_json(request)
        if (
            not isinstance(body, dict)
            or not isinstance(body.get("username"), str)
            or not isinstance(body.get("password"), str)
        ):
            return _mq_error("MQSC905E", 'a login body is {"username": ..., "password": ...}')
        found = await run_in_threadpool(services.auth.login, body["username"], body["password"])
        if isinstance(found, Refused):
            if found.status == 429:
                return _mq_error(
                    "MQSC902E",
                    body["username"],
                    found.retry_after,
                    headers={"Retry-After": str(found.retry_after)},
                )
            return _mq_error("MQWB0104E", request.url.path)
        request.scope["mqsc.user"] = found.name
        response = Response(status_code=204)
        response.set_cookie(
            TOKEN_COOKIE,
            services.auth.issue(found),
            httponly=True,
            secure=services.secure,
            samesite="strict",
            path="/",
        )
        return response
    found = _principal(request)
    if not isinstance(found, Principal):
        return (
            _refused(request, found)
            if isinstance(found, Refused)
            else _mq_error("MQWB0104E", request.url.path)
        )
    request.scope["mqsc.user"] = found.name
    if request.method == "GET":
        return _json(Answer(200, {"user": [{"name": found.name, "role": [found.role]}]}))
    if MQ_CSRF not in request.headers:
        return _mq_error("MQWB0100E", MQ_CSRF)
    token = request.cookies.get(TOKEN_COOKIE)
    if token:
        services.auth.revoke(token)
    response = Response(status_code=204)
    response.delete_cookie(TOKEN_COOKIE, path="/")
    return response


@guarded((ADMIN, ADMIN_RO))
async def installation(request: Request, who: Principal) -> Response:
    return _json(mqrest.installation())


@guarded((ADMIN, ADMIN_RO))
async def qmgr(request: Request, who: Principal) -> Response:
    services: Services = request.app.state.services
    return _json(mqrest.qmgrs(services.registry, request.path_params.get("qmgr")))


@guarded((ADMIN, ADMIN_RO))
async def mqsc_action(request: Request, who: Principal) -> Response:
    services: Services = request.app.state.services
    body = await _body_json(request)
    if isinstance(body, _Invalid):
        return _mq_error("MQSC905E", "not JSON")
    name = request.path_params["qmgr"]

    # The command comes through mqweb's connection for this REST user (the command server acts
    # for that connection's user, CSQY009I names it), as the messaging requests do; the
    # security manager checks it for the mqweb server's user.
    prepared = mqrest.prepare(
        body,
        who.role,
        who.name,
        lambda qm: services.registry.messaging_connection(qm, who.name.upper()[:8]),
        services.mqweb_user,
    )
    if isinstance(prepared, Answer):
        return _json(prepared)

    def work(qm) -> tuple[Answer, float]:
        start = time.perf_counter()
        answer = prepared(qm)
        return Answer(answer.status, None, _encode(answer.body)), time.perf_counter() - start

    queued = time.perf_counter()
    try:
        answer, ran = await asyncio.wrap_future(services.registry.submit(name, work))
    except NoSuchQmgr:
        return _mq_error("MQSC904E", name)
    except QmgrUnavailable as problem:
        return _mq_error("MQSC903E", name.upper(), problem)
    # Server-Timing (W3C): the command's time in the server ("run": executing, rendering
    # and encoding it; "total": waiting for the queue manager and its group commit too).
    total = (time.perf_counter() - queued) * 1000
    return _json(answer, {"Server-Timing": f"run;dur={ran * 1000:.1f}, total;dur={total:.1f}"})


# ---- messaging REST API (mqsc/serve/messaging.py) ----------------------------------------------
def _version(request: Request) -> str:
    return request.url.path.split("/")[3]


def _reply(reply: messaging.Reply) -> Response:
    return Response(
        reply.content, status_code=reply.status, headers=dict(reply.headers), media_type=reply.media
    )


def _conn(request: Request, qm, who: Principal) -> str:
    """The REST user's messaging connection (on the command server thread)."""
    services: Services = request.app.state.services
    return services.registry.messaging_connection(qm, who.userid)


async def _messaging_work(request: Request, work) -> messaging.Reply:
    services: Services = request.app.state.services
    name = request.path_params["qmgr"]
    try:
        return await asyncio.wrap_future(services.registry.submit(name, work))
    except NoSuchQmgr:
        return messaging.error("MQSC904E", name)
    except QmgrUnavailable as problem:
        return messaging.error("MQSC903E", name.upper(), problem)


# IBM: messaging needs the MQWebUser role; "The MQWebAdmin and MQWebAdminRO roles are not
# applicable for the messaging REST API". On z/OS mqweb connects as its started task user and
# opens for the REST user by alternate user authority ("Security considerations for the IBM
# MQ Console and REST API on z/OS": "The mqweb server started task user ID must be granted
# alternate user access to all users assigned to the MQWebUser role").
@guarded((USER,))
async def message(request: Request, who: Principal) -> Response:
    version = _version(request)
    qmgr_name, queue = request.path_params["qmgr"], request.path_params["queue"]
    if request.method == "POST":
        put = messaging.parse_put(version, request.headers, await request.body())
        if isinstance(put, messaging.Reply):
            return _reply(put)
        return _reply(
            await _messaging_work(
                request,
                _as(
                    who,
                    lambda qm: messaging.put_reply(
                        version,
                        qmgr_name,
                        queue,
                        qm.put_message(
                            queue,
                            put.data,
                            user=request.app.state.services.mqweb_user,
                            alternate_user=who.userid,
                            persistent=put.persistent,
                            priority=put.priority,
                            correlid=put.correlid,
                            reply_q=put.reply_q,
                            reply_qmgr=put.reply_qmgr,
                            expiry=put.expiry,
                            correl_text=put.correl_text,
                            conn=_conn(request, qm, who),
                        ),
                    ),
                ),
            )
        )
    chosen = messaging.parse_selection(version, request.query_params)
    if isinstance(chosen, messaging.Reply):
        return _reply(chosen)
    browse = request.method == "GET"

    def work(qm) -> messaging.Reply:
        return messaging.get_reply(
            version,
            qmgr_name,
            queue,
            qm.get_message(
                queue,
                msgid=chosen.msgid,
                correlid=chosen.correlid,
                browse=browse,
                user=request.app.state.services.mqweb_user,
                alternate_user=who.userid,
                conn=_conn(request, qm, who),
            ),
        )

    # wait=N: ask again until a message comes or N milliseconds have passed; the queue
    # manager is free for other requests in between.
    deadline = time.monotonic() + chosen.wait_ms / 1000
    while True:
        reply = await _messaging_work(request, _as(who, work))
        left = deadline - time.monotonic()
        if reply.status != 204 or left <= 0:
            return _reply(reply)
        await asyncio.sleep(min(0.05, left))


@guarded((USER,))
async def message_list(request: Request, who: Principal) -> Response:
    version = _version(request)
    qmgr_name, queue = request.path_params["qmgr"], request.path_params["queue"]
    chosen = messaging.parse_selection(version, request.query_params, waits=False)
    if isinstance(chosen, messaging.Reply):
        return _reply(chosen)
    limit = messaging.parse_limit(request.query_params)
    if isinstance(limit, messaging.Reply):
        return _reply(limit)
    return _reply(
        await _messaging_work(
            request,
            lambda qm: messaging.list_reply(
                version,
                qmgr_name,
                queue,
                qm.browse_messages(
                    queue,
                    limit,
                    msgid=chosen.msgid,
                    correlid=chosen.correlid,
                    user=request.app.state.services.mqweb_user,
                    alternate_user=who.userid,
                    conn=_conn(request, qm, who),
                ),
            ),
        )
    )


# ---- z/OSMF --------------------------------------------------------------------------------
async def zosmf_info(request: Request) -> Response:
    # z/OSMF answers /zosmf/info without credentials (the Zowe CLI asks before logging in).
    return _json(zosmf.info(request.url.hostname or ""))


def _as(who: Principal, work):
    """``work`` run on the queue manager for the REST user (its MQI events name them)."""

    def acting(qm):
        with qm.acting_as(mqrest.rest_issuer(who.name)):
            return work(qm)

    return acting


def _base(request: Request) -> str:
    return f"{request.url.scheme}://{request.url.netloc}"


@guarded((ADMIN,), csrf=ZOSMF_CSRF)
async def console_issue(request: Request, who: Principal) -> Response:
    services: Services = request.app.state.services
    body = await _body_json(request)
    name = request.path_params["name"]
    return _json(
        await run_in_threadpool(
            services.consoles.issue, name, body, _base(request), who.userid or who.name
        )
    )


@guarded((ADMIN, ADMIN_RO), csrf=ZOSMF_CSRF)
async def console_solmsgs(request: Request, who: Principal) -> Response:
    services: Services = request.app.state.services
    return _json(services.consoles.solmsgs(request.path_params["key"]))


@guarded((ADMIN, ADMIN_RO), csrf=ZOSMF_CSRF)
async def jobs(request: Request, who: Principal) -> Response:
    services: Services = request.app.state.services
    if request.method == "GET":
        q = request.query_params
        return _json(
            services.jobs.listing(q.get("owner", who.userid), q.get("prefix"), _base(request))
        )
    if who.role != ADMIN:
        return _not_authorized(request, (ADMIN,), who.role)
    raw = await request.body()
    if request.headers.get("content-type", "").lower().startswith("application/json"):
        # {"file": "//'DSN(MEMBER)'"}: JCL from a data set (zowe zos-jobs submit data-set).
        parsed = _json_or_invalid(raw)
        if isinstance(parsed, dict) and "file" in parsed:
            return _json(
                await run_in_threadpool(
                    services.jobs.submit_file,
                    parsed["file"],
                    who.name.upper()[:8],
                    _base(request),
                )
            )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return _json(zosmf._zosmf_error(400, "IZUG807E", "The JCL is not UTF-8 text."))
    answer = await run_in_threadpool(services.jobs.submit, text, who.userid, _base(request))
    return _json(answer)


@guarded((ADMIN, ADMIN_RO), csrf=ZOSMF_CSRF)
async def job(request: Request, who: Principal) -> Response:
    services: Services = request.app.state.services
    p = request.path_params
    if request.method == "DELETE":
        if who.role != ADMIN:
            return _not_authorized(request, (ADMIN,), who.role)
        return _json(services.jobs.purge(p["jobname"], p["jobid"]))
    return _json(services.jobs.status(p["jobname"], p["jobid"], _base(request)))


@guarded((ADMIN, ADMIN_RO), csrf=ZOSMF_CSRF)
async def job_files(request: Request, who: Principal) -> Response:
    services: Services = request.app.state.services
    p = request.path_params
    return _json(services.jobs.files(p["jobname"], p["jobid"], _base(request)))


@guarded((ADMIN, ADMIN_RO), csrf=ZOSMF_CSRF)
async def job_records(request: Request, who: Principal) -> Response:
    services: Services = request.app.state.services
    p = request.path_params
    out = services.jobs.records(p["jobname"], p["jobid"], p["dsid"])
    if isinstance(out, Answer):
        return _json(out)
    return Response(out, media_type="text/plain; charset=utf-8")


# ---- z/OSMF data sets (mqsc/serve/zosfiles.py) ------------------------------------------------
@guarded((ADMIN, ADMIN_RO), csrf=ZOSMF_CSRF)
async def restfiles_list(request: Request, who: Principal) -> Response:
    services: Services = request.app.state.services

    def timed() -> messaging.Reply:
        start = time.perf_counter()
        reply = services.files.list_data_sets(request.query_params, request.headers)
        ran = (time.perf_counter() - start) * 1000
        # Server-Timing (W3C): the catalog search, attributes and JSON encoding in the server.
        return replace(reply, headers={**reply.headers, "Server-Timing": f"run;dur={ran:.1f}"})

    return _reply(await run_in_threadpool(timed))


@guarded((ADMIN, ADMIN_RO), csrf=ZOSMF_CSRF)
async def restfiles_ds(request: Request, who: Principal) -> Response:
    services: Services = request.app.state.services
    files = services.files
    target = zosfiles.parse_path(request.path_params["rest"])
    if isinstance(target, messaging.Reply):
        return _reply(target)
    method = request.method
    if target.members:
        if method != "GET":
            return _mq_error("MQSC909E", method, request.url.path)
        return _reply(
            await run_in_threadpool(
                files.list_members, target, request.query_params, request.headers
            )
        )
    if method == "GET":
        return _reply(await run_in_threadpool(files.read, target, request.headers))
    if who.role != ADMIN:
        return _mq_error("MQWB0103E")
    body = await request.body()
    if method == "DELETE":
        return _reply(await run_in_threadpool(files.delete, target))
    if method == "POST":
        parsed = _json_or_invalid(body)
        return _reply(await run_in_threadpool(files.create, target, parsed))
    # PUT: data, or a utility request ({"request": "rename"...}) sent as JSON.
    if request.headers.get("content-type", "").lower().startswith("application/json"):
        parsed = _json_or_invalid(body)
        if isinstance(parsed, dict) and "request" in parsed:
            return _reply(await run_in_threadpool(files.utility, target, parsed))
    return _reply(await run_in_threadpool(files.write, target, request.headers, body))


def _json_or_invalid(raw: bytes) -> object:
    try:
        return json.loads(raw) if raw.strip() else None
    except (ValueError, UnicodeDecodeError):
        return _Invalid()


# ---- the web console (docs/console-web.md) ---------------------------------------------------
async def console_asset(request: Request) -> Response:
    # The page itself needs no credentials (it is the sign-in page too); everything it shows
    # comes from the guarded API below and the MQ REST API.
    found = webconsole.asset(request.path_params.get("name", ""))
    if found is None:
        return _mq_error("MQSC908E", request.url.path)
    content, kind = found
    return Response(
        content,
        media_type=kind,
        headers={
            "Content-Security-Policy": webconsole.CSP,
            "X-Content-Type-Options": "nosniff",
            "Cache-Control": "no-cache",
        },
    )


async def console_root(request: Request) -> Response:

    return RedirectResponse("/ibmmq/console/", status_code=308)


@guarded((ADMIN, ADMIN_RO))
async def console_form(request: Request, who: Principal) -> Response:
    return _json(
        webconsole.form(request.path_params["objtype"], request.query_params.get("verb", "define"))
    )


@guarded((ADMIN, ADMIN_RO))
async def console_words(request: Request, who: Principal) -> Response:
    return _json(webconsole.words())


@guarded((ADMIN, ADMIN_RO))
async def console_storage(request: Request, who: Principal) -> Response:
    return await _console_work(request, webconsole.storage)


@guarded((ADMIN, ADMIN_RO))
async def console_listeners(request: Request, who: Principal) -> Response:
    return await _console_work(request, webconsole.listeners)


@guarded((ADMIN, ADMIN_RO))
async def console_zos(request: Request, who: Principal) -> Response:
    return await _console_work(request, webconsole.zos)


@guarded((ADMIN, ADMIN_RO))
async def console_queues(request: Request, who: Principal) -> Response:
    q = request.query_params
    query = webconsole.window_query(q.get("name", "*"), q.get("offset", "0"), q.get("limit", "100"))
    if isinstance(query, Answer):
        return _json(query)
    return await _console_work(request, lambda qm: webconsole.queues_window(qm, *query))


@guarded((ADMIN, ADMIN_RO))
async def console_profiles(request: Request, who: Principal) -> Response:
    queue = request.path_params["queue"]
    return await _console_work(request, lambda qm: webconsole.queue_profiles(qm, queue))


async def _console_work(request: Request, work) -> Response:
    """The web console's resources run as the mqweb server's started task user; a DISPLAY
    the security manager refuses is 403 (webconsole.refused)."""
    services: Services = request.app.state.services
    name = request.path_params["qmgr"]

    def as_mqweb(qm) -> Answer:
        with qm.checked_as(services.mqweb_user):
            try:
                return work(qm)
            except webconsole.NotAuthorized:
                return webconsole.refused()

    try:
        answer = await asyncio.wrap_future(services.registry.submit(name, as_mqweb))
    except NoSuchQmgr:
        return _mq_error("MQSC904E", name)
    except QmgrUnavailable as problem:
        return _mq_error("MQSC903E", name.upper(), problem)
    return _json(answer)


async def openapi_json(request: Request) -> Response:
    return _json(Answer(200, openapi.document()))


def routes() -> list[Route]:
    mq = "/ibmmq/rest/{version:v1|v2|v3}"
    mq_routes = []
    for version in ("v1", "v2", "v3"):
        mq = f"/ibmmq/rest/{version}"
        mq_routes += [
            Route(f"{mq}/login", login, methods=["GET", "POST", "DELETE"]),
            Route(f"{mq}/admin/installation", installation, methods=["GET"]),
            Route(f"{mq}/admin/qmgr", qmgr, methods=["GET"]),
            Route(f"{mq}/admin/qmgr/{{qmgr}}", qmgr, methods=["GET"]),
            Route(f"{mq}/admin/action/qmgr/{{qmgr}}/mqsc", mqsc_action, methods=["POST"]),
            Route(
                f"{mq}/messaging/qmgr/{{qmgr}}/queue/{{queue}}/message",
                message,
                methods=["POST", "DELETE", "GET"],
            ),
            Route(
                f"{mq}/messaging/qmgr/{{qmgr}}/queue/{{queue}}/messagelist",
                message_list,
                methods=["GET"],
            ),
        ]
    return [
        *mq_routes,
        Route("/ibmmq/rest/openapi.json", openapi_json, methods=["GET"]),
        Route("/ibmmq/console", console_root, methods=["GET"]),
        Route("/ibmmq/console/", console_asset, methods=["GET"]),
        Route("/ibmmq/console/api/form/{objtype}", console_form, methods=["GET"]),
        Route("/ibmmq/console/api/words", console_words, methods=["GET"]),
        Route("/ibmmq/console/api/qmgr/{qmgr}/storage", console_storage, methods=["GET"]),
        Route("/ibmmq/console/api/qmgr/{qmgr}/queues", console_queues, methods=["GET"]),
        Route("/ibmmq/console/api/qmgr/{qmgr}/listeners", console_listeners, methods=["GET"]),
        Route("/ibmmq/console/api/qmgr/{qmgr}/zos", console_zos, methods=["GET"]),
        Route(
            "/ibmmq/console/api/qmgr/{qmgr}/queue/{queue}/profiles",
            console_profiles,
            methods=["GET"],
        ),
        Route("/ibmmq/console/{name}", console_asset, methods=["GET"]),
        Route("/zosmf/info", zosmf_info, methods=["GET"]),
        Route("/zosmf/restconsoles/consoles/{name}", console_issue, methods=["PUT"]),
        Route(
            "/zosmf/restconsoles/consoles/{name}/solmsgs/{key}", console_solmsgs, methods=["GET"]
        ),
        Route("/zosmf/restfiles/ds", restfiles_list, methods=["GET"]),
        Route(
            "/zosmf/restfiles/ds/{rest:path}",
            restfiles_ds,
            methods=["GET", "PUT", "POST", "DELETE"],
        ),
        Route("/zosmf/restjobs/jobs", jobs, methods=["GET", "PUT"]),
        Route("/zosmf/restjobs/jobs/{jobname}/{jobid}", job, methods=["GET", "DELETE"]),
        Route("/zosmf/restjobs/jobs/{jobname}/{jobid}/files", job_files, methods=["GET"]),
        Route(
            "/zosmf/restjobs/jobs/{jobname}/{jobid}/files/{dsid}/records",
            job_records,
            methods=["GET"],
        ),
    ]


# ---- the outer layer: bounded bodies, no tracebacks, access log ------------------------------
class Guard:
    """ASGI middleware: refuses bodies over ``max_body`` (413, chunked ones too), answers an
    unexpected failure with a generic 500 body (the traceback goes to the log only), maps
    Starlette's 404/405 to mqweb error bodies, and writes one access-log line per request."""

    def __init__(self, app, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = {"code": 0}
        started = False

        async def sending(message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                status["code"] = message["status"]
            await send(message)

        length = _content_length(scope)
        try:
            if length is not None and length > self.max_body:
                await _send_json(sending, 413, error_entry("MQSC901E", self.max_body))
                return
            # The body is read here, whole and bounded, before any handler sees it (a chunked
            # body has no Content-Length to check first); bodies are small (--max-body).
            parts: list[bytes] = []
            seen = 0
            while True:
                message = await receive()
                if message["type"] != "http.request":
                    return  # the client went away
                chunk = message.get("body", b"")
                seen += len(chunk)
                if seen > self.max_body:
                    await _send_json(sending, 413, error_entry("MQSC901E", self.max_body))
                    return
                parts.append(chunk)
                if not message.get("more_body", False):
                    break
            body = b"".join(parts)
            delivered = False

            async def replay():
                nonlocal delivered
                if not delivered:
                    delivered = True
                    return {"type": "http.request", "body": body, "more_body": False}
                return await receive()

            await self.app(scope, replay, sending)
        except Exception as problem:  # noqa: BLE001 - the one place that answers any failure
            LOG.exception("request %s %s failed", scope.get("method"), scope.get("path"))
            if not started:
                await _send_json(sending, 500, error_entry("MQWB0000E", type(problem).__name__))
        finally:
            client = scope.get("client") or ("-", 0)
            ACCESS.info(
                '%s %s "%s %s" %d %.1fms',
                client[0],
                scope.get("mqsc.user", "-"),
                scope.get("method"),
                scope.get("path"),
                status["code"],
                (time.perf_counter() - start) * 1000,
            )


def _content_length(scope) -> int | None:
    for key, value in scope.get("headers", ()):
        if key == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _send_json(send, status: int, entry: dict[str, object]) -> None:
    body = _encode({"error": [entry]})
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def _not_found(request: Request, exc: Exception) -> Response:
    code = getattr(exc, "status_code", 404)
    if code == 405:
        return _mq_error("MQSC909E", request.method, request.url.path)
    return _mq_error("MQSC908E", request.url.path)


async def _internal(request: Request, exc: Exception) -> Response:
    # The traceback is logged by Guard (Starlette re-raises after answering); the body says
    # only what kind of failure it was.
    return _mq_error("MQWB0000E", type(exc).__name__)


def build(services: Services, *, max_body: int = DEFAULT_MAX_BODY) -> Guard:
    """The application, ready for uvicorn."""
    app = Starlette(
        routes=routes(), exception_handlers={HTTPException: _not_found, Exception: _internal}
    )
    app.state.services = services
    return Guard(app, max_body)
