"""Who runs mqsc here, as a z/OS user id: ``$MQSC_USER``, else the login name, upper case,
at most 8 characters (a TSO or batch user id). Event messages name it (EventUserId)."""

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
