"""Key bindings beyond prompt_toolkit's emacs/vi sets (Ctrl-R search, Ctrl-D, history and
completion keys come with them).

Enter runs the buffer unless its last command ends with a continuation character (the
``multiline`` filter in :mod:`mqsc.repl.app` decides that from the reader).
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.enums import EditingMode
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent


def make_key_bindings(continues: Callable[[str], bool] | None = None) -> KeyBindings:
    """The console's own keys; ``continues(text)`` says whether Enter goes on to a new line
    (a command continued with ``+`` or ``-``)."""
    kb = KeyBindings()

    if continues is not None:

        @kb.add("enter", filter=Condition(lambda: _continued(continues)))
        def _continue(event: KeyPressEvent) -> None:
            """Enter in a continued command: a new line at the left margin. prompt_toolkit's
            own copies the line's indentation, so each indented continuation line started
            further right than the one before."""
            event.current_buffer.newline(copy_margin=False)

    @kb.add("escape", "enter")
    def _newline(event: KeyPressEvent) -> None:
        """Alt-Enter: a new line without running (several commands in one buffer)."""
        event.current_buffer.insert_text("\n")

    @kb.add("c-space")
    def _complete(event: KeyPressEvent) -> None:
        """Ctrl-Space: open the completion menu."""
        buffer = event.current_buffer
        if buffer.complete_state:
            buffer.complete_next()
        else:
            buffer.start_completion(select_first=False)

    @kb.add("f4")
    def _toggle_mode(event: KeyPressEvent) -> None:
        """F4: switch between emacs and vi editing."""
        app = event.app
        app.editing_mode = (
            EditingMode.EMACS if app.editing_mode == EditingMode.VI else EditingMode.VI
        )

    return kb


def _continued(continues: Callable[[str], bool]) -> bool:
    from prompt_toolkit.application import get_app  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built

    return continues(get_app().current_buffer.text)
