"""Process definitions: DEFINE, ALTER, DELETE and DISPLAY PROCESS (IBM "DEFINE PROCESS").

A process names the application a trigger monitor starts. z/OS checks nothing between a
process and the queues that name it: a queue may name a process that does not exist yet, and
a process may be deleted while queues name it (the trigger monitor finds out).
"""

from __future__ import annotations

from mqsc.catalog import processes as catalog_processes
from mqsc.engine.plainfamily import PlainFamily

PROCESS = catalog_processes.FAMILY
HANDLERS = PlainFamily(PROCESS)
