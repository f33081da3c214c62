"""``mqsc run``: output, framings, JSON lines and exit statuses."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from mqsc.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(tmp_path: Path, text: str, *args: str, capsys) -> tuple[int, str]:
    deck = tmp_path / "deck.mqsc"
    deck.write_text(text)
    status = main(["run", "--memory", *args, str(deck)])
    return status, capsys.readouterr().out


def test_all_succeeded_exits_0(tmp_path, capsys) -> None:
    status, out = run(tmp_path, "DEFINE QLOCAL(A)\nDISPLAY QLOCAL(A)\n", capsys=capsys)
    assert status == 0
    assert out.splitlines()[0] == "  DEFINE QLOCAL(A)"
    assert "CSQN205I   COUNT=       2, RETURN=00000000, REASON=00000000" in out


def test_some_failed_exits_10(tmp_path, capsys) -> None:
    status, out = run(tmp_path, "DEFINE QLOCAL(A)\nDEFINE QLOCAL(A)\n", capsys=capsys)
    assert status == 10
    assert "MQSC595E QMZ1 CSQMAQLC QLOCAL(A) ALREADY EXISTS" in out


def test_unreadable_input_exits_20(tmp_path, capsys) -> None:
    assert main(["run", "--memory", str(tmp_path / "missing.mqsc")]) == 20
    assert "missing.mqsc" in capsys.readouterr().err


def test_unknown_queue_manager_exits_20(tmp_path, capsys) -> None:
    deck = tmp_path / "d.mqsc"
    deck.write_text("DISPLAY QMGR\n")
    assert main(["run", "--qmgr", "QNONE", str(deck)]) == 20
    assert "QNONE does not exist" in capsys.readouterr().err


def test_echo_keeps_original_line_breaks(tmp_path, capsys) -> None:
    _, out = run(tmp_path, "DEFINE QLOCAL(A) +\n   DESCR('x')\n", capsys=capsys)
    assert out.splitlines()[:2] == ["  DEFINE QLOCAL(A) +", "     DESCR('x')"]


def test_console_style(tmp_path, capsys) -> None:
    _, out = run(
        tmp_path, "DISPLAY QLOCAL(USER1.ABAR.QUEUE)\n", "--style", "console", capsys=capsys
    )
    lines = out.splitlines()
    assert lines[0] == "QMZ1 DISPLAY QLOCAL(USER1.ABAR.QUEUE)"
    assert lines[1] == "CSQM293I QMZ1 CSQMDRTS 1 QLOCAL FOUND MATCHING REQUEST CRITERIA"
    assert lines[-2] == " END QLOCAL DETAILS"


def test_json_lines(tmp_path, capsys) -> None:
    _, out = run(
        tmp_path, "DEFINE QLOCAL(A)\nDELETE QLOCAL(B)\n", "--format", "json", capsys=capsys
    )
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["ok"] and first["line"] == 1
    assert not second["ok"] and second["commandResponse"][0]["reasonCode"] == 2085


def test_standard_input(monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"DISPLAY QMGR\n")))
    assert main(["run", "--memory"]) == 0
    assert "CSQM409I QMZ1 QMNAME(QMZ1)" in capsys.readouterr().out


def test_console_source_allows_what_the_console_may_do(tmp_path, capsys) -> None:
    status, out = run(tmp_path, "START QMGR\n", "--source", "console", capsys=capsys)
    assert status == 10 and "CSQY003I QMZ1 QUEUE MANAGER IS ALREADY ACTIVE" in out


def test_readme_main_job_runs_clean(capsys) -> None:
    status = main(["run", "--memory", str(ROOT / "samples" / "decks" / "first-steps.mqsc")])
    assert status == 0, capsys.readouterr().out


def test_python_dash_m_entry_point(tmp_path) -> None:
    deck = tmp_path / "d.mqsc"
    deck.write_text("DISPLAY QMGR QMNAME\n")
    result = subprocess.run(
        [sys.executable, "-m", "mqsc", "run", "--memory", str(deck)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 0 and "CSQM409I" in result.stdout


#: Modules a plain in-memory run must not import (docs/performance.md, S1: start-up is part of
#: every run's time): other subcommands, the checker and CI report writers (only for a report
#: format), SMF record building (only when records are written), RACF's database (only while
#: subsystem security is on) and the CSQ6xxx macro reader (only for a parameter module).
NOT_AT_START = (
    "mqsc.batch.check",
    "mqsc.batch.cireports",
    "mqsc.cli.job",
    "mqsc.cli.console",
    "mqsc.batch.jcl",
    "mqsc.engine.smf.build",
    "mqsc.engine.smf.layout",
    "mqsc.engine.smf.record",
    "mqsc.racf.database",
    "mqsc.racf.matching",
    "mqsc.catalog.racf",
    "mqsc.language.zparmsource",
)


def test_a_plain_run_starts_without_other_subcommands_or_report_writers(tmp_path) -> None:
    deck = tmp_path / "d.mqsc"
    deck.write_text("DISPLAY QMGR QMNAME\nDEFINE QLOCAL(APP.Q) MAXDEPTH(5000)\n")
    probe = (
        "import sys; from mqsc.cli import main; status = main(['run', '--memory', "
        f"{str(deck)!r}]); sys.stdout.flush(); "
        f"print(sorted(m for m in {NOT_AT_START!r} if m in sys.modules), status)"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT)
    assert result.stdout.splitlines()[-1] == "[] 0", result.stdout + result.stderr


def exit_status(argv: list[str]) -> int:
    """The status argparse exits with for ``argv`` (it must exit)."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    return stop.value.code


def test_help_still_lists_every_subcommand(capsys) -> None:
    from mqsc.cli import build_parser

    assert exit_status(["--help"]) == 0
    out = capsys.readouterr().out
    assert out == build_parser().format_help()
    assert "  run " in out and "  diff " in out and "  put " in out


def test_a_word_that_is_no_subcommand_lists_them_all(capsys) -> None:
    # `workload` is a module (registering put and get), not a subcommand.
    assert exit_status(["workload"]) == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'workload'" in err and "'run'" in err and "'put'" in err
