"""Key bindings beyond prompt_toolkit's emacs/vi sets (Ctrl-R search, Ctrl-D, history and
completion keys come with them).

Enter runs the buffer unless its last command ends with a continuation character (the
``multiline`` filter in :mod:`mqsc.repl.app` decides that from the reader).
"""

from __future__ import annotations

from prompt_toolkit.enums import EditingMode
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent


def make_key_bindings() -> KeyBindings:
    """The console's own keys."""
    kb = KeyBindings()

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
