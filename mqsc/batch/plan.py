"""What a deck would change, without changing anything: ``mqsc plan`` and ``mqsc diff``.

``plan`` runs a deck on a scratch copy of the queue manager and compares the object
definitions before and after: objects created, altered (with each attribute's old and new
value) and deleted, plus the commands that would fail. ``diff`` treats a deck as the desired
state: the queue manager's initial configuration with the deck applied, compared with the
current state. This is how a config-as-code review reads an MQ change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from mqsc.batch.dump import ORDER, Definition, definitions, is_flag
from mqsc.catalog import CommandSource, command_spec
from mqsc.engine.manager import QueueManager
from mqsc.language.formatter import format_value
from mqsc.language.reader import Columns
from mqsc.language.source import Location, Source
from mqsc.render import commandserver

Key = tuple[str, Any]


@dataclass(frozen=True, slots=True)
class AttributeChange:
    """One attribute's value before and after (``before`` is None for a new object)."""

    name: str
    before: object
    after: object


@dataclass(frozen=True, slots=True)
class ObjectChange:
    """An object created, altered or deleted, with the attributes that differ."""

    action: str  # "create", "alter", "delete"
    objtype: str
    name: str | int | None
    attrs: tuple[AttributeChange, ...] = ()

    @property
    def label(self) -> str:
        return self.objtype if self.name is None else f"{self.objtype}({self.name})"


@dataclass(frozen=True, slots=True)
class Failure:
    """A command of the deck that would fail, with its reply."""

    location: Location | None
    command: str
    messages: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Plan:
    """The outcome of ``plan`` or ``diff``."""

    qmgr: str
    changes: tuple[ObjectChange, ...]
    failures: tuple[Failure, ...]
    commands: int

    def count(self, action: str) -> int:
        return sum(1 for c in self.changes if c.action == action)


# ---- comparing states ----------------------------------------------------------------------
def snapshot(qm: QueueManager) -> dict[Key, Definition]:
    """Every definition of the queue manager by (object type, name)."""
    return {d.key: d for d in definitions(qm)}


def default_of(objtype: str, name: str) -> object:
    """The product default of an attribute (what a new object shows if nothing sets it)."""
    verb = "ALTER" if objtype == "QMGR" else "DEFINE"
    spec = command_spec(verb, objtype)
    keyword = spec.keyword(name) if spec is not None else None
    return keyword.default if keyword is not None else None


def compare(
    before: Mapping[Key, Definition], after: Mapping[Key, Definition]
) -> tuple[ObjectChange, ...]:
    """The changes that turn ``before`` into ``after``, in dump order."""
    changes = []
    for key in sorted(set(before) | set(after), key=_order):
        old, new = before.get(key), after.get(key)
        if old is None and new is not None:
            attrs = tuple(
                AttributeChange(n, None, v) for n, v in new.attrs if v != default_of(new.objtype, n)
            )
            changes.append(ObjectChange("create", new.objtype, new.name, attrs))
        elif new is None and old is not None:
            changes.append(ObjectChange("delete", old.objtype, old.name))
        elif old is not None and new is not None and old.attrs != new.attrs:
            was = dict(old.attrs)
            attrs = tuple(
                AttributeChange(n, was.get(n), v) for n, v in new.attrs if was.get(n) != v
            )
            changes.append(ObjectChange("alter", new.objtype, new.name, attrs))
    return tuple(changes)


def _order(key: Key) -> tuple[int, str, Any]:
    objtype, name = key
    return (ORDER.index(objtype), type(name).__name__, name if name is not None else "")


# ---- running decks on a scratch copy -------------------------------------------------------
def apply(
    qm: QueueManager,
    sources: Iterable[Source],
    columns: Columns,
    progress: Callable[[Source, int], None] | None = None,
) -> tuple[list[Failure], int]:
    """Run the decks on ``qm`` (a scratch copy) as the command server would; the failures.
    ``progress(source, line)`` is told where each command started."""
    failures: list[Failure] = []
    commands = 0
    for source in sources:
        for result in qm.iter_run(source, source=CommandSource.SERVER, columns=columns):
            commands += 1
            if progress is not None:
                progress(source, result.location.line if result.location else 0)
            if not all(r.ok for r in result.all_sets()):
                failures.append(
                    Failure(result.location, result.text, tuple(commandserver.reply_lines(result)))
                )
    return failures, commands


