"""The public API takes a path as Python code usually holds one: a str, a pathlib.Path, or any
os.PathLike (``mqsc.open_qmgr("QMZ1", state="x.db")`` raised AttributeError on a str)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import mqsc
from mqsc.batch.datasets import Catalog
from mqsc.repl import config
from mqsc.serve import users
from mqsc.store import StateStore
from mqsc.store.home import load_definition, new_definition, scratch_qmgr, write_definition


class Custom:
    """An os.PathLike that is neither a str nor a pathlib.Path."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __fspath__(self) -> str:
        return str(self.path)


KINDS = {"str": str, "Path": Path, "PathLike": Custom}


@pytest.fixture(params=list(KINDS))
def as_(request):
    kind = KINDS[request.param]
    return lambda path: kind(Path(path))


def test_open_qmgr_and_the_state_store(as_, tmp_path: Path) -> None:
    state = tmp_path / "qm.db"
    qm = mqsc.open_qmgr("QMZ1", state=as_(state))
    try:
        assert qm.execute("DEFINE QLOCAL(BY.PATH)").ok
        qm.gate.backup(as_(tmp_path / "copy.db"))
    finally:
        qm.close()
    assert "BY.PATH" in scratch_qmgr(state=as_(state)).state.tables["qlocal"]
    store = StateStore.open(as_(tmp_path / "copy.db"))
    try:
        assert store.names() == ["QMZ1"]
    finally:
        store.release()
    StateStore.reset(as_(tmp_path / "copy.db"))
    assert not (tmp_path / "copy.db").exists()


def test_definitions_users_config_and_catalog(as_, tmp_path: Path) -> None:
    deck = tmp_path / "inp1.mqsc"
    deck.write_text("DEFINE BUFFPOOL(0) BUFFERS(1000)\nDEFINE PSID(0) BUFFPOOL(0)\n")
    definition = new_definition("QMP", csqinp1=[as_(deck)])
    write_definition(definition, as_(tmp_path / "QMP"))
    assert load_definition(as_(tmp_path / "QMP")).name == "QMP"
    path = users.save(
        {"bob": users.make_user("bob", "MQWebUser", "pw")}, as_(tmp_path / "conf" / "users.json")
    )
    assert set(users.load(as_(path))) == {"bob"}
    written = config.write(config.Settings(), as_(tmp_path / "conf" / "config.toml"))
    assert config.load(as_(written)) == (config.Settings(), [])
    catalog = Catalog(as_(tmp_path / "catalog"))
    catalog.write("USER1.DATA", "", "RECORD\n")
    assert catalog.read("USER1.DATA") == "RECORD\n" and isinstance(catalog.root, Path)
    assert os.path.isfile(tmp_path / "catalog" / "USER1.DATA")


@pytest.mark.parametrize("kind", ["Path", "PathLike"])
def test_run_takes_mqsc_text_and_says_so_for_a_path(kind: str, tmp_path: Path) -> None:
    """``run`` takes a deck's text, not where it is (the engine reads no files): a path is a
    TypeError that says what to pass, and nothing was run."""
    deck = tmp_path / "d.mqsc"
    deck.write_text("DEFINE QLOCAL(FROM.A.PATH)\n")
    qm = mqsc.open_qmgr("QMZ1", memory=True)
    with pytest.raises(TypeError, match=r"read a deck file first, qm.run\(Path\('deck.mqsc'\)"):
        qm.run(KINDS[kind](deck))
    assert qm.execute("DISPLAY QLOCAL(FROM.A.PATH)").objects == ()
    [result] = qm.run(deck.read_text())
    assert result.ok
