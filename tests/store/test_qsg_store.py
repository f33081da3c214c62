"""A queue sharing group in one SQLite database: members created with ``mqsc create --qsg``
share definitions, messages and structure status across sessions and processes, each member's
own state stays its own, and recovery reads every member's log from the database."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from mqsc.cli import main
from mqsc.store.home import open_qmgr, qsg_dir, state_path

DECK = """\
DEFINE CFSTRUCT(APP1) CFLEVEL(5) RECOVER(YES)
DEFINE QLOCAL(PAY.SQ) QSGDISP(SHARED) CFSTRUCT(APP1) DEFPSIST(YES)
DEFINE QLOCAL(GRP.Q) QSGDISP(GROUP)
"""


def make_group(tmp_path: Path, capsys) -> None:
    assert main(["create", "QSA1", "--qsg", "QSG1"]) == 0
    assert main(["create", "QSA2", "--qsg", "QSG1"]) == 0
    deck = tmp_path / "group.mqsc"
    deck.write_text(DECK)
    assert main(["run", "--qmgr", "QSA1", str(deck)]) == 0
    capsys.readouterr()


def test_one_database_holds_the_group(tmp_path: Path, capsys) -> None:
    make_group(tmp_path, capsys)
    path = state_path("QSA1")
    assert path == state_path("QSA2") == qsg_dir("QSG1") / "state.db"
    assert (qsg_dir("QSG1") / "qsg.toml").exists()
    rows = {r[0] for r in sqlite3.connect(path).execute("SELECT name FROM qmgr")}
    assert rows == {"QSA1", "QSA2", "QSG:QSG1"}


def test_sessions_share_the_group_and_keep_their_own(tmp_path: Path, capsys) -> None:
    make_group(tmp_path, capsys)
    a = open_qmgr("QSA1")
    b = open_qmgr("QSA2")
    try:
        assert a.put("PAY.SQ", 10, 100).done == 10
        # b is another session (as another process would be): it sees a's commit.
        (queue,) = b.execute("DISPLAY QLOCAL(PAY.SQ) CURDEPTH").objects
        assert queue.get("CURDEPTH") == 10
        assert b.execute("DEFINE QLOCAL(ONLY.B)").ok
        assert not a.execute("DISPLAY QLOCAL(ONLY.B)").objects
        # The COPY of the group queue was made on both members.
        assert a.execute("DISPLAY QLOCAL(GRP.Q) QSGDISP(COPY)").objects
        assert b.execute("DISPLAY QLOCAL(GRP.Q) QSGDISP(COPY)").objects
    finally:
        a.close()
        b.close()


def test_recovery_reads_every_members_log_from_the_database(tmp_path: Path, capsys) -> None:
    make_group(tmp_path, capsys)
    assert main(["put", "PAY.SQ", "--qmgr", "QSA1", "-n", "40", "-s", "500"]) == 0
    for text in ("BACKUP CFSTRUCT(APP1) EXCLINT(30)",):
        deck = tmp_path / "backup.mqsc"
        deck.write_text(text + "\n")
        assert main(["run", "--qmgr", "QSA2", str(deck)]) == 0
    assert main(["put", "PAY.SQ", "--qmgr", "QSA2", "-n", "7", "-s", "900"]) == 0
    assert main(["get", "PAY.SQ", "--qmgr", "QSA1", "-n", "5"]) == 0
    deck = tmp_path / "fail.mqsc"
    deck.write_text(
        "RESET CFSTRUCT(APP1) ACTION(FAIL)\nRECOVER CFSTRUCT(APP1)\n"
        "DISPLAY QLOCAL(PAY.SQ) CURDEPTH\n"
    )
    capsys.readouterr()
    assert main(["run", "--qmgr", "QSA1", str(deck)]) == 0
    out = capsys.readouterr().out
    assert "MQSC831I QSA1 CSQELRCV Recovery of structure APP1 completed" in out
    assert "CURDEPTH(        42)" in out  # 40 + 7 - 5, all persistent (DEFPSIST(YES))


def test_a_member_created_later_joins_the_database(tmp_path: Path, capsys) -> None:
    make_group(tmp_path, capsys)
    assert main(["create", "QSA3", "--qsg", "QSG1"]) == 0
    deck = tmp_path / "probe.mqsc"
    deck.write_text("DISPLAY QLOCAL(GRP.Q) QSGDISP(COPY) CMDSCOPE(*)\n")
    capsys.readouterr()
    assert main(["run", "--qmgr", "QSA1", str(deck)]) == 0
    out = capsys.readouterr().out
    assert "sent to 3" in out
    assert "MQSC121I QSA3 'DISPLAY QLOCAL' command responses from QSA3" in out
    assert "MQSC401I QSA3 QUEUE(GRP.Q" in out  # its COPY was made when it started


def test_memory_mode_builds_the_whole_group(tmp_path: Path, capsys) -> None:
    make_group(tmp_path, capsys)
    qm = open_qmgr("QSA2", memory=True)
    assert sorted(qm.group.members) == ["QSA1", "QSA2"]
    assert not qm.execute("DISPLAY CFSTRUCT(APP1)").objects  # the initial configuration
    assert qm.execute("DISPLAY QMGR CMDSCOPE(QSA1)").ok


def test_bad_group_name(capsys) -> None:
    assert main(["create", "QSA9", "--qsg", "TOOLONG"]) == 2
    assert "not a z/OS queue sharing group name" in capsys.readouterr().err
