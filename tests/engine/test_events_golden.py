"""Golden hexadecimal dumps of one event message of each kind mqsc writes, with its decoded
lines (tests/golden/events/): the bytes of the message data as IBM lays them out, big-endian
and EBCDIC as on z/OS. docs/events.md shows the same layouts."""

from __future__ import annotations

from pathlib import Path

import pytest

from mqsc.catalog import CommandSource
from mqsc.engine.messaging.eventreport import report
from mqsc.engine.records import Issuer
from mqsc.render.eventlines import hex_dump, lines
from tests.engine.test_events import (
    CHANNEL,
    COMMAND,
    CONFIG,
    PERFM,
    QMGR_EVENTS,
    Clock,
    system_qm,
)

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "events"


def _perfm(qm):
    qm.execute("ALTER QMGR PERFMEV(ENABLED)")
    qm.execute("DEFINE QLOCAL(PAY.IN) MAXDEPTH(10) QDPHIEV(ENABLED)")
    qm.put("PAY.IN", 8, 100)
    return PERFM


def _inhibit(qm):
    qm.execute("ALTER QMGR INHIBTEV(ENABLED)")
    qm.execute("DEFINE QLOCAL(PAY.IN) PUT(DISABLED)")
    qm.put("PAY.IN", 1, 100)
    return QMGR_EVENTS


def _command(qm):
    qm.execute("ALTER QMGR CMDEV(ENABLED)", source=CommandSource.CONSOLE)
    return COMMAND


def _config(qm):
    qm.execute("ALTER QMGR CONFIGEV(ENABLED)")
    qm.get_message(CONFIG)
    qm.get_message(CONFIG)
    qm.execute("DEFINE PROCESS(PAY.PROC) APPLICID('PAYPGM') DESCR('payments')")
    return CONFIG


def _active(qm):
    qm.execute("STOP QMGR")
    qm.execute("START QMGR", source=CommandSource.CONSOLE)
    return QMGR_EVENTS


def _channel(qm):
    from tests.network.test_network import SETUP
    from tests.network.test_network_golden import pair

    qmgrs, _network = pair()
    for name in ("QMZ2", "QMZ1"):
        for text in SETUP[name]:
            qmgrs[name].execute(text, source=CommandSource.CONSOLE)
    qmz1 = qmgrs["QMZ1"]
    qmz1.execute("ALTER QMGR CHLEV(ENABLED)")
    qmz1.execute("START CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE)
    return qmz1, CHANNEL


KINDS = {
    "queue-depth-high": _perfm,
    "put-inhibited": _inhibit,
    "command": _command,
    "create-object": _config,
    "queue-manager-active": _active,
    "channel-started": _channel,
}


@pytest.mark.parametrize("kind", KINDS)
def test_event_message_golden(golden, kind: str) -> None:
    qm = system_qm("QMZ9", clock=Clock())
    with qm.acting_as(Issuer("OPER1", "OPER1")):
        made = KINDS[kind](qm)
    if isinstance(made, tuple):
        qm, queue = made
    else:
        queue = made
    message = qm.get_message(queue).delivered[0]
    decoded = report(message.data, queue=queue, message=message)
    # The MsgId holds the store clock of the put: the dump is of the message data.
    shown = [line for line in lines(decoded) if not line.startswith("  put ")]
    text = "\n".join([*shown, "", *hex_dump(message.data)]) + "\n"
    golden(GOLDEN / f"{kind}.txt", text)
