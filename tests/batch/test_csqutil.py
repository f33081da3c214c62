"""CSQUTIL COMMAND: golden SYSPRINT for success, each FAILURE option, a SYSIN syntax error
(RC 12), MAKEDEF and friends; generated decks replay cleanly.

Each directory under tests/golden/batch/csqutil is one job step: ``SYSIN``, one file per
input DD (named after the DD), the expected ``SYSPRINT.txt`` and one ``<DD>.out`` per output
data set. The queue manager is a fresh QMZ1 at a fixed time.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mqsc.batch import csqutil
from mqsc.cli import main
from mqsc.language.source import Source
from tests.batch.conftest import clock
from tests.engine.conftest import fresh_qmz1

CASES = Path(__file__).resolve().parents[1] / "golden" / "batch" / "csqutil"
#: Expected return code of each case (IBM MQ utilities on z/OS: CSQUTIL, and the published SYSPRINT
#: [GH-CSQUTIL]).
RC = {
    "success": 0,
    "ignore": 0,
    "continue": 8,
    "stop": 8,
    "partial": 4,
    "syntax": 12,
    "missing-dd": 12,
    "makedef": 0,
    "makerep-makedel": 0,
    "no-qmgr": 8,
    "tgtqmgr": 4,
    "empty": 12,
}
OUTPUTS = {
    "makedef": ("OUTDEF",),
    "makerep-makedel": ("OUTREP", "OUTDEL", "OUTALT"),
    "missing-dd": (),
}


class MemoryDataSets:
    """DD statements held in memory: inputs from files, outputs collected."""

    def __init__(self, inputs: dict[str, str], outputs: tuple[str, ...] = ()) -> None:
        self.inputs = inputs
        self.outputs = {name: None for name in outputs}

    def has(self, ddname: str, *, output: bool = False) -> bool:
        return ddname in (self.outputs if output else self.inputs)

    def read(self, ddname: str) -> Source:
        return Source(self.inputs[ddname], ddname)

    def write(self, ddname: str, text: str) -> None:
        self.outputs[ddname] = text


def run_case(directory: Path, connect=None):
    inputs = {
        p.name: p.read_text() for p in directory.iterdir() if p.name.isupper() and p.name != "SYSIN"
    }
    datasets = MemoryDataSets(inputs, OUTPUTS.get(directory.name, ()))
    qms = {"QMZ1": fresh_qmz1()}
    outcome = csqutil.run(
        Source((directory / "SYSIN").read_text(), "SYSIN"),
        parm="QMZ9" if directory.name == "no-qmgr" else "QMZ1",
        datasets=datasets,
        connect=connect or qms.get,
        clock=clock,
    )
    return outcome, datasets, qms["QMZ1"]


@pytest.mark.parametrize("name", sorted(RC))
def test_sysprint_golden(name: str, golden) -> None:
    outcome, datasets, _ = run_case(CASES / name)
    golden(CASES / name / "SYSPRINT.txt", "".join(line + "\n" for line in outcome.sysprint))
    for ddname, text in datasets.outputs.items():
        if text is not None:
            golden(CASES / name / f"{ddname}.out", text)
    assert outcome.rc == RC[name]


def test_layout_matches_the_capture() -> None:
    """The only real SYSPRINT ([GH-CSQUTIL]): same lines, same blanks, in that order."""
    outcome, _, _ = run_case(CASES / "ignore")
    lines = outcome.sysprint
    assert lines[0] == " CSQU000I CSQUTIL IBM MQ for z/OS V9.4.0"
    assert lines[1] == " CSQU001I CSQUTIL Queue Manager Utility - 2026-01-15 10:30:00"
    assert lines[2:7] == (
        "  COMMAND DDNAME(DEFQ)",
        " CSQU127I  Executing COMMAND using input from DEFQ data set",
        " CSQU120I  Connecting to QMZ1",
        " CSQU121I  Connected to queue manager QMZ1",
        " CSQU055I  Target queue manager is QMZ1",
    )
    assert lines[7:10] == (
        "  DEFINE QL(CDCI.BOOKMARK) +",
        "    DEFPSIST(YES) GET(ENABLED) INDXTYPE(MSGID) PUT(ENABLED) +",
        "    DEFSOPT(SHARED) SHARE",
    )
    assert lines[10] == "CSQN205I   COUNT=       2, RETURN=00000000, REASON=00000000"
    assert lines[-5:] == (
        " CSQU057I  3 commands read",
        " CSQU058I  3 commands issued and responses received, 1 failed",
        " CSQU143I  1 COMMAND statements attempted",
        " CSQU144I  1  statements executed successfully",
        " CSQU148I CSQUTIL Utility completed, return code=0",
    )


def test_stop_reads_no_further_commands() -> None:
    outcome, _, qm = run_case(CASES / "stop")
    assert " CSQU057I  2 commands read" in outcome.sysprint
    assert "APP.THREE" not in "\n".join(outcome.sysprint)
    assert outcome.sysprint[-1] == " CSQU147I CSQUTIL Utility terminated, return code=8"


def test_continue_reads_every_command_but_fails_the_function() -> None:
    outcome, _, qm = run_case(CASES / "continue")
    assert " CSQU058I  4 commands issued and responses received, 2 failed" in outcome.sysprint
    assert qm.execute("DISPLAY QLOCAL(APP.THREE)").objects
    # No further function after a failed one: the second statement is not even echoed.
    assert "  COMMAND DDNAME(MORE)" not in outcome.sysprint


def test_syntax_error_runs_nothing() -> None:
    outcome, _, qm = run_case(CASES / "syntax")
    assert not qm.execute("DISPLAY QLOCAL(NEVER.RUN)").objects
    assert " MQSC264E  Invalid value SOMETIMES for keyword FAILURE" in outcome.sysprint


def test_makedef_replays_cleanly() -> None:
    _, datasets, _ = run_case(CASES / "makedef")
    deck = datasets.outputs["OUTDEF"]
    assert all(len(line) <= 72 for line in deck.splitlines())
    target = fresh_qmz1()
    for name in ("USER1.BBAR.QUEUE", "USER1.ABAR.QUEUE"):
        assert target.execute(f"DELETE QLOCAL({name})").ok
    for name in ("STGCLS10", "STGCLS11"):
        assert target.execute(f"DELETE STGCLASS({name})").ok
    results = target.run(deck)
    assert results and all(r.ok for r in results)
    # What MAKEDEF re-created is what was displayed.
    original = fresh_qmz1().execute("DISPLAY QLOCAL(USER1.*) ALL").objects
    again = target.execute("DISPLAY QLOCAL(USER1.*) ALL").objects
    strip = {"CRDATE", "CRTIME", "ALTDATE", "ALTTIME"}
    assert [[a for a in o.attrs if a[0] not in strip] for o in original] == [
        [a for a in o.attrs if a[0] not in strip] for o in again
    ]


def test_makerep_makedel_makealt_replay_cleanly() -> None:
    _, datasets, _ = run_case(CASES / "makerep-makedel")
    for ddname in ("OUTREP", "OUTALT", "OUTDEL"):
        results = fresh_qmz1().run(datasets.outputs[ddname])
        assert results and all(r.ok for r in results), ddname


def test_cli(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("MQSC_CLOCK", "2026-01-15T10:30:00")
    case = CASES / "makedef"
    out = tmp_path / "made.mqsc"
    status = main(
        [
            "csqutil",
            str(case / "SYSIN"),
            "--dd",
            f"CMDINP={case / 'CMDINP'}",
            "--dd",
            f"outdef={out}",
            "--memory",
        ]
    )
    printed = capsys.readouterr().out
    assert status == 0
    assert " CSQU001I CSQUTIL Queue Manager Utility - 2026-01-15 10:30:00" in printed
    assert out.read_text().startswith("DEFINE QLOCAL(USER1.ABAR.QUEUE) NOREPLACE")


def test_cli_exit_status_is_the_return_code(tmp_path, capsys) -> None:
    sysin = tmp_path / "sysin"
    sysin.write_text("  COMMAND DDNAME(CMDINP) FAILURE(STOP)\n")
    deck = tmp_path / "deck"
    deck.write_text("DELETE QLOCAL(NOPE)\n")
    assert main(["csqutil", str(sysin), "--dd", f"CMDINP={deck}", "--memory"]) == 8
    assert main(["csqutil", str(sysin), "--memory"]) == 12
    assert " MQSC260E  CMDINP DD statement missing" in capsys.readouterr().out
    assert main(["csqutil", str(tmp_path / "nope"), "--memory"]) == 12
    assert main(["csqutil", str(sysin), "--dd", "NOEQUALS"]) == 2
    sysprint = tmp_path / "out" / "sysprint"
    sysprint.parent.mkdir()
    assert (
        main(
            [
                "csqutil",
                str(sysin),
                "--dd",
                f"CMDINP={deck}",
                "--memory",
                "--sysprint",
                str(sysprint),
            ]
        )
        == 8
    )
    assert "CSQM125I" in sysprint.read_text()


def test_empty_sysin() -> None:
    outcome = csqutil.run(
        Source("* nothing\n"),
        parm="QMZ1",
        datasets=MemoryDataSets({}),
        connect=lambda name: None,
        clock=clock,
    )
    assert outcome.rc == 12 and " MQSC262E  No functions requested" in outcome.sysprint


@pytest.mark.parametrize(
    "statement,message",
    [
        ("COMMAND DDNAME", " MQSC268E  Value missing for keyword DDNAME"),
        (
            "COMMAND DDNAME(A) DDNAME(B)",
            " MQSC265E  Incompatible keywords or values for COMMAND function",
        ),
        (
            "COMMAND MAKEDEF(A) MAKEDEL(B)",
            " MQSC265E  Incompatible keywords or values for COMMAND function",
        ),
        ("COMMAND DDNAME(TOOLONGNAME)", " MQSC264E  Invalid value TOOLONGNAME for keyword DDNAME"),
        ("COMMAND RESPTIME(2)", " MQSC264E  Invalid value 2 for keyword RESPTIME"),
        ("COMMAND DDNAME(A", " MQSC267E  Invalid function statement syntax"),
        (
            "COMMAND MAKECLNT(A) CCSID(500)",
            " MQSC210E CSQUTIL keyword MAKECLNT is not supported "
            "by mqsc (docs/batch.md lists what is)",
        ),
        ("COMMAND DDNAME(A) +", " MQSC267E  Invalid function statement syntax"),
    ],
)
def test_statement_errors(statement, message) -> None:
    outcome = csqutil.run(
        Source(statement + "\n"),
        parm="QMZ1",
        datasets=MemoryDataSets({"A": "", "B": "", "CSQUCMD": ""}, ("A", "B")),
        connect=lambda name: None,
        clock=clock,
    )
    assert outcome.rc == 12 and message in outcome.sysprint


def test_makerep_of_every_object_type_replays_to_the_same_objects() -> None:
    """MAKEREP from DISPLAY replies of alias, remote and model queues, processes and
    namelists (what the catalog defines) re-creates them exactly."""
    from mqsc.batch.makedef import made
    from mqsc.language.formatter import format_command

    source = fresh_qmz1()
    for command in (
        "DEFINE QALIAS(MK.ALIAS) TARGET(MK.Q) PUT(DISABLED)",
        "DEFINE QREMOTE(MK.REMOTE) RNAME(X) RQMNAME(QMB) XMITQ(QMB)",
        "DEFINE QMODEL(MK.MODEL) DEFTYPE(PERMDYN) MAXDEPTH(9)",
        "DEFINE PROCESS(MK.PROC) APPLICID('TRAN') APPLTYPE(MVS)",
        "DEFINE NAMELIST(MK.NL) NAMES(A, B) NLTYPE(CLUSTER)",
    ):
        assert source.execute(command).ok, command
    displays = [
        "DISPLAY QUEUE(MK.*) ALL",
        "DISPLAY PROCESS(MK.*) ALL",
        "DISPLAY NAMELIST(MK.*) ALL",
    ]
    replies = [source.execute(d) for d in displays]
    commands = made("MAKEREP", replies)
    assert [c.objtype for c in commands] == ["QALIAS", "QMODEL", "QREMOTE", "PROCESS", "NAMELIST"]
    target = fresh_qmz1()
    assert all(target.execute(format_command(c)).ok for c in commands)
    strip = {"ALTDATE", "ALTTIME"}
    for display in displays:
        shown = [[a for a in o.attrs if a[0] not in strip] for o in target.execute(display).objects]
        assert shown == [
            [a for a in o.attrs if a[0] not in strip] for o in source.execute(display).objects
        ]
