"""Where queue managers live, and how the front ends create and open them.

Each queue manager has a directory, ``$MQSC_HOME/qmgrs/<NAME>`` (``MQSC_HOME`` defaults to the
user's data directory, ``$XDG_DATA_HOME/mqsc`` or ``~/.local/share/mqsc``), holding its
``mqsc.toml`` (name, command prefix, queue sharing group, page set geometry, the list of
initialization decks) and copies of its CSQINP1 and CSQINP2 decks. QMZ1, the lab queue
manager, is created on first use from the decks bundled with mqsc.
"""

from __future__ import annotations

import os
import re
import shutil
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from mqsc.catalog import zparm as zparm_table
from mqsc.engine.collaborators import Collaborators
from mqsc.engine.config import QMConfig
from mqsc.engine.group import CFRMPolicy, Group
from mqsc.engine.manager import QueueManager
from mqsc.language.source import Source
from mqsc.store.errors import StoreError
from mqsc.store.settings import strict_mode
from mqsc.store.smfdata import SmfDataSet, in_catalog
from mqsc.support.bounded import MAX_INPUT_BYTES, read_file
from mqsc.support.bundled import bundled
from mqsc.support.files import (
    FileError,
    check_private,
    check_private_dir,
    private_dir,
    read_private,
    write_private,
)

DEFAULT_QMGR = "QMZ1"
#: The decks a queue manager gets when ``mqsc create`` is given none.
SYSTEM_DECKS = ("samples/system/CSQINP1.mqsc", "samples/system/CSQINP2.mqsc")


class QMgrError(Exception):
    """A queue manager cannot be created or opened; the CLI prints it and exits with 2."""


def home() -> Path:
    """The mqsc data directory."""
    explicit = os.environ.get("MQSC_HOME")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "mqsc"


def cache_dir() -> Path:
    """Where mqsc keeps what it can rebuild (the parser's recipes): ``$MQSC_HOME/cache`` when
    MQSC_HOME is set, else ``$XDG_CACHE_HOME/mqsc`` (``~/.cache/mqsc``)."""
    explicit = os.environ.get("MQSC_HOME")
    if explicit:
        return Path(explicit) / "cache"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "mqsc"


def default_name() -> str:
    """``$MQSC_QMGR``, else QMZ1."""
    return os.environ.get("MQSC_QMGR", DEFAULT_QMGR).upper()


def qmgr_dir(name: str) -> Path:
    return home() / "qmgrs" / name.upper()


