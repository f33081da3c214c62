"""JSON output matches its documented JSON Schema (docs/json/result.schema.json)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from mqsc.render.jsonout import result_json
from tests.engine.conftest import fresh_qmz1

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "json" / "result.schema.json").read_text()
)
COMMANDS = [
    "DEFINE QLOCAL(PAY.IN) MAXDEPTH(5)",
    "DISPLAY QLOCAL(USER1.*) ALL",
    "DISPLAY QLOCAL(NONE.*)",
    "DELETE QLOCAL(Q2)",
    "DEF QL(X) MAXDEPTH(5",
    "DISPLAY USAGE",
    "DISPLAY USAGE TYPE(ALL)",
    "ALTER BUFFPOOL(10) BUFFERS(2000)",
    "DISPLAY QMGR ALL",
    "DISPLAY STGCLASS(*) ALL",
    "DEFINE BUFFPOOL(5)",
    "DISPLAY QUEUE(SYSTEM.*) ALL",
    "DISPLAY QSTATUS(*)",
    "DISPLAY NAMELIST(*) ALL",
    "DISPLAY PROCESS(*) ALL",
    "MOVE QLOCAL(USER1.ABAR.QUEUE) TOQLOCAL(USER1.BBAR.QUEUE)",
]


@pytest.fixture(scope="module")
def validator():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    return jsonschema.Draft202012Validator(SCHEMA)


@pytest.mark.parametrize("command", COMMANDS)
def test_output_is_valid_against_the_schema(command: str, validator) -> None:
    data = result_json(fresh_qmz1().execute(command))
    errors = sorted(validator.iter_errors(data), key=str)
    assert not errors, errors[0]


def test_usage_records_use_pcf_names() -> None:
    data = result_json(fresh_qmz1().execute("DISPLAY USAGE PSID(11)"))
    (pageset,) = data["usage"]["pageSets"]
    assert pageset == {
        "pageSetId": 11,
        "bufferPoolId": 11,
        "totalPages": 1078,
        "unusedPages": 1078,
        "persistentDataPages": 0,
        "nonPersistentDataPages": 0,
        "expandType": "USER",
        "expandCount": 0,
        "pageSetStatus": "AVAILABLE",
    }
    (pool,) = data["usage"]["bufferPools"]
    assert pool["freeBuffers"] == 999 and pool["pageClass"] == "FIXED4KB"


def test_failed_command_reason_codes() -> None:
    data = result_json(fresh_qmz1().execute("DELETE QLOCAL(Q2)"))
    assert data["overallCompletionCode"] == 2 and data["overallReasonCode"] == 3008
    assert data["commandResponse"][0]["reasonCode"] == 2085
    assert data["return"] == "0000000C" and data["reason"] == "00000008"


GROUP_COMMANDS = [
    ("QSA1", "DISPLAY QLOCAL(*) CMDSCOPE(*)"),
    ("QSA1", "DEFINE QLOCAL(G.Q) QSGDISP(GROUP)"),
    ("QSA1", "DISPLAY CFSTATUS(*) TYPE(SUMMARY)"),
    ("QSA2", "DISPLAY CFSTATUS(APP1) TYPE(BACKUP)"),
    ("QSA1", "DELETE QLOCAL(NONE) CMDSCOPE(*)"),
]


@pytest.mark.parametrize("member,command", GROUP_COMMANDS)
def test_queue_sharing_group_output_is_valid(member: str, command: str, validator) -> None:
    from tests.engine.conftest import fresh_group

    data = result_json(fresh_group().members[member].execute(command))
    errors = sorted(validator.iter_errors(data), key=str)
    assert not errors, errors[0]


def test_routed_replies_are_one_response_per_queue_manager() -> None:
    from tests.engine.conftest import fresh_group

    data = result_json(fresh_group().members["QSA1"].execute("DISPLAY QMGR CMDSCOPE(*)"))
    managers = [r.get("qmgr") for r in data["commandResponse"]]
    assert {"QSA1", "QSA2", "QSA3"} <= set(managers)
