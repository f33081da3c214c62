"""The SMF data set file: appended whole, private, never written through a link."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mqsc.store.home import QMgrError, home, open_qmgr
from mqsc.store.smfdata import SmfDataSet
from mqsc.support.files import FileError


def test_appended_records_are_read_back_and_the_file_is_private(tmp_path: Path) -> None:
    data_set = SmfDataSet(tmp_path / "SYS1.MAN1")
    assert data_set.read() == b""
    data_set.append([b"\x00\x08\x00\x00abcd", b"\x00\x06\x00\x00ef"])
    data_set.append([b"\x00\x05\x00\x00g"])
    assert data_set.read() == b"\x00\x08\x00\x00abcd\x00\x06\x00\x00ef\x00\x05\x00\x00g"
    assert (tmp_path / "SYS1.MAN1").stat().st_mode & 0o777 == 0o600
    data_set.clear()
    assert data_set.read() == b""


def test_a_link_in_its_place_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.write_bytes(b"keep")
    os.symlink(target, tmp_path / "SYS1.MAN1")
    data_set = SmfDataSet(tmp_path / "SYS1.MAN1")
    with pytest.raises(OSError):
        data_set.append([b"\x00\x05\x00\x00g"])
    with pytest.raises(OSError):
        data_set.clear()
    assert target.read_bytes() == b"keep"


def test_its_directory_is_owner_only_under_umask_000(tmp_path: Path) -> None:
    """The first record of a trace may be what makes the catalog directory: 0700 whatever
    the umask, as every directory of the home."""
    old = os.umask(0)
    try:
        SmfDataSet(tmp_path / "catalog" / "SYS1.MAN1").append([b"\x00\x05\x00\x00g"])
    finally:
        os.umask(old)
    assert (tmp_path / "catalog").stat().st_mode & 0o777 == 0o700
    assert (tmp_path / "catalog" / "SYS1.MAN1").stat().st_mode & 0o777 == 0o600


def test_a_catalog_directory_others_may_write_is_refused(tmp_path: Path) -> None:
    catalog = tmp_path / "catalog"
    catalog.mkdir()
    catalog.chmod(0o777)
    with pytest.raises(FileError, match="catalog directory must be owner-only"):
        SmfDataSet(catalog / "SYS1.MAN1").append([b"\x00\x05\x00\x00g"])
    assert not (catalog / "SYS1.MAN1").exists()


def test_a_queue_manager_of_the_home_is_not_opened_over_such_a_catalog() -> None:
    """It would record SMF data there after its work committed: refused before any work."""
    qm = open_qmgr()
    assert qm.execute("DEFINE QLOCAL(KEPT)").ok
    qm.close()
    (home() / "catalog").mkdir(exist_ok=True)
    (home() / "catalog").chmod(0o770)
    with pytest.raises(QMgrError, match="catalog directory must be owner-only"):
        open_qmgr()
    (home() / "catalog").chmod(0o700)
    qm = open_qmgr()
    assert qm.execute("DISPLAY QLOCAL(KEPT)").ok
    qm.close()
