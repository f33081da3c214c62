"""The system parameters (CSQ6SYSP) the traces and SMF intervals read: one narrow seam.

STATIME (statistics interval, minutes; 0 means the SMF global interval), ACCTIME (accounting
interval; -1 means STATIME's), TRACSTR, SMFSTAT and SMFACCT (the traces started at start-up:
NO, YES (class 1), ``*`` (all classes) or a list of classes). Their values are the queue
manager's system parameters as SET SYSTEM leaves them, kept with its attributes under their
own names; a queue manager that never had them set has IBM's defaults (IBM MQ for z/OS,
"Using CSQ6SYSP": STATIME 30, ACCTIME -1, TRACSTR YES, SMFSTAT NO, SMFACCT NO).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mqsc.catalog.trace import TRACE_TYPES
from mqsc.engine.state import Txn

#: The SMF global recording interval of the simulated system (SMFPRMxx INTVAL), minutes: what
#: STATIME(0) means.
SMF_INTVAL = 30


@dataclass(frozen=True, slots=True)
class SystemParameters:
    statime: float = 30.0
    acctime: float = -1.0
    tracstr: tuple[int, ...] = (1,)
    smfstat: tuple[int, ...] = ()
    smfacct: tuple[int, ...] = ()

    @property
    def stat_seconds(self) -> float:
        """The statistics interval in seconds."""
        return (self.statime or SMF_INTVAL) * 60

    @property
    def acct_seconds(self) -> float:
        """The accounting interval in seconds (-1: the statistics interval)."""
        return self.stat_seconds if self.acctime < 0 else (self.acctime or SMF_INTVAL) * 60


def minutes(value: object, default: float) -> float:
    """STATIME and ACCTIME: minutes, written ``mm.ss`` (``1.00`` one minute, ``0.30`` thirty
    seconds), as SET SYSTEM STATIME takes them.

    >>> minutes("1.00", 30), minutes("0.30", 30), minutes(15, 30), minutes("-1", 30)
    (1.0, 0.5, 15.0, -1.0)
    """
    if value is None or value == "":
        return default
    text = str(value).strip()
    whole, _, seconds = text.partition(".")
    try:
        number = int(whole)
        return number + (int(seconds.ljust(2, "0")[:2]) / 60 if seconds else 0.0) * (
            -1 if number < 0 else 1
        )
    except ValueError:
        return default


def classes(value: object, ttype: str, default: tuple[int, ...]) -> tuple[int, ...]:
    """TRACSTR / SMFSTAT / SMFACCT: the classes a trace starts with.

    >>> classes("YES", "STAT", ()), classes("NO", "GLOBAL", (1,)), classes("*", "ACCTG", ())
    ((1,), (), (1, 3, 4))
    >>> classes("(1,2,4)", "STAT", ())
    (1, 2, 4)
    """
    if value is None or value == "":
        return default
    text = str(value).strip().strip("()").upper()
    if text == "NO":
        return ()
    if text == "YES":
        return (1,)
    if text == "*":
        return TRACE_TYPES[ttype].classes
    numbers = tuple(int(t) for t in text.replace(" ", "").split(",") if t.isdigit())
    return tuple(n for n in numbers if n in TRACE_TYPES[ttype].classes) or default


def from_attributes(attrs: Mapping[str, Any]) -> SystemParameters:
    return SystemParameters(
        minutes(attrs.get("STATIME"), 30.0),
        minutes(attrs.get("ACCTIME"), -1.0),
        classes(attrs.get("TRACSTR"), "GLOBAL", (1,)),
        classes(attrs.get("SMFSTAT"), "STAT", ()),
        classes(attrs.get("SMFACCT"), "ACCTG", ()),
    )


try:
    # The system parameters' own module, where the branch that builds it has landed.
    from mqsc.engine.sysparm import smf_parameters  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - until then: the queue manager's attributes
    smf_parameters = None


def of(txn: Txn) -> SystemParameters:
    """The system parameters of the queue manager a transaction works on: the system parameter
    module's and SET SYSTEM's (mqsc/engine/sysparm.py, ``smf_parameters``), else the
    attributes kept with the queue manager, else IBM's defaults."""
    if smf_parameters is None:
        return from_attributes(txn.get("qmgr", None).attrs)
    p = smf_parameters(txn)
    tracstr = tuple(p.tracstr)
    return SystemParameters(
        p.statime / 60,
        p.acctime / 60,
        TRACE_TYPES["GLOBAL"].classes if "*" in tracstr else tracstr,
        tuple(p.smfstat),
        tuple(p.smfacct),
    )
