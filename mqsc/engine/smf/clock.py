"""z/OS time formats in SMF records.

* STCK (the store-clock value): microseconds since 1900-01-01 00:00 UTC, shifted left 12 bits
  (bit 51 is one microsecond; z/Architecture Principles of Operation, "TOD clock").
* The SMF header's time: hundredths of a second since midnight, and its date: packed decimal
  ``0cyydddF`` (c = 0 for 19yy, 1 for 20yy; ddd the day of the year), as in IBM MQ's "The SMF
  header" (example X'0100223F' = 2000, day 223).

A naive datetime is taken as UTC, so the local time in the header and the STCK agree (the
simulated system runs with a zero offset).
"""

from __future__ import annotations

import datetime as dt

_EPOCH = dt.datetime(1900, 1, 1)
#: STCK units in one microsecond and one second.
STCK_MICROSECOND = 1 << 12
STCK_SECOND = 1_000_000 * STCK_MICROSECOND


def _naive(moment: dt.datetime) -> dt.datetime:
    if moment.tzinfo is None:
        return moment
    return moment.astimezone(dt.UTC).replace(tzinfo=None)


def stck(moment: dt.datetime) -> int:
    """The STCK value of a moment (to the microsecond).

    >>> hex(stck(dt.datetime(1900, 1, 1, 0, 0, 1)))
    '0xf4240000'
    """
    delta = _naive(moment) - _EPOCH
    micros = (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds
    return micros << 12


def from_stck(value: int) -> dt.datetime:
    """The moment a STCK value names (naive, UTC).

    >>> from_stck(stck(dt.datetime(2026, 11, 28, 9, 15, 30, 250000)))
    datetime.datetime(2026, 11, 28, 9, 15, 30, 250000)
    """
    return _EPOCH + dt.timedelta(microseconds=value >> 12)


def stck_duration(seconds: float) -> int:
    """A duration in STCK units (CPU and elapsed times of accounting records)."""
    return int(round(seconds * 1_000_000)) << 12


def smf_time(moment: dt.datetime) -> int:
    """Hundredths of a second since midnight.

    >>> smf_time(dt.datetime(2026, 1, 15, 9, 42, 19, 750000))
    3493975
    """
    moment = _naive(moment)
    return (
        moment.hour * 3600 + moment.minute * 60 + moment.second
    ) * 100 + moment.microsecond // 10_000


def smf_date(moment: dt.datetime) -> bytes:
    """The packed ``0cyydddF`` date.

    >>> smf_date(dt.datetime(2000, 8, 10)).hex().upper()
    '0100223F'
    """
    moment = _naive(moment)
    digits = f"0{moment.year // 100 - 19}{moment.year % 100:02d}{moment.timetuple().tm_yday:03d}"
    return bytes.fromhex(digits + "F")


def from_smf(time: int, date: bytes) -> dt.datetime:
    """The moment an SMF header's time and date name.

    >>> from_smf(3493975, bytes.fromhex("0126015F"))
    datetime.datetime(2026, 1, 15, 9, 42, 19, 750000)
    """
    text = date.hex().upper()
    if len(text) != 8 or not text[:7].isdigit() or text[7] not in "FC":
        raise ValueError(f"not a packed SMF date: X'{text}'")
    year = (19 + int(text[1])) * 100 + int(text[2:4])
    day = int(text[4:7])
    base = dt.datetime(year, 1, 1) + dt.timedelta(days=day - 1)
    return base + dt.timedelta(milliseconds=time * 10)
