"""``mqsc console`` and ``mqsc`` with no arguments, with piped input; ``--write-config``."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from mqsc.cli import main


def run_console(monkeypatch, capsys, text: str, *argv: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status = main(list(argv))
    return status, capsys.readouterr().out


def test_no_arguments_runs_the_console_on_piped_input(monkeypatch, capsys) -> None:
    status, out = run_console(monkeypatch, capsys, "DIS QMGR\n")
    assert status == 0
    assert out.splitlines() == [
        "QMZ1> DIS QMGR",
        "CSQM293I QMZ1 CSQMDRTS 1 QMGR FOUND MATCHING REQUEST CRITERIA",
        "CSQM201I QMZ1 CSQMDRTS  DISPLAY QMGR DETAILS",
        "QMNAME(QMZ1)",
        " END QMGR DETAILS",
        "CSQ9022I QMZ1 CSQMDRTS ' DISPLAY QMGR' NORMAL COMPLETION",
    ]


def test_piped_console_exit_status_and_confirmation(monkeypatch, capsys) -> None:
    status, out = run_console(monkeypatch, capsys, "DEF QL(A)\nDELETE QL(A)\n", "console")
    assert status == 0 and "Not run." in out
    # The state is durable: A is still there from the first session, which refused to delete it.
    status, out = run_console(monkeypatch, capsys, "DELETE QL(A)\n", "console", "--yes")
    assert status == 0 and "' DELETE QLOCAL' NORMAL COMPLETION" in out
    status, out = run_console(monkeypatch, capsys, "DEF QL(A) FOO\n", "console")
    assert status == 10


def test_continuation_at_end_of_input(monkeypatch, capsys) -> None:
    status, out = run_console(monkeypatch, capsys, "DEF QL(A) +\n", "console")
    assert status == 10
    assert out.splitlines()[1] == "MQSC001E QMZ1 Continuation character '+' at end of input"


def test_unknown_queue_manager(monkeypatch, capsys) -> None:
    status, _ = run_console(monkeypatch, capsys, "", "console", "--qmgr", "QNONE")
    assert status == 2


def test_write_config_only_when_asked(mqsc_home, monkeypatch, capsys) -> None:
    path = mqsc_home / "config" / "mqsc" / "config.toml"
    run_console(monkeypatch, capsys, "\\q\n")
    assert not path.exists()
    assert main(["console", "--write-config"]) == 0 and path.exists()
    assert main(["console", "--write-config"]) == 2  # never overwritten
    assert "Wrote" in capsys.readouterr().out
    path.write_text('[console]\nprompt = "/{cpf} "\nconfirm = "none"\n')
    status, out = run_console(monkeypatch, capsys, "DEF QL(A)\nDELETE QL(A)\n", "console")
    assert out.splitlines()[0] == "/QMZ1 DEF QL(A)" and "Not run." not in out


def test_bad_config_warns_and_keeps_defaults(mqsc_home, monkeypatch, capsys) -> None:
    path = mqsc_home / "config" / "mqsc" / "config.toml"
    path.parent.mkdir(parents=True)
    path.write_text('[console]\nconfirm = "sometimes"\n')
    monkeypatch.setattr(sys, "stdin", io.StringIO("DIS QMGR\n"))
    assert main(["console"]) == 0
    captured = capsys.readouterr()
    assert "confirm must be one of all, destructive, none" in captured.err
    assert captured.out.startswith("QMZ1> DIS QMGR")


@pytest.mark.parametrize("argv", [["--help"], ["console", "--help"]])
def test_help_still_works(argv, capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 0
    assert "console" in capsys.readouterr().out


def test_binary_with_piped_stdin(tmp_path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mqsc"],
        input="QMZ2 DIS USAGE\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.stdout.splitlines() == ["QMZ1> QMZ2 DIS USAGE", "MQSC007E QMZ2 COMMAND INVALID"]
    assert result.returncode == 10


def test_console_options_without_the_subcommand(monkeypatch, capsys) -> None:
    status, out = run_console(monkeypatch, capsys, "DIS QMGR\n", "--memory", "--no-color")
    assert status == 0 and out.startswith("QMZ1> DIS QMGR")
    with pytest.raises(SystemExit):
        main(["--version"])
