"""Every command the catalog knows has an engine handler, and nothing else does."""

from __future__ import annotations

from mqsc.catalog import COMMANDS
from mqsc.engine import registry


def test_every_catalog_command_has_a_handler() -> None:
    handlers = registry.load()
    assert set(handlers) == set(COMMANDS)


def test_every_message_the_engine_names_is_in_the_catalog() -> None:
    import ast
    from pathlib import Path

    from mqsc.catalog.texts import CATALOG

    root = Path(__file__).resolve().parents[2] / "mqsc"
    missing = set()
    for path in root.rglob("*.py"):
        if path.name == "sources.py":  # what each source shows, not what mqsc prints
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                v = node.value
                if (
                    len(v) == 8
                    and v[:4]
                    in (
                        "CSQ9",
                        "CSQM",
                        "CSQP",
                        "CSQI",
                        "CSQN",
                        "CSQE",
                        "CSQY",
                        "CSQR",
                        "CSQJ",
                        "CSQ3",
                        "MQSC",
                    )
                    and v[-1] in "IEAW"
                    and v[4:7].isdigit()
                ):
                    if v not in CATALOG:
                        missing.add((path.name, v))
    assert not missing, sorted(missing)
