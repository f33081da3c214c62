"""Fixtures for the console tests: one lab queue manager per test, a session on a StringIO."""

from __future__ import annotations

import io

import pytest

from mqsc.repl.config import Settings
from mqsc.repl.nameindex import NameIndex
from mqsc.repl.output import Output
from mqsc.repl.session import ConsoleSession
from mqsc.store.home import open_qmgr


@pytest.fixture(scope="session")
def _lab():
    return open_qmgr("QMZ1", memory=True)


@pytest.fixture
def qm(_lab):
    """A fresh copy of the lab queue manager QMZ1 (built once per test run)."""
    return _lab.copy()


@pytest.fixture
def names(qm) -> NameIndex:
    index = NameIndex(lambda: qm.state)
    qm.listeners.append(index.listener)
    return index


class Answers:
    """Scripted answers to confirmation questions; records what was asked."""

    def __init__(self, *answers: bool) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []

    def __call__(self, question: str) -> bool:
        self.asked.append(question)
        return self.answers.pop(0) if self.answers else False


@pytest.fixture
def console(qm):
    """``console(*answers, **settings)``: a session writing to a StringIO, and that StringIO."""

    def make(*answers: bool, **settings):
        out = io.StringIO()
        ask = Answers(*answers)
        session = ConsoleSession(qm, Settings(**settings), Output(out), ask=ask)
        return session, out, ask

    return make
