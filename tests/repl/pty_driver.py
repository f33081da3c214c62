"""Drive the real ``mqsc`` binary in a pseudo-terminal (stdlib only), for the acceptance test
and the launch benchmark.

The terminal's answers a real one would give (cursor position reports) are sent back, so
prompt_toolkit never waits for them; the screen is read as the text the program wrote, with
escape sequences removed.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import termios
import time
from collections.abc import Sequence

_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]|\x1b\][^\x07]*\x07")
_CPR_REQUEST = b"\x1b[6n"


def plain(data: str) -> str:
    """Terminal output without escape sequences and carriage returns."""
    return _ESCAPES.sub("", data).replace("\r", "")


def _interruptible() -> None:
    # A program a terminal starts in the foreground takes Ctrl-C. A test run started in the
    # background by a shell without job control ignores SIGINT, and its children would
    # inherit that: the program gets the signal's default, as an interactive shell gives it.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """A program running in a pseudo-terminal of ``rows`` x ``columns``."""

    def __init__(
        self, argv: Sequence[str], env: dict[str, str], *, rows: int = 60, columns: int = 132
    ) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            list(argv),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            close_fds=True,
            preexec_fn=_interruptible,
        )
        os.close(slave)
        self.fd = master
        self.raw = b""

    def pump(self, timeout: float) -> bool:
        """Read what is there (waiting up to ``timeout``); False at end of output."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return False
        if not data:
            return False
        if _CPR_REQUEST in data:
            os.write(self.fd, b"\x1b[1;1R" * data.count(_CPR_REQUEST))
        self.raw += data
        return True

    @property
    def screen(self) -> str:
        """Everything written so far, as plain text."""
        return plain(self.raw.decode("utf-8", "replace"))

    def wait_for(self, text: str, timeout: float = 10.0, *, after: int = 0) -> float:
        """Wait until ``text`` appears (after character ``after`` of the screen); returns the
        seconds since launch. Raises TimeoutError with the screen when it does not."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if text in self.screen[after:]:
                return time.perf_counter() - self.started
            if not self.pump(0.02):
                break
        if text in self.screen[after:]:
            return time.perf_counter() - self.started
        raise TimeoutError(f"{text!r} did not appear; screen:\n{self.screen[-3000:]}")

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def close(self) -> int:
        """End the program (Ctrl-C to clear the line, Ctrl-D on the fresh prompt, a kill if it
        lingers); its exit status."""
        try:
            self.type("\x03")
            settle = time.perf_counter() + 0.3
            while time.perf_counter() < settle:
                self.pump(0.05)
            self.type("\x04")
            deadline = time.perf_counter() + 5
            while self.process.poll() is None and time.perf_counter() < deadline:
                self.pump(0.05)
        except OSError:
            pass
        if self.process.poll() is None:
            self.process.kill()
        status = self.process.wait(5)
        os.close(self.fd)
        return status
