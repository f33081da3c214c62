"""A run of TSO commands in the background (IKJEFT01, IKJEFT1A, IKJEFT1B) or from a console:
each command against the RACF database, the listing the terminal monitor program prints, and
the step's return code.

The listing (SYSTSPRT): ``READY``, then each command as it was read and what it printed,
``READY`` after each, ``END`` at the end. The step's return code (z/OS TSO/E User's Guide,
"Handling Error Conditions" and the EXEC statement of background TSO): IKJEFT01 goes on after
a command that ends with a non-zero return code and ends with the last command's;
IKJEFT1A and IKJEFT1B end at the first command with a non-zero return code, with that code.

Commands are applied one by one through a :class:`Keeper` (the home's database in
:mod:`mqsc.store.racfdb`, or one in memory), each in its own transaction, as RACF commits
each command.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

from mqsc.catalog import racf
from mqsc.racf.actions import Issuer, Outcome, run
from mqsc.racf.database import Database, fresh
from mqsc.racf.tso import Command, Logical, logical_commands, parse

#: Programs that stop at the first non-zero return code.
STOP_ON_ERROR = ("IKJEFT1A", "IKJEFT1B")


class Keeper(Protocol):
    """Where the RACF database lives: commands run in a transaction each."""

    def read(self) -> Database:
        """The database as committed now."""

    def apply(self, change: Callable[[Database], Outcome]) -> Outcome:
        """Run ``change`` on the committed database and commit what it returns."""


@dataclass
class MemoryKeeper:
    """A database in memory (a job or console without an mqsc home)."""

    db: Database = field(default_factory=fresh)

    def read(self) -> Database:
        return self.db

    def apply(self, change: Callable[[Database], Outcome]) -> Outcome:
        outcome = change(self.db)
        self.db = outcome.db
        return outcome

    def close(self) -> None:
        """Nothing to let go of."""


class DataSets(Protocol):
    """The data sets a background TSO session reads CLISTs from and SEARCH writes them to."""

    def read_text(self, dsn: str) -> str | None: ...

    def write_text(self, dsn: str, text: str) -> None: ...


@dataclass(frozen=True, slots=True)
class Step:
    """One command of a session: as read, what it printed, its return code."""

    records: tuple[str, ...]
    lines: tuple[str, ...]
    rc: int


@dataclass(frozen=True, slots=True)
class SessionResult:
    """A whole session: its commands, the listing and the step's return code."""

    steps: tuple[Step, ...]
    rc: int

    def listing(self) -> list[str]:
        lines = ["READY"]
        for step in self.steps:
            lines += [*step.records, *step.lines, "READY"]
        lines.append("END")
        return lines


def run_session(
    text: str,
    keeper: Keeper,
    userid: str,
    now: Callable[[], dt.datetime],
    *,
    program: str = "IKJEFT01",
    parm: str = "",
    datasets: DataSets | None = None,
) -> SessionResult:
    """Run SYSTSIN ``text`` (after ``parm``, the PARM's command, if any)."""
    logicals = list(logical_commands(parm)) + list(logical_commands(text))
    steps: list[Step] = []
    for logical in logicals:
        step = _one(logical, keeper, userid, now, datasets)
        steps.append(step)
        if step.rc and program in STOP_ON_ERROR:
            return SessionResult(tuple(steps), step.rc)
    return SessionResult(tuple(steps), steps[-1].rc if steps else 0)


def _one(
    logical: Logical,
    keeper: Keeper,
    userid: str,
    now: Callable[[], dt.datetime],
    datasets: DataSets | None,
) -> Step:
    parsed = parse(logical.text)
    if isinstance(parsed, Command) and parsed.name == "EXEC":
        lines, rc = _exec(parsed, keeper, userid, now, datasets)
        return Step(logical.records, tuple(lines), rc)
    issuer = Issuer(userid, now())
    outcome = keeper.apply(lambda db: run(db, logical.text, issuer))
    lines = list(outcome.lines)
    if outcome.clist is not None and datasets is not None:
        datasets.write_text(clist_dsn(userid), "".join(c + "\n" for c in outcome.clist))
    return Step(logical.records, tuple(lines), outcome.rc)


def clist_dsn(userid: str) -> str:
    """Where SEARCH ... CLIST writes its commands: the user's EXEC.RACF.CLIST."""
    return f"{userid}.EXEC.RACF.CLIST"


def dataset_name(name: str, userid: str) -> str:
    """EXEC's data set: a quoted name as it is; otherwise prefixed with the user id and,
    unless it ends so, suffixed with .CLIST."""
    if name.startswith("'"):
        return name.strip("'")
    full = f"{userid}.{name}"
    return full if full.endswith(".CLIST") else full + ".CLIST"


def _exec(
    cmd: Command,
    keeper: Keeper,
    userid: str,
    now: Callable[[], dt.datetime],
    datasets: DataSets | None,
) -> tuple[list[str], int]:
    """EXEC of a CLIST: its commands run in turn (not listed: CONTROL NOLIST is a CLIST's
    default); the return code is the last command's."""
    dsn = dataset_name(cmd.operand(0)[0], userid)
    text = datasets.read_text(dsn) if datasets is not None else None
    if text is None:
        return [racf.line("IKJ56228I", dsn=dsn)], 12
    lines: list[str] = []
    rc = 0
    for logical in logical_commands(text):
        step = _one(logical, keeper, userid, now, datasets)
        lines += step.lines
        rc = step.rc
    return lines, rc


def commands_of(texts: Iterable[str]) -> str:
    """Console or command-line arguments as SYSTSIN text (one command each)."""
    return "".join(t.rstrip() + "\n" for t in texts)
