"""Cataloged data sets as local files: how ``DD DSN=`` finds its data.

A job's data set names map to files in a catalog directory (``mqsc job --catalog DIR``,
default ``$MQSC_HOME/catalog``): a sequential data set ``USER1.DECKS.CMDS`` is the file
``DIR/USER1.DECKS.CMDS``, a member ``USER1.BPBAR.JCL(V8NOIO10)`` the file
``DIR/USER1.BPBAR.JCL/V8NOIO10`` (a partitioned data set is a directory). Records are lines
of text in the job's encoding.

A VSAM cluster (IDCAMS DEFINE CLUSTER) is a file too, so DD statements allocate it like any
data set; it holds a marker line and the cluster's attributes as JSON: its space, its size in
4 KB pages, and whether CSQUTIL FORMAT made it a page set. The catalog answers the engine's
:class:`mqsc.engine.vsam.VsamCatalog` question, so ``DEFINE PSID DSN(...)`` run by a job needs
a formatted cluster and takes its size.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mqsc.batch import dsrecords, names
from mqsc.batch.dsfiles import Place, Refused
from mqsc.batch.libraries import HomeLibraries, Library, LibraryError
from mqsc.catalog import zparm
from mqsc.engine.phase import Phase
from mqsc.engine.storage import constants
from mqsc.engine.vsam import PageSetDataSet
from mqsc.language.reader import decode
from mqsc.store.home import home
from mqsc.store.vtoc import Allocation, Vtoc, VtocError
from mqsc.support.bounded import read_file
from mqsc.support.files import FileError, private_dir, read_private, write_private

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.manager import QueueManager

#: The catalog LISTCAT and z/OSMF's data set list name (the lab system's master catalog;
#: UNVERIFIED name).
CATALOG_NAME = "CATALOG.SOW1.MASTER"
#: The volume a data set lands on when nothing names one (SMS would choose one; UNVERIFIED).
VOLUME = Allocation().volser
#: The first line of a file that holds a VSAM cluster.
CLUSTER_MARK = "*MQSC VSAM CLUSTER*"
#: 4 KB control intervals per 3390 track: a cylinder's 180 pages over its 15 tracks.
TRACK_PAGES = constants.CYL_PAGES // 15
#: Space units of DEFINE CLUSTER and their synonyms (DFSMS Access Method Services Commands,
#: "DEFINE CLUSTER"), each as the pages one unit holds (None: by bytes, rounded to tracks).
SPACE_UNITS = {
    "CYLINDERS": "CYLINDERS",
    "CYL": "CYLINDERS",
    "CYLINDER": "CYLINDERS",
    "TRACKS": "TRACKS",
    "TRK": "TRACKS",
    "RECORDS": "RECORDS",
    "REC": "RECORDS",
    "KILOBYTES": "KILOBYTES",
    "KB": "KILOBYTES",
    "MEGABYTES": "MEGABYTES",
    "MB": "MEGABYTES",
}


def space_pages(unit: str, amount: int) -> int:
    """The 4 KB pages a space request gives a linear cluster on 3390 DASD: whole tracks (a
    RECORD of a linear data set is a 4 KB control interval).

    >>> space_pages("CYLINDERS", 6), space_pages("TRACKS", 2), space_pages("RECORDS", 1080)
    (1080, 24, 1080)
    >>> space_pages("RECORDS", 4050), space_pages("MEGABYTES", 1), space_pages("KILOBYTES", 5)
    (4056, 264, 12)
    """
    if amount <= 0:
        return 0
    if unit == "CYLINDERS":
        return amount * constants.CYL_PAGES
    if unit == "TRACKS":
        return amount * TRACK_PAGES
    records = {"RECORDS": amount, "KILOBYTES": math.ceil(amount / 4), "MEGABYTES": amount * 256}[
        unit
    ]
    return math.ceil(records / TRACK_PAGES) * TRACK_PAGES


@dataclass(frozen=True, slots=True)
class Cluster:
    """A VSAM cluster in the catalog."""

    name: str
    volume: str
    unit: str  # CYLINDERS, TRACKS, RECORDS, KILOBYTES, MEGABYTES
    primary: int
    secondary: int
    organization: str = "LINEAR"  # LINEAR, INDEXED, NONINDEXED, NUMBERED
    #: How CSQUTIL FORMAT last formatted it ("" never, NEW, RECOVER, REPLACE).
    formatted: str = ""
    #: DEFINE CLUSTER REUSE: FORMAT FORCE may format it again.
    reuse: bool = False
    #: The queue manager and page set that use it (set when a job adds it with DEFINE PSID).
    qmgr: str = ""
    psid: int = -1

    @property
    def pages(self) -> int:
        return space_pages(self.unit, self.primary)

    def used_by(self, qm: Any) -> bool:
        """Whether queue manager ``qm`` (the one DEFINE PSID named, or None) has this cluster
        allocated as a page set or a BSDS copy. A queue manager holds them from its start,
        while it reads CSQINP1 and CSQINP2, until it has stopped, so any phase but STOPPED
        counts (IBM "Formatting page sets (FORMAT)": a page set in use by a queue manager that
        is not stopped cannot be formatted; IDCAMS DELETE of an allocated cluster fails). A
        BSDS copy that failed is no longer allocated (single BSDS mode)."""
        if qm is None or qm.phase is Phase.STOPPED or qm.name != self.qmgr:
            return False
        if self.psid < 0:
            inventory = qm.state.tables["bsds"].get(None)
            return (
                inventory is not None
                and self.name in inventory.bsds
                and self.name != inventory.lost
            )
        page_set = qm.state.tables["pageset"].get(self.psid)
        return page_set is not None and page_set.dsn == self.name

    @property
    def secondary_pages(self) -> int:
        return space_pages(self.unit, self.secondary)

    def formatted_as(self, how: str) -> Cluster:
        return replace(self, formatted=how)


class DataSetError(Exception):
    """A data set could not be read or written (the message says which and why)."""


@dataclass(frozen=True)
class Catalog:
    """The catalog directory (a str or any os.PathLike is taken as a Path) and, for the
    home's catalog, the libraries it shows that live elsewhere: the samples and the queue
    managers' initialization data sets."""

    root: Path
    libraries: HomeLibraries | None = None
    #: The home's own catalog directory (not one a ``--catalog`` option named): data sets are
    #: written into it only while it is the user's own and owner-only, as every directory of
    #: the home (mqsc/support/files.py), since jobs, CSQUTIL and the files service read them.
    owned: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "root", Path(self.root))

    def _directory(self, path: Path, what: str = "catalog directory") -> None:
        """Make the directory a data set (or member) is written into, 0700 whatever the umask;
        the home's catalog directory must be private (one the user named is taken as it is,
        its files checked one by one)."""
        private_dir(self.root, "catalog directory", check=self.owned)
        private_dir(path, what, check=False)

    def path(self, dsn: str, member: str = "") -> Path:
        """The file that holds ``dsn`` (or its ``member``).

        >>> Catalog(Path("/c")).path("USER1.BPBAR.JCL", "V8NOIO10").as_posix()
        '/c/USER1.BPBAR.JCL/V8NOIO10'
        """
        base = self.root / dsn
        return base / member if member else base

    def exists(self, dsn: str, member: str = "") -> bool:
        """Whether the data set (and member) is cataloged: a file, a library (a directory), or
        one of the installed product libraries (:func:`product_library`)."""
        library = self.library(dsn)
        if library is not None:
            return not member or member in library.files
        path = self.path(dsn, member)
        if path.is_file() or (not member and path.is_dir()):
            return True
        return product_library(dsn) and (not member or member in PRODUCT_MEMBERS)

    def library(self, dsn: str) -> Library | None:
        """The library ``dsn`` when it is one of those kept outside the catalog directory."""
        return self.libraries.find(dsn) if self.libraries is not None else None

    def create_library(self, dsn: str) -> None:
        """Allocate a partitioned data set (a library with no members yet)."""
        try:
            self._directory(self.path(dsn), "library")
        except FileError as error:
            raise DataSetError(f"{dsn}: cannot be allocated ({error})") from None
        self._note(dsn, Allocation(dsorg="PO", dsntype="PDS", dirblk=5))

    def read(self, dsn: str, member: str = "", encoding: str = "utf-8") -> str:
        library = self.library(dsn)
        if library is not None and member in library.files:
            try:
                return library.read(member)
            except (OSError, UnicodeDecodeError) as error:
                raise DataSetError(f"{_name(dsn, member)}: cannot be read ({error})") from None
        path = self.path(dsn, member)
        try:
            data = read_file(path)
            allocation = self._stored(dsn) or Allocation()
            if self._binary(dsn, member, allocation):
                # A binary data set read as a deck: its records as IBM-1047 text.
                found = dsrecords.records_of_bytes(
                    data, allocation.recfm, allocation.lrecl, allocation.blksize
                )
                return "".join(line + "\n" for line in dsrecords.kept_text_of_records(found))
            return decode(data, encoding)
        except (OSError, LookupError, UnicodeDecodeError) as error:
            raise DataSetError(f"{_name(dsn, member)}: cannot be read ({error})") from None

    def write(self, dsn: str, member: str, text: str, *, append: bool = False) -> None:
        """Write a data set (``append``: DISP=MOD, after its records) as every file mqsc
        keeps (:mod:`mqsc.support.files`): whole or not at all, 0600, never through a link,
        a data set another user owns or may write left alone; a partitioned data set's
        directory is made 0700. A library the home shows from elsewhere is written there."""
        library = self.library(dsn)
        if library is not None:
            try:
                kept = library.read(member) if append and member in library.files else ""
                library.write(member, kept + text)
            except (LibraryError, OSError, UnicodeDecodeError) as error:
                raise DataSetError(f"{_name(dsn, member)}: cannot be written ({error})") from None
            return
        path = self.path(dsn, member)
        new = not path.parent.exists() if member else not path.exists()
        try:
            self._directory(path.parent)
            if append:
                old = read_private(path, "data set")
                if old is not None:
                    text = old.decode("utf-8", errors="surrogateescape") + text
            write_private(
                path, text.encode("utf-8", errors="surrogateescape"), "data set", durable=False
            )
        except FileError as error:
            raise DataSetError(f"{_name(dsn, member)}: cannot be written ({error})") from None
        if new:
            self._note(
                dsn, Allocation(dsorg="PO", dsntype="PDS", dirblk=5) if member else Allocation()
            )

    def record(self, dsn: str, allocation: Allocation) -> None:
        """Keep the attributes a job's DD statement gave a data set it allocated (a VTOC that
        cannot be written leaves the defaults to be derived)."""
        try:
            self.vtoc.put(dsn, allocation)
        except VtocError:
            pass

    def _note(self, dsn: str, allocation: Allocation) -> None:
        """Record a data set a job allocated (its attributes are the defaults until the JCL says
        more); a VTOC that cannot be written leaves the defaults to be derived."""
        try:
            if self.vtoc.get(dsn) is None:
                self.vtoc.put(dsn, allocation)
        except VtocError:
            pass

    def _stored(self, dsn: str) -> Allocation | None:
        try:
            return self.vtoc.get(dsn)
        except VtocError:
            return None

    @property
    def vtoc(self) -> Vtoc:
        return Vtoc(self.root)

    # ---- data sets as z/OSMF, ISPF and Zowe see them ------------------------------------------
    def describe_all(self, match: Callable[[str], bool], *, sizes: bool = True) -> list[Described]:
        """Every data set whose name ``match`` accepts, in name order, with its attributes:
        one directory scan and one VTOC query, whatever the number."""
        stored = self._all_stored()
        found: dict[str, Described] = {}
        try:
            with Place(self.root) as place:
                for entry in place.entries(sizes=sizes):
                    if match(entry.name) and dataset_name(entry.name):
                        allocation = stored.get(entry.name) or self._derived(
                            place, entry.name, entry.library
                        )
                        found[entry.name] = _described(entry.name, allocation, entry, entry.library)
        except FileNotFoundError:
            pass
        except OSError as error:
            raise CatalogProblem("io", "", detail=str(error)) from None
        if self.libraries is not None:
            for name in self.libraries.names():
                if match(name) and name not in found:
                    library = self.libraries.find(name)
                    if library is not None:
                        found[name] = _library_described(library)
        return [found[name] for name in sorted(found)]

    def names_matching(self, match: Callable[[str], bool]) -> list[str]:
        """The names of the data sets ``match`` accepts, sorted (no attributes looked up)."""
        found: set[str] = set()
        try:
            with Place(self.root) as place:
                found.update(
                    e.name for e in place.entries() if match(e.name) and dataset_name(e.name)
                )
        except FileNotFoundError:
            pass
        except OSError as error:
            raise CatalogProblem("io", "", detail=str(error)) from None
        if self.libraries is not None:
            found.update(n for n in self.libraries.names() if match(n))
        return sorted(found)

    def describe(self, dsn: str) -> Described | None:
        """One data set (None when it is not cataloged)."""
        _check(dsn)
        library = self.library(dsn)
        if library is not None:
            return _library_described(library)
        try:
            with Place(self.root) as place:
                kind = place.kind(dsn)
                if kind not in ("file", "library"):
                    return None
                entry = next((e for e in place.entries(sizes=True) if e.name == dsn), None)
                if entry is None:
                    return None
                allocation = self._stored(dsn) or self._derived(place, dsn, entry.library)
                return _described(dsn, allocation, entry, entry.library)
        except FileNotFoundError:
            return None
        except OSError as error:
            raise CatalogProblem("io", dsn, detail=str(error)) from None

    def member_names(self, dsn: str) -> list[str]:
        """A library's members, sorted."""
        described = self._existing(dsn)
        if described.organization != "PO":
            raise CatalogProblem("not-partitioned", dsn)
        library = self.library(dsn)
        if library is not None:
            return library.members()
        try:
            with Place(self.root, dsn) as place:
                return sorted(
                    e.name for e in place.entries() if not e.library and dataset_member(e.name)
                )
        except OSError as error:
            raise CatalogProblem("io", dsn, detail=str(error)) from None

    def allocate(self, dsn: str, allocation: Allocation) -> None:
        """Create a data set with these attributes (a library when DSORG is PO)."""
        _check(dsn)
        if self.library(dsn) is not None or product_library(dsn):
            raise CatalogProblem("exists", dsn)
        try:
            with Place(self.root, create=True) as place:
                if place.kind(dsn) != "missing":
                    raise CatalogProblem("exists", dsn)
                if allocation.dsorg == "PO":
                    os.mkdir(dsn, 0o700, dir_fd=place.fd)
                else:
                    place.write(dsn, b"")
            self.vtoc.put(dsn, allocation)
        except (OSError, VtocError, FileError) as error:
            raise CatalogProblem("io", dsn, detail=str(error)) from None

    def content(self, dsn: str, member: str = "") -> Content:
        """A data set's (or member's) records and attributes, and the stamp of what it holds."""
        described = self._target(dsn, member)
        library = self.library(dsn)
        allocation = described.allocation
        if library is not None:
            try:
                text = library.read(member)
            except (OSError, UnicodeDecodeError) as error:
                raise CatalogProblem("io", dsn, member, str(error)) from None
            data = text.encode("utf-8")
            records = dsrecords.records_of_lines(
                dsrecords.stored_lines(text), allocation.recfm, allocation.lrecl
            )
            return Content(records, allocation, _stamp(data), False)
        try:
            with Place(self.root, dsn if member else None) as place:
                data = place.read(member or dsn)
        except FileNotFoundError:
            raise CatalogProblem("no-member" if member else "not-cataloged", dsn, member) from None
        except Refused:
            raise CatalogProblem("not-cataloged", dsn, member) from None
        except OSError as error:
            raise CatalogProblem("io", dsn, member, str(error)) from None
        binary = self._binary(dsn, member, allocation)
        if not binary:
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                # Bytes no program wrote as text and no format recorded: variable-length
                # records when they chain as such (an SMF dump), else undefined-format.
                binary = True
                if dsrecords.rdw_chain(data):
                    allocation = replace(allocation, recfm="VBS", lrecl=32756, blksize=27998)
                else:
                    allocation = replace(allocation, recfm="U")
        if binary:
            records = dsrecords.records_of_bytes(
                data, allocation.recfm, allocation.lrecl, allocation.blksize
            )
        else:
            records = dsrecords.records_of_lines(
                dsrecords.stored_lines(text), allocation.recfm, allocation.lrecl
            )
        return Content(records, allocation, _stamp(data), binary)

    def store(
        self,
        dsn: str,
        member: str = "",
        *,
        lines: list[str] | None = None,
        records: list[bytes] | None = None,
        expect: str | None = None,
    ) -> str:
        """Replace a data set's (or member's) records, as text ``lines`` or binary ``records``;
        a member that does not exist is created. ``expect``: the stamp it must still have
        (z/OSMF's If-Match). Returns the new stamp."""
        described = self._target(dsn, member, creating=True)
        library = self.library(dsn)
        if expect is not None:
            current = self._current_stamp(dsn, member, library)
            if current is not None and current != expect:
                raise CatalogProblem("changed", dsn, member)
        if library is not None:
            text = _text_of(lines, records)
            try:
                library.write(member, text)
            except LibraryError as error:
                raise CatalogProblem("readonly", dsn, member, str(error)) from None
            return _stamp(text.encode("utf-8"))
        if records is not None:
            data = dsrecords.bytes_of_records(records, described.allocation.recfm)
        else:
            data = _text_of(lines, None).encode("utf-8")
        try:
            with Place(self.root, dsn if member else None) as place:
                place.write(member or dsn, data)
            binary = records is not None
            # The VTOC is written only when the kind of records changes (or it has no row).
            if member and self.vtoc.binary_member(dsn, member) != binary:
                self.vtoc.mark_member(dsn, member, binary)
            elif not member and self._stored(dsn) != replace(described.allocation, binary=binary):
                self.vtoc.put(dsn, replace(described.allocation, binary=binary))
        except Refused:
            raise CatalogProblem("not-cataloged", dsn, member) from None
        except (OSError, VtocError) as error:
            raise CatalogProblem("io", dsn, member, str(error)) from None
        return _stamp(data)

    def scratch(self, dsn: str) -> None:
        """Delete a data set (a library with its members) and uncatalog it."""
        described = self._existing(dsn)
        if described.readonly:
            raise CatalogProblem("readonly", dsn, detail=described.readonly)
        if described.organization == "VS":
            raise CatalogProblem("vsam", dsn)
        try:
            with Place(self.root) as place:
                place.remove(dsn)
            self.vtoc.drop(dsn)
        except (OSError, VtocError) as error:
            raise CatalogProblem("io", dsn, detail=str(error)) from None

    def delete_member(self, dsn: str, member: str) -> None:
        self._target(dsn, member)
        library = self.library(dsn)
        if library is not None:
            raise CatalogProblem("readonly", dsn, member, library.readonly or library.fixed)
        try:
            with Place(self.root, dsn) as place:
                os.unlink(member, dir_fd=place.fd)
            self.vtoc.mark_member(dsn, member, False)
        except FileNotFoundError:
            raise CatalogProblem("no-member", dsn, member) from None
        except (OSError, VtocError) as error:
            raise CatalogProblem("io", dsn, member, str(error)) from None

    def rename_data_set(self, old: str, new: str) -> None:
        described = self._existing(old)
        _check(new)
        if described.readonly:
            raise CatalogProblem("readonly", old, detail=described.readonly)
        if described.organization == "VS":
            raise CatalogProblem("vsam", old)
        if self.library(new) is not None or self.describe(new) is not None:
            raise CatalogProblem("exists", new)
        try:
            with Place(self.root) as place:
                place.rename(old, new)
            self.vtoc.rename(old, new)
        except (OSError, VtocError) as error:
            raise CatalogProblem("io", old, detail=str(error)) from None

    def rename_member(self, dsn: str, old: str, new: str) -> None:
        self._target(dsn, old)
        _check(dsn, new)
        library = self.library(dsn)
        if library is not None:
            raise CatalogProblem("readonly", dsn, old, library.readonly or library.fixed)
        try:
            with Place(self.root, dsn) as place:
                if place.kind(new) != "missing":
                    raise CatalogProblem("member-exists", dsn, new)
                place.rename(old, new)
            self.vtoc.rename_member(dsn, old, new)
        except FileNotFoundError:
            raise CatalogProblem("no-member", dsn, old) from None
        except (OSError, VtocError) as error:
            raise CatalogProblem("io", dsn, old, str(error)) from None

    # ---- helpers of the data set view ---------------------------------------------------------
    def _existing(self, dsn: str) -> Described:
        described = self.describe(dsn)
        if described is None:
            raise CatalogProblem("not-cataloged", dsn)
        return described

    def _target(self, dsn: str, member: str, *, creating: bool = False) -> Described:
        """The data set a member or sequential request names, checked for its organization."""
        _check(dsn, member)
        described = self._existing(dsn)
        if described.organization == "VS":
            raise CatalogProblem("vsam", dsn, member)
        if member and described.organization != "PO":
            raise CatalogProblem("not-partitioned", dsn, member)
        if not member and described.organization == "PO":
            raise CatalogProblem("partitioned", dsn)
        if member and not creating and not self.exists(dsn, member):
            raise CatalogProblem("no-member", dsn, member)
        return described

    def _binary(self, dsn: str, member: str, allocation: Allocation) -> bool:
        try:
            return self.vtoc.binary_member(dsn, member) if member else allocation.binary
        except VtocError:
            return False

    def _current_stamp(self, dsn: str, member: str, library: Library | None) -> str | None:
        try:
            if library is not None:
                return (
                    _stamp(library.read(member).encode("utf-8"))
                    if member in library.files
                    else None
                )
            with Place(self.root, dsn if member else None) as place:
                return _stamp(place.read(member or dsn))
        except (OSError, UnicodeDecodeError):
            return None

    def _all_stored(self) -> dict[str, Allocation]:
        try:
            return self.vtoc.all()
        except VtocError:
            return {}

    def _derived(self, place: Place, dsn: str, library: bool) -> Allocation:
        """The attributes of a data set the VTOC has no row for: a batch allocation's defaults
        (a library is a PDS; a VSAM cluster is recognised by what it holds)."""
        if library:
            return Allocation(dsorg="PO", dsntype="PDS", dirblk=5)
        try:
            head = place.read(dsn, limit=MAX_HEAD) if place.kind(dsn) == "file" else b""
        except OSError:
            head = b""
        if head.startswith(CLUSTER_MARK.encode()):
            return Allocation(dsorg="VS", recfm="?", lrecl=0, blksize=0, dsntype="")
        return Allocation()

    def read_bytes(self, dsn: str, member: str = "") -> bytes:
        """A data set's bytes as they are (the records of a binary data set such as an SMF
        dump: each behind its RDW)."""
        path = self.path(dsn, member)
        try:
            return read_file(path)
        except OSError as error:
            raise DataSetError(f"{_name(dsn, member)}: cannot be read ({error})") from None

    def write_bytes(self, dsn: str, member: str, data: bytes, *, append: bool = False) -> None:
        """Write a binary data set (``append``: after what it holds, as DISP=MOD does)."""
        path = self.path(dsn, member)
        try:
            self._directory(path.parent)
            old = read_private(path, "data set") if append else None
            write_private(path, (old or b"") + data, "data set", durable=False)
        except FileError as error:
            raise DataSetError(f"{_name(dsn, member)}: cannot be written ({error})") from None

    # ---- VSAM clusters ------------------------------------------------------------------------
    def cluster(self, dsn: str) -> Cluster | None:
        """The VSAM cluster ``dsn`` (None when there is none, or the data set is not VSAM)."""
        path = self.path(dsn)
        try:
            text = path.read_text(encoding="utf-8") if path.is_file() else ""
        except (OSError, UnicodeDecodeError):
            return None
        mark, _, body = text.partition("\n")
        if mark != CLUSTER_MARK:
            return None
        try:
            return Cluster(**json.loads(body))
        except (ValueError, TypeError):
            return None

    def put_cluster(self, cluster: Cluster) -> None:
        """Catalog (or update) a cluster."""
        self.write(cluster.name, "", CLUSTER_MARK + "\n" + json.dumps(asdict(cluster)) + "\n")
        try:
            self.vtoc.put(
                cluster.name,
                Allocation(
                    dsorg="VS", recfm="?", lrecl=0, blksize=0, dsntype="", volser=cluster.volume
                ),
            )
        except VtocError:
            pass

    def names(self) -> list[str]:
        """Every cataloged data set name, sorted (members are not catalog entries)."""
        try:
            found = {p.name for p in self.root.iterdir() if not p.name.startswith(".")}
        except OSError:
            found = set()
        if self.libraries is not None:
            found.update(self.libraries.names())
        return sorted(found)

    def procedure(self, name: str, libraries: tuple[str, ...]) -> list[str] | None:
        """A cataloged procedure: member ``name`` of the first library that has it."""
        for library in libraries:
            if self.exists(library, name):
                return self.read(library, name).splitlines()
        return None

    def page_set_data_set(self, dsn: str) -> PageSetDataSet | None:
        """The engine's view of a cluster (:class:`mqsc.engine.vsam.VsamCatalog`)."""
        cluster = self.cluster(dsn)
        if cluster is None:
            return None
        formatted = cluster.formatted if cluster.organization == "LINEAR" else ""
        return PageSetDataSet(cluster.name, cluster.pages, cluster.secondary_pages, formatted)

    def log_data_set(self, dsn: str) -> int | None:
        """The engine's view of a linear cluster DEFINE LOG adds to the active log
        (:class:`mqsc.engine.vsam.LogCatalog`): its size in bytes."""
        cluster = self.cluster(dsn)
        if cluster is None or cluster.organization != "LINEAR":
            return None
        return cluster.pages * 4096

    def catalog_archive(self, dsn: str, info: dict[str, object]) -> None:
        """Catalog an archive log data set the offload wrote (CATALOG=YES)."""
        self.write(dsn, "", ARCHIVE_MARK + "\n" + json.dumps(info, sort_keys=True) + "\n")

    def bsds_data_set(self, dsn: str) -> bool:
        """:class:`mqsc.engine.vsam.LogCatalog`: whether BSDS copy ``dsn`` is catalogued."""
        cluster = self.cluster(dsn)
        return cluster is not None and cluster.organization == "INDEXED"

    def define_bsds(self, dsn: str, qmgr: str) -> None:
        """Catalog BSDS copy ``dsn`` as IBM's sample CSQ4BSDS defines one: a key-sequenced
        cluster of RECORDS(850 60)."""
        self.put_cluster(Cluster(dsn, BSDS_VOLUME, "RECORDS", 850, 60, "INDEXED", qmgr=qmgr))

    def archive_log(self, dsn: str) -> dict[str, object] | None:
        """An archive log data set's record (None: not one)."""
        path = self.path(dsn)
        try:
            text = path.read_text(encoding="utf-8") if path.is_file() else ""
        except (OSError, UnicodeDecodeError):
            return None
        mark, _, body = text.partition("\n")
        if mark != ARCHIVE_MARK:
            return None
        try:
            data = json.loads(body)
        except ValueError:
            return None
        return data if isinstance(data, dict) else None

    def parameter_module(
        self, name: str, libraries: tuple[str, ...] = ()
    ) -> dict[str, object] | None:
        """Load module ``name`` as START QMGR PARM(name) finds it: every parameter's value, or
        None. Searched in ``libraries`` (the queue manager's STEPLIB), or when none are given in
        every cataloged library, in name order; CSQZPARM of the product library is IBM's."""
        for library in libraries or tuple(self.names()):
            if not self.path(library).is_dir():
                continue
            path = self.path(library, name)
            if path.is_file():
                try:
                    sections = read_load_module(path.read_text(encoding="utf-8"))
                except (OSError, UnicodeDecodeError):
                    sections = None
                if sections is not None:
                    return module_values(sections)
        if name == zparm.DEFAULT_MODULE:
            return module_values(default_sections())
        return None

    def delete(self, dsn: str, member: str = "") -> None:
        """DISP=(...,DELETE): the data set goes away after the step (a library with its
        members). The libraries kept elsewhere are not deleted."""
        if self.library(dsn) is not None:
            return
        try:
            if member:
                self.path(dsn, member).unlink(missing_ok=True)
                return
            with Place(self.root) as place:
                place.remove(dsn)
            self.vtoc.drop(dsn)
        except (OSError, VtocError):
            pass


