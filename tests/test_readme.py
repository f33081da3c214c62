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


def test_figures_are_for_a_fresh_qmz1_and_reset_gives_one_back(capsys, monkeypatch) -> None:
    # The README says a second run shows other figures, and how to get a fresh QMZ1 again.
    assert "fresh QMZ1" in README and "mqsc state reset" in README
    monkeypatch.chdir(ROOT)
    job = ["job", "samples/l02/V8NOIO11.jcl"]
    pool11 = re.compile(r" _   11       1000 +(\d+) ")
    assert main(job) == 0
    first = pool11.findall(capsys.readouterr().out)
    assert main(job) == 0
    second = pool11.findall(capsys.readouterr().out)
    assert first[0] == "393" and second[0] != "393" and second[0] in README
    assert main(["state", "reset", "--yes"]) == 0
    assert main(job) == 0
    assert pool11.findall(capsys.readouterr().out)[0] == "393"
