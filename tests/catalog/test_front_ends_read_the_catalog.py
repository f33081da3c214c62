"""The language stage and the front ends never list object families by name: adding an object
type is one catalog module and one engine module (docs/language.md "How to add an object type"),
so a tuple such as ``("QLOCAL", "QALIAS", "QREMOTE")`` in the binder, the console, the batch
programs, the CLI, the server or the renderers would silently leave the new type out. They read
``catalog.DEFINED``, ``catalog.RESOURCES`` and
``catalog.queues.QUEUE_TYPES`` instead."""

from __future__ import annotations

import ast
from pathlib import Path

from mqsc import catalog

PACKAGE = Path(catalog.__file__).resolve().parents[1]
FRONT_ENDS = ("language", "render", "repl", "batch", "cli", "serve")
#: Object types that are families or resources: two of them in one literal make a list of them.
TYPE_NAMES = frozenset(catalog.DEFINED) | frozenset(catalog.RESOURCES)


def type_lists(source: str) -> list[tuple[int, list[str]]]:
    """Literal tuples, lists, sets and dict keys naming two or more object types.

    >>> type_lists(
    ...     'X = ("QLOCAL", "QALIAS")\\nY = {"PSID": 1, "BUFFPOOL": 2}\\nZ = ("QUEUE", "PSID")'
    ... )
    [(1, ['QLOCAL', 'QALIAS']), (2, ['PSID', 'BUFFPOOL'])]
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            items = node.elts
        elif isinstance(node, ast.Dict):
            items = [k for k in node.keys if k is not None]
        else:
            continue
        names = [i.value for i in items if isinstance(i, ast.Constant) and i.value in TYPE_NAMES]
        if len(names) >= 2:
            found.append((node.lineno, names))
    return sorted(found)


def test_type_lists_are_found() -> None:
    assert type_lists('if t in ("QLOCAL", "QALIAS", "QREMOTE"):\n    pass') == [
        (1, ["QLOCAL", "QALIAS", "QREMOTE"])
    ]
    assert type_lists('pair != ("RECOVER", "CFSTRUCT")') == []


def test_front_ends_list_no_object_families_by_name() -> None:
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {names}"
        for package in FRONT_ENDS
        for path in sorted((PACKAGE / package).rglob("*.py"))
        for line, names in type_lists(path.read_text(encoding="utf-8"))
    ]
    assert not found, "read the catalog instead:\n" + "\n".join(found)