def _name(dsn: str, member: str) -> str:
    return f"{dsn}({member})" if member else dsn


def display_name(dsn: str, member: str = "") -> str:
    """``DSN(MEMBER)`` or ``DSN``."""
    return _name(dsn, member)


# ---- the data set view: records, descriptions, problems ----------------------------------------
#: What is read of a data set with no VTOC row to tell a VSAM cluster from text (a small file).
MAX_HEAD = 1 << 16
#: Bytes a 3390 track holds (z/OS DFSMS "Using Data Sets": 56,664 bytes per track), and tracks
#: per cylinder: the used space z/OSMF's list shows is the data's bytes on these tracks.
TRACK_BYTES, CYLINDER_TRACKS = 56_664, 15


class CatalogProblem(DataSetError):
    """A data set request the catalog refuses, as data: ``kind`` says what went wrong
    (``not-cataloged``, ``no-member``, ``exists``, ``member-exists``, ``partitioned``,
    ``not-partitioned``, ``vsam``, ``readonly``, ``changed``, ``name``, ``io``)."""

    def __init__(self, kind: str, dsn: str, member: str = "", detail: str = "") -> None:
        super().__init__(f"{_name(dsn, member)}: {detail or kind}")
        self.kind = kind
        self.dsn = dsn
        self.member = member
        self.detail = detail


