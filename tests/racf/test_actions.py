"""The RACF commands on a database: what each changes, prints and returns."""

from __future__ import annotations

import datetime as dt

from mqsc.racf import actions as commands
from mqsc.racf.access import decide
from mqsc.racf.database import Database, fresh

ISSUER = commands.Issuer("USER1", dt.datetime(2026, 3, 5))


def _run(db: Database, *texts: str) -> tuple[Database, list[commands.Outcome]]:
    outcomes = []
    for text in texts:
        outcome = commands.run(db, text, ISSUER)
        db = outcome.db
        outcomes.append(outcome)
    return db, outcomes


def _lab() -> Database:
    db, outcomes = _run(
        fresh("26.064"),
        "ADDGROUP MQSTC",
        "ADDGROUP MQUSERS",
        "ADDUSER USER1 DFLTGRP(SYS1)",
        "CONNECT USER1 GROUP(MQUSERS)",
        "ADDUSER START1 DFLTGRP(MQSTC)",
        "ADDUSER USER3",
    )
    assert [o.rc for o in outcomes] == [0] * 6
    return db


def test_a_user_group_and_profile_life() -> None:
    db, outcomes = _run(
        _lab(),
        "RDEFINE MQQUEUE ZQS1.** OWNER(SYS1)",
        "PERMIT ZQS1.** CLASS(MQQUEUE) RESET",
        "PERMIT ZQS1.** CLASS(MQQUEUE) ID(MQSTC) ACC(READ)",
        "RDEFINE MQQUEUE ZQS1.SYSTEM.** OWNER(SYS1)",
        "PERMIT ZQS1.SYSTEM.** CLASS(MQQUEUE) ID(MQUSERS) ACC(UPDATE)",
    )
    assert outcomes[0].lines == (
        "ICH10006I RACLISTED PROFILES FOR MQQUEUE WILL NOT REFLECT "
        "THE ADDITION(S) UNTIL A SETROPTS REFRESH IS ISSUED.",
    )
    # RACLISTed: checks see the in-storage copy until SETROPTS RACLIST(MQQUEUE) REFRESH.
    assert decide(db, "USER1", "MQQUEUE", "ZQS1.SYSTEM.X", "UPDATE").outcome == "not-found"
    db, (refresh,) = _run(db, "SETROPTS RACLIST(MQQUEUE) REFRESH")
    assert refresh.lines == ("ICH14063I SETROPTS COMMAND COMPLETE.",)
    allowed = decide(db, "USER1", "MQQUEUE", "ZQS1.SYSTEM.X", "UPDATE")
    assert (allowed.outcome, allowed.profile) == ("allowed", "ZQS1.SYSTEM.**")
    refused = decide(db, "START1", "MQQUEUE", "ZQS1.CICS01.INITQ", "UPDATE")
    assert (refused.outcome, refused.allowed, refused.profile) == (
        "insufficient",
        "READ",
        "ZQS1.**",
    )
    # The creator is on the access list with ALTER (SETROPTS ADDCREATOR), until RESET.
    assert db.profiles[("MQQUEUE", "ZQS1.SYSTEM.**")].permit_of("USER1").access == "ALTER"
    assert db.profiles[("MQQUEUE", "ZQS1.**")].permit_of("USER1") is None


def test_bad_input_changes_nothing() -> None:
    db = _lab()
    for text, lines, rc in [
        (
            "RDEFINE MQQUEUE",
            (
                "IKJ56701I MISSING ENTITY NAME+",
                "IKJ56701I MISSING NAME OF ENTITY IN SPECIFIED CLASS",
            ),
            8,
        ),
        (
            "RDEFINE MQQUEUE A*B.C",
            (
                "MQSC230E A*B.C IS NOT A VALID PROFILE NAME IN CLASS "
                "MQQUEUE: * can only end a qualifier or be a whole "
                "qualifier",
            ),
            8,
        ),
        (
            "RDEFINE MQQUEUE ABC%*",
            ("ICH10313I Profile cannot be defined. Profile names cannot end with '%*'.",),
            8,
        ),
        (
            "PERMIT ZQS1.NOSUCH CLASS(MQQUEUE) ID(MQSTC)",
            ("ICH06004I ZQS1.NOSUCH NOT DEFINED TO RACF",),
            8,
        ),
        ("ADDUSER LONGUSERID", ("IKJ56702I INVALID USERID, LONGUSERID",), 8),
        ("ADDUSER USER1", ("IKJ56702I INVALID USERID, USER1",), 8),
        ("ALTUSER NOBODY SPECIAL", ("ICH21009I UNABLE TO LOCATE NOBODY",), 8),
        ("RDELETE MQQUEUE NOPE", ("ICH12102I NOPE NOT DEFINED TO CLASS MQQUEUE.",), 8),
        (
            "REMOVE USER1 GROUP(SYS1)",
            ("MQSC234E SYS1 IS THE DEFAULT GROUP OF USER1 AND CANNOT BE REMOVED",),
            8,
        ),
        (
            "DELGROUP MQUSERS",
            (
                "MQSC233E GROUP MQUSERS STILL HAS MEMBERS OR SUBGROUPS",
                "ICH05004I MQUSERS NOT DELETED",
            ),
            8,
        ),
        (
            "ADDUSER (NEWBIE NEWBIE2) DFLTGRP(NOGROUP)",
            (
                "MQSC231E GROUP NOGROUP NOT DEFINED TO RACF",
                "ICH01010I NEWBIE AND REMAINING USERS NOT ADDED",
            ),
            8,
        ),
        (
            "CONNECT USER1 GROUP(NOGROUP)",
            ("MQSC231E GROUP NOGROUP NOT DEFINED TO RACF", "ICH02003I USER1 NOT CONNECTED"),
            8,
        ),
    ]:
        outcome = commands.run(db, text, ISSUER)
        assert (outcome.lines, outcome.rc) == (lines, rc), text
        assert outcome.db is db, text


