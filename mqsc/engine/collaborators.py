"""What a queue manager works with but does not own, each as a small protocol.

The engine does no I/O (docs/architecture.md): what it needs from outside is handed to it by
the store and the front ends as one :class:`Collaborators` record, when the queue manager is
built (``QueueManager(collaborators=...)``), or later in the one explicit step
``QueueManager.attach(...)`` for what comes into being after it:

* the **gate** (:class:`Gate`): the state store around every command. A queue manager the
  store loads is built with it; one that ``mqsc create`` or a first open makes runs its
  initialization decks before its database exists (the database is written from the started
  state), so it is attached to its store once that is written;
* the **network** (:class:`mqsc.engine.channelstate.Network`): the queue managers its
  channels reach. A network is formed from queue managers already open (a job's, a home's, a
  server's), so they are attached to it, and detached when it lets them go;
* the **data set catalogs**: the VSAM clusters DEFINE PSID DSN(...) finds
  (:class:`mqsc.engine.vsam.VsamCatalog`), the log's data sets and archives
  (:class:`mqsc.engine.vsam.LogCatalog`), the load libraries START QMGR PARM(name) searches
  (:class:`mqsc.engine.sysparm.ParameterModules`): a batch job's catalog for the time of its
  steps, or the home's;
* the **initialization libraries** (:class:`mqsc.engine.initdecks.InitDecks`): where START
  QMGR reads CSQINP1 and CSQINP2 again (the home's libraries), as the started task opens its
  data sets at each start;
* the **SMF data set** (:class:`mqsc.engine.smf.sink.SmfSink`): where its SMF records go (the
  home's, for a queue manager a front end opened from the home);
* the **security database** (:class:`mqsc.engine.security.SecurityDatabase`): the home's
  RACF database the security manager reads (RACF is the system's, not the queue manager's;
  the front end opens it and the queue manager closes it with itself);
* the **probes** of other processes (:class:`Probes`): whether the holder of a handle or the
  owner of a connection still runs. The engine probes no process; a store shared between
  processes gives its probes.

The store never edits the engine: on entering the gate it hands back what other processes
committed (:class:`Committed` rows) and the queue manager applies them to its tables.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from mqsc.engine.channelstate import Network
from mqsc.engine.log import LogRecord
from mqsc.engine.state import Change
from mqsc.engine.sysparm import ParameterModules
from mqsc.engine.vsam import LogCatalog, VsamCatalog
from mqsc.support.liveness import thread_alive, thread_owner

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.initdecks import InitDecks
    from mqsc.engine.manager import QueueManager
    from mqsc.engine.security import SecurityDatabase
    from mqsc.engine.smf.sink import SmfSink


@dataclass(frozen=True, slots=True)
class Committed:
    """What other processes committed to one owner's rows since this process last looked:
    ``owner`` is a member's name, or the queue sharing group's name with ``group`` set (its
    shared tables); ``changes`` in order (a value of None: the row was deleted)."""

    owner: str
    changes: tuple[Change, ...]
    group: bool = False


class Gate(Protocol):
    """What a state store does around each command (mqsc/store implements it).

    ``enter`` runs before a command touches the state: it serialises with other processes
    sharing the queue manager and returns what they committed meanwhile (the queue manager
    applies it). ``record`` takes a transaction's changes as it commits, before they are
    applied in memory; ``leave`` runs after the command, whether or not it changed anything.
    ``close`` ends the session; ``abandon`` ends it after a commit failed, dropping what it
    held back.
    """

    def enter(self, qm: QueueManager) -> Sequence[Committed]: ...

    def record(self, qm: QueueManager, changes: list[Change], journal: list[LogRecord]) -> None: ...

    def leave(self, qm: QueueManager) -> None: ...

    def close(self, qm: QueueManager) -> None: ...

    def abandon(self, qm: QueueManager) -> None: ...

    def log_records(self, name: str, since: int = 0) -> list[LogRecord]:
        """Member ``name``'s recovery log from RBA ``since`` as the store keeps it (RECOVER
        CFSTRUCT reads every member's)."""
        ...


def _always(_owner: str) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Probes:
    """Whether what other processes hold is still held.

    ``handle``: the holder of a trigger monitor's handle (``pid:thread``) still runs; the
    default knows this process's threads only. ``connection``: the process owning a
    connection (``pid.start``) still runs; the default (no other process shares the queue
    manager) says yes. ``caller``: who is calling now, as a handle's holder (``pid:thread``).
    """

    handle: Callable[[str], bool] = thread_alive
    caller: Callable[[], str] = thread_owner
    connection: Callable[[str], bool] = _always


@dataclass(frozen=True, slots=True)
class Collaborators:
    """Everything a queue manager is given from outside; None: it has none of that kind (in
    memory only, no channels' partners, any DSN accepted, no archives catalogued, only its own
    parameter module and IBM's CSQZPARM, the decks it was built with at every start, its SMF
    records kept in its memory, no RACF on the system: subsystem security off)."""

    gate: Gate | None = None
    network: Network | None = None
    vsam: VsamCatalog | None = None
    logcatalog: LogCatalog | None = None
    modules: ParameterModules | None = None
    initdecks: InitDecks | None = None
    smf: SmfSink | None = None
    security: SecurityDatabase | None = None
    probes: Probes = field(default_factory=Probes)
