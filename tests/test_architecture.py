"""The import layering: data flows one way (docs/architecture.md), and no module imports itself
back through others.

A module may import only from its own layer or layers below it; within a layer, the imports
between modules form no cycle. Lark stays behind the parser, prompt_toolkit behind the
console, rich behind the front ends.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "mqsc"

#: Lowest first. Names are module paths under mqsc (a package name covers its modules; the
#: longest name that matches decides, so ``engine.records`` sits below the rest of ``engine``).
LAYERS: tuple[tuple[str, ...], ...] = (
    ("support",),  # helpers with no mqsc imports
    ("catalog",),  # the language's tables: commands, families, messages, reasons
    ("language",),  # text -> typed commands
    ("engine.records",),  # what the engine answers with: the renderers' input
    ("engine",),  # typed commands -> records, on the simulated state
    ("store",),  # the SQLite state store and where queue managers live
    ("network",),  # channels between queue managers: batches moved between engines
    ("render",),  # records -> console text, SYSPRINT, JSON
    ("batch", "repl", "serve", "cli", "__main__"),  # the front ends
)
THIRD_PARTY = {
    "lark": ("language.parser",),
    "prompt_toolkit": ("repl",),
    "rich": ("repl", "cli"),
    "pygments": ("render.pygments", "repl"),
    "starlette": ("serve.app",),
    "uvicorn": ("serve.server",),
}


def _covers(name: str, module: str) -> bool:
    return module == name or module.startswith(name + ".")


def layer_of(module: str) -> int:
    """The layer of ``module`` (a dotted path under mqsc), by its most specific name."""
    best = None
    for index, names in enumerate(LAYERS):
        for name in names:
            if _covers(name, module) and (best is None or len(name) > len(best[1])):
                best = (index, name)
    assert best is not None, f"mqsc.{module} is in no layer: add it to LAYERS"
    return best[0]


def modules() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).with_suffix("")
        parts = relative.parts[:-1] if relative.name == "__init__" else relative.parts
        if not parts:
            continue
        yield ".".join(parts), ast.parse(path.read_text(encoding="utf-8"))


def _type_checking_only(tree: ast.AST) -> set[int]:
    """Ids of import nodes under ``if TYPE_CHECKING:`` (type-only imports are allowed)."""
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            ids.update(id(n) for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom))
    return ids


def _is_module(dotted: str) -> bool:
    path = PACKAGE.parent / dotted.replace(".", "/")
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def imports(tree: ast.AST) -> Iterator[str]:
    """What a module imports at run time (top level or inside functions), as dotted names;
    ``from package import module`` imports the module, not the package's ``__init__``."""
    skip = _type_checking_only(tree)
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            submodules = [
                f"{node.module}.{a.name}"
                for a in node.names
                if node.module.startswith("mqsc") and _is_module(f"{node.module}.{a.name}")
            ]
            yield from submodules
            if len(submodules) < len(node.names):
                yield node.module


def _graph() -> dict[str, set[str]]:
    graph = {}
    for name, tree in modules():
        graph[name] = {
            t[len("mqsc.") :]
            for t in imports(tree)
            if t.startswith("mqsc.") and t != f"mqsc.{name}"
        }
    return graph


def test_every_import_points_down_the_pipeline() -> None:
    problems = []
    for name, tree in modules():
        mine = layer_of(name)
        for target in imports(tree):
            if target.startswith("mqsc."):
                if layer_of(target[len("mqsc.") :]) > mine:
                    problems.append(f"mqsc.{name} imports {target} (a later stage)")
            top = target.split(".")[0]
            if top in THIRD_PARTY:
                allowed = THIRD_PARTY[top]
                if not any(_covers(a, name) for a in allowed):
                    problems.append(f"mqsc.{name} imports {top}")
    assert not problems, "\n".join(problems)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of ``graph``: its strongly connected components of two or more.

    >>> cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}})
    [['a', 'b']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for vertex in sorted(graph):
        if vertex not in index:
            visit(vertex)
    return found


def test_no_import_cycles() -> None:
    assert cycles(_graph()) == []


def test_the_package_root_is_only_the_facade() -> None:
    # Every stage is a package; the root holds the public facade and ``python -m mqsc``.
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py"]
