"""Lint rules beyond syntax: each rule fires on the deck it is about and stays quiet on the
corrected deck (docs/ci.md lists the rules)."""

from __future__ import annotations

import pytest

from mqsc.batch import lint
from mqsc.batch.check import Options, check
from mqsc.language.source import Source
from tests.engine.conftest import fresh_qmz1


def ids(text: str, *, name: str = "deck.mqsc", qm=None, columns="auto", **options) -> list:
    reports = check(
        [Source(text, name)],
        qm if qm is not None else fresh_qmz1(),
        columns=columns,
        options=Options(**options),
    )
    return [(d.msg_id, d.location.line) for d in reports[0].diagnostics]


def card(text: str, sequence: str = "00010000") -> str:
    return text.ljust(72)[:72] + sequence.ljust(8)


def test_every_rule_is_documented() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "ci.md").read_text()
    assert all(rule in doc for rule in lint.RULES)


# ---- MQSC201W: '*' not in column 1 ---------------------------------------------------------
def test_star_not_in_column_1_is_command_text() -> None:
    found = ids("DEFINE QLOCAL(A)\n  * a comment, or so the author thought\n")
    assert ("MQSC201W", 2) in found
    assert ids("DEFINE QLOCAL(A)\n* a real comment\n") == []


def test_generic_name_continued_onto_a_star_is_not_flagged() -> None:
    assert ids("DISPLAY QLOCAL(USER1.+\n  *)\n") == []


# ---- MQSC202W: text past column 72 of a card deck ------------------------------------------
def test_text_past_column_72_of_a_card_deck() -> None:
    spilled = "DEFINE QLOCAL(A) DESCR('a description that runs on and on and on') MAXDEPTH(5)"
    deck = card("DEFINE QLOCAL(B)") + "\n" + spilled[:80].ljust(80) + "\n"
    assert ("MQSC202W", 2) in ids(deck)
    assert "MQSC202W" not in [i for i, _ in ids(card("DEFINE QLOCAL(B)") + "\n")]


def test_sequence_numbers_with_a_prefix_are_fine() -> None:
    assert ids(card("DEFINE QLOCAL(B)", "MQS00010") + "\n") == []


def test_text_past_column_72_of_any_deck_is_flagged() -> None:
    # `mqsc run` reads all of a free-form deck, CSQINP2, CSQUTIL and in-stream data
    # only columns 1-72. The same deck as CSQUTIL input fails with CSQ9001E 'REPL' is invalid.
    line = "DEFINE QLOCAL(APP1.REQUEST) DESCR('App 1 requests') MAXDEPTH(10000) REPLACE"
    assert ids(line + "\n") == [("MQSC202W", 1)]
    long = "DEFINE QLOCAL(A) DESCR('short') " + " " * 40 + "MAXDEPTH(5)\n"
    assert ids(long) == [("MQSC202W", 1)]
    assert ("MQSC202W", 1) in ids(long, columns="72")
    assert ids(line[:67] + "\n") == [] and ids("* " + "comment " * 12 + "\n") == []


def test_what_is_lost_is_named() -> None:
    from mqsc.batch.check import check as run_check

    def texts(text: str, columns: str = "auto") -> list[str]:
        (report,) = run_check([Source(text, "deck.mqsc")], None, columns=columns)
        return [d.text for d in report.diagnostics if d.msg_id == "MQSC202W"]

    free = "DEFINE QLOCAL(A) DESCR('short')" + " " * 42 + "MAXDEPTH(5)\n"
    assert texts(free) == [
        "Text past column 72 is ignored on z/OS: CSQINP1, CSQINP2, CSQUTIL "
        "input and in-stream data are read as columns 1-72"
    ]
    quoted = "DEFINE QLOCAL(A) DESCR('" + "x" * 60 + "') MAXDEPTH(5)\n"
    assert texts(quoted)[0].startswith(
        "Text past column 72 is ignored on z/OS: the quoted string open at column 72 is cut there"
    )


def test_digits_in_a_quoted_string_are_not_sequence_numbers() -> None:
    # Columns 73-80 that look like a sequence number, but continue a string open at column 72.
    head = "DEFINE QLOCAL(B) DESCR('release of the month, number"
    deck = card("DEFINE QLOCAL(A)") + "\n" + (head + " " * (72 - len(head)) + "20260115')")
    assert ("MQSC202W", 2) in ids(deck.ljust(len(deck)) + "\n")
    # A string continued from the line before is open at column 72 too.
    cont = "DEFINE QLOCAL(C) DESCR('first +\n  and second" + " " * 61 + "00000100')\n"
    assert ("MQSC202W", 2) in ids(cont)


# ---- MQSC001E: continuation at the end of the input ----------------------------------------
def test_trailing_continuation_at_end_of_file() -> None:
    assert ("MQSC001E", 2) in ids("DEFINE QLOCAL(A)\nDEFINE QLOCAL(B) +\n* nothing follows\n")


