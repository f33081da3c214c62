"""``mqsc create``."""

from __future__ import annotations

from pathlib import Path

from mqsc.cli import main


def test_create_with_system_decks(mqsc_home: Path, capsys) -> None:
    assert main(["create", "qma", "--cpf", "+QMA"]) == 0
    directory = mqsc_home / "qmgrs" / "QMA"
    assert (directory / "mqsc.toml").exists()
    assert "CPF +QMA" in capsys.readouterr().out
    deck = directory / "probe.mqsc"
    deck.write_text("DISPLAY QMGR\n")
    assert main(["run", "--qmgr", "QMA", str(deck)]) == 0
    assert "CSQM409I +QMA QMNAME(QMA )" in capsys.readouterr().out


def test_create_twice_needs_force(capsys) -> None:
    assert main(["create", "QMB"]) == 0
    assert main(["create", "QMB"]) == 2
    assert "already exists" in capsys.readouterr().err
    assert main(["create", "QMB", "--force"]) == 0


def test_create_with_own_decks_lists_failing_init_commands(tmp_path: Path, capsys) -> None:
    inp1 = tmp_path / "inp1.mqsc"
    inp1.write_text("DEFINE BUFFPOOL(0) BUFFERS(1000)\nDEFINE PSID(00) BUFFPOOL(0)\n")
    inp2 = tmp_path / "inp2.mqsc"
    inp2.write_text("DEFINE QLOCAL(APP.Q)\nDEFINE QLOCAL(APP.Q)\n")
    assert main(["create", "QMC", "--csqinp1", str(inp1), "--csqinp2", str(inp2)]) == 0
    err = capsys.readouterr().err
    assert "inp2.mqsc:2:1: MQSC595E" in err


def test_bad_name(capsys) -> None:
    assert main(["create", "TOOLONG"]) == 2
    assert "not a z/OS queue manager name" in capsys.readouterr().err
