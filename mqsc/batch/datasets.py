"""Cataloged data sets as local files: how ``DD DSN=`` finds its data.

A job's data set names map to files in a catalog directory (``mqsc job --catalog DIR``,
default ``$MQSC_HOME/catalog``): a sequential data set ``USER1.DECKS.CMDS`` is the file
``DIR/USER1.DECKS.CMDS``, a member ``USER1.BPBAR.JCL(V8NOIO10)`` the file
``DIR/USER1.BPBAR.JCL/V8NOIO10`` (a partitioned data set is a directory). Records are lines
of text in the job's encoding.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mqsc.language.reader import decode
from mqsc.support.bounded import read_file


class DataSetError(Exception):
    """A data set could not be read or written (the message says which and why)."""


@dataclass(frozen=True)
class Catalog:
    """The catalog directory."""

    root: Path

    def path(self, dsn: str, member: str = "") -> Path:
        """The file that holds ``dsn`` (or its ``member``).

        >>> Catalog(Path("/c")).path("USER1.BPBAR.JCL", "V8NOIO10").as_posix()
        '/c/USER1.BPBAR.JCL/V8NOIO10'
        """
        base = self.root / dsn
        return base / member if member else base

    def exists(self, dsn: str, member: str = "") -> bool:
        """Whether the data set (and member) is cataloged."""
        return self.path(dsn, member).is_file()

    def read(self, dsn: str, member: str = "", encoding: str = "utf-8") -> str:
        path = self.path(dsn, member)
        try:
            return decode(read_file(path), encoding)
        except (OSError, LookupError, UnicodeDecodeError) as error:
            raise DataSetError(f"{_name(dsn, member)}: cannot be read ({error})") from None

    def write(self, dsn: str, member: str, text: str, *, append: bool = False) -> None:
        path = self.path(dsn, member)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "a" if append else "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as error:
            raise DataSetError(f"{_name(dsn, member)}: cannot be written ({error.strerror})"
                               ) from None

    def delete(self, dsn: str, member: str = "") -> None:
        """DISP=(...,DELETE): the data set goes away after the step."""
        try:
            self.path(dsn, member).unlink(missing_ok=True)
        except OSError:
            pass


def _name(dsn: str, member: str) -> str:
    return f"{dsn}({member})" if member else dsn
