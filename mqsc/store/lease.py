"""Who has a state database open: a lease every opener holds for its whole life.

Beside ``state.db`` is ``state.db-lock``. Every process that opens the database takes a shared
``flock`` on it before it looks at the database and keeps it until it closes (the operating
system drops it when the process dies, even by SIGKILL), and appends a line naming itself
(pid, program, since when) so that a refusal can say who holds the queue manager.
``mqsc state reset`` removes the database only while it holds the lock exclusively, which it
cannot get while any live process has the database open; it removes the lock file too, so an
opener that waited on the old one notices (the path no longer names the file it locked) and
starts again on a new one.

The lock file is a separate file: a POSIX lock on the database itself would be dropped by
closing any other descriptor of it, which SQLite relies on (SQLite's "How To Corrupt An
SQLite Database File", 2.2). It is opened as every file mqsc keeps (:mod:`mqsc.support.files`):
never through a symbolic link, and refused when another user owns it or may write it, before
anything is written to it or cut from it.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

from mqsc.store.errors import StoreBusy, StoreError
from mqsc.support.files import NOT_WRITABLE, FileError, open_private, read_private

try:
    import fcntl
except ImportError:  # pragma: no cover
    # Windows has no flock; there a file another process has open cannot be deleted, which
    # keeps a reset out instead (StateStore.reset reports it as in use).
    fcntl = None  # type: ignore[assignment]

#: flock operations (the values of Linux and the BSDs, used only where fcntl exists).
LOCK_SH, LOCK_EX = (fcntl.LOCK_SH, fcntl.LOCK_EX) if fcntl is not None else (1, 2)

#: Lines kept in a lock file before the only holder rewrites it with just its own.
_COMPACT_BYTES = 16384


def lock_path(db: str | os.PathLike[str]) -> Path:
    return Path(f"{os.fspath(db)}-lock")


def identity() -> str:
    """This process as a lock file names it: pid, program, since when."""
    program = " ".join(["mqsc", *sys.argv[1:2]])[:40].replace("\t", " ")
    return f"{os.getpid()}\t{program}\t{time.strftime('%Y-%m-%d %H:%M:%S')}\n"


class Lease:
    """A held lock on a database's lock file (shared for users, exclusive for a reset)."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self.fd = fd

    @classmethod
    def shared(cls, db: Path, timeout: float) -> Lease:
        """Take a user's lease, waiting at most ``timeout`` seconds for a reset to finish."""
        path = lock_path(db)
        deadline = time.monotonic() + timeout
        while True:
            fd = _open(path)
            if fd is None:
                return cls(path, None)  # a read-only directory: nothing can remove the file
            try:
                if _try(fd, LOCK_EX):
                    # Alone: the names of earlier holders are all stale.
                    if os.fstat(fd).st_size > _COMPACT_BYTES:
                        os.ftruncate(fd, 0)
                    if not _try(fd, LOCK_SH):
                        os.close(fd)
                        continue
                elif not _try(fd, LOCK_SH):
                    os.close(fd)
                    if time.monotonic() >= deadline:
                        raise StoreBusy(f"{db} is being reset by {describe(db)}; try again")
                    time.sleep(0.02)
                    continue
                if not _same_file(fd, path):
                    os.close(fd)  # removed by a reset while we waited: start again
                    continue
                os.write(fd, identity().encode())
            except OSError as error:
                os.close(fd)
                raise StoreError(f"{path}: {error.strerror}") from None
            return cls(path, fd)

    @classmethod
    def exclusive(cls, db: Path) -> Lease:
        """The lease of ``mqsc state reset``: refused at once while any process holds one."""
        path = lock_path(db)
        fd = _open(path)
        if fd is None:
            raise StoreError(f"cannot create {path}: the directory is not writable")
        if not _try(fd, LOCK_EX) or not _same_file(fd, path):
            os.close(fd)
            raise StoreBusy(f"{db} is in use by {describe(db)}; nothing was removed")
        return cls(path, fd)

    def remove(self) -> None:
        """Delete the lock file (while holding it exclusively: a reset)."""
        self.path.unlink(missing_ok=True)

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def holders(db: Path, *, exclude_self: bool = False) -> list[str]:
    """The live processes a lock file names, as ``process PID (PROGRAM, since WHEN)``."""
    try:
        data = read_private(lock_path(db), "state lock file")
    except (OSError, FileError):
        return []
    text = (data or b"").decode("utf-8", errors="replace")
    named: dict[int, str] = {}
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) != 3 or not parts[0].isdigit():
            continue
        pid = int(parts[0])
        if (exclude_self and pid == os.getpid()) or not alive(pid):
            continue
        named[pid] = f"process {pid} ({parts[1]}, since {parts[2]})"
    locking = _locking_pids(lock_path(db))
    if locking is not None and locking & named.keys():
        # Only those holding the lock now: the others had the database open once and closed
        # it. (No overlap: /proc/locks names the file differently, as on some overlay file
        # systems; then every live process the file names counts.)
        named = {pid: text for pid, text in named.items() if pid in locking}
    return list(named.values())


