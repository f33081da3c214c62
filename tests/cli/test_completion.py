"""``mqsc completion bash|zsh|fish``: scripts generated from the parser (shtab), and the bash one
really completes subcommands, options and choices."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from mqsc.cli import main


def _script(shell: str, capsys) -> str:
    assert main(["completion", shell]) == 0
    return capsys.readouterr().out


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_completes_subcommands_options_and_choices(tmp_path, capsys) -> None:
    script = tmp_path / "mqsc.bash"
    script.write_text(_script("bash", capsys))
    probe = (
        f"source {script}\n"
        'ask() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _shtab_mqsc; '
        'echo "${COMPREPLY[*]}"; }\n'
        "ask mqsc sam\nask mqsc run --for\nask mqsc run --format ''\n"
        "ask mqsc completion ''\n"
    )
    done = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "samples",
        "--format",
        "text json junit sarif github",
        "bash zsh fish",
    ]


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_zsh_and_fish_scripts_know_every_subcommand(shell, capsys) -> None:
    from mqsc.cli import MODULE_OF

    text = _script(shell, capsys)
    assert "shtab" in text  # generated, not hand-written
    for name in MODULE_OF:
        assert name in text, name


def test_unknown_shell_is_a_usage_error(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["completion", "tcshh"])
    assert stop.value.code == 2
    assert "invalid choice: 'tcshh'" in capsys.readouterr().err
