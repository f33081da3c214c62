""" "Did you mean" for words z/OS rejects with CSQ9001E: verbs, object types, keywords."""

from __future__ import annotations

import pytest

from mqsc.language.hints import did_you_mean


@pytest.mark.parametrize(
    ("command", "word", "expected"),
    [
        ("DEFNE QLOCAL(A)", "DEFNE", "DEFINE"),
        ("DEFINE QLOCALL(B)", "QLOCALL", "QLOCAL"),
        ("DIS QLOCL(*)", "QLOCL", "QLOCAL"),
        ("DEFINE QLOCAL(A) MAXDEPHT(5)", "MAXDEPHT", "MAXDEPTH"),
        ("define qlocal(a) descrr('x')", "DESCRR", "DESCR"),
        ("DEFINE BUFFPOOL(1) BUFFRS(5)", "BUFFRS", "BUFFERS"),
        ("DIS QL(*) CURDPTH", "CURDPTH", "CURDEPTH"),  # a DISPLAY attribute
    ],
)
def test_suggests_the_word_for_that_place(command, word, expected) -> None:
    assert did_you_mean(command, word) == expected


@pytest.mark.parametrize(
    ("command", "word"),
    [
        ("DEFINE QLOCAL(A) ZZZZZZZ(1)", "ZZZZZZZ"),  # nothing close
        ("XYZZY", "XYZZY"),
        ("", ""),
        ("DEFINE NOSUCH(A) MAXDEPHT(1)", "MAXDEPHT"),  # no command to take keywords from
    ],
)
def test_nothing_when_nothing_is_close(command, word) -> None:
    assert did_you_mean(command, word) is None
