"""Every message mqsc issues is shown exactly, in a golden file, as users see it;
the few that cannot be are proved by a named test; messages kept only for reference are
never issued.
"""

from __future__ import annotations

import ast
from pathlib import Path

from mqsc.catalog.texts import CATALOG

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden"
#: Messages without golden output: the test that proves each, and why there is no golden file.
PROVED_ELSEWHERE = {
    **{
        msg_id: (
            "tests/engine/test_security.py",
            "REFRESH SECURITY TYPE(CONNAUTH) and TYPE(SSL), each reply checked there",
        )
        for msg_id in ("MQSC475E", "MQSC476E", "MQSC477I", "MQSC478I")
    },
    "MQSC269E": (
        "tests/batch/test_jclproc.py",
        "a job of more than 255 steps: its listing is 255 lines of EXEC statements long",
    ),
    "MQSC017E": ("tests/engine/test_space_messages.py", "issued only when the engine has a bug"),
    "MQSC616E": (
        "tests/engine/test_space_messages.py",
        "its page set first expands 118 times: 236 console lines",
    ),
    "MQSC639E": (
        "tests/engine/test_space_messages.py",
        "page set 0 fills after some 4,000 DEFINEs",
    ),
    "MQSC006E": (
        "tests/engine/test_space_messages.py",
        "raised by the Python API (mqsc.parse_one), never rendered",
    ),
    "MQSC208W": (
        "tests/batch/test_lint.py",
        "needs a deck that drives a buffer pool below 15% stealable",
    ),
    "MQSC212E": ("tests/batch/test_runner.py", "an abend of a batch step on an unreadable DD"),
    "MQSC307E": ("tests/engine/test_qsg.py", "needs 63 CF structures"),
    "MQSC339E": (
        "tests/network/test_indoubt.py",
        "needs a program getting from a transmission queue inside a channel's batch",
    ),
    "MQSC308E": ("tests/engine/test_qsg.py", "needs 512 shared queues on one structure"),
    "MQSC680E": ("tests/engine/test_trace.py", "needs 32 traces active at once"),
    # The REST API's own errors: JSON bodies the served tests check over loopback.
    "MQSC904E": ("tests/serve/test_mqrest.py", "a REST API error body, not z/OS output"),
    "MQSC905E": ("tests/serve/test_mqrest.py", "a REST API error body, not z/OS output"),
    "MQSC906E": ("tests/serve/test_mqrest.py", "a REST API error body, not z/OS output"),
    "MQSC907E": ("tests/serve/test_messaging.py", "a REST API error body, not z/OS output"),
    "MQSC908E": ("tests/serve/test_mqrest.py", "a REST API error body, not z/OS output"),
    "MQSC909E": ("tests/serve/test_mqrest.py", "a REST API error body, not z/OS output"),
    "MQSC667E": (
        "tests/cli/test_log_operations.py",
        "needs a BSDS copy deleted by a job between two starts: asserted line by line",
    ),
    "MQSC668I": (
        "tests/cli/test_log_operations.py",
        "follows MQSC667E's single BSDS mode: asserted line by line",
    ),
    "MQSC910E": ("tests/serve/test_messaging.py", "a REST API error body, not z/OS output"),
}


#: Golden outputs (inputs such as .mqsc decks, .scn scenarios and SYSIN do not count: an id in
#: a comment there proves nothing).
OUTPUT_SUFFIXES = {".txt", ".json", ".out", ".xml", ".sarif"}


def golden_text() -> str:
    return "".join(
        p.read_text(errors="replace")
        for p in GOLDEN.rglob("*")
        if p.is_file() and p.suffix in OUTPUT_SUFFIXES
    )


def test_every_issued_message_has_golden_output() -> None:
    text = golden_text()
    missing = sorted(
        m
        for m, d in CATALOG.items()
        if not d.not_issued and m not in PROVED_ELSEWHERE and m not in text
    )
    assert not missing, f"no golden output shows {missing}"


def test_the_messages_proved_elsewhere_are_proved_there() -> None:
    for msg_id, (test_file, _why) in PROVED_ELSEWHERE.items():
        assert msg_id in CATALOG and not CATALOG[msg_id].not_issued
        assert msg_id in (ROOT / test_file).read_text(), f"{test_file} does not test {msg_id}"


def message_literals(paths) -> set[str]:
    """Catalogued message ids written as string literals in the given Python files."""
    return {
        node.value
        for path in paths
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in CATALOG
    }


def issued_literals() -> set[str]:
    """Message ids written as string literals anywhere in the package but the catalog."""
    catalog = ROOT / "mqsc" / "catalog" / "texts.py"
    return message_literals(p for p in (ROOT / "mqsc").rglob("*.py") if p != catalog)


def test_messages_kept_for_reference_are_never_issued() -> None:
    used = issued_literals()
    reference_only = {m for m, d in CATALOG.items() if d.not_issued}
    assert not reference_only & used, f"issued, yet marked not issued: {reference_only & used}"


def test_every_catalogued_message_is_issued_or_marked() -> None:
    from mqsc.catalog import FAMILIES

    issued = issued_literals() | {f.reply for f in FAMILIES.values()}
    dead = sorted(m for m, d in CATALOG.items() if not d.not_issued and m not in issued)
    assert not dead, f"catalogued, never issued and not marked: {dead}"
