"""`mqsc job` joins the home network as `mqsc run` does (docs/channels.md): a CSQUTIL COMMAND
deck's START CHANNEL finds its receiver on another queue manager of the home, and the
messages a later step puts move there; a job that connects to both queue managers holds one
copy of each."""

from __future__ import annotations

import json
from pathlib import Path

from mqsc.cli import main

QMZ2_DECK = """START CHINIT
START LISTENER TRPTYPE(TCP) PORT(1415)
DEFINE QLOCAL(PAY.IN)
DEFINE CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(RCVR) TRPTYPE(TCP)
"""

JOB = """//CHANNEL  JOB (ACCT),'CHANNEL',CLASS=A,MSGCLASS=K
//SETUP    EXEC PGM=CSQUTIL,PARM='QMZ1'
//SYSPRINT DD SYSOUT=*
//SYSIN    DD *
  COMMAND DDNAME(CMDINP)
/*
//CMDINP   DD *
  START CHINIT
  DEFINE QLOCAL(QMZ2) USAGE(XMITQ)
  DEFINE QREMOTE(PAY.OUT) RNAME(PAY.IN) RQMNAME(QMZ2) XMITQ(QMZ2)
  DEFINE CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(SDR) TRPTYPE(TCP) +
         CONNAME('zos2(1415)') XMITQ(QMZ2)
  START CHANNEL(QMZ1.TO.QMZ2)
  DISPLAY CHSTATUS(QMZ1.TO.QMZ2) STATUS
/*
//LOADQ    EXEC PGM=OEMPUTX,
//             PARM=('-mQMZ1 -qPAY.OUT -n3 -s100')
//SYSPRINT DD SYSOUT=*
//CHECK    EXEC PGM=CSQUTIL,PARM='QMZ2'
//SYSPRINT DD SYSOUT=*
//SYSIN    DD *
  COMMAND DDNAME(CMDINP)
/*
//CMDINP   DD *
  DISPLAY QLOCAL(PAY.IN) CURDEPTH
/*
"""


def test_a_job_starts_a_channel_that_runs(tmp_path: Path, capsys) -> None:
    deck = tmp_path / "qmz2.mqsc"
    deck.write_text(QMZ2_DECK)
    assert main(["create", "QMZ2"]) == 0
    assert main(["run", "-m", "QMZ2", str(deck)]) == 0
    jcl = tmp_path / "channel.jcl"
    jcl.write_text(JOB)
    capsys.readouterr()
    main(["job", str(jcl)])
    out = capsys.readouterr().out
    assert "STATUS(RUNNING" in out, out  # padded as CSQM422I pads it
    assert "CURDEPTH(3)" in out.replace(" ", ""), out
    # On disk after the job: the transmission queue drained, the messages on QMZ2.
    check = tmp_path / "check.mqsc"
    check.write_text("DISPLAY QSTATUS(PAY.IN)\n")
    assert main(["run", "-m", "QMZ2", "--format", "json", str(check)]) == 0
    reply = json.loads(capsys.readouterr().out.splitlines()[0])
    assert reply["commandResponse"][0]["parameters"]["curdepth"] == 3
    check.write_text("DISPLAY QSTATUS(QMZ2)\n")
    assert main(["run", "--format", "json", str(check)]) == 0
    reply = json.loads(capsys.readouterr().out.splitlines()[0])
    assert reply["commandResponse"][0]["parameters"]["curdepth"] == 0
