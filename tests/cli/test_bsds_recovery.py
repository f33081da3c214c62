"""The BSDS-recovery runbook through the command line: a BSDS copy is allocated while the
queue manager runs (IDCAMS DELETE fails), deleted while it is stopped, the start goes on in
single BSDS mode, and RECOVER BSDS allocates it again from the good copy."""

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