@dataclass(frozen=True, slots=True)
class Described:
    """One data set as a listing shows it."""

    name: str
    allocation: Allocation
    #: PS, PO or VS (a VSAM cluster).
    organization: str
    size: int
    modified: float
    #: Why it cannot be changed ("" when it can).
    readonly: str = ""

    @property
    def created(self) -> str:
        return self.allocation.created or day_of(self.modified)

    @property
    def referenced(self) -> str:
        return day_of(self.modified) or self.allocation.created

    def space(self) -> tuple[int, int]:
        """(allocated size in its space unit, percent of it used): the primary space or what
        the data needs, whichever is more."""
        per_unit = TRACK_BYTES * (CYLINDER_TRACKS if self.allocation.spacu == "CYLINDERS" else 1)
        needed = math.ceil(self.size / per_unit) if self.size else 0
        allocated = max(self.allocation.primary, needed, 1)
        return allocated, math.ceil(100 * self.size / (allocated * per_unit))


@dataclass(frozen=True, slots=True)
class Content:
    """A data set's records (EBCDIC bytes), its attributes and the stamp of what it holds."""

    records: list[bytes]
    allocation: Allocation
    stamp: str
    binary: bool


def dataset_name(text: str) -> bool:
    found = names.dataset(text)
    return found is not None and not found[1]


