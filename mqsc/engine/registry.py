"""Command handlers by (verb, object type), registered by decorator in each family module."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from mqsc.catalog import FAMILY_MODULES, SPECS
from mqsc.engine import absent
from mqsc.engine.context import Handler

HANDLERS: dict[tuple[str, str], Handler] = {}
#: Where the family modules are (one per catalog family module, the same name).
FAMILIES_PACKAGE = "mqsc.engine.families"


def handles(verb: str, *objtypes: str) -> Callable[[Handler], Handler]:
    """Register a handler for ``verb`` on each of ``objtypes``."""

    def register(handler: Handler) -> Handler:
        for objtype in objtypes:
            key = (verb, objtype)
            if key in HANDLERS:
                raise RuntimeError(f"two handlers for {verb} {objtype}")
            HANDLERS[key] = handler
        return handler

    return register


def load() -> dict[tuple[str, str], Handler]:
    """Import every family module (they register themselves) and return the table.

    The engine has one module in :mod:`mqsc.engine.families` per catalog family module, of
    the same name (``mqsc.catalog.queues`` and ``mqsc.engine.families.queues``): the catalog's
    list is the one list, and nothing else in the engine imports a family.
    """
    for module in FAMILY_MODULES:
        importlib.import_module(f"{FAMILIES_PACKAGE}.{module.__name__.rpartition('.')[2]}")
    # Commands that need a facility the simulation lacks: the absent answer, unless their
    # family answers them itself (mqsc/catalog/absent.py).
    for spec in SPECS:
        if spec.facility:
            HANDLERS.setdefault((spec.verb, spec.objtype), absent.answer)
    return HANDLERS
