"""mqsc/support/files.py: owner-only files and directories whatever the umask, never through a
link, refusals in one line, rewrites whole or not at all."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from mqsc.support import files
from mqsc.support.files import FileError


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


@pytest.fixture(params=[0o000, 0o022, 0o277])
def umask(request):
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def test_directories_are_0700_whatever_the_umask(tmp_path: Path, umask: int) -> None:
    made = files.private_dir(tmp_path / "a" / "b" / "c")
    os.umask(0o022)
    for path in (tmp_path / "a", tmp_path / "a" / "b", made):
        assert mode(path) == 0o700


def test_files_are_0600_whatever_the_umask(tmp_path: Path, umask: int) -> None:
    files.write_private(tmp_path / "w", "text")
    os.close(files.open_private(tmp_path / "o", create=True))
    files.write_output(tmp_path / "out", b"bytes")
    fd = files.append_output(tmp_path / "log")
    os.close(fd)
    os.umask(0o022)
    assert {p.name: mode(p) for p in tmp_path.iterdir()} == {
        "w": 0o600,
        "o": 0o600,
        "out": 0o600,
        "log": 0o600,
    }


def test_an_existing_directory_others_may_write_is_refused(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o770)
    with pytest.raises(FileError, match=r"can be written by group or others \(mode 0770\)"):
        files.private_dir(shared, "state directory")
    assert files.private_dir(shared, check=False) == shared  # a directory the user named
    made = files.private_dir(shared / "new", check=False)
    assert mode(made) == 0o700


@pytest.mark.parametrize("kind", ["link", "dangling", "directory", "fifo", "group", "other"])
def test_what_check_private_refuses(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "x"
    target = tmp_path / "target"
    target.write_text("keep")
    if kind == "link":
        path.symlink_to(target)
    elif kind == "dangling":
        path.symlink_to(tmp_path / "nowhere")
    elif kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.write_text("")
        os.chmod(path, 0o620 if kind == "group" else 0o602)
    with pytest.raises(FileError) as refused:
        files.check_private(path, "state file")
    message = str(refused.value)
    assert "\n" not in message and "refused, nothing was changed" in message
    expected = {
        "link": f"is a symbolic link to {target}",
        "dangling": "which does not exist",
        "directory": "is a directory, not a state file",
        "fifo": "is a pipe",
        "group": "can be written by group or others",
        "other": "mode 0602",
    }[kind]
    assert expected in message
    # Opening and rewriting refuse it the same way, and leave everything as it was.
    with pytest.raises(FileError):
        os.close(files.open_private(path, os.O_RDWR, "state file", create=True))
    if kind not in ("directory",):
        with pytest.raises(FileError):
            files.write_private(path, "new", "state file")
    assert target.read_text() == "keep"
    assert files.check_private(tmp_path / "missing") is None


def test_open_private_checks_the_descriptor_not_a_name(tmp_path: Path) -> None:
    path = tmp_path / "f"
    os.close(files.open_private(path, create=True))
    with pytest.raises(FileExistsError):
        files.open_private(path, create=True, exclusive=True)
    with pytest.raises(FileNotFoundError):
        files.open_private(tmp_path / "missing")
    os.mkfifo(tmp_path / "pipe")
    # A FIFO would block a reading open until a writer came: refused at once instead.
    with pytest.raises(FileError, match="is a pipe"):
        files.read_private(tmp_path / "pipe")


def test_a_planted_link_is_replaced_never_written_through(tmp_path: Path) -> None:
    target = tmp_path / "victim.txt"
    target.write_text("precious")
    kept = tmp_path / "kept"
    kept.mkdir()
    (kept / "users.json").symlink_to(target)
    with pytest.raises(FileError, match="symbolic link"):
        files.write_private(kept / "users.json", "{}")
    (kept / "users.json").unlink()
    # The fixed temporary name of old (users.json.tmp) followed a link planted under it.
    (kept / "users.json.tmp").symlink_to(target)
    files.write_private(kept / "users.json", "{}")
    assert target.read_text() == "precious"
    assert (kept / "users.json").read_text() == "{}" and not (kept / "users.json").is_symlink()


def test_rewrites_are_whole_and_leave_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "state"
    errors = []

    def writer(n: int) -> None:
        try:
            for i in range(50):
                files.write_private(path, f"{n}:{i}\n" * 1000, durable=False)
        except FileError as error:  # pragma: no cover - what the test is about
            errors.append(error)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    lines = set(path.read_text().splitlines())
    assert len(lines) == 1  # one writer's whole file, never a mixture
    assert [p.name for p in tmp_path.iterdir()] == ["state"]


def test_write_output_devices_links_and_modes(tmp_path: Path) -> None:
    files.write_output("/dev/null", "discarded")  # a device: written in place
    link = tmp_path / "to-null"
    link.symlink_to("/dev/null")
    files.write_output(link, "discarded")
    assert link.is_symlink()
    target = tmp_path / "t"
    target.write_text("keep")
    (tmp_path / "to-file").symlink_to(target)
    with pytest.raises(FileError, match="is a symbolic link"):
        files.write_output(tmp_path / "to-file", "x")
    assert target.read_text() == "keep"
    with pytest.raises(FileError, match="is a directory"):
        files.write_output(tmp_path, "x")
    existing = tmp_path / "mine.txt"
    existing.write_text("old")
    os.chmod(existing, 0o644)
    files.write_output(existing, "new")
    assert existing.read_text() == "new" and mode(existing) == 0o644  # keeps its mode


@pytest.mark.parametrize(
    "call",
    [
        lambda p: files.write_private(p, "x"),
        lambda p: files.read_private(p),
        lambda p: files.write_output(p, "x"),
        lambda p: files.private_dir(p),
        lambda p: files.check_private(p),
        lambda p: files.open_private(p, create=True),
    ],
)
def test_a_nul_in_a_name_is_a_one_line_refusal(call, tmp_path: Path) -> None:
    with pytest.raises(FileError, match="cannot contain a NUL character"):
        call(str(tmp_path / "a\0b"))


def test_append_output_refuses_a_link_to_a_file(tmp_path: Path) -> None:
    target = tmp_path / "t"
    target.write_text("keep")
    (tmp_path / "log").symlink_to(target)
    with pytest.raises(FileError, match="symbolic link"):
        files.append_output(tmp_path / "log")
    assert target.read_text() == "keep"
    (tmp_path / "err").symlink_to("/dev/null")
    os.close(files.append_output(tmp_path / "err"))