def dataset_member(text: str) -> bool:
    return names.is_name(text)


def _check(dsn: str, member: str = "") -> None:
    if not dataset_name(dsn) or (member and not dataset_member(member)):
        raise CatalogProblem("name", dsn, member)


def _described(name: str, allocation: Allocation, entry: Any, library: bool) -> Described:
    organization = "PO" if library else ("VS" if allocation.dsorg == "VS" else "PS")
    if library and allocation.dsorg != "PO":
        allocation = replace(allocation, dsorg="PO", dsntype=allocation.dsntype or "PDS")
    return Described(name, allocation, organization, entry.size, entry.modified)


def _library_described(library: Library) -> Described:
    size = 0
    for path in library.files.values():
        try:
            size += os.stat(path).st_size
        except OSError:
            continue
    allocation = Allocation(dsorg="PO", dsntype="PDS", dirblk=5, spacu="TRACKS")
    return Described(
        library.name, allocation, "PO", size, library.changed(), library.readonly or ""
    )


def day_of(stamp: float) -> str:
    """``yyyy/mm/dd`` of a file time (local time), as z/OSMF writes dates."""
    if not stamp:
        return ""
    year, month, day = time.localtime(stamp)[:3]
    return f"{year:04d}/{month:02d}/{day:02d}"


