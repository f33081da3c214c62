"""``\\save``: the current definitions as a deck that re-creates them.

Like ``dmpmqcfg``, every object is written with every attribute a DEFINE can set, and REPLACE,
so replaying the deck on any queue manager (``mqsc run``, ``\\read``) gives the same
definitions whatever its default objects hold. Storage classes come before the queues that name
them. Buffer pools and page sets are CSQINP1 definitions that a running queue manager refuses,
so they are written as comments for the record. Text comes from :func:`mqsc.language.formatter.
format_command`, the canonical form ``mqsc.parse`` reads back.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from mqsc import catalog
from mqsc.language.commands import Alter, Define
from mqsc.language.formatter import format_command

#: Object tables in replay order, with their object type.
ORDER = tuple((family.table, objtype) for objtype, family in catalog.DEFINED.items())
#: DEFINE options that are not attributes of the object.
_OPTIONS = ("LIKE", "REPLACE", "CMDSCOPE")


def deck(tables: Mapping[str, Mapping[Any, Any]], qmgr: Any, stamp: str = "") -> str:
    """The deck for a queue manager's state tables (``qm.state.tables``) and identity."""
    lines = [
        f"* Definitions of queue manager {qmgr.name} (command prefix {qmgr.cpf})"
        + (f", saved {stamp}" if stamp else "")
        + ".",
        "* Replay: mqsc run FILE, or \\read FILE at the console.",
        "* Buffer pools and page sets belong in CSQINP1; for the record:",
    ]
    lines += [f"*   {line}" for line in _csqinp1(tables)]
    qmgr_line = _alter_qmgr(qmgr)
    if qmgr_line:
        lines.append(qmgr_line)
    for table, objtype in ORDER:
        for name in sorted(tables.get(table, {})):
            lines.append(define_text(objtype, name, tables[table][name].attrs))
    return "\n".join(lines) + "\n"


def define_text(objtype: str, name: str, attrs: Mapping[str, object]) -> str:
    """``DEFINE objtype(name) ... REPLACE`` with every settable attribute.

    >>> define_text("STGCLASS", "PAY", {"PSID": 3, "DESCR": "pay", "ALTDATE": "x"})
    "DEFINE STGCLASS(PAY) PSID(3) DESCR('pay') REPLACE"
    """
    spec = catalog.COMMANDS[("DEFINE", objtype)]
    values = {
        key: value
        for key, value in attrs.items()
        if key not in _OPTIONS and (k := spec.keyword(key)) is not None and k.zos
    }
    values["REPLACE"] = True
    return format_command(Define("DEFINE", objtype, name, values))


def _alter_qmgr(qmgr: Any) -> str:
    spec = catalog.COMMANDS[("ALTER", "QMGR")]
    attrs = getattr(qmgr, "attrs", {}) or {}
    values = {k: v for k, v in attrs.items() if spec.keyword(k) is not None}
    return format_command(Alter("ALTER", "QMGR", None, values)) if values else ""


def _csqinp1(tables: Mapping[str, Mapping[Any, Any]]) -> Iterator[str]:
    for number, pool in sorted(tables.get("pool", {}).items()):
        yield (
            f"DEFINE BUFFPOOL({number}) BUFFERS({pool.buffers}) LOCATION({pool.location}) "
            f"PAGECLAS({pool.pageclass})"
        )
    for psid, pageset in sorted(tables.get("pageset", {}).items()):
        yield f"DEFINE PSID({psid:02d}) BUFFPOOL({pageset.pool}) EXPAND({pageset.expand})"
