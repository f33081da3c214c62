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

import json
import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from mqsc.catalog import zparm
from mqsc.engine.phase import Phase
from mqsc.engine.storage import constants
from mqsc.engine.vsam import PageSetDataSet
from mqsc.language.reader import decode
from mqsc.store.home import home
from mqsc.support.bounded import read_file

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
        allocated as a page set. A queue manager holds its page sets from its start, while
        it reads CSQINP1 and CSQINP2, until it has stopped, so any phase but STOPPED counts
        (IBM "Formatting page sets (FORMAT)": a page set in use by a queue manager that is not
        stopped cannot be formatted; IDCAMS DELETE of an allocated cluster fails)."""
        if qm is None or qm.phase is Phase.STOPPED or qm.name != self.qmgr:
            return False
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
        """Whether the data set (and member) is cataloged: a file, a library (a directory), or
        one of the installed product libraries (:func:`product_library`)."""
        path = self.path(dsn, member)
        if path.is_file() or (not member and path.is_dir()):
            return True
        return product_library(dsn) and (not member or member in PRODUCT_MEMBERS)

    def create_library(self, dsn: str) -> None:
        """Allocate a partitioned data set (a library with no members yet)."""
        try:
            self.path(dsn).mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise DataSetError(f"{dsn}: cannot be allocated ({error.strerror})") from None

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
            raise DataSetError(
                f"{_name(dsn, member)}: cannot be written ({error.strerror})"
            ) from None

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

    def names(self) -> list[str]:
        """Every cataloged data set name, sorted (members are not catalog entries)."""
        try:
            return sorted(p.name for p in self.root.iterdir() if not p.name.startswith("."))
        except OSError:
            return []

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
        """DISP=(...,DELETE): the data set goes away after the step."""
        try:
            self.path(dsn, member).unlink(missing_ok=True)
        except OSError:
            pass


def _name(dsn: str, member: str) -> str:
    return f"{dsn}({member})" if member else dsn


def display_name(dsn: str, member: str = "") -> str:
    """``DSN(MEMBER)`` or ``DSN``."""
    return _name(dsn, member)


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


def product_library(dsn: str) -> bool:
    """Whether ``dsn`` is an installed product library (``SYS1.MACLIB``, thlqual.SCSQAUTH...).

    >>> product_library("MQ940.SCSQAUTH"), product_library("SYS1.MACLIB"), product_library("A.B")
    (True, True, False)
    """
    return dsn == "SYS1.MACLIB" or dsn.rsplit(".", 1)[-1] in PRODUCT_QUALIFIERS


def home_catalog() -> Catalog:
    """The home's data set catalog (``$MQSC_HOME/catalog``): what jobs, IDCAMS and the queue
    managers of the home share."""
    return Catalog(home() / "catalog")


def attach(qm: Any, catalog: Catalog) -> None:
    """Give a queue manager the data set catalog its log's data sets are in (DEFINE LOG, the
    archive logs) and the load libraries START QMGR PARM(name) searches."""
    qm.logcatalog = catalog
    qm.modules = catalog
