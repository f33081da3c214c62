"""JES2 job numbers: JOB00001, JOB00002... one counter per mqsc home, kept across runs.

JES2 gives every job it reads the next number of its range and wraps to the start of the range
when it reaches the end (JES2 Initialization and Tuning Reference, "JOBDEF RANGE="). mqsc
keeps the last number given in ``$MQSC_HOME/jes2/jobnumber``, so consecutive ``mqsc job`` runs
get increasing numbers, as consecutive submissions do. Every submitter of the home draws from
that one counter (``mqsc job``, the z/OSMF jobs service of ``mqsc serve``), as every reader of
one JES2 draws from one range; a run on throw-away queue managers (``--memory``) numbers its
jobs from a counter of its own and leaves the home's alone. The range is 1-99999 (five digits,
as ``JOBnnnnn`` prints them). The file is updated under an exclusive lock: two runs at once
never get the same number. It is kept as every file mqsc keeps (:mod:`mqsc.support.files`).
"""

from __future__ import annotations

import fcntl
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path

from mqsc.support.files import open_private, private_dir

FIRST, LAST = 1, 99999


def take(directory: Path, count: int = 1) -> int:
    """Reserve ``count`` consecutive job numbers; the first of them (the range wraps)."""
    private_dir(directory, "JES2 directory")
    path = directory / "jobnumber"
    fd = open_private(path, os.O_RDWR, "JES2 job number file", create=True)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        text = os.read(fd, 32).decode("ascii", "replace").strip()
        last = int(text) if text.isdigit() else FIRST - 1
        first = following(last)
        end = first
        for _ in range(count - 1):
            end = following(end)
        os.lseek(fd, 0, os.SEEK_SET)
        os.ftruncate(fd, 0)
        os.write(fd, f"{end}\n".encode("ascii"))
        return first
    finally:
        os.close(fd)


@dataclass(frozen=True)
class HomeNumbers:
    """The home's counter (``$MQSC_HOME/jes2/jobnumber``), shared by every process."""

    directory: Path

    def take(self, count: int = 1) -> int:
        return take(self.directory, count)


@dataclass
class OwnNumbers:
    """A counter of its own, from JOB00001, for a run whose queue managers are thrown away
    (``--memory``): its jobs leave no trace in the home, their numbers included."""

    last: int = FIRST - 1
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def take(self, count: int = 1) -> int:
        """The first of ``count`` numbers taken in a row.

        >>> own = OwnNumbers(); own.take(), own.take(2), own.take()
        (1, 2, 4)
        """
        with self._lock:
            first = following(self.last)
            self.last = first
            for _ in range(count - 1):
                self.last = following(self.last)
            return first


def numbers(home: Path, *, memory: bool) -> HomeNumbers | OwnNumbers:
    """Where a submitter's job numbers come from: the home's counter, or (``memory``) its own."""
    return OwnNumbers() if memory else HomeNumbers(home / "jes2")


def following(number: int) -> int:
    """The job number after ``number``.

    >>> following(1), following(99999)
    (2, 1)
    """
    return FIRST if number >= LAST or number < FIRST else number + 1


def jobid(number: int) -> str:
    """The job identifier JES2 prints for a job number.

    >>> jobid(7)
    'JOB00007'
    """
    return f"JOB{number:05d}"
