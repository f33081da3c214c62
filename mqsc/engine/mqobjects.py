"""Object definitions: storage classes, local queues, CF structures, the queue manager.

Definitions are immutable; a change makes a new object. Their attributes are an
:class:`Attributes` mapping: a *profile* shared by every object defined from the same defaults
(the LIKE object or SYSTEM.DEFAULT.LOCAL.QUEUE at the time), plus the few values given on the
command. On z/OS a DEFINE copies the defaults into the new object, so later changes to the
default object do not reach existing ones; sharing an immutable snapshot gives the same meaning
at a fraction of the memory (100,000 queues hold one profile, not 100,000 copies of 60 values).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from mqsc.engine.channelrecords import NO_CHINIT, ChinitState


class Attributes(Mapping[str, object]):
    """An immutable attribute mapping: a shared profile overlaid with the object's own values.

    >>> base = Attributes.profile({"MAXDEPTH": 5000, "DESCR": ""})
    >>> a = base.updated({"DESCR": "pay"})
    >>> dict(a), a.own
    ({'MAXDEPTH': 5000, 'DESCR': 'pay'}, {'DESCR': 'pay'})
    """

    __slots__ = ("_base", "_own")

    def __init__(self, base: Mapping[str, object], own: Mapping[str, object]) -> None:
        self._base = base
        self._own = own

    @classmethod
    def profile(cls, values: Mapping[str, object]) -> Attributes:
        """A new shared profile holding ``values``."""
        return cls(MappingProxyType(dict(values)), _EMPTY)

    def __getitem__(self, key: str) -> object:
        own = self._own
        if key in own:
            return own[key]
        return self._base[key]

    def __contains__(self, key: object) -> bool:
        return key in self._own or key in self._base

    def get(self, key: str, default: Any = None) -> Any:
        # Mapping.get goes through __getitem__ and KeyError; a DISPLAY of 50,000 queues asks
        # for 150,000 values.
        own = self._own
        if key in own:
            return own[key]
        return self._base.get(key, default)

    def __iter__(self) -> Iterator[str]:
        yield from self._base
        for key in self._own:
            if key not in self._base:
                yield key

    def __len__(self) -> int:
        return len(self._base) + sum(1 for k in self._own if k not in self._base)

    @property
    def own(self) -> Mapping[str, object]:
        """Values this object has over its profile."""
        return self._own

    def updated(self, changes: Mapping[str, object]) -> Attributes:
        """A copy with ``changes`` applied (values equal to the profile are not stored)."""
        base = self._base
        if not self._own:
            # A new object from its profile (every DEFINE): keep what differs from it.
            missing = _MISSING
            own = {k: v for k, v in changes.items() if base.get(k, missing) != v}
            return Attributes(base, own or _EMPTY)
        own = dict(self._own)
        for key, value in changes.items():
            if key in base and base[key] == value:
                own.pop(key, None)
            else:
                own[key] = value
        return Attributes(base, own or _EMPTY)

    def __repr__(self) -> str:
        return f"Attributes({dict(self)!r})"


_EMPTY: Mapping[str, object] = MappingProxyType({})
_MISSING = object()


@dataclass(frozen=True, slots=True)
class MQObject:
    """A defined object: its type, name, attributes and creation/alteration stamps."""

    objtype: str
    name: str
    attrs: Attributes
    created: str = ""
    altered: str = ""

    def get(self, attribute: str, default: Any = None) -> Any:
        """An attribute value."""
        return self.attrs.get(attribute, default)

    def changed(self, changes: Mapping[str, object], stamp: str) -> MQObject:
        """A copy with attributes changed and the alteration stamp set."""
        return MQObject(self.objtype, self.name, self.attrs.updated(changes), self.created, stamp)


@dataclass(frozen=True, slots=True)
class QueueManagerInfo:
    """Identity of the queue manager: name, command prefix, queue sharing group."""

    name: str
    cpf: str
    qsg: str = ""
    attrs: Mapping[str, object] = field(default_factory=dict)
    altered: str = ""
    status: str = "RUNNING"  # or STOPPED: persisted, so every process sees a STOP QMGR
    #: The channel initiator's state (mqsc/engine/channelrecords.py), stored among ``attrs``.
    chinit: ChinitState = NO_CHINIT