def plan(
    qm: QueueManager,
    sources: Iterable[Source],
    *,
    columns: Columns = "auto",
    progress: Callable[[Source, int], None] | None = None,
) -> Plan:
    """What the decks would change on ``qm``; ``qm`` itself is not touched."""
    scratch = qm.copy()
    before = snapshot(scratch)
    failures, commands = apply(scratch, sources, columns, progress)
    return Plan(qm.name, compare(before, snapshot(scratch)), tuple(failures), commands)


def diff(
    current: QueueManager,
    base: QueueManager,
    sources: Iterable[Source],
    *,
    columns: Columns = "auto",
) -> Plan:
    """How ``current`` differs from the desired state: ``base`` (the queue manager's initial
    configuration) with the decks applied. Changes read as what would make ``current`` match
    the decks."""
    desired = base.copy()
    failures, commands = apply(desired, sources, columns)
    return Plan(
        current.name, compare(snapshot(current), snapshot(desired)), tuple(failures), commands
    )


# ---- rendering -----------------------------------------------------------------------------
SYMBOLS = {"create": "+", "alter": "~", "delete": "-"}


def shown(objtype: str, name: str, value: object) -> str:
    """A value as MQSC writes it (flags as their keyword or negation)."""
    if value is None:
        return "(none)"
    if isinstance(value, bool) and is_flag(objtype, name):
        spec = command_spec("DEFINE", objtype) or command_spec("ALTER", objtype)
        keyword = spec.keyword(name) if spec is not None else None
        negation = keyword.negation if keyword is not None else None
        return name if value else (negation or name)
    return format_value(value)


def text_lines(result: Plan, *, arrow: str = "->") -> list[str]:
    """The plan as text: one block per object, then the failures."""
    lines: list[str] = []
    for change in result.changes:
        lines.append(f"  {SYMBOLS[change.action]} {change.label}")
        width = max((len(a.name) for a in change.attrs), default=0)
        for a in change.attrs:
            after = shown(change.objtype, a.name, a.after)
            if change.action == "create":
                lines.append(f"      {a.name:<{width}}  {after}")
            else:
                before = shown(change.objtype, a.name, a.before)
                lines.append(f"      {a.name:<{width}}  {before} {arrow} {after}")
    for failure in result.failures:
        where = f"{failure.location.name}:{failure.location.line}: " if failure.location else ""
        lines.append(f"  ! {where}{failure.command}")
        lines += ["      " + m for m in failure.messages]
    return lines


def summary(result: Plan) -> str:
    """``3 to create, 1 to alter, 0 to delete, 1 command would fail``."""
    text = (
        f"{result.count('create')} to create, {result.count('alter')} to alter, "
        f"{result.count('delete')} to delete"
    )
    if result.failures:
        n = len(result.failures)
        text += f", {n} command{'s' if n != 1 else ''} would fail"
    return text


def to_json(result: Plan) -> dict[str, Any]:
    """The plan as JSON (docs/batch.md)."""
    return {
        "version": 1,
        "qmgr": result.qmgr,
        "commands": result.commands,
        "summary": {a: result.count(a) for a in ("create", "alter", "delete")},
        "changes": [
            {
                "action": c.action,
                "objtype": c.objtype,
                "name": c.name,
                "attributes": [
                    {"name": a.name, "before": _json(a.before), "after": _json(a.after)}
                    for a in c.attrs
                ],
            }
            for c in result.changes
        ],
        "failures": [
            {
                "file": f.location.name if f.location else None,
                "line": f.location.line if f.location else None,
                "command": f.command,
                "messages": list(f.messages),
            }
            for f in result.failures
        ],
    }


def _json(value: object) -> object:
    return value.rstrip() if isinstance(value, str) else value
