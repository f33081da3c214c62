"""A damaged database that SQLite can still open is refused with the documented message,
without a traceback and without changing a byte."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from mqsc.cli import main
from mqsc.store.home import QMgrError, open_qmgr


def _sql(statement: str) -> Callable[[Path], None]:
    def damage(db: Path) -> None:
        conn = sqlite3.connect(db)
        conn.execute(statement)
        conn.commit()
        conn.close()

    return damage


def _malformed_page(db: Path) -> None:
    """Overwrite one page of the entity table's b-tree with garbage."""
    conn = sqlite3.connect(db)
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.close()
    data = bytearray(db.read_bytes())
    page = pages // 2
    data[page * page_size : (page + 1) * page_size] = b"\x0d\xff\xfe" * (
        page_size // 3
    ) + b"\x00" * (page_size % 3)
    db.write_bytes(bytes(data))


DAMAGE = {
    "malformed data page": _malformed_page,
    "missing table": _sql("DROP TABLE profile"),
    "bad JSON row": _sql(
        'UPDATE entity SET data = \'{"kind": "obj\' WHERE key = \'"USER1.ABAR.QUEUE"\''
    ),
    "row of the wrong shape": _sql(
        "UPDATE entity SET data = '[1, 2]' WHERE key = '\"USER1.ABAR.QUEUE\"'"
    ),
    "row for an unknown table": _sql(
        "UPDATE entity SET tbl = 'nosuch' WHERE key = '\"USER1.ABAR.QUEUE\"'"
    ),
}


@pytest.fixture
def damaged(tmp_path: Path, request) -> tuple[Path, bytes]:
    db = tmp_path / "qm.db"
    qm = open_qmgr("QMZ1", state=db)
    assert qm.execute("DEFINE QLOCAL(EXTRA) DESCR('so there are pages')").ok
    qm.close()
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA journal_mode=DELETE")  # one file, no WAL beside it
    conn.close()
    DAMAGE[request.param](db)
    return db, db.read_bytes()


@pytest.mark.parametrize("damaged", list(DAMAGE), indirect=True)
def test_refused_untouched(damaged: tuple[Path, bytes]) -> None:
    db, before = damaged
    with pytest.raises(
        QMgrError, match="is not a usable mqsc state database .*it was left untouched"
    ):
        open_qmgr("QMZ1", state=db)
    assert db.read_bytes() == before
    assert not Path(f"{db}-wal").exists() or Path(f"{db}-wal").stat().st_size == 0


@pytest.mark.parametrize("damaged", list(DAMAGE), indirect=True)
@pytest.mark.parametrize(
    "words,status",
    [
        (["run", "DECK"], 20),
        (["put", "USER1.ABAR.QUEUE"], 20),
        (["dump"], 2),
        (["check", "DECK"], 2),
    ],
)
def test_cli_refuses_in_one_line(
    damaged: tuple[Path, bytes], words: list[str], status: int, capsys, monkeypatch, tmp_path: Path
) -> None:
    db, before = damaged
    deck = tmp_path / "deck.mqsc"
    deck.write_text("DEFINE QLOCAL(NOT.KEPT)\n")
    names = {"COPY": str(tmp_path / "copy.db"), "DECK": str(deck)}
    args = [names.get(w, w) for w in words]
    assert main([*args, "--state", str(db)]) == status
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "left untouched" in err, err
    assert db.read_bytes() == before


#: Damage found before any row is decoded: even reset refuses it (the file is not known to
#: be an mqsc database in working order). A database whose pages are sound but whose rows do
#: not decode can be reset: that is the way out.
PAGE_DAMAGE = ("malformed data page", "missing table")


@pytest.mark.parametrize("damaged", list(DAMAGE), indirect=True)
def test_reset(damaged: tuple[Path, bytes], request, capsys) -> None:
    db, before = damaged
    kind = request.node.callspec.params["damaged"]
    if kind in PAGE_DAMAGE:
        assert main(["state", "reset", "--yes", "--state", str(db)]) == 2
        assert "left untouched" in capsys.readouterr().err
        assert db.read_bytes() == before
    else:
        assert main(["state", "reset", "--yes", "--state", str(db)]) == 0
        assert not db.exists()
        open_qmgr("QMZ1", state=db).close()
