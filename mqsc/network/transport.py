"""A network of simulated queue managers: channels between the queue managers of one place.

Each queue manager's engine knows only itself; this coordinator holds several and lets their
channels reach each other (docs/channels.md):

* **the CONNAME rule**: ``CONNAME('host(port)')`` (or ``host`` alone: port 1414, IBM's
  default) reaches the queue manager of this network whose channel initiator is active and
  has a TCP/IP listener on that port. The host is not looked at: no name is resolved and no
  socket opened; every queue manager of the network is one "host". A port two queue
  managers listen on reaches the first by name.
* **a batch**, for each RUNNING sender channel, in three committed steps, as IBM "Channel
  synchronization" describes: (1) here, what waits on the transmission queue becomes a
  numbered batch with a unit of work (LUWID), and the channel is in doubt about it; (2) on
  the partner, its messages are put to the queues their transmission headers name (or the
  dead-letter queue), with the batch's sequence number and LUWID, in one commit; (3) here,
  exactly those messages are got from the transmission queue and the batch is no longer in
  doubt. Each step goes through that queue manager's storage model and log, so persistent
  messages are on disk on whichever side holds them.
* **a kill** between the steps leaves the batch in doubt (DISPLAY CHSTATUS INDOUBT(YES)):
  the next process to drive the channel finds the process that sent it gone, ends the
  channel (RETRYING), and when it runs again it asks the partner for the LUWID it last
  committed: the batch commits if it is that one (step 2 was done), else it backs out and is
  sent again. RESOLVE CHANNEL decides by hand. While the sending process is alive, the batch
  in doubt is its own: a second process driving the same sender sends nothing, so a batch is
  never delivered twice.

Not simulated (docs/channels.md): BATCHSZ-sized batches (the whole queue moves as one batch,
counted as BATCHSZ-sized batches), DISCINT. Retries run on the simulated clock
(SHORTRTY/SHORTTMR, then LONGRTY/LONGTMR).
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterable
from dataclasses import replace

from mqsc.catalog.channels import DEFAULT_PORT
from mqsc.catalog.texts import line
from mqsc.engine import clusterstate
from mqsc.engine.channelrecords import BatchInDoubt, ChannelStatus
from mqsc.engine.channelstate import (
    Batch,
    active,
    back_out,
    begin,
    broken,
    channel_of,
    deliver,
    disconnect,
    end_receiver,
    idle_due,
    in_doubt,
    instance,
    receiver_ready,
    requested,
    requesting,
    resync,
    retries_due,
    retry,
    running_receivers,
    running_senders,
    sent,
    serve_requester,
    status_of,
    statuses,
    stop_for,
    sync_of,
    trigger,
)
from mqsc.engine.manager import QueueManager
from mqsc.engine.records import Message
from mqsc.store.lease import alive

_CONNAME = re.compile(r"^\s*([^()\s,]*)\s*(?:\(\s*(\d{1,5})\s*\))?\s*$")


def conname_port(conname: str) -> int | None:
    """The port a CONNAME names (its first address of a list): ``host(1415)`` -> 1415, a
    bare host -> 1414; None when it is not a TCP/IP address.

    >>> conname_port("10.1.1.2(1415)"), conname_port("zos2.example.com"), conname_port("a(b")
    (1415, 1414, None)
    """
    first = conname.split(",")[0]
    match = _CONNAME.match(first)
    if match is None or not match.group(1):
        return None
    return int(match.group(2)) if match.group(2) else DEFAULT_PORT


class Network:
    """Queue managers whose channels reach each other (the engine's ``Network`` protocol)."""

    def __init__(self, qmgrs: Iterable[QueueManager] = ()) -> None:
        self.members: dict[str, QueueManager] = {}
        #: Console messages the channels gave while moving messages, in order (front ends
        #: show them, as the z/OS console shows a channel initiator's messages).
        self.console: list[tuple[str, Message]] = []
        self._settling = False
        for qm in qmgrs:
            self.add(qm)

    def add(self, qm: QueueManager) -> None:
        """A queue manager joins: its channels now reach the others, theirs reach it."""
        self.members[qm.name] = qm
        qm.attach(replace(qm.collaborators, network=self))

    def leave(self, qm: QueueManager) -> None:
        """A member leaves: its channels reach no one, and no one's reach it."""
        if self.members.get(qm.name) is qm:
            del self.members[qm.name]
        if qm.network is self:
            qm.attach(replace(qm.collaborators, network=None))

    def reach(self, conname: str) -> QueueManager | None:
        """The queue manager a CONNAME leads to (the CONNAME rule), if any."""
        port = conname_port(conname)
        if port is None:
            return None
        for name in sorted(self.members):
            qm = self.members[name]
            chinit = qm.channel_state()
            if chinit.active and port in chinit.listeners:
                return qm
        return None

    def partner(self, qm: QueueManager, conname: str, channel: str) -> str:
        target = self.reach(conname)
        if target is None:
            port = conname_port(conname)
            return (
                f"CONNAME({conname}) is not a TCP/IP address"
                if port is None
                else f"no queue manager of this network listens on port {port}"
            )
        return receiver_ready(target.channel_state(), target.channel_definition(channel))

    def settle(self, qm: QueueManager | None = None) -> None:
        """Run every RUNNING sender channel of every member until nothing more moves."""
        if self._settling:
            return
        self._settling = True
        try:
            for member in list(self.members.values()):
                if active(member.channel_state()):
                    if member.would_trigger():
                        self._step(member, trigger)
                    self._requests(member)
            # A cluster's repository managers talk over the channels: a queue manager joining
            # hears back from a full repository, which passes it on, so a few rounds may be
            # needed before nothing more moves (docs/clusters.md).
            for _ in range(4 * len(self.members) + 4):
                moved = False
                for source in list(self.members.values()):
                    if source.cluster_work():
                        moved |= self._step(source, clusterstate.manage)
                    moved |= self._run(source)
                if not moved:
                    break
            for member in list(self.members.values()):
                self._end_receivers(member)
        finally:
            self._settling = False

    def _run(self, source: QueueManager) -> bool:
        moved = False
        for name in retries_due(source.channel_state(), source.clock()):
            status = statuses(source.channel_state())[name]
            why = self.partner(source, status.conname, name)
            self._step(source, lambda ctx, name=name, why=why: retry(ctx, name, why))
        for name, status in list(running_senders(source.channel_state())):
            moved |= self._batch(source, name, status)
        return moved

    def _requests(self, requester: QueueManager) -> None:
        """Requesters that were started call the partner their CONNAME reaches: a server or
        sender channel of the same name, not stopped, answers (serve_requester)."""
        for name, conname in list(requesting(requester.channel_state())):
            partner = self.reach(conname)
            definition = partner.channel_definition(name) if partner is not None else None
            why = (
                "no queue manager of this network listens there"
                if partner is None
                else "no server or sender channel of that name on the partner"
                if definition is None or definition.get("CHLTYPE") not in ("SVR", "SDR")
                else "the partner's channel of that name is stopped"
                if status_of(partner.channel_state(), name) == "STOPPED"
                else ""
            )
            self._step(
                requester,
                lambda ctx, name=name, why=why: requested(
                    ctx, name, why, partner.name if partner is not None else ""
                ),
            )
            if not why:
                self._step(
                    partner, lambda ctx, name=name: serve_requester(ctx, name, requester.name)
                )

    def _end_receivers(self, target: QueueManager) -> None:
        """Receivers whose sender is no longer running (stopped, retrying, its channel
        initiator or queue manager gone) end."""
        for key, sender in list(running_receivers(target.channel_state())):
            source = self.members.get(sender)
            if source is None:
                continue  # its sender is not in this network (held by another process now)
            name = channel_of(key)
            if status_of(source.channel_state(), name) != "RUNNING":
                self._step(target, lambda ctx, key=key: end_receiver(ctx, key))

    def _batch(self, source: QueueManager, channel: str, status: ChannelStatus) -> bool:
        conname, xmitq = status.conname, status.xmitq
        # A server started by its requester sends over the requester's call (PARTNER).
        partner = status.partner
        target = self.members.get(partner) if partner else self.reach(conname)
        why = (
            ""
            if target is None
            else receiver_ready(target.channel_state(), target.channel_definition(channel))
        )
        if target is None or why:
            self._step(source, lambda ctx: stop_for(ctx, channel, "RETRYING"))
            return False
        doubt = in_doubt(source.channel_state(), channel)
        if doubt is not None:
            return self._in_doubt(source, target, channel, status, doubt)
        clustered = status.chltype == "CLUSSDR"
        if not source.has_outgoing(xmitq, channel if clustered else ""):
            # Nothing to send: no batch (and no unit of work to open); after DISCINT seconds
            # of this the channel ends (INACTIVE), as on z/OS.
            if idle_due(status, source.channel_definition(channel), source.clock()):
                self._step(source, lambda ctx: disconnect(ctx, channel))
            return False
        begun: list[Batch | None] = []
        if not self._step(source, lambda ctx: begun.append(begin(ctx, channel, _me()))):
            return False
        batch = begun[0] if begun else None
        if batch is None:
            return False
        definition = source.channel_definition(channel)
        batchsz = int(definition.get("BATCHSZ", 50)) if definition is not None else 50
        delivered = self._attempt(
            target,
            lambda ctx: deliver(
                ctx, channel, batch.transfers, source.name, batch.seqno, batch.unit
            ),
        )
        if delivered != COMMITTED:
            # Nothing was committed there, so the batch backs out (its messages stay on the
            # transmission queue). Refused (nothing could be put and no dead-letter queue
            # took it, MQSC332E): the channel stops. The partner unavailable (held by another
            # process past MQSC_LOCK_TIMEOUT): a communication failure, the channel retries
            # (IBM "Channel states": RETRYING after a failure a retry may cure).
            self._step(source, lambda ctx: back_out(ctx, channel, batch.unit))
            ending = "RETRYING" if delivered == UNAVAILABLE else "STOPPED"
            self._step(source, lambda ctx: stop_for(ctx, channel, ending))
            return False
        if not self._step(source, lambda ctx: sent(ctx, channel, batch.unit, batchsz, target.name)):
            # The batch's messages are no longer all on the transmission queue (MQSC339E):
            # it stays in doubt, the channel stops, RESOLVE CHANNEL decides.
            self._step(source, lambda ctx: stop_for(ctx, channel, "STOPPED"))
            return False
        if clustered and not status.checked:
            # Cluster channels exchange their queue managers' cluster information when they
            # start: a manually defined cluster-sender learns whether it reached a full
            # repository.
            repos = target.full_repositories()
            self._step(
                source, lambda ctx: clusterstate.negotiated(ctx, channel, target.name, repos)
            )
        return True

    def _in_doubt(
        self,
        source: QueueManager,
        target: QueueManager,
        channel: str,
        status: ChannelStatus,
        doubt: BatchInDoubt,
    ) -> bool:
        """A running sender with a batch in doubt: resynchronise if it has just (re)started;
        leave it to the process sending it if that one is alive; else that process was
        killed mid-batch and the channel ends, in doubt, to resynchronise when it runs."""
        if status.resync:
            receiving = target.channel_definition(channel)
            key = instance(channel, source.name, receiving.get("CHLTYPE") if receiving else "")
            partner_unit = sync_of(target.channel_state(), key).luwid or ""
            return self._step(source, lambda ctx: resync(ctx, channel, partner_unit, target.name))
        if _alive(doubt.owner):
            return False  # another process or thread is between the steps of this batch
        self._step(source, lambda ctx: broken(ctx, channel))
        return False

    def _step(self, qm: QueueManager, step) -> bool:
        return self._attempt(qm, step) == COMMITTED

    def _attempt(self, qm: QueueManager, step) -> str:
        """One step: COMMITTED, REFUSED (it changed nothing) or UNAVAILABLE (the queue
        manager could not be had: nothing ran)."""
        ok, said = qm.channel_step(step)
        self.console.extend((qm.name, m) for m in said)
        return COMMITTED if ok else REFUSED

    def names(self) -> list[str]:
        """The queue managers of this network, by name."""
        return sorted(self.members)

    def member(self, name: str) -> QueueManager | None:
        """The queue manager of this network with this name, if any."""
        return self.members.get(name)

    def by_prefix(self, cpf: str) -> QueueManager | None:
        """The member whose command prefix this is (a z/OS console routes a command by its
        prefix to the subsystem that owns it), if any."""
        wanted = cpf.upper()
        return next(
            (qm for _, qm in sorted(self.members.items()) if qm.cpf.upper() == wanted), None
        )

    def detach(self, qm: QueueManager) -> None:
        """A member is closed (nothing to do for queue managers held in memory)."""

    def console_lines(self) -> list[str]:
        """The channels' console messages since last asked, as console lines."""
        return [
            line(m.msg_id, m.inserts, self.members[who].cpf if who in self.members else who)
            for who, m in self.take_console()
        ]

    def take_console(self) -> list[tuple[str, Message]]:
        """The channels' console messages since last asked (and forget them)."""
        out, self.console = self.console, []
        return out


#: What one channel step did (Network._attempt).
COMMITTED, REFUSED, UNAVAILABLE = "committed", "refused", "unavailable"


def _me() -> str:
    """This process and thread, as a batch's owner: ``pid:thread``."""
    return f"{os.getpid()}:{threading.get_ident()}"


def _alive(owner: str) -> bool:
    """Whether the owner of a batch in doubt is still sending it: another thread of this
    process that is running, or another process that is (a killed one is not). This thread
    itself is not: a batch of its own left in doubt was interrupted."""
    pid, _, thread = owner.partition(":")
    if not pid.isdigit() or not thread.isdigit():
        return False
    if int(pid) != os.getpid():
        return alive(int(pid))
    return int(thread) != threading.get_ident() and any(
        t.ident == int(thread) for t in threading.enumerate()
    )
