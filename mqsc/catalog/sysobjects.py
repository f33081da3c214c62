"""What the SYSTEM.* objects of a z/OS queue manager are for: the role the web console names
before it alters or deletes one (and any front end that asks before such a change).

The names are those of the system default objects IBM ships for z/OS (CSQ4INSG, CSQ4INSX,
CSQ4INYS and the other CSQINP2 members; IBM MQ, "System and default objects"), as
samples/system/CSQINP2.mqsc defines them. A pattern ending in ``*`` covers the names that
begin with what comes before it; the longest matching pattern wins. A SYSTEM.* name that no
pattern covers still gets :data:`ANY_SYSTEM`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SystemRole:
    """The role of the objects a name pattern covers, said as "NAME is <role>"."""

    pattern: str
    role: str


ROLES: tuple[SystemRole, ...] = (
    SystemRole(
        "SYSTEM.ADMIN.*.EVENT",
        "an event queue: the queue manager puts its event messages there for monitoring tools",
    ),
    SystemRole("SYSTEM.ADMIN.ACCOUNTING.QUEUE", "where the queue manager puts accounting messages"),
    SystemRole("SYSTEM.ADMIN.ACTIVITY.QUEUE", "where activity reports (trace-route) go"),
    SystemRole("SYSTEM.ADMIN.STATISTICS.QUEUE", "where the queue manager puts statistics messages"),
    SystemRole("SYSTEM.ADMIN.TRACE.ROUTE.QUEUE", "where trace-route replies go"),
    SystemRole(
        "SYSTEM.CHANNEL.INITQ",
        "the channel initiator's initiation queue: START "
        "CHANNEL and triggered channels go through it",
    ),
    SystemRole(
        "SYSTEM.CHANNEL.SYNCQ",
        "where channels keep their synchronization data: in-doubt batches are resolved from it",
    ),
    SystemRole(
        "SYSTEM.CHLAUTH.DATA.QUEUE",
        "where the channel authentication records (SET CHLAUTH) are kept",
    ),
    SystemRole("SYSTEM.CLUSTER.*", "a queue of the cluster repository manager"),
    SystemRole(
        "SYSTEM.COMMAND.INPUT",
        "the command server's input queue: the REST API, "
        "the Zowe CLI and MQ Explorer send their commands there",
    ),
    SystemRole("SYSTEM.COMMAND.REPLY.MODEL", "the model of the command server's reply queues"),
    SystemRole("SYSTEM.CSQOREXX.MODEL", "the model queue of the operations and control panels"),
    SystemRole("SYSTEM.MQEXPLORER.REPLY.MODEL", "the model of MQ Explorer's reply queues"),
    SystemRole("SYSTEM.DDELAY.LOCAL.QUEUE", "where delayed-delivery publications wait"),
    SystemRole(
        "SYSTEM.DEAD.LETTER.QUEUE",
        "the dead-letter queue: messages that cannot be delivered are put there",
    ),
    SystemRole(
        "SYSTEM.DEF.*", "a default channel: a new channel of its type takes its attributes from it"
    ),
    SystemRole(
        "SYSTEM.DEFAULT.*",
        "a default object: a new object of its type takes its attributes from it",
    ),
    SystemRole("SYSTEM.DEFAULT.INITIATION.QUEUE", "the default initiation queue of triggering"),
    SystemRole("SYSTEM.DURABLE.SUBSCRIBER.QUEUE", "where durable subscriptions are kept"),
    SystemRole("SYSTEM.HIERARCHY.STATE", "where the publish/subscribe hierarchy's state is kept"),
    SystemRole("SYSTEM.INTER.QMGR.*", "a queue of publish/subscribe between queue managers"),
    SystemRole("SYSTEM.QSG.*", "a queue of the queue sharing group's own processing"),
    SystemRole("SYSTEM.RETAINED.PUB.QUEUE", "where retained publications are kept"),
    SystemRole("SYSTEM.SELECTION.*", "a queue of message selection (selectors)"),
)

#: The role of a SYSTEM.* name no pattern covers.
ANY_SYSTEM = "a system object: the queue manager or one of its components relies on it"


def matches(pattern: str, name: str) -> bool:
    """Whether ``pattern`` covers ``name``: equal, or (a ``*`` in it) the parts around the
    ``*`` begin and end the name.

    >>> matches("SYSTEM.ADMIN.*.EVENT", "SYSTEM.ADMIN.QMGR.EVENT"), matches("SYSTEM.DEF.*", "X")
    (True, False)
    """
    if "*" not in pattern:
        return name == pattern
    head, _, tail = pattern.partition("*")
    return len(name) >= len(head) + len(tail) and name.startswith(head) and name.endswith(tail)


def role_of(name: str) -> str | None:
    """The role of a SYSTEM.* object, None for any other name.

    >>> role_of("SYSTEM.COMMAND.INPUT").startswith("the command server's input queue")
    True
    >>> role_of("SYSTEM.DEFAULT.INITIATION.QUEUE")
    'the default initiation queue of triggering'
    >>> role_of("PAY.IN") is None
    True
    """
    upper = name.upper()
    if not upper.startswith("SYSTEM."):
        return None
    found = [r for r in ROLES if matches(r.pattern, upper)]
    if not found:
        return ANY_SYSTEM
    return max(found, key=lambda r: len(r.pattern.replace("*", ""))).role
