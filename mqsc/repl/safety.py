"""Which commands ask for confirmation before they run.

A table of rules, each a small function of the typed command and the current state that says
why the command is destructive (or None). The level comes from the config (``confirm``) or
``--yes``: ``none`` never asks, ``destructive`` asks for the rules below, ``all`` also asks for
every other command that changes something (anything but DISPLAY).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mqsc.language.commands import Command

Rule = Callable[[Command, Mapping[str, Mapping[Any, Any]]], str | None]


def _delete(cmd: Command, tables: Mapping[str, Mapping[Any, Any]]) -> str | None:
    if cmd.verb != "DELETE":
        return None
    what = f"DELETE {cmd.objtype}({cmd.name}) removes the object"
    return what + (" and every message on it" if cmd.get("PURGE") else "")


def _recover_purge(cmd: Command, tables: Mapping[str, Mapping[Any, Any]]) -> str | None:
    if (cmd.verb, cmd.objtype) != ("RECOVER", "CFSTRUCT") or cmd.get("TYPE") != "PURGE":
        return None
    names = ", ".join(cmd.name) if isinstance(cmd.name, tuple) else str(cmd.name)
    return f"RECOVER CFSTRUCT({names}) TYPE(PURGE) empties the structures: messages are lost"


def _reset_cfstruct(cmd: Command, tables: Mapping[str, Mapping[Any, Any]]) -> str | None:
    if (cmd.verb, cmd.objtype) != ("RESET", "CFSTRUCT"):
        return None
    return f"RESET CFSTRUCT({cmd.name}) fails the structure on purpose"


def _shrink_pool(cmd: Command, tables: Mapping[str, Mapping[Any, Any]]) -> str | None:
    if (cmd.verb, cmd.objtype) != ("ALTER", "BUFFPOOL") or "BUFFERS" not in cmd.attrs:
        return None
    pool = tables.get("pool", {}).get(cmd.name)
    wanted = cmd.get("BUFFERS")
    if pool is None or not isinstance(wanted, int) or wanted >= pool.buffers:
        return None
    return (
        f"ALTER BUFFPOOL({cmd.name}) removes {pool.buffers - wanted:,} of its "
        f"{pool.buffers:,} buffers"
    )


def _clear_or_move(cmd: Command, tables: Mapping[str, Mapping[Any, Any]]) -> str | None:
    if (cmd.verb, cmd.objtype) == ("CLEAR", "QLOCAL"):
        return f"CLEAR QLOCAL({cmd.name}) removes every message on the queue"
    if (cmd.verb, cmd.objtype) == ("MOVE", "QLOCAL"):
        return f"MOVE QLOCAL({cmd.name}) moves every message on the queue to {cmd.get('TOQLOCAL')}"
    return None


def _stop_qmgr(cmd: Command, tables: Mapping[str, Mapping[Any, Any]]) -> str | None:
    if (cmd.verb, cmd.objtype) != ("STOP", "QMGR"):
        return None
    held = sum(
        run.count
        for store in tables.get("messages", {}).values()
        for run in store.runs
        if not run.persistent
    )
    lost = f": {held:,} nonpersistent messages are lost at the next start" if held else ""
    return f"STOP QMGR stops the queue manager{lost}"


#: The destructive commands (STOP QMGR because a restart discards
#: nonpersistent messages).
DESTRUCTIVE: tuple[Rule, ...] = (
    _delete,
    _clear_or_move,
    _recover_purge,
    _reset_cfstruct,
    _shrink_pool,
    _stop_qmgr,
)


def reason(cmd: Command, tables: Mapping[str, Mapping[Any, Any]], level: str) -> str | None:
    """Why ``cmd`` needs confirmation at this level, or None when it may just run.

    >>> from mqsc import parse_one
    >>> reason(parse_one("DELETE QLOCAL(PAY.IN)"), {}, "destructive")
    'DELETE QLOCAL(PAY.IN) removes the object'
    >>> reason(parse_one("DELETE QLOCAL(PAY.IN)"), {}, "none") is None
    True
    """
    if level == "none":
        return None
    for rule in DESTRUCTIVE:
        why = rule(cmd, tables)
        if why is not None:
            return why
    if level == "all" and cmd.verb != "DISPLAY":
        return f"{cmd.title} changes the queue manager"
    return None
