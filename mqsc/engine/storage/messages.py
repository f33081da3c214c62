"""Messages on local queues, stored compactly, and how puts and gets use page sets and pools.

A queue's messages are *runs* of identical messages (same size, persistence and priority);
consecutive identical puts extend the last run, so ten million uniform messages are one run.
Page accounting follows storage-model §6.2:

* a *short* message (data up to 3596 bytes) is a record of data + 461 header bytes; records
  of a run are packed into pages (1 KB messages two to a page, PS-10); a page is freed when its
  last record is got;
* a *long* message takes ceil((data + 461) / 4047) pages (4096 bytes: 2 pages; 4 MB: 1037);
  above 4 MB, 1037 pages per 4 MB chunk plus the remainder;
* the queue holds ceil(depth / 64) message-list pages while it is not empty (FITTED: 300
  messages -> 5 pages, the lab's 605);
* pages of persistent messages count as persistent pages, the rest as nonpersistent.

Puts and gets go through the page set's buffer pool (:mod:`.pool`): new pages are changed
buffers, gets read back pages that were written out and stolen, freed pages leave changed
buffers behind until the deferred writer drops them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mqsc.engine.storage import constants as C
from mqsc.engine.storage.alloc import PageSetFull, SpaceEvents, allocate
from mqsc.engine.storage.copying import copier

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.context import Ctx

from mqsc.mqrc import (
    MQRC_GET_INHIBITED,
    MQRC_MSG_TOO_BIG_FOR_Q,
    MQRC_MSG_TOO_BIG_FOR_Q_MGR,
    MQRC_NO_MSG_AVAILABLE,
    MQRC_NONE,
    MQRC_PAGESET_ERROR,
    MQRC_PUT_INHIBITED,
    MQRC_Q_FULL,
    MQRC_STORAGE_CLASS_ERROR,
    MQRC_STORAGE_MEDIUM_FULL,
    MQRC_UNKNOWN_OBJECT_NAME,
)
from mqsc.responses import Workload

#: Log bytes of getting one persistent message from a private queue (UNVERIFIED choice).
LOG_PER_GET = C.LOG_RECORD_BYTES


# ---- geometry --------------------------------------------------------------------------------
def records_per_page(size: int) -> int:
    """How many short messages of ``size`` bytes share a page; 0 for a long message.

    >>> records_per_page(1024), records_per_page(100), records_per_page(4096)
    (2, 7, 0)
    """
    if size > C.SHORT_MAX:
        return 0
    return C.PAGE_USABLE // (size + C.MSG_HDR)


def pages_per_message(size: int) -> int:
    """Pages one long message takes (storage-model §6.2 rules 3 and 4).

    >>> pages_per_message(4096), pages_per_message(10_000), pages_per_message(4 * 1024**2)
    (2, 3, 1037)
    """
    chunks, rest = divmod(size, C.CHUNK_BYTES)
    if chunks and size > C.CHUNK_BYTES:
        tail = math.ceil((rest + C.MSG_HDR) / C.LONG_BYTES_PER_PAGE) if rest else 0
        return chunks * C.CHUNK_PAGES + tail
    return math.ceil((size + C.MSG_HDR) / C.LONG_BYTES_PER_PAGE)


def list_pages(depth: int) -> int:
    """Message-list pages a queue of ``depth`` messages holds (FITTED, 64 per page)."""
    return math.ceil(depth / C.IDX_MSGS_PER_PAGE)


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
        return sum(r.count for r in self.runs)

    def owner(self, run: Run) -> tuple[str, str, int]:
        return ("run", self.queue, run.id)

    @property
    def list_owner(self) -> tuple[str, str]:
        return ("list", self.queue)

    def tail_run(self, size: int, persistent: bool, priority: int, psid: int) -> Run:
        """The run new identical messages join: the last one, or a new one."""
        last = self.runs[-1] if self.runs else None
        if (last is not None and last.size == size and last.persistent == persistent
                and last.priority == priority and last.psid == psid and last.count):
            return last
        run = Run(self.next_id, 0, size, persistent, priority, psid)
        self.next_id += 1
        self.runs.append(run)
        return run

    def snapshot(self) -> dict[str, Any]:
        return {"kind": "messages", "queue": self.queue, "next_id": self.next_id,
                "lists": self.lists, "list_psid": self.list_psid,
                "runs": [[r.id, r.count, r.size, r.persistent, r.priority, r.psid, r.head_used]
                         for r in self.runs]}

    @classmethod
    def restore(cls, data: dict[str, Any]) -> QueueStore:
        return cls(data["queue"], [Run(*r) for r in data["runs"]], data["next_id"],
                   data["lists"], data["list_psid"])


# ---- put -------------------------------------------------------------------------------------
def put(ctx: Ctx, queue: str, count: int, size: int, *, persistent: bool | None = None,
        priority: int | None = None, batch: int = 0) -> Workload:
    """Put ``count`` messages of ``size`` bytes; in units of work of ``batch`` (0: none).

    Stops at the first failure with its MQ reason code; with units of work the failed one is
    backed out, the committed ones stay.
    """
    txn = ctx.txn
    q = txn.get("qlocal", queue)
    if q is None:
        from mqsc.engine.storage import sharedq

        shared = sharedq.shared_queue(ctx, queue)
        if shared is not None:
            return sharedq.put(ctx, shared, count, size, persistent=persistent,
                               priority=priority, batch=batch)
        return Workload("put", queue, count, 0, size, reason=MQRC_UNKNOWN_OBJECT_NAME,
                        persistent=bool(persistent))
    if persistent is None:
        persistent = q.get("DEFPSIST") == "YES"
    fail = _put_check(ctx, q, size)
    if fail:
        # The summary still says what was asked for: a refused persistent put is persistent.
        return Workload("put", queue, count, 0, size, reason=fail, persistent=persistent)
    stc = txn.get("stgclass", q.get("STGCLASS"))
    psid = stc.get("PSID")
    if priority is None:
        priority = int(q.get("DEFPRTY", 0))
    store = _store(ctx, queue)
    room = max(0, int(q.get("MAXDEPTH")) - store.depth)
    todo = min(count, room)
    ps = txn.edit("pageset", psid)
    pool = txn.edit("pool", ps.pool)
    run = store.tail_run(size, persistent, priority, psid)
    if store.list_psid < 0:
        store.list_psid = psid
    events = SpaceEvents()
    done, pages, reason = 0, 0, MQRC_NONE
    while done < todo:
        k = todo - done
        if persistent:
            k = min(k, txn.get("log", None).until_checkpoint())
        try:
            taken = _allocate_messages(ctx, store, run, ps, pool, k, events)
        except PageSetFull:
            reason = MQRC_STORAGE_MEDIUM_FULL
            ps.stats = ps.stats.counted_full()
            taken = _fill_what_fits(ctx, store, run, ps, pool, k, events)
            done, pages = done + taken[0], pages + taken[1]
            break
        done, pages = done + taken[0], pages + taken[1]
    if not reason and done < count:
        reason = MQRC_Q_FULL
    backed = 0
    if reason and batch:
        backed = done % batch
        _back_out(ctx, store, run, ps, pool, backed)
        done -= backed
    _drop_empty(store)
    from mqsc.engine.space import report_expansions

    report_expansions(ctx, events)
    return Workload("put", queue, count, done, size, done * size, reason, pages, backed,
                    persistent=persistent)


def _put_check(ctx: Ctx, q: Any, size: int) -> int:
    """The reason a put to ``q`` fails before it starts, or 0 (MQOPEN/MQPUT checks)."""
    if q.get("PUT") == "DISABLED":
        return MQRC_PUT_INHIBITED
    qm_max = ctx.txn.get("qmgr", None).attrs.get("MAXMSGL", 104_857_600)
    if size > int(qm_max):
        return MQRC_MSG_TOO_BIG_FOR_Q_MGR
    if size > int(q.get("MAXMSGL")):
        return MQRC_MSG_TOO_BIG_FOR_Q
    stc = ctx.txn.get("stgclass", q.get("STGCLASS"))
    if stc is None:
        return MQRC_STORAGE_CLASS_ERROR
    ps = ctx.txn.get("pageset", stc.get("PSID"))
    if ps is None or ps.status != "AVAILABLE":
        # The page set is not accessible: MQRC 2193 and CSQI041I on the console (RC-3).
        ctx.console("CSQI041I", csect="CSQIALLC", job="MQSC", user=ctx.qm.user,
                    psid=f"{stc.get('PSID'):02d}")
        return MQRC_PAGESET_ERROR
    return MQRC_NONE


def _store(ctx: Ctx, queue: str) -> QueueStore:
    return store_for_put(ctx, "messages", queue)


def store_for_put(ctx: Ctx, table: str, queue: str) -> QueueStore:
    """A queue's message store, editable in this transaction (a new one if it has none):
    ``messages`` for private queues, ``cfmsgs`` for shared ones."""
    if ctx.txn.has(table, queue):
        return ctx.txn.edit(table, queue)
    store = QueueStore(queue)
    ctx.txn.put(table, queue, store)
    return store


def _allocate_messages(ctx: Ctx, store: QueueStore, run: Run, ps: Any, pool: Any, k: int,
                       events: SpaceEvents) -> tuple[int, int]:
    """Allocate the pages of ``k`` more messages (all or nothing); returns (k, pages)."""
    depth = store.depth
    new_lists = list_pages(depth + k) - store.lists
    data = run.pages_for(run.count + k, run.head_used) - run.pages
    gen = ctx.gen
    if new_lists:
        allocate(ps, pool, store.list_owner, new_lists, persistent=False, gen=gen,
                 events=events)
        store.lists += new_lists
    if data:
        try:
            allocate(ps, pool, store.owner(run), data, persistent=run.persistent, gen=gen,
                     events=events)
        except PageSetFull:
            _release_lists(store, ps, pool, new_lists)
            raise
    run.count += k
    if run.persistent:
        ctx.log("put", k * (run.size + C.LOG_PER_MSG), records=k, queue=store.queue,
                run=run.id, msgsize=run.size, count=k)
    return k, new_lists + data


def _fill_what_fits(ctx: Ctx, store: QueueStore, run: Run, ps: Any, pool: Any, k: int,
                    events: SpaceEvents) -> tuple[int, int]:
    """After a full page set: put as many of ``k`` messages as the free pages hold."""
    low, high = 0, k
    while low < high:
        mid = (low + high + 1) // 2
        need = (list_pages(store.depth + mid) - store.lists
                + run.pages_for(run.count + mid, run.head_used) - run.pages)
        if need <= ps.free_pages():
            low = mid
        else:
            high = mid - 1
    if low == 0:
        return 0, 0
    return _allocate_messages(ctx, store, run, ps, pool, low, events)


def _release_lists(store: QueueStore, ps: Any, pool: Any, n: int) -> int:
    if n > 0:
        pool.free(store.list_owner, ps.psid, n)
        ps.release(n, persistent=False)
        store.lists -= n
    return max(0, n)


def _back_out(ctx: Ctx, store: QueueStore, run: Run, ps: Any, pool: Any, n: int) -> None:
    """Back out the ``n`` newest messages of ``run`` (an uncommitted unit of work)."""
    if n <= 0:
        return
    before = run.pages
    run.count -= n
    freed = before - run.pages
    pool.free(store.owner(run), ps.psid, freed)
    ps.release(freed, run.persistent)
    _shrink_lists(store, ps, pool)
    if run.persistent:
        ctx.log("backout", n * C.LOG_RECORD_BYTES, records=n, queue=store.queue, run=run.id,
                count=n)


def _shrink_lists(store: QueueStore, ps: Any, pool: Any) -> int:
    return _release_lists(store, ps, pool, store.lists - list_pages(store.depth))


def _drop_empty(store: QueueStore) -> None:
    store.runs = [r for r in store.runs if r.count]


# ---- get -------------------------------------------------------------------------------------
def get(ctx: Ctx, queue: str, count: int | None = None) -> Workload:
    """Get up to ``count`` messages (all when None), in the queue's delivery order.

    MSGDLVSQ(PRIORITY): highest priority first, FIFO within a priority; FIFO: arrival order.
    """
    txn = ctx.txn
    q = txn.get("qlocal", queue)
    wanted = count if count is not None else -1
    if q is None:
        from mqsc.engine.storage import sharedq

        shared = sharedq.shared_queue(ctx, queue)
        if shared is not None:
            return sharedq.get(ctx, shared, count)
        return Workload("get", queue, wanted, 0, reason=MQRC_UNKNOWN_OBJECT_NAME)
    if q.get("GET") == "DISABLED":
        return Workload("get", queue, wanted, 0, reason=MQRC_GET_INHIBITED)
    if not txn.has("messages", queue) or not txn.get("messages", queue).depth:
        return Workload("get", queue, wanted, 0, reason=MQRC_NO_MSG_AVAILABLE)
    store = txn.edit("messages", queue)
    remaining = count if count is not None else store.depth
    order = store.runs if q.get("MSGDLVSQ") == "FIFO" else sorted(
        store.runs, key=lambda r: (-r.priority, r.id))
    got = got_bytes = pages = 0
    for run in order:
        if remaining <= 0:
            break
        n = min(remaining, run.count)
        pages += _take(ctx, store, run, n)
        got += n
        got_bytes += n * run.size
        remaining -= n
    _drop_empty(store)
    if store.lists:
        ps = txn.edit("pageset", store.list_psid)
        pages += _shrink_lists(store, ps, txn.edit("pool", ps.pool))
    if not store.runs:
        txn.delete("messages", queue)
    reason = MQRC_NO_MSG_AVAILABLE if count is not None and got < count else MQRC_NONE
    return Workload("get", queue, wanted, got, 0, got_bytes, reason, pages)


def _take(ctx: Ctx, store: QueueStore, run: Run, n: int) -> int:
    """Get the oldest ``n`` messages of a run: read back pages no longer in the pool, free the
    pages whose last record goes. Returns the pages freed.

    Gets go a chunk at a time, each chunk no bigger than the buffers a read could reuse right
    now, so the bulk behaves as message-by-message gets would: a page is read into a clean
    or freed buffer, then freed, and its buffer reused.
    """
    txn = ctx.txn
    ps = txn.edit("pageset", run.psid)
    pool = txn.edit("pool", ps.pool)
    owner = store.owner(run)
    per = run.per_page
    each = 1 if per else pages_per_message(run.size)
    total = 0
    left = n
    while left > 0:
        room = pool.reusable // 2
        step = min(left, max(1, room * per if per else room // each))
        count, head = run.after_get(step)
        freed = run.pages - run.pages_for(count, head)
        changed, clean = pool.resident(owner)
        absent = run.pages - changed - clean
        pool.read_pages(owner, ps.psid, min(freed, absent))
        pool.free(owner, ps.psid, freed)
        ps.release(freed, run.persistent)
        run.count, run.head_used = count, head
        total += freed
        left -= step
    if run.persistent:
        ctx.log("get", n * LOG_PER_GET, records=n, queue=store.queue, run=run.id, count=n)
    return total


# ---- whole queues ----------------------------------------------------------------------------
def purge(ctx: Ctx, queue: str) -> None:
    """DELETE QLOCAL PURGE: every message goes; their buffers stay changed until dropped."""
    txn = ctx.txn
    store = txn.edit("messages", queue)
    for run in list(store.runs):
        _take(ctx, store, run, run.count)
    store.runs = []
    if store.lists:
        ps = txn.edit("pageset", store.list_psid)
        _release_lists(store, ps, txn.edit("pool", ps.pool), store.lists)
    txn.delete("messages", queue)


def discard_nonpersistent(ctx: Ctx) -> None:
    """At restart: nonpersistent messages are gone; the message lists are rebuilt for the
    persistent ones that stay (buffer pools are already empty)."""
    txn = ctx.txn
    for queue in list(txn.keys("messages")):
        store = txn.edit("messages", queue)
        for run in store.runs:
            if not run.persistent:
                txn.edit("pageset", run.psid).release(run.pages, persistent=False)
                run.count = 0
        _drop_empty(store)
        if store.lists:
            ps = txn.edit("pageset", store.list_psid)
            ps.release(store.lists, persistent=False)
            store.lists = list_pages(store.depth)
            ps.take(store.lists, persistent=False)
        if not store.runs:
            txn.delete("messages", queue)


_copy_store = copier(QueueStore)
_copy_run = copier(Run)