@dataclass
class QMDefinition:
    """Everything needed to build a queue manager from scratch."""

    name: str
    cpf: str
    qsg: str = ""
    config: QMConfig = field(default_factory=QMConfig)
    csqinp1: tuple[Source, ...] = ()
    csqinp2: tuple[Source, ...] = ()
    #: The system parameter module's macro source (CSQ6SYSP, CSQ6LOGP, CSQ6ARVP statements;
    #: None: IBM's defaults, module CSQZPARM) and the module's name.
    zparm: Source | None = None
    module: str = zparm_table.DEFAULT_MODULE

    def parameters(self) -> dict[str, object]:
        """Every system parameter's value in this definition's module."""
        if self.zparm is None:
            return dict(zparm_table.DEFAULTS)
        from mqsc.language import zparmsource  # noqa: PLC0415 - start-up: the CSQ6xxx macro reader only for a system parameter module

        assembly = zparmsource.assemble(self.zparm.text)
        if assembly.rc:
            first = assembly.notes[0]
            raise QMgrError(
                f"{self.zparm.name}: statement {first.statement}: {first.text} (the system "
                "parameter module does not assemble)"
            )
        return assembly.values()

    def build(self, **options: object) -> QueueManager:
        """A new, started queue manager in its initial configuration (strict as
        ``$MQSC_STRICT`` says, unless ``options`` say)."""
        options.setdefault("strict", strict_mode())
        return QueueManager.create(
            self.name,
            cpf=self.cpf,
            qsg=self.qsg,
            config=self.config,
            csqinp1=self.csqinp1,
            csqinp2=self.csqinp2,
            parameters=self.parameters(),
            module=self.module,
            **options,
        )

    def stored(self) -> dict[str, object]:
        """The definition as the state database keeps it (self-contained: --state works
        without the queue manager's directory)."""
        return {
            "cpf": self.cpf,
            "qsg": self.qsg,
            "config": self.config.to_toml(),
            "csqinp1": [[s.name, s.text] for s in self.csqinp1],
            "csqinp2": [[s.name, s.text] for s in self.csqinp2],
            "zparm": [self.zparm.name, self.zparm.text] if self.zparm is not None else None,
            "module": self.module,
        }

    def toml(self) -> str:
        """The ``mqsc.toml`` of this definition."""
        decks = [
            f"csqinp1 = {_toml_list(s.name for s in self.csqinp1)}",
            f"csqinp2 = {_toml_list(s.name for s in self.csqinp2)}",
        ]
        return "\n".join(
            [
                "# mqsc emulator configuration of a queue manager (docs/configuration.md).",
                "",
                "[queue_manager]",
                f'name = "{self.name}"',
                f'cpf = "{self.cpf}"',
                f'qsg = "{self.qsg}"',
                "",
                "[decks]",
                "# Initialization data sets, processed in this order at every start.",
                *decks,
                "",
                *self._zparm_toml(),
                self.config.to_toml(),
            ]
        )

    def _zparm_toml(self) -> list[str]:
        if self.zparm is None:
            return []
        return [
            "[zparm]",
            "# The system parameter module: its name and the macro source it is assembled from",
            "# (docs/system-parameters.md).",
            f'module = "{self.module}"',
            f'source = "{self.zparm.name}"',
            "",
        ]


def _toml_list(items) -> str:
    return "[" + ", ".join(f'"{i}"' for i in items) + "]"


def _read(path: Path) -> Source:
    """A deck the user gives (``mqsc create --csqinp1``) or one bundled with mqsc."""
    try:
        return _decoded(read_file(path), path)
    except OSError as error:
        raise QMgrError(f"{path}: {error.strerror}") from None


def _read_kept(path: Path) -> Source:
    """A deck copy in a queue manager's directory (checked as every file mqsc keeps)."""
    try:
        data = read_private(path, "queue manager file", limit=MAX_INPUT_BYTES)
    except FileError as error:
        raise QMgrError(str(error)) from None
    if data is None:
        raise QMgrError(f"{path}: No such file or directory")
    return _decoded(data, path)


def _decoded(data: bytes, path: Path) -> Source:
    try:
        return Source(data.decode("utf-8"), path.name)
    except UnicodeDecodeError as error:
        raise QMgrError(
            f"{path}: cannot decode as utf-8: {error.reason} at byte {error.start}"
        ) from None


def bundled_definition() -> QMDefinition:
    """QMZ1 as the lab shows it, from the decks bundled with mqsc."""
    config_text = bundled("samples/qmz1/mqsc.toml").read_text(encoding="utf-8")
    csqinp2 = (
        _named(bundled("samples/system/CSQINP2.mqsc"), "system-CSQINP2.mqsc"),
        _read(bundled("samples/qmz1/CSQINP2.mqsc")),
    )
    return QMDefinition(
        DEFAULT_QMGR,
        DEFAULT_QMGR,
        "",
        QMConfig.from_toml(config_text),
        (_read(bundled("samples/qmz1/CSQINP1.mqsc")),),
        csqinp2,
    )


def _named(path: Path, name: str) -> Source:
    return Source(_read(path).text, name)


