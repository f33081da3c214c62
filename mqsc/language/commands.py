"""Typed commands: what the binder produces and the engine executes.

A command is its verb class (:class:`Define`, :class:`Alter`, :class:`Display`...), the
canonical object type, the object name(s), and the keywords given, bound to Python values under
their canonical names (``LOC(ABOVE)`` becomes ``attrs["LOCATION"] == "ABOVE"``; ``NOSHARE``
becomes ``attrs["SHARE"] is False``). Equality ignores where the command came from, so
``parse(format(cmd)) == cmd`` holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from mqsc.language import syntax
from mqsc.language.source import Location, Source, Span

_EMPTY: Mapping[str, object] = MappingProxyType({})
#: One title string per verb and object type: every command's log record quotes it.
_TITLES: dict[tuple[str, str], str] = {}


@dataclass(frozen=True, slots=True)
class Filter:
    """A DISPLAY ``WHERE(keyword operator value)`` filter, bound to the attribute's type."""

    keyword: str
    operator: str
    value: object


@dataclass(frozen=True, slots=True)
class Command:
    """A bound MQSC command.

    Attributes:
        verb: canonical verb (``DEFINE`` even when ``DEF`` was typed).
        objtype: canonical object type (``QLOCAL`` for ``QL``).
        name: the object name (str), an id (int, for BUFFPOOL and PSID), a tuple of names
            (RECOVER CFSTRUCT), or None when the object keyword has no value.
        attrs: keywords given, canonical name -> value.
        where: the WHERE filter of a DISPLAY.
        requested: attributes a DISPLAY asked for by name.
        cpf: the command prefix the command was typed with, if any.
        typed: verb and object words as typed (``DEF QL``), for preprocessor failure messages.
        syntax: the syntax tree it was bound from (positions), if any.

    """

    verb: str
    objtype: str
    name: str | int | tuple[str, ...] | None = None
    attrs: Mapping[str, object] = field(default_factory=lambda: _EMPTY)
    where: Filter | None = None
    requested: tuple[str, ...] = ()
    cpf: str | None = field(default=None, compare=False)
    typed: str = field(default="", compare=False)
    syntax: syntax.Command | None = field(default=None, compare=False, repr=False)

    @property
    def title(self) -> str:
        """``DEFINE QLOCAL``: the full verb and object type, as CSQ9022I quotes them."""
        title = _TITLES.get((self.verb, self.objtype))
        if title is None:
            title = _TITLES[(self.verb, self.objtype)] = f"{self.verb} {self.objtype}"
        return title

    def get(self, keyword: str, default: Any = None) -> Any:
        """Value of a keyword given on the command, else ``default``."""
        return self.attrs.get(keyword, default)

    @property
    def source(self) -> Source | None:
        """The input the command was read from."""
        return self.syntax.logical.source if self.syntax is not None else None

    @property
    def span(self) -> Span | None:
        """Where the whole command is in its input."""
        return self.syntax.span if self.syntax is not None else None

    @property
    def location(self) -> Location | None:
        """File, line and column where the command starts."""
        return self.syntax.logical.location(self.syntax.verb_start) if self.syntax else None

    def span_of(self, keyword: str) -> Span | None:
        """Where a keyword (canonical name, or any spelling) appears, else the command span."""
        node = self.syntax
        if node is None:
            return None
        wanted = keyword.upper()
        for param in node.params:
            word = param.keyword.upper() if isinstance(param, syntax.Param) else "WHERE"
            if word == wanted or self._canonical.get(word) == wanted:
                return node.span_of(param.start, param.end)
        return node.span

    @property
    def _canonical(self) -> Mapping[str, str]:
        # Spellings are resolved lazily, only when an error needs a position.
        from mqsc.catalog import COMMANDS  # noqa: PLC0415 - cycle: the catalog's specs import the typed commands

        spec = COMMANDS.get((self.verb, self.objtype))
        if spec is None:
            return {}
        return {w: k.name for w in spec.spellings if (k := spec.keyword(w)) is not None}


class Define(Command):
    """DEFINE: create an object, optionally LIKE another, REPLACE-ing an existing one."""

    __slots__ = ()


class Alter(Command):
    """ALTER: change attributes of an existing object."""

    __slots__ = ()


class Delete(Command):
    """DELETE: remove an object."""

    __slots__ = ()


class Display(Command):
    """DISPLAY: report objects, status or usage; changes nothing."""

    __slots__ = ()


class Backup(Command):
    """BACKUP CFSTRUCT: fuzzy backup of a structure's persistent messages."""

    __slots__ = ()


class Recover(Command):
    """RECOVER CFSTRUCT: rebuild failed structures from backup and logs, or empty them."""

    __slots__ = ()


class Reset(Command):
    """RESET CFSTRUCT ACTION(FAIL): make a structure fail on purpose."""

    __slots__ = ()


class Clear(Command):
    """CLEAR QLOCAL or CLEAR TOPICSTR: remove messages or retained publications."""

    __slots__ = ()


class Move(Command):
    """MOVE QLOCAL: move every message of a local queue to another."""

    __slots__ = ()


class Start(Command):
    """START QMGR: restart the queue manager."""

    __slots__ = ()


class Stop(Command):
    """STOP QMGR: shut the queue manager down."""

    __slots__ = ()


class Ping(Command):
    """PING CHANNEL: test a channel (answered by the channel initiator)."""

    __slots__ = ()


class Resolve(Command):
    """RESOLVE CHANNEL / INDOUBT: settle in-doubt work."""

    __slots__ = ()


class Refresh(Command):
    """REFRESH QMGR / CLUSTER / SECURITY."""

    __slots__ = ()


class Rverify(Command):
    """RVERIFY SECURITY: reverify users at their next request."""

    __slots__ = ()


class Suspend(Command):
    """SUSPEND QMGR: leave a cluster for a while, or stop using Db2 or the IMS bridge."""

    __slots__ = ()


class Resume(Command):
    """RESUME QMGR: undo SUSPEND QMGR."""

    __slots__ = ()


class Set(Command):
    """SET CHLAUTH / LOG / ARCHIVE / SYSTEM: records and run-time parameters."""

    __slots__ = ()


class Archive(Command):
    """ARCHIVE LOG: switch the active log and archive it."""

    __slots__ = ()


#: Command class for each canonical verb.
VERB_CLASSES: Mapping[str, type[Command]] = {
    "DEFINE": Define,
    "ALTER": Alter,
    "DELETE": Delete,
    "DISPLAY": Display,
    "BACKUP": Backup,
    "RECOVER": Recover,
    "RESET": Reset,
    "CLEAR": Clear,
    "MOVE": Move,
    "START": Start,
    "STOP": Stop,
    "PING": Ping,
    "RESOLVE": Resolve,
    "REFRESH": Refresh,
    "RVERIFY": Rverify,
    "SUSPEND": Suspend,
    "RESUME": Resume,
    "SET": Set,
    "ARCHIVE": Archive,
}
