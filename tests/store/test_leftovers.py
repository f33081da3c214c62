"""What a killed creation leaves, and companion files SQLite cannot open: the creation name of
a database already linked into place is removed by the next open (docs/state.md), and a
``-wal`` or ``-shm`` name that is a link or a directory is a one-line refusal, never a
``sqlite3.OperationalError`` traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mqsc.cli import main
from mqsc.store.home import QMgrError, open_qmgr


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _deck(tmp_path: Path) -> str:
    deck = tmp_path / "d.mqsc"
    deck.write_text("DEFINE QLOCAL(AFTER.THE.KILL) REPLACE\n")
    return str(deck)


def _one_line(capsys, *needles: str) -> str:
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize("pid", ["dead", "alive"])
def test_the_creation_name_of_a_linked_database_goes_at_the_next_open(
    pid: str, tmp_path: Path, capsys
) -> None:
    """A kill between ``link(aside, state.db)`` and ``unlink(aside)`` leaves the creation name
    as a second name of the live database; a live process with that pid (the pid reused) does
    not keep it: it is the same file as the database."""
    db = tmp_path / "qm.db"
    open_qmgr(state=db).close()
    number = _dead_pid() if pid == "dead" else os.getppid()
    leftover = tmp_path / f"qm.db.creating-{number}"
    os.link(db, leftover)
    assert main(["run", "--state", str(db), _deck(tmp_path)]) == 0
    capsys.readouterr()
    assert not leftover.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.mqsc", "qm.db", "qm.db-lock"]


def test_an_unfinished_creation_of_a_dead_process_goes_too(tmp_path: Path) -> None:
    db = tmp_path / "qm.db"
    open_qmgr(state=db).close()
    leftover = tmp_path / f"qm.db.creating-{_dead_pid()}"
    leftover.write_bytes(b"half a database")
    os.chmod(leftover, 0o600)
    open_qmgr(state=db).close()
    assert not leftover.exists()


@pytest.mark.parametrize("suffix", ["-wal", "-shm"])
@pytest.mark.parametrize("kind", ["directory", "dangling link", "link"])
@pytest.mark.parametrize("when", ["new", "existing"])
def test_a_companion_sqlite_cannot_open_is_a_one_line_refusal(
    suffix: str, kind: str, when: str, tmp_path: Path, capsys
) -> None:
    db = tmp_path / "qm.db"
    if when == "existing":
        open_qmgr(state=db).close()
    companion = Path(f"{db}{suffix}")
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("keep")
    if kind == "directory":
        companion.mkdir()
    elif kind == "dangling link":
        companion.symlink_to(tmp_path / "nowhere")
    else:
        companion.symlink_to(elsewhere)
    before = db.read_bytes() if when == "existing" else None
    assert main(["run", "--state", str(db), _deck(tmp_path)]) == 20
    line = _one_line(capsys, f"qm.db{suffix}", "refused, nothing was changed")
    assert ("is a directory" if kind == "directory" else "is a symbolic link") in line
    assert elsewhere.read_text() == "keep"
    if when == "new":
        assert not db.exists()
    else:
        assert db.read_bytes() == before
    with pytest.raises(QMgrError, match="refused"):
        open_qmgr(state=db)


def test_a_wal_sqlite_cannot_create_is_a_one_line_error(tmp_path: Path, capsys) -> None:
    """A directory SQLite may not write to (its -wal cannot be made): the first command
    ends in one line, not an OperationalError traceback."""
    if os.geteuid() == 0:
        pytest.skip("root writes every directory")
    directory = tmp_path / "ro"
    directory.mkdir()
    db = directory / "qm.db"
    open_qmgr(state=db).close()
    os.chmod(directory, 0o500)
    try:
        status = main(["run", "--state", str(db), _deck(tmp_path)])
    finally:
        os.chmod(directory, 0o700)
    assert status in (10, 20)
    _one_line(capsys, "qm.db")
