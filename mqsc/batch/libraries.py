"""Libraries the home's catalog shows that are not folders of its catalog directory: the bundled
samples and each queue manager's initialization data sets.

* ``MQSC.SAMPLES.<SET>`` (``MQSC.SAMPLES.L02``, ``.JOBS``, ``.DECKS``, ``.QSG``, ``.QMZ1``,
  ``.SYSTEM``): one read-only partitioned data set per sample set of ``mqsc samples``, its JCL
  and MQSC files as members, so a lab job is submitted or a deck read as a member
  (``MQSC.SAMPLES.L02(V8NOIO11)``) exactly as the samples are shipped. Installed product
  libraries are read-only on z/OS too.
* ``<QMGR>.CSQINP1`` and ``<QMGR>.CSQINP2``: the decks a queue manager's definition names for
  each DD (``mqsc.toml``, ``[decks]``), in concatenation order, as members. Editing a member
  edits the deck copy in the queue manager's directory, and the next START QMGR processes it
  (mqsc/engine/initdecks.py); on z/OS too the started task opens its CSQINP data sets at each
  start. The library is the concatenation, so members are neither added nor deleted here: the
  definition says which decks run.

Member names are the file names as the Zowe CLI names members when it uploads a directory
(mqsc/batch/names.py, ``member_for_file``): ``V8NOIO11.jcl`` is ``V8NOIO11``.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from mqsc.batch.names import member_for_file
from mqsc.language.source import Source
from mqsc.support.bounded import read_file
from mqsc.support.bundled import bundled
from mqsc.support.files import FileError, check_private, write_private

SAMPLES_PREFIX = "MQSC.SAMPLES."
#: The sample files that are members: JCL and MQSC (READMEs, scripts and mqsc.toml are not).
MEMBER_SUFFIXES = (".jcl", ".mqsc")
DDNAMES = ("CSQINP1", "CSQINP2")
_DECK_LIBRARY = re.compile(r"([A-Z@#$][A-Z0-9@#$]{0,3})\.(CSQINP1|CSQINP2)")


class LibraryError(Exception):
    """A library refuses a change (read-only, or members fixed by a definition)."""


@dataclass(frozen=True)
class Library:
    """A partitioned data set whose members are files kept elsewhere."""

    name: str
    #: member -> the file that holds it, in directory order.
    files: dict[str, Path] = field(default_factory=dict)
    #: Why its members cannot be written ("" when they can).
    readonly: str = ""
    #: Why members cannot be added, deleted or renamed ("" when they can).
    fixed: str = ""

    def members(self) -> list[str]:
        return sorted(self.files)

    def read(self, member: str) -> str:
        path = self.files[member]
        return _read_text(path)

    def write(self, member: str, text: str) -> None:
        if self.readonly:
            raise LibraryError(self.readonly)
        if member not in self.files:
            raise LibraryError(self.fixed)
        try:
            write_private(self.files[member], text, "deck copy")
        except FileError as error:
            raise LibraryError(str(error)) from None

    def changed(self) -> float:
        """When a member last changed (seconds since the epoch; 0 when unknown)."""
        stamps = []
        for path in self.files.values():
            try:
                stamps.append(os.stat(path).st_mtime)
            except OSError:
                continue
        return max(stamps, default=0.0)


def _read_text(path: Path) -> str:
    data = read_file(path)
    return data.decode("utf-8")


def _members(paths: Iterable[Path]) -> dict[str, Path]:
    """Member names for files, unique (a name taken twice gets a number at its end)."""
    out: dict[str, Path] = {}
    for path in paths:
        base = member_for_file(path.name) or "MEMBER"
        name = base
        number = 1
        while name in out:
            number += 1
            suffix = str(number)
            name = base[: 8 - len(suffix)] + suffix
        out[name] = path
    return out


# ---- the bundled samples ------------------------------------------------------------------------
def sample_sets() -> list[str]:
    """The sample sets shipped (folders of ``samples/``), upper case."""
    top = bundled("samples")
    try:
        return sorted(
            p.name.upper()
            for p in top.iterdir()
            if p.is_dir() and re.fullmatch(r"[a-z][a-z0-9]{0,7}", p.name)
        )
    except OSError:
        return []


def sample_library(dsn: str) -> Library | None:
    """``MQSC.SAMPLES.<SET>``, or None."""
    if not dsn.startswith(SAMPLES_PREFIX):
        return None
    wanted = dsn[len(SAMPLES_PREFIX) :]
    if wanted not in sample_sets():
        return None
    folder = bundled("samples") / wanted.lower()
    files = sorted(p for p in folder.iterdir() if p.suffix in MEMBER_SUFFIXES and p.is_file())
    return Library(
        dsn,
        _members(files),
        readonly=f"{dsn} is the samples shipped with mqsc: it is read-only (copy a member "
        "to a data set of your own to change it)",
        fixed=f"{dsn} is the samples shipped with mqsc: it is read-only",
    )


# ---- queue managers' initialization data sets ---------------------------------------------------
def _concatenation(directory: Path, ddname: str) -> list[str] | None:
    """The deck files a queue manager's definition names for a DD (None: no definition)."""
    try:
        data = tomllib.loads((directory / "mqsc.toml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    decks = data.get("decks", {})
    names = decks.get(ddname.lower(), []) if isinstance(decks, dict) else []
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return None
    # A deck is a file of the queue manager's directory, never a path elsewhere.
    return [n for n in names if n and "/" not in n and n not in (".", "..")]


def deck_library(qmgrs: Path, dsn: str) -> Library | None:
    """``<QMGR>.CSQINP1`` or ``<QMGR>.CSQINP2`` of a queue manager created in ``qmgrs``."""
    match = _DECK_LIBRARY.fullmatch(dsn)
    if match is None:
        return None
    qmgr, ddname = match.groups()
    directory = qmgrs / qmgr
    names = _concatenation(directory, ddname)
    if names is None:
        return None
    definition = f"{qmgr}'s definition ({directory / 'mqsc.toml'}, [decks] {ddname.lower()})"
    return Library(
        dsn,
        _members(directory / n for n in names),
        fixed=f"{dsn} holds the decks {definition} names, in order: name a deck there to "
        "add or remove one",
    )


@dataclass(frozen=True)
class HomeLibraries:
    """The libraries of a home (its samples and its queue managers' data sets), and the
    initialization decks START QMGR reads (:class:`mqsc.engine.initdecks.InitDecks`)."""

    home: Path

    @property
    def qmgrs(self) -> Path:
        return self.home / "qmgrs"

    def find(self, dsn: str) -> Library | None:
        return sample_library(dsn) or deck_library(self.qmgrs, dsn)

    def names(self) -> list[str]:
        found = [SAMPLES_PREFIX + s for s in sample_sets()]
        try:
            directories = sorted(p for p in self.qmgrs.iterdir() if p.is_dir())
        except OSError:
            directories = []
        for directory in directories:
            if (
                re.fullmatch(r"[A-Z@#$][A-Z0-9@#$]{0,3}", directory.name)
                and (directory / "mqsc.toml").is_file()
            ):
                found += [f"{directory.name}.{dd}" for dd in DDNAMES]
        return sorted(found)

    def decks(self, qmgr: str, ddname: str) -> tuple[Source, ...] | None:
        library = deck_library(self.qmgrs, f"{qmgr.upper()}.{ddname}")
        if library is None:
            return None
        decks = []
        try:
            for path in library.files.values():
                check_private(path, "deck copy")  # its commands run at every start
                decks.append(Source(_read_text(path), path.name))
        except (OSError, UnicodeDecodeError, FileError):
            return None
        return tuple(decks)
