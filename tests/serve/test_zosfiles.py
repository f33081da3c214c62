"""The z/OSMF REST files service over loopback, as IBM documents it and the Zowe SDK calls it:
lists (attributes, start, X-IBM-Max-Items), members, reads and writes as text, binary and
records (code pages, ranges, ETags), create (attributes, like), delete, rename, copy, the
libraries the catalog shows (samples, a queue manager's CSQINP2), z/OSMF's error reports, and
the guards: roles, CSRF, names outside z/OS's rules, paths out of the home."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from mqsc.batch.datasets import Described
from mqsc.serve import zosfiles
from mqsc.store.vtoc import Allocation
from tests.serve.conftest import Server, start_server, stop

Z = {"X-CSRF-ZOSMF-HEADER": "true"}
DS = "/zosmf/restfiles/ds"
PDS = {"dsorg": "PO", "alcunit": "TRK", "primary": 5, "dirblk": 5, "recfm": "FB", "lrecl": 80}


@pytest.fixture(scope="module")
def files_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with a home of its own: these tests restart QMZ1 and fill its catalog."""
    process, running = start_server(tmp_path_factory.mktemp("files-home"))
    try:
        yield running
    finally:
        stop(process)


def _create(client, dsn: str, **attributes) -> None:
    made = client.post(f"{DS}/{dsn}", headers=Z, json=attributes or PDS)
    assert made.status_code == 201, made.text


def _put(client, target: str, text: str, **headers) -> object:
    return client.put(
        f"{DS}/{target}",
        headers={**Z, "Content-Type": "text/plain", "X-IBM-Data-Type": "text", **headers},
        content=text.encode("utf-8"),
    )


def test_list_create_write_read_members(files_server: Server) -> None:
    with files_server.client() as client:
        _create(client, "USER1.ZF.DECKS")
        assert _put(client, "USER1.ZF.DECKS(DEFQ)", "DEFINE QLOCAL(A)\n").status_code == 201
        assert _put(client, "USER1.ZF.DECKS(DEFQ)", "DEFINE QLOCAL(B)\n").status_code == 204
        assert _put(client, "USER1.ZF.DECKS(ALTQ)", "ALTER QLOCAL(B)\n").status_code == 201
        names = client.get(DS, params={"dslevel": "USER1.ZF.*"}, headers=Z).json()
        assert names["items"] == [{"dsname": "USER1.ZF.DECKS"}] and names["returnedRows"] == 1
        full = client.get(
            DS, params={"dslevel": "USER1.ZF"}, headers={**Z, "X-IBM-Attributes": "base"}
        ).json()["items"][0]
        assert (full["dsorg"], full["recfm"], full["lrecl"], full["blksz"]) == (
            "PO",
            "FB",
            "80",
            "27920",  # the system-determined block size: 349 records of 80 in half a track
        )
        assert (full["dsntp"], full["spacu"], full["vol"], full["migr"]) == (
            "PDS",
            "TRACKS",
            "MQS001",
            "NO",
        )
        assert full["cdate"] == "2026/03/02"  # the server's clock ($MQSC_CLOCK)
        members = client.get(f"{DS}/USER1.ZF.DECKS/member", headers=Z).json()
        assert members["items"] == [{"member": "ALTQ"}, {"member": "DEFQ"}]
        some = client.get(f"{DS}/USER1.ZF.DECKS/member", params={"pattern": "D*"}, headers=Z).json()
        assert some["items"] == [{"member": "DEFQ"}]
        got = client.get(f"{DS}/USER1.ZF.DECKS(DEFQ)", headers=Z)
        assert got.text == "DEFINE QLOCAL(B)\n"
        assert got.headers["content-type"].startswith("text/plain")


def test_lists_page_with_start_and_max_items(files_server: Server) -> None:
    with files_server.client() as client:
        for n in range(5):
            _create(client, f"USER1.ZF.PAGE.D{n}", dsorg="PS", primary=1, lrecl=80)
        first = client.get(
            DS, params={"dslevel": "USER1.ZF.PAGE.*"}, headers={**Z, "X-IBM-Max-Items": "2"}
        ).json()
        assert [i["dsname"] for i in first["items"]] == ["USER1.ZF.PAGE.D0", "USER1.ZF.PAGE.D1"]
        assert first["moreRows"] is True and first["totalRows"] == 5
        rest = client.get(
            DS,
            params={"dslevel": "USER1.ZF.PAGE.*", "start": "USER1.ZF.PAGE.D3"},
            headers={**Z, "X-IBM-Max-Items": "0"},
        ).json()
        assert [i["dsname"] for i in rest["items"]] == ["USER1.ZF.PAGE.D3", "USER1.ZF.PAGE.D4"]
        assert "moreRows" not in rest
        wild = client.get(DS, params={"dslevel": "USER1.ZF.PAGE.D%"}, headers=Z).json()
        assert wild["returnedRows"] == 5


