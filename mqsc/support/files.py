"""Every file mqsc creates or rewrites, made, opened and replaced one way.

mqsc keeps files that decide what it does: the state database and its lock file, a queue
manager's ``mqsc.toml`` and CSQINP decks (run at every START QMGR), ``mqsc serve``'s users
(who may administer), the console's settings and history, the parser's saved shapes, job data
sets. A file another user can write, or a name another user can point somewhere else, would
let that user change what mqsc does, or make mqsc overwrite a file of the user's. So:

* **Directories** mqsc makes for itself are created 0700, whatever the umask (``mkdir`` then
  ``chmod``: the umask filters the first, not the second). An existing one must be the user's
  own and not writable by group or others. (A directory a user names, such as the one of
  ``--state``, may be shared: each file in it is checked instead.)
* **Files** are created 0600 whatever the umask (``O_CREAT|O_EXCL``, then ``fchmod``), and
  every open uses ``O_NOFOLLOW``: a symbolic link is never followed. What was opened is
  checked on the open descriptor (``fstat``, so nothing can be swapped in between): a regular
  file, the user's own, not writable by group or others. Anything else is refused with a
  :class:`FileError` that says why in one line, and nothing is changed.
* **Rewrites** go to a temporary file beside the target (a unique name, ``O_EXCL``: an
  existing file or link of that name is never reused), synced, then renamed over the target:
  a kill leaves the old file or the new one, never half of one, and a link planted under the
  target's name is replaced, not written through.

Files a user names for output (``mqsc dump -o``, ``\\save``, ``--sysprint``, ``--plot``, a
job's ``--output``) follow :func:`write_output`: the same aside-and-rename, an existing file
keeping its mode, a symbolic link refused unless it leads to a device or a pipe
(``/dev/stdout``).

This module imports nothing else from mqsc, so every layer may use it; docs/state.md
(Files) says the rules for users.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

#: Open flags every open adds: never through a link, never inherited by a child process.
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
#: Opening a FIFO for reading would wait for a writer: open without waiting, then refuse it.
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
#: The errors that mean "not allowed to create here" (a read-only directory or file system).
NOT_WRITABLE = (errno.EACCES, errno.EPERM, errno.EROFS)

StrPath = str | os.PathLike[str]


class FileError(Exception):
    """A file or directory mqsc must not use as it is (or could not create); the message is
    one line and says what was refused and why; nothing was changed.

    ``errno`` is the operating system's error number when one caused it (else None).
    """

    def __init__(self, message: str, errno: int | None = None) -> None:
        super().__init__(message)
        self.errno = errno


def _path(path: StrPath) -> Path:
    """``path`` as a Path; a name with a NUL in it (which no system call takes) refused."""
    path = Path(path)
    if "\0" in str(path):
        raise FileError(f"{str(path)!r}: a file name cannot contain a NUL character")
    return path


def _owner() -> int | None:
    return os.geteuid() if hasattr(os, "geteuid") else None


# ---- directories ---------------------------------------------------------------------------
def private_dir(path: StrPath, what: str = "directory", *, check: bool = True) -> Path:
    """Create ``path`` and its missing parents 0700 (whatever the umask); an existing
    directory must be the user's own and not writable by group or others (unless ``check``
    is false: a directory the user named, whose files are checked one by one). Returns the
    path."""
    path = _path(path)
    missing = []
    current = path
    while not os.path.lexists(current):
        missing.append(current)
        if current.parent == current:
            break
        current = current.parent
    for directory in reversed(missing):
        try:
            os.mkdir(directory, 0o700)
        except FileExistsError:
            continue
        except OSError as error:
            raise FileError(f"cannot create {directory}: {_reason(error)}", error.errno) from None
        try:
            os.chmod(directory, 0o700)  # mkdir's mode is filtered by the umask; chmod is not
        except OSError as error:
            raise FileError(
                f"cannot make {directory} owner-only: {_reason(error)}", error.errno
            ) from None
    if check or missing:
        check_private_dir(path, what)
    return path


def check_private_dir(path: StrPath, what: str = "directory") -> None:
    """Refuse a directory another user owns or group or others can write (one that does not
    exist is not refused). A link to a directory is followed: a user may keep mqsc's data on
    another disk; what the link leads to is checked."""
    path = _path(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as error:
        raise FileError(f"{path}: {_reason(error)}", error.errno) from None
    if not stat.S_ISDIR(info.st_mode):
        raise FileError(
            f"{path} is not a directory; a {what} must be one: refused, nothing was changed"
        )
    _check_owner_and_mode(path, info, what)


# ---- checking files ------------------------------------------------------------------------
def check_private(path: StrPath, what: str = "file") -> os.stat_result | None:
    """Refuse ``path`` when it is a symbolic link, not a regular file (a directory...), owned
    by another user, or writable by group or others; None when it does not exist.

    A directory is checked as by :func:`check_private_dir` (callers checking a whole queue
    manager directory pass it here too)."""
    path = _path(path)
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise FileError(f"{path}: {_reason(error)}", error.errno) from None
    if stat.S_ISLNK(info.st_mode):
        raise FileError(_link_message(path, what))
    if stat.S_ISDIR(info.st_mode) and what.endswith("directory"):
        _check_owner_and_mode(path, info, what)
        return info
    if not stat.S_ISREG(info.st_mode):
        raise FileError(_kind_message(path, info, what))
    _check_owner_and_mode(path, info, what)
    return info


def _check_owner_and_mode(path: Path, info: os.stat_result, what: str) -> None:
    owner = _owner()
    if owner is not None and info.st_uid != owner:
        raise FileError(
            f"{path} is owned by another user (uid {info.st_uid}); a {what} must "
            "be the user's own: refused, nothing was changed"
        )
    mode = stat.S_IMODE(info.st_mode)
    if owner is not None and mode & 0o022:
        fix = "700" if stat.S_ISDIR(info.st_mode) else "600"
        raise FileError(
            f"{path} can be written by group or others (mode {mode:04o}); a "
            f"{what} must be owner-only: refused, nothing was changed "
            f"(chmod {fix} {path})"
        )


def _link_message(path: Path, what: str) -> str:
    try:
        target = os.readlink(path)
    except OSError:
        target = "?"
    dangling = "" if os.path.exists(path) else ", which does not exist"
    return (
        f"{path} is a symbolic link to {target}{dangling}; a {what} is never reached "
        "through a link: refused, nothing was changed"
    )


def _kind_message(path: Path, info: os.stat_result, what: str) -> str:
    kind = (
        "a directory"
        if stat.S_ISDIR(info.st_mode)
        else "a device"
        if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode)
        else "a pipe"
        if stat.S_ISFIFO(info.st_mode)
        else "a socket"
        if stat.S_ISSOCK(info.st_mode)
        else "not a regular file"
    )
    return f"{path} is {kind}, not a {what}: refused, nothing was changed"


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


# ---- opening -------------------------------------------------------------------------------
def open_private(
    path: StrPath,
    flags: int = os.O_RDWR,
    what: str = "file",
    *,
    create: bool = False,
    exclusive: bool = False,
) -> int:
    """Open ``path`` (never through a link) and return the descriptor; with ``create`` a
    missing file is created 0600 (with ``exclusive`` too, an existing name is
    ``FileExistsError``). What was opened is checked on the descriptor: a regular file, the
    user's own, not writable by group or others.

    Raises :class:`FileError` for everything that stops it (``errno`` tells a read-only
    directory, :data:`NOT_WRITABLE`, from a refusal); ``FileNotFoundError`` when the file
    does not exist and ``create`` is false."""
    path = _path(path)
    flags &= ~(os.O_CREAT | os.O_EXCL | os.O_TRUNC)
    for _ in range(10):
        if create:
            try:
                fd = os.open(path, flags | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o600)
            except FileExistsError:
                if exclusive:
                    raise
                # There is one (a file, a link, a directory...): opened and checked below.
            except OSError as error:
                raise FileError(f"cannot create {path}: {_reason(error)}", error.errno) from None
            else:
                try:
                    if hasattr(os, "fchmod"):
                        os.fchmod(fd, 0o600)  # whatever the umask made of the mode
                except OSError:
                    os.close(fd)
                    raise
                return fd
        try:
            fd = os.open(path, flags | _NOFOLLOW | _CLOEXEC | _NONBLOCK)
        except FileNotFoundError:
            if create:
                continue  # removed since it was found: create it after all
            raise
        except OSError as error:
            raise _open_error(path, error, what) from None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise FileError(_kind_message(path, info, what))
            _check_owner_and_mode(path, info, what)
            if _NONBLOCK and hasattr(os, "set_blocking"):
                os.set_blocking(fd, True)
        except BaseException:
            os.close(fd)
            raise
        return fd
    raise FileError(f"cannot open {path}: it keeps being created and removed")


def _open_error(path: Path, error: OSError, what: str) -> FileError:
    """Why an existing ``path`` could not be opened, in one line."""
    try:
        info = os.lstat(path)
    except OSError:
        info = None
    if info is not None:
        if stat.S_ISLNK(info.st_mode):
            return FileError(_link_message(path, what), error.errno)
        if not stat.S_ISREG(info.st_mode):
            return FileError(_kind_message(path, info, what), error.errno)
        try:
            _check_owner_and_mode(path, info, what)
        except FileError as refused:
            return FileError(str(refused), error.errno)
    return FileError(f"{path}: {_reason(error)}", error.errno)


def read_private(path: StrPath, what: str = "file", *, limit: int | None = None) -> bytes | None:
    """The bytes of ``path`` (checked as :func:`open_private` checks it); None when it does
    not exist. Past ``limit`` bytes: :class:`FileError`."""
    try:
        fd = open_private(path, os.O_RDONLY, what)
    except FileNotFoundError:
        return None
    with os.fdopen(fd, "rb") as handle:
        data = handle.read() if limit is None else handle.read(limit + 1)
    if limit is not None and len(data) > limit:
        raise FileError(f"{path} is larger than {limit} bytes; a {what} of mqsc never is: refused")
    return data


# ---- writing -------------------------------------------------------------------------------
def write_private(
    path: StrPath, data: str | bytes, what: str = "file", *, durable: bool = True
) -> Path:
    """Write ``path`` 0600, whole or not at all: a new temporary file beside it, synced
    (``durable``), renamed over it. An existing ``path`` that :func:`check_private` refuses
    is left as it is."""
    path = _path(path)
    check_private(path, what)
    _replace(path, data.encode("utf-8") if isinstance(data, str) else data, 0o600, durable=durable)
    return path


def check_output(path: StrPath, what: str = "output file") -> None:
    """Refuse, before any work is done, a file the user named that :func:`write_output`
    would refuse: a directory, or a link to anything but a device or a pipe."""
    path = _path(path)
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as error:
        raise FileError(f"{path}: {_reason(error)}", error.errno) from None
    if stat.S_ISREG(info.st_mode) or stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode):
        return
    if stat.S_ISLNK(info.st_mode):
        try:
            target = os.stat(path)
        except OSError:
            target = None
        if target is not None and (stat.S_ISCHR(target.st_mode) or stat.S_ISFIFO(target.st_mode)):
            return
        raise FileError(_link_message(path, what))
    raise FileError(_kind_message(path, info, what))


def write_output(path: StrPath, data: str | bytes, what: str = "output file") -> Path:
    """Write a file the user named: a device or a pipe (``/dev/stdout``, also through a
    link) is written in place; anything else is written aside and renamed into place, a new
    file 0600, an existing one keeping its mode. A link to anything but a device or a pipe,
    and a directory, are refused."""
    path = _path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise FileError(f"{path}: {_reason(error)}", error.errno) from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        if stat.S_ISLNK(info.st_mode) or stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode):
            if _write_device(path, raw, what):
                return path
        if stat.S_ISLNK(info.st_mode):
            raise FileError(_link_message(path, what))
        raise FileError(_kind_message(path, info, what))
    mode = stat.S_IMODE(info.st_mode) if info is not None else 0o600
    _replace(path, raw, mode, durable=False)
    return path


def append_output(path: StrPath, what: str = "log file") -> int:
    """A descriptor that appends to a file the user named (``mqsc serve --access-log``): a
    device or a pipe as it is, a regular file created 0600 if missing, never through a link
    to anything else."""
    path = _path(path)
    flags = os.O_WRONLY | os.O_APPEND | _NOFOLLOW | _CLOEXEC | _NONBLOCK
    try:
        fd = os.open(path, flags | os.O_CREAT | os.O_EXCL, 0o600)
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o600)  # whatever the umask made of the mode
        os.set_blocking(fd, True)
        return fd
    except FileExistsError:
        pass
    except OSError as error:
        raise _open_error(path, error, what) from None
    try:
        fd = os.open(path, flags)
    except OSError as error:
        if error.errno != errno.ELOOP:
            raise _open_error(path, error, what) from None
        # A link: only to a device or a pipe (/dev/stderr), opened without creating anything.
        try:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | _CLOEXEC | _NONBLOCK)
        except OSError:
            raise FileError(_link_message(path, what), error.errno) from None
        info = os.fstat(fd)
        if not (stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode)):
            os.close(fd)
            raise FileError(_link_message(path, what), error.errno) from None
    info = os.fstat(fd)
    if stat.S_ISDIR(info.st_mode):  # pragma: no cover - O_WRONLY refuses a directory
        os.close(fd)
        raise FileError(_kind_message(path, info, what))
    os.set_blocking(fd, True)
    return fd


def _write_device(path: Path, data: bytes, what: str) -> bool:
    """Write to what ``path`` leads to if that is a character device or a pipe (opened
    without creating or truncating anything; the descriptor is checked, so a regular file
    swapped in meanwhile is never written). False when it is something else."""
    try:
        fd = os.open(path, os.O_WRONLY | _CLOEXEC | _NONBLOCK)
    except FileNotFoundError:
        return False
    except OSError as error:
        if error.errno == errno.ENXIO:  # a pipe nobody reads
            raise FileError(f"{path}: no process reads this pipe", error.errno) from None
        if error.errno in (errno.EISDIR, errno.ELOOP):
            return False
        raise FileError(f"{path}: {_reason(error)}", error.errno) from None
    try:
        info = os.fstat(fd)
        if not (stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode)):
            return False
        os.set_blocking(fd, True)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    except OSError as error:
        raise FileError(f"cannot write {path}: {_reason(error)}", error.errno) from None
    finally:
        os.close(fd)
    return True


def _replace(path: Path, data: bytes, mode: int, *, durable: bool) -> None:
    directory = path.parent
    temporary, fd = _temporary(path)
    try:
        try:
            if hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, path)
    except OSError as error:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(error, IsADirectoryError) or os.path.isdir(path) and not os.path.islink(path):
            raise FileError(
                f"{path} is a directory: refused, nothing was changed", error.errno
            ) from None
        raise FileError(f"cannot write {path}: {_reason(error)}", error.errno) from None
    if durable:
        sync_dir(directory)


def _temporary(path: Path) -> tuple[Path, int]:
    """A new file beside ``path`` under a name nobody can have prepared (``O_EXCL``)."""
    for _ in range(100):
        temporary = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
        try:
            fd = os.open(
                temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o600
            )
        except FileExistsError:
            continue
        except OSError as error:
            raise FileError(f"cannot write {path}: {_reason(error)}", error.errno) from None
        return temporary, fd
    raise FileError(f"cannot write {path}: no free temporary name beside it")  # pragma: no cover


def sync_dir(directory: StrPath) -> None:
    """Make a rename in ``directory`` durable (where directories can be synced)."""
    try:
        fd = os.open(directory, os.O_RDONLY | _CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
