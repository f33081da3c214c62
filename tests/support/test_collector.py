"""The collector pause around bulk work puts the collector back as it found it."""

from __future__ import annotations

import gc

import pytest

from mqsc.support.collector import paused


def test_paused_inside_and_back_after_even_nested_or_failing() -> None:
    assert gc.isenabled()
    with paused():
        assert not gc.isenabled()
        with paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # only the outermost pause turns it back on
    assert gc.isenabled()
    with pytest.raises(ZeroDivisionError), paused():
        raise ZeroDivisionError
    assert gc.isenabled()


def test_a_collector_turned_off_stays_off() -> None:
    gc.disable()
    try:
        with paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_large_display_leaves_the_collector_on() -> None:
    from mqsc.render import commandserver, consoletext, jsonout
    from mqsc.store.home import open_qmgr

    qm = open_qmgr("QMZ1", memory=True)
    qm.run("\n".join(f"DEFINE QLOCAL(Q{i})" for i in range(1200)))
    result = qm.execute("DISPLAY QLOCAL(Q*)")
    assert len(result.objects) == 1200 and gc.isenabled()
    for render in (commandserver.reply_lines, consoletext.console_lines, jsonout.result_json):
        assert render(result) and gc.isenabled()
