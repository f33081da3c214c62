"""Response records: what the engine returns, and all the renderers ever see.

A :class:`Result` is one command's outcome: the messages and objects it produced, in order,
ending with its completion message (CSQ9022I or CSQ9023E), plus the command-server return and
reason codes (CSQN205I). Renderers turn results into console text, command-server (SYSPRINT)
text or JSON; they never look at the engine.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mqsc.catalog.mqrc import name
from mqsc.language.source import Location

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.storage.queuestore import Body

#: CSQN205I RETURN/REASON pairs. "Not found" is VERIFIED ([DOC-EXAMPLES]); the syntax-error
#: pair is UNVERIFIED ([DOC-MSGS]).
RC_OK = (0x00000000, 0x00000000)
RC_SYNTAX = (0x00000008, 0x00000000)
RC_FAILED = (0x0000000C, 0x00000008)
#: RETURN=00000020, REASON=FFFFFFFF: the security manager refused the command (CSQ9016E; a
#: CSQUTIL capture, [GH-CSQUTIL]).
RC_NOT_AUTHORIZED = (0x00000020, 0xFFFFFFFF)
#: RETURN=0, REASON=4: another reply set follows (CMDSCOPE(*), VERIFIED [DOC-MSGS]).
RC_MORE = (0x00000000, 0x00000004)


@dataclass(frozen=True, slots=True)
class Message:
    """A z/OS message. ``unsolicited`` messages go to the console only, not into the reply set
    of the command (e.g. CSQP023I when an asynchronous ALTER BUFFPOOL finishes)."""

    msg_id: str
    inserts: Mapping[str, object] = field(default_factory=dict)
    unsolicited: bool = False


@dataclass(frozen=True, slots=True)
class ObjectRecord:
    """One object of a DISPLAY: attribute values in display order.

    ``family`` names the attribute table (``QLOCAL``, ``STGCLASS``...) renderers use for field
    widths; ``keyword`` is the object word of the command (``QUEUE`` for DISPLAY QUEUE);
    ``msg_id`` is the command-server reply id (CSQM4nnI). A value of True or False is a flag
    shown as its keyword or negation. ``verb`` is the command's verb as the console's CSQM201I
    header names it (RESET QSTATS reports its queues as DISPLAY does).
    """

    family: str
    keyword: str
    msg_id: str
    attrs: tuple[tuple[str, object], ...]
    verb: str = "DISPLAY"

    def get(self, name: str, default: object = None) -> object:
        """An attribute's value."""
        for key, value in self.attrs:
            if key == name:
                return value
        return default


@dataclass(frozen=True, slots=True)
class PageSetUsage:
    """One line of the CSQI010I page set report (PCF Inquire Usage names in comments)."""

    psid: int  # PageSetId
    pool: int  # BufferPoolId
    total: int  # TotalPages
    unused: int  # UnusedPages
    persistent: int  # PersistentDataPages
    nonpersistent: int  # NonPersistentDataPages
    expand: str  # ExpandType: USER, SYSTEM, NONE
    expansions: int  # ExpandCount (since restart)
    status: str = "AVAILABLE"  # PageSetStatus


@dataclass(frozen=True, slots=True)
class BufferPoolUsage:
    """One line of the CSQI065I buffer pool report."""

    pool: int  # BufferPoolId
    available: int  # TotalBuffers
    stealable: int  # FreeBuffers
    percent: int  # FreeBuffersPercentage (truncated, not rounded)
    pageclass: str  # PageClass
    location: str  # BufferPoolLocation


@dataclass(frozen=True, slots=True)
class PageSetReport:
    """DISPLAY USAGE TYPE(PAGESET), first part: the CSQI010I report."""

    rows: tuple[PageSetUsage, ...]


@dataclass(frozen=True, slots=True)
class BufferPoolReport:
    """DISPLAY USAGE TYPE(PAGESET), second part: the CSQI065I report."""

    rows: tuple[BufferPoolUsage, ...]


@dataclass(frozen=True, slots=True)
class DataSetUsage:
    """One line of the MQSC770I data set report: a log range needed for some recovery."""

    kind: str  # "oldest active UOW", "page set recovery", "CF structure recovery"
    rba: str
    dsname: str


