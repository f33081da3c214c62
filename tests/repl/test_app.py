"""The prompt_toolkit console driven in-process with pipe input (prompt_toolkit's own testing
recipe): Enter, continuation, completion, confirmation, ``?``, history, Ctrl-D."""

from __future__ import annotations

import asyncio
import io

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from mqsc.repl import app
from mqsc.repl.config import Settings
from mqsc.repl.output import Output
from mqsc.repl.session import ConsoleSession


@pytest.fixture
def terminal():
    """Pipe input and a dummy output as the current prompt_toolkit session."""
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        yield pipe


def start(qm, **settings) -> tuple[ConsoleSession, io.StringIO]:
    out = io.StringIO()
    session = ConsoleSession(
        qm, Settings(**settings), Output(out), ask=app.confirm, interactive=True
    )
    return session, out


def test_enter_runs_and_ctrl_d_quits(terminal, qm) -> None:
    session, out = start(qm)
    terminal.send_text("/QMZ1 DIS QMGR\r\x04")
    assert app.interactive_loop(session, history=InMemoryHistory()) == 0
    assert out.getvalue().splitlines()[-1] == (
        "CSQ9022I QMZ1 CSQMDRTS ' DISPLAY QMGR' NORMAL COMPLETION"
    )


def test_continuation_keeps_the_command_open(terminal, qm) -> None:
    session, out = start(qm)
    terminal.send_text("DEFINE QLOCAL(PAY.IN) +\r  MAXDEPTH(7) -\rNOSHARE\r\x04")
    app.interactive_loop(session, history=InMemoryHistory())
    assert qm.execute("DIS QL(PAY.IN) MAXDEPTH").objects[0].get("MAXDEPTH") == 7
    assert out.getvalue().count("CSQ9022I") == 1


def test_enter_on_an_empty_continuation_line_ends_the_input(terminal, qm) -> None:
    session, out = start(qm)
    terminal.send_text("DEFINE QLOCAL(PAY.IN) +\r\r\x04")
    app.interactive_loop(session, history=InMemoryHistory())
    assert out.getvalue().startswith("MQSC001E QMZ1 Continuation character '+' at end of input")


def test_invalid_command_runs_and_gets_the_csq_error(terminal, qm) -> None:
    session, out = start(qm)
    terminal.send_text("DEF QL(A) FOO\r\x04")
    app.interactive_loop(session, history=InMemoryHistory())
    assert out.getvalue().splitlines() == [
        "CSQ9001E QMZ1 'FOO' is invalid",
        "CSQ9023E QMZ1 CSQ9SCND 'DEF QL' ABNORMAL COMPLETION",
    ]


@pytest.mark.parametrize(("answer", "deleted"), [("y", True), ("n", False)])
def test_confirmation_is_a_real_prompt(terminal, qm, answer: str, deleted: bool) -> None:
    qm.execute("DEFINE QLOCAL(PAY.IN)")
    session, out = start(qm)
    terminal.send_text(f"DELETE QLOCAL(PAY.IN)\r{answer}\x04")
    app.interactive_loop(session, history=InMemoryHistory())
    assert (not qm.execute("DIS QL(PAY.IN)").objects) is deleted


def test_question_mark_shows_help_and_keeps_the_text(terminal, qm) -> None:
    session, out = start(qm)
    terminal.send_text("DEF QL(PAY) MAXD?\rEPTH(9)\r\x04")
    app.interactive_loop(session, history=InMemoryHistory())
    text = out.getvalue()
    assert text.startswith("MAXDEPTH (DEFINE QLOCAL): most messages the queue can hold")
    assert qm.execute("DIS QL(PAY) MAXDEPTH").objects[0].get("MAXDEPTH") == 9


def test_special_commands_and_quit(terminal, qm) -> None:
    session, out = start(qm)
    terminal.send_text("\\format json\rDIS QMGR\r\\quit\rDIS QMGR\r")
    app.interactive_loop(session, history=InMemoryHistory())
    assert out.getvalue().count('"title": "DISPLAY QMGR"') == 1  # nothing ran after \quit


def test_history_file_per_queue_manager_holds_multi_line_entries(terminal, qm, mqsc_home) -> None:
    session, out = start(qm)
    terminal.send_text("DEF QL(A) +\r  MAXDEPTH(5)\rDIS QMGR\r\x04")
    app.interactive_loop(session)
    from prompt_toolkit.history import FileHistory

    path = mqsc_home / "history" / "QMZ1"
    entries = list(FileHistory(str(path)).load_history_strings())
    assert entries == ["DIS QMGR", "DEF QL(A) +\n  MAXDEPTH(5)"]


