"""The command shapes the parser learned, kept between runs of the command line.

A run whose commands all have shapes an earlier run met starts without importing Lark or
building its parser (docs/performance.md). The file is ``shapes.json`` in
:func:`mqsc.store.home.cache_dir`; ``MQSC_NO_CACHE=1`` neither reads nor writes it. A missing,
unreadable or damaged file only means Lark parses those shapes again: nothing here fails a run.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from mqsc.language import parser
from mqsc.store.home import cache_dir

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
        with open(path(), "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            return 0
        saved = json.loads(data.decode("utf-8"))
    except _CACHE_ERRORS:
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
    temporary = target.with_name(f"{FILE}.{os.getpid()}.tmp")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(
            json.dumps(parser.saved_shapes(), separators=(",", ":")), encoding="utf-8"
        )
        os.replace(temporary, target)
    except OSError:
        try:
            temporary.unlink(missing_ok=True)
        except OSError:
            pass  # it was never written
        return False
    parser.shapes_saved()
    return True