@dataclass(frozen=True, slots=True)
class DataSetReport:
    """DISPLAY USAGE TYPE(DATASET): the log data sets recovery would need."""

    rows: tuple[DataSetUsage, ...]


@dataclass(frozen=True, slots=True)
class TraceRow:
    """One active trace as DISPLAY TRACE lists it."""

    tno: str
    ttype: str
    classes: str
    dest: str
    userid: str
    rmid: str


@dataclass(frozen=True, slots=True)
class TraceReport:
    """DISPLAY TRACE: the active traces the command's options select."""

    rows: tuple[TraceRow, ...]


@dataclass(frozen=True, slots=True)
class ThreadRow:
    """One thread of a DISPLAY THREAD report: its connection name, status (N connected, T
    with a unit of recovery, I in doubt), connection type, user, ASID, unit of recovery and
    origin id, and how many threads (the REGIONS summary)."""

    name: str
    status: str
    kind: str
    userid: str
    asid: str
    urid: str
    nid: str
    threads: int


@dataclass(frozen=True, slots=True)
class ThreadReport:
    """DISPLAY THREAD's report of one TYPE (ACTIVE: CSQV402I, REGIONS: CSQV432I, INDOUBT:
    CSQV406I)."""

    kind: str
    rows: tuple[ThreadRow, ...]


@dataclass(frozen=True, slots=True)
class ParameterRow:
    """One parameter of a DISPLAY SYSTEM, LOG or ARCHIVE report: its module value and the value
    SET gave it ("" when SET did not change it)."""

    name: str
    initial: str
    set: str = ""


@dataclass(frozen=True, slots=True)
class ParameterReport:
    """DISPLAY SYSTEM, LOG or ARCHIVE: the CSQJ322I parameter report."""

    kind: str  # SYSTEM, LOG, ARCHIVE
    rows: tuple[ParameterRow, ...]


@dataclass(frozen=True, slots=True)
class LogCopy:
    """One copy of the current active log: how full it is and its data set."""

    copy: int
    percent: int
    zhyperwrite: str
    dsname: str


@dataclass(frozen=True, slots=True)
class LogStatusReport:
    """DISPLAY LOG, second part: the CSQJ370I log status report (the fields of IBM's PCF log
    status response: DataSetName, LogCopyNumber, LogUsed, QMgrStartDate/Time/RBA, LogRBA,
    OffloadStatus, FullLogs, LogSuspend)."""

    copies: tuple[LogCopy, ...]
    restarted: str  # yyyy-mm-dd hh:mm:ss
    restart_rba: str
    latest_rba: str
    offload: str  # AVAILABLE, BUSY, COPYING LOG...
    full: int
    total: int
    suspended: bool = False


Record = (
    Message
    | ObjectRecord
    | PageSetReport
    | BufferPoolReport
    | DataSetReport
    | ParameterReport
    | LogStatusReport
    | TraceReport
    | ThreadReport
)


@dataclass(frozen=True, slots=True)
class MessageRun:
    """Consecutive messages on a queue that look alike: how many, their data length, whether
    persistent, their priority (what CSQUTIL COPY saves and LOAD puts back)."""

    count: int
    size: int
    persistent: bool
    priority: int


@dataclass(frozen=True, slots=True)
class Delivered:
    """One message a get returned or a browse saw (the messaging REST API, ``mqsc get
    --show``): its data (zeros of its size for a message put without data) and the MQMD
    fields the messaging REST API returns. ``expiry`` in tenths of a second, -1 unlimited."""

    data: bytes
    msgid: bytes
    correlid: bytes
    persistent: bool
    priority: int
    reply_q: str = ""
    reply_qmgr: str = ""
    expiry: int = -1
    put_time: str = ""
    correl_text: str = ""  # an application-specific correlation id (REST API v3)
    #: MQMD Format, Encoding, CodedCharSetId, PutApplType, PutApplName of a message the
    #: queue manager put (an event message: "MQEVENT "); empty for others.
    format: str = ""
    encoding: int = 0
    ccsid: int = 0
    appltype: int = 0
    applname: str = ""


