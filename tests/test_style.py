"""The style guide, executable: ruff (layout, import order, docstrings, local imports only with
a reason) and mypy over the package pass with the configuration in pyproject.toml.

Both tools are in the ``test`` extra and run here as subprocesses, offline.
"""

from __future__ import annotations

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
