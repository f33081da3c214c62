"""Columns 73-80, one rule everywhere: what z/OS reads as card images
(CSQINP1, CSQINP2, CSQUTIL input, in-stream job data) mqsc reads as columns 1-72, and
``mqsc check`` warns (MQSC202W) where a deck has text there."""

from __future__ import annotations

from pathlib import Path

from mqsc.cli import main

#: The line of the issue: REPLACE runs from column 69 to 75.
LINE = "DEFINE QLOCAL(APP1.REQUEST) DESCR('App 1 requests') MAXDEPTH(10000) REPLACE"


def test_create_reads_csqinp2_as_columns_1_to_72(tmp_path: Path, capsys) -> None:
    inp2 = tmp_path / "inp2.mqsc"
    inp2.write_text(LINE + "\nDEFINE QLOCAL(APP1.REPLY)\n")
    assert main(["create", "QMD", "--csqinp2", str(inp2)]) == 0
    # CSQINP2 read the command as columns 1-72: it ends in REPL, and fails.
    assert capsys.readouterr().err.splitlines() == [f"inp2.mqsc:1:1: CSQ9001E {LINE[:72]}"]
    probe = tmp_path / "probe.mqsc"
    probe.write_text("DISPLAY QLOCAL(APP1.*)\n")
    main(["run", "--qmgr", "QMD", str(probe)])
    out = capsys.readouterr().out
    assert "QUEUE(APP1.REPLY" in out and "APP1.REQUEST" not in out


def test_csqutil_input_is_read_as_columns_1_to_72(tmp_path: Path, capsys) -> None:
    sysin = tmp_path / "sysin"
    sysin.write_text("COMMAND DDNAME(CMDINP)\n")
    deck = tmp_path / "cmdinp.mqsc"
    deck.write_text(LINE + "\n")
    main(["csqutil", str(sysin), "--memory", "--dd", f"CMDINP={deck}"])
    assert "CSQ9001E QMZ1 'REPL' is invalid" in capsys.readouterr().out


def test_check_warns_where_those_readers_would_lose_text(tmp_path: Path, capsys) -> None:
    deck = tmp_path / "deck.mqsc"
    deck.write_text(LINE + "\n")
    assert main(["check", str(deck)]) == 0  # a warning: `mqsc run` reads the whole line
    out = capsys.readouterr().out
    assert out.splitlines()[0] == (
        f"{deck}:1:73: MQSC202W Text past column 72 is ignored on z/OS: CSQINP1, CSQINP2, "
        "CSQUTIL input and in-stream data are read as columns 1-72"
    )
    assert main(["check", "--fail-level", "warning", str(deck)]) == 1
