"""The system parameters a queue manager runs with: its module's values and what SET changed.

A queue manager starts with the values of its system parameter module (the CSQ6SYSP, CSQ6LOGP
and CSQ6ARVP macros, mqsc/catalog/zparm.py; IBM's defaults when it is given none). SET SYSTEM,
SET LOG and SET ARCHIVE change them "for the running queue manager" only: "The queue manager
picks up the values in ZPARM, so the SET ARCHIVE values you used in the previous cycle are lost"
(IBM MQ "SET ARCHIVE"); ``SET ... DEFAULT`` goes back to the module's ("MQSYSP_TYPE_INITIAL
resets the parameters to the values specified in the system parameters at queue manager
startup", IBM MQ "MQCMD_SET_SYSTEM").

The state is one entity, table ``sysparm``: the module's name, its values (``initial``) and the
SET values (``changed``). DISPLAY SYSTEM, LOG and ARCHIVE show both columns.

:func:`smf_parameters` is the small interface SMF and trace read (STATIME, ACCTIME, SMFSTAT,
SMFACCT, TRACSTR as they are now).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from mqsc.catalog import zparm


class ParameterModules(Protocol):
    """Where START QMGR PARM(name) finds a system parameter module (a load library: the batch
    catalog implements it)."""

    def parameter_module(self, name: str) -> Mapping[str, object] | None:
        """Every parameter's value in load module ``name``, or None when there is none."""


@dataclass(frozen=True, slots=True)
class SysParms:
    """The system parameters of a running queue manager."""

    module: str = zparm.DEFAULT_MODULE
    initial: Mapping[str, object] = field(default_factory=lambda: dict(zparm.DEFAULTS))
    changed: Mapping[str, object] = field(default_factory=dict)

    def value(self, name: str) -> object:
        """The value in effect: SET's, else the module's."""
        if name in self.changed:
            return self.changed[name]
        return self.initial.get(name, zparm.DEFAULTS[name])

    def values(self) -> dict[str, object]:
        return {**zparm.DEFAULTS, **self.initial, **self.changed}

    def snapshot(self) -> dict[str, Any]:
        return {
            "kind": "sysparm",
            "module": self.module,
            "initial": _plain(self.initial),
            "changed": _plain(self.changed),
        }

    @classmethod
    def restore(cls, data: Mapping[str, Any]) -> SysParms:
        return cls(
            str(data.get("module", zparm.DEFAULT_MODULE)),
            _typed(data.get("initial", {})),
            _typed(data.get("changed", {})),
        )


def _plain(values: Mapping[str, object]) -> dict[str, object]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in values.items()}


def _typed(values: Mapping[str, object]) -> dict[str, object]:
    """Values read back from JSON: lists are tuples again; names the table no longer has go."""
    return {
        k: tuple(v) if isinstance(v, list) else v for k, v in values.items() if k in zparm.BY_NAME
    }


def of(source: Any) -> SysParms:
    """The system parameters in effect, from a transaction or a state (a queue manager not
    started yet has IBM's defaults)."""
    tables = getattr(source, "tables", None)
    found = tables["sysparm"].get(None) if tables is not None else source.get("sysparm", None)
    return found if found is not None else SysParms()


# ---- what SMF and trace read ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SmfParameters:
    """The SMF and trace parameters in effect (CSQ6SYSP, after SET SYSTEM).

    Attributes:
        statime: seconds between statistics records (0: the SMF global interval).
        acctime: seconds between accounting records (ACCTIME -1: the statistics interval).
        smfstat, smfacct, tracstr: trace classes started at start-up: () for NO, (1,) for YES,
            ("*",) for all, else the classes listed.

    """

    statime: int
    acctime: int
    smfstat: tuple[int | str, ...]
    smfacct: tuple[int | str, ...]
    tracstr: tuple[int | str, ...]


def interval_seconds(value: object) -> int:
    """STATIME / ACCTIME as seconds: minutes, or minutes.seconds; -1 stays -1.

    >>> interval_seconds(30), interval_seconds("1.30"), interval_seconds("-1")
    (1800, 90, -1)
    """
    text = str(value)
    minutes, _, seconds = text.partition(".")
    if int(minutes) < 0:
        return -1
    return int(minutes) * 60 + (int(seconds) if seconds else 0)


def classes(value: object) -> tuple[int | str, ...]:
    """SMFSTAT, SMFACCT, TRACSTR as the classes they start.

    >>> classes("NO"), classes("YES"), classes((1, 3, 4)), classes("*")
    ((), (1,), (1, 3, 4), ('*',))
    """
    if value == "NO":
        return ()
    if value == "YES":
        return (1,)
    if value == "*":
        return ("*",)
    return tuple(value) if isinstance(value, tuple) else (int(str(value)),)


def smf_parameters(source: Any) -> SmfParameters:
    """STATIME, ACCTIME, SMFSTAT, SMFACCT and TRACSTR in effect (from a queue manager's state or
    a transaction)."""
    p = of(getattr(source, "state", source))
    statime = interval_seconds(p.value("STATIME"))
    acctime = interval_seconds(p.value("ACCTIME"))
    return SmfParameters(
        statime,
        statime if acctime < 0 else acctime,
        classes(p.value("SMFSTAT")),
        classes(p.value("SMFACCT")),
        classes(p.value("TRACSTR")),
    )
