"""Case tables (tests/cases/*.json): setup commands, a command, the messages it must give.

Every rule of the engine has a case. A failing command must leave the state exactly as it was
(the state digest before and after is compared for every failing case).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mqsc.catalog import CommandSource
from mqsc.engine.manager import QueueManager
from mqsc.engine.phase import Phase
from mqsc.engine.records import BufferPoolReport, Message, PageSetReport
from tests.engine.conftest import fresh_minimal, fresh_qmz1

CASES = Path(__file__).resolve().parents[1] / "cases"
SOURCES = {
    "server": CommandSource.SERVER,
    "console": CommandSource.CONSOLE,
    "csqinp1": CommandSource.CSQINP1,
    "csqinp2": CommandSource.CSQINP2,
}
FIXTURES = {"qmz1": fresh_qmz1, "minimal": fresh_minimal}


def load_cases() -> list:
    params = []
    for path in sorted(CASES.glob("*.json")):
        data = json.loads(path.read_text())
        for case in data["cases"]:
            params.append(pytest.param(data, case, id=f"{path.stem}: {case['name']}"))
    return params


def prepare(data: dict, case: dict) -> QueueManager:
    qm = FIXTURES[data.get("qmgr", "qmz1")]()
    if case.get("phase") == "CSQINP1":
        qm.phase = Phase.CSQINP1
    source = SOURCES[case.get("source", "server")]
    for step in [*data.get("given", []), *case.get("given", [])]:
        if isinstance(step, dict):
            outcome = qm.put(
                step["put"],
                step.get("count", 1),
                step.get("size", 1000),
                persistent=step.get("persistent"),
            )
            assert outcome.done == step.get("count", 1), outcome
            continue
        result = qm.execute(step, source=source)
        assert result.ok, f"setup failed: {step}: {result.message_ids}"
    return qm


def reply_ids(result) -> list[str]:
    return [m.msg_id for m in result.messages() if not m.unsolicited]


def console_ids(result) -> list[str]:
    return [m.msg_id for m in result.messages() if m.unsolicited]


@pytest.mark.parametrize(("data", "case"), load_cases())
def test_case(data: dict, case: dict) -> None:
    qm = prepare(data, case)
    before = qm.digest()
    result = qm.execute(case["command"], source=SOURCES[case.get("source", "server")])
    assert reply_ids(result) == case["messages"]
    assert result.ok is case["ok"]
    assert console_ids(result) == case.get("console", [])
    if not case["ok"]:
        assert qm.digest() == before, "a failed command changed the state"
    for then in case.get("then", []):
        check_display(qm, then)


def check_display(qm: QueueManager, then: dict) -> None:
    result = qm.execute(then["command"])
    assert result.ok, result.message_ids
    if "objects" in then:
        objects = result.objects
        assert len(objects) == len(then["objects"]), [o.attrs for o in objects]
        for obj, expected in zip(objects, then["objects"], strict=True):
            for name, value in expected.items():
                assert obj.get(name) == value, (name, obj.attrs)
    for key, report_type, id_field in (
        ("pagesets", PageSetReport, "psid"),
        ("pools", BufferPoolReport, "pool"),
    ):
        if key not in then:
            continue
        rows = {
            getattr(r, id_field): r
            for rec in result.records
            if isinstance(rec, report_type)
            for r in rec.rows
        }
        if not then[key]:
            assert not rows
        for ident, fields in then[key].items():
            row = rows[int(ident)]
            for name, value in fields.items():
                assert getattr(row, name) == value, (ident, name, row)


def test_every_case_file_is_valid_json_with_names() -> None:
    names = set()
    for path in CASES.glob("*.json"):
        for case in json.loads(path.read_text())["cases"]:
            key = (path.stem, case["name"])
            assert key not in names, f"duplicate case {key}"
            names.add(key)


def test_messages_in_results_are_messages() -> None:
    result = fresh_qmz1().execute("DISPLAY QMGR")
    assert all(isinstance(m, Message) for m in result.messages())
