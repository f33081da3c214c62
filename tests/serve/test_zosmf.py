"""The z/OSMF services over loopback with the bodies of IBM's z/OSMF documentation: info,
the console service (sync, async with solmsgs, sol-key) and the jobs service (submit, list,
status, files, records, purge)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from tests.serve.conftest import ROOT, USERS, Server

Z = {"X-CSRF-ZOSMF-HEADER": "true"}


def test_info_needs_no_credentials(server: Server) -> None:
    with server.client(None) as client:
        info = client.get("/zosmf/info").json()
    assert info["zosmf_hostname"] == "127.0.0.1" and "zos_version" in info


def test_console_sync_async_and_sol_key(server: Server) -> None:
    with server.client() as client:
        sync = client.put(
            "/zosmf/restconsoles/consoles/defcn",
            headers=Z,
            json={"cmd": "QMZ1 DIS QMGR", "sol-key": "CSQ9022I"},
        ).json()
        lines = sync["cmd-response"].split("\r")
        assert lines[-1] == "CSQ9022I QMZ1 CSQMDRTS ' DISPLAY QMGR' NORMAL COMPLETION"
        assert sync["sol-key-detected"] is True
        assert sync["cmd-response-uri"].endswith(sync["cmd-response-key"])
        # what the sync answer delivered is not delivered again
        follow = client.get(sync["cmd-response-uri"], headers=Z).json()
        assert follow["cmd-response"] == ""
        later = client.put(
            "/zosmf/restconsoles/consoles/IBMUSECN",
            headers=Z,
            json={"cmd": "/QMZ1 DIS QMGR", "async": "Y"},
        ).json()
        assert "cmd-response" not in later
        collected = client.get(later["cmd-response-uri"], headers=Z).json()
        assert collected["cmd-response"].split("\r")[-1].startswith("CSQ9022I")
        unknown = client.put(
            "/zosmf/restconsoles/consoles/defcn", headers=Z, json={"cmd": "XYZZY NOW"}
        ).json()
        assert unknown["cmd-response"] == "MQSC007E XYZZY COMMAND INVALID"
        assert (
            client.put(
                "/zosmf/restconsoles/consoles/defcn", headers=Z, json={"nocmd": 1}
            ).status_code
            == 400
        )


def test_jobs_submit_list_status_files_records_purge(server: Server) -> None:
    jcl = (ROOT / "samples" / "l02" / "V8NOIO10.jcl").read_text()
    with server.client() as client:
        made = client.put(
            "/zosmf/restjobs/jobs",
            content=jcl,
            headers={**Z, "Content-Type": "text/plain", "X-IBM-Intrdr-Class": "A"},
        )
        assert made.status_code == 201
        job = made.json()
        assert job["status"] == "OUTPUT" and job["retcode"] == "CC 0000"
        name, jobid = job["jobname"], job["jobid"]
        listed = client.get("/zosmf/restjobs/jobs", params={"owner": "ADMIN"}).json()
        assert any(j["jobid"] == jobid for j in listed)
        status = client.get(f"/zosmf/restjobs/jobs/{name}/{jobid}").json()
        assert status["retcode"] == "CC 0000"
        files = client.get(f"/zosmf/restjobs/jobs/{name}/{jobid}/files").json()
        names = [f["ddname"] for f in files]
        assert names[:3] == ["JESMSGLG", "JESJCL", "JESYSMSG"] and "SYSPRINT" in names
        texts = [
            client.get(f["records-url"].removeprefix(server.url)).text
            for f in files
            if f["ddname"] == "SYSPRINT"
        ]
        assert "300 nonpersistent messages" in texts[0]  # OEMPUTX
        assert any("CSQI010I" in t for t in texts[1:])  # CSQUTIL's DISPLAY USAGE
        assert client.delete(f"/zosmf/restjobs/jobs/{name}/{jobid}").status_code == 403  # CSRF
        gone = client.delete(f"/zosmf/restjobs/jobs/{name}/{jobid}", headers=Z)
        assert gone.status_code == 200 and gone.json()["status"] == "0"
        assert client.get(f"/zosmf/restjobs/jobs/{name}/{jobid}").status_code == 400
        assert (
            client.put("/zosmf/restjobs/jobs", content="no job card\n", headers=Z).status_code
            == 400
        )
    with server.client("reader") as client:
        assert client.put("/zosmf/restjobs/jobs", content=jcl, headers=Z).status_code == 403


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
def test_curl_console_and_job_as_ibm_documents_them(server: Server) -> None:
    user = f"admin:{USERS['admin'][0]}"

    def curl(*args: str) -> dict:
        done = subprocess.run(
            ["curl", "-s", "-u", user, "-H", "X-CSRF-ZOSMF-HEADER: true", *args],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        return json.loads(done.stdout)

    issued = curl(
        "-X",
        "PUT",
        "-H",
        "Content-Type: application/json",
        f"{server.url}/zosmf/restconsoles/consoles/defcn",
        "-d",
        '{"cmd": "QMZ1 DISPLAY USAGE PSID(0)", "sol-key": "CSQI010I"}',
    )
    assert issued["sol-key-detected"] is True
    assert "CSQI010I QMZ1 Page set usage ..." in issued["cmd-response"].split("\r")
    job = curl(
        "-X",
        "PUT",
        "-H",
        "Content-Type: text/plain",
        "--data-binary",
        f"@{ROOT / 'samples' / 'l02' / 'V8NOIO10.jcl'}",
        f"{server.url}/zosmf/restjobs/jobs",
    )
    assert job["retcode"] == "CC 0000"
    files = curl(f"{server.url}/zosmf/restjobs/jobs/{job['jobname']}/{job['jobid']}/files")
    assert files[0]["ddname"] == "JESMSGLG"


def test_one_job_counter_per_home_for_every_submitter(tmp_path_factory) -> None:
    # docs/batch.md: one JES2 counter per mqsc home. `mqsc job` and the z/OSMF jobs service
    # draw from it in turn; a --memory run (CLI or server) numbers from a counter of its own
    # and leaves the home's alone.
    import re
    import sys

    from tests.serve.conftest import start_server, stop

    home = tmp_path_factory.mktemp("jes2-home")
    jcl_path = ROOT / "samples" / "l02" / "V8NOIO10.jcl"
    process, server = start_server(home)
    counter = home / "jes2" / "jobnumber"

    def cli(*extra: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "mqsc", "job", *extra, str(jcl_path)],
            env=server.env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return re.search(r"(JOB\d{5}) \$HASP165", done.stdout)[1]

    def submit(target: Server) -> str:
        with target.client() as client:
            made = client.put(
                "/zosmf/restjobs/jobs",
                content=jcl_path.read_text(),
                headers={**Z, "Content-Type": "text/plain"},
            )
        assert made.status_code == 201, made.text
        return made.json()["jobid"]

    try:
        assert [cli(), cli(), submit(server), cli()] == [
            "JOB00001",
            "JOB00002",
            "JOB00003",
            "JOB00004",
        ]
        assert cli("--memory") == "JOB00001"
        assert counter.read_text() == "4\n"
        assert submit(server) == "JOB00005"
    finally:
        stop(process)
    process, memory_server = start_server(home, "--memory")
    try:
        assert [submit(memory_server), submit(memory_server)] == ["JOB00001", "JOB00002"]
    finally:
        stop(process)
    assert counter.read_text() == "5\n"