def load_definition(directory: str | os.PathLike[str]) -> QMDefinition:
    """The definition stored in a queue manager directory."""
    directory = Path(directory)
    config_path = directory / "mqsc.toml"
    try:
        raw = read_private(config_path, "queue manager file", limit=MAX_INPUT_BYTES)
        if raw is None:
            raise QMgrError(f"no queue manager in {directory} (no mqsc.toml)")
        text = raw.decode("utf-8")
        data = tomllib.loads(text)
    except FileError as error:
        raise QMgrError(str(error)) from None
    except UnicodeDecodeError as error:
        raise QMgrError(f"{config_path}: cannot decode as utf-8: {error.reason}") from None
    except tomllib.TOMLDecodeError as error:
        raise QMgrError(f"{config_path}: {error}") from None
    qm = data.get("queue_manager", {})
    decks = data.get("decks", {})
    module = data.get("zparm", {})
    return QMDefinition(
        name=str(qm.get("name", directory.name)),
        cpf=str(qm.get("cpf", qm.get("name", directory.name))),
        qsg=str(qm.get("qsg", "")),
        config=QMConfig.from_toml(text),
        csqinp1=tuple(_read_kept(_member(directory, n)) for n in decks.get("csqinp1", [])),
        csqinp2=tuple(_read_kept(_member(directory, n)) for n in decks.get("csqinp2", [])),
        zparm=_read_kept(_member(directory, module["source"])) if module.get("source") else None,
        module=str(module.get("module", zparm_table.DEFAULT_MODULE)),
    )


def _member(directory: Path, name: object) -> Path:
    """A deck named in mqsc.toml: a file of the queue manager's own directory, never a path
    that leads out of it."""
    text = str(name)
    if not text or "/" in text or "\\" in text or text in (".", "..") or "\0" in text:
        raise QMgrError(
            f"{directory / 'mqsc.toml'}: deck {text!r} is not a file name of {directory}"
        )
    return directory / text


def write_definition(definition: QMDefinition, directory: str | os.PathLike[str]) -> None:
    """Store a definition: mqsc.toml and the deck copies, owner-only, each written aside and
    renamed into place, mqsc.toml last (a kill leaves no mqsc.toml or a whole one)."""
    directory = Path(directory)
    try:
        private_dir(directory, "queue manager directory")
        extra = (definition.zparm,) if definition.zparm is not None else ()
        for deck in (*definition.csqinp1, *definition.csqinp2, *extra):
            write_private(directory / deck.name, deck.text, "queue manager file")
        write_private(directory / "mqsc.toml", definition.toml(), "queue manager file")
    except FileError as error:
        raise QMgrError(str(error)) from None


def check_definition(directory: str | os.PathLike[str]) -> None:
    """Refuse a queue manager directory, mqsc.toml or deck copy that another user owns or can
    write: its decks run at every START QMGR."""
    directory = Path(directory)
    try:
        check_private_dir(directory, "queue manager directory")
        if directory.is_dir():
            for entry in sorted(directory.iterdir()):
                # Every name but the temporaries of a rewrite (.NAME.PID.tmp) and what a
                # creation leaves for a moment: a link, a directory or a device in a queue
                # manager's directory is refused as a file another user owns is.
                if not entry.name.startswith(".") and ".creating-" not in entry.name:
                    check_private(entry, "queue manager file")
    except FileError as error:
        raise QMgrError(str(error)) from None
    except OSError as error:
        raise QMgrError(f"{directory}: {error.strerror}") from None


def new_definition(
    name: str,
    *,
    cpf: str | None = None,
    qsg: str = "",
    csqinp1: Sequence[str | os.PathLike[str]] = (),
    csqinp2: Sequence[str | os.PathLike[str]] = (),
    config: QMConfig | None = None,
) -> QMDefinition:
    """The definition ``mqsc create`` makes: given decks, or the system decks."""
    name = name.upper()
    _check_name(name)
    if qsg:
        _check_name(qsg.upper(), "queue sharing group")
    first = tuple(_read(Path(p)) for p in csqinp1) or (
        _named(bundled(SYSTEM_DECKS[0]), "CSQINP1.mqsc"),
    )
    second = tuple(_read(Path(p)) for p in csqinp2) or (
        _named(bundled(SYSTEM_DECKS[1]), "CSQINP2.mqsc"),
    )
    second = _unique(first, second)
    return QMDefinition(
        name, (cpf or name).upper(), qsg.upper(), config or QMConfig(), first, second
    )


