"""The README's commands: the main job runs on the embedded default and shows the lab's
figures; the test command is exactly what .ci/run runs."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from mqsc.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def readme_commands() -> list[str]:
    return re.findall(r"```sh\n(python3 -m venv .*)\n```", README)


def test_main_job_runs_on_the_durable_default(mqsc_home: Path, capsys, monkeypatch) -> None:
    install_and_run = readme_commands()[0]
    command = shlex.split(install_and_run.split("&&")[-1])
    assert command[0].endswith("bin/mqsc")
    monkeypatch.chdir(ROOT)
    assert main(command[1:]) == 0
    out = capsys.readouterr().out
    assert " _ 11     11      1078       473          0        605 USER    0" in out
    assert " _   11       1000        393         39 FIXED4KB  ABOVE" in out
    assert "MAXCC=0000" in out
    assert (mqsc_home / "qmgrs" / "QMZ1" / "state.db").exists()  # durable, not --memory


def test_ci_runs_the_readme_test_command() -> None:
    test_command = readme_commands()[1]
    assert test_command in (ROOT / ".ci" / "run").read_text()
