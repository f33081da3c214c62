"""Who is running here and whether a thread still runs: the probes a queue manager is given
(mqsc/engine/collaborators.py ``Probes``) to tell that the owner of a connection has ended.

The engine's own modules ask the operating system nothing (docs/architecture.md): these are
the defaults of the probes a queue manager is given, which a state store replaces with its own
(the store's also asks whether another process exists).
"""

from __future__ import annotations

import os
import threading


def thread_owner() -> str:
    """The calling thread as a connection's owner, ``pid:thread``: the connection ends when
    the thread does (MQ closes a connection's handles when it ends, IBM "MQDISC"), or when
    its process does."""
    return f"{os.getpid()}:{threading.get_ident()}"


def thread_alive(owner: str) -> bool:
    """Whether the thread a ``pid:thread`` owner names still runs, as far as this process can
    tell without probing others: a thread of this process that is running. An owner in
    another process can only be there when a state store shares the queue manager between
    processes, and the store gives the queue manager its own probe
    (``QueueManager.owner_alive``, which also asks whether that process exists); without one
    the owner counts as running."""
    pid, _, thread = owner.partition(":")
    if not pid.isdigit() or not thread.isdigit():
        return False
    if int(pid) != os.getpid():
        return True
    return any(t.ident == int(thread) for t in threading.enumerate())
