"""Engine fixtures: fresh copies of QMZ1 and of a minimal queue manager, at a fixed time."""

from __future__ import annotations

import datetime as dt
import functools

import pytest

from mqsc.engine.manager import QueueManager
from mqsc.store.home import bundled_definition

#: Every engine test runs at this moment, so ALTDATE/ALTTIME are stable in golden files.
NOW = dt.datetime(2026, 1, 15, 10, 30, 0)

MINIMAL_CSQINP1 = """\
DEFINE BUFFPOOL(0) BUFFERS(1000)
DEFINE BUFFPOOL(1) BUFFERS(1000)
DEFINE PSID(00) BUFFPOOL(0)
DEFINE PSID(01) BUFFPOOL(1)
"""
MINIMAL_CSQINP2 = """\
DEFINE STGCLASS(SYSTEMST) PSID(00)
DEFINE STGCLASS(DEFAULT) PSID(01)
DEFINE QLOCAL(SYSTEM.DEFAULT.LOCAL.QUEUE) STGCLASS(DEFAULT)
"""


def clock() -> dt.datetime:
    return NOW


@functools.cache
def _qmz1_template() -> QueueManager:
    return bundled_definition().build(clock=clock)


@functools.cache
def _minimal_template() -> QueueManager:
    return QueueManager.create(
        "QMIN", csqinp1=MINIMAL_CSQINP1, csqinp2=MINIMAL_CSQINP2, clock=clock
    )


def fresh_qmz1() -> QueueManager:
    """A fresh QMZ1 as the bundled decks build it."""
    return _qmz1_template().copy()


def fresh_minimal() -> QueueManager:
    """A small queue manager: pools 0 and 1, page sets 0 and 1, two storage classes."""
    return _minimal_template().copy()


@pytest.fixture
def qmz1() -> QueueManager:
    return fresh_qmz1()


@pytest.fixture
def minimal() -> QueueManager:
    return fresh_minimal()


# ---- a queue sharing group -------------------------------------------------------------------
#: Members of the test group QSG1; QSA3 is created but stopped in ``fresh_group``.
MEMBERS = ("QSA1", "QSA2", "QSA3")
GROUP_DECK = """\
DEFINE CFSTRUCT(APP1) CFLEVEL(5) RECOVER(YES) DESCR('recoverable, level 5')
DEFINE CFSTRUCT(APP3) CFLEVEL(3) RECOVER(YES)
DEFINE CFSTRUCT(NOREC) CFLEVEL(4) RECOVER(NO)
DEFINE QLOCAL(PAY.SQ) QSGDISP(SHARED) CFSTRUCT(APP1) MSGDLVSQ(FIFO)
DEFINE QLOCAL(HR.SQ) QSGDISP(SHARED) CFSTRUCT(APP3)
DEFINE QLOCAL(TEMP.SQ) QSGDISP(SHARED) CFSTRUCT(NOREC)
"""


@functools.cache
def _group_template():
    from mqsc.engine.group import CFRMPolicy, Group

    group = Group("QSG1", cfrm=CFRMPolicy(sizes={"NOREC": 1024}))
    for name in MEMBERS:
        QueueManager.create(
            name, csqinp1=MINIMAL_CSQINP1, csqinp2=MINIMAL_CSQINP2, clock=clock, group=group
        )
    for result in group.members["QSA1"].run(GROUP_DECK):
        assert result.ok, result
    return group


def fresh_group():
    """QSG1: members QSA1 and QSA2 running (and QSA3 defined, running), the structures APP1
    (CFLEVEL 5), APP3 (CFLEVEL 3), NOREC (RECOVER(NO), 1 MB) and a shared queue on each."""
    return _group_template().copy()