def _locking_pids(path: Path) -> set[int] | None:
    """The processes holding a lock on ``path`` as Linux's /proc/locks lists them; None
    where there is no such list (then every live process the file names counts)."""
    try:
        info = os.lstat(path)
        with open("/proc/locks", encoding="ascii", errors="replace") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return None
    wanted = (os.major(info.st_dev), os.minor(info.st_dev), info.st_ino)
    pids = set()
    for line in lines:
        fields = line.split()
        # "1: FLOCK  ADVISORY  READ 4711 08:01:1234 0 EOF" (a blocked waiter has "->").
        if "->" in fields:
            continue
        for i, field in enumerate(fields[:-1]):
            device = field.split(":")
            if len(device) == 3 and i > 0 and fields[i - 1].isdigit():
                try:
                    major, minor, inode = (int(device[0], 16), int(device[1], 16), int(device[2]))
                except ValueError:
                    continue
                if (major, minor, inode) == wanted:
                    pids.add(int(fields[i - 1]))
                break
    return pids


def describe(db: Path, *, exclude_self: bool = False) -> str:
    return "; ".join(holders(db, exclude_self=exclude_self)) or "another process"


def _open(path: Path) -> int | None:
    """The lock file, created 0600 if need be; None when it cannot be created because the
    directory is read-only (then nothing can remove the database either)."""
    try:
        return open_private(path, os.O_RDWR | os.O_APPEND, "state lock file", create=True)
    except FileError as error:
        if error.errno in NOT_WRITABLE and not os.path.lexists(path):
            return None
        raise StoreError(str(error)) from None


def _try(fd: int, kind: int) -> bool:
    if fcntl is None:
        return True
    try:
        fcntl.flock(fd, kind | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _same_file(fd: int, path: Path) -> bool:
    try:
        named = os.stat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (named.st_dev, named.st_ino) == (mine.st_dev, mine.st_ino)


def handle_owner_alive(who: str) -> bool:
    """Whether the holder of a handle (``pid:thread``, as the engine names one) still runs: a
    thread of this process that is running, or another process that exists. A queue manager
    shared between processes through a state database is given this probe
    (``QueueManager.owner_alive``); the engine itself probes no process."""
    pid, _, thread = who.partition(":")
    if not pid.isdigit() or not thread.isdigit():
        return False
    if int(pid) != os.getpid():
        return alive(int(pid))
    return any(t.ident == int(thread) for t in threading.enumerate())


def alive(pid: int) -> bool:
    """Whether a process exists (signal 0 checks without sending anything)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def process_owner() -> str:
    """This process as the owner of the connections it registers (``pid.start``): the pid and
    the moment the system started it (Linux: /proc/self/stat field 22, in clock ticks since
    boot), so a later process that reuses the pid is not taken for this one."""
    return f"{os.getpid()}.{_start_ticks(os.getpid())}"


def owner_alive(owner: str) -> bool:
    """Whether the process a connection owner names still runs ("" owns in-memory connections,
    never ended from outside). Another process's connections end when it has gone."""
    pid_text, _, start = owner.partition(".")
    if not pid_text.isdigit():
        return True
    pid = int(pid_text)
    if pid == os.getpid():
        return start == _start_ticks(pid)
    if not alive(pid):
        return False
    now = _start_ticks(pid)
    return not now or not start or now == start


def _start_ticks(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as handle:
            text = handle.read()
    except OSError:
        return ""
    # The command name (field 2) is in parentheses and may hold blanks: count after it.
    fields = text.rpartition(")")[2].split()
    return fields[19] if len(fields) > 19 else ""
