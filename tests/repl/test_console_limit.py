"""The console takes what a z/OS console takes: 126 characters a command;
the toolbar says so while typing, Enter refuses it, a deck read with \\read has the data-set
limit."""

from __future__ import annotations

from mqsc.repl.validate import problem

LONG = (
    "DEFINE QLOCAL(A) DESCR('" + "x" * 60 + "') MAXDEPTH(5000) MAXMSGL(4194304) DEFPSIST(YES) SHARE"
)


def test_the_buffer_shows_the_limit_while_typing() -> None:
    assert len(LONG) > 126
    found = problem(LONG)
    assert found is not None and found.msg_id == "MQSC005E" and found.start == 126
    assert problem(LONG[:126].rsplit(" ", 1)[0]) is None


def test_enter_refuses_and_read_takes_it(console, tmp_path) -> None:
    session, out, _ = console()
    session.submit(LONG)
    assert "MQSC005E QMZ1 Command longer than 126 characters" in out.getvalue()
    deck = tmp_path / "deck.mqsc"
    deck.write_text(LONG + "\n")
    session.submit(f"\\read {deck}")
    assert "' DEFINE QLOCAL' NORMAL COMPLETION" in out.getvalue()
