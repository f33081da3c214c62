"""The style guide, executable: ruff (layout, import order, docstrings, local imports only with
a reason) and mypy over the package pass with the configuration in pyproject.toml.

Both tools are in the ``test`` extra and run here as subprocesses, offline.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Modules mypy still excuses from some error codes (pyproject.toml): the list only shrinks.
MYPY_DEBT_MODULES = 13


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def test_ruff_check_passes() -> None:
    done = _run("ruff", "check", "--no-cache", "mqsc", "tests", "bench")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_leaves_everything_as_it_is() -> None:
    done = _run("ruff", "format", "--check", "--no-cache", "mqsc", "tests", "bench")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_passes_on_the_package() -> None:
    done = _run("mypy", "--no-incremental", "--cache-dir", "/dev/null")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_typing_debt_only_shrinks() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    overrides = config["tool"]["mypy"]["overrides"]
    indebted = []
    for override in overrides:
        if "disable_error_code" in override:
            modules = override["module"]
            indebted += [modules] if isinstance(modules, str) else modules
        assert "ignore_errors" not in override, override
    assert len(indebted) <= MYPY_DEBT_MODULES, indebted


_LOCAL_IMPORT_NOQA = re.compile(r"#\s*noqa:\s*PLC0415(.*)$")


def test_every_local_import_says_why() -> None:
    """A function-local import is allowed (ruff's PLC0415 silenced) only with its reason on
    the same line: ``# noqa: PLC0415 - start-up: ...``."""
    bare = []
    for path in sorted((ROOT / "mqsc").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found = _LOCAL_IMPORT_NOQA.search(line)
            if found and len(found.group(1).strip(" -:")) < 10:
                bare.append(f"{path.relative_to(ROOT)}:{number}")
    assert not bare, bare


# ---- dead code -------------------------------------------------------------------------------
#: Module-level names of mqsc that nothing in the repository reads, each with why it stays: the
#: public API users call (none today: the facade's names are all in the docs), and names
#: waiting for the code that reads them (drop an entry once it is read).
UNREFERENCED_ALLOWED = {
    "CONTEXT_ACCESS": "context security: the access each MQOO_*_CONTEXT option needs",
    "ALTERNATE_USER_ACCESS": "alternate user security: the access MQOO_ALTERNATE_USER needs",
}
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_READ_BY = ("mqsc", "bench", "docs", "samples", "grammar")
_SUFFIXES = {".py", ".js", ".html", ".css", ".md", ".toml", ".lark", ".mqsc", ".jcl", ".json"}


def _word_counts() -> dict[str, int]:
    """How often each word occurs in the package, the benchmarks, docs, samples, grammar, the
    README and pyproject.toml: the places that can read a name (tests do not count: a name only
    a test reads is not used)."""
    counts: dict[str, int] = {}
    paths = [ROOT / "README.md", ROOT / "pyproject.toml"]
    paths += [p for base in _READ_BY for p in sorted((ROOT / base).rglob("*"))]
    for path in paths:
        if path.is_file() and path.suffix in _SUFFIXES and "__pycache__" not in path.parts:
            for word in _WORD.findall(path.read_text(encoding="utf-8")):
                counts[word] = counts.get(word, 0) + 1
    return counts


def module_level_names(tree: ast.Module) -> list[tuple[str, int]]:
    """The names a module defines at its top level, with their lines: functions and classes
    (decorated ones are registered, so read through their registry) and assigned names."""
    found = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if not node.decorator_list:
                found.append((node.name, node.lineno))
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found += [
                (n.id, node.lineno)
                for target in targets
                for n in ast.walk(target)
                if isinstance(n, ast.Name)
            ]
    return [(name, line) for name, line in found if not name.startswith("__")]


def test_every_module_level_name_is_read_somewhere() -> None:
    """A name defined at the top of a module and written nowhere else is dead code (its one
    occurrence is its definition); the next reader has to find that out again."""
    counts = _word_counts()
    dead = [
        f"{path.relative_to(ROOT)}:{line} {name}"
        for path in sorted((ROOT / "mqsc").rglob("*.py"))
        for name, line in module_level_names(ast.parse(path.read_text(encoding="utf-8")))
        if counts.get(name, 0) <= 1 and name not in UNREFERENCED_ALLOWED
    ]
    assert not dead, "remove (or read) these:\n" + "\n".join(dead)


def test_a_module_level_name_is_found() -> None:
    tree = ast.parse("@handler\ndef f(): ...\ndef g(): ...\nA, (B, C) = 1, (2, 3)\nD: int = 4\n")
    assert module_level_names(tree) == [("g", 3), ("A", 4), ("B", 4), ("C", 4), ("D", 5)]
