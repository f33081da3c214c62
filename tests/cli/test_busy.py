"""While another process holds the queue manager, every subcommand refuses in one line that
names the holder, with its documented exit status (docs/cli.md), never a traceback; a job step
fails as z/OS fails it when MQCONN answers MQRC 2059."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

import pytest

from mqsc.cli import main
from mqsc.store.home import state_path

DECK = "DEFINE QLOCAL(BUSY.TEST)\n"

# (arguments, exit status): files named DECK and SYSIN are written by the test.
CASES = {
    "run": (["run", "DECK"], 20),
    "put": (["put", "USER1.ABAR.QUEUE", "-n", "3"], 20),
    "get": (["get", "USER1.ABAR.QUEUE"], 20),
    "check": (["check", "DECK"], 2),
    "dump": (["dump"], 2),
    "plan": (["plan", "DECK"], 2),
    "diff": (["diff", "DECK"], 2),
    "restart": (["restart"], 2),
    "stats": (["stats"], 2),
    "advise": (["advise"], 2),
    "console": (["console"], 2),
    "state reset": (["state", "reset", "--yes"], 2),
}


def _args(words: list[str], tmp_path: Path) -> list[str]:
    deck = tmp_path / "deck.mqsc"
    deck.write_text(DECK)
    return [str(deck) if w == "DECK" else w for w in words]


def _state_bytes() -> bytes:
    return state_path("QMZ1").read_bytes()


@pytest.mark.parametrize("name", list(CASES))
def test_every_subcommand_refuses_in_one_line(
    name: str, holder, tmp_path: Path, capsys, monkeypatch
) -> None:
    words, status = CASES[name]
    monkeypatch.setattr("sys.stdin", io.StringIO(DECK))
    capsys.readouterr()
    assert main(_args(words, tmp_path)) == status
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"mqsc {words[0]}: ")
    assert f"in use by process {holder.pid} (" in lines[0], lines[0]
    assert state_path("QMZ1").exists()
    conn = sqlite3.connect(state_path("QMZ1"))
    assert not conn.execute("SELECT 1 FROM entity WHERE key = '\"BUSY.TEST\"'").fetchall()
    conn.close()


def test_csqutil_step_gets_mqrc_2059(holder, tmp_path: Path, capsys) -> None:
    sysin = tmp_path / "sysin"
    sysin.write_text("  COMMAND DDNAME(CMDINP)\n")
    deck = tmp_path / "deck.mqsc"
    deck.write_text(DECK)
    assert main(["csqutil", str(sysin), "--dd", f"CMDINP={deck}", "--parm", "QMZ1"]) == 8
    captured = capsys.readouterr()
    assert (
        "CSQU009E  MQCONN failed for QMZ1. MQCC=2 MQRC=2059 (MQRC_Q_MGR_NOT_AVAILABLE)"
        in captured.out
    )
    assert f"in use by process {holder.pid}" in captured.err
    assert "Traceback" not in captured.err


JOB = """//USER1B   JOB (ACCT),'BUSY',CLASS=A,MSGCLASS=K
//LOADQ    EXEC PGM=OEMPUTX,
//             PARM=('-mQMZ1 -qUSER1.BBAR.QUEUE -n3 -s100')
//SYSPRINT DD SYSOUT=*
//USE      EXEC PGM=CSQUTIL,PARM='QMZ1'
//SYSPRINT DD SYSOUT=*
//SYSIN    DD *
  COMMAND DDNAME(CMDINP)
/*
//CMDINP   DD *
  DISPLAY USAGE
/*
"""


def test_job_steps_fail_with_a_reason_code_not_an_abend(holder, tmp_path: Path, capsys) -> None:
    jcl = tmp_path / "busy.jcl"
    jcl.write_text(JOB)
    status = main(["job", str(jcl)])
    out = capsys.readouterr().out
    assert "S0C4" not in out and "ABEND" not in out.upper().replace("ABENDED", "")
    assert "MQCONN failed with reason code 2059 (MQRC_Q_MGR_NOT_AVAILABLE)" in out
    assert "MQRC=2059" in out
    assert status not in (253, 254) and status > 0


def test_create_force_refuses_to_remove_a_queue_manager_in_use(holder, capsys) -> None:
    assert main(["create", "QMZ1", "--force"]) == 2
    err = capsys.readouterr().err
    assert f"in use by process {holder.pid}" in err and "nothing was removed" in err
    assert state_path("QMZ1").exists()
