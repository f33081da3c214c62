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


#: QMZ2's parameters: two archive copies under their own prefixes (a statement goes on with
#: a character in column 72 and the next line's column 16).
ZPARM = "\n".join(
    [
        "         CSQ6LOGP OFFLOAD=YES,TWOACTV=YES,MAXARCH=1000",
        "         CSQ6ARVP ARCPFX1=QMZ2.ARC1,ARCPFX2=QMZ2.ARC2,CATALOG=YES,".ljust(71) + "X",
        "               TSTAMP=YES,UNIT=SYSDA",
        "         CSQ6SYSP LOGLOAD=100000,STATIME=10",
        "         END",
        "",
    ]
)


def test_create_with_a_system_parameter_module(tmp_path: Path, capsys) -> None:
    zparm = tmp_path / "qmz2parm.asm"
    zparm.write_text(ZPARM)
    args = ["create", "QMZ2", "--zparm", str(zparm), "--module", "QMZ2PARM"]
    assert main([*args, "--log-datasets", "2", "--log-megabytes", "8"]) == 0
    capsys.readouterr()
    deck = tmp_path / "show.mqsc"
    deck.write_text("DISPLAY SYSTEM\nDISPLAY LOG\nDISPLAY ARCHIVE\n")
    assert main(["run", "--qmgr", "QMZ2", str(deck)]) == 0
    out = capsys.readouterr().out
    assert "LOGLOAD      100000" in out and "STATIME      10" in out
    assert "MAXARCH      1000" in out and "ARCPFX1      QMZ2.ARC1" in out
    assert "Full logs to offload - 0 of 2" in out
    assert main(["restart", "--qmgr", "QMZ2"]) == 0
    assert "USING PARAMETER MODULE QMZ2PARM" in capsys.readouterr().out


def test_a_module_that_does_not_assemble_creates_nothing(
    mqsc_home: Path, tmp_path: Path, capsys
) -> None:
    zparm = tmp_path / "bad.asm"
    zparm.write_text(ZPARM.replace("STATIME=10", "STATIME=2000").replace("MAXARCH", "MAXARC"))
    assert main(["create", "QMZ3", "--zparm", str(zparm)]) == 2
    err = capsys.readouterr().err
    assert "does not assemble" in err and "Traceback" not in err
    assert "MAXARC" in err and "STATIME" in err
    assert not (mqsc_home / "qmgrs" / "QMZ3").exists()
