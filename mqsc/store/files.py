"""Owner-only files and directories for a queue manager's definition and state.

A queue manager's directory holds its CSQINP1/CSQINP2 copies, which run at every START QMGR,
and its state database: a file another user can write would let that user add commands to
every start. So they are created owner-only (0700 directories, 0600 files) whatever the umask,
written aside and renamed into place (a kill never leaves half a file), and a file or
directory that another user owns or that group or others can write is refused.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from mqsc.store.errors import StoreError


def private_dir(path: Path) -> None:
    """Create ``path`` (and missing parents) owner-only; an existing directory is left as it
    is (then :func:`check_private` says whether it may be used)."""
    missing = []
    current = path
    while not current.exists():
        missing.append(current)
        if current.parent == current:
            break
        current = current.parent
    for directory in reversed(missing):
        try:
            directory.mkdir(mode=0o700)
        except FileExistsError:
            continue
        except OSError as error:
            raise StoreError(f"cannot create {directory}: {error.strerror}") from None
        # mkdir's mode is filtered by the umask; chmod is not.
        os.chmod(directory, 0o700)


def write_private(path: Path, text: str) -> None:
    """Write ``path`` owner-only, atomically: a temporary file beside it, synced, then
    renamed over it."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            if hasattr(os, "fchmod"):
                os.fchmod(fd, 0o600)
            os.write(fd, text.encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, path)
    except OSError as error:
        try:
            temporary.unlink(missing_ok=True)
        except OSError:
            pass
        raise StoreError(f"cannot write {path}: {error.strerror}") from None


def check_private(path: Path, what: str = "state file") -> None:
    """Refuse a file or directory another user owns or group or others can write (nothing
    that does not exist is refused)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as error:
        raise StoreError(f"{path}: {error.strerror}") from None
    mode = stat.S_IMODE(info.st_mode)
    if info.st_uid != os.geteuid():
        raise StoreError(
            f"{path} is owned by another user (uid {info.st_uid}); a {what} must "
            "be the user's own: refused, nothing was changed"
        )
    if mode & 0o022:
        fix = "700" if stat.S_ISDIR(info.st_mode) else "600"
        raise StoreError(
            f"{path} can be written by group or others (mode {mode:04o}); a "
            f"{what} must be owner-only: refused, nothing was changed "
            f"(chmod {fix} {path})"
        )
