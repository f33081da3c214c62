"""The console's loops: a prompt_toolkit prompt for a person, a line reader for a pipe.

Everything a buffer does happens in :class:`mqsc.repl.session.ConsoleSession`; this module only
builds the prompt (completion, highlighting, toolbar, history, key bindings, style) and loops.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from mqsc.language.reader import COMMAND_LIMIT
from mqsc.repl.config import Settings
from mqsc.repl.output import Output, wants_color
from mqsc.repl.session import ConsoleSession
from mqsc.repl.validate import continues
from mqsc.store.home import home
from mqsc.support.files import FileError, open_private, private_dir

CONTINUATION_PROMPT = "... "


def history_path(home: Path, qmgr: str) -> Path:
    """The history file of a queue manager: ``$MQSC_HOME/history/<QMGR>``."""
    return home / "history" / qmgr.upper()


def run(
    qm: Any,
    settings: Settings,
    *,
    yes: bool = False,
    no_color: bool = False,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Run the console on ``qm``: interactive when both ends are terminals, else piped.

    Exit status: 0; in piped mode 10 when some command failed (as ``mqsc run``).
    """
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    interactive = stdin.isatty() and stdout.isatty()
    out = Output(
        stdout,
        color=wants_color(stdout, no_color),
        colors=settings.colors,
        pager=settings.pager and interactive,
    )
    if interactive:
        session = ConsoleSession(qm, settings, out, ask=confirm, interactive=True, yes=yes)
        try:
            return interactive_loop(session, no_color=no_color)
        finally:
            session.close_monitors()
    session = ConsoleSession(qm, settings, out, ask=refuse(out), yes=yes)
    try:
        return piped_loop(session, stdin)
    finally:
        session.close_monitors()


def interactive_loop(
    session: ConsoleSession, *, no_color: bool = False, history: Any = None
) -> int:
    """Prompt, submit, repeat, until ``\\quit`` or Ctrl-D."""
    prompt = build_prompt(session, no_color=no_color, history=history)
    warm = _warm_names(session)
    while not session.done:
        default, session.next_text = session.next_text, ""
        try:
            # Until the names are sorted: a prompt answered within 50 ms (type-ahead, a
            # paste) cancels the sort with its other background tasks.
            text = prompt.prompt(default=default, pre_run=None if session.names.warmed else warm)
        except KeyboardInterrupt:
            continue
        except EOFError:
            break
        session.submit(text)
    return 0


#: How long after the first prompt is drawn the console sorts the object names.
WARM_AFTER_SECONDS = 0.05


def _warm_names(session: ConsoleSession):
    """A ``pre_run`` hook for the first prompt: sort the object names once the prompt is on the
    screen, while the user reads it.

    With 50,000 queues the sort takes 12-25 ms; done on the first completion it made that one
    completion miss its 20 ms (docs/performance.md, S5). It runs in the prompt's event loop, so
    a key pressed meanwhile waits for it at most that long; every later change of a table is
    applied to the sorted names, never re-sorted.
    """

    def schedule() -> None:

        from prompt_toolkit.application.current import get_app  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built

        async def warm() -> None:
            await asyncio.sleep(WARM_AFTER_SECONDS)
            try:
                session.names.warm()
            except Exception:  # noqa: BLE001
                # Only a head start: the first completion sorts the names itself (and shows
                # any error there, where the user asked for something).
                pass

        get_app().create_background_task(warm())

    return schedule


#: The longest line the piped console reads. z/OS takes at most 32,762 characters in a command
#: (docs/language.md, "Limits"), so a longer line is not MQSC (``mqsc < /dev/zero``): the console
#: says so and stops, instead of reading until memory runs out.
PIPED_LINE_LIMIT = 64 * 1024


def piped_loop(session: ConsoleSession, stream: TextIO) -> int:
    """Read commands from a pipe, echo each line after the prompt, run each command.

    Returns 0, 10 when a command failed, or 2 when the input is not MQSC (a line longer than
    :data:`PIPED_LINE_LIMIT`).
    """
    lines: list[str] = []
    size = 0
    still_open = False
    while True:
        raw = stream.readline(PIPED_LINE_LIMIT + 1)
        if not raw:
            break
        if len(raw) > PIPED_LINE_LIMIT:
            session.out.note(
                f"Line longer than {PIPED_LINE_LIMIT} characters: this is not "
                "MQSC; the console stops reading."
            )
            return 2
        line = raw.rstrip("\r\n")
        session.out.text([(CONTINUATION_PROMPT if lines else session.prompt()) + line])
        still_open = _still_open(line, still_open)
        if size <= COMMAND_LIMIT:
            # Past the longest command z/OS takes, the rest of it is only echoed: the reader
            # refuses the command (MQSC005E) from what is kept.
            lines.append(line)
            size += len(line) + 1
        if still_open:
            continue
        text = "\n".join(lines)
        lines, size = [], 0
        session.submit(text)
        if session.done:
            break
    if lines:
        session.submit("\n".join(lines))  # a continuation at the end: MQSC001E
    return 10 if session.failed else 0


