"""Contracts of the REST layer, on a real in-memory queue manager: whatever body arrives, the
answer is a status and a JSON-able body (never an exception), a refused body changes nothing,
and a read-only administrator changes nothing whatever the command."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mqsc.serve import mqrest
from mqsc.serve.qmgrs import Registry

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)
WORDS = st.sampled_from(
    [
        "define",
        "display",
        "delete",
        "alter",
        "DIS",
        "qlocal",
        "ql",
        "stgclass",
        "usage",
        "qmgr",
        "",
        "x y",
        "define('",
    ]
)
BODIES = st.one_of(
    JSON,
    st.fixed_dictionaries(
        {
            "type": st.just("runCommand"),
            "parameters": st.fixed_dictionaries({"command": st.text(max_size=40)}),
        }
    ),
    st.fixed_dictionaries(
        {"type": st.just("runCommandJSON"), "command": WORDS, "qualifier": WORDS},
        optional={
            "name": st.text(max_size=12) | JSON,
            "parameters": st.dictionaries(
                st.sampled_from(["descr", "maxdepth", "replace", "bad key", "x"]), JSON, max_size=3
            ),
            "responseParameters": JSON,
        },
    ),
)


@pytest.fixture(scope="module")
def registry():
    reg = Registry(memory=True)
    yield reg
    reg.close()


def _digest(registry: Registry) -> str:
    return registry.run("QMZ1", lambda qm: qm.digest())


@settings(max_examples=150)
@given(body=BODIES)
def test_any_body_gets_an_answer(registry: Registry, body: object) -> None:
    before = _digest(registry)
    answer = mqrest.mqsc_action(registry, "QMZ1", body, "MQWebAdmin")
    assert answer.status in (200, 400)
    json.dumps(answer.body)
    if answer.status == 400:
        assert answer.body["error"][0]["msgId"].startswith(("MQWB", "MQSC"))
        assert _digest(registry) == before
    else:
        assert answer.body["overallCompletionCode"] in (0, 2)


@settings(max_examples=100)
@given(body=BODIES)
def test_read_only_administrator_changes_nothing(registry: Registry, body: object) -> None:
    before = _digest(registry)
    answer = mqrest.mqsc_action(registry, "QMZ1", body, "MQWebAdminRO")
    assert answer.status in (200, 400, 403)
    assert _digest(registry) == before


def test_failed_logins_are_remembered_within_bounds() -> None:
    from mqsc.serve import auth
    from mqsc.serve.users import make_user

    now = [0.0]
    checker = auth.Authenticator({"u": make_user("u", "MQWebAdmin", "right")}, clock=lambda: now[0])
    for i in range(auth.MAX_TRACKED + 50):
        assert checker.login(f"guess{i}", "x") == auth.Refused(401)
    assert len(checker._failures) <= auth.MAX_TRACKED + 1
    for _ in range(auth.FAILURES_ALLOWED):
        checker.login("u", "wrong")
    assert checker.login("u", "right").status == 429
    now[0] += auth.LOCK_SECONDS + 0.1
    assert checker.login("u", "right") == auth.Principal("u", "MQWebAdmin", "U")
