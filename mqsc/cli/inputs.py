"""Reading decks for the command line: files or standard input, UTF-8 or EBCDIC."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

from mqsc.language.reader import EBCDIC_ENCODINGS, decode
from mqsc.language.source import Source
from mqsc.support.bounded import read_file, read_stream


class InputError(Exception):
    """A deck could not be read or decoded; the CLI reports it and exits with 2."""


def add_input_options(parser: argparse.ArgumentParser) -> None:
    """``--encoding`` and ``--columns``, shared by every command that reads decks."""
    parser.add_argument(
        "--encoding", default="utf-8", metavar="CODEC",
        help="input encoding: utf-8 (default) or an EBCDIC code page such as "
        + ", ".join(EBCDIC_ENCODINGS[:3]),
    )
    parser.add_argument(
        "--columns", choices=("auto", "72", "all"), default="auto",
        help="significant columns: 72 for card images (73-80 are sequence numbers), all, or "
        "auto (72 when every line is 80 characters long)",
    )


@dataclass(frozen=True)
class Deck:
    """One input deck: its decoded text as a :class:`Source`."""

    source: Source


def read_deck(path: str, encoding: str) -> Deck:
    """Read ``path`` (``-`` for standard input) and decode it; an input past the ceiling of
    :mod:`mqsc.support.bounded` (``/dev/zero``) is an :class:`InputError`, not a MemoryError."""
    try:
        if path == "-":
            data = read_stream(sys.stdin.buffer)
            name = "<stdin>"
        else:
            data = read_file(path)
            name = path
        return Deck(Source(decode(data, encoding), name))
    except LookupError:
        raise InputError(f"unknown encoding {encoding!r}") from None
    except UnicodeDecodeError as error:
        raise InputError(f"{path}: cannot decode as {encoding}: {error.reason} at byte "
                         f"{error.start}") from None
    except OSError as error:
        raise InputError(f"{path}: {error.strerror}") from None
    except ValueError:
        # A NUL in the file name or the encoding (open() and codecs.lookup refuse it).
        raise InputError(f"{path!r}: a file name or encoding cannot contain a NUL "
                         "character") from None


def read_sources(args, prog: str) -> list | None:
    """The decks named on the command line as sources; prints why not and returns None when
    one cannot be read (the caller exits with 2)."""
    import sys

    try:
        return [read_deck(path, args.encoding).source for path in args.files]
    except InputError as error:
        print(f"mqsc {prog}: {error}", file=sys.stderr)
        return None
