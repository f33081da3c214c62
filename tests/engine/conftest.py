"""Engine fixtures: fresh copies of QMZ1 and of a minimal queue manager, at a fixed time."""

from __future__ import annotations

import datetime as dt
import functools

import pytest

from mqsc.engine.manager import QueueManager
from mqsc.qmgrs import bundled_definition

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
    return QueueManager.create("QMIN", csqinp1=MINIMAL_CSQINP1, csqinp2=MINIMAL_CSQINP2,
                               clock=clock)


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
