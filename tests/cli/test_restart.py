"""``mqsc restart`` on states that broke START QMGR in older versions (a stale message-list
page set)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from mqsc.cli import main

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def rows(path: Path) -> list[tuple]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT qmgr, tbl, key, data FROM entity ORDER BY 1, 2, 3").fetchall()


def test_a_state_with_a_stale_message_list_page_set_starts_again(tmp_path, capsys) -> None:
    """state-stale-list.db was written by mqsc before the fix: put 0, ALTER QLOCAL STGCLASS,
    1000 nonpersistent and 100 persistent puts; its message list is recorded on page set 11
    but its pages were taken on page set 0, and STOP QMGR left it stopped. Every START QMGR
    failed an assertion; restart recovery recounts the page sets from what they hold."""
    state = tmp_path / "state.db"
    shutil.copy(FIXTURES / "state-stale-list.db", state)
    assert main(["restart", "--state", str(state)]) == 0
    out = capsys.readouterr().out
    assert "CSQ9022I QMZ1 CSQYASCP ' START QMGR' NORMAL COMPLETION" in out
    assert main(["get", "USER1.ABAR.QUEUE", "--state", str(state), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["done"] == 100  # the persistent ones survived
    assert main(["stats", "--state", str(state), "--format", "json"]) == 0
    pagesets = json.loads(capsys.readouterr().out)["pageSets"]
    assert (pagesets["0"]["PPG"], pagesets["0"]["NPPG"]) == (5, 0)  # the definitions only
    assert (pagesets["11"]["PPG"], pagesets["11"]["NPPG"]) == (0, 0)


def test_a_start_that_fails_exits_10_and_keeps_the_state(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.delenv("MQSC_STRICT", raising=False)
    state = tmp_path / "state.db"
    assert (
        main(["put", "USER1.ABAR.QUEUE", "--count", "3", "--persistent", "--state", str(state)])
        == 0
    )
    with sqlite3.connect(state) as conn:  # damage: the messages on a page set never defined
        data = json.loads(
            conn.execute("SELECT data FROM entity WHERE tbl = 'messages'").fetchone()[0]
        )
        data["runs"][0][5] = 77
        conn.execute("UPDATE entity SET data = ? WHERE tbl = 'messages'", (json.dumps(data),))
    capsys.readouterr()
    assert main(["restart", "--state", str(state)]) == 10
    out = capsys.readouterr().out
    assert "MQSC017E QMZ1 Failure while processing 'START' command, processing terminated" in out
    before = rows(state)
    assert main(["restart", "--state", str(state)]) == 10  # stopped, as it was: again
    assert "MQSC017E" in capsys.readouterr().out
    assert rows(state) == before