@dataclass(frozen=True, slots=True)
class EventField:
    """One parameter of an event message as ``mqsc events`` shows it: IBM's name of the
    parameter (MQCA_Q_MGR_NAME), its value (a number, a text, hexadecimal bytes, a list of
    texts; a group has none), the constant it names (MQEVO_CONSOLE) if any, and its depth in
    groups (MQGACF_COMMAND_CONTEXT's members are at 1)."""

    name: str
    value: object
    constant: str = ""
    depth: int = 0


@dataclass(frozen=True, slots=True)
class EventReport:
    """One event message, decoded: where it was and its MQMD, the MQCFH by name, and its
    parameters in order."""

    queue: str
    number: int
    size: int
    msgid: str
    correlid: str
    put_time: str
    format: str
    encoding: int
    ccsid: int
    putappl: str
    event: str  # IBM's event name ("Queue Depth High"), "" for a reason that names none
    reason: int
    reason_name: str
    category: str  # MQCMD_PERFM_EVENT...
    structure: str  # MQCFT_EVENT...
    version: int
    seq: int
    control: str  # MQCFC_LAST / MQCFC_NOT_LAST
    compcode: str
    fields: tuple[EventField, ...]


@dataclass(frozen=True, slots=True)
class Issuer:
    """Who a front end acts for (the user of a console, a job, a REST request): what command
    and configuration events name as EventUserId and, for commands that came as messages
    (CSQUTIL, the REST API), the application that sent them; MQI events name the
    application (ApplType, ApplName). ``appltype`` is an MQAT_* name (z/OS batch and TSO
    programs: MQAT_MVS)."""

    userid: str = ""
    applname: str = ""
    appltype: str = "MQAT_MVS"


@dataclass(frozen=True, slots=True)
class Transfer:
    """Messages a channel moves: ``count`` identical messages for queue ``queue`` of queue
    manager ``qmgr`` (their transmission header; both blank when they have none); ``body``:
    a message put with data (a run of one) carries it and its MQMD fields
    (mqsc.engine.storage.queuestore.Body), so it arrives with the same data and MsgId, as a
    channel moves the message itself."""

    qmgr: str
    queue: str
    count: int
    size: int
    persistent: bool
    priority: int
    body: Body | None = None


@dataclass(frozen=True, slots=True)
class TriggerMessage:
    """A trigger message a put caused (the fields of its MQTM), on initiation queue ``initq``
    (mqsc/engine/messaging/triggers.py)."""

    initq: str
    queue: str
    process: str
    trigdata: str
    appltype: str
    applid: str
    envdata: str
    userdata: str


