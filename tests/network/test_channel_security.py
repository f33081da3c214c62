"""Channels under security: the receiving MCA puts as its user (the channel's MCAUSER, a
CHLAUTH mapping, else the channel initiator's started task id); a queue that user may not
open for output sends the message to the dead-letter queue with MQRC 2035, and RACF's
ICH408I reaches the console."""

from __future__ import annotations

import datetime as dt

from mqsc.catalog import CommandSource
from mqsc.engine.manager import QueueManager
from mqsc.network.transport import Network
from mqsc.racf.actions import Issuer
from mqsc.racf.actions import run as racf_run
from mqsc.racf.background import MemoryKeeper
from mqsc.racf.database import fresh
from tests.engine.conftest import NOW, fresh_qmz1
from tests.network.test_network import SETUP

RACF = (
    "ADDGROUP MQSTC",
    "ADDUSER (QMZ2CHIN PAYMCA) DFLTGRP(MQSTC)",
    "RDEFINE MQCONN QMZ2.CHIN UACC(READ)",
    "RDEFINE MQCONN QMZ2.BATCH UACC(READ)",
    "RDEFINE MQCMDS QMZ2.** UACC(ALTER)",
    "RDEFINE MQQUEUE QMZ2.** UACC(NONE)",
    "RDEFINE MQQUEUE QMZ2.SYSTEM.DEAD.LETTER.QUEUE UACC(NONE)",
    "PERMIT QMZ2.SYSTEM.DEAD.LETTER.QUEUE CLASS(MQQUEUE) ID(MQSTC) ACCESS(UPDATE)",
    "RDEFINE MQQUEUE QMZ2.PAY.IN UACC(NONE)",
    "PERMIT QMZ2.PAY.IN CLASS(MQQUEUE) ID(PAYMCA) ACCESS(UPDATE)",
    "RDEFINE MQADMIN (QMZ2.NO.CMD.RESC.CHECKS QMZ2.NO.CONTEXT.CHECKS)",
    "SETROPTS RACLIST(MQADMIN MQCONN MQCMDS MQQUEUE) REFRESH",
)


def secured_pair() -> tuple[QueueManager, QueueManager]:
    keeper = MemoryKeeper(fresh("26.015"))
    for text in RACF:
        outcome = keeper.apply(lambda db, t=text: racf_run(db, t, Issuer("IBMUSER", NOW)))
        assert outcome.rc == 0, (text, outcome.lines)
    qmz1 = fresh_qmz1()
    qmz2 = QueueManager.create(
        "QMZ2",
        csqinp1=qmz1.csqinp1,
        csqinp2=qmz1.csqinp2,
        clock=lambda: dt.datetime(2026, 1, 15, 10, 30),
        security=keeper,
    )
    Network([qmz1, qmz2])
    for name, qm in (("QMZ2", qmz2), ("QMZ1", qmz1)):
        for text in SETUP[name]:
            assert qm.execute(text, source=CommandSource.CONSOLE).ok, text
    for text in ("ALTER QMGR DEADQ(SYSTEM.DEAD.LETTER.QUEUE)",):
        assert qmz2.execute(text, source=CommandSource.CONSOLE).ok
    assert qmz1.execute("START CHANNEL(QMZ1.TO.QMZ2)", source=CommandSource.CONSOLE).ok
    return qmz1, qmz2


def depth(qm: QueueManager, queue: str) -> int:
    return sum(r.count for r in qm.queued(queue) or ())


def test_the_channel_initiators_user_needs_access() -> None:
    qmz1, qmz2 = secured_pair()
    assert qmz2.security_messages[0].msg_id == "CSQH024I"  # subsystem security on
    done = qmz1.put("PAY.OUT", 3, 100)
    assert done.done == 3
    # QMZ2CHIN (no MCAUSER, no CHLAUTH) may not put to PAY.IN: the dead-letter queue has them.
    assert depth(qmz2, "PAY.IN") == 0 and depth(qmz2, "SYSTEM.DEAD.LETTER.QUEUE") == 3


def test_mcauser_and_chlauth_decide_the_user() -> None:
    qmz1, qmz2 = secured_pair()
    assert qmz2.execute(
        "ALTER CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(RCVR) MCAUSER('PAYMCA')", source=CommandSource.CONSOLE
    ).ok
    qmz1.put("PAY.OUT", 2, 100)
    assert depth(qmz2, "PAY.IN") == 2
    assert qmz2.execute(
        "ALTER CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(RCVR) MCAUSER(' ')", source=CommandSource.CONSOLE
    ).ok
    assert qmz2.execute(
        "SET CHLAUTH('QMZ1.*') TYPE(QMGRMAP) QMNAME(QMZ1) USERSRC(MAP) MCAUSER('PAYMCA')",
        source=CommandSource.CONSOLE,
    ).ok
    qmz1.put("PAY.OUT", 1, 100)
    assert depth(qmz2, "PAY.IN") == 3
    assert qmz2.execute(
        "SET CHLAUTH('QMZ1.TO.QMZ2') TYPE(QMGRMAP) QMNAME(QMZ1) USERSRC(NOACCESS)",
        source=CommandSource.CONSOLE,
    ).ok
    qmz1.put("PAY.OUT", 1, 100)
    # The more specific record refuses the channel: the batch stays on the transmission queue.
    assert depth(qmz2, "PAY.IN") == 3 and depth(qmz1, "QMZ2") == 1
