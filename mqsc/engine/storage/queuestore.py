"""Messages on a queue, stored compactly: runs of identical messages and the pages they take.

A queue's messages are *runs* of identical messages (same size, persistence and priority);
consecutive identical puts extend the last run, so ten million uniform messages are one run.
Page accounting follows storage rules PS-8, PS-9, PS-10 (docs/storage.md#storage-rules):

* a *short* message (data up to 3596 bytes) is a record of data + 461 header bytes; records
  of a run are packed into pages (1 KB messages two to a page); a page is freed when its
  last record is got;
* a *long* message takes ceil((data + 461) / 4047) pages (4096 bytes: 2 pages; 4 MB: 1037);
  above 4 MB, 1037 pages per 4 MB chunk plus the remainder;
* the queue holds ceil(depth / 64) message-list pages while it is not empty (FITTED: 300
  messages -> 5 pages, the lab's 605);
* pages of persistent messages count as persistent pages, the rest as nonpersistent.

Units of work (IBM MQ, "Committing and backing out units of work"; "CurrentQDepth"): a message
put in a unit of work is on the queue from its MQPUT, in the run it was put in, but no MQGET
sees it until the commit (``Run.uow``: the connection whose unit of work put the run); a
backout removes it. A message got in a unit of work stays on the queue, in its place, until the
commit deletes it, and no other MQGET sees it meanwhile (``Run.locked``: that many of the
run's oldest messages); a backout makes it available again where it was. CURDEPTH
(:attr:`QueueStore.depth`) counts the first and not the second; the pages and the message list
count every message still held (:attr:`QueueStore.physical`).

Puts and gets (:mod:`mqsc.engine.messaging.privateq`) go through the page set's buffer pool
(:mod:`.pool`); this module only holds the messages and their page geometry.
"""

from __future__ import annotations

import base64
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mqsc.engine.storage import constants
from mqsc.engine.storage.copying import copier

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.state import Txn


# ---- geometry --------------------------------------------------------------------------------
def records_per_page(size: int) -> int:
    """How many short messages of ``size`` bytes share a page; 0 for a long message.

    >>> records_per_page(1024), records_per_page(100), records_per_page(4096)
    (2, 7, 0)
    """
    if size > constants.SHORT_MAX:
        return 0
    return constants.PAGE_USABLE // (size + constants.MSG_HDR)


def pages_per_message(size: int) -> int:
    """Pages one long message takes (storage rule PS-9 (docs/storage.md#storage-rules)).

    >>> pages_per_message(4096), pages_per_message(10_000), pages_per_message(4 * 1024**2)
    (2, 3, 1037)
    """
    chunks, rest = divmod(size, constants.CHUNK_BYTES)
    if chunks and size > constants.CHUNK_BYTES:
        tail = math.ceil((rest + constants.MSG_HDR) / constants.LONG_BYTES_PER_PAGE) if rest else 0
        return chunks * constants.CHUNK_PAGES + tail
    return math.ceil((size + constants.MSG_HDR) / constants.LONG_BYTES_PER_PAGE)


def list_pages(depth: int) -> int:
    """Message-list pages a queue of ``depth`` messages holds (FITTED, 64 per page)."""
    return math.ceil(depth / constants.IDX_MSGS_PER_PAGE)


@dataclass(frozen=True, slots=True)
class Body:
    """What a message put with data carries besides its size (the messaging REST API,
    ``mqsc put --data``): its data and the MQMD fields the messaging REST API sets and
    returns (IBM MQ, "POST /messaging/qmgr/{qmgrName}/queue/{queueName}/message").

    ``msgid`` and ``correlid`` are the MQMD's 24-byte MsgId and CorrelId; ``expiry`` is in
    tenths of a second as the MQMD holds it (-1: MQEI_UNLIMITED); ``put_time`` the put's
    ``yyyy-mm-dd hh.mm.ss``; ``reply_q``/``reply_qmgr`` the ReplyToQ/ReplyToQMgr.
    """

    data: bytes
    msgid: bytes
    correlid: bytes = bytes(24)
    reply_q: str = ""
    reply_qmgr: str = ""
    expiry: int = -1
    put_time: str = ""
    #: An application-specific correlation id (REST API v3, JMS): the text as given; its
    #: first 24 UTF-8 bytes are the CorrelId.
    correl_text: str = ""
    #: The MQMD fields a message the queue manager itself puts sets (event messages, IBM
    #: "Event message MQMD (message descriptor)"): Format ("MQEVENT "), Encoding,
    #: CodedCharSetId, PutApplType, PutApplName. Empty or zero: not set by the putter
    #: (MQFMT_NONE; the queue manager's encoding and CCSID).
    format: str = ""
    encoding: int = 0
    ccsid: int = 0
    appltype: int = 0
    applname: str = ""

    def snapshot(self) -> dict[str, Any]:
        return {
            "data": base64.b64encode(self.data).decode("ascii"),
            "msgid": self.msgid.hex(),
            "correlid": self.correlid.hex(),
            "reply_q": self.reply_q,
            "reply_qmgr": self.reply_qmgr,
            "expiry": self.expiry,
            "put_time": self.put_time,
            **({"correl_text": self.correl_text} if self.correl_text else {}),
            **({"mqmd": list(self.descriptor)} if self.format else {}),
        }

    @property
    def descriptor(self) -> tuple[str, int, int, int, str]:
        """Format, Encoding, CodedCharSetId, PutApplType, PutApplName."""
        return (self.format, self.encoding, self.ccsid, self.appltype, self.applname)

    @classmethod
    def restore(cls, data: dict[str, Any]) -> Body:
        return cls(
            base64.b64decode(data["data"]),
            bytes.fromhex(data["msgid"]),
            bytes.fromhex(data["correlid"]),
            data["reply_q"],
            data["reply_qmgr"],
            int(data["expiry"]),
            data["put_time"],
            data.get("correl_text", ""),
            *_descriptor(data.get("mqmd")),
        )