def test_partial_success_is_rc_4() -> None:
    db, (first, second) = _run(_lab(), "RDEFINE MQQUEUE (A B)", "RDEFINE MQQUEUE (A C)")
    assert first.rc == 0
    assert second.rc == 4 and "ICH10102I A ALREADY DEFINED TO CLASS MQQUEUE." in second.lines
    assert ("MQQUEUE", "C") in db.profiles
    db, (permit,) = _run(db, "PERMIT A CLASS(MQQUEUE) ID(GHOST,MQSTC) ACCESS(UPDATE)")
    assert permit.rc == 4 and permit.lines[0] == "ICH06007I GHOST NOT DEFINED TO RACF"
    assert db.profiles[("MQQUEUE", "A")].permit_of("MQSTC").access == "UPDATE"


def test_a_permit_that_changed_nothing_gives_no_raclist_reminder() -> None:
    """ICH06011I says the in-storage profiles will not reflect the update(s): a PERMIT whose
    only id RACF does not know updated nothing, so it is not said."""
    db, _ = _run(_lab(), "RDEFINE MQCONN QMZ1.BATCH UACC(NONE)", "SETROPTS RACLIST(MQCONN)")
    db, (unknown, known) = _run(
        db,
        "PERMIT QMZ1.BATCH CLASS(MQCONN) ID(NOBODY) ACCESS(READ)",
        "PERMIT QMZ1.BATCH CLASS(MQCONN) ID(NOBODY,MQSTC) ACCESS(READ)",
    )
    assert (unknown.lines, unknown.rc) == (("ICH06007I NOBODY NOT DEFINED TO RACF",), 4)
    assert known.rc == 4 and known.lines[0] == "ICH06007I NOBODY NOT DEFINED TO RACF"
    assert known.lines[1].startswith("ICH06011I RACLISTED PROFILES FOR MQCONN WILL NOT REFLECT")


def test_permit_delete_reset_and_warning() -> None:
    db, outcomes = _run(
        _lab(),
        "RDEFINE MQQUEUE Q.** UACC(NONE) WARNING",
        "PERMIT Q.** CLASS(MQQUEUE) ID(MQSTC) DELETE",
        "PERMIT Q.** CLASS(MQQUEUE) ID(USER1) DELETE RESET",
        "SETROPTS RACLIST(MQQUEUE) REFRESH",
    )
    assert outcomes[1].lines[0] == "ICH06002I MQSTC NOT AUTHORIZED, DELETE IGNORED"
    assert outcomes[2].lines[0] == ("ICH06009I RESET OPTION IGNORED, CONFLICTS WITH DELETE REQUEST")
    assert db.profiles[("MQQUEUE", "Q.**")].permits == ()
    assert decide(db, "USER3", "MQQUEUE", "Q.A", "UPDATE").outcome == "warning"


def test_mixed_case_classes_keep_the_case() -> None:
    db, _ = _run(
        _lab(),
        "SETROPTS CLASSACT(MXQUEUE) RACLIST(MXQUEUE)",
        "RDEFINE MXQUEUE ZQS1.Payroll.** UACC(READ)",
        "RDEFINE MQQUEUE zqs1.payroll.** UACC(READ)",
        "SETROPTS RACLIST(*) REFRESH",
    )
    assert ("MXQUEUE", "ZQS1.Payroll.**") in db.profiles
    assert ("MQQUEUE", "ZQS1.PAYROLL.**") in db.profiles
    assert decide(db, "USER3", "MXQUEUE", "ZQS1.payroll.Q", "READ").outcome == "not-found"
    assert decide(db, "USER3", "MXQUEUE", "ZQS1.Payroll.Q", "READ").outcome == "allowed"


def test_setropts_refresh_of_a_class_not_raclisted() -> None:
    db, (noraclist, refresh, alone) = _run(
        _lab(),
        "SETROPTS NORACLIST(MQADMIN)",
        "SETROPTS RACLIST(MQADMIN) REFRESH",
        "SETROPTS REFRESH",
    )
    assert refresh.lines == ("ICH14070I SETROPTS RACLIST REFRESH had no effect on class MQADMIN",)
    assert alone.lines == ("ICH14013I REFRESH IGNORED. NO RELATED KEYWORDS SPECIFIED.",)
    # Not RACLISTed: a check reads the database itself.
    db, _ = _run(db, "RDEFINE MQADMIN ZQS1.NO.QUEUE.CHECKS")
    assert (
        decide(db, "USER1", "MQADMIN", "ZQS1.NO.QUEUE.CHECKS", "READ").profile
        == "ZQS1.NO.QUEUE.CHECKS"
    )


def test_search_and_rlist() -> None:
    db, outcomes = _run(
        fresh("26.064"),
        "RDEFINE MQADMIN (ZQS1.NO.SUBSYS.SECURITY ZQS1.NO.TOPIC.CHECKS ZQS2.NO.QUEUE.CHECKS)",
        "SEARCH CLASS(MQADMIN) FILTER(ZQS1.**)",
        "RDEFINE MQCMDS ZQS1.**",
        "RLIST MQCMDS ZQS1.ALTER.QMGR GENERIC",
        "SEARCH CLASS(MQCMDS) CLIST('RDELETE MQCMDS ')",
    )
    assert outcomes[1].lines == ("ZQS1.NO.SUBSYS.SECURITY", "ZQS1.NO.TOPIC.CHECKS")
    assert outcomes[3].lines[2] == "MQCMDS     ZQS1.** (G)"
    assert outcomes[4].clist == ("RDELETE MQCMDS ZQS1.**",)
