"""The catalog by object family: each family module has an engine module of the same name, and
the tables hang together (what the engine, the renderers and the store rely on)."""

from __future__ import annotations

import importlib.util

import pytest

from mqsc import catalog
from mqsc.engine.state import GROUP_TABLES, PRIVATE_TABLES


@pytest.mark.parametrize("module", catalog.FAMILY_MODULES, ids=lambda m: m.__name__)
def test_every_family_module_has_an_engine_module_of_its_name(module) -> None:
    name = module.__name__.rpartition(".")[2]
    assert importlib.util.find_spec(f"mqsc.engine.families.{name}") is not None


def test_every_engine_family_module_has_a_catalog_module_of_its_name() -> None:
    # The registry imports the family modules from the catalog's list: one the catalog does
    # not name would never register its handlers.
    import pkgutil

    from mqsc.engine import families

    engine = {m.name for m in pkgutil.iter_modules(families.__path__)}
    assert engine == {m.__name__.rpartition(".")[2] for m in catalog.FAMILY_MODULES}


@pytest.mark.parametrize("family", catalog.FAMILIES.values(), ids=lambda f: f.objtype)
def test_a_family_displays_what_it_holds(family) -> None:
    assert set(family.identity) <= set(family.attributes)
    assert set(family.settable) <= set(family.attributes)
    assert family.reply.startswith(("CSQM4", "MQSC4")), (
        "DISPLAY replies are CSQM4nnI (or own MQSC4nnI)"
    )
    if family.default_object is not None:
        assert family.table


def test_every_defined_family_has_its_state_tables() -> None:
    for family in catalog.DEFINED.values():
        assert family.table in (GROUP_TABLES if family.group_wide else PRIVATE_TABLES)
        if family.group_table:
            assert family.group_table in GROUP_TABLES


def test_object_words_are_unique() -> None:
    words = [w for o in catalog.OBJECT_TYPES for w in (o.name, *o.synonyms)]
    assert len(words) == len(set(words))
    assert [o.rank for o in catalog.OBJECT_TYPES] == sorted(o.rank for o in catalog.OBJECT_TYPES)