def _descriptor(saved: list[Any] | None) -> tuple[str, int, int, int, str]:
    if not saved:
        return ("", 0, 0, 0, "")
    fmt, encoding, ccsid, appltype, applname = saved
    return (str(fmt), int(encoding), int(ccsid), int(appltype), str(applname))


@dataclass(slots=True)
class Run:
    """Identical messages, in arrival order (mutable; cloned with their store).

    ``head_used`` counts short-message records already got from the run's first page.
    """

    id: int
    count: int
    size: int
    persistent: bool
    priority: int
    psid: int
    head_used: int = 0
    #: The transmission header of messages on a transmission queue: "RQMNAME RNAME" (MQ names
    #: hold no blanks), the queue manager and queue a channel delivers them to; "" elsewhere.
    dest: str = ""
    #: A message put with its data (a run of one: runs with a body never grow); None for
    #: the identical, data-less messages of ``mqsc put --count/--size``.
    body: Body | None = None
    #: Messages already got from the run's head: the data-less messages' MsgIds count from
    #: the run's first message ever (mqsc/engine/messaging/bodies.py), so they stay the same while
    #: older ones go and newer ones join.
    taken: int = 0
    #: The oldest messages of the run that units of work have got and not yet committed: on
    #: the queue still (their pages held) but in no MQGET's reach and not in CURDEPTH.
    locked: int = 0
    #: The connection whose unit of work put this run and has not committed it ("" for
    #: committed messages): counted in CURDEPTH, in no MQGET's reach.
    uow: str = ""
    #: The MQMD BackoutCount of the run's oldest messages, oldest first (those got in units
    #: of work not yet committed included); a message past the end has 0. MQBACK counts one
    #: more for each message it reinstates (IBM "MQMD - BackoutCount").
    backouts: tuple[int, ...] = ()

    def backout_count(self, index: int) -> int:
        """BackoutCount of the run's ``index``-th oldest message (0: the oldest it holds)."""
        return self.backouts[index] if 0 <= index < len(self.backouts) else 0

    def forget(self, start: int, n: int) -> None:
        """The ``n`` messages from the ``start``-th oldest leave the run: their counts go."""
        if self.backouts and n > 0 and start < len(self.backouts):
            self.backouts = self.backouts[:start] + self.backouts[start + n :]

    def backed_out(self, start: int, n: int) -> None:
        """MQBACK reinstated the ``n`` messages from the ``start``-th oldest."""
        counts = list(self.backouts) + [0] * max(0, start + n - len(self.backouts))
        for i in range(start, start + n):
            counts[i] += 1
        self.backouts = tuple(counts)

    @property
    def available(self) -> int:
        """Messages of the run an MQGET (or a browse, a channel) can take now."""
        return 0 if self.uow else self.count - self.locked

    @property
    def per_page(self) -> int:
        return records_per_page(self.size)

    def pages_for(self, count: int, head_used: int) -> int:
        """Pages the run holds with ``count`` messages left."""
        if count <= 0:
            return 0
        per = self.per_page
        if per:
            return math.ceil((head_used + count) / per)
        return count * pages_per_message(self.size)

    @property
    def pages(self) -> int:
        return self.pages_for(self.count, self.head_used)

    def after_get(self, n: int) -> tuple[int, int]:
        """(count, head_used) after getting the oldest ``n`` messages."""
        per = self.per_page
        count = self.count - n
        if not per or count == 0:
            return count, 0
        return count, (self.head_used + n) % per


