"""Real clients, unchanged: the Zowe CLI with its IBM MQ plug-in, its console group and its
jobs group, each run as a subprocess against the test server on loopback."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.serve import zowe
from tests.serve.conftest import ROOT, USERS, Server


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
