"""Shared message data sets (mqsc/engine/storage/smds.py, mqsc/engine/families/smds.py): a
structure with CFLEVEL(5) OFFLOAD(SMDS) keeps large messages in its members' data sets;
DISPLAY / ALTER / RESET SMDS, START / STOP / DISPLAY SMDSCONN and DISPLAY CFSTATUS TYPE(SMDS)
work on them, with golden replies in both framings."""

from __future__ import annotations

from pathlib import Path

import pytest

from mqsc.catalog import CommandSource
from mqsc.catalog.mqrc import MQRC_CF_STRUC_FAILED
from mqsc.cli.run import render
from tests.engine.conftest import fresh_group

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "qsg"
#: 100,000 bytes: above the 63 KB a structure holds itself, so offloaded.
LARGE = 100_000


def offloading():
    """QSG1 with structure BIGMSG offloading to SMDS and a shared queue on it."""
    group = fresh_group()
    qsa1 = group.members["QSA1"]
    for command in (
        "DEFINE CFSTRUCT(BIGMSG) CFLEVEL(5) OFFLOAD(SMDS) DSGROUP('QSG1.SMDS.BIGMSG.*')",
        "DEFINE QLOCAL(BIG.Q) QSGDISP(SHARED) CFSTRUCT(BIGMSG) MAXMSGL(4194304)",
    ):
        result = qsa1.execute(command)
        assert result.ok, result.message_ids
    return group


def run(qm, command: str):
    return qm.execute(command, source=CommandSource.CONSOLE)


COMMANDS = (
    ("QSA1", "DISPLAY SMDS(*) CFSTRUCT(BIGMSG)"),
    ("QSA1", "ALTER SMDS(QSA1) CFSTRUCT(BIGMSG) DSBUFS(250) DSEXPAND(NO)"),
    ("QSA1", "DISPLAY SMDS(*) CFSTRUCT(BIGMSG)"),
    ("QSA1", "ALTER SMDS(QSA1) CFSTRUCT(BIGMSG) DSBUFS(DEFAULT)"),
    ("QSA1", "ALTER SMDS(QSA1) CFSTRUCT(BIGMSG) DSBUFS(10000)"),
    ("QSA1", "DISPLAY SMDSCONN(*) CFSTRUCT(BIGMSG)"),
    ("QSA2", "STOP SMDSCONN(QSA1) CFSTRUCT(BIGMSG)"),
    ("QSA2", "DISPLAY SMDSCONN(*) CFSTRUCT(BIGMSG)"),
    ("QSA2", "START SMDSCONN(QSA1) CFSTRUCT(BIGMSG)"),
    ("QSA1", "RESET SMDS(QSA1) CFSTRUCT(BIGMSG) STATUS(FAILED)"),
    ("QSA1", "DISPLAY CFSTATUS(BIGMSG) TYPE(SMDS)"),
    ("QSA1", "RESET SMDS(QSA1) CFSTRUCT(BIGMSG) STATUS(RECOVERED)"),
    ("QSA1", "RESET SMDS(QSA2) CFSTRUCT(BIGMSG) STATUS(RECOVERED)"),
    ("QSA1", "RESET SMDS(*) CFSTRUCT(BIGMSG) ACCESS(DISABLED)"),
    ("QSA1", "DISPLAY CFSTATUS(BIGMSG) TYPE(SMDS)"),
    ("QSA1", "DISPLAY SMDS(*) CFSTRUCT(APP3)"),
    ("QSA1", "DISPLAY SMDS(QZZZ) CFSTRUCT(BIGMSG)"),
)


@pytest.mark.parametrize("style", ["console", "server"])
def test_golden_replies(style: str, golden) -> None:
    group = offloading()
    group.members["QSA1"].put("BIG.Q", 2, LARGE)
    out = []
    for member, command in COMMANDS:
        qm = group.members[member]
        out.append(f"* on {member}\n")
        out.append(render(run(qm, command), "text", style))
    golden(GOLDEN / f"smds.{style}.txt", "".join(out))


def test_large_messages_go_to_the_putters_data_set() -> None:
    group = offloading()
    qsa1, qsa2 = group.members["QSA1"], group.members["QSA2"]
    assert qsa1.put("BIG.Q", 3, LARGE).done == 3
    assert qsa2.put("BIG.Q", 1, LARGE).done == 1
    offloaded = {k: (d.offloaded, d.offloaded_bytes) for k, d in group.tables["smds"].items()}
    assert offloaded == {"BIGMSG/QSA1": (3, 3 * LARGE), "BIGMSG/QSA2": (1, LARGE)}
    assert group.tables["smds"]["BIGMSG/QSA1"].dsname == "QSG1.SMDS.BIGMSG.QSA1"


def test_a_stopped_connection_refuses_large_puts_and_gets() -> None:
    group = offloading()
    qsa1, qsa2 = group.members["QSA1"], group.members["QSA2"]
    qsa1.put("BIG.Q", 1, LARGE)
    assert run(qsa2, "STOP SMDSCONN(*) CFSTRUCT(BIGMSG)").ok
    assert qsa2.get("BIG.Q", 1).reason == MQRC_CF_STRUC_FAILED
    assert qsa2.put("BIG.Q", 1, LARGE).reason == MQRC_CF_STRUC_FAILED
    assert qsa2.put("BIG.Q", 1, 1000).done == 1  # small messages stay in the structure
    assert qsa1.get("BIG.Q", 1).done == 1  # the other member still reads them
    assert run(qsa2, "START SMDSCONN(*) CFSTRUCT(BIGMSG)").ok
    assert qsa2.put("BIG.Q", 1, LARGE).done == 1


def test_a_failed_or_disabled_data_set_is_not_written() -> None:
    group = offloading()
    qsa1 = group.members["QSA1"]
    assert run(qsa1, "RESET SMDS(QSA1) CFSTRUCT(BIGMSG) ACCESS(DISABLED)").ok
    assert qsa1.put("BIG.Q", 1, LARGE).reason == MQRC_CF_STRUC_FAILED
    assert run(qsa1, "RESET SMDS(QSA1) CFSTRUCT(BIGMSG) ACCESS(ENABLED)").ok
    assert qsa1.put("BIG.Q", 1, LARGE).done == 1


def test_bad_input_changes_nothing() -> None:
    group = offloading()
    qsa1 = group.members["QSA1"]
    qsa1.put("BIG.Q", 1, LARGE)  # the data sets exist
    before = qsa1.digest()
    for command, msg_id in (
        ("ALTER SMDS(QSA1) CFSTRUCT(BIGMSG) DSBUFS(0)", "MQSC592E"),
        ("DISPLAY SMDS(*) CFSTRUCT(APP3)", "MQSC840E"),
        ("DISPLAY SMDS(*) CFSTRUCT(NOSUCH)", "CSQM125I"),
        ("RESET SMDS(QSA1) CFSTRUCT(BIGMSG) STATUS(RECOVERED)", "MQSC843E"),
    ):
        result = run(qsa1, command)
        assert not result.ok and result.message_ids[0] == msg_id, command
    assert qsa1.digest() == before
