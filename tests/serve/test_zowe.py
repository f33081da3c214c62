"""Real clients, unchanged: the Zowe CLI with its IBM MQ plug-in, its console group and its
jobs group, each run as a subprocess against the test server on loopback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.serve import zowe
from tests.serve.conftest import ROOT, USERS, Server

ZOSMF = {"X-CSRF-ZOSMF-HEADER": "true"}


@pytest.fixture(scope="session")
def zowe_cli() -> tuple[Path, dict[str, str]]:
    return zowe.zowe()


def run_zowe(zowe_cli, server: Server, *args: str) -> subprocess.CompletedProcess:
    executable, env = zowe_cli
    connection = [
        "--host",
        "127.0.0.1",
        "--port",
        str(server.port),
        "--user",
        "admin",
        "--password",
        USERS["admin"][0],
        "--protocol",
        "http",
        "--reject-unauthorized",
        "false",
    ]
    return subprocess.run(
        [str(executable), *args, *connection],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )


def test_zowe_mq_display_usage(zowe_cli, server: Server) -> None:
    done = run_zowe(zowe_cli, server, "mq", "run", "mqsc", "QMZ1", "DIS USAGE PSID(11)")
    assert done.returncode == 0, done.stderr
    assert "CSQI010I QMZ1 Page set usage ..." in done.stdout
    assert "CSQ9022I QMZ1 CSQIDUSE ' DISPLAY USAGE' NORMAL COMPLETION" in done.stdout


def test_zowe_mq_define_then_a_failing_command(zowe_cli, server: Server) -> None:
    made = run_zowe(zowe_cli, server, "mq", "run", "mqsc", "QMZ1", "DEFINE QLOCAL(ZOWE.Q1)")
    assert "CSQ9022I QMZ1 CSQMAQLC ' DEFINE QLOCAL' NORMAL COMPLETION" in made.stdout, made.stderr
    again = run_zowe(zowe_cli, server, "mq", "run", "mqsc", "QMZ1", "DEFINE QLOCAL(ZOWE.Q1)")
    assert "MQSC595E QMZ1 CSQMAQLC QLOCAL(ZOWE.Q1) ALREADY EXISTS" in again.stdout
    assert "CSQ9023E QMZ1 CSQMAQLC ' DEFINE QLOCAL' ABNORMAL COMPLETION" in again.stdout


def test_zowe_console_routes_by_command_prefix(zowe_cli, server: Server) -> None:
    done = run_zowe(zowe_cli, server, "zos-console", "issue", "command", "/QMZ1 DIS USAGE")
    assert done.returncode == 0, done.stderr
    assert "CSQI065I QMZ1 Buffer pool attributes ..." in done.stdout
    other = run_zowe(zowe_cli, server, "zos-console", "issue", "command", "D IPLINFO")
    assert "MQSC007E D COMMAND INVALID" in other.stdout


def test_zowe_jobs_submit_shows_the_lab_figures(zowe_cli, server: Server) -> None:
    done = run_zowe(
        zowe_cli,
        server,
        "zos-jobs",
        "submit",
        "local-file",
        "samples/l02/V8NOIO11.jcl",
        "--view-all-spool-content",
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Spool file: JESMSGLG" in out and "$HASP395 USER1I1  ENDED - RC=0000" in out
    # L02 after 300 puts of 4 KB: page set 11 at 1078 / 473 / 0 / 605, pool 11 with 393
    assert " _ 11     11      1078       473          0        605 USER    0" in out
    assert " _   11       1000        393         39 FIXED4KB  ABOVE" in out


# ---- zos-files: the z/OSMF REST files service (mqsc/serve/zosfiles.py) ------------------------
DECK = (
    "DEFINE QLOCAL(ZOWE.FROM.DECK) REPLACE DESCR('uploaded with Zowe')\n"
    "DISPLAY QLOCAL(ZOWE.FROM.DECK) DESCR\n"
)
JOB = """//USER1ZD  JOB (ACCT),'DECK BY DSN',CLASS=A,MSGCLASS=K
//DEFINE   EXEC PGM=CSQUTIL,PARM='QMZ1'
//SYSPRINT DD SYSOUT=*
//SYSIN    DD *
  COMMAND DDNAME(CMDINP)