def _unique(first: tuple[Source, ...], second: tuple[Source, ...]) -> tuple[Source, ...]:
    taken = {s.name for s in first}
    out = []
    for s in second:
        name = s.name
        while name in taken:
            name = "2-" + name
        taken.add(name)
        out.append(Source(s.text, name))
    return tuple(out)


def _check_name(name: str, what: str = "queue manager") -> None:
    # z/OS queue manager (subsystem) and queue sharing group names: 1-4 characters, A-Z
    # first, then A-Z 0-9 @ # $.

    if not re.fullmatch(r"[A-Z@#$][A-Z0-9@#$]{0,3}", name):
        raise QMgrError(
            f"{name!r} is not a z/OS {what} name (1-4 characters: A-Z "
            "first, then A-Z, 0-9, @, #, $)"
        )


def create(definition: QMDefinition, *, force: bool = False) -> Path:
    """``mqsc create``: write the queue manager directory."""
    directory = qmgr_dir(definition.name)
    if directory.exists():
        if not force:
            raise QMgrError(
                f"queue manager {definition.name} already exists in {directory} "
                "(use --force to replace it)"
            )
        _replace(directory)
    write_definition(definition, directory)
    # A new queue manager starts with security off (qmgr.NO.SUBSYS.SECURITY): in the home's
    # security database now if there is one, else when it is first created (with every
    # queue manager of the home). A profile of that name RACF has already stays as it is.
    security = _home_security(create=False)
    if security is not None:
        from mqsc.store.racfdb import security_off_for  # noqa: PLC0415 - start-up: sqlite3 and the security database only for a home that has one

        try:
            security_off_for(security, [definition.name])
        finally:
            security.close()
    return directory


def _replace(directory: Path) -> None:
    """Remove a queue manager's directory for ``create --force``: refused, with nothing
    removed, while any process has its state database open (the lease, as reset)."""
    from mqsc.store.lease import Lease, lock_path  # noqa: PLC0415 - start-up: file and lease helpers only for a durable queue manager

    db = directory / "state.db"
    lease = None
    try:
        if db.exists() or lock_path(db).exists():
            lease = Lease.exclusive(db)
        shutil.rmtree(directory)
    except StoreError as error:
        raise QMgrError(str(error)) from None
    except OSError as error:
        raise QMgrError(f"{directory}: {error.strerror}") from None
    finally:
        if lease is not None:
            lease.release()


def definition_of(name: str) -> QMDefinition:
    """A queue manager's definition: from its directory, or bundled for QMZ1."""
    directory = qmgr_dir(name)
    if (directory / "mqsc.toml").exists():
        check_definition(directory)
        return load_definition(directory)
    if name.upper() == DEFAULT_QMGR:
        return bundled_definition()
    raise QMgrError(
        f"queue manager {name.upper()} does not exist (create it with 'mqsc create {name.upper()}')"
    )


def state_path(name: str) -> Path:
    """The default state database of a queue manager: its own, or its queue sharing group's
    (one database holds a whole group, docs/qsg.md)."""
    directory = qmgr_dir(name)
    if (directory / "mqsc.toml").exists():
        qsg = load_definition(directory).qsg
        if qsg:
            return qsg_dir(qsg) / "state.db"
    return directory / "state.db"


# ---- queue sharing groups ------------------------------------------------------------------
def qsg_dir(qsg: str) -> Path:
    """Where a queue sharing group's database and CFRM policy (``qsg.toml``) live."""
    return home() / "qsgs" / qsg.upper()