def _stamp(data: bytes) -> str:
    """The stamp (z/OSMF's ETag) of what a data set holds: 16 hexadecimal digits."""
    return hashlib.blake2b(data, digest_size=8).hexdigest().upper()


def _text_of(lines: list[str] | None, records: list[bytes] | None) -> str:
    if records is not None:
        lines = dsrecords.kept_text_of_records(records)
    return "".join(line + "\n" for line in (lines or []))


# ---- object decks and load modules (the CSQ4ZPRM job, mqsc/batch/assembler.py) ------------
#: First line of an archive log data set the offload cataloged.
ARCHIVE_MARK = "*MQSC ARCHIVE LOG*"
#: First line of an object deck ASMA90 wrote (SYSPUNCH) and of a load module IEWL wrote.
OBJECT_MARK = "*MQSC OBJECT DECK*"
LOAD_MARK = "*MQSC LOAD MODULE*"


def _sections_json(sections: Mapping[str, Mapping[str, object]]) -> dict[str, Any]:
    return {
        csect: {k: list(v) if isinstance(v, tuple) else v for k, v in values.items()}
        for csect, values in sections.items()
    }


def _sections_back(data: Any) -> dict[str, dict[str, object]] | None:
    """Control sections read back: each macro's known parameters, lists as tuples."""
    if not isinstance(data, dict):
        return None
    out: dict[str, dict[str, object]] = {}
    for csect, values in data.items():
        table = zparm.BY_MACRO.get(csect)
        if table is None or not isinstance(values, dict):
            return None
        out[csect] = {
            k: tuple(v) if isinstance(v, list) else v for k, v in values.items() if k in table
        }
    return out


