"""The SMF data set file: appended whole, private, never written through a link."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mqsc.store.smfdata import SmfDataSet


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
