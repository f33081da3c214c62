"""Each command's source letters against IBM's command reference ("You can issue this command
from sources ..." on each command's page; the pages are listed in the evidence of
docs/connections.md and in each spec's ``verified``), and what the letters do: a command from a
source it is not allowed from gets CSQN009I, one from an allowed source runs."""

from __future__ import annotations

import pytest

from mqsc import catalog
from mqsc.catalog import CommandSource
from mqsc.engine.manager import QueueManager
from tests.engine.conftest import fresh_qmz1

LETTERS = {
    "1": CommandSource.CSQINP1,
    "2": CommandSource.CSQINP2,
    "C": CommandSource.CONSOLE,
    "R": CommandSource.SERVER,
}

#: The letters IBM's pages give (IBM MQ 9.2-9.4 for z/OS), for the commands whose catalog
#: letters were checked and corrected.
IBM_SOURCES = {
    ("DISPLAY", "CMDSERV"): "12CR",  # "DISPLAY CMDSERV ... on z/OS" (9.4): was 12C
    ("START", "CMDSERV"): "12C",  # "START CMDSERV ... on z/OS" (10.0.x)
    ("DISPLAY", "CONN"): "2CR",  # "DISPLAY CONN" (9.2): was CR
    ("DISPLAY", "THREAD"): "2CR",  # "DISPLAY THREAD ... on z/OS" (9.2): was CR
    ("RESOLVE", "INDOUBT"): "2CR",  # "RESOLVE INDOUBT ... en z/OS" (9.3): was CR
    ("RESET", "QSTATS"): "2CR",  # "RESET QSTATS ... on z/OS" (9.2): was CR
    ("DISPLAY", "SMDS"): "2CR",  # "DISPLAY SMDS ... on z/OS" (9.2): was CR
    ("ALTER", "SMDS"): "2CR",  # "ALTER SMDS ... on z/OS" (9.2): was CR
    ("DISPLAY", "SMDSCONN"): "2CR",  # "DISPLAY SMDSCONN ... on z/OS" (9.2): was CR
    ("START", "SMDSCONN"): "2CR",  # "START SMDSCONN ... en z/OS" (9.3): was CR
    ("REFRESH", "QMGR"): "2CR",  # "REFRESH QMGR", table of command sources (9.4)
    ("DISPLAY", "SBSTATUS"): "CR",  # "DISPLAY SBSTATUS" (8.0, 9.3)
}


@pytest.mark.parametrize("key", sorted(IBM_SOURCES), ids=" ".join)
def test_the_catalog_has_ibms_letters(key: tuple[str, str]) -> None:
    assert catalog.COMMANDS[key].sources == {LETTERS[c] for c in IBM_SOURCES[key]}


def test_display_cmdserv_comes_through_the_command_server() -> None:
    # CSQUTIL and `mqsc run` send their commands through the command server (source R).
    result = fresh_qmz1().execute("DISPLAY CMDSERV", source=CommandSource.SERVER)
    assert result.ok and result.message_ids[0] == "CSQN014I"


@pytest.mark.parametrize(
    "command", ["DISPLAY CONN(*)", "DISPLAY THREAD(*)", "RESET QSTATS(SYSTEM.DEFAULT.LOCAL.QUEUE)"]
)
def test_commands_of_2cr_run_from_csqinp2(command: str) -> None:
    started = QueueManager.create(
        "QMB",
        csqinp1="DEFINE PSID(00) BUFFPOOL(0)",
        csqinp2="DEFINE STGCLASS(DEFAULT) PSID(0)\n"
        "DEFINE QLOCAL(SYSTEM.DEFAULT.LOCAL.QUEUE)\n" + command,
    )
    last = started.start_results[-1]
    assert last.ok and "CSQN009I" not in last.message_ids, last.message_ids


def test_refresh_qmgr_early_only_from_the_console() -> None:
    qm = fresh_qmz1()
    refused = qm.execute("REFRESH QMGR TYPE(EARLY)", source=CommandSource.SERVER)
    assert refused.message_ids[0] == "CSQN009I"
    # From the console it is allowed, and refused only because the queue manager runs.
    running = qm.execute("REFRESH QMGR TYPE(EARLY)", source=CommandSource.CONSOLE)
    assert running.message_ids[0] == "MQSC583E"
    # The other types come from the command server.
    assert qm.execute("REFRESH QMGR TYPE(EXPIRY) NAME(*)", source=CommandSource.SERVER).ok
