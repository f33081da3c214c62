"""The VTOC of a catalog directory (mqsc/store/vtoc.py): rows kept, renamed and dropped, the
database owner-only, and a reader never creating it."""

from __future__ import annotations

import os
import stat

from mqsc.store.vtoc import FILE_NAME, Allocation, Vtoc


def test_rows_are_kept_renamed_and_dropped(tmp_path) -> None:
    vtoc = Vtoc(tmp_path)
    assert vtoc.get("USER1.JCL") is None and vtoc.all() == {}
    assert not (tmp_path / FILE_NAME).exists()  # reading creates nothing
    pds = Allocation(dsorg="PO", dsntype="LIBRARY", dirblk=5, created="2026/03/02")
    vtoc.put("USER1.JCL", pds)
    vtoc.mark_member("USER1.JCL", "LOADMOD", True)
    assert vtoc.get("USER1.JCL") == pds and vtoc.binary_member("USER1.JCL", "LOADMOD")
    vtoc.rename("USER1.JCL", "USER1.CNTL")
    assert vtoc.get("USER1.JCL") is None and vtoc.get("USER1.CNTL") == pds
    assert vtoc.binary_member("USER1.CNTL", "LOADMOD")
    vtoc.rename_member("USER1.CNTL", "LOADMOD", "NEWMOD")
    assert vtoc.binary_member("USER1.CNTL", "NEWMOD")
    vtoc.drop("USER1.CNTL")
    assert vtoc.all() == {} and not vtoc.binary_member("USER1.CNTL", "NEWMOD")


def test_the_database_is_owner_only_whatever_the_umask(tmp_path) -> None:
    old = os.umask(0)
    try:
        Vtoc(tmp_path).put("USER1.X", Allocation())
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / FILE_NAME).stat().st_mode) == 0o600


def test_every_row_comes_back_from_one_query(tmp_path) -> None:
    vtoc = Vtoc(tmp_path)
    for n in range(50):
        vtoc.put(f"USER1.D{n:05d}", Allocation(lrecl=80 + n))
    rows = vtoc.all()
    assert len(rows) == 50 and rows["USER1.D00049"].lrecl == 129
