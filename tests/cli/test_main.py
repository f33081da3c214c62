"""The ``mqsc`` command itself: help with examples, "did you mean", a closed pipe."""

from __future__ import annotations

import subprocess
import sys

import pytest

from mqsc.cli import EXIT_BROKEN_PIPE, main


def test_help_ends_with_examples_and_the_docs(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "examples:\n  mqsc " in out
    assert out.rstrip().endswith("in the source distribution and the repository.")
    assert "docs/cli.md" in out


@pytest.mark.parametrize(
    ("argv", "hint"),
    [
        (["rn", "deck.mqsc"], "did you mean 'run'?"),
        (["chek"], "did you mean 'check'?"),
        (["run", "--format", "jsno"], "did you mean 'json'?"),
    ],
)
def test_a_mistyped_choice_gets_did_you_mean(argv, hint, capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice" in err and err.rstrip().endswith(hint)


def test_broken_pipe_exits_141_without_a_traceback(tmp_path) -> None:
    # Enough output to fill the pipe long after the reader has gone (as `| head -1`).
    deck = tmp_path / "big.mqsc"
    deck.write_text("DISPLAY QLOCAL(*)\n" * 3000)
    reader = "import sys; sys.stdin.readline()"
    script = (
        f"{sys.executable} -m mqsc run --memory {deck} | "
        f"{sys.executable} -c '{reader}'; echo \"${{PIPESTATUS[0]}}\" >&2"
    )
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=120)
    assert done.stderr.strip().splitlines()[-1] == str(EXIT_BROKEN_PIPE), done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
