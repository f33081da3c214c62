"""A queue sharing group: members that share a repository and coupling facility structures.

On z/OS a queue sharing group (QSG) is a set of queue managers in one sysplex that share a Db2
data-sharing group (the *shared repository*: QSGDISP(GROUP) and QSGDISP(SHARED) definitions,
CF structure definitions and the structure backup table) and coupling facility list structures
(the messages on shared queues). Here the shared part is a set of state tables
(:data:`~mqsc.engine.state.GROUP_TABLES`) that every member's state holds *by reference*:
a command on any member changes them in its own transaction, atomically with its private
changes, and every member sees the result at once.

The group also knows its members (for CMDSCOPE routing and generated commands) and the
coupling facility resource management (CFRM) policy: the size of each structure, which z/OS
keeps outside MQ (docs/qsg.md).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from mqsc.engine.phase import Phase
from mqsc.engine.state import GROUP_TABLES, copy_table

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.manager import QueueManager

#: Structure size (KB) when the CFRM policy names none: 64 MB, the smallest size the seed
#: recommends for an application structure ("recommend >= 16 MB", storage rule CF-4
#: (docs/storage.md#storage-rules)).
DEFAULT_STRUCTURE_KB = 65_536


@dataclass(frozen=True, slots=True)
class CFRMPolicy:
    """Structure sizes in KB (the CFRM policy's SIZE), by MQ structure name."""

    default_kb: int = DEFAULT_STRUCTURE_KB
    sizes: Mapping[str, int] = field(default_factory=dict)

    def size_kb(self, structure: str) -> int:
        """The size of a structure.

        >>> CFRMPolicy(sizes={"APP1": 1024}).size_kb("APP1"), CFRMPolicy().size_kb("X")
        (1024, 65536)
        """
        return self.sizes.get(structure, self.default_kb)

    def to_toml(self) -> str:
        lines = [
            "[cfrm]",
            "# Coupling facility structure sizes (the CFRM policy's SIZE), in KB.",
            f"default_size = {self.default_kb}",
        ]
        if self.sizes:
            lines += ["", "[cfrm.structures]"]
            lines += [f"{name} = {kb}" for name, kb in sorted(self.sizes.items())]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> CFRMPolicy:
        """From the ``[cfrm]`` table of a TOML document; sizes may be KB numbers or strings
        such as ``"64M"`` / ``"1G"``."""
        cfrm = data.get("cfrm", {})
        default = parse_size(cfrm.get("default_size", DEFAULT_STRUCTURE_KB))
        sizes = {str(k).upper(): parse_size(v) for k, v in cfrm.get("structures", {}).items()}
        return cls(default, sizes)


def parse_size(value: object) -> int:
    """A structure size in KB from ``65536``, ``"64M"`` or ``"1G"``.

    >>> parse_size("64M"), parse_size("1G"), parse_size(2048), parse_size("512K")
    (65536, 1048576, 2048, 512)
    """
    if isinstance(value, int):
        return value
    match = re.fullmatch(r"\s*(\d+)\s*([KMG]?)B?\s*", str(value).upper())
    if match is None:
        raise ValueError(f"{value!r} is not a structure size (e.g. 65536, 64M, 1G)")
    number, unit = int(match[1]), match[2]
    return number * {"": 1, "K": 1, "M": 1024, "G": 1024 * 1024}[unit]


@dataclass(slots=True)
class GroupInfo:
    """The group's own entity (table ``group``, key None): its name and its LRSN clock.

    The LRSN (log record sequence number) orders the persistent shared-queue changes that
    members log, across all their logs; recovery replays them in LRSN order, as z/OS merges
    the members' logs by LRSN.
    """

    name: str
    lrsn: int = 0

    def clone(self) -> GroupInfo:
        return replace(self)

    def snapshot(self) -> dict[str, Any]:
        return {"kind": "group", "name": self.name, "lrsn": self.lrsn}

    @classmethod
    def restore(cls, data: Mapping[str, Any]) -> GroupInfo:
        return cls(data["name"], data["lrsn"])


class Group:
    """The shared tables, the members and the CFRM policy of one queue sharing group."""

    def __init__(
        self,
        name: str,
        *,
        cfrm: CFRMPolicy | None = None,
        tables: dict[str, dict[Any, Any]] | None = None,
    ) -> None:
        self.name = name
        self.cfrm = cfrm or CFRMPolicy()
        self.tables: dict[str, dict[Any, Any]] = tables or {t: {} for t in GROUP_TABLES}
        self.tables["group"].setdefault(None, GroupInfo(name))
        self.members: dict[str, QueueManager] = {}

    def join(self, qm: QueueManager) -> None:
        """Make ``qm`` a member: its state holds the group's tables (the same dicts)."""
        for table in GROUP_TABLES:
            qm.state.tables[table] = self.tables[table]
        qm.group = self
        self.members[qm.name] = qm

    def member(self, name: str) -> QueueManager | None:
        """The member of that name (any case), if it is one."""
        return self.members.get(name.upper())

    def active(self) -> list[QueueManager]:
        """The members that are running, in name order (CMDSCOPE(*) reaches these)."""
        return [
            self.members[n] for n in sorted(self.members) if self.members[n].phase is Phase.RUNNING
        ]

    def copy(self) -> Group:
        """An independent copy of the group and all its members (a scratch copy)."""
        other = Group(
            self.name, cfrm=self.cfrm, tables={t: copy_table(self.tables[t]) for t in GROUP_TABLES}
        )
        for name in sorted(self.members):
            self.members[name].copy_into(other)
        return other


def member_states(group) -> list[tuple[str, str]]:
    """Each member of a queue sharing group, in name order, with its state as DISPLAY GROUP
    names it: ACTIVE when it is running, else INACTIVE (the web console's z/OS page too)."""
    return [
        (name, "ACTIVE" if group.members[name].phase is Phase.RUNNING else "INACTIVE")
        for name in sorted(group.members)
    ]


def group_of(qm: QueueManager) -> Group:
    """The queue sharing group of ``qm``, for work that only a member does (shared queues,
    CF structures, GROUP copies): an engine bug if it is not a member."""
    group = qm.group
    if group is None:
        raise LookupError(f"{qm.name} is not a member of a queue sharing group")
    return group
