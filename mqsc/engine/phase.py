"""Where a queue manager is in its life (stopped, reading CSQINP1, CSQINP2, running), and
which command sources may issue commands in each phase (CSQINP1 before the page sets open,
CSQINP2 after them, the console throughout).
"""

from __future__ import annotations

from enum import Enum

from mqsc.catalog import CommandSource


class Phase(str, Enum):
    """Where the queue manager is in its life."""

    STOPPED = "STOPPED"
    CSQINP1 = "CSQINP1"  # processing the first initialization data set
    CSQINP2 = "CSQINP2"  # processing the second one, after restart
    RUNNING = "RUNNING"


#: Which sources may issue commands in each phase.
PHASE_SOURCES = {
    Phase.CSQINP1: {CommandSource.CSQINP1},
    Phase.CSQINP2: {CommandSource.CSQINP2, CommandSource.CONSOLE},
    Phase.RUNNING: {CommandSource.CONSOLE, CommandSource.SERVER},
    Phase.STOPPED: {CommandSource.CONSOLE},
}
