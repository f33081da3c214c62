"""What the state store takes from the environment for the queue managers it builds.

The engine reads no environment variable (docs/architecture.md): whoever builds a queue manager
passes these settings in.
"""

from __future__ import annotations

import os


def strict_mode() -> bool:
    """``$MQSC_STRICT`` set and not empty: an engine bug raises instead of being answered as
    an internal failure (MQSC017E, MQRC 2195). The test suite sets it."""
    return bool(os.environ.get("MQSC_STRICT"))
