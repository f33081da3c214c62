"""The log's runbooks through the command line: a BSDS copy is allocated while the queue
manager runs (IDCAMS DELETE fails), deleted while it is stopped, the start goes on in single
BSDS mode, and RECOVER BSDS allocates it again from the good copy; a job's put while the log is
suspended is held, not failed with an invented reason code."""

from __future__ import annotations

from pathlib import Path

from mqsc.batch.datasets import home_catalog
from mqsc.cli import main

DELETE_JOB = """\
//USER1DL  JOB (ACCT),'DELETE BSDS',CLASS=A,MSGCLASS=K
//DELETE   EXEC PGM=IDCAMS
//SYSPRINT DD SYSOUT=*
//SYSIN    DD *
  DELETE QMZ1.BSDS02 CLUSTER
/*
"""


def deck(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_deleted_bsds_copy_means_single_mode_until_recover_bsds(tmp_path, capsys) -> None:
    job = deck(tmp_path, "delete.jcl", DELETE_JOB)
    recover = deck(tmp_path, "recover.mqsc", "RECOVER BSDS\n")
    # The first start with the home's catalog catalogs both copies.
    assert main(["restart"]) == 0
    catalog = home_catalog()
    assert catalog.bsds_data_set("QMZ1.BSDS01") and catalog.bsds_data_set("QMZ1.BSDS02")
    # Dual mode: nothing to recover.
    capsys.readouterr()
    assert main(["run", recover]) == 10
    assert "MQSC656E QMZ1 RECOVER BSDS is not done: the BSDS is in dual mode already" in (
        capsys.readouterr().out
    )
    # Allocated while the queue manager runs: the catalog refuses the delete.
    main(["job", job])
    out = capsys.readouterr().out
    assert "IDC0551I ** ENTRY QMZ1.BSDS02 NOT DELETED" in out
    assert catalog.bsds_data_set("QMZ1.BSDS02")
    # Stopped, the data set can go; the start then runs with one copy.
    assert main(["run", deck(tmp_path, "stop.mqsc", "STOP QMGR\n")]) == 0
    main(["job", job])
    assert "IDC0550I ENTRY (C) QMZ1.BSDS02 DELETED" in capsys.readouterr().out
    assert not catalog.bsds_data_set("QMZ1.BSDS02")
    assert main(["restart"]) == 0
    out = capsys.readouterr().out
    assert (
        "MQSC667E QMZ1 BSDS copy QMZ1.BSDS02 cannot be opened (the data set catalog does not "
        "hold it): the queue manager runs in single BSDS mode with QMZ1.BSDS01 until RECOVER "
        "BSDS\n"
    ) in out
    assert "CSQ9022I QMZ1 CSQYASCP ' START QMGR' NORMAL COMPLETION" in out
    # A second restart still in single mode says nothing new (the copy is known lost).
    assert main(["restart"]) == 0
    assert "MQSC667E" not in capsys.readouterr().out
    # RECOVER BSDS allocates the copy again from the good one: dual mode, once.
    assert main(["run", recover]) == 0
    out = capsys.readouterr().out
    assert (
        "MQSC668I QMZ1 Dual BSDS mode restored: QMZ1.BSDS02 allocated and copied from QMZ1.BSDS01"
        in out
    )
    assert catalog.bsds_data_set("QMZ1.BSDS02")
    assert main(["run", recover]) == 10
    assert "dual mode already" in capsys.readouterr().out
    assert main(["restart"]) == 0
    assert "MQSC667E" not in capsys.readouterr().out


PUT_JOB = """\
//USER1NP  JOB (ACCT),'PUT',CLASS=A,MSGCLASS=K
//LOADQ    EXEC PGM=OEMPUTX,
//             PARM=('-mQMZ1 -qUSER1.ABAR.QUEUE -n3 -s100 -p -c2')
//SYSPRINT DD SYSOUT=*
//SYSOUT   DD SYSOUT=*
"""


def test_a_job_put_while_the_log_is_suspended_is_held_not_failed_with_a_reason(
    tmp_path, capsys
) -> None:
    # SUSPEND QMGR LOG comes from the console only; z/OS holds the MQPUT and documents no
    # reason code: the step says so (MQSC666E, no MQRC) and ends with condition code 8.
    from mqsc import open_qmgr  # noqa: PLC0415 - the console's SUSPEND, as the operator types it
    from mqsc.catalog import CommandSource  # noqa: PLC0415 - idem

    job = deck(tmp_path, "put.jcl", PUT_JOB)
    assert main(["put", "USER1.ABAR.QUEUE", "--data", "first"]) == 0
    qm = open_qmgr("QMZ1")
    try:
        assert qm.run("SUSPEND QMGR LOG", source=CommandSource.CONSOLE)[0].ok
    finally:
        qm.close()
    capsys.readouterr()
    main(["job", job])
    out = capsys.readouterr().out
    assert "Completion          : not done, held by SUSPEND QMGR LOG (no MQ reason code)" in out
    assert (
        "MQSC666E QMZ1 Logging is suspended (SUSPEND QMGR LOG): the put on USER1.ABAR.QUEUE" in out
    )
    assert "MQPUT failed with reason code" not in out
    assert "$HASP395 USER1NP  ENDED - RC=0008" in out
