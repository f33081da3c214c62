"""CI reports: JUnit read back with junitparser (as CI servers read it), SARIF checked against
what GitHub code scanning requires, GitHub annotations with the toolkit's escaping, goldens."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from junitparser import JUnitXml

from mqsc.batch import cireports
from mqsc.cli import main

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "golden" / "batch" / "ci"
DECK = "tests/golden/batch/ci/deck.mqsc"

#: What GitHub code scanning requires of an uploaded SARIF file (GitHub Docs, "SARIF support for
#: code scanning"):
#: the SARIF 2.1.0 properties it marks required, with non-empty strings.
TEXT = {
    "type": "object",
    "required": ["text"],
    "properties": {"text": {"type": "string", "minLength": 1, "maxLength": 1024}},
}
GITHUB_SARIF = {
    "type": "object",
    "required": ["$schema", "version", "runs"],
    "properties": {
        "$schema": {"type": "string", "minLength": 1},
        "version": {"const": "2.1.0"},
        "runs": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["tool", "results"],
                "properties": {
                    "tool": {
                        "type": "object",
                        "required": ["driver"],
                        "properties": {
                            "driver": {
                                "type": "object",
                                "required": ["name", "rules"],
                                "properties": {
                                    "name": {"type": "string", "minLength": 1},
                                    "rules": {
                                        "type": "array",
                                        "items": {
                                            "type": "object",
                                            "required": [
                                                "id",
                                                "shortDescription",
                                                "fullDescription",
                                                "help",
                                            ],
                                            "properties": {
                                                "id": {"type": "string", "minLength": 1},
                                                "name": {"type": "string", "maxLength": 255},
                                                "shortDescription": TEXT,
                                                "fullDescription": TEXT,
                                                "help": {"type": "object", "required": ["text"]},
                                                "defaultConfiguration": {
                                                    "type": "object",
                                                    "properties": {
                                                        "level": {
                                                            "enum": ["note", "warning", "error"]
                                                        }
                                                    },
                                                },
                                            },
                                        },
                                    },
                                },
                            }
                        },
                    },
                    "results": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["ruleId", "message", "locations", "partialFingerprints"],
                            "properties": {
                                "level": {"enum": ["none", "note", "warning", "error"]},
                                "message": TEXT,
                                "locations": {
                                    "type": "array",
                                    "minItems": 1,
                                    "maxItems": 10,
                                    "items": {
                                        "type": "object",
                                        "required": ["physicalLocation"],
                                        "properties": {
                                            "physicalLocation": {
                                                "type": "object",
                                                "required": ["artifactLocation", "region"],
                                                "properties": {
                                                    "artifactLocation": {
                                                        "type": "object",
                                                        "required": ["uri"],
                                                    },
                                                    "region": {
                                                        "type": "object",
                                                        "required": [
                                                            "startLine",
                                                            "startColumn",
                                                            "endLine",
                                                            "endColumn",
                                                        ],
                                                    },
                                                },
                                            }
                                        },
                                    },
                                },
                                "partialFingerprints": {
                                    "type": "object",
                                    "required": ["primaryLocationLineHash"],
                                },
                            },
                        },
                    },
                },
            },
        },
    },
}


@pytest.fixture
def in_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def run_cli(capsys, *args: str) -> tuple[int, str]:
    status = main(list(args))
    return status, capsys.readouterr().out


# ---- JUnit ---------------------------------------------------------------------------------
def test_check_junit_reads_back_with_junitparser(in_root, capsys, tmp_path) -> None:
    status, out = run_cli(capsys, "check", "--format", "junit", DECK)
    assert status == 1
    path = tmp_path / "report.xml"
    path.write_text(out)
    xml = JUnitXml.fromfile(str(path))
    [suite] = list(xml)
    assert suite.name == DECK and suite.tests == 7 and suite.failures == 3
    cases = {case.name: case for case in suite}
    assert set(cases) == {
        "2: DEFINE QLOCAL(APP.IN) MAXDEPTH(5000) DESCR('Application input, 50% of...",
        "4: DEFINE QLOCAL(APP.IN)",
        "5: DEFINE QLOCAL(APP.OUT) MAXDEPTHS(10)",
        "6: * not a comment",
        "7: DEFINE QLOCAL(APP.LOST) STGCLASS(NOSUCH)",
        "8: DEFINE QLOCAL(APP.SYS) STGCLASS(SYSTEMST)",
        "9: DEFINE QLOCAL(USER1.BBAR.QUEUE) REPLACE MAXDEPTH(10)",
    }
    failed = cases["4: DEFINE QLOCAL(APP.IN)"]
    assert failed.is_failure and failed.classname == DECK
    [failure] = failed.result
    assert failure.type == "MQSC595E"
    assert failure.text == f"{DECK}:4:8: MQSC595E CSQMAQLC QLOCAL(APP.IN) ALREADY EXISTS"
    assert failed._elem.get("file") == DECK and failed._elem.get("line") == "4"
    warned = cases["7: DEFINE QLOCAL(APP.LOST) STGCLASS(NOSUCH)"]
    assert warned.is_passed and "MQSC101W" in warned.system_out


def test_fail_level_warning_fails_the_warned_cases(in_root, capsys, tmp_path) -> None:
    _, out = run_cli(capsys, "check", "--format", "junit", "--fail-level", "warning", DECK)
    xml = JUnitXml.fromstring(out)
    [suite] = list(xml)
    assert suite.failures == 6  # every command but the first has a finding


def test_run_junit_carries_the_replies(in_root, capsys, tmp_path) -> None:
    status, out = run_cli(capsys, "run", "--memory", "--format", "junit", DECK)
    assert status == 10
    [suite] = list(JUnitXml.fromstring(out))
    cases = {case.name: case for case in suite}
    ok = cases["8: DEFINE QLOCAL(APP.SYS) STGCLASS(SYSTEMST)"]
    assert ok.is_passed
    assert "CSQ9022I QMZ1 CSQMAQLC ' DEFINE QLOCAL' NORMAL COMPLETION" in ok.system_out
    assert "MQSC207W" in ok.system_out
    failed = cases["4: DEFINE QLOCAL(APP.IN)"]
    assert failed.is_failure and "MQSC595E" in failed.result[0].message


def test_run_disabled_command_is_an_error(tmp_path, capsys) -> None:
    deck = tmp_path / "d.mqsc"
    deck.write_text("DEFINE BUFFPOOL(12) BUFFERS(5000)\n")
    status, out = run_cli(capsys, "run", "--memory", "--format", "github", str(deck))
    assert status == 10 and out.startswith("::error ") and "title=CSQN009I" in out


def test_run_report_exit_status(tmp_path, capsys) -> None:
    deck = tmp_path / "d.mqsc"
    deck.write_text("DEFINE QLOCAL(APP.SYS) STGCLASS(SYSTEMST)\n")
    assert run_cli(capsys, "run", "--memory", "--format", "sarif", str(deck))[0] == 0
    assert (
        run_cli(
            capsys, "run", "--memory", "--format", "sarif", "--fail-level", "warning", str(deck)
        )[0]
        == 10
    )


# ---- SARIF ---------------------------------------------------------------------------------
def test_sarif_has_what_github_code_scanning_requires(in_root, capsys) -> None:
    _, out = run_cli(capsys, "check", "--format", "sarif", DECK)
    data = json.loads(out)
    jsonschema.validate(data, GITHUB_SARIF)
    run = data["runs"][0]
    rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert rules == sorted(set(rules))
    for result in run["results"]:
        assert rules[result["ruleIndex"]] == result["ruleId"]
        location = result["locations"][0]["physicalLocation"]
        assert location["artifactLocation"] == {"uri": DECK, "uriBaseId": "%SRCROOT%"}
    levels = {r["ruleId"]: r["level"] for r in run["results"]}
    assert levels["MQSC595E"] == "error" and levels["MQSC207W"] == "warning"


def test_sarif_fingerprints_are_unique_and_stable(in_root, capsys) -> None:
    first = json.loads(run_cli(capsys, "check", "--format", "sarif", DECK)[1])
    again = json.loads(run_cli(capsys, "check", "--format", "sarif", DECK)[1])
    hashes = [
        r["partialFingerprints"]["primaryLocationLineHash"] for r in first["runs"][0]["results"]
    ]
    assert len(hashes) == len(set(hashes))
    assert first == again


def test_absolute_paths_become_file_uris() -> None:
    assert cireports._artifact("/tmp/x y.mqsc") == {"uri": "file:///tmp/x%20y.mqsc"}


def test_timestamps_only_when_asked(in_root, capsys, monkeypatch) -> None:
    monkeypatch.setenv("MQSC_CLOCK", "2026-01-15T10:30:00")
    out = run_cli(capsys, "check", "--format", "junit", DECK)[1]
    assert "timestamp" not in out
    out = run_cli(capsys, "check", "--format", "junit", "--timestamp", DECK)[1]
    assert 'timestamp="2026-01-15T10:30:00Z"' in out
    data = json.loads(run_cli(capsys, "check", "--format", "sarif", "--timestamp", DECK)[1])
    assert data["runs"][0]["invocations"][0]["startTimeUtc"] == "2026-01-15T10:30:00Z"


# ---- GitHub --------------------------------------------------------------------------------
def test_github_annotations(in_root, capsys) -> None:
    out = run_cli(capsys, "check", "--format", "github", DECK)[1]
    lines = out.splitlines()
    assert (
        f"::error file={DECK},line=4,col=8,endLine=4,endColumn=22,title=MQSC595E"
        "::CSQMAQLC QLOCAL(APP.IN) ALREADY EXISTS"
    ) in lines
    assert all(line.startswith(("::error ", "::warning ", "::notice ")) for line in lines)


def test_github_escaping() -> None:
    finding = cireports.Finding(
        "MQSC201W", cireports.Severity.WARNING, "50% done\nnext", "dir,1/a:b.mqsc", 1, 2, 1, 3
    )
    report = cireports.Report(
        "t", (cireports.Suite("s", (cireports.Case("c", "f", 1, (finding,)),)),)
    )
    assert cireports.github(report) == [
        "::warning file=dir%2C1/a%3Ab.mqsc,line=1,col=2,endLine=1,endColumn=3,"
        "title=MQSC201W::50%25 done%0Anext"
    ]


# ---- goldens -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "fmt,suffix", [("junit", "xml"), ("sarif", "sarif"), ("github", "github.txt"), ("json", "json")]
)
def test_check_report_goldens(fmt, suffix, in_root, capsys, golden) -> None:
    out = run_cli(capsys, "check", "--format", fmt, DECK)[1]
    golden(CASES / f"check.{suffix}", out)


def test_run_junit_golden(in_root, capsys, golden) -> None:
    out = run_cli(capsys, "run", "--memory", "--format", "junit", DECK)[1]
    golden(CASES / "run.xml", out)
