"""``mqsc racf``: RACF commands for people without JCL; the exit status is the highest
RACF return code."""

from __future__ import annotations

import stat

from mqsc.cli import main
from mqsc.store.home import open_qmgr, security_path, security_store


def test_commands_and_exit_status(capsys) -> None:
    assert (
        main(
            ["racf", "ADDGROUP MQUSERS", "ADDUSER USER3 DFLTGRP(MQUSERS)", "SEARCH CLASS(MQADMIN)"]
        )
        == 0
    )
    assert capsys.readouterr().out == "QMZ1.NO.SUBSYS.SECURITY\n"
    assert main(["racf", "PERMIT NOPE CLASS(MQQUEUE) ID(USER3)"]) == 8
    assert capsys.readouterr().out == "ICH06004I NOPE NOT DEFINED TO RACF\n"
    assert main(["racf", "ADDUSER LONGUSERID1"]) == 8
    assert capsys.readouterr().out == "IKJ56702I INVALID USERID, LONGUSERID1\n"
    assert stat.S_IMODE(security_path().stat().st_mode) == 0o600


def test_listing_and_issuer(capsys, monkeypatch) -> None:
    monkeypatch.setenv("MQSC_USER", "admin1")
    assert main(["racf", "--listing", "RDEFINE MQQUEUE QMZ1.X"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "READY",
        "RDEFINE MQQUEUE QMZ1.X",
        "ICH10006I RACLISTED PROFILES FOR MQQUEUE WILL NOT REFLECT THE ADDITION(S) UNTIL A "
        "SETROPTS REFRESH IS ISSUED.",
        "READY",
        "END",
    ]
    store = security_store()
    assert store.read().profiles[("MQQUEUE", "QMZ1.X")].owner == "ADMIN1"
    store.close()


def test_file_backup_restore(tmp_path, capsys) -> None:
    commands = tmp_path / "cmds.txt"
    commands.write_text("ADDGROUP MQSTC\nRDEFINE MQQUEUE (QMZ1.A +\n  QMZ1.B)\n")
    assert main(["racf", "--file", str(commands)]) == 0
    copy = tmp_path / "copy.db"
    assert main(["racf", "--backup", str(copy)]) == 0
    assert main(["racf", "RDELETE MQQUEUE (QMZ1.A QMZ1.B)"]) == 0
    assert main(["racf", "--restore", str(copy)]) == 0
    capsys.readouterr()
    assert main(["racf", "SEARCH CLASS(MQQUEUE)"]) == 0
    assert capsys.readouterr().out == "QMZ1.A\nQMZ1.B\n"
    assert main(["racf", "--backup", str(copy)]) == 2
    assert "never overwrites" in capsys.readouterr().err
    assert main(["racf", "--file", str(tmp_path / "missing.txt")]) == 2
    assert main(["racf", "--path"]) == 0
    assert capsys.readouterr().out.strip() == str(security_path())


def test_state_backup_takes_the_security_database_along(tmp_path, capsys) -> None:
    open_qmgr().close()
    assert main(["racf", "ADDGROUP MQSTC"]) == 0
    target = tmp_path / "qmz1.db"
    assert main(["state", "backup", str(target)]) == 0
    assert (tmp_path / "qmz1.db.racf").is_file()
    assert main(["racf", "DELGROUP MQSTC"]) == 0
    assert main(["racf", "--restore", str(tmp_path / "qmz1.db.racf")]) == 0
    capsys.readouterr()
    assert main(["racf", "LISTGRP MQSTC"]) == 0
