"""One user id for everything the command line does: ``$MQSC_USER``, else the login name (a
TSO user id is whoever logged on). The security checks of ``mqsc run`` and ``mqsc put``, the
event messages they cause and the connections all name the same id."""

from __future__ import annotations

import json

import pytest

from mqsc.cli import main
from mqsc.support import whoami


def _deck(tmp_path, text: str) -> str:
    path = tmp_path / "deck.mqsc"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _event_users(capsys) -> list[str]:
    assert main(["events", "SYSTEM.ADMIN.COMMAND.EVENT", "--format", "json"]) == 0
    found = json.loads(capsys.readouterr().out)
    return [
        member["value"]
        for event in found
        for member in event["parameters"][0]["members"]
        if member["parameter"] == "MQCACF_EVENT_USER_ID"
    ]


def _security_on(capsys) -> None:
    """Subsystem security on (the switch profile gone, RACLIST refreshed), read at restart."""
    assert main(["racf", "RDELETE MQADMIN QMZ1.NO.SUBSYS.SECURITY"]) == 0
    assert main(["racf", "SETROPTS RACLIST(MQADMIN) REFRESH"]) == 0
    assert main(["restart"]) == 0
    capsys.readouterr()


@pytest.mark.parametrize(("named", "expected"), [(None, "TSOADM1"), ("payops", "PAYOPS")])
def test_run_put_and_events_name_one_user(
    tmp_path, capsys, monkeypatch, named: str | None, expected: str
) -> None:
    monkeypatch.setenv("LOGNAME", "tsoadm1")  # the login name getpass reads first
    if named is None:
        monkeypatch.delenv("MQSC_USER", raising=False)
    else:
        monkeypatch.setenv("MQSC_USER", named)
    assert whoami.user() == expected
    deck = _deck(tmp_path, "ALTER QMGR CMDEV(ENABLED)\nDEFINE QLOCAL(OPS.Q)\n")
    assert main(["run", deck]) == 0
    capsys.readouterr()
    assert _event_users(capsys) == [expected, expected]
    _security_on(capsys)
    # The user RACF is asked about is the one the events named, for commands and for puts.
    assert main(["run", _deck(tmp_path, "DEFINE QLOCAL(OPS.Q2)\n")]) != 0
    refused = capsys.readouterr().out
    assert f"ICH408I USER({expected:<8}) " in refused
    assert "QMZ1.DEFINE.QLOCAL CL(MQCMDS  )" in refused
    assert main(["put", "OPS.Q", "-n", "1"]) != 0
    said = capsys.readouterr()
    assert f"ICH408I USER({expected:<8}) " in said.out + said.err
    assert "MQRC_NOT_AUTHORIZED (2035)" in said.out + said.err


def test_without_a_login_name_the_operator_is_mqsc(monkeypatch) -> None:
    for name in ("MQSC_USER", "LOGNAME", "USER", "LNAME", "USERNAME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("getpass.getuser", lambda: (_ for _ in ()).throw(OSError("no login")))
    assert whoami.user() == "MQSC"
