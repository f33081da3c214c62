"""DEFINE PSID DSN(...) on a queue manager that has a catalog of clusters (a batch job's):
the cluster must exist and be formatted, and its size is the page set's (docs/batch.md)."""

from __future__ import annotations

from mqsc.engine.serial import digest
from mqsc.engine.vsam import PageSetDataSet
from tests.engine.conftest import fresh_qmz1


class Shelf:
    """A catalog of clusters, as a batch job's catalog answers the engine."""

    def __init__(self, *clusters: PageSetDataSet) -> None:
        self.clusters = {c.name: c for c in clusters}

    def page_set_data_set(self, dsn: str) -> PageSetDataSet | None:
        return self.clusters.get(dsn)


def test_a_formatted_cluster_sets_the_page_set_size() -> None:
    qm = fresh_qmz1()
    qm.vsam = Shelf(PageSetDataSet("USER1.PSID05", 3240, 1080, "NEW"))
    result = qm.execute("DEFINE PSID(05) BUFFPOOL(3) DSN(USER1.PSID05)")
    assert result.ok
    page_set = qm.state.tables["pageset"][5]
    assert (page_set.physical, page_set.secondary, page_set.dsn) == (3240, 1080, "USER1.PSID05")
    assert page_set.total == 3238  # less the header and space-map pages (3240 -> 3238)


def test_a_missing_or_unformatted_cluster_changes_nothing() -> None:
    qm = fresh_qmz1()
    qm.vsam = Shelf(PageSetDataSet("USER1.RAW", 1080, 0, ""))
    before = digest(qm.state)
    missing = qm.execute("DEFINE PSID(05) DSN(USER1.NONE)")
    raw = qm.execute("DEFINE PSID(05) DSN(USER1.RAW)")
    assert not missing.ok and not raw.ok
    assert "MQSC640E" in missing.message_ids and "MQSC641E" in raw.message_ids
    assert digest(qm.state) == before


def test_without_a_catalog_any_dsn_is_accepted_as_before() -> None:
    qm = fresh_qmz1()
    assert qm.vsam is None
    assert qm.execute("DEFINE PSID(05) DSN(ANY.NAME)").ok