def test_text_binary_and_record_transfers(files_server: Server) -> None:
    with files_server.client() as client:
        _create(client, "USER1.ZF.SEQ", dsorg="PS", primary=1, recfm="FB", lrecl=20)
        assert _put(client, "USER1.ZF.SEQ", "ABC\nDEF [X]\n").status_code == 204
        binary = client.get(f"{DS}/USER1.ZF.SEQ", headers={**Z, "X-IBM-Data-Type": "binary"})
        assert binary.headers["content-type"] == "application/octet-stream"
        # two fixed 20-byte records in IBM-1047, padded with EBCDIC blanks
        assert binary.content == "ABC".encode("cp037").ljust(20, b"\x40") + bytes.fromhex(
            "C4C5C640ADE7BD"
        ).ljust(20, b"\x40")
        record = client.get(f"{DS}/USER1.ZF.SEQ", headers={**Z, "X-IBM-Data-Type": "record"})
        assert record.content[:4] == (20).to_bytes(4, "big") and len(record.content) == 48
        # the same bytes read through IBM-037: the brackets are other characters there
        other = client.get(
            f"{DS}/USER1.ZF.SEQ", headers={**Z, "X-IBM-Data-Type": "text;fileEncoding=IBM-037"}
        )
        assert other.text == "ABC\nDEF \u00ddX\u00a8\n"
        assert "[" not in other.text
        ranged = client.get(f"{DS}/USER1.ZF.SEQ", headers={**Z, "X-IBM-Record-Range": "1,1"})
        assert ranged.text == "DEF [X]\n"
        # binary in, binary out: the same bytes (the last fixed record padded with zeros)
        payload = bytes(range(40))
        put = client.put(
            f"{DS}/USER1.ZF.SEQ",
            headers={**Z, "X-IBM-Data-Type": "binary", "Content-Type": "application/octet-stream"},
            content=payload,
        )
        assert put.status_code == 204
        back = client.get(f"{DS}/USER1.ZF.SEQ", headers={**Z, "X-IBM-Data-Type": "binary"})
        assert back.content == payload
        # records in, records out
        records = b"".join(len(r).to_bytes(4, "big") + r for r in (b"\xc1" * 20, b"\xc2" * 20))
        client.put(
            f"{DS}/USER1.ZF.SEQ",
            headers={**Z, "X-IBM-Data-Type": "record", "Content-Type": "application/octet-stream"},
            content=records,
        )
        assert client.get(f"{DS}/USER1.ZF.SEQ", headers=Z).text == "A" * 20 + "\n" + "B" * 20 + "\n"


def test_a_line_longer_than_a_record_is_refused_and_nothing_changes(files_server: Server) -> None:
    with files_server.client() as client:
        _create(client, "USER1.ZF.SHORT", dsorg="PS", primary=1, recfm="FB", lrecl=10)
        _put(client, "USER1.ZF.SHORT", "KEPT\n")
        long = _put(client, "USER1.ZF.SHORT", "OK\n" + "X" * 11 + "\n")
        assert long.status_code == 500
        body = long.json()
        assert body["message"].startswith("Truncation of a record occurred during an I/O")
        assert "record 2" in body["details"][0]
        assert client.get(f"{DS}/USER1.ZF.SHORT", headers=Z).text == "KEPT\n"
        bad = client.get(
            f"{DS}/USER1.ZF.SHORT", headers={**Z, "X-IBM-Data-Type": "text;fileEncoding=IBM-9"}
        )
        assert bad.status_code == 500
        assert (bad.json()["category"], bad.json()["rc"]) == (16, 121)


def test_etags_guard_a_concurrent_edit(files_server: Server) -> None:
    with files_server.client() as client:
        _create(client, "USER1.ZF.ETAG")
        first = _put(client, "USER1.ZF.ETAG(MEM)", "ONE\n")
        read = client.get(f"{DS}/USER1.ZF.ETAG(MEM)", headers={**Z, "X-IBM-Return-Etag": "true"})
        assert read.headers["etag"] == first.headers["etag"]
        assert _put(client, "USER1.ZF.ETAG(MEM)", "TWO\n", **{"If-Match": read.headers["etag"]})
        stale = _put(client, "USER1.ZF.ETAG(MEM)", "THREE\n", **{"If-Match": read.headers["etag"]})
        assert stale.status_code == 412
        assert client.get(f"{DS}/USER1.ZF.ETAG(MEM)", headers=Z).text == "TWO\n"
        changed = client.get(
            f"{DS}/USER1.ZF.ETAG(MEM)", headers={**Z, "If-None-Match": read.headers["etag"]}
        )
        assert changed.status_code == 200 and changed.text == "TWO\n"
        now = client.get(f"{DS}/USER1.ZF.ETAG(MEM)", headers={**Z, "X-IBM-Return-Etag": "true"})
        unchanged = client.get(
            f"{DS}/USER1.ZF.ETAG(MEM)", headers={**Z, "If-None-Match": now.headers["etag"]}
        )
        assert unchanged.status_code == 304 and unchanged.content == b""