def object_deck(sections: Mapping[str, Mapping[str, object]]) -> str:
    """The object deck of an assembly: its control sections (one per macro assembled)."""
    return OBJECT_MARK + "\n" + json.dumps({"sections": _sections_json(sections)}) + "\n"


def read_object_deck(text: str) -> dict[str, dict[str, object]] | None:
    mark, _, body = text.partition("\n")
    if mark != OBJECT_MARK:
        return None
    try:
        return _sections_back(json.loads(body).get("sections"))
    except (ValueError, AttributeError):
        return None


def load_module(name: str, entry: str, sections: Mapping[str, Mapping[str, object]]) -> str:
    """A system parameter load module: its name, entry point and control sections."""
    return (
        LOAD_MARK
        + "\n"
        + json.dumps({"name": name, "entry": entry, "sections": _sections_json(sections)})
        + "\n"
    )


def read_load_module(text: str) -> dict[str, dict[str, object]] | None:
    mark, _, body = text.partition("\n")
    if mark != LOAD_MARK:
        return None
    try:
        return _sections_back(json.loads(body).get("sections"))
    except (ValueError, AttributeError):
        return None


def default_sections() -> dict[str, dict[str, object]]:
    """IBM's default module CSQZPARM: every macro with its defaults."""
    return {
        macro: {p.name: p.default for p in table.values()}
        for macro, table in zparm.BY_MACRO.items()
    }