@dataclass(slots=True)
class QueueStore:
    """The messages of one queue (mutable; cloned in transactions)."""

    queue: str
    runs: list[Run] = field(default_factory=list)
    next_id: int = 1
    lists: int = 0  # message-list pages held
    list_psid: int = -1

    def clone(self) -> QueueStore:
        copy = _copy_store(self)
        copy.runs = list(map(_copy_run, self.runs))
        return copy

    @property
    def depth(self) -> int:
        """CURDEPTH: messages put (committed or not) less those got in units of work not yet
        committed (IBM "CurrentQDepth")."""
        return sum(r.count - r.locked for r in self.runs)

    @property
    def physical(self) -> int:
        """Every message the queue holds pages for (the message list counts them all)."""
        return sum(r.count for r in self.runs)

    @property
    def available(self) -> int:
        """Messages an MQGET can take now."""
        return sum(r.available for r in self.runs)

    def delivery_order(self, msgdlvsq: object) -> list[Run]:
        """The runs holding messages an MQGET can take, in the order successive MQGETs take
        them: as put for MSGDLVSQ(FIFO), else highest priority first and, within a priority,
        as put (IBM "DEFINE QLOCAL", MSGDLVSQ)."""
        runs = [r for r in self.runs if r.available] if self._marked() else self.runs
        if msgdlvsq == "FIFO":
            return runs
        return sorted(runs, key=lambda r: (-r.priority, r.id))

    def _marked(self) -> bool:
        return any(r.uow or r.locked for r in self.runs)

    def run(self, run_id: int) -> Run | None:
        """The run with this id, if the queue still holds it."""
        return next((r for r in self.runs if r.id == run_id), None)

    def owner(self, run: Run) -> tuple[str, str, int]:
        return ("run", self.queue, run.id)

    @property
    def list_owner(self) -> tuple[str, str]:
        return ("list", self.queue)

    def tail_run(
        self,
        size: int,
        persistent: bool,
        priority: int,
        psid: int,
        dest: str = "",
        body: Body | None = None,
        uow: str = "",
    ) -> Run:
        """The run new identical messages join: the last one, or a new one (always a new
        one for a message with a body, and never one with a body). Messages of a unit of work
        (``uow``) join only that unit's run, others never do."""
        last = self.runs[-1] if self.runs else None
        if (
            body is None
            and last is not None
            and last.uow == uow
            and last is not None
            and last.size == size
            and last.persistent == persistent
            and last.priority == priority
            and last.psid == psid
            and last.count
            and last.dest == dest
            and last.body is None
        ):
            return last
        run = Run(self.next_id, 0, size, persistent, priority, psid, 0, dest, body, uow=uow)
        self.next_id += 1
        self.runs.append(run)
        return run

    def snapshot(self) -> dict[str, Any]:
        data = {
            "kind": "messages",
            "queue": self.queue,
            "next_id": self.next_id,
            "lists": self.lists,
            "list_psid": self.list_psid,
            "runs": [
                [
                    r.id,
                    r.count,
                    r.size,
                    r.persistent,
                    r.priority,
                    r.psid,
                    r.head_used,
                    *((r.dest,) if r.dest or r.body else ()),
                    *((r.body.snapshot(),) if r.body else ()),
                ]
                for r in self.runs
            ],
        }
        taken = [[r.id, r.taken] for r in self.runs if r.taken]
        if taken:
            data["taken"] = taken
        locked = [[r.id, r.locked] for r in self.runs if r.locked]
        if locked:
            data["locked"] = locked
        pending = [[r.id, r.uow] for r in self.runs if r.uow]
        if pending:
            data["uow"] = pending
        backouts = [[r.id, list(r.backouts)] for r in self.runs if r.backouts]
        if backouts:
            data["backouts"] = backouts
        return data

    @classmethod
    def restore(cls, data: dict[str, Any]) -> QueueStore:
        store = cls(
            data["queue"],
            [_restore_run(r) for r in data["runs"]],
            data["next_id"],
            data["lists"],
            data["list_psid"],
        )
        taken = {int(i): int(n) for i, n in data.get("taken", ())}  # absent before it was kept
        locked = {int(i): int(n) for i, n in data.get("locked", ())}
        pending = {int(i): str(c) for i, c in data.get("uow", ())}
        backouts = {int(i): tuple(map(int, b)) for i, b in data.get("backouts", ())}
        for run in store.runs:
            run.taken = taken.get(run.id, 0)
            run.locked = locked.get(run.id, 0)
            run.uow = pending.get(run.id, "")
            run.backouts = backouts.get(run.id, ())
        return store


def _restore_run(fields: list[Any]) -> Run:
    if len(fields) > 8:
        return Run(*fields[:8], body=Body.restore(fields[8]))
    return Run(*fields)


_copy_store = copier(QueueStore)
_copy_run = copier(Run)


def editable_store(txn: Txn, table: str, queue: str) -> QueueStore:
    """A queue's message store, editable in this transaction (a new one if it has none):
    ``messages`` for private queues, ``cfmsgs`` for shared ones."""
    if txn.has(table, queue):
        return txn.edit(table, queue)
    store = QueueStore(queue)
    txn.put(table, queue, store)
    return store
