"""The wheel carries the grammar and the samples, and the installed package finds them: a
``pip install`` user can list and copy out the samples the README's examples use."""

from __future__ import annotations

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
