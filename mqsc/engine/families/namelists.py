"""Namelists: DEFINE, ALTER, DELETE and DISPLAY NAMELIST (IBM "DEFINE NAMELIST").

NAMCOUNT is what DISPLAY shows of the list's length; the names themselves are not checked
against the objects they name (IBM: a namelist is checked where it is used).
"""

from __future__ import annotations

from mqsc.catalog import namelists as catalog_namelists
from mqsc.engine.plainfamily import PlainFamily

NAMELIST = catalog_namelists.FAMILY
HANDLERS = PlainFamily(NAMELIST, computed={"NAMCOUNT": lambda obj: len(obj.get("NAMES", ()))})
