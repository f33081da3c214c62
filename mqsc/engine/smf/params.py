"""The system parameters (CSQ6SYSP) the traces and SMF intervals read: one narrow seam over
mqsc/engine/sysparm.py (the module's values and SET SYSTEM's).

STATIME (statistics interval, minutes; 0 means the SMF global interval), ACCTIME (accounting
interval; -1 means STATIME's), TRACSTR, SMFSTAT and SMFACCT (the traces started at start-up:
NO, YES (class 1), ``*`` (all classes) or a list of classes). IBM's defaults (IBM MQ for z/OS,
"Using CSQ6SYSP"): STATIME 30, ACCTIME -1, TRACSTR YES, SMFSTAT NO, SMFACCT NO.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from mqsc.catalog.trace import TRACE_TYPES
from mqsc.engine import sysparm

#: The SMF global recording interval of the simulated system (SMFPRMxx INTVAL), minutes: what
#: STATIME(0) means.
SMF_INTVAL = 30


@dataclass(frozen=True, slots=True)
class SystemParameters:
    """What the traces read, intervals in seconds (0: the SMF global interval)."""

    statime: int = 30 * 60
    acctime: int = 30 * 60
    tracstr: tuple[int, ...] = (1,)
    smfstat: tuple[int, ...] = ()
    smfacct: tuple[int, ...] = ()

    @property
    def stat_seconds(self) -> int:
        """The statistics interval in seconds."""
        return self.statime or SMF_INTVAL * 60

    @property
    def acct_seconds(self) -> int:
        """The accounting interval in seconds (ACCTIME -1 was resolved to STATIME's)."""
        return self.acctime or SMF_INTVAL * 60


def classes(value: Iterable[int | str], ttype: str) -> tuple[int, ...]:
    """TRACSTR / SMFSTAT / SMFACCT as sysparm gives them ((), (1,), ('*',), or numbers): the
    classes of trace type ``ttype`` they start (numbers the type does not have are left out).

    >>> classes(("*",), "ACCTG"), classes((1, 2, 9), "STAT"), classes((), "GLOBAL")
    ((1, 3, 4), (1, 2), ())
    """
    have = TRACE_TYPES[ttype].classes
    given = tuple(value)
    if "*" in given:
        return have
    return tuple(c for c in given if c in have)


#: The last system parameters read and what they gave: every workload call asks (the
#: accounting interval of its task, the statistics interval), and SysParms is frozen, so a SET
#: SYSTEM replaces the object and the identity check sees the change.
_last: list[tuple[sysparm.SysParms, SystemParameters]] = []


def of(txn: Any) -> SystemParameters:
    """The system parameters in effect for the queue manager a transaction works on, the
    transaction's own changes included (a SET SYSTEM in progress: ``sysparm.smf_parameters``
    reads the committed state)."""
    p = sysparm.of(txn)
    if _last and _last[0][0] is p:
        return _last[0][1]
    found = _read(p)
    _last[:] = [(p, found)]
    return found


def _read(p: sysparm.SysParms) -> SystemParameters:
    statime = sysparm.interval_seconds(p.value("STATIME"))
    acctime = sysparm.interval_seconds(p.value("ACCTIME"))
    return SystemParameters(
        statime,
        statime if acctime < 0 else acctime,
        classes(sysparm.classes(p.value("TRACSTR")), "GLOBAL"),
        classes(sysparm.classes(p.value("SMFSTAT")), "STAT"),
        classes(sysparm.classes(p.value("SMFACCT")), "ACCTG"),
    )
