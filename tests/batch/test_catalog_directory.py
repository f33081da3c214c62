"""The home's catalog directory is written into only while it is private; a directory a
``--catalog`` option names is the user's choice, its data sets checked one by one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mqsc.batch.datasets import Catalog, DataSetError, home_catalog


@pytest.mark.parametrize("mode", [0o777, 0o770])
def test_the_home_catalog_refuses_a_directory_others_may_write(mode: int) -> None:
    catalog = home_catalog()
    catalog.root.mkdir(parents=True)
    catalog.root.chmod(mode)
    for write in (
        lambda: catalog.write("USER1.DECK", "", "DEFINE QLOCAL(A)\n"),
        lambda: catalog.write("USER1.LIB", "MEMBER", "DEFINE QLOCAL(A)\n"),
        lambda: catalog.write_bytes("USER1.SMF.DUMP", "", b"\x00\x05\x00\x00g"),
        lambda: catalog.create_library("USER1.NEW.LIB"),
    ):
        with pytest.raises(DataSetError, match="catalog directory must be owner-only"):
            write()
    assert os.listdir(catalog.root) == []


def test_made_owner_only_under_umask_000() -> None:
    catalog = home_catalog()
    old = os.umask(0)
    try:
        catalog.write("USER1.LIB", "MEMBER", "DEFINE QLOCAL(A)\n")
    finally:
        os.umask(old)
    assert catalog.root.stat().st_mode & 0o777 == 0o700
    assert catalog.path("USER1.LIB").stat().st_mode & 0o777 == 0o700


def test_a_named_catalog_directory_is_taken_as_it_is(tmp_path: Path) -> None:
    shared = tmp_path / "team"
    shared.mkdir()
    shared.chmod(0o770)
    Catalog(shared).write("USER1.DECK", "", "DEFINE QLOCAL(A)\n")
    assert (shared / "USER1.DECK").stat().st_mode & 0o777 == 0o600
