"""Who runs mqsc here, as a z/OS user id: ``$MQSC_USER``, else the login name, upper case,
at most 8 characters (a TSO user id is whoever logged on). The one source for the command
line: the front ends make it the queue manager's operator (``QueueManager.user``), so the
security checks, the connections, event messages (EventUserId) and CSQY009I all name it."""

from __future__ import annotations

import getpass
import os


def user() -> str:
    """The user id of this process's user.

    >>> os.environ["MQSC_USER"] = "ops1"; user()
    'OPS1'
    """
    named = os.environ.get("MQSC_USER", "").strip()
    if not named:
        try:
            named = getpass.getuser()
        except (KeyError, OSError):  # no login name (a container without a passwd entry)
            named = "MQSC"
    return named.upper()[:8] or "MQSC"
