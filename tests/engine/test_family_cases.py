"""Every object family has a case file, and its cases show every message the family issues.

A family is a module of :mod:`mqsc.engine.families` (the registry's list,
:data:`mqsc.catalog.FAMILY_MODULES`); its case file is ``tests/cases/<family>.json``, run by
tests/engine/test_cases.py. The ids a family issues are the catalogued message ids its module
writes as string literals (``ctx.say("CSQN005I")``, ``ctx.fail("MQSC532E")``): a case whose
``messages`` (or ``console``) name the id proves both that the engine reaches it and what
comes with it. The id of a DISPLAY's object records (``ObjectRecord(..., "MQSC443I", ...)``)
is not a message of the reply: a case's then-check shows those records' ``objects``. Ids no
case can reach are listed below with the test that proves them instead.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from mqsc.catalog import FAMILY_MODULES
from mqsc.catalog.texts import CATALOG

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "cases"
FAMILIES = ROOT / "mqsc" / "engine" / "families"

#: (family, id) a case cannot show, with the test that proves the id and why no case does.
NOT_IN_CASES: dict[tuple[str, str], tuple[str, str]] = {
    ("chinit", "MQSC340E"): (
        "tests/golden/channels/indoubt.server.txt",
        "a batch in doubt needs the sender's process killed inside the batch (test_indoubt.py)",
    ),
}


def family_names() -> list[str]:
    return [module.__name__.rpartition(".")[2] for module in FAMILY_MODULES]


def issued_by(family: str) -> set[str]:
    """The catalogued message ids the family's engine module writes, but its object records'."""
    tree = ast.parse((FAMILIES / f"{family}.py").read_text())
    records = {
        id(arg)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "ObjectRecord"
        for arg in node.args
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value in CATALOG
        and id(node) not in records
    }


def shown_by(family: str) -> set[str]:
    """The message ids the family's cases expect, in replies or on the console."""
    data = json.loads((CASES / f"{family}.json").read_text())
    return {
        msg_id for case in data["cases"] for msg_id in (*case["messages"], *case.get("console", ()))
    }


def test_every_family_has_a_case_file() -> None:
    missing = [f for f in family_names() if not (CASES / f"{f}.json").is_file()]
    assert not missing, f"families without tests/cases/<family>.json: {missing}"


@pytest.mark.parametrize("family", family_names())
def test_every_id_a_family_issues_is_in_its_cases(family: str) -> None:
    path = CASES / f"{family}.json"
    assert path.is_file(), f"family {family}: no case file {path.relative_to(ROOT)}"
    assert json.loads(path.read_text()).get("description"), f"{path.name}: no description"
    excused = {msg_id for (name, msg_id) in NOT_IN_CASES if name == family}
    missing = sorted(issued_by(family) - shown_by(family) - excused)
    assert not missing, (
        f"family {family} issues {missing} (mqsc/engine/families/{family}.py) but no case in "
        f"tests/cases/{family}.json expects them"
    )


def test_the_ids_no_case_shows_are_proved_elsewhere_and_still_needed() -> None:
    for (family, msg_id), (test_file, why) in NOT_IN_CASES.items():
        assert why, (family, msg_id)
        assert msg_id in issued_by(family), f"{family} no longer issues {msg_id}: drop it"
        assert msg_id not in shown_by(family), f"a {family} case shows {msg_id}: drop it"
        assert msg_id in (ROOT / test_file).read_text(), f"{test_file} does not test {msg_id}"
