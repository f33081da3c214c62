"""z/OS security on the queue manager, following IBM's own z/OS MQ security lab (public
repository ibm-wsc/mq-zos, docs/security.md), with QMZ1 for the lab's ZQS1: the lab's RACF
jobs (samples/security) define groups, command, connection and queue profiles and remove
QMZ1.NO.SUBSYS.SECURITY; QMZ1 restarts and reports its switches (CSQH021I/CSQH024I); a user
without access gets ICH408I and MQRC 2035; a PERMIT, SETROPTS RACLIST(MQQUEUE) REFRESH and
REFRESH SECURITY(MQQUEUE) let it through. The whole transcript is a golden file; the lab's
own captured lines are asserted word for word.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path

from mqsc.batch import jcl, runner
from mqsc.batch.datasets import Catalog
from mqsc.catalog import CommandSource
from mqsc.catalog.texts import line
from mqsc.engine.collaborators import Collaborators
from mqsc.engine.manager import QueueManager
from mqsc.engine.records import Workload
from mqsc.language.source import Source
from mqsc.racf.actions import Issuer
from mqsc.racf.actions import run as racf_run
from mqsc.racf.background import MemoryKeeper
from mqsc.racf.database import fresh
from mqsc.render.consoletext import console_lines
from mqsc.store.racfdb import with_security_off
from tests.engine.conftest import NOW, fresh_qmz1

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples" / "security"
GOLDEN = ROOT / "tests" / "golden" / "security"


class Transcript:
    """What an operator sees, in order: commands at the console, calls of programs, RACF
    commands and their answers."""

    def __init__(self, qm: QueueManager, keeper: MemoryKeeper) -> None:
        self.qm, self.keeper, self.lines = qm, keeper, []

    def command(self, text: str, user: str | None = None) -> list[str]:
        if user is not None:
            self.lines.append(f"* console user {user}")
        shown = console_lines(self.qm.execute(text, source=CommandSource.CONSOLE, user=user))
        self.lines += [f"{self.qm.cpf} {text}", *shown]
        return shown

    def put(self, queue: str, user: str) -> Workload:
        done = self.qm.put(queue, 1, 100, user=user)
        self.lines.append(f"* MQPUT1 {queue} as {user}: done {done.done}, MQRC {done.reason}")
        self.lines += [line(m.msg_id, m.inserts, self.qm.cpf) for m in done.messages]
        return done

    def racf(self, *texts: str) -> None:
        for text in texts:
            outcome = self.keeper.apply(lambda db, t=text: racf_run(db, t, Issuer("IBMUSER", NOW)))
            self.lines += [f"* TSO {text}", *outcome.lines]

    def job(self, member: str, catalog: Path) -> None:
        [job] = jcl.parse(Source((SAMPLES / f"{member}.jcl").read_text(), member))
        done = runner.run(
            job, runner.Environment({}.get, Catalog(catalog), lambda: NOW, security=self.keeper)
        )
        self.lines.append(f"* job {member}: MAXCC {done.maxcc}")


def restart(qm: QueueManager) -> None:
    for text in ("STOP QMGR", "START QMGR"):
        assert qm.execute(text, source=CommandSource.CONSOLE).ok


def lab_qmgr() -> tuple[QueueManager, MemoryKeeper]:
    keeper = MemoryKeeper(with_security_off(fresh("26.015"), ["QMZ1"]))
    qm = fresh_qmz1()
    qm.attach(replace(qm.collaborators, security=keeper))
    assert qm.execute("DEFINE QLOCAL(CICS01.INITQ)").ok
    return qm, keeper


def test_the_ibm_security_lab(tmp_path, golden) -> None:
    qm, keeper = lab_qmgr()
    t = Transcript(qm, keeper)
    for member in ("GROUPS", "MQCMDS", "MQCONN", "MQQUEUE", "ENABLE"):
        t.job(member, tmp_path)
    t.command("STOP QMGR")
    started = t.command("START QMGR")
    # The lab's start-up lines (ZQS1 there), word for word.
    assert (
        "CSQH024I QMZ1 CSQHINIT SUBSYSTEM security switch set ON, profile "
        "'QMZ1.NO.SUBSYS.SECURITY' not found" in started
    )
    assert (
        "CSQH021I QMZ1 CSQHINIT CONTEXT security switch set OFF, profile "
        "'QMZ1.NO.CONTEXT.CHECKS' found" in started
    )
    assert [x.split()[3] for x in started if x.startswith("CSQH02")] == [
        "SUBSYSTEM",
        "CONNECTION",
        "COMMAND",
        "CONTEXT",
        "ALTERNATE",
        "COMMAND",
        "PROCESS",
        "NAMELIST",
        "QUEUE",
        "TOPIC",
    ]

    # USER3 is in no MQ group: its batch connection is refused (lab step 24).
    refused = t.put("SYSTEM.DEFAULT.LOCAL.QUEUE", "USER3")
    assert refused.reason == 2035 and refused.done == 0
    assert [line(m.msg_id, m.inserts, None) for m in refused.messages] == [
        "ICH408I USER(USER3   ) GROUP(SYS1    ) NAME(NOT AN MQ USER      )",
        "ICH408I   QMZ1.BATCH CL(MQCONN  )",
        "ICH408I   INSUFFICIENT ACCESS AUTHORITY",
        "ICH408I   ACCESS INTENT(READ   )  ACCESS ALLOWED(NONE   )",
    ]

    # The started task START1 (MQSTC) has only READ from QMZ1.** (lab Part 2 step 3).
    initq = t.put("CICS01.INITQ", "START1")
    assert initq.reason == 2035
    assert "ICH408I   FROM QMZ1.** (G)" in [line(m.msg_id, m.inserts, None) for m in initq.messages]
    # The lab's fix: a discrete profile, a PERMIT, SETROPTS RACLIST REFRESH...
    t.racf(
        "RDEFINE MQQUEUE QMZ1.CICS01.INITQ OWNER(SYS1)",
        "PERMIT QMZ1.CICS01.INITQ CLASS(MQQUEUE) ID(MQSTC,CICSSTC) ACC(UPDATE)",
        "SETROPTS RACLIST(MQQUEUE) REFRESH",
    )
    # ...is not enough while QMZ1 holds QMZ1.** for the queue in storage...
    assert t.put("CICS01.INITQ", "START1").reason == 2035
    # ...until REFRESH SECURITY(MQQUEUE) (lab: CSQH001I, CSQ9022I from CSQHSREF).
    refresh = t.command("REFRESH SECURITY(MQQUEUE)", user="MQSC")
    assert refresh == [
        "CSQH001I QMZ1 CSQHCHK4 Security using uppercase classes",
        "CSQ9022I QMZ1 CSQHSREF ' REFRESH SECURITY' NORMAL COMPLETION",
    ]
    assert t.put("CICS01.INITQ", "START1").reason == 0

    # Command security: USER2 (MQUSERS) may display, not alter (lab step 8).
    t.command("DISPLAY QLOCAL(CICS01.INITQ) CURDEPTH", user="USER2")
    altered = t.command("ALTER QMGR MAXCHL(350)", user="USER2")
    assert altered[-2:] == [
        "CSQ9016E QMZ1 ' ALTER' command request not authorized",
        "CSQ9023E QMZ1 CSQ9SCND 'ALTER QMGR' ABNORMAL COMPLETION",
    ]
    assert "ICH408I   PROFILE NOT FOUND - REQUIRED FOR AUTHORITY CHECKING" not in altered
    assert "ICH408I   FROM QMZ1.** (G)" in altered  # READ from the catch-all
    # Nor may USER1 (MQSYSP): QMZ1.** gives READ (lab step 8); an ALTER.** profile and a
    # RACLIST refresh let it (lab steps 10-12). MQ keeps no MQCMDS profiles in storage
    # (REFRESH SECURITY has no such class): RACF's refreshed view decides at once.
    assert t.command("ALTER QMGR DESCR('Security lab')", user="USER1")[-2].startswith("CSQ9016E")
    t.racf(
        "RDEFINE MQCMDS QMZ1.ALTER.** OWNER(SYS1)",
        "PERMIT QMZ1.ALTER.** CLASS(MQCMDS) RESET",
        "PERMIT QMZ1.ALTER.** CLASS(MQCMDS) ID(MQSTC,MQSYSP) ACC(ALTER)",
        "SETROPTS RACLIST(MQCMDS) REFRESH",
    )
    assert t.command("ALTER QMGR DESCR('Security lab')", user="USER1")[-1].startswith("CSQ9022I")

    # USER3 joins MQUSERS: a new job's connection has the new group (lab step 25).
    t.racf("CONNECT USER3 GROUP(MQUSERS)")
    assert t.put("SYSTEM.DEFAULT.LOCAL.QUEUE", "USER3").reason == 0

    # A profile in WARNING mode lets a refused request through, and RACF logs it.
    t.racf("RDEFINE MQQUEUE QMZ1.WARN.** UACC(NONE) WARNING", "SETROPTS RACLIST(MQQUEUE) REFRESH")
    t.command("DEFINE QLOCAL(WARN.Q)", user="USER1")
    warned = t.put("WARN.Q", "USER2")
    assert warned.reason == 0 and any(
        m.inserts.get("key") == "ICH408I.WARNING" for m in warned.messages
    )

    t.command("DISPLAY SECURITY", user="USER1")
    t.command("ALTER SECURITY TIMEOUT(54) INTERVAL(12)", user="USER1")
    t.command("DISPLAY SECURITY TIMEOUT", user="USER1")
    # RVERIFY: a user the queue manager signed on itself (mqweb's REST user) keeps the
    # groups of its sign-on until RVERIFY SECURITY; the lab's profiles have no RVERIFY.**.
    signed = t.qm.put("SYSTEM.DEFAULT.LOCAL.QUEUE", 1, 10, user="USER2", signed=True)
    assert signed.reason == 0 and "USER2" in t.qm.state.tables["secusers"]
    t.command("RVERIFY SECURITY(USER2, NOBODY)", user="USER1")
    t.racf(
        "RDEFINE MQCMDS QMZ1.RVERIFY.** OWNER(SYS1)",
        "PERMIT QMZ1.RVERIFY.** CLASS(MQCMDS) ID(MQSYSP) ACC(ALTER)",
        "SETROPTS RACLIST(MQCMDS) REFRESH",
    )
    assert t.command("RVERIFY SECURITY(USER2, NOBODY)", user="USER1") == [
        "CSQH007I QMZ1 Reverify flag not set for user-id NOBODY, no entry found",
        "CSQ9022I QMZ1 CSQHRVFY ' RVERIFY SECURITY' NORMAL COMPLETION",
    ]
    assert t.qm.state.tables["secusers"]["USER2"].reverify
    t.command("REFRESH SECURITY(MXQUEUE)", user="USER1")
    golden(GOLDEN / "lab.console.txt", "\n".join(t.lines) + "\n")


def test_switch_overrides_and_classes(golden) -> None:
    """A queue sharing group member: a QSG-level NO switch overridden by the queue manager's
    YES profile (MQSC472I, CSQH032I); a switch whose class is not active (MQSC473I, MQSC474I);
    the mixed-case classes when MXADMIN is active (CSQH002I)."""
    keeper = MemoryKeeper(fresh("26.015"))
    for text in (
        "RDEFINE MQADMIN (QSGA.NO.QUEUE.CHECKS QMA.YES.QUEUE.CHECKS "
        "QSGA.NO.TOPIC.CHECKS QMA.NO.QMGR.CHECKS)",
        "SETROPTS NOCLASSACT(MQPROC)",
        "SETROPTS RACLIST(MQADMIN) REFRESH",
        "RDEFINE MQCMDS QSGA.** UACC(ALTER)",
        "SETROPTS RACLIST(MQCMDS) REFRESH",
    ):
        assert keeper.apply(lambda db, t=text: racf_run(db, t, Issuer("IBMUSER", NOW))).rc == 0
    qm = QueueManager.create(
        "QMA",
        qsg="QSGA",
        csqinp1="DEFINE PSID(00) BUFFPOOL(0)",
        csqinp2="DEFINE STGCLASS(DEFAULT) PSID(00) REPLACE",
        collaborators=Collaborators(security=keeper),
        clock=lambda: dt.datetime(2026, 1, 15, 10, 30),
    )
    lines = [line(m.msg_id, m.inserts, "QMA") for m in qm.security_messages]
    shown = console_lines(qm.execute("DISPLAY SECURITY SWITCHES", source=CommandSource.CONSOLE))
    assert "CSQH032I QMA QUEUE: ON, 'QMA.YES.QUEUE.CHECKS' found" in shown
    assert "MQSC474I QMA PROCESS: OFF, 'QSGA.NO.PROCESS.CHECKS' not found" in shown
    # Queue manager level off, so profiles are looked for under the group's name only.
    t = Transcript(qm, keeper)
    t.lines = [*lines, "QMA DISPLAY SECURITY SWITCHES", *shown]
    t.racf(
        "SETROPTS CLASSACT(MXADMIN MXQUEUE) RACLIST(MXADMIN MXQUEUE)",
        "RDEFINE MXADMIN QMA.NO.SUBSYS.SECURITY",
        "SETROPTS RACLIST(MXADMIN) REFRESH",
    )
    t.command("REFRESH SECURITY(*)")
    t.command("STOP QMGR")
    t.command("START QMGR")
    golden(GOLDEN / "switches.console.txt", "\n".join(t.lines) + "\n")


def test_security_off_by_default_changes_nothing() -> None:
    """A queue manager with QMZ1.NO.SUBSYS.SECURITY (every new one) checks nothing: every
    command and call as before, for any user."""
    qm, keeper = lab_qmgr()
    del keeper
    restart(qm)
    assert qm.security_messages[0].msg_id == "CSQH021I" and len(qm.security_messages) == 1
    assert qm.execute("ALTER QMGR MAXCHL(350)", user="NOBODY").ok
    assert qm.put("CICS01.INITQ", 5, 100, user="NOBODY").done == 5
    assert not qm.state.tables["secprofiles"] and not qm.state.tables["secusers"]


def test_a_refused_command_changes_nothing() -> None:
    qm, keeper = lab_qmgr()
    keeper.apply(
        lambda db: racf_run(db, "RDELETE MQADMIN QMZ1.NO.SUBSYS.SECURITY", Issuer("IBMUSER", NOW))
    )
    keeper.apply(
        lambda db: racf_run(db, "SETROPTS RACLIST(MQADMIN) REFRESH", Issuer("IBMUSER", NOW))
    )
    restart(qm)
    before = {
        t: dict(v) for t, v in qm.state.tables.items() if t not in ("secusers", "secprofiles")
    }
    result = qm.execute("DEFINE QLOCAL(NEW.Q)", user="NOBODY")
    assert not result.ok and (result.return_code, result.reason_code) == (0x20, 0xFFFFFFFF)
    assert result.message_ids[-2:] == ("CSQ9016E", "CSQ9023E")
    after = {t: dict(v) for t, v in qm.state.tables.items() if t not in ("secusers", "secprofiles")}
    assert after == before
    # The command server's reply set holds CSQ9016E and CSQ9023E only (COUNT=3 in a
    # CSQUTIL capture); ICH408I goes to the console.
    from mqsc.render.commandserver import reply_lines

    assert reply_lines(result)[0].startswith(
        "CSQN205I   COUNT=       3, RETURN=00000020, REASON=FFFFFFFF"
    )


def test_kept_decisions_follow_what_they_came_from() -> None:
    """The queue manager keeps each connection's answer, but never past a change: MQCONN is
    RACF's (a RACLIST refresh is seen at the next connection), MQQUEUE the queue manager's
    own in-storage profile (REFRESH SECURITY), a job's user its groups in RACF now, a user the
    queue manager signed on its groups at sign-on (RVERIFY SECURITY)."""
    qm, keeper = lab_qmgr()

    def tso(*texts: str) -> None:
        for text in texts:
            keeper.apply(lambda db, t=text: racf_run(db, t, Issuer("IBMUSER", NOW)))

    tso(
        "RDELETE MQADMIN QMZ1.NO.SUBSYS.SECURITY",
        "RDEFINE MQADMIN (QMZ1.NO.CMD.CHECKS QMZ1.NO.CMD.RESC.CHECKS)",
        "ADDGROUP APPS",
        "ADDUSER (APP1 APP2)",
        "RDEFINE MQCONN QMZ1.BATCH UACC(NONE)",
        "RDEFINE MQQUEUE QMZ1.** UACC(NONE)",
        "PERMIT QMZ1.** CLASS(MQQUEUE) ID(APPS) ACCESS(UPDATE)",
        "SETROPTS RACLIST(MQADMIN MQCONN MQQUEUE) REFRESH",
    )
    restart(qm)

    def reason(user: str, signed: bool = False) -> int:
        return qm.put("CICS01.INITQ", 1, 100, user=user, signed=signed).reason

    assert reason("APP1") == reason("APP1") == 2035  # MQCONN: no access, kept
    tso("PERMIT QMZ1.BATCH CLASS(MQCONN) ID(APP1 APP2) ACCESS(READ)")
    assert reason("APP1") == 2035  # not until RACF's in-storage copy is refreshed
    tso("SETROPTS RACLIST(MQCONN) REFRESH")
    assert reason("APP1") == 2035  # now the queue: not in APPS
    assert reason("APP2", signed=True) == 2035  # signed on: no APPS either
    tso("CONNECT (APP1 APP2) GROUP(APPS)")
    assert reason("APP1") == 0  # a new connection: RACF's groups now
    assert reason("APP2", signed=True) == 2035  # the sign-on's groups, until RVERIFY
    assert qm.execute("RVERIFY SECURITY(APP2)", source=CommandSource.CONSOLE).ok
    assert reason("APP2", signed=True) == 0
    tso("PERMIT QMZ1.** CLASS(MQQUEUE) ID(APPS) DELETE", "SETROPTS RACLIST(MQQUEUE) REFRESH")
    assert reason("APP1") == 0  # the queue manager's profile, until REFRESH SECURITY
    assert qm.execute("REFRESH SECURITY(MQQUEUE)", source=CommandSource.CONSOLE).ok
    assert reason("APP1") == reason("APP2", signed=True) == 2035


def test_a_publication_needs_the_topic_profile() -> None:
    """A put to an alias of a topic opens the alias (MQQUEUE) and publishes on the topic
    object (MXTOPIC hlq.PUBLISH.topic, UPDATE): no profile, no publication."""
    qm, keeper = lab_qmgr()

    def tso(*texts: str) -> None:
        for text in texts:
            keeper.apply(lambda db, t=text: racf_run(db, t, Issuer("IBMUSER", NOW)))

    assert qm.execute("DEFINE TOPIC(SPORTS) TOPICSTR('Sports')").ok
    assert qm.execute("DEFINE QALIAS(SPORTS.PUB) TARGET(SPORTS) TARGTYPE(TOPIC)").ok
    tso(
        "RDELETE MQADMIN QMZ1.NO.SUBSYS.SECURITY",
        "RDEFINE MQADMIN (QMZ1.NO.CMD.CHECKS QMZ1.NO.CONNECT.CHECKS)",
        "ADDUSER PUB1",
        "RDEFINE MQQUEUE QMZ1.SPORTS.PUB UACC(UPDATE)",
        "SETROPTS RACLIST(MQADMIN MQQUEUE) REFRESH",
    )
    restart(qm)
    refused = qm.put("SPORTS.PUB", 1, 100, user="PUB1")
    assert refused.reason == 2035
    shown = [line(m.msg_id, m.inserts, qm.cpf) for m in refused.messages]
    assert shown[1:3] == [
        "ICH408I   QMZ1.PUBLISH.SPORTS CL(MXTOPIC )",
        "ICH408I   PROFILE NOT FOUND - REQUIRED FOR AUTHORITY CHECKING",
    ]
    tso(
        "RDEFINE MXTOPIC QMZ1.PUBLISH.SPORTS UACC(NONE)",
        "PERMIT QMZ1.PUBLISH.SPORTS CLASS(MXTOPIC) ID(PUB1) ACCESS(UPDATE)",
        "SETROPTS RACLIST(MXTOPIC) REFRESH",
    )
    assert qm.put("SPORTS.PUB", 1, 100, user="PUB1").reason == 2035  # kept until REFRESH
    assert qm.execute("REFRESH SECURITY(MXTOPIC)", source=CommandSource.CONSOLE).ok
    assert qm.put("SPORTS.PUB", 1, 100, user="PUB1").reason == 0


def test_a_connection_acts_for_its_user() -> None:
    """A registered connection (the MQI as a Python object, a job step's) is checked as its
    user; MQOPEN refused is MQRC 2035 with RACF's ICH408I on the refusal."""
    from mqsc.engine.connregistry import NotConnected

    qm, keeper = lab_qmgr()
    for text in (
        "RDELETE MQADMIN QMZ1.NO.SUBSYS.SECURITY",
        "RDEFINE MQADMIN (QMZ1.NO.CMD.CHECKS QMZ1.NO.CONNECT.CHECKS)",
        "ADDUSER (APP1 APP2)",
        "RDEFINE MQQUEUE QMZ1.** UACC(NONE)",
        "PERMIT QMZ1.** CLASS(MQQUEUE) ID(APP1) ACCESS(UPDATE)",
        "SETROPTS RACLIST(MQADMIN MQQUEUE) REFRESH",
    ):
        keeper.apply(lambda db, t=text: racf_run(db, t, Issuer("IBMUSER", NOW)))
    restart(qm)
    with qm.connection("PAYJOB", userid="APP1") as conn:
        assert conn.put("CICS01.INITQ").reason == 0
        conn.close_handle(conn.open("CICS01.INITQ"))
    with qm.connection("PAYJOB", userid="APP2") as conn:
        assert conn.put("CICS01.INITQ").reason == 2035
        try:
            conn.open("CICS01.INITQ")
        except NotConnected as refused:
            assert refused.reason == 2035
            assert refused.messages[0].msg_id == "ICH408I"
        else:
            raise AssertionError("MQOPEN was not refused")


def _secured(*texts: str) -> tuple[QueueManager, MemoryKeeper]:
    """The lab's QMZ1 with subsystem security on and the RACF commands ``texts`` run (then
    a restart, so the switches are read)."""
    qm, keeper = lab_qmgr()
    for text in ("RDELETE MQADMIN QMZ1.NO.SUBSYS.SECURITY", *texts):
        keeper.apply(lambda db, t=text: racf_run(db, t, Issuer("IBMUSER", NOW)))
    restart(qm)
    return qm, keeper


def _tso(keeper: MemoryKeeper, *texts: str) -> None:
    for text in texts:
        keeper.apply(lambda db, t=text: racf_run(db, t, Issuer("IBMUSER", NOW)))


def _shown(qm: QueueManager, done: Workload) -> list[str]:
    return [line(m.msg_id, m.inserts, qm.cpf) for m in done.messages]


def test_an_alternate_user_needs_alternate_user_authority() -> None:
    """MQOO_ALTERNATE_USER_AUTHORITY ("User IDs checked for batch connections"): the job's
    user needs UPDATE to MQADMIN hlq.ALTERNATE.USER.altuser, then the queue is checked for
    the alternate user, not the job's; NO.ALTERNATE.USER.CHECKS turns the first check off,
    REFRESH SECURITY(MQADMIN) reads the switch again."""
    qm, keeper = _secured(
        "RDEFINE MQADMIN (QMZ1.NO.CMD.CHECKS QMZ1.NO.CONNECT.CHECKS)",
        "ADDUSER (SERVER APP1 APP2)",
        "RDEFINE MQQUEUE QMZ1.CICS01.INITQ UACC(NONE)",
        "PERMIT QMZ1.CICS01.INITQ CLASS(MQQUEUE) ID(APP1) ACCESS(UPDATE)",
        "RDEFINE MQADMIN QMZ1.ALTERNATE.USER.APP* UACC(NONE)",
        "SETROPTS RACLIST(MQADMIN MQQUEUE) REFRESH",
    )
    depth = lambda: sum(r.count for r in qm.queued("CICS01.INITQ") or ())  # noqa: E731
    refused = qm.put("CICS01.INITQ", 1, 100, user="SERVER", alternate_user="APP1")
    assert refused.reason == 2035 and depth() == 0
    assert _shown(qm, refused) == [
        "ICH408I USER(SERVER  ) GROUP(SYS1    ) NAME(####################)",
        "ICH408I   QMZ1.ALTERNATE.USER.APP1 CL(MQADMIN )",
        "ICH408I   INSUFFICIENT ACCESS AUTHORITY",
        "ICH408I   FROM QMZ1.ALTERNATE.USER.APP* (G)",
        "ICH408I   ACCESS INTENT(UPDATE )  ACCESS ALLOWED(NONE   )",
    ]
    _tso(
        keeper,
        "PERMIT QMZ1.ALTERNATE.USER.APP* CLASS(MQADMIN) ID(SERVER) ACCESS(UPDATE)",
        "SETROPTS RACLIST(MQADMIN) REFRESH",
    )
    assert qm.execute("REFRESH SECURITY(MQADMIN)", source=CommandSource.CONSOLE).ok
    # SERVER itself has no access to the queue: APP1's is what counts.
    assert qm.put("CICS01.INITQ", 1, 100, user="SERVER").reason == 2035
    assert qm.put("CICS01.INITQ", 1, 100, user="SERVER", alternate_user="APP1").done == 1
    refused = qm.put("CICS01.INITQ", 1, 100, user="SERVER", alternate_user="APP2")
    assert refused.reason == 2035 and depth() == 1
    assert _shown(qm, refused)[:2] == [
        "ICH408I USER(APP2    ) GROUP(SYS1    ) NAME(####################)",
        "ICH408I   QMZ1.CICS01.INITQ CL(MQQUEUE )",
    ]
    assert qm.get("CICS01.INITQ", 1, user="SERVER", alternate_user="APP1").done == 1
    # The switch off: no alternate user check, the queue still checked for APP1.
    _tso(
        keeper,
        "PERMIT QMZ1.ALTERNATE.USER.APP* CLASS(MQADMIN) ID(SERVER) DELETE",
        "RDEFINE MQADMIN QMZ1.NO.ALTERNATE.USER.CHECKS",
        "SETROPTS RACLIST(MQADMIN) REFRESH",
    )
    assert qm.execute("REFRESH SECURITY(MQADMIN)", source=CommandSource.CONSOLE).ok
    assert qm.put("CICS01.INITQ", 1, 100, user="SERVER", alternate_user="APP1").done == 1
    assert qm.put("CICS01.INITQ", 1, 100, user="SERVER", alternate_user="APP2").reason == 2035


def test_bad_alternate_user_or_context_changes_nothing() -> None:
    import pytest

    qm, _keeper = _secured("RDEFINE MQADMIN (QMZ1.NO.CMD.CHECKS QMZ1.NO.CONNECT.CHECKS)")
    before = qm.state.tables["messages"].get("CICS01.INITQ")
    for bad in ("", "   ", "THIRTEENCHARS", "A B"):
        with pytest.raises(ValueError, match="alternate user id"):
            qm.put("CICS01.INITQ", alternate_user=bad)
    with pytest.raises(ValueError, match="context 'SET_SOME'"):
        qm.put("CICS01.INITQ", context="SET_SOME")
    with qm.connection("PAYJOB", userid="APP1") as conn:
        with pytest.raises(ValueError, match="MQOO_ALTERNATE_USER_AUTHORITY"):
            conn.open("CICS01.INITQ", ("MQOO_OUTPUT", "MQOO_ALTERNATE_USER_AUTHORITY"))
        with pytest.raises(ValueError, match="objtype"):
            conn.inquire("CICS01.INITQ", "CHANNEL")
    assert qm.state.tables["messages"].get("CICS01.INITQ") is before


def test_context_options_need_the_context_profile() -> None:
    """Context security ("Profiles for context security", "API-resource security access
    quick reference"): MQADMIN hlq.CONTEXT.queue READ to pass context, UPDATE to set
    identity context, CONTROL to set all; a transmission queue opened for output by its own
    name needs CONTROL; the job's user is checked, even with an alternate user; the
    NO.CONTEXT.CHECKS switch turns them off."""
    from mqsc.engine.connregistry import NotConnected

    qm, keeper = _secured(
        "RDEFINE MQADMIN (QMZ1.NO.CMD.CHECKS QMZ1.NO.CMD.RESC.CHECKS QMZ1.NO.CONNECT.CHECKS)",
        "ADDUSER (APP1 APP2)",
        "RDEFINE MQQUEUE QMZ1.** UACC(UPDATE)",
        "RDEFINE MQADMIN QMZ1.CONTEXT.** UACC(NONE)",
        "PERMIT QMZ1.CONTEXT.** CLASS(MQADMIN) ID(APP1) ACCESS(UPDATE)",
        "RDEFINE MQADMIN QMZ1.ALTERNATE.USER.** UACC(UPDATE)",
        "SETROPTS RACLIST(MQADMIN MQQUEUE) REFRESH",
    )
    assert qm.execute("DEFINE QLOCAL(TO.QMZ2) USAGE(XMITQ)").ok

    def reason(user: str, context: str | None, queue: str = "CICS01.INITQ", **kw) -> int:
        return qm.put(queue, 1, 100, user=user, context=context, **kw).reason

    assert reason("APP2", None) == reason("APP2", "DEFAULT") == 0  # no context check
    assert reason("APP2", "PASS_ALL") == 2035
    assert reason("APP1", "PASS_IDENTITY") == reason("APP1", "MQPMO_SET_IDENTITY_CONTEXT") == 0
    refused = qm.put("CICS01.INITQ", 1, 100, user="APP1", context="SET_ALL")
    assert refused.reason == 2035
    assert _shown(qm, refused)[1:] == [
        "ICH408I   QMZ1.CONTEXT.CICS01.INITQ CL(MQADMIN )",
        "ICH408I   INSUFFICIENT ACCESS AUTHORITY",
        "ICH408I   FROM QMZ1.CONTEXT.** (G)",
        "ICH408I   ACCESS INTENT(CONTROL)  ACCESS ALLOWED(UPDATE )",
    ]
    # The context check is the job's user's, whoever the alternate user is.
    assert reason("APP2", "SET_IDENTITY", alternate_user="APP1") == 2035
    assert reason("APP1", "SET_IDENTITY", alternate_user="APP2") == 0
    # A transmission queue by its own name: CONTROL.
    assert reason("APP1", None, "TO.QMZ2") == 2035
    with qm.connection("PAYJOB", userid="APP1") as conn:
        hid = conn.open("CICS01.INITQ", ("MQOO_OUTPUT", "MQOO_SET_IDENTITY_CONTEXT"))
        conn.close_handle(hid)
        try:
            conn.open("CICS01.INITQ", ("MQOO_OUTPUT", "MQOO_SET_ALL_CONTEXT"))
        except NotConnected as refused_open:
            assert refused_open.reason == 2035
        else:
            raise AssertionError("MQOPEN was not refused")
        assert conn.put("CICS01.INITQ", context="SET_ALL", syncpoint=True).reason == 2035
        assert conn.put("CICS01.INITQ", context="SET_IDENTITY", syncpoint=True).done == 1
        conn.commit()
    _tso(
        keeper,
        "RDEFINE MQADMIN QMZ1.NO.CONTEXT.CHECKS",
        "SETROPTS RACLIST(MQADMIN) REFRESH",
    )
    assert reason("APP2", "SET_ALL") == 2035  # until REFRESH SECURITY reads the switch
    assert qm.execute("REFRESH SECURITY(MQADMIN)", source=CommandSource.CONSOLE).ok
    assert reason("APP2", "SET_ALL") == reason("APP2", None, "TO.QMZ2") == 0


def test_inquire_of_a_process_or_namelist_is_checked() -> None:
    """MQOPEN for inquire of a process (MQPROC hlq.process READ, "Profiles for processes")
    or a namelist (MQNLIST hlq.namelist READ); NO.PROCESS.CHECKS and NO.NLIST.CHECKS turn
    them off. The inquire answers the object's attributes."""
    from mqsc.engine.connregistry import NotConnected

    qm, keeper = _secured(
        "RDEFINE MQADMIN (QMZ1.NO.CMD.CHECKS QMZ1.NO.CMD.RESC.CHECKS QMZ1.NO.CONNECT.CHECKS)",
        "ADDUSER (APP1 APP2)",
        "RDEFINE MQPROC QMZ1.** UACC(NONE)",
        "PERMIT QMZ1.** CLASS(MQPROC) ID(APP1) ACCESS(READ)",
        "RDEFINE MQNLIST QMZ1.PAY.* UACC(READ)",
        "SETROPTS RACLIST(MQADMIN MQPROC MQNLIST) REFRESH",
    )
    assert qm.execute("DEFINE PROCESS(PAY.PROC) APPLICID('PAYT')").ok
    assert qm.execute("DEFINE NAMELIST(PAY.NAMES) NAMES(A, B)").ok
    assert qm.execute("DEFINE NAMELIST(HR.NAMES) NAMES(C)").ok

    def inquire(user: str, name: str, objtype: str) -> object:
        with qm.connection("INQJOB", userid=user) as conn:
            try:
                return conn.inquire(name, objtype)
            except NotConnected as refused:
                return refused.reason

    answered = inquire("APP1", "PAY.PROC", "PROCESS")
    assert isinstance(answered, dict) and answered["APPLICID"] == "PAYT"
    assert inquire("APP2", "PAY.PROC", "PROCESS") == 2035
    assert inquire("APP1", "NO.SUCH", "PROCESS") == 2085
    names = inquire("APP2", "PAY.NAMES", "namelist")
    assert isinstance(names, dict) and list(names["NAMES"]) == ["A", "B"]
    assert inquire("APP2", "HR.NAMES", "NAMELIST") == 2035  # no profile
    assert inquire("APP1", "CICS01.INITQ", "QUEUE") == 2035  # no MQQUEUE profile covers it
    _tso(
        keeper,
        "RDEFINE MQADMIN (QMZ1.NO.PROCESS.CHECKS QMZ1.NO.NLIST.CHECKS)",
        "SETROPTS RACLIST(MQADMIN) REFRESH",
    )
    assert qm.execute("REFRESH SECURITY(MQADMIN)", source=CommandSource.CONSOLE).ok
    assert isinstance(inquire("APP2", "PAY.PROC", "PROCESS"), dict)
    assert isinstance(inquire("APP2", "HR.NAMES", "NAMELIST"), dict)


def test_a_subscription_needs_the_subscribe_profile_of_its_node() -> None:
    """MQSUB (resuming a DEFINE SUB) is checked on the topic administration node at or above
    the subscription's topic string (MXTOPIC hlq.SUBSCRIBE.node, ALTER; IBM "Profiles for topic
    security"), unless NO.TOPIC.CHECKS; a refusal is MQRC 2035 with ICH408I and opens nothing."""
    from mqsc.engine.connregistry import NotConnected

    qm, keeper = lab_qmgr()
    assert qm.execute("DEFINE TOPIC(SPORTS) TOPICSTR('Sports')").ok
    assert qm.execute("DEFINE QLOCAL(GOALS.Q)").ok
    assert qm.execute("DEFINE SUB(GOALS) TOPICSTR('Sports/Football/#') DEST(GOALS.Q)").ok
    _tso(
        keeper,
        "RDELETE MQADMIN QMZ1.NO.SUBSYS.SECURITY",
        "RDEFINE MQADMIN (QMZ1.NO.CMD.CHECKS QMZ1.NO.CONNECT.CHECKS)",
        "ADDUSER (FAN1 FAN2)",
        "RDEFINE MXTOPIC QMZ1.SUBSCRIBE.SPORTS UACC(NONE)",
        "PERMIT QMZ1.SUBSCRIBE.SPORTS CLASS(MXTOPIC) ID(FAN1) ACCESS(ALTER)",
        "SETROPTS RACLIST(MQADMIN MXTOPIC) REFRESH",
    )
    restart(qm)
    with qm.connection("FANJOB", userid="FAN1") as conn:
        conn.close_handle(conn.subscribe("GOALS"))
    with qm.connection("FANJOB", userid="FAN2") as conn:
        try:
            conn.subscribe("GOALS")
        except NotConnected as refused:
            assert refused.reason == 2035
            shown = [line(m.msg_id, m.inserts, qm.cpf) for m in refused.messages]
            assert "ICH408I   QMZ1.SUBSCRIBE.SPORTS CL(MXTOPIC )" in shown
        else:
            raise AssertionError("MQSUB was not refused")
        assert not qm.state.tables["conn"][conn.conn].handles
    _tso(keeper, "RDEFINE MQADMIN QMZ1.NO.TOPIC.CHECKS", "SETROPTS RACLIST(MQADMIN) REFRESH")
    restart(qm)
    with qm.connection("FANJOB", userid="FAN2") as conn:
        conn.close_handle(conn.subscribe("GOALS"))


def test_refresh_security_connauth_reads_the_connauth_object() -> None:
    """REFRESH SECURITY TYPE(CONNAUTH) reads the AUTHINFO that CONNAUTH names: blank, none
    to read; missing or not IDPWOS, the command fails and nothing changes; else its checks."""
    qm = fresh_qmz1()

    def ids(text: str) -> tuple[bool, list[str]]:
        result = qm.execute(text, source=CommandSource.CONSOLE)
        return result.ok, list(result.message_ids)

    assert qm.execute("ALTER QMGR CONNAUTH(' ')").ok
    assert ids("REFRESH SECURITY TYPE(CONNAUTH)") == (True, ["MQSC477I", "CSQ9022I"])
    assert qm.execute("ALTER QMGR CONNAUTH(USE.PW)").ok
    before = qm.digest()
    assert ids("REFRESH SECURITY TYPE(CONNAUTH)") == (False, ["MQSC475E", "CSQ9023E"])
    assert qm.digest() == before
    assert qm.execute(
        "DEFINE AUTHINFO(USE.PW) AUTHTYPE(IDPWOS) CHCKLOCL(OPTIONAL) CHCKCLNT(REQUIRED)"
    ).ok
    result = qm.execute("REFRESH SECURITY TYPE(CONNAUTH)", source=CommandSource.CONSOLE)
    shown = [line(m.msg_id, m.inserts, qm.cpf) for m in result.messages()]
    assert (
        shown[0]
        == "MQSC478I QMZ1 CSQHSREF CONNAUTH(USE.PW) read: CHCKLOCL(OPTIONAL) CHCKCLNT(REQUIRED)"
    )


def test_refresh_security_ssl_needs_the_channel_initiator_and_tls() -> None:
    """TYPE(SSL): the channel initiator's answer while it is not started (CSQM131I); started,
    mqsc's channels hold no key ring, so the command fails (MQSC476E) and changes nothing."""
    qm = fresh_qmz1()
    result = qm.execute("REFRESH SECURITY(*) TYPE(SSL)", source=CommandSource.CONSOLE)
    assert not result.ok and result.message_ids[0] == "CSQM131I"
    assert qm.execute("START CHINIT", source=CommandSource.CONSOLE).ok
    before = qm.digest()
    result = qm.execute("REFRESH SECURITY(*) TYPE(SSL)", source=CommandSource.CONSOLE)
    assert not result.ok and result.message_ids[0] == "MQSC476E"
    assert qm.digest() == before