@dataclass(frozen=True, slots=True)
class Workload:
    """What a put or get did: messages, bytes, pages, and the reason it stopped, if any.

    ``pools`` holds, per buffer pool the operation touched, how its statistics moved
    (QPST names: getp hits, getn new pages, rio reads, tpw pages written, wio write I/Os, stl
    steals, dwt deferred write triggers...; ``low`` is the lowest stealable count);
    ``expansions`` the page set expansions; ``messages`` the console messages it caused.
    """

    operation: str  # "put" or "get"
    queue: str
    requested: int  # -1: all there are
    done: int
    size: int = 0
    bytes: int = 0
    reason: int = 0
    pages: int = 0
    backed_out: int = 0
    pools: Mapping[int, Mapping[str, int]] = field(default_factory=dict)
    expansions: int = 0
    messages: tuple[Message, ...] = ()
    persistent: bool = False
    #: For a shared queue: its CF structure, and the structure storage the messages took or
    #: gave back (they use no pages).
    structure: str = ""
    cf_bytes: int = 0
    #: The messages a single-message get or browse returned, with their data
    #: (:mod:`mqsc.engine.messaging.bodies`); empty for bulk puts and gets.
    delivered: tuple[Delivered, ...] = ()
    #: The trigger messages the put wrote on initiation queues.
    triggers: tuple[TriggerMessage, ...] = ()
    #: A put to a cluster queue: the queue managers the cluster workload algorithm chose, each
    #: with how many messages went there, in the order first chosen (docs/clusters.md).
    routed: tuple[tuple[str, int], ...] = ()
    #: What holds the call on z/OS ("SUSPEND QMGR LOG"): mqsc does not wait, so the call was
    #: not done (an own MQSC message says so) and has no MQ reason code of its own.
    held: str = ""

    @property
    def reason_name(self) -> str:

        return name(self.reason)

    def plus(self, later: Workload) -> Workload:
        """This and a later operation of the same kind on the same queue, as one (the size
        is 0 when they differ; the later one's reason, and whether it was held, counts)."""
        pools: dict[int, dict[str, int]] = {k: dict(v) for k, v in self.pools.items()}
        for key, delta in later.pools.items():
            mine = pools.setdefault(key, {})
            for field_name, value in delta.items():
                if field_name == "low":
                    mine["low"] = min(mine.get("low", value), value)
                else:
                    mine[field_name] = mine.get(field_name, 0) + value
        return Workload(
            self.operation,
            self.queue,
            self.requested + later.requested,
            self.done + later.done,
            self.size if self.size == later.size else 0,
            self.bytes + later.bytes,
            later.reason,
            self.pages + later.pages,
            self.backed_out + later.backed_out,
            pools,
            self.expansions + later.expansions,
            self.messages + later.messages,
            self.persistent,
            self.structure,
            self.cf_bytes + later.cf_bytes,
            self.delivered + later.delivered,
            self.triggers + later.triggers,
            held=later.held,
        )


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of one command.

    Attributes:
        text: the logical command text.
        records: messages, objects and reports in order; the last is CSQ9022I or CSQ9023E.
        ok: whether the command completed normally.
        return_code, reason_code: the CSQN205I RETURN and REASON values.
        cpf: the queue manager's command prefix, shown after message ids.
        location: where the command starts in its input, when it came from a file.
        echo: the physical lines of the command as read.
        title: the verb and object of the command (``DEFINE QLOCAL``), when known.
        more: results of further reply sets (CMDSCOPE(*) routing, one per queue manager).

    """

    text: str
    records: tuple[Record, ...]
    ok: bool
    return_code: int
    reason_code: int
    cpf: str
    location: Location | None = None
    echo: tuple[str, ...] = ()
    title: str = ""
    more: tuple[Result, ...] = ()

    def messages(self) -> Iterator[Message]:
        """The message records."""
        return (r for r in self.records if isinstance(r, Message))

    @property
    def message_ids(self) -> tuple[str, ...]:
        """Ids of all messages, in order (handy in tests)."""
        return tuple(m.msg_id for m in self.messages())

    @property
    def objects(self) -> tuple[ObjectRecord, ...]:
        """The DISPLAY object records."""
        return tuple(r for r in self.records if isinstance(r, ObjectRecord))

    def all_sets(self) -> Iterator[Result]:
        """This result and the further reply sets, in order."""
        yield self
        yield from self.more


#: Buffer pool statistics (SMF 115 QPST field, key in the statistics data), in column order.
POOL_FIELDS = (
    ("NBUF", "buffers"),
    ("CBSL", "low"),
    ("CBS", "stealable"),
    ("GETP", "getp"),
    ("GETN", "getn"),
    ("RIO", "rio"),
    ("STW", "stw"),
    ("TPW", "tpw"),
    ("WIO", "wio"),
    ("IMW", "imw"),
    ("DWT", "dwt"),
    ("DMC", "dmc"),
    ("STL", "stl"),
    ("SOS", "sos"),
)
#: Page set statistics (SMF 115 QIS1 field, key), in column order.
PAGESET_FIELDS = (
    ("TOPG", "total"),
    ("UNPG", "unused"),
    ("PPG", "persistent"),
    ("NPPG", "nonpersistent"),
    ("EXPN", "expansions"),
    ("FULL", "full"),
    ("DWPN", "dw_ios"),
    ("DWPP", "dw_pages"),
    ("IMWN", "imw_ios"),
    ("IMWP", "imw_pages"),
    ("GETN", "read_ios"),
    ("GETP", "read_pages"),
    ("CKPP", "ckpt_pages"),
)
