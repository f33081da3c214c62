"""The served OpenAPI description, and schemathesis fuzzing the server against it: whatever
it sends, the server never answers 5xx, and answers what the description says."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings

from mqsc.serve.zosfiles import ERRORS
from tests.serve.conftest import USERS, Server, start_server, stop

#: The 500s z/OSMF itself answers (an allocation that fails, a code page iconv cannot open,
#: a record too long, a library that may not be written): (category, rc, reason, message) of
#: each. Not mqsc's catch-all for a catalog file that could not be read or written ("io",
#: whose message is the detail): that is a failure of the server, never an expected answer.
ZOSMF_500S = {
    (e.category, e.rc, e.reason, e.message)
    for key, e in ERRORS.items()
    if e.status == 500 and key != "io" and "{detail}" not in e.message
}


@pytest.fixture(scope="module")
def memory_server(tmp_path_factory: pytest.TempPathFactory):
    """A throw-away server: fuzzed commands must not disturb the other tests' state."""
    process, running = start_server(tmp_path_factory.mktemp("fuzz-home"), "--memory")
    try:
        yield running
    finally:
        stop(process)


def test_openapi_document_is_served(server: Server) -> None:
    with server.client(None) as client:
        doc = client.get("/ibmmq/rest/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    assert "/ibmmq/rest/v2/admin/action/qmgr/{qmgr}/mqsc" in doc["paths"]


def _zosmf_own_500(response) -> bool:
    """A 500 that is z/OSMF's documented answer (its error report, a code of the files
    service's table), not a failure of the server."""
    if not urlsplit(str(response.request.url)).path.startswith("/zosmf/restfiles"):
        return False
    try:
        body = response.json()
    except ValueError:
        return False
    if not isinstance(body, dict):
        return False
    codes = (body.get("category"), body.get("rc"), body.get("reason"), body.get("message"))
    return codes in ZOSMF_500S


def test_fuzzed_requests_never_get_5xx(memory_server: Server) -> None:
    schema = schemathesis.openapi.from_url(f"{memory_server.url}/ibmmq/rest/openapi.json")
    admin = ("admin", USERS["admin"][0])
    # The messaging API is MQWebUser's (an administrator is refused it, 403).
    app = ("app", USERS["app"][0])
    failures: list[str] = []
    statuses: list[int] = []
    for result in schema.get_all_operations():
        operation = result.ok()

        @given(case=operation.as_strategy())
        @settings(
            max_examples=15, deadline=None, database=None, suppress_health_check=list(HealthCheck)
        )
        def check(case) -> None:
            auth = app if "/messaging/" in case.path else admin
            response = case.call(auth=auth, timeout=60)
            statuses.append(response.status_code)
            if response.status_code >= 500 and not _zosmf_own_500(response):
                failures.append(
                    f"{case.method} {case.formatted_path}: "
                    f"{response.status_code} {response.text[:200]}"
                )
            assert b"Traceback" not in response.content

        check()
    assert not failures, failures[:5]
    assert len(statuses) > 100 and 200 in statuses and 400 in statuses


def test_fuzzed_files_requests_never_fail_the_server(memory_server: Server) -> None:
    """The files endpoints alone, with more examples: no answer carries a traceback, and a
    5xx is only ever one of z/OSMF's own error reports (its codes and its message), never
    mqsc's catch-all I/O error. (The answers' bodies are not validated against the
    description here.)"""
    schema = schemathesis.openapi.from_url(f"{memory_server.url}/ibmmq/rest/openapi.json")
    admin = ("admin", USERS["admin"][0])
    failures: list[str] = []
    statuses: list[int] = []
    operations = [r.ok() for r in schema.get_all_operations() if "/zosmf/restfiles/" in r.ok().path]
    assert len(operations) >= 8
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck)
        )
        def check(case) -> None:
            response = case.call(auth=admin, timeout=60)
            statuses.append(response.status_code)
            if response.status_code >= 500 and not _zosmf_own_500(response):
                failures.append(
                    f"{case.method} {case.formatted_path}: "
                    f"{response.status_code} {response.text[:200]}"
                )
            assert b"Traceback" not in response.content

        check()
    assert not failures, failures[:5]
    assert 400 in statuses and 200 in statuses and len(statuses) > 200
