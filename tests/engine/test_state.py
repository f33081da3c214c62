"""Transactions: edits are private copies, registered as changes, applied only on commit."""

from __future__ import annotations

import pytest

from mqsc.engine.log import LogState
from mqsc.engine.state import State, Txn


def state_with_log() -> State:
    state = State()
    state.tables["log"][None] = LogState(rba=100)
    return state


def test_edit_is_a_private_copy_until_applied() -> None:
    state = state_with_log()
    txn = Txn(state)
    log = txn.edit("log", None)
    log.rba = 200
    assert txn.edit("log", None) is log  # the same copy for the whole transaction
    assert state.tables["log"][None].rba == 100
    txn.apply()
    assert state.tables["log"][None].rba == 200


def test_edit_existing_answers_none_for_what_is_not_there() -> None:
    state = state_with_log()
    txn = Txn(state)
    assert txn.edit_existing("pageset", 0) is None
    assert txn.pending.get("pageset") is None  # nothing registered
    txn.delete("log", None)
    assert txn.edit_existing("log", None) is None
    with pytest.raises(KeyError):
        txn.edit("log", None)  # deleted in this transaction: not brought back
    assert state.tables["log"][None].rba == 100


def test_a_child_transaction_sees_its_parent_and_reaches_it_only_by_merge() -> None:
    from mqsc.engine.state import ChildTxn

    state = state_with_log()
    parent = Txn(state)
    parent.edit("log", None).rba = 150
    child = ChildTxn(parent)
    assert child.get("log", None).rba == 150  # the parent's pending change
    child.edit("log", None).rba = 300
    assert parent.get("log", None).rba == 150  # a private copy of the parent's copy
    dropped = ChildTxn(parent)
    dropped.edit("log", None).rba = 999
    del dropped  # backed out: the parent never sees it
    child.merge()
    assert parent.get("log", None).rba == 300
    assert state.tables["log"][None].rba == 100
    parent.apply()
    assert state.tables["log"][None].rba == 300
