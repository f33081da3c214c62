"""Reading input with a ceiling, so that no input (``/dev/zero``, a runaway pipe, a huge file)
can make mqsc read until it runs out of memory.

The ceiling is far above any real deck: z/OS takes at most 32,762 characters per command
(docs/language.md, "Limits"), and a deck of 100,000 commands is some 10 MB. Past it the input is
refused as a whole, with :class:`InputTooLarge`: an :class:`OSError` (``EFBIG``, "File too
large"), so every front end that reports a file it cannot read reports this one the same way,
on one line.
"""

from __future__ import annotations

import errno
import os
from typing import BinaryIO

#: The most bytes mqsc reads from one input (a deck, standard input, a data set).
MAX_INPUT_BYTES = 64 * 1024 * 1024


class InputTooLarge(OSError):
    """An input longer than the ceiling; nothing of it is used."""

    def __init__(self, limit: int) -> None:
        super().__init__(
            errno.EFBIG,
            f"larger than {limit // (1024 * 1024)} MiB, the most mqsc reads from one input",
        )


def read_stream(stream: BinaryIO, limit: int | None = None) -> bytes:
    """All of ``stream``, or :class:`InputTooLarge` as soon as it passes ``limit`` bytes
    (default :data:`MAX_INPUT_BYTES`)."""
    if limit is None:
        limit = MAX_INPUT_BYTES
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise InputTooLarge(limit)
    return data


def read_file(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """The bytes of the file at ``path`` (a device or a pipe too), at most ``limit``."""
    with open(path, "rb") as handle:
        return read_stream(handle, limit)