def cfrm_policy(qsg: str) -> CFRMPolicy:
    """The group's CFRM policy (structure sizes) from its ``qsg.toml``; defaults if none."""
    path = qsg_dir(qsg) / "qsg.toml"
    try:
        raw = read_private(path, "queue sharing group file", limit=MAX_INPUT_BYTES)
        if raw is None:
            return CFRMPolicy()
        return CFRMPolicy.from_data(tomllib.loads(raw.decode("utf-8")))
    except FileError as error:
        raise QMgrError(str(error)) from None
    except (tomllib.TOMLDecodeError, ValueError) as error:
        raise QMgrError(f"{path}: {error}") from None


def write_cfrm(qsg: str) -> Path:
    """Write a group's ``qsg.toml`` with the default policy, unless it exists."""
    path = qsg_dir(qsg) / "qsg.toml"
    if not os.path.lexists(path):
        try:
            private_dir(path.parent, "queue sharing group directory")
            write_private(
                path,
                f"# Queue sharing group {qsg.upper()} (docs/qsg.md).\n\n"
                + CFRMPolicy().to_toml()
                + "\n# [cfrm.structures]\n"
                '# APP1 = "256M"\n',
                "queue sharing group file",
            )
        except FileError as error:
            raise QMgrError(str(error)) from None
    return path


def member_definitions(qsg: str) -> list[QMDefinition]:
    """Every queue manager created as a member of ``qsg``, in name order."""
    root = home() / "qmgrs"
    found = []
    if root.is_dir():
        for directory in sorted(root.iterdir()):
            if (directory / "mqsc.toml").exists():
                definition = load_definition(directory)
                if definition.qsg.upper() == qsg.upper():
                    found.append(definition)
    return found


def memory_group(
    qsg: str, *, extra: QMDefinition | None = None, clock=None, security=None
) -> Group:
    """A throw-away queue sharing group of every created member (and ``extra``), each
    started in its initial configuration."""
    group = Group(qsg.upper(), cfrm=cfrm_policy(qsg))
    definitions = {d.name: d for d in member_definitions(qsg)}
    if extra is not None:
        definitions[extra.name] = extra
    options: dict[str, object] = {"clock": clock} if clock is not None else {}
    if security is not None:
        options["collaborators"] = Collaborators(security=security)
    for name in sorted(definitions):
        definitions[name].build(group=group, **options)
    return group


def _open_member(store, qsg: str, wanted: str, clock, given: Collaborators) -> QueueManager:
    """Load a group from its database, adding members created since it was last opened;
    the loaded members work with what the home ``given`` them besides the store."""
    known = set(store.names())
    missing = [m for m in member_definitions(qsg) if m.name not in known]
    if missing:
        store.begin()
        try:
            # The group as stored, to build the new members against (not served: it is
            # loaded again below once they are written).
            group = (
                store.load_group(qsg, served=False)
                if qsg.upper() in store.groups()
                else Group(qsg.upper(), cfrm=cfrm_policy(qsg))
            )
            options: dict[str, object] = {"clock": clock} if clock is not None else {}
            options["collaborators"] = Collaborators(security=given.security)
            for definition in missing:
                store.add(definition.build(group=group, **options), definition.stored())
            store.commit()
        except BaseException:
            store.rollback()
            raise
    group = store.load_group(qsg.upper(), clock, given=given)
    qm = group.member(wanted)
    if qm is None:
        raise StoreError(f"{store.path} holds no queue manager {wanted} in group {qsg}")
    return qm