def _still_open(line: str, was_open: bool) -> bool:
    """Whether a command goes on after ``line``: it ends with ``+`` or ``-``; comment and blank
    lines inside a continued command change nothing (the reader skips them). Decided line by
    line, so a command continued over many lines is not re-read at each one."""
    stripped = line.rstrip()
    if not stripped or line[0] == "*":
        return was_open
    return stripped[-1] in "+-"


def confirm(question: str) -> bool:
    """A yes/no prompt_toolkit question (Ctrl-C and Ctrl-D answer no)."""
    from prompt_toolkit.shortcuts import create_confirm_session  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built

    try:
        return bool(create_confirm_session(question).prompt())
    except (KeyboardInterrupt, EOFError):
        return False


def refuse(out: Output):
    """The ``ask`` of a console with no one to ask: nothing destructive runs without --yes."""

    def ask(question: str) -> bool:
        out.note(f"{question} No: standard input is not a terminal (use --yes to allow).")
        return False

    return ask


def build_prompt(session: ConsoleSession, *, no_color: bool = False, history: Any = None):
    """The PromptSession of a console."""
    from prompt_toolkit import PromptSession  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built
    from prompt_toolkit.application.current import get_app  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built
    from prompt_toolkit.auto_suggest import AutoSuggestFromHistory  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built
    from prompt_toolkit.filters import Condition  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built
    from prompt_toolkit.output.color_depth import ColorDepth  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built
    from prompt_toolkit.shortcuts import CompleteStyle  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built

    from mqsc.repl.bindings import make_key_bindings  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built
    from mqsc.repl.complete import completer  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built
    from mqsc.repl.lexer import MqscLexer  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built
    from mqsc.repl.theme import pt_style  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built
    from mqsc.repl.toolbar import toolbar  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built

    settings = session.settings

    def bottom_toolbar():
        app = get_app()
        buffer = app.current_buffer
        width = app.output.get_size().columns
        return toolbar(
            buffer.text, buffer.document.text_before_cursor, session.names, session.view, width
        )

    return PromptSession(
        message=lambda: [("class:mqsc.prompt", session.prompt())],
        prompt_continuation=lambda width, line, wrap: CONTINUATION_PROMPT.rjust(width),
        multiline=Condition(lambda: _continues(get_app().current_buffer.text)),
        completer=completer(session.names),
        complete_while_typing=True,
        complete_style=CompleteStyle.COLUMN,
        lexer=MqscLexer(lambda: session.qm.cpf),
        style=pt_style(settings.colors),
        include_default_pygments_style=False,
        color_depth=ColorDepth.MONOCHROME if no_color else None,
        history=history if history is not None else _history(session),
        auto_suggest=AutoSuggestFromHistory(),
        search_ignore_case=True,
        bottom_toolbar=bottom_toolbar,
        key_bindings=make_key_bindings(_continues),
        vi_mode=settings.key_bindings == "vi",
        mouse_support=False,
    )


def _continues(text: str) -> bool:
    """Enter starts a new line while the command continues, unless the line just started is
    still empty: then Enter ends the input, and an unfinished command gets its MQSC001E."""
    return continues(text) and not text.endswith("\n")


def _history(session: ConsoleSession):
    """Persistent history per queue manager (multi-line commands are one entry), or none."""
    from prompt_toolkit.history import FileHistory, InMemoryHistory  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built

    if not session.settings.history:
        return InMemoryHistory()
    path = history_path(home(), session.qm.name)
    problem = history_problem(path)
    if problem is not None:
        session.out.note(f"History is kept for this session only: {problem}")
        return InMemoryHistory()
    return FileHistory(str(path))


def history_problem(path: Path) -> str | None:
    """Make the history file owner-only (0700 directory, 0600 file, whatever the umask: it
    holds the commands typed, descriptions included); why it cannot be kept (it is a link,
    owned by another user, writable by group or others, or cannot be created), else None."""
    try:
        private_dir(path.parent, "history directory")
        os.close(open_private(path, os.O_WRONLY | os.O_APPEND, "history file", create=True))
    except FileError as error:
        return str(error)
    return None
