"""Batch fixtures: deterministic queue managers and a fixed clock for SYSPRINT and listings."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.engine.conftest import NOW, fresh_qmz1

#: The moment every batch golden file is written at (CSQU001I, JES listings).
CLOCK = NOW


def clock() -> dt.datetime:
    return CLOCK


@pytest.fixture
def qmz1():
    return fresh_qmz1()