def open_qmgr(
    name: str | None = None,
    *,
    memory: bool = False,
    state: str | os.PathLike[str] | None = None,
    clock=None,
) -> QueueManager:
    """The queue manager a front end works on.

    ``memory``: a throw-away one in its initial configuration. Otherwise its state database
    (``state``, else the default one) is opened, or created from the definition on first use
    (QMZ1 from the bundled decks). Callers close it (``qm.close()``) to end the session.

    The database's lease (:mod:`mqsc.store.lease`) is taken before it is looked at and held
    until the queue manager is closed, so ``mqsc state reset`` never removes it meanwhile.
    """
    options: dict[str, object] = {"clock": clock} if clock is not None else {}
    if memory:
        definition = definition_of(name or default_name())
        # RACF is the system's, not the queue manager's: a throw-away queue manager reads
        # the home's security database when there is one (and creates none: a run in a
        # fresh home starts without sqlite3, S1's start-up).
        security = _home_security(create=False)
        if definition.qsg:
            return memory_group(
                definition.qsg, extra=definition, clock=clock, security=security
            ).members[definition.name]
        if security is not None:
            options["collaborators"] = Collaborators(security=security)
        return definition.build(**options)
    # The database (sqlite3) only for a durable queue manager: `mqsc run --memory` starts
    # without it (S1's start-up).
    from mqsc.store import StateStore, StoreError  # noqa: PLC0415 - start-up: sqlite3 and the store only for a durable queue manager (`mqsc run --memory` needs neither)
    from mqsc.store.lease import Lease  # noqa: PLC0415 - start-up: file and lease helpers only for a durable queue manager
    from mqsc.store.sqlite import discard, lock_timeout, unfinished  # noqa: PLC0415 - start-up: sqlite3 and the store only for a durable queue manager (`mqsc run --memory` needs neither)

    try:
        path = Path(state) if state is not None else state_path(name or default_name())
        _check_state_path(path)
        # It records SMF data in the catalog directory (_record_smf_at_home), after its work
        # has committed: one that others may write is refused now, before anything is done.
        check_private_dir(home() / "catalog", "catalog directory")
        timeout = lock_timeout()
        if not path.parent.is_dir():
            if state is None:
                definition_of(name or default_name())  # an unknown queue manager: say so
            private_dir(path.parent, "state directory")
        lease = Lease.shared(path, timeout)
    except (StoreError, FileError) as error:
        raise QMgrError(str(error)) from None
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        raise QMgrError(f"{where}{error.strerror or error}") from None
    store = None
    try:
        security = _home_security(create=True)
    except BaseException:
        lease.release()
        raise
    options["collaborators"] = Collaborators(security=security)
    try:
        if path.exists() and unfinished(path):
            discard(path)  # a creation killed before it finished: redone below
        if not path.exists():
            store, qm = _create_state(
                path, name, Path(state) if state is not None else None, options, lease, timeout
            )
        if store is None:
            store = StateStore.open(path, timeout=timeout, lease=lease)
            names = store.names()
            wanted = (name or (names[0] if len(names) == 1 else default_name())).upper()
            qsg = definition_of(wanted).qsg if (qmgr_dir(wanted) / "mqsc.toml").exists() else ""
            # What the home gives a durable queue manager besides its store: the RACF
            # database, and the SMF data set where IFASMFDP and `mqsc smf dump` find its
            # records (mqsc/store/smfdata.py).
            given = Collaborators(security=security, smf=home_data_set())
            qm = (
                _open_member(store, qsg, wanted, clock, given)
                if qsg
                else store.load(wanted, clock, given=given)
            )
            store.activate()
        else:
            # Created now: its decks ran before its database existed (the database is written
            # from the started state), so it is attached to its store and the home's SMF data
            # set now that it is written.
            members = qm.group.members.values() if qm.group is not None else [qm]
            for member in members:
                given = replace(member.collaborators, smf=home_data_set())
                member.attach(store.collaborators(given))
    except BaseException as error:
        security.close()
        if store is not None:
            store.release()
        else:
            lease.release()
        if isinstance(error, StoreError):
            raise QMgrError(str(error)) from None
        if isinstance(error, OSError):
            raise QMgrError(f"{path}: {error.strerror}") from None
        raise
    return qm


def _home_security(*, create: bool):
    """The home's security database for a queue manager to read (None when it does not
    exist and ``create`` is False: nothing of it imported, so a run in a fresh home starts
    without sqlite3 and RACF's commands, S1's start-up)."""
    path = security_path()
    if not create and not path.exists():
        return None
    from mqsc.store.racfdb import SecurityStore  # noqa: PLC0415 - start-up: sqlite3 and the security database only for a home that has one

    try:
        return SecurityStore.open(path, queue_managers=queue_manager_names())
    except StoreError as error:
        raise QMgrError(str(error)) from None


