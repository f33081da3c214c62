"""The console's \\tso and \\user: RACF commands on the home's security database, as the
console's user."""

from __future__ import annotations

from mqsc.store.home import security_store


def lines(out) -> list[str]:
    return out.getvalue().splitlines()


def test_tso_runs_racf_commands_as_the_console_user(console, qm) -> None:
    session, out, _ = console()
    session.submit("\\user USER9")
    assert qm.user == "USER9"
    session.submit("\\tso RDEFINE MQQUEUE QMZ1.CONSOLE.** UACC(READ)")
    session.submit("\\tso PERMIT NOSUCH CLASS(MQQUEUE) ID(USER9)")
    shown = lines(out)
    assert (
        "ICH10006I RACLISTED PROFILES FOR MQQUEUE WILL NOT REFLECT THE ADDITION(S) "
        "UNTIL A SETROPTS REFRESH IS ISSUED."
    ) in shown
    assert "ICH06004I NOSUCH NOT DEFINED TO RACF" in shown
    assert session.failed == 1
    store = security_store()
    profile = store.read().profiles[("MQQUEUE", "QMZ1.CONSOLE.**")]
    store.close()
    assert profile.owner == "USER9" and profile.uacc == "READ"


def test_misuse(console, qm) -> None:
    session, out, _ = console()
    session.submit("\\tso")
    session.submit("\\user TOOLONGUSERID")
    session.submit("\\user")
    shown = lines(out)
    assert shown[0].startswith("Usage: \\tso COMMAND")
    assert shown[1].startswith("\\user: TOOLONGUSERID is not a user id")
    assert shown[2] == f"This console acts as user {qm.user}."
