"""CSQUTIL MAKEDEF, MAKEREP, MAKEALT and MAKEDEL: commands made from DISPLAY replies.

For every object a DISPLAY command in the COMMAND function's input reports, CSQUTIL writes a
command that re-creates it ([DOC-CSQUTIL-CMD]): MAKEDEF a ``DEFINE ...
NOREPLACE`` with every displayed attribute, MAKEREP the same with ``REPLACE``, MAKEALT an
``ALTER``, MAKEDEL a ``DELETE``. The queue manager cannot be defined or deleted, so its DISPLAY
QMGR reply becomes ``ALTER QMGR`` (and nothing for MAKEDEL). Only attributes the generated
command accepts are written: display-only ones (CURDEPTH, ALTDATE...) are left out.
"""

from __future__ import annotations

from collections.abc import Iterable

from mqsc.catalog import DEFINED, command_spec
from mqsc.engine.records import ObjectRecord, Result
from mqsc.language.commands import VERB_CLASSES, Command

#: The keyword of each MAKE option and the command it makes.
KINDS = {"MAKEDEF": "DEFINE", "MAKEREP": "DEFINE", "MAKEALT": "ALTER", "MAKEDEL": "DELETE"}
#: Object record families commands can be made for (every type the catalog defines), and the
#: attribute naming the object (QUEUE for every queue type).
NAMES = {objtype: family.identity[0] for objtype, family in DEFINED.items()}


def made(kind: str, results: Iterable[Result]) -> list[Command]:
    """The commands a MAKE option makes from the DISPLAY replies in ``results``."""
    out = []
    for result in results:
        for one in result.all_sets():
            for record in one.objects:
                command = command_for(kind, record)
                if command is not None:
                    out.append(command)
    return out


def command_for(kind: str, record: ObjectRecord) -> Command | None:
    """One object's command, or None when this kind makes none for it."""
    verb = KINDS[kind]
    if record.family == "QMGR":
        if verb == "DELETE":
            return None
        verb, objtype, name = "ALTER", "QMGR", None
    elif record.family in NAMES:
        objtype, name = record.family, record.get(NAMES[record.family])
    else:
        return None
    spec = command_spec(verb, objtype)
    if spec is None:
        return None
    attrs: dict[str, object] = {}
    if verb == "DEFINE":
        attrs["REPLACE"] = kind == "MAKEREP"
    for key, value in record.attrs:
        keyword = spec.keyword(key)
        if keyword is None or keyword.name in ("LIKE", "REPLACE", "CMDSCOPE"):
            continue
        if verb == "DELETE" and key != "QSGDISP":
            continue
        attrs[keyword.name] = value.rstrip() if isinstance(value, str) else value
    return VERB_CLASSES[verb](verb, objtype, name, attrs)
