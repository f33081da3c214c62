"""MQ reason codes the emulator gives (values from cmqc.h; secondary sources)."""

from __future__ import annotations

from collections.abc import Mapping

MQRC_NONE = 0
MQRC_ALIAS_BASE_Q_TYPE_ERROR = 2001
MQRC_GET_INHIBITED = 2016
MQRC_MSG_TOO_BIG_FOR_Q = 2030
MQRC_MSG_TOO_BIG_FOR_Q_MGR = 2031
MQRC_NO_MSG_AVAILABLE = 2033
MQRC_OPTION_NOT_VALID_FOR_TYPE = 2045
MQRC_PERSISTENT_NOT_ALLOWED = 2048
MQRC_PUT_INHIBITED = 2051
MQRC_Q_FULL = 2053
MQRC_Q_MGR_NAME_ERROR = 2058
MQRC_Q_MGR_NOT_AVAILABLE = 2059
MQRC_UNKNOWN_OBJECT_NAME = 2085
MQRC_UNKNOWN_REMOTE_Q_MGR = 2087
MQRC_XMIT_Q_USAGE_ERROR = 2092
MQRC_STORAGE_CLASS_ERROR = 2105
MQRC_STORAGE_MEDIUM_FULL = 2192
MQRC_PAGESET_ERROR = 2193
MQRC_UNEXPECTED_ERROR = 2195
MQRC_CF_STRUC_IN_USE = 2346
MQRC_CF_STRUC_ERROR = 2349
MQRC_CF_STRUC_FAILED = 2373

NAMES: Mapping[int, str] = {
    value: name
    for name, value in globals().items()
    if name.startswith("MQRC_") and isinstance(value, int)
}


def name(code: int) -> str:
    """``MQRC_Q_FULL`` for 2053.

    >>> name(2053), name(1)
    ('MQRC_Q_FULL', '1')
    """
    return NAMES.get(code, str(code))