def security_path() -> Path:
    """The home's security (RACF) database: ``$MQSC_HOME/racf/racf.db``
    (:func:`mqsc.store.racfdb.default_path` of the home, named here without importing the
    database's module: tests/store/test_racfdb.py checks they agree)."""
    return home() / "racf" / "racf.db"


def queue_manager_names() -> list[str]:
    """Every queue manager of the home (those created, and QMZ1, created on first use)."""
    root = home() / "qmgrs"
    names = {DEFAULT_QMGR}
    if root.is_dir():
        names.update(d.name.upper() for d in root.iterdir() if (d / "mqsc.toml").exists())
    return sorted(names)


def security_store():  # -> mqsc.store.racfdb.SecurityStore (sqlite3 only when used)
    """The home's security database, open; created on first use with security off
    (qmgr.NO.SUBSYS.SECURITY) for every queue manager of the home. Callers close it."""
    from mqsc.store.errors import StoreError  # noqa: PLC0415 - start-up: sqlite3 and the security database only for a home that has one
    from mqsc.store.racfdb import SecurityStore  # noqa: PLC0415 - start-up: sqlite3 and the security database only for a home that has one

    try:
        return SecurityStore.open(security_path(), queue_managers=queue_manager_names())
    except StoreError as error:
        raise QMgrError(str(error)) from None


def home_data_set() -> SmfDataSet:
    """The SMF data set of this home's simulated system (``$MQSC_HOME/catalog/SYS1.MAN1``),
    where the queue managers of the home record."""
    return in_catalog(home() / "catalog")


def _check_state_path(path: Path) -> None:
    """A state database path that cannot be used, said in one line (before any lease): it,
    or a file SQLite or the lease keeps beside it, is a link, a directory, another user's or
    writable by others."""
    from mqsc.store.sqlite import check_files  # noqa: PLC0415 - start-up: sqlite3 and the store only for a durable queue manager (`mqsc run --memory` needs neither)

    check_files(path)


def _create_state(path: Path, name: str | None, state: Path | None, options, lease, timeout: float):
    """Create the state database from the definition; (None, None) when another process
    created it first."""
    from mqsc.store import StateStore  # noqa: PLC0415 - start-up: sqlite3 and the store only for a durable queue manager (`mqsc run --memory` needs neither)

    definition = definition_of(name or default_name())
    if state is None and not (qmgr_dir(definition.name) / "mqsc.toml").exists():
        write_definition(definition, qmgr_dir(definition.name))
    try:
        private_dir(path.parent, "state directory", check=state is None)
    except FileError as error:
        raise QMgrError(str(error)) from None
    security = options["collaborators"].security
    if definition.qsg:
        group = memory_group(
            definition.qsg, extra=definition, clock=options.get("clock"), security=security
        )
        members = [group.members[n] for n in sorted(group.members)]
        stored = {d.name: d.stored() for d in member_definitions(definition.qsg)}
        stored.setdefault(definition.name, definition.stored())
        store = StateStore.create(
            path, members[0], stored[members[0].name], timeout=timeout, lease=lease
        )
        if store is None:
            return None, None
        store.begin()
        for member in members[1:]:
            store.add(member, stored[member.name])
        store.commit()
        return store, group.members[definition.name]
    qm = definition.build(**options)
    store = StateStore.create(path, qm, definition.stored(), timeout=timeout, lease=lease)
    return (store, qm) if store is not None else (None, None)


def scratch_qmgr(
    name: str | None = None, *, state: str | os.PathLike[str] | None = None
) -> QueueManager:
    """A scratch copy of a queue manager's current state: nothing done to it is kept."""
    qm = open_qmgr(name, state=state)
    try:
        with qm.session():
            copy = qm.copy()
    finally:
        qm.close()
    return copy
