"""The files of a catalog directory, reached only through it.

A data set is ``ROOT/DSN`` and a member ``ROOT/DSN/MEMBER``; names are checked by their
callers (mqsc/batch/names.py: no ``/``, no ``..``), and every file here is opened relative to
the directory that holds it with ``O_NOFOLLOW`` at each step, so a link planted in the catalog
(``ROOT/USER1.X -> /etc/passwd``, or a library that is a link to another folder) is refused,
never followed: no file outside the catalog directory is read or written through a data set
name. Files are written aside and renamed into place (a reader never sees half a data set),
owner-only; a library is an owner-only folder.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from mqsc.support.bounded import MAX_INPUT_BYTES, InputTooLarge
from mqsc.support.files import private_dir

_DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class Refused(OSError):
    """A catalog entry that is not a plain file or folder of the catalog (a link, a device)."""

    def __init__(self, name: str) -> None:
        super().__init__(errno.ELOOP, f"{name} is not a data set of the catalog (a link?)")


@dataclass(frozen=True, slots=True)
class Entry:
    """One name of the catalog directory: a file (sequential data set) or a folder (a
    library), with its size in bytes and when it last changed."""

    name: str
    library: bool
    size: int
    modified: float


def _open_dir(parent: int | None, name: str | Path) -> int:
    try:
        return os.open(name, _DIRECTORY | _NOFOLLOW, dir_fd=parent)
    except OSError as error:
        if error.errno in (errno.ELOOP, errno.ENOTDIR):
            raise Refused(str(name)) from None
        raise


class Place:
    """The folder of a catalog entry, held open while it is used."""

    def __init__(self, root: Path, library: str | None = None, *, create: bool = False) -> None:
        if create:
            # Owner-only, the missing parents too, whatever the umask (mqsc/support/files.py).
            private_dir(root, "data set catalog", check=False)
        self.fd = _open_dir(None, root)
        if library is not None:
            try:
                if create:
                    try:
                        os.mkdir(library, 0o700, dir_fd=self.fd)
                    except FileExistsError:
                        pass
                inner = _open_dir(self.fd, library)
            except BaseException:
                os.close(self.fd)
                raise
            os.close(self.fd)
            self.fd = inner

    def __enter__(self) -> Place:
        return self

    def __exit__(self, *exc) -> None:
        os.close(self.fd)

    def read(self, name: str, limit: int = MAX_INPUT_BYTES) -> bytes:
        fd = os.open(name, os.O_RDONLY | _NOFOLLOW, dir_fd=self.fd)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise Refused(name)
            chunks = []
            total = 0
            while True:
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    break
                total += len(chunk)
                if total > limit:
                    raise InputTooLarge(limit)
                chunks.append(chunk)
            return b"".join(chunks)
        finally:
            os.close(fd)

    def write(self, name: str, data: bytes) -> None:
        """Replace (or create) ``name`` with ``data``: written aside, synced, renamed."""
        temporary = f".{name}.{os.getpid()}.{id(data):x}.tmp"
        fd = os.open(
            temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600, dir_fd=self.fd
        )
        try:
            try:
                if hasattr(os, "fchmod"):
                    os.fchmod(fd, 0o600)
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view) :]
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(temporary, name, src_dir_fd=self.fd, dst_dir_fd=self.fd)
        except BaseException:
            try:
                os.unlink(temporary, dir_fd=self.fd)
            except OSError:
                pass
            raise

    def kind(self, name: str) -> str:
        """``file``, ``library``, ``missing`` or ``other`` (a link, a device...)."""
        try:
            info = os.stat(name, dir_fd=self.fd, follow_symlinks=False)
        except FileNotFoundError:
            return "missing"
        if stat.S_ISREG(info.st_mode):
            return "file"
        if stat.S_ISDIR(info.st_mode):
            return "library"
        return "other"

    def remove(self, name: str) -> None:
        kind = self.kind(name)
        if kind == "library":
            inner = _open_dir(self.fd, name)
            try:
                for member in os.listdir(inner):
                    os.unlink(member, dir_fd=inner)
            finally:
                os.close(inner)
            os.rmdir(name, dir_fd=self.fd)
        elif kind != "missing":
            os.unlink(name, dir_fd=self.fd)

    def rename(self, old: str, new: str) -> None:
        os.rename(old, new, src_dir_fd=self.fd, dst_dir_fd=self.fd)

    def entries(self, *, sizes: bool = False) -> Iterator[Entry]:
        """The plain files and folders here (links and hidden files left out); with ``sizes``,
        a library's size is its members'."""
        with os.scandir(self.fd) as scan:
            for found in scan:
                if found.name.startswith(".") or found.is_symlink():
                    continue
                library = found.is_dir(follow_symlinks=False)
                if not library and not found.is_file(follow_symlinks=False):
                    continue
                if not sizes:
                    yield Entry(found.name, library, 0, 0.0)
                    continue
                info = found.stat(follow_symlinks=False)
                size = _folder_size(self.fd, found.name) if library else info.st_size
                yield Entry(found.name, library, size, info.st_mtime)


def _folder_size(parent: int, name: str) -> int:
    try:
        inner = _open_dir(parent, name)
    except OSError:
        return 0
    try:
        total = 0
        with os.scandir(inner) as scan:
            for found in scan:
                if found.is_file(follow_symlinks=False):
                    total += found.stat(follow_symlinks=False).st_size
        return total
    finally:
        os.close(inner)