def test_create_like_rename_copy_delete(files_server: Server) -> None:
    with files_server.client() as client:
        _create(client, "USER1.ZF.MODEL", dsorg="PS", primary=2, recfm="VB", lrecl=255)
        assert client.post(f"{DS}/USER1.ZF.LIKE", headers=Z, json={"like": "USER1.ZF.MODEL"})
        like = client.get(
            DS, params={"dslevel": "USER1.ZF.LIKE"}, headers={**Z, "X-IBM-Attributes": "base"}
        ).json()["items"][0]
        assert (like["recfm"], like["lrecl"], like["blksz"]) == ("VB", "255", "27998")
        again = client.post(f"{DS}/USER1.ZF.LIKE", headers=Z, json={"like": "USER1.ZF.MODEL"})
        assert again.status_code == 500
        assert again.json() | {"details": None} == {
            "category": 8,
            "rc": 900,
            "reason": 7,
            "message": "Dynamic allocation Error",
            "details": None,
        }
        _put(client, "USER1.ZF.LIKE", "HELLO\n")
        renamed = client.put(
            f"{DS}/USER1.ZF.RENAMED",
            headers=Z,
            json={"request": "rename", "from-dataset": {"dsn": "USER1.ZF.LIKE"}},
        )
        assert renamed.status_code == 200, renamed.text
        assert client.get(f"{DS}/USER1.ZF.RENAMED", headers=Z).text == "HELLO\n"
        assert client.get(f"{DS}/USER1.ZF.LIKE", headers=Z).status_code == 404
        _create(client, "USER1.ZF.LIB")
        copied = client.put(
            f"{DS}/USER1.ZF.LIB(COPY1)",
            headers=Z,
            json={"request": "copy", "from-dataset": {"dsn": "USER1.ZF.RENAMED"}},
        )
        assert copied.status_code == 200, copied.text
        member = client.put(
            f"{DS}/USER1.ZF.LIB(COPY2)",
            headers=Z,
            json={"request": "rename", "from-dataset": {"dsn": "USER1.ZF.LIB", "member": "COPY1"}},
        )
        assert member.status_code == 200, member.text
        members = client.get(f"{DS}/USER1.ZF.LIB/member", headers=Z).json()["items"]
        assert members == [{"member": "COPY2"}]
        assert client.delete(f"{DS}/USER1.ZF.LIB(COPY2)", headers=Z).status_code == 204
        assert client.delete(f"{DS}/USER1.ZF.LIB", headers=Z).status_code == 204
        gone = client.delete(f"{DS}/USER1.ZF.LIB", headers=Z)
        assert gone.status_code == 404
        assert gone.json()["details"] == [
            "ISRZ002 Data set not cataloged - 'USER1.ZF.LIB' was not found in catalog."
        ]
        missing = client.get(f"{DS}/USER1.ZF.LIB(X)", headers=Z).json()
        assert missing["message"] == "Data set not found."
        assert missing["details"][0].startswith("IKJ56228I DATA SET USER1.ZF.LIB NOT IN CATALOG")
        hsm = client.put(f"{DS}/USER1.ZF.RENAMED", headers=Z, json={"request": "hrecall"})
        assert hsm.status_code == 500 and "DFSMShsm" in hsm.json()["message"]


def test_samples_are_a_read_only_library(files_server: Server) -> None:
    with files_server.client() as client:
        members = client.get(f"{DS}/MQSC.SAMPLES.L02/member", headers=Z).json()["items"]
        assert {"member": "V8NOIO11"} in members
        jcl = client.get(f"{DS}/MQSC.SAMPLES.L02(V8NOIO11)", headers=Z).text
        assert jcl.startswith("//USER1I1  JOB")
        refused = _put(client, "MQSC.SAMPLES.L02(V8NOIO11)", "//X JOB\n")
        assert refused.status_code == 500
        assert refused.json()["details"][0].startswith("ISRZ002 Authorization failed")
        assert client.delete(f"{DS}/MQSC.SAMPLES.L02", headers=Z).status_code == 500
        assert client.get(f"{DS}/MQSC.SAMPLES.L02(V8NOIO11)", headers=Z).text == jcl


