"""What the end of a unit of recovery does to the messages it holds (IBM MQ "MQCMIT", "MQBACK",
"Committing and backing out units of work"): the registry of connections
(mqsc/engine/connregistry.py) decides when a unit ends, and how; this module moves its
messages. On private local queues they are on the queue already, marked
(mqsc/engine/storage/queuestore.py); on shared queues the unit holds them itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mqsc.engine.messaging import bodies, privateq, sharedq
from mqsc.engine.storage.queuestore import Body

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.connregistry import Held, UnitOfRecovery
    from mqsc.engine.context import Ctx


def resolve(ctx: Ctx, uow: UnitOfRecovery, *, commit: bool) -> None:
    """The unit's outcome: committed or backed out."""
    if commit:
        apply_commit(ctx, uow)
    else:
        apply_backout(ctx, uow)


def apply_commit(ctx: Ctx, uow: UnitOfRecovery) -> None:
    """The unit's puts become available, its gets leave their queues."""
    for held in uow.puts:
        if held.run:
            privateq.commit_put(ctx, held.queue, held.run)
        else:
            _to_shared(ctx, held)
    for held in uow.gets:
        if held.run:
            privateq.commit_get(ctx, held.queue, held.run, held.count)


def apply_backout(ctx: Ctx, uow: UnitOfRecovery) -> None:
    """The unit's puts leave their queues (its trigger messages stay, available), its gets
    are available again where they were; on a shared queue, at the end of the queue."""
    for held in uow.puts:
        if held.run and held.keep:
            privateq.commit_put(ctx, held.queue, held.run)
        elif held.run:
            privateq.backout_put(ctx, held.queue, held.run)
    for held in uow.gets:
        if held.run:
            privateq.release_get(ctx, held.queue, held.run, held.count)
        else:
            _to_shared(ctx, held)


def _to_shared(ctx: Ctx, held: Held) -> None:
    """Messages a unit held for a shared queue reach its structure: its puts at the commit,
    its gets at a backout (at the end of the queue, with a new MsgId: docs/connections.md).
    The MQPUT was checked when it was made; nothing here refuses them (a queue deleted
    meanwhile takes none)."""
    q = sharedq.shared_queue(ctx, held.queue)
    if q is None:
        return
    body = None
    if held.data is not None:
        body = Body(held.data, bodies.new_msgid(ctx), put_time=ctx.stamp())
    sharedq.put(
        ctx,
        q,
        held.count,
        len(held.data) if held.data is not None else held.size,
        persistent=held.persistent,
        priority=held.priority,
        batch=0,
        body=body,
        unit_end=True,
    )
