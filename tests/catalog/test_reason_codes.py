"""MQ reason codes: every one mqsc returns or names is a constant of mqsc/catalog/mqrc.py, under
IBM's name (cmqc.h, IBM MQ "API completion and reason codes"), never a bare number and never a
second definition that could drift from it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from mqsc.catalog import mqrc

ROOT = Path(__file__).resolve().parents[2]
MQRC_FILE = ROOT / "mqsc" / "catalog" / "mqrc.py"
#: A reason code written as a number in a text: "MQRC 2085", "(2085)" after an MQRC name...
NUMBER_IN_TEXT = re.compile(r"\bMQRC[ _](\d{4})\b|\bMQRC_[A-Z_]+ \((\d{4})\)")


def _trees() -> list[tuple[Path, ast.AST]]:
    return [(p, ast.parse(p.read_text())) for p in sorted((ROOT / "mqsc").rglob("*.py"))]


def test_every_reason_name_used_is_ibms_constant_in_the_catalog() -> None:
    defined = {name for name in vars(mqrc) if name.startswith("MQRC_")}
    unknown: dict[str, set[str]] = {}
    drift: list[str] = []
    for path, tree in _trees():
        if path == MQRC_FILE:
            continue
        for node in ast.walk(tree):
            used = (
                node.id
                if isinstance(node, ast.Name)
                else node.attr
                if isinstance(node, ast.Attribute)
                else node.name
                if isinstance(node, ast.alias)
                else None
            )
            if used and used.startswith("MQRC_") and used not in defined:
                unknown.setdefault(used, set()).add(str(path.relative_to(ROOT)))
            if (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id.startswith("MQRC_")
                and isinstance(node.value, ast.Constant)
                and node.value.value != getattr(mqrc, node.targets[0].id, None)
            ):
                drift.append(f"{path.relative_to(ROOT)}: {node.targets[0].id}")
    assert not unknown, f"reason names mqsc/catalog/mqrc.py does not define: {unknown}"
    assert not drift, f"reason constants defined again with another value: {drift}"


def test_every_reason_number_in_a_text_is_catalogued() -> None:
    numbers: dict[int, set[str]] = {}
    for path, tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for found in NUMBER_IN_TEXT.findall(node.value):
                    number = int(found[0] or found[1])
                    numbers.setdefault(number, set()).add(str(path.relative_to(ROOT)))
    missing = {n: sorted(f) for n, f in numbers.items() if n not in mqrc.NAMES}
    assert not missing, f"reason codes written as numbers that mqrc.py does not name: {missing}"


def test_each_value_has_one_name_and_names_are_ibms_form() -> None:
    constants = {n: v for n, v in vars(mqrc).items() if n.startswith("MQRC_")}
    assert len(set(constants.values())) == len(constants), "two names for one reason code"
    for name, value in constants.items():
        assert re.fullmatch(r"MQRC_[A-Z0-9_]+", name), name
        assert value == 0 or 2001 <= value <= 6999, f"{name} = {value} is no MQ reason code"
        assert mqrc.name(value) == name