# ---- MQSC204W: a comment after a '+' -------------------------------------------------------
def test_comment_after_a_continuation() -> None:
    found = ids("DEFINE QLOCAL(A) +\n* end of the definition\n  DESCR('a')\n")
    assert ("MQSC204W", 2) in found
    assert ids("DEFINE QLOCAL(A) +\n  DESCR('a')\n* end of the definition\n") == []


# ---- MQSC205W: DEFINE without REPLACE in a deck meant to be replayed -----------------------
def test_define_without_replace_in_a_replayed_deck() -> None:
    deck = "DEFINE QLOCAL(A)\nDEFINE QLOCAL(B) REPLACE\nDEFINE QLOCAL(C) NOREPLACE\n"
    assert ids(deck) == []
    assert ids(deck, replay=True) == [("MQSC205W", 1)]
    assert ids(deck, name="CSQINP2.app.mqsc") == [("MQSC205W", 1)]


def test_buffer_pools_and_page_sets_need_no_replace() -> None:
    assert ids("DEFINE PSID(60) BUFFPOOL(3) DSN(MQ.PSID60)\n", replay=True) == []


# ---- MQSC206W: REPLACE resetting attributes ------------------------------------------------
def test_replace_resetting_attributes() -> None:
    found = check(
        [Source("DEFINE QLOCAL(USER1.BBAR.QUEUE) REPLACE MAXDEPTH(10)\n", "d")], fresh_qmz1()
    )[0].diagnostics
    [d] = found
    assert d.msg_id == "MQSC206W"
    assert d.inserts["attributes"] == "DEFSOPT, DESCR, STGCLASS"


def test_replace_that_restates_every_attribute_is_quiet() -> None:
    deck = (
        "DEFINE QLOCAL(USER1.BBAR.QUEUE) REPLACE STGCLASS(STGCLS10) SHARE +\n"
        "  DEFSOPT(SHARED) DESCR('Lab L02: buffers below the bar')\n"
    )
    assert ids(deck) == []
    assert ids("DEFINE QLOCAL(NEW) REPLACE\n") == []
    assert ids("DEFINE QLOCAL(USER1.BBAR.QUEUE) REPLACE LIKE(USER1.ABAR.QUEUE)\n") == []


# ---- MQSC207W: a queue on page set 0 -------------------------------------------------------
def test_queue_on_page_set_0() -> None:
    assert ids("DEFINE QLOCAL(APP.Q) STGCLASS(SYSTEMST)\n") == [("MQSC207W", 1)]
    assert ids("DEFINE QLOCAL(APP.Q) STGCLASS(DEFAULT)\n") == []


def test_storage_class_moved_to_page_set_0_flags_its_queues() -> None:
    deck = "DEFINE QLOCAL(APP.Q) STGCLASS(APPCLASS)\nDEFINE STGCLASS(APPCLASS) PSID(0)\n"
    assert ("MQSC207W", 1) in ids(deck)
    assert ids("DEFINE QLOCAL(SYSTEM.APP.Q) STGCLASS(SYSTEMST)\n") == []


# ---- MQSC208W: a pool below 15% stealable --------------------------------------------------
def test_pool_below_15_percent_after_the_deck() -> None:
    qm = fresh_qmz1()
    linter = lint.Linter(qm)
    from mqsc import parse_one

    cmd = parse_one("ALTER BUFFPOOL(10) BUFFERS(1000)")
    before = linter.before(cmd)
    assert qm.execute(cmd).ok
    # What a burst of puts leaves behind: the buffer manager's low-water mark of stealable
    # buffers (QPSTCBSL) at 120 of 1000.
    qm.state.tables["pool"][10].stats.low = 120
    assert linter.after(cmd, True, before) == []
    [d] = linter.finish()
    assert d.msg_id == "MQSC208W"
    assert d.inserts == {"pool": 10, "percent": 12, "stealable": 120, "buffers": 1000}


def test_pool_that_stays_above_15_percent_is_quiet() -> None:
    assert ids("ALTER BUFFPOOL(10) BUFFERS(500)\n") == []


def test_low_pool_the_deck_did_not_touch_is_not_the_decks_fault() -> None:
    qm = fresh_qmz1()
    qm.state.tables["pool"][10].stats.low = 100
    assert ids("DEFINE QLOCAL(A)\n", qm=qm) == []


# ---- switches ------------------------------------------------------------------------------
def test_no_lint_and_ignore() -> None:
    deck = "DEFINE QLOCAL(APP.Q) STGCLASS(SYSTEMST)\n  * x\n"
    assert ids(deck, lint=False) == [("CSQ9001E", 2)]
    assert [i for i, _ in ids(deck, ignore=frozenset({"MQSC207W"}))] == ["CSQ9001E", "MQSC201W"]


@pytest.mark.parametrize("name", ["CSQINP2", "qmz1-csqinp2.mqsc", "x/CSQINP2.DECK"])
def test_replayed_names(name) -> None:
    assert lint.replayed(name)
