"""What a program run by a job step (``EXEC PGM=name``) gets to work with, and how it ends.

A program is a function ``(StepContext) -> StepOutcome``. The context holds the parsed PARM,
the step's DD statements (in-stream records, catalog files, SYSOUT), the job's queue managers
(one per name, shared by every step of the job) and the clock; the program reads its input
DDs, writes its SYSPRINT and other outputs through the context, and returns its condition code
or an abend. The runner routes what it wrote: SYSOUT to the held output, data sets to the
catalog directory. The programs themselves are in :mod:`mqsc.batch.programs`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from mqsc.batch.datasets import Catalog
from mqsc.batch.jcl import DataDefinition
from mqsc.catalog import texts
from mqsc.engine.connregistry import ConnectRequest, NotConnected
from mqsc.engine.manager import QueueManager
from mqsc.engine.records import Issuer
from mqsc.language.source import Source
from mqsc.racf.background import Keeper

Clock = Callable[[], dt.datetime]
#: Finds a queue manager by name for the whole job (None when there is none of that name).
QueueManagers = Callable[[str], QueueManager | None]


@dataclass(frozen=True, slots=True)
class StepOutcome:
    """How a program ended: a condition code (0-4095), or an abend (``S806``, ``U0016``)
    with its reason code."""

    cc: int = 0
    abend: str | None = None
    reason: str = "00000000"


@dataclass
class StepContext:
    """What a program sees of its job step."""

    job: str
    step: str
    program: str
    parm: str
    dds: Mapping[str, DataDefinition]
    qmgrs: QueueManagers
    clock: Clock
    catalog: Catalog
    encoding: str = "utf-8"
    #: The job's user (its JOB statement's owner): the user id of its connregistry.
    user: str = ""
    #: The process running the job, as the state store names connection owners.
    owner: str = ""
    #: The step's connections, by queue manager name (MQCONN at its first use of one; the
    #: runner ends them when the step ends, as z/OS does at the end of a job step's task).
    connections: dict[str, tuple[QueueManager, str]] = field(default_factory=dict)
    #: The RACF database (the mqsc home's), None for a job run without one.
    security: Keeper | None = None
    #: Lines for the job's log (JESMSGLG): RACF's ICH408I when it refuses the step's user.
    log: list[str] = field(default_factory=list)
    #: Lines written to SYSOUT data sets, by DD name, in the order written.
    sysout: dict[str, list[str]] = field(default_factory=dict)
    #: Data sets written in this step (the first write replaces, later ones append).
    written: set[str] = field(default_factory=set)

    # ---- the queue managers -----------------------------------------------------------------
    def qmgr(self, name: str) -> QueueManager | None:
        """The queue manager of that name, shared by all steps of the job; the step is
        connected to it from then on (DISPLAY CONN shows the job, :meth:`conn`)."""
        qm = self.qmgrs(name)
        if qm is not None and qm.name not in self.connections:
            try:
                conn = qm.connect(ConnectRequest(self.job, "BATCH", self.user, self.owner))
            except NotConnected:
                return qm  # not running: its commands answer so (START QMGR may follow)
            self.connections[qm.name] = (qm, conn)
        if qm is not None:
            # Its MQI calls and commands act for the job (the job name as the application:
            # z/OS PutApplName of a batch job): event messages name them.
            qm.issuer = Issuer(self.user or qm.user, self.job)
        return qm

    def conn(self, qm: QueueManager) -> str:
        """The step's connection to ``qm`` ("" when it has none)."""
        held = self.connections.get(qm.name)
        return held[1] if held is not None and held[0] is qm else ""

    def disconnect(self, *, abnormal: bool = False) -> None:
        """MQDISC of every connection of the step (the step ended); ``abnormal``: it abended,
        and its connections end as a failed task's do."""
        for qm, conn in self.connections.values():
            try:
                if abnormal:
                    qm.end_abnormally([conn])
                else:
                    qm.disconnect(conn)
            except NotConnected:
                pass
        self.connections.clear()

    # ---- data sets --------------------------------------------------------------------------
    def has(self, ddname: str, *, output: bool = False) -> bool:
        """Whether the step has that DD (and, for input, something to read)."""
        dd = self.dds.get(ddname)
        if dd is None:
            return False
        if output:
            return dd.kind in ("sysout", "dsn", "dummy")
        return dd.kind in ("instream", "dsn", "dummy")

    def read(self, ddname: str) -> Source:
        """An input DD's records, concatenation included, as one text."""
        dd = self.dds[ddname]
        records: list[str] = []
        for part in dd.parts:
            if part.kind == "instream":
                records += part.records
            elif part.kind == "dsn":
                records += self.catalog.read(part.dsn, part.member, self.encoding).splitlines()
        return Source("".join(r + "\n" for r in records), ddname)

    def read_bytes(self, ddname: str) -> bytes:
        """An input DD's bytes, concatenation included (in-stream data has none: binary
        records cannot be written in a JCL deck)."""
        dd = self.dds[ddname]
        return b"".join(
            self.catalog.read_bytes(part.dsn, part.member)
            for part in dd.parts
            if part.kind == "dsn"
        )

    def write_bytes(self, ddname: str, data: bytes) -> None:
        """Write a binary output DD (a data set; SYSOUT and DUMMY swallow binary data)."""
        dd = self.dds.get(ddname)
        if dd is None or dd.kind != "dsn":
            return
        append = dd.disp[0] == "MOD" or ddname in self.written
        self.catalog.write_bytes(dd.dsn, dd.member, data, append=append)
        self.written.add(ddname)

    def write(self, ddname: str, text: str) -> None:
        """Write an output DD: SYSOUT to the held output, a data set to the catalog (DISP=MOD
        appends; otherwise the step's first write replaces the data set)."""
        self.print(ddname, text.splitlines())

    def print(self, ddname: str, lines: list[str] | tuple[str, ...]) -> None:
        """Append lines to an output DD (a DD the step does not have swallows them)."""
        dd = self.dds.get(ddname)
        if dd is None or dd.kind == "dummy":
            return
        if dd.kind == "sysout":
            self.sysout.setdefault(ddname, []).extend(lines)
        elif dd.kind == "dsn":
            append = dd.disp[0] == "MOD" or ddname in self.written
            self.catalog.write(
                dd.dsn, dd.member, "".join(line + "\n" for line in lines), append=append
            )
            self.written.add(ddname)

    def ddnames(self) -> list[str]:
        """The step's DD names, in order."""
        return list(self.dds)

    def dsn_of(self, ddname: str) -> str | None:
        """The data set a ``DD DSN=`` statement names (None for any other DD)."""
        dd = self.dds.get(ddname)
        return dd.dsn if dd is not None and dd.kind == "dsn" and not dd.member else None

    def audit(self, messages) -> None:
        """RACF's messages (ICH408I) among ``messages`` go to the job's log, as z/OS writes a
        security violation to the log of the job that made it."""
        self.log.extend(
            texts.line(m.msg_id, m.inserts, None) for m in messages if m.msg_id == "ICH408I"
        )

    def sysprint(self, *lines: str) -> None:
        """Write lines to SYSPRINT."""
        self.print("SYSPRINT", lines)


Program = Callable[[StepContext], StepOutcome]