def test_up_arrow_recalls_a_whole_multi_line_command(terminal, qm) -> None:
    history = InMemoryHistory()
    history.append_string("DEFINE QLOCAL(OLD) +\n  MAXDEPTH(3)")
    session, out = start(qm)
    terminal.send_text("\x1b[A\r\x04")
    app.interactive_loop(session, history=history)
    assert qm.execute("DIS QL(OLD) MAXDEPTH").objects[0].get("MAXDEPTH") == 3


def test_ctrl_r_searches_the_history(terminal, qm) -> None:
    history = InMemoryHistory()
    for text in ("DIS QL(SYSTEM.*)", "DEFINE QLOCAL(FOUND.ME)", "DIS QMGR"):
        history.append_string(text)
    session, out = start(qm)
    terminal.send_text("\x12FOUND\r\r\x04")
    app.interactive_loop(session, history=history)
    assert qm.execute("DIS QL(FOUND.ME)").objects


async def _until(condition, timeout: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("condition not reached")
        await asyncio.sleep(0.01)


def test_tab_completion_in_the_running_prompt(terminal, qm) -> None:
    """Completion runs in the prompt's event loop: type, wait for the menu, Tab, Enter."""
    session, out = start(qm)
    prompt = app.build_prompt(session, history=InMemoryHistory())

    def offered(display: str):
        state = prompt.default_buffer.complete_state
        return state is not None and [c.display_text for c in state.completions] == [display]

    async def drive() -> str:
        task = asyncio.ensure_future(prompt.prompt_async())
        terminal.send_text("DIS QL(SYSTEM.DEFAULT.L")
        await _until(lambda: offered("SYSTEM.DEFAULT.LOCAL.QUEUE"))
        terminal.send_text("\t")
        await _until(lambda: prompt.default_buffer.text.endswith("QUEUE"))
        terminal.send_text(") MAXD")
        await _until(lambda: offered("MAXDEPTH"))
        terminal.send_text("\t")
        await _until(lambda: prompt.default_buffer.text.endswith("MAXDEPTH"))
        terminal.send_text("\r")
        return await task

    text = asyncio.run(drive())
    assert text == "DIS QL(SYSTEM.DEFAULT.LOCAL.QUEUE) MAXDEPTH"


def test_toolbar_shows_the_problem_before_enter(terminal, qm) -> None:
    session, out = start(qm)
    prompt = app.build_prompt(session, history=InMemoryHistory())
    seen: list[str] = []

    async def drive() -> str:
        task = asyncio.ensure_future(prompt.prompt_async())
        terminal.send_text("DEF QL(A) MAXDEPTHS(5)")
        await _until(lambda: prompt.default_buffer.text.endswith("(5)"))
        seen.append("".join(text for _, text in prompt.bottom_toolbar()))
        terminal.send_text("\x15DEF QL(A) MAXD")
        await _until(lambda: prompt.default_buffer.text.endswith("MAXD"))
        seen.append("".join(text for _, text in prompt.bottom_toolbar()))
        terminal.send_text("\x15DIS QMGR\r")
        return await task

    asyncio.run(drive())
    assert seen[0].startswith("CSQ9001E 'MAXDEPTHS' is invalid  (column 11)")
    assert seen[1].startswith("DEFINE QLOCAL(name) [STGCLASS(name)]")
    assert "lowest stealable 99% (buffer pool 0)" in seen[1]


def test_object_names_are_sorted_once_after_the_first_prompt(terminal, qm, monkeypatch) -> None:
    monkeypatch.setattr(app, "WARM_AFTER_SECONDS", 0)
    session, _ = start(qm)
    warmed = []

    def warm() -> None:
        warmed.append(len(warmed))
        session.names.warmed = True

    monkeypatch.setattr(session.names, "warm", warm)
    terminal.send_text("DIS QMGR\rDIS QMGR\r\x04")
    app.interactive_loop(session, history=InMemoryHistory())
    assert warmed == [0]  # the first prompt warmed the names, the later ones did not


def test_a_sort_cancelled_by_a_quick_answer_is_tried_again(terminal, qm, monkeypatch) -> None:
    monkeypatch.setattr(app, "WARM_AFTER_SECONDS", 60)  # every prompt answers before that
    session, _ = start(qm)
    scheduled = []
    make = app._warm_names

    def counting(session):
        schedule = make(session)
        return lambda: (scheduled.append(1), schedule())

    monkeypatch.setattr(app, "_warm_names", counting)
    terminal.send_text("DIS QMGR\rDIS QMGR\r\x04")
    app.interactive_loop(session, history=InMemoryHistory())
    assert len(scheduled) == 3 and not session.names.warmed


def test_warm_sorts_every_table(qm) -> None:
    session, _ = start(qm)
    session.names.warm()
    assert session.names.warmed
    assert [len(session.names.names(t)) for t in ("qlocal", "pool")] == [
        len(qm.state.tables["qlocal"]),
        len(qm.state.tables["pool"]),
    ]
