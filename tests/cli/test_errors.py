"""Bad settings and unusable paths give one-line errors with documented exit statuses, never
a traceback."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from mqsc.cli import main


def _deck(tmp_path: Path) -> str:
    deck = tmp_path / "d.mqsc"
    deck.write_text("DISPLAY QMGR\n")
    return str(deck)


JOB = """//USER1E   JOB (ACCT),'CLOCK',CLASS=A,MSGCLASS=K
//USE      EXEC PGM=CSQUTIL,PARM='QMZ1'
//SYSPRINT DD SYSOUT=*
//SYSIN    DD *
  COMMAND DDNAME(CMDINP)
/*
//CMDINP   DD *
  DISPLAY QMGR
/*
"""


def _jcl(tmp_path: Path) -> str:
    jcl = tmp_path / "clock.jcl"
    jcl.write_text(JOB)
    return str(jcl)


def _one_line(capsys, *needles: str) -> str:
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    for needle in needles:
        assert needle in err, err
    return err


@pytest.mark.parametrize(
    "words,status",
    [
        (["run", "DECK"], 20),
        (["put", "USER1.ABAR.QUEUE"], 20),
        (["dump"], 2),
        (["csqutil", "DECK"], 12),
        (["job", "JCL"], 2),
    ],
)
def test_bad_clock(words, status, tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("MQSC_CLOCK", "notadate")
    files = {"DECK": _deck(tmp_path), "JCL": _jcl(tmp_path)}
    args = [files.get(w, w) for w in words]
    assert main(args) == status
    _one_line(capsys, "MQSC_CLOCK='notadate' is not an ISO date")


@pytest.mark.parametrize("value", ["abc", "-1", "nan", "inf"])
@pytest.mark.parametrize(
    "words,status", [(["run", "DECK"], 20), (["stats"], 2), (["state", "backup", "COPY"], 2)]
)
def test_bad_lock_timeout(value, words, status, tmp_path: Path, monkeypatch, capsys) -> None:
    assert main(["run", _deck(tmp_path)]) == 0  # the queue manager exists
    capsys.readouterr()
    monkeypatch.setenv("MQSC_LOCK_TIMEOUT", value)
    files = {"DECK": _deck(tmp_path), "COPY": str(tmp_path / "copy.db")}
    args = [files.get(w, w) for w in words]
    assert main(args) == status
    _one_line(capsys, "MQSC_LOCK_TIMEOUT=", "is not a number of seconds")


def test_read_with_a_nul_in_the_console(monkeypatch, tmp_path: Path, capsys) -> None:
    deck = _deck(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(f"\\read {deck} cp037\0\n\\read {deck}\0\n"))
    assert main(["console", "--memory"]) == 0
    out = capsys.readouterr().out
    assert out.count("cannot contain a NUL character") == 2


@pytest.mark.parametrize("words", [["run", "DECK"], ["check", "DECK"]])
def test_nul_in_a_file_name(words, tmp_path: Path, capsys) -> None:
    args = [_deck(tmp_path) + "\0x" if w == "DECK" else w for w in words]
    assert main(args) in (2, 20)
    _one_line(capsys, "cannot contain a NUL character")


@pytest.mark.parametrize(
    "words,status",
    [(["run", "DECK"], 20), (["put", "USER1.ABAR.QUEUE"], 20), (["stats"], 2), (["console"], 2)],
)
def test_unusable_data_directory(words, status, tmp_path: Path, monkeypatch, capsys) -> None:
    not_a_directory = tmp_path / "home"
    not_a_directory.write_text("a file where the data directory should be")
    monkeypatch.setenv("MQSC_HOME", str(not_a_directory))
    monkeypatch.setattr("sys.stdin", io.StringIO("DISPLAY QMGR\n"))
    args = [_deck(tmp_path) if w == "DECK" else w for w in words]
    assert main(args) == status
    _one_line(capsys, str(not_a_directory))


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every directory")
def test_unreadable_data_directory(tmp_path: Path, monkeypatch, capsys) -> None:
    home = tmp_path / "home"
    home.mkdir(mode=0o700)
    monkeypatch.setenv("MQSC_HOME", str(home))
    assert main(["run", _deck(tmp_path)]) == 0
    capsys.readouterr()
    os.chmod(home, 0)
    try:
        assert main(["run", _deck(tmp_path)]) == 20
        _one_line(capsys, "Permission denied")
    finally:
        os.chmod(home, 0o700)


def test_dangling_state_symlink(tmp_path: Path, capsys) -> None:
    link = tmp_path / "state.db"
    link.symlink_to(tmp_path / "nowhere" / "qm.db")
    assert main(["run", "--state", str(link), _deck(tmp_path)]) == 20
    _one_line(capsys, "is a symbolic link to", "which does not exist")
    assert main(["state", "reset", "--yes", "--state", str(link)]) == 2
    _one_line(capsys, "is a symbolic link to")
    assert link.is_symlink() and not (tmp_path / "nowhere").exists()
