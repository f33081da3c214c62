"""IBM's z/OS MQ security lab (ibm-wsc/mq-zos, docs/security.md) end to end, as a user runs it
(samples/security/README.md): jobs define the groups and profiles and turn security on, QMZ1
restarts and prints its switches, PUTMSG as USER3 fails at MQCONN with ICH408I in its job log
and MQRC 2035, and RACF changes plus REFRESH SECURITY let it through. The captured texts are a
golden file; the lab's own lines are asserted as IBM printed them (with QMZ1 for ZQS1)."""

from __future__ import annotations

from pathlib import Path

from mqsc.cli import main
from tests.conftest import GOLDEN


def run(capsys, *args: str) -> tuple[int, str]:
    status = main(list(args))
    return status, capsys.readouterr().out


def job_log(listing: str) -> list[str]:
    """The JESMSGLG lines of a held-output listing (between its first two data markers)."""
    lines = listing.splitlines()
    start = next(i for i, line in enumerate(lines) if "J E S 2  J O B  L O G" in line)
    end = next(i for i in range(start, len(lines)) if "BOTTOM OF DATA" in lines[i])
    return lines[start:end]


def test_the_security_lab_as_a_user_runs_it(tmp_path: Path, capsys, golden, monkeypatch) -> None:
    # The lab's console operator, as its first line says: GROUPS.jcl puts MQSC in MQSYSP.
    monkeypatch.setenv("MQSC_USER", "MQSC")
    assert run(capsys, "samples", "copy", "security", str(tmp_path))[0] == 0
    jobs = tmp_path / "security"
    for member in ("GROUPS", "MQCMDS", "MQCONN", "MQQUEUE", "ENABLE"):
        status, _ = run(capsys, "job", str(jobs / f"{member}.jcl"))
        assert status == 0, member
    status, started = run(capsys, "restart")
    assert status == 0
    switches = [line for line in started.splitlines() if line.startswith("CSQH")]
    assert switches[0] == (
        "CSQH024I QMZ1 CSQHINIT SUBSYSTEM security switch set ON, profile "
        "'QMZ1.NO.SUBSYS.SECURITY' not found"
    )

    status, refused = run(capsys, "job", str(jobs / "PUTMSG.jcl"))
    assert status == 8
    log = [line.split(None, 2)[-1] for line in job_log(refused) if "ICH408I" in line]
    assert log[:2] == [
        "ICH408I USER(USER3   ) GROUP(SYS1    ) NAME(NOT AN MQ USER      )",
        "ICH408I   QMZ1.BATCH CL(MQCONN  )",
    ]
    assert "MQCONN failed with reason code 2035 (MQRC_NOT_AUTHORIZED)" in refused

    # The lab's fix for a queue: a PERMIT, RACF's in-storage copy refreshed, then the queue
    # manager's (USER3 may connect once in MQUSERS; its group is read at each job start).
    status, granted = run(
        capsys,
        "racf",
        "CONNECT USER3 GROUP(MQUSERS)",
        "PERMIT QMZ1.SYSTEM.DEFAULT.LOCAL.QUEUE CLASS(MQQUEUE) ID(USER3) ACCESS(UPDATE)",
        "SETROPTS RACLIST(MQQUEUE) REFRESH",
    )
    assert status == 0, granted
    deck = tmp_path / "refresh.mqsc"
    deck.write_text("REFRESH SECURITY(MQQUEUE)\n")
    status, refreshed = run(capsys, "run", str(deck))
    assert status == 0
    assert "CSQH001I QMZ1 CSQHCHK4 Security using uppercase classes" in refreshed
    assert "CSQ9022I QMZ1 CSQHSREF ' REFRESH SECURITY' NORMAL COMPLETION" in refreshed
    status, allowed = run(capsys, "job", str(jobs / "PUTMSG.jcl"))
    assert status == 0, allowed
    assert not [line for line in job_log(allowed) if "ICH408I" in line]
    assert "Total Transactions : 10" in allowed

    golden(
        GOLDEN / "security" / "lab-cli.txt",
        "\n".join(
            [
                "$ mqsc restart (the switches)",
                *switches,
                "$ mqsc job PUTMSG.jcl (refused): its job log",
                *log,
                *[line for line in refused.splitlines() if "MQCONN failed" in line],
                "$ mqsc racf ...",
                granted.rstrip(),
                "$ echo 'REFRESH SECURITY(MQQUEUE)' | mqsc run",
                *[line for line in refreshed.splitlines() if line.startswith(("CSQH", "CSQ9"))],
                "",
            ]
        ),
    )
