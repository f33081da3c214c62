"""The SMF data set of the simulated z/OS system: where queue managers' SMF records go.

On z/OS, SMF records of every subsystem of an image go to its active SMF data set (a VSAM
data set named in SMFPRMxx, SYS1.MANx) until the SMF dump program (IFASMFDP) copies them out
and clears it. The simulated system has one, ``SYS1.MAN1``, a file of the catalog directory
(``$MQSC_HOME/catalog/SYS1.MAN1``), so a job's ``//DUMPIN DD DSN=SYS1.MAN1,DISP=SHR`` reads it.
It holds the records one after the other, each behind its RDW (mqsc/engine/smf/record.py).

Records are appended under an exclusive lock on the file, a whole batch at a time, so queue
managers in several processes can write to it at once and a reader never sees half a record.
The file is opened as the home's other private files are (docs/design of mqsc/support/files.py,
"harden"): created 0600, never through a symbolic link (O_NOFOLLOW), and only when it is a
regular file of this user's.
"""

from __future__ import annotations

import fcntl
import os
import re
import stat
from collections.abc import Iterable
from pathlib import Path

from mqsc.support.files import private_dir

#: The data set the simulated system records SMF data in.
SMF_DATA_SET = "SYS1.MAN1"
_MAN = re.compile(r"SYS1\.MAN[A-Z0-9]{1,2}")


def is_smf_data_set(dsn: str) -> bool:
    """Whether a data set name is one of SMF's recording data sets (SYS1.MANx).

    >>> is_smf_data_set("SYS1.MAN1"), is_smf_data_set("ZQS1.QUEUE.MQSMF")
    (True, False)
    """
    return _MAN.fullmatch(dsn.upper()) is not None


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _open(path: Path, flags: int) -> int:
    """Open the data set's file: no symbolic link, a regular file of this user's."""
    fd = os.open(path, flags | _NOFOLLOW, 0o600)
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid():
        os.close(fd)
        raise PermissionError(f"{path} is not a regular file of this user's: refused")
    return fd


class SmfDataSet:
    """One SMF recording data set: a file of RDW-prefixed records."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def append(self, records: Iterable[bytes]) -> None:
        """Add records at the end, all of them or (if the write fails) none that a reader
        would take for whole: the file is cut back to where it ended."""
        data = b"".join(records)
        if not data:
            return
        # The catalog directory: 0700 whatever the umask, and refused when group or others
        # may write it (jobs and the files service read the data sets there).
        private_dir(self.path.parent, "catalog directory")
        fd = _open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            end = os.lseek(fd, 0, os.SEEK_END)
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view) :]
            except OSError:
                os.ftruncate(fd, end)
                raise
        finally:
            os.close(fd)

    def read(self) -> bytes:
        """Everything recorded so far (nothing when the data set does not exist yet)."""
        try:
            fd = _open(self.path, os.O_RDONLY)
        except FileNotFoundError:
            return b""
        with os.fdopen(fd, "rb") as handle:
            fcntl.flock(fd, fcntl.LOCK_SH)
            return handle.read()

    def clear(self) -> None:
        """Empty it, as IFASMFDP's CLEAR option resets the data set."""
        try:
            fd = _open(self.path, os.O_WRONLY)
        except FileNotFoundError:
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            os.ftruncate(fd, 0)
        finally:
            os.close(fd)


def in_catalog(root: Path, dsn: str = SMF_DATA_SET) -> SmfDataSet:
    """The SMF data set ``dsn`` of the catalog directory ``root``."""
    return SmfDataSet(root / dsn)
