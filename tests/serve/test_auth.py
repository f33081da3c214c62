"""The authenticator on its own: wrong passwords counted even when guessed in parallel."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from mqsc.serve.auth import FAILURES_ALLOWED, Authenticator, Refused
from mqsc.serve.users import make_user


def test_parallel_wrong_passwords_all_count_and_lock_the_user_out() -> None:
    auth = Authenticator({"alice": make_user("alice", "MQWebAdmin", "right-password")})
    with ThreadPoolExecutor(40) as pool:  # all at once: every guess reads the count together
        answers = list(pool.map(lambda i: auth.login("alice", f"wrong-{i}"), range(40)))
    assert all(isinstance(a, Refused) for a in answers)
    # Each guess is counted: the user is locked out now, the right password included.
    locked = auth.login("alice", "right-password")
    assert isinstance(locked, Refused) and locked.status == 429
    assert FAILURES_ALLOWED < 40


def test_the_console_window_finds_lower_case_queue_names() -> None:
    import mqsc
    from mqsc.serve.webconsole import queues_window

    qm = mqsc.open_qmgr("QMZ1", memory=True)
    assert qm.execute("DEFINE QLOCAL('low.q')").ok
    body = queues_window(qm, "*", 0, 10_000).body
    names = [row.get("queue") for row in body["queues"]]
    assert body["total"] == len(body["queues"])
    assert any(str(n).strip() == "low.q" for n in names)