def module_values(sections: Mapping[str, Mapping[str, object]]) -> dict[str, object]:
    """Every parameter's value in a load module (a section it lacks: IBM's defaults)."""
    out = dict(zparm.DEFAULTS)
    for values in sections.values():
        out.update(values)
    return out


#: Last qualifiers of the IBM MQ for z/OS target libraries (thlqual.SCSQMACS...) and the z/OS
#: macro library: installed with the product, so a job names them with any high-level
#: qualifier (the CSQ4ZPRM sample's "thlqual") and finds them cataloged. Their members are the
#: product's: mqsc has the ones its programs read (the default system parameter module).
PRODUCT_QUALIFIERS = frozenset(
    {"SCSQMACS", "SCSQAUTH", "SCSQLOAD", "SCSQANLE", "SCSQSNLE", "SCSQLINK", "SCSQPROC", "SCSQMVR1"}
)
PRODUCT_MEMBERS = frozenset({"CSQZPARM"})
#: The volume a BSDS copy mqsc catalogs lands on (UNVERIFIED: SMS or the CSQ4BSDS job's
#: VOLUMES would choose it).
BSDS_VOLUME = "MQS001"


def product_library(dsn: str) -> bool:
    """Whether ``dsn`` is an installed product library (``SYS1.MACLIB``, thlqual.SCSQAUTH...).

    >>> product_library("MQ940.SCSQAUTH"), product_library("SYS1.MACLIB"), product_library("A.B")
    (True, True, False)
    """
    return dsn == "SYS1.MACLIB" or dsn.rsplit(".", 1)[-1] in PRODUCT_QUALIFIERS


def home_catalog() -> Catalog:
    """The home's data set catalog (``$MQSC_HOME/catalog``): what jobs, IDCAMS and the queue
    managers of the home share."""
    return Catalog(home() / "catalog", HomeLibraries(home()), owned=True)


def attach(qm: QueueManager, catalog: Catalog) -> None:
    """Give a queue manager the data set catalog its log's data sets are in (DEFINE LOG, the
    archive logs) and the load libraries START QMGR PARM(name) searches."""
    given = replace(qm.collaborators, logcatalog=catalog, modules=catalog)
    if catalog.libraries is not None:
        # START QMGR reads its CSQINP1/CSQINP2 members again (mqsc/batch/libraries.py).
        given = replace(given, initdecks=catalog.libraries)
    qm.attach(given)
