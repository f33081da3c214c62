"""Owner-only queue manager files whatever the umask; files another user owns or can write
are refused."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from mqsc.cli import main
from mqsc.repl.app import history_path, history_problem
from mqsc.store.home import QMgrError, open_qmgr, qmgr_dir


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def open_umask():
    old = os.umask(0)
    try:
        yield
    finally:
        os.umask(old)


def test_created_queue_manager_is_owner_only_under_umask_000(
    open_umask, mqsc_home: Path, capsys
) -> None:
    assert main(["create", "QMA"]) == 0
    assert main(["put", "-m", "QMA", "SYSTEM.DEFAULT.LOCAL.QUEUE"]) in (0, 10)
    directory = qmgr_dir("QMA")
    assert mode(directory) == 0o700
    assert mode(mqsc_home) == 0o700 and mode(mqsc_home / "qmgrs") == 0o700
    files = sorted(p for p in directory.iterdir() if p.is_file())
    assert {p.name for p in files} >= {
        "mqsc.toml",
        "CSQINP1.mqsc",
        "CSQINP2.mqsc",
        "state.db",
        "state.db-lock",
    }
    assert {p.name: mode(p) for p in files} == {p.name: 0o600 for p in files}


def test_qmz1_first_use_is_owner_only_under_umask_000(open_umask) -> None:
    open_qmgr().close()
    directory = qmgr_dir("QMZ1")
    assert mode(directory) == 0o700
    assert all(mode(p) == 0o600 for p in directory.iterdir() if p.is_file())


def test_history_is_owner_only_under_umask_000(open_umask, mqsc_home: Path) -> None:
    path = history_path(mqsc_home, "QMZ1")
    assert history_problem(path) is None
    assert mode(path.parent) == 0o700 and mode(path) == 0o600
    os.chmod(path, 0o622)
    assert history_problem(path) is not None  # writable by others: not used


@pytest.mark.parametrize("target", ["state.db", "mqsc.toml", "CSQINP1.mqsc", "."])
@pytest.mark.parametrize("bits", [0o020, 0o002])
def test_writable_by_group_or_others_is_refused(
    target: str, bits: int, tmp_path: Path, capsys
) -> None:
    open_qmgr().close()
    path = qmgr_dir("QMZ1") / target
    os.chmod(path, mode(path) | bits)
    db = qmgr_dir("QMZ1") / "state.db"
    before = db.read_bytes()
    deck = tmp_path / "d.mqsc"
    deck.write_text("DEFINE QLOCAL(NOT.KEPT)\n")
    assert main(["run", str(deck)]) == 20
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "can be written by group or others" in err and "refused" in err
    assert db.read_bytes() == before


def test_a_state_file_given_with_state_is_checked_too(tmp_path: Path) -> None:
    db = tmp_path / "qm.db"
    open_qmgr(state=db).close()
    os.chmod(db, 0o666)
    with pytest.raises(QMgrError, match="can be written by group or others"):
        open_qmgr(state=db)


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
@pytest.mark.parametrize("target", ["state.db", "mqsc.toml"])
def test_owned_by_another_user_is_refused(target: str) -> None:
    open_qmgr().close()
    path = qmgr_dir("QMZ1") / target
    os.chown(path, 65534, -1)
    with pytest.raises(QMgrError, match="owned by another user"):
        open_qmgr()