/*
//CMDINP   DD DSN=USER1.ZOWE.DECKS(DEFQ),DISP=SHR
"""


def test_zowe_files_create_upload_list_download_submit_delete(
    zowe_cli, server: Server, tmp_path: Path
) -> None:
    deck = tmp_path / "defq.mqsc"
    deck.write_text(DECK)
    job = tmp_path / "defqjob.jcl"
    job.write_text(JOB)
    for dsn in ("USER1.ZOWE.DECKS", "USER1.ZOWE.JCL"):
        made = run_zowe(zowe_cli, server, "zos-files", "create", "data-set-partitioned", dsn)
        assert made.returncode == 0, made.stderr
        assert "Data set created successfully." in made.stdout
    up = run_zowe(
        zowe_cli, server, "zos-files", "upload", "file-to-data-set", str(deck),
        "USER1.ZOWE.DECKS(DEFQ)",
    )  # fmt: skip
    assert up.returncode == 0, up.stderr
    assert "Data set uploaded successfully." in up.stdout
    # into a library without a member name: the member is named after the file (DEFQJOB)
    up = run_zowe(
        zowe_cli, server, "zos-files", "upload", "file-to-data-set", str(job), "USER1.ZOWE.JCL"
    )
    assert up.returncode == 0, up.stderr
    listed = run_zowe(zowe_cli, server, "zos-files", "list", "data-set", "USER1.ZOWE.*")
    assert listed.stdout.split() == ["USER1.ZOWE.DECKS", "USER1.ZOWE.JCL"], listed.stderr
    attributes = run_zowe(
        zowe_cli, server, "zos-files", "list", "data-set", "USER1.ZOWE.DECKS", "-a"
    )
    assert "dsorg:  PO" in attributes.stdout and "recfm:  FB" in attributes.stdout
    assert "lrecl:  80" in attributes.stdout and "blksz:  6160" in attributes.stdout
    members = run_zowe(zowe_cli, server, "zos-files", "list", "all-members", "USER1.ZOWE.JCL")
    assert members.stdout.split() == ["DEFQJOB"], members.stderr
    target = tmp_path / "back.mqsc"
    down = run_zowe(
        zowe_cli, server, "zos-files", "download", "data-set", "USER1.ZOWE.DECKS(DEFQ)",
        "-f", str(target),
    )  # fmt: skip
    assert down.returncode == 0, down.stderr
    assert target.read_text() == DECK
    submitted = run_zowe(
        zowe_cli, server, "zos-jobs", "submit", "data-set", "USER1.ZOWE.JCL(DEFQJOB)",
        "--view-all-spool-content",
    )  # fmt: skip
    assert submitted.returncode == 0, submitted.stderr
    out = submitted.stdout
    assert "$HASP395 USER1ZD  ENDED - RC=0000" in out
    assert "Spool file: SYSPRINT" in out
    assert "DEFINE QLOCAL(ZOWE.FROM.DECK) REPLACE DESCR('uploaded with Zowe')" in out
    assert "CSQ9022I QMZ1 CSQMAQLC ' DEFINE QLOCAL' NORMAL COMPLETION" in out
    assert "DESCR(uploaded with Zowe " in out
    for dsn in ("USER1.ZOWE.DECKS", "USER1.ZOWE.JCL"):
        gone = run_zowe(zowe_cli, server, "zos-files", "delete", "data-set", dsn, "-f")
        assert gone.returncode == 0 and "Data set deleted successfully." in gone.stdout
    again = run_zowe(zowe_cli, server, "zos-files", "delete", "data-set", "USER1.ZOWE.JCL", "-f")
    assert again.returncode == 1
    assert "ISRZ002 Data set not cataloged - 'USER1.ZOWE.JCL' was not found in catalog." in (
        again.stderr
    )
    missing = run_zowe(
        zowe_cli, server, "zos-files", "download", "data-set", "USER1.ZOWE.DECKS(DEFQ)",
        "-f", str(tmp_path / "none.txt"),
    )  # fmt: skip
    assert missing.returncode == 1 and "Data set not found." in missing.stderr


def test_zowe_files_view_a_sample_member_and_refuse_to_change_it(
    zowe_cli, server: Server, tmp_path: Path
) -> None:
    viewed = run_zowe(
        zowe_cli, server, "zos-files", "view", "data-set", "MQSC.SAMPLES.L02(V8NOIO11)"
    )
    assert viewed.returncode == 0, viewed.stderr
    # (the CLI prints the member and ends with a newline of its own)
    assert viewed.stdout == (ROOT / "samples" / "l02" / "V8NOIO11.jcl").read_text() + "\n"
    other = tmp_path / "x.jcl"
    other.write_text("//X JOB\n")
    refused = run_zowe(
        zowe_cli, server, "zos-files", "upload", "file-to-data-set", str(other),
        "MQSC.SAMPLES.L02(V8NOIO11)",
    )  # fmt: skip
    assert refused.returncode == 1
    assert "ISRZ002 Authorization failed - MQSC.SAMPLES.L02 is the samples shipped" in (
        refused.stdout + refused.stderr
    )


def test_zowe_copies_the_lab_library_and_submits_a_member_as_the_lab_does(
    zowe_cli, server: Server
) -> None:
    """Lab L02's jobs are members of USER1.BPBAR.JCL: copied from the samples library with
    Zowe, they run from there unchanged and show the lab's figures."""
    copied = run_zowe(zowe_cli, server, "zos-files", "copy", "data-set", "MQSC.SAMPLES.L02",
                      "USER1.BPBAR.JCL")  # fmt: skip
    assert copied.returncode == 0, copied.stderr
    members = run_zowe(zowe_cli, server, "zos-files", "list", "all-members", "USER1.BPBAR.JCL")
    assert members.stdout.split() == ["V8NOIO10", "V8NOIO11", "V8YSIO10", "V8YSIO11"]
    done = run_zowe(
        zowe_cli, server, "zos-jobs", "submit", "data-set", "USER1.BPBAR.JCL(V8NOIO11)",
        "--view-all-spool-content",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "$HASP395 USER1I1  ENDED - RC=0000" in done.stdout
    assert " _   11       1000" in done.stdout  # buffer pool 11's line of the lab's display
    gone = run_zowe(zowe_cli, server, "zos-files", "delete", "data-set", "USER1.BPBAR.JCL", "-f")
    assert gone.returncode == 0, gone.stderr


SMF_DUMP_JOB = """//USER1SD  JOB (ACCT),'SMF DUMP',CLASS=A,MSGCLASS=K
//DUMP     EXEC PGM=IFASMFDP
//SYSPRINT DD SYSOUT=*
//DUMPIN   DD DSN=SYS1.MAN1,DISP=SHR
//DUMPOUT  DD DSN=USER1.ZOWE.SMFDUMP,DISP=(NEW,CATLG),
//            SPACE=(CYL,(5,5)),DCB=(RECFM=VBS,LRECL=32760)
//SYSIN    DD *
  INDD(DUMPIN,OPTIONS(DUMP))
  OUTDD(DUMPOUT,TYPE(115,116))
/*
"""


def _smf_print(tmp_path: Path, server: Server, file: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mqsc", "smf", "print", "--format", "json", str(file)],
        capture_output=True,
        text=True,
        env={**server.env, "MQSC_HOME": str(tmp_path / "elsewhere")},
        cwd=tmp_path,
        timeout=120,
    )


def test_zowe_downloads_an_smf_dump_that_mqsc_smf_print_reads(
    zowe_cli, server: Server, tmp_path: Path
) -> None:
    """A statistics interval written to SYS1.MAN1, dumped by IFASMFDP to a VBS data set and
    downloaded with ``--record`` (each record behind a 4-byte length): ``mqsc smf print`` reads
    the same records the home's data set holds. ``--binary`` runs the records together, which
    cannot be split again: the reader says so and how to download instead."""
    console = "/zosmf/restconsoles/consoles/defcn"
    with server.client() as client:
        for command in ("START TRACE(STAT) CLASS(1)", "STOP TRACE(STAT)"):
            said = client.put(console, headers=ZOSMF, json={"cmd": f"QMZ1 {command}"})
            assert said.status_code == 200, said.text
    job = tmp_path / "smfdump.jcl"
    job.write_text(SMF_DUMP_JOB)
    dumped = run_zowe(zowe_cli, server, "zos-jobs", "submit", "local-file", str(job),
                      "--wait-for-output")  # fmt: skip
    assert dumped.returncode == 0, dumped.stderr
    try:
        record_file, binary_file = tmp_path / "dump.rec", tmp_path / "dump.bin"
        for option, target in (("--record", record_file), ("--binary", binary_file)):
            down = run_zowe(
                zowe_cli, server, "zos-files", "download", "data-set", "USER1.ZOWE.SMFDUMP",
                option, "-f", str(target),
            )  # fmt: skip
            assert down.returncode == 0, down.stderr
        kept = server.home / "catalog" / "USER1.ZOWE.SMFDUMP"
        expected = _smf_print(tmp_path, server, kept)
        assert expected.returncode == 0, expected.stderr
        shown = json.loads(expected.stdout)
        # the dump's header (type 2), QMZ1's statistics (115 subtypes 1, 2, 215...), its trailer
        assert [r["type"] for r in shown][0] == 2 and 115 in [r["type"] for r in shown]
        read = _smf_print(tmp_path, server, record_file)
        assert read.returncode == 0, read.stderr
        assert json.loads(read.stdout) == shown
        refused = _smf_print(tmp_path, server, binary_file)
        assert refused.returncode == 1
        assert "a binary download of a variable-length data set drops" in refused.stderr
        assert "--record" in refused.stderr
    finally:
        gone = run_zowe(zowe_cli, server, "zos-files", "delete", "data-set",
                        "USER1.ZOWE.SMFDUMP", "-f")  # fmt: skip
        assert gone.returncode == 0, gone.stderr
