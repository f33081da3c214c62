"""Progress of long command-line work (``check``, ``plan``, ``dump`` of 100,000-line decks),
shown with rich's progress display on standard error, only when it is a terminal.

Nothing is written when standard error is not a terminal (CI logs, pipes, tests) or when the
work ends within :func:`delay` seconds (the common small deck: no flicker). The display is
transient: it is gone when the work is done, so the terminal shows only the answer.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from mqsc.language.source import Source

#: Seconds of work before the progress display appears (``MQSC_PROGRESS_DELAY`` overrides it).
DELAY = 0.5


def delay() -> float:
    """:data:`DELAY`, or ``$MQSC_PROGRESS_DELAY`` when it is a number of seconds."""
    try:
        return max(0.0, float(os.environ["MQSC_PROGRESS_DELAY"]))
    except (KeyError, ValueError):
        return DELAY


#: Commands between two progress updates (an update costs a lock and a clock read).
EVERY = 500


def wanted(stream: Any = None) -> bool:
    """Whether progress may be shown: standard error is a terminal."""
    stream = stream if stream is not None else sys.stderr
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class _Display:
    """A rich Progress that appears once the work has lasted :data:`DELAY` seconds (a timer
    starts it, so a long step with no updates, such as opening a queue manager, shows too)."""

    def __init__(self, label: str, total: int | None, stream: Any) -> None:

        self.label = label
        self.total = total
        self.stream = stream
        self.done: int | None = None
        self.progress: Any = None
        self.task: Any = None
        self.lock = threading.Lock()
        wait = delay()
        timer = threading.Timer(wait, self._start)
        timer.daemon = True
        self.timer: threading.Timer | None = timer
        if wait > 0:
            timer.start()
        else:
            self._start()  # MQSC_PROGRESS_DELAY=0: shown from the start, whatever the speed

    def update(self, done: int | None = None, label: str | None = None) -> None:
        with self.lock:
            if done is not None:
                self.done = done
            if label:
                self.label = label
            if self.progress is not None:
                self.progress.update(self.task, completed=self.done or 0, description=self.label)

    def _start(self) -> None:
        from rich.console import Console  # noqa: PLC0415 - start-up: rich only when output is decorated
        from rich.progress import (  # noqa: PLC0415 - start-up: rich only when output is decorated
            BarColumn,
            MofNCompleteColumn,
            Progress,
            SpinnerColumn,
            TextColumn,
            TimeElapsedColumn,
        )

        columns = [SpinnerColumn(), TextColumn("{task.description}"), BarColumn()]
        if self.total is not None:
            columns.append(MofNCompleteColumn())
        columns.append(TimeElapsedColumn())
        with self.lock:
            if self.timer is None:
                return  # stopped meanwhile
            progress = Progress(*columns, console=Console(file=self.stream), transient=True)
            self.task = progress.add_task(self.label, total=self.total, completed=self.done or 0)
            progress.start()
            progress.refresh()  # the first frame now, not at the next tick of its refresher
            self.progress = progress

    def stop(self) -> None:
        with self.lock:
            timer, self.timer = self.timer, None
        if timer is not None:
            timer.cancel()
        if self.progress is not None:
            self.progress.stop()


class DeckProgress:
    """``progress(source, line)``: where in its decks a command-line run has got to."""

    def __init__(self, display: _Display | None, sources: Sequence[Source]) -> None:
        self.display = display
        self.offsets: dict[int, int] = {}
        total = 0
        for source in sources:
            self.offsets[id(source)] = total
            total += source.text.count("\n") + 1
        self.total = total
        self.calls = 0

    def __call__(self, source: Source, line: int) -> None:
        self.calls += 1
        if self.display is not None and self.calls % EVERY == 0:
            self.display.update(self.offsets.get(id(source), 0) + line)


@contextmanager
def deck_progress(
    label: str, sources: Sequence[Source], stream: Any = None
) -> Iterator[DeckProgress]:
    """A :class:`DeckProgress` over ``sources``' lines, displayed when :func:`wanted`."""
    stream = stream if stream is not None else sys.stderr
    display = None
    if wanted(stream):
        display = _Display(label, sum(s.text.count("\n") + 1 for s in sources), stream)
    try:
        yield DeckProgress(display, sources)
    finally:
        if display is not None:
            display.stop()


@contextmanager
def phase_progress(label: str, stream: Any = None) -> Iterator[Any]:
    """Work without a count (opening a queue manager, writing a dump): a spinner and the
    phase, displayed when :func:`wanted`; yields ``phase(label)`` to name the next phase."""
    stream = stream if stream is not None else sys.stderr
    display = _Display(label, None, stream) if wanted(stream) else None

    def phase(name: str) -> None:
        if display is not None:
            display.update(label=name)

    try:
        yield phase
    finally:
        if display is not None:
            display.stop()
