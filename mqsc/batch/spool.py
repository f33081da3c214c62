"""JES2 job numbers: JOB00001, JOB00002... one counter per mqsc home, kept across runs.

JES2 gives every job it reads the next number of its range and wraps to the start of the range
when it reaches the end (JES2 Initialization and Tuning Reference, "JOBDEF RANGE="). mqsc
keeps the last number given in ``$MQSC_HOME/jes2/jobnumber``, so consecutive ``mqsc job`` runs
get increasing numbers, as consecutive submissions do. The range is 1-99999 (five digits, as
``JOBnnnnn`` prints them). The file is updated under an exclusive lock: two runs at once never
get the same number. It is kept as every file mqsc keeps (:mod:`mqsc.support.files`).
"""

from __future__ import annotations

import fcntl
import os
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