def test_a_submitted_member_runs_a_deck_member_by_dsn(files_server: Server) -> None:
    job = (
        "//USER1ZF  JOB (ACCT),'DECK BY DSN',CLASS=A,MSGCLASS=K\n"
        "//DEFINE   EXEC PGM=CSQUTIL,PARM='QMZ1'\n"
        "//SYSPRINT DD SYSOUT=*\n"
        "//SYSIN    DD *\n"
        "  COMMAND DDNAME(CMDINP)\n"
        "/*\n"
        "//CMDINP   DD DSN=USER1.ZF.JOBDECK(DEFQ),DISP=SHR\n"
    )
    with files_server.client() as client:
        _create(client, "USER1.ZF.JOBDECK")
        _put(client, "USER1.ZF.JOBDECK(DEFQ)", "DEFINE QLOCAL(ZF.FROM.MEMBER) REPLACE\n")
        _create(client, "USER1.ZF.JCL")
        _put(client, "USER1.ZF.JCL(DEFQJOB)", job)
        done = client.put(
            "/zosmf/restjobs/jobs", headers=Z, json={"file": "//'USER1.ZF.JCL(DEFQJOB)'"}
        )
        assert done.status_code == 201, done.text
        held = done.json()
        assert (held["jobname"], held["retcode"]) == ("USER1ZF", "CC 0000")
        spool = f"/zosmf/restjobs/jobs/USER1ZF/{held['jobid']}/files"
        files = client.get(spool, headers=Z).json()
        sysprint = next(f for f in files if f["ddname"] == "SYSPRINT")
        text = client.get(
            f"{spool}/{sysprint['id']}/records",
            headers=Z,
        ).text
        assert "DEFINE QLOCAL(ZF.FROM.MEMBER) REPLACE" in text
        assert "CSQ9022I QMZ1 CSQMAQLC ' DEFINE QLOCAL' NORMAL COMPLETION" in text
        missing = client.put(
            "/zosmf/restjobs/jobs", headers=Z, json={"file": "//'USER1.ZF.JCL(NOPE)'"}
        )
        assert missing.status_code == 404
        uss = client.put("/zosmf/restjobs/jobs", headers=Z, json={"file": "/u/user1/job.jcl"})
        assert uss.status_code == 400


def test_an_edited_csqinp2_member_runs_at_the_next_start(files_server: Server) -> None:
    console = "/zosmf/restconsoles/consoles/defcn"
    with files_server.client() as client:
        members = client.get(f"{DS}/QMZ1.CSQINP2/member", headers=Z).json()["items"]
        assert {"member": "CSQINP2"} in members
        deck = client.get(f"{DS}/QMZ1.CSQINP2(CSQINP2)", headers=Z).text
        edited = deck + "DEFINE QLOCAL(ZF.STARTUP.QUEUE) DESCR('added with Zowe')\n"
        assert _put(client, "QMZ1.CSQINP2(CSQINP2)", edited).status_code == 204
        before = client.put(console, headers=Z, json={"cmd": "QMZ1 DIS QL(ZF.STARTUP.QUEUE)"})
        assert "DESCR(added with Zowe)" not in before.json()["cmd-response"]
        client.put(console, headers=Z, json={"cmd": "QMZ1 STOP QMGR"})
        started = client.put(console, headers=Z, json={"cmd": "QMZ1 START QMGR"}).json()
        assert "CSQ9022I QMZ1 CSQYASCP ' START QMGR' NORMAL COMPLETION" in started["cmd-response"]
        shown = client.put(
            console, headers=Z, json={"cmd": "QMZ1 DIS QL(ZF.STARTUP.QUEUE) DESCR"}
        ).json()["cmd-response"]
        assert "DESCR(added with Zowe)" in shown.split("\r")
        # the library is the concatenation: members are neither added nor deleted here
        assert _put(client, "QMZ1.CSQINP2(EXTRA)", "DIS QMGR\n").status_code == 500
        assert client.delete(f"{DS}/QMZ1.CSQINP2(CSQINP2)", headers=Z).status_code == 500


