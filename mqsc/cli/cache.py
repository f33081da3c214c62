"""The command shapes the parser learned, kept between runs of the command line.

A run whose commands all have shapes an earlier run met starts without importing Lark or
building its parser (docs/performance.md). The file is ``shapes.json`` in
:func:`mqsc.store.home.cache_dir`; ``MQSC_NO_CACHE=1`` neither reads nor writes it. A missing,
unreadable or damaged file only means Lark parses those shapes again: nothing here fails a run.
It is kept as every file mqsc keeps (:mod:`mqsc.support.files`): 0600 in a 0700 directory,
never through a link; one another user owns or may write is neither read nor replaced (the
shapes steer the parser).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from mqsc.language import parser
from mqsc.store.home import cache_dir
from mqsc.support.files import FileError, private_dir, read_private, write_private

FILE = "shapes.json"
#: A saved file larger than this was not written by mqsc (which saves at most
#: ``parser.SAVE_CHARS`` terminals): it is not read.
MAX_BYTES = 256 * 1024


def path() -> Path:
    return cache_dir() / FILE


def enabled() -> bool:
    return not os.environ.get("MQSC_NO_CACHE")


#: What finding, reading or decoding the file may raise: no home directory to put the cache
#: in (RuntimeError from Path.home), I/O errors, bad JSON, JSON nested too deep to decode
#: (RecursionError, a RuntimeError).
_CACHE_ERRORS = (OSError, ValueError, RuntimeError)


def load() -> int:
    """Adopt the saved shapes; returns how many were taken."""
    if not enabled():
        return 0
    try:
        data = read_private(path(), "cache file", limit=MAX_BYTES)
        if data is None:
            return 0
        saved = json.loads(data.decode("utf-8"))
    except (*_CACHE_ERRORS, FileError):
        return 0
    return parser.adopt_shapes(saved)


def save() -> bool:
    """Save the shapes if this run learned new ones; returns whether it wrote the file.

    Written to a temporary file and renamed, so a concurrent run reads the old set or the
    new one, never half of one.
    """
    if not enabled() or not parser.learned_shapes():
        return False
    try:
        target = path()
    except _CACHE_ERRORS:
        return False
    try:
        private_dir(target.parent, "cache directory")
        write_private(
            target,
            json.dumps(parser.saved_shapes(), separators=(",", ":")),
            "cache file",
            durable=False,
        )
    except FileError:
        return False
    parser.shapes_saved()
    return True
