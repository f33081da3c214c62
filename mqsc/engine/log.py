"""The recovery log: every change writes a record at an RBA; checkpoints; restart RBAs.

The log is simulated by volume, not content: a record has a kind, a size in bytes and what a
recovery needs to redo it (object changes, message runs). The RBA (relative byte address) of a
record is where it starts in the log, so RBAs advance by the bytes logged: a persistent message
adds its length + 1.25 KB (+ 1.5 KB in a queue sharing group, storage rule BN-4
(docs/storage.md#storage-rules)).

Every LOGLOAD records a checkpoint is taken: the buffer pools write the persistent pages changed
before the previous checkpoint (the two-checkpoint rule, storage rule ST-4
(docs/storage.md#storage-rules)), and the restart
RBA moves on.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from mqsc.engine.storage import constants
from mqsc.engine.storage.copying import copier


@dataclass(frozen=True, slots=True)
class LogRecord:
    """One record: where it starts, what it is, its size and what recovery needs."""

    rba: int
    kind: str
    size: int
    detail: Mapping[str, Any] = field(default_factory=lambda: Detail.of({}))


class Detail(Mapping[str, Any]):
    """A log record's detail, read-only and compact: a deck of 100,000 DEFINEs keeps 100,000
    records in memory, and a dict of two keys costs more than the rest of the record.

    Records with the same keys share one tuple of them; lists become tuples (JSON is the same).

    >>> d = Detail.of({"command": "DEFINE QLOCAL", "objects": [["qlocal", "A"]]})
    >>> d["objects"], dict(d) == {"command": "DEFINE QLOCAL", "objects": (("qlocal", "A"),)}
    ((('qlocal', 'A'),), True)
    """

    __slots__ = ("_keys", "_values")
    _shared: dict[tuple[str, ...], tuple[str, ...]] = {}

    def __init__(self, keys: tuple[str, ...], values: tuple[Any, ...]) -> None:
        self._keys = keys
        self._values = values

    @classmethod
    def of(cls, detail: Mapping[str, Any]) -> Detail:
        if type(detail) is Detail:
            return detail
        keys = tuple(detail)
        shared = cls._shared.get(keys)
        if shared is None:
            if len(cls._shared) < 256:
                cls._shared[keys] = keys
            shared = keys
        return cls(shared, tuple([_frozen(v) if type(v) is list else v for v in detail.values()]))

    def __getitem__(self, key: str) -> Any:
        try:
            return self._values[self._keys.index(key)]
        except ValueError:
            raise KeyError(key) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __repr__(self) -> str:
        return f"Detail({dict(self)!r})"


_COMMAND_KEYS = ("command", "objects")


def command_detail(title: str, objects: tuple[tuple[str, Any], ...]) -> Detail:
    """The detail of a command's log record, built directly (one per command of a deck)."""
    return Detail(_COMMAND_KEYS, (title, objects))


def _frozen(items: list[Any]) -> tuple[Any, ...]:
    return tuple([_frozen(v) if type(v) is list else v for v in items])


#: ``switch_at`` of a log with no active log data sets recorded yet: no switch.
NO_SWITCH = 1 << 62


@dataclass(slots=True)
class LogState:
    """Where the log is (mutable; cloned in transactions).

    Attributes:
        rba: the next RBA to be written (bytes logged so far).
        since: records written since the last checkpoint.
        gen: checkpoint generation (buffer pools tag changed pages with it).
        checkpoints: RBAs of recent checkpoints, oldest first (the last few).
        started: RBA of the last start of the queue manager.
        switch_at: the RBA at which the log's data sets next need attention: the end of the
            current active log data set (writing past it switches to the next one), or the
            next 5% step of the last available one (CSQJ110E); mqsc/engine/logdatasets.py.
        loadlimit: records between checkpoints (LOGLOAD of the system parameters in effect).

    """

    rba: int = 0
    since: int = 0
    gen: int = 0
    checkpoints: tuple[int, ...] = ()
    started: int = 0
    switch_at: int = NO_SWITCH
    loadlimit: int = constants.LOGLOAD

    def clone(self) -> LogState:
        return _copy_log(self)  # every field immutable: a shallow copy is independent

    def write(self, kind: str, size: int, detail: Mapping[str, Any], records: int = 1) -> LogRecord:
        """Append ``records`` records of ``size`` bytes in all (bulk puts log one per
        message, kept here as one entry); returns the entry (its detail a :class:`Detail`)."""
        record = LogRecord(self.rba, kind, size, Detail.of(detail))
        self.rba += size
        self.since += records
        return record

    def until_checkpoint(self) -> int:
        """Records that can be written before the next checkpoint is due."""
        return max(1, self.loadlimit - self.since)

    def until_stop(self, record: int) -> int:
        """Records of ``record`` bytes that reach the log's next stop (``switch_at``): bulk
        puts write no further in one go, so switches, waits and CSQJ110E come where the
        messages put them."""
        return max(1, -(-(self.switch_at - self.rba) // record))

    def checkpoint_due(self) -> bool:
        return self.since >= self.loadlimit

    def switch_due(self) -> bool:
        """Whether the last write reached the log's next stop (``switch_at``)."""
        return self.rba >= self.switch_at

    def take_checkpoint(self) -> int:
        """Record a checkpoint at the current RBA; returns the new generation."""
        self.checkpoints = (*self.checkpoints[-3:], self.rba)
        self.since = 0
        self.gen += 1
        return self.gen

    @property
    def restart_rba(self) -> int:
        """Where restart reads the log from: the checkpoint before the last one, since pages
        changed before it have been written (the two-checkpoint rule)."""
        if len(self.checkpoints) >= 2:
            return self.checkpoints[-2]
        return self.checkpoints[0] if self.checkpoints else self.started


_copy_log = copier(LogState)


def rba(value: int) -> str:
    """An RBA as messages show it: 12 hex digits.

    >>> rba(0x52334B)
    '00000052334B'
    """
    return f"{value:0{constants.RBA_DIGITS}X}"


def dataset(qmgr: str, value: int, current: int) -> str:
    """The log data set holding RBA ``value`` when the log is at RBA ``current``.

    Active log data sets are reused in turn; an RBA older than the active ones is in an
    archive log (names UNVERIFIED, chosen after the usual CSQ4BSDS sample conventions).

    >>> dataset("QMZ1", 10, 20), dataset("QMZ1", 0, 7 * 2**31)
    ('QMZ1.LOGCOPY1.DS01', 'QMZ1.ARCHLOG1.A0000001')
    """
    index = value // constants.LOG_DATASET_BYTES
    if current // constants.LOG_DATASET_BYTES - index >= constants.LOG_DATASETS:
        return f"{qmgr}.ARCHLOG1.A{index + 1:07d}"
    return f"{qmgr}.LOGCOPY1.DS{index % constants.LOG_DATASETS + 1:02d}"