def test_roles_and_csrf(files_server: Server) -> None:
    with files_server.client() as admin:
        _create(admin, "USER1.ZF.ROLES")
    with files_server.client("reader") as reader:
        assert reader.get(DS, params={"dslevel": "USER1.ZF.ROLES"}, headers=Z).status_code == 200
        refused = _put(reader, "USER1.ZF.ROLES(X)", "X\n")
        assert refused.status_code == 403
    with files_server.client("app") as app:
        assert app.get(DS, params={"dslevel": "USER1.**"}, headers=Z).status_code == 403
    with files_server.client() as admin:
        no_csrf = admin.put(
            f"{DS}/USER1.ZF.ROLES(X)", content=b"X\n", headers={"Content-Type": "text/plain"}
        )
        assert no_csrf.status_code == 403
        assert admin.get(f"{DS}/USER1.ZF.ROLES/member", headers=Z).json()["items"] == []


@pytest.mark.parametrize(
    "path",
    [
        "../../etc/passwd",
        "..%2F..%2Fetc%2Fpasswd",
        "USER1..X",
        "USER1.TOOLONGQUALIFIER",
        "1USER.X",
        "USER1.X(TOOLONGMEM)",
        "USER1.X(1MEM)",
        "USER1.X(-MEM)",
        "/etc/passwd",
        "%2Fetc%2Fpasswd",
        "USER1.X/../../etc",
        ".vtoc.sqlite",
        "A.B.C.D.E.F.G.H.I.J.K.L.M.N.O.P.Q.R.S.T.U.V.W",
    ],
)
def test_names_outside_zos_rules_are_refused(files_server: Server, path: str) -> None:
    with files_server.client() as client:
        for method in ("GET", "PUT", "DELETE", "POST"):
            answer = client.request(
                method,
                f"{DS}/{path}",
                headers={**Z, "Content-Type": "text/plain"},
                content=b"X\n" if method == "PUT" else None,
            )
            assert answer.status_code in (400, 404), (method, path, answer.text)
            if answer.status_code == 400:
                body = answer.json()
                assert (body["category"], body["rc"]) == (1, 4), body
                assert body["reason"] in (1, 2)


def test_a_name_of_45_characters_is_invalid_length(files_server: Server) -> None:
    name = "ABCDEFGH.ABCDEFGH.ABCDEFGH.ABCDEFGH.ABCDEFGHX"  # 45 characters
    with files_server.client() as client:
        answer = client.get(f"{DS}/{name}", headers=Z).json()
        assert (answer["category"], answer["rc"], answer["reason"]) == (1, 4, 2)
        assert answer["message"] == "Invalid data set name length."
        listed = client.get(DS, params={"dslevel": name}, headers=Z).json()
        assert listed["reason"] == 2


def test_no_file_outside_the_home_is_read_or_written(files_server: Server, tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("SECRET\n")
    before = outside.stat()
    catalog = files_server.home / "catalog"
    # a link planted where a data set would be, and a library that is a link to a folder
    (catalog / "USER1.ZF.PLANTED").symlink_to(outside)
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "MEM").write_text("SECRET TOO\n")
    (catalog / "USER1.ZF.LINKLIB").symlink_to(folder, target_is_directory=True)
    with files_server.client() as client:
        for target in ("USER1.ZF.PLANTED", "USER1.ZF.LINKLIB(MEM)"):
            read = client.get(f"{DS}/{target}", headers=Z)
            assert read.status_code == 404 and "SECRET" not in read.text
            wrote = _put(client, target, "OVERWRITTEN\n")
            assert wrote.status_code == 404
            assert client.delete(f"{DS}/{target}", headers=Z).status_code == 404
        listed = client.get(DS, params={"dslevel": "USER1.ZF.**"}, headers=Z).json()
        assert all("PLANTED" not in i["dsname"] for i in listed["items"])
    assert outside.read_text() == "SECRET\n" and outside.stat().st_mtime == before.st_mtime
    assert (folder / "MEM").read_text() == "SECRET TOO\n"
    assert os.listdir(folder) == ["MEM"]


@pytest.mark.parametrize(
    "organization,allocation",
    [
        ("PS", Allocation(created="2026/03/02")),
        ("PS", Allocation(dsntype="LARGE", recfm="VB", lrecl=255, blksize=27998)),
        ("PO", Allocation(dsorg="PO", dsntype="PDS", dirblk=5, spacu="CYLINDERS")),
        ("PO", Allocation(dsorg="PO", dsntype="LIBRARY", dirblk=5, volser="MQS002")),
        ("VS", Allocation(dsorg="VS", recfm="?", lrecl=0, blksize=0, dsntype="")),
    ],
)
def test_a_listed_item_written_directly_is_what_json_would_write(organization, allocation) -> None:
    described = Described("USER1.A.B", allocation, organization, 123_456, 1_772_445_300.0)
    assert json.loads(zosfiles._item_json(described)) == zosfiles._item(described)
