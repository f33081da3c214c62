"""The wheel carries the grammar and the samples, and the installed package finds them: a
``pip install`` user can list and copy out the samples the README's examples use."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_wheel_contains_grammar_and_installed_package_uses_it(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--wheel",
            "--no-isolation",
            "--outdir",
            str(dist),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = dist.glob("mqsc-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "mqsc/grammar/mqsc.lark" in names
    assert "mqsc/samples/qmz1/CSQINP1.mqsc" in names
    shipped = {
        f"mqsc/samples/{p.relative_to(ROOT / 'samples').as_posix()}"
        for p in (ROOT / "samples").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert {
        "mqsc/samples/l02/V8NOIO11.jcl",
        "mqsc/samples/qsg/rehearse.sh",
        "mqsc/samples/decks/first-steps.mqsc",
    } <= shipped
    assert shipped <= set(names), sorted(shipped - set(names))
    # The web console's assets (mqsc serve, /ibmmq/console/): no build step, no CDN.
    from mqsc.serve.webconsole import ASSETS

    console = {f"mqsc/serve/webconsole/{name}" for name in ASSETS}
    assert console <= set(names), sorted(console - set(names))
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "--no-index",
            "--quiet",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    probe = (
        "import mqsc.language.parser as p; path = p.grammar_path(); "
        "print(path); assert 'site' in str(path), path; "
        "print(p.parse_logical.__module__)"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stderr
    assert str(target) in result.stdout

    # The README's first command, from the installed wheel in an empty directory.
    env = {"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin", "MQSC_HOME": str(tmp_path / "h")}
    work = tmp_path / "work"
    work.mkdir()
    copy = subprocess.run(
        [sys.executable, "-m", "mqsc", "samples", "copy", "samples"],
        cwd=work,
        capture_output=True,
        text=True,
        env=env,
    )
    assert copy.returncode == 0, copy.stderr
    job = subprocess.run(
        [sys.executable, "-m", "mqsc", "job", "samples/l02/V8NOIO11.jcl"],
        cwd=work,
        capture_output=True,
        text=True,
        env=env,
    )
    assert job.returncode == 0, job.stderr
    assert "393" in job.stdout and "$HASP165" in job.stdout


def test_the_plain_install_brings_what_mqsc_serve_needs() -> None:
    # `pip install -e .` (the README's install) must give a working `mqsc serve`: Starlette
    # and uvicorn are requirements of mqsc itself; the `serve` extra stays as an alias.
    from importlib.metadata import requires

    declared = requires("mqsc") or []
    plain = {
        r.split(">")[0].split("<")[0].split("=")[0].strip().lower()
        for r in declared
        if ";" not in r
    }
    assert {"starlette", "uvicorn", "lark", "prompt-toolkit"} <= plain, declared
    serve = [r for r in declared if "extra == 'serve'" in r.replace('"', "'")]
    assert {re.split(r"[<>=;]", r)[0] for r in serve} == {"starlette", "uvicorn"}, declared


_BLOCK = """
import importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == {module!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
sys.meta_path.insert(0, Block())
from mqsc.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize(
    ("module", "argv"),
    [
        ("uvicorn", ["serve", "--port", "1"]),
        ("starlette", ["serve", "--port", "1"]),
        ("lark", ["run", "--memory", "samples/decks/first-steps.mqsc"]),
    ],
)
def test_a_missing_package_is_named_with_what_to_install(
    module: str, argv: list[str], mqsc_home: Path
) -> None:
    # An install that skipped mqsc's dependencies (pip install --no-deps, a package removed
    # since): one line naming the package and the pip command, exit 2, never a traceback.
    done = subprocess.run(
        [sys.executable, "-c", _BLOCK.format(module=module), *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2, done.stderr
    assert (
        f"the Python package '{module}' is not installed: pip install '{module}" in done.stderr
    ), done.stderr


def test_the_license_file_is_the_one_pyproject_declares() -> None:
    import tomllib

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["license"]
    assert declared == {"text": "Apache-2.0"}
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION" in text
    assert "END OF TERMS AND CONDITIONS" in text
