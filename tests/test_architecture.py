"""The import layering: data flows one way (docs/architecture.md).

A module may import only from its own layer or layers below it. Lark stays behind the parser,
prompt_toolkit behind the console, rich behind the front ends.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "mqsc"

#: Lowest first. Names are module paths under mqsc (a package name covers its modules).
LAYERS: tuple[tuple[str, ...], ...] = (
    ("source", "messages", "ebcdic", "bundled", "mqrc", "collector", "memo"),
    ("diagnostics",),
    ("reader",),
    ("lexer", "ast"),
    ("parser", "catalog"),
    ("commands",),
    ("binder", "formatter", "language"),
    ("responses",),
    ("engine",),
    ("store",),
    ("render",),
    ("highlight",),
    ("qmgrs", "checker", "capacity", "docgen", "workload", "batch", "repl", "cli", "bench",
     "__main__"),
)
THIRD_PARTY = {
    "lark": ("parser",),
    "prompt_toolkit": ("repl",),
    "rich": ("repl", "cli", "highlight"),
    "pygments": ("highlight", "repl"),
}


def layer_of(module: str) -> int:
    for index, names in enumerate(LAYERS):
        for name in names:
            if module == name or module.startswith(name + "."):
                return index
    raise AssertionError(f"mqsc.{module} is in no layer: add it to LAYERS")


def modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).with_suffix("")
        parts = relative.parts[:-1] if relative.name == "__init__" else relative.parts
        if not parts:
            continue
        yield ".".join(parts), ast.parse(path.read_text(encoding="utf-8"))


def imports(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
            if node.module == "mqsc":
                for alias in node.names:
                    if (PACKAGE / f"{alias.name}.py").exists() or (PACKAGE / alias.name).is_dir():
                        yield f"mqsc.{alias.name}"


def test_every_import_points_down_the_pipeline() -> None:
    problems = []
    for name, tree in modules():
        mine = layer_of(name)
        for target in imports(tree):
            if target.startswith("mqsc."):
                other = target[len("mqsc."):]
                if layer_of(other) > mine:
                    problems.append(f"mqsc.{name} imports {target} (a later stage)")
            top = target.split(".")[0]
            if top in THIRD_PARTY:
                allowed = THIRD_PARTY[top]
                if not any(name == a or name.startswith(a + ".") for a in allowed):
                    problems.append(f"mqsc.{name} imports {top}")
    assert not problems, "\n".join(problems)
