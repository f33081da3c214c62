"""Reading decks for the command line: files or standard input, UTF-8 or EBCDIC."""

from __future__ import annotations

import argparse
import re
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
        "--encoding",
        default="utf-8",
        metavar="CODEC",
        help="input encoding: utf-8 (default) or an EBCDIC code page such as "
        + ", ".join(EBCDIC_ENCODINGS[:3]),
    )
    parser.add_argument(
        "--columns",
        choices=("auto", "72", "all"),
        default="auto",
        help="significant columns: 72 for card images (73-80 are sequence numbers), all, or "
        "auto (72 when every line is 80 characters long)",
    )


@dataclass(frozen=True)
class Deck:
    """One input deck: its decoded text as a :class:`Source`."""

    source: Source


def read_deck(path: str, encoding: str, *, prog: str = "") -> Deck:
    """Read ``path`` (``-`` for standard input) and decode it; an input past the ceiling of
    :mod:`mqsc.support.bounded` (``/dev/zero``) is an :class:`InputError`, not a MemoryError.

    With ``prog`` and a terminal on standard input, says on standard error that it is reading
    from it (else the command seems to hang, waiting for input nobody knows it wants).
    """
    try:
        if path == "-":
            if prog and sys.stdin.isatty():
                print(
                    f"mqsc {prog}: reading MQSC commands from standard input; end with "
                    f"Ctrl-D (or give a file: mqsc {prog} FILE)",
                    file=sys.stderr,
                    flush=True,
                )
            data = read_stream(sys.stdin.buffer)
            name = "<stdin>"
        else:
            data = read_file(path)
            name = path
        return Deck(Source(decode(data, encoding), name))
    except LookupError:
        raise InputError(f"unknown encoding {encoding!r}") from None
    except UnicodeDecodeError as error:
        raise InputError(
            f"{path}: cannot decode as {encoding}: {error.reason} at byte "
            f"{error.start}; if it is in another encoding, name it with "
            f"--encoding (an EBCDIC deck: --encoding cp1047 or cp037; "
            f"Latin-1: --encoding latin-1)"
        ) from None
    except OSError as error:
        raise InputError(f"{path}: {error.strerror}") from None
    except ValueError:
        # A NUL in the file name or the encoding (open() and codecs.lookup refuse it).
        raise InputError(
            f"{path!r}: a file name or encoding cannot contain a NUL character"
        ) from None


def read_sources(args, prog: str) -> list | None:
    """The decks named on the command line as sources; prints why not and returns None when
    one cannot be read (the caller exits with 2)."""
    try:
        decks = [read_deck(path, args.encoding, prog=prog) for path in args.files]
    except InputError as error:
        print(f"mqsc {prog}: {error}", file=sys.stderr)
        return None
    for path, deck in zip(args.files, decks):
        if is_jcl(deck.source.text):
            print(jcl_hint(prog, path), file=sys.stderr)
            return None
    return [deck.source for deck in decks]


def is_jcl(text: str) -> bool:
    """Whether a deck is JCL rather than MQSC: its first statement starts ``//`` (a JOB card),
    which no MQSC command does. (Only up to that line is looked at: splitting a deck of a
    million lines to read its first one held all of them.)"""
    match = _FIRST_STATEMENT.search(text)
    return match is not None and match.group().startswith("//")


#: The first line with something on it, without its leading line breaks.
_FIRST_STATEMENT = re.compile(r"[^\r\n]*\S[^\r\n]*")


def jcl_hint(prog: str, path: str) -> str:
    """What to say when a JCL file is given where an MQSC deck belongs."""
    name = "standard input" if path == "-" else path
    return (
        f"mqsc {prog}: {name} is JCL (it starts with a // statement), not an MQSC deck; "
        f"run the job with: mqsc job {path}"
    )
