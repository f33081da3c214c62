"""The served OpenAPI description, and schemathesis fuzzing the server against it: whatever
it sends, the server never answers 5xx, and answers what the description says."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings

from tests.serve.conftest import USERS, Server, start_server, stop


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
            if response.status_code >= 500:
                failures.append(
                    f"{case.method} {case.formatted_path}: "
                    f"{response.status_code} {response.text[:200]}"
                )
            assert "Traceback" not in response.text

        check()
    assert not failures, failures[:5]
    assert len(statuses) > 100 and 200 in statuses and 400 in statuses
