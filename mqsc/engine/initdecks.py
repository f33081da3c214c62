"""Where a queue manager's initialization data sets are read at START QMGR.

On z/OS the queue manager's started task names its CSQINP1 and CSQINP2 data sets (DD
concatenations of library members); they are opened at every start, so a member edited while
the queue manager runs is what the next START QMGR processes (IBM MQ for z/OS, "Initialization
commands"). The engine does not know where data sets live: whoever runs the queue manager may
give it an :class:`InitDecks` (the home's queue manager libraries, mqsc/batch/libraries.py);
without one it processes the decks it was built with, as before.
"""

from __future__ import annotations

from typing import Protocol

from mqsc.language.source import Source


class InitDecks(Protocol):
    """The current decks of a queue manager's initialization data sets."""

    def decks(self, qmgr: str, ddname: str) -> tuple[Source, ...] | None:
        """The decks of DD ``ddname`` (``CSQINP1`` or ``CSQINP2``) of queue manager ``qmgr``, in
        concatenation order; None when they cannot all be read (the queue manager keeps the
        decks it has)."""
