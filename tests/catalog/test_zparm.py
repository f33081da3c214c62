"""The system parameter table (mqsc/catalog/zparm.py) against IBM's pages it cites."""

from __future__ import annotations

from mqsc.catalog import zparm
from mqsc.catalog.sources import SOURCES, keys_in


def names(params) -> set[str]:
    return {p.name for p in params}


def test_set_system_changes_what_ibms_set_system_syntax_lists():
    # IBM MQ "SET SYSTEM": ACCTIME ACELIM EXCLMSG LOGLOAD SERVICE STATIME TRACTBL, and
    # CTHREAD, IDFORE, IDBACK still allowed (ignored).
    assert names(zparm.settable("SYSTEM")) == {
        "ACCTIME",
        "ACELIM",
        "EXCLMSG",
        "LOGLOAD",
        "SERVICE",
        "STATIME",
        "TRACTBL",
        "CTHREAD",
        "IDBACK",
        "IDFORE",
    }


def test_set_log_changes_what_ibms_set_log_syntax_lists():
    assert names(zparm.settable("LOG")) == {
        "COMPLOG",
        "DEALLCT",
        "MAXARCH",
        "MAXCNOFF",
        "MAXRTU",
        "WRTHRSH",
        "ZHYWRITE",
        "ZHYLINK",
    }


def test_set_archive_changes_every_archive_parameter():
    # IBM MQ "Controlling archiving and logging", Table 1: ARCHIVE "All".
    assert names(zparm.settable("ARCHIVE")) == set(zparm.BY_MACRO["CSQ6ARVP"])


def test_defaults_from_ibms_tables():
    d = zparm.DEFAULTS
    assert (d["LOGLOAD"], d["ACCTIME"], d["ACELIM"], d["CMDUSER"], d["EXITLIM"]) == (
        500_000,
        -1,
        0,
        "CSQOPR",
        30,
    )
    assert (d["INBUFF"], d["OUTBUFF"], d["MAXARCH"], d["MAXCNOFF"], d["MAXRTU"]) == (
        60,
        4000,
        500,
        31,
        2,
    )
    assert (d["ARCPFX1"], d["ARCRETN"], d["ARCWRTC"], d["BLKSIZE"], d["PRIQTY"]) == (
        "CSQARC1",
        9999,
        (1, 3, 4),
        28672,
        25715,
    )


def test_reports_leave_out_the_obsolete_parameters():
    shown = names(zparm.report("SYSTEM"))
    assert "LOGLOAD" in shown and not shown & {"CTHREAD", "IDBACK", "IDFORE"}
    assert names(zparm.report("LOG")) == set(zparm.BY_MACRO["CSQ6LOGP"])


def test_every_evidence_key_is_a_source():
    for p in zparm.PARAMETERS:
        for key in keys_in("[" + p.verified.replace(", ", "] [") + "]") if p.verified else []:
            assert key in SOURCES, (p.name, key)
