"""The command server and the absent answers: state changes, sources, nothing half-applied."""

from __future__ import annotations

from pathlib import Path

from mqsc.catalog import SPECS, CommandSource
from mqsc.cli.run import render
from mqsc.engine import registry
from mqsc.engine.absent import answer
from mqsc.engine.serial import digest
from tests.engine.conftest import fresh_qmz1

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "engine"

CMDSERV_DECK = [
    "DISPLAY CMDSERV",
    "STOP CMDSERV",
    "STOP CMDSERV",
    "DISPLAY CMDSERV",
    # IBM "START CHINIT", "DISPLAY CHINIT": "The command server must be running".
    "START CHINIT",
    "DISPLAY CHINIT",
    "START CMDSERV",
    "START CMDSERV",
    "DISPLAY CMDSERV",
]


def test_command_server_state_from_the_console(golden) -> None:
    qm = fresh_qmz1()
    out = [
        render(qm.execute(text, source=CommandSource.CONSOLE), "text", "console")
        for text in CMDSERV_DECK
    ]
    golden(GOLDEN / "cmdserv.console.txt", "".join(out))
    assert qm.info.attrs.get("CMDSERV") == "RUNNING"


def test_command_server_stopped_survives_in_the_state() -> None:
    qm = fresh_qmz1()
    assert qm.execute("STOP CMDSERV", source=CommandSource.CONSOLE).ok
    assert qm.info.attrs["CMDSERV"] == "STOPPED"
    shown = qm.execute("DISPLAY CMDSERV", source=CommandSource.CONSOLE)
    assert [m.msg_id for m in shown.messages()][0] == "CSQN015I"


def test_display_cmdserv_through_the_command_server() -> None:
    # DISPLAY CMDSERV is a 12CR command (IBM MQ 9.4 for z/OS): the command server takes it.
    result = fresh_qmz1().execute("DISPLAY CMDSERV", source=CommandSource.SERVER)
    assert result.ok and next(result.messages()).msg_id == "CSQN014I"


def test_absent_answers_change_nothing() -> None:
    qm = fresh_qmz1()
    before = digest(qm.state)
    for text in (
        "START CHANNEL(A)",
        "DISPLAY CHSTATUS(*)",
        "START TRACE(GLOBAL)",
        "REFRESH SECURITY(*)",
        "PING CHANNEL(A)",
    ):
        qm.execute(text, source=CommandSource.CONSOLE)
    assert digest(qm.state) == before


#: Facility commands whose answer depends on a keyword, with a handler of their own.
OWN_HANDLERS = {("REFRESH", "SECURITY"), ("SUSPEND", "QMGR"), ("RESUME", "QMGR")}


def test_every_facility_command_has_the_absent_answer_or_its_own() -> None:
    handlers = registry.load()
    absent = {(s.verb, s.objtype) for s in SPECS if s.facility}
    assert absent and all(handlers[key] is answer for key in absent - OWN_HANDLERS)
    assert all(handlers[key] is not answer for key in OWN_HANDLERS)


def test_refresh_security_takes_a_class_and_ssl_needs_the_channel_initiator() -> None:
    # IBM MQ 9.4 "REFRESH SECURITY": (* | MQADMIN ... MXTOPIC), TYPE(CLASSES | SSL | CONNAUTH);
    # TYPE(SSL) "Channel initiator must be running"; AUTHSERV is not valid on z/OS.
    qm = fresh_qmz1()
    before = digest(qm.state)
    for text in (
        "REFRESH SECURITY(MQQUEUE) TYPE(CLASSES)",
        "REF SEC(MXTOPIC)",
        "REFRESH SECURITY TYPE(CONNAUTH)",
    ):
        result = qm.execute(text)
        # No RACF on this system (no security database): subsystem security is off, so a
        # class refresh has nothing to do (MQSC471I); QMZ1's CONNAUTH is blank (MQSC477I).
        expected = ("MQSC477I" if "CONNAUTH" in text else "MQSC471I", "CSQ9022I")
        assert result.ok and result.message_ids == expected, text
    ssl = qm.execute("REFRESH SECURITY(*) TYPE(SSL)")
    assert not ssl.ok and ssl.message_ids == ("CSQM131I", "CSQ9023E")
    for text in ("REFRESH SECURITY(MQFOO)", "REFRESH SECURITY TYPE(AUTHSERV)"):
        assert "MQSC011E" in qm.execute(text).message_ids, text
    assert digest(qm.state) == before


def test_rverify_security_takes_a_list_of_users_and_its_synonyms() -> None:
    # "You must specify one or more user IDs"; "Synonym: REV SEC; REVERIFY SECURITY is another
    # synonym" (IBM MQ for z/OS "RVERIFY SECURITY").
    qm = fresh_qmz1()
    for text in ("RVERIFY SECURITY(USER1, USER2)", "REV SEC(USER1)", "REVERIFY SECURITY(U1,U2,U3)"):
        assert qm.execute(text).ok, text
    assert "MQSC010E" in qm.execute("RVERIFY SECURITY").message_ids


def test_trace_keywords_take_lists() -> None:
    # START TRACE(STAT) CLASS(1,2), DEST(SMF,GTF) (IBM MQ for z/OS "START TRACE").
    qm = fresh_qmz1()
    for text in (
        "START TRACE(STAT) CLASS(1,2)",
        "START TRACE(ACCTG) DEST(SMF,GTF) CLASS(3)",
        "START TRACE(GLOBAL) CLASS(2,3) USERID(A,B) RMID(1,2)",
        "STOP TRACE(GLOBAL) CLASS(*) USERID(A,B) RMID(1,2)",
    ):
        assert qm.execute(text, source=CommandSource.CONSOLE).ok, text


def test_suspend_and_resume_qmgr_log_from_the_console_only() -> None:
    # "SUSPEND QMGR LOG | C", "RESUME QMGR LOG | C" (IBM MQ 9.4 command sources tables): a deck
    # through the command server is refused; the console suspends and resumes logging; CLUSTER
    # keeps the channel initiator's answer.
    qm = fresh_qmz1()
    before = digest(qm.state)
    for verb in ("SUSPEND", "RESUME"):
        refused = qm.execute(f"{verb} QMGR LOG", source=CommandSource.SERVER)
        assert not refused.ok and refused.message_ids == ("CSQN009I", "CSQ9023E")
    assert digest(qm.state) == before
    taken = qm.execute("SUSPEND QMGR LOG", source=CommandSource.CONSOLE)
    assert taken.ok and taken.message_ids == ("MQSC661I", "CSQ9022I")
    assert qm.state.tables["bsds"][None].suspended
    changed = qm.execute("DEFINE QLOCAL(WHILE.SUSPENDED)")
    assert not changed.ok and changed.message_ids[0] == "MQSC662E"
    assert "WHILE.SUSPENDED" not in qm.state.tables["qlocal"]
    assert qm.execute("RESUME QMGR LOG", source=CommandSource.CONSOLE).ok
    assert not qm.state.tables["bsds"][None].suspended
    assert qm.execute("DEFINE QLOCAL(WHILE.SUSPENDED)").ok
    cluster = qm.execute("SUSPEND QMGR CLUSTER(C)", source=CommandSource.CONSOLE)
    assert cluster.message_ids == ("CSQM131I", "CSQ9023E")
