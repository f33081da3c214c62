"""``mqsc events``: event messages made by one invocation read by another, decoded to lines
and JSON; a corrupt message (a file, or data put on an event queue) gets one line and a
documented exit status, never a traceback."""

from __future__ import annotations

import json

from mqsc.cli import main
from mqsc.store.home import bundled


def deck(tmp_path, text: str) -> str:
    path = tmp_path / "deck.mqsc"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_depth_high_from_a_put_decoded_by_events(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("MQSC_USER", "payops")
    assert (
        main(
            [
                "run",
                deck(
                    tmp_path,
                    "ALTER QMGR PERFMEV(ENABLED) CMDEV(ENABLED)\n"
                    "DEFINE QLOCAL(PAY.EV) MAXDEPTH(10) QDPHIEV(ENABLED)\n",
                ),
            ]
        )
        == 0
    )
    assert main(["put", "PAY.EV", "-n", "9", "-s", "100"]) == 0
    capsys.readouterr()
    assert main(["events", "SYSTEM.ADMIN.PERFM.EVENT"]) == 0
    out = capsys.readouterr().out
    assert "Queue Depth High (MQRC_Q_DEPTH_HIGH 2224)" in out
    assert "MQCA_BASE_Q_NAME                 'PAY.EV'" in out
    assert main(["events", "SYSTEM.ADMIN.PERFM.EVENT"]) == 0  # got: none left
    assert capsys.readouterr().out.strip() == "No event messages."
    # The deck's commands came as command messages (MQEVO_MSG) from the user of mqsc run.
    assert main(["events", "SYSTEM.ADMIN.COMMAND.EVENT", "--format", "json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert [e["reasonName"] for e in found] == ["MQRC_COMMAND_MQSC"] * 2
    context = found[1]["parameters"][0]
    assert context["parameter"] == "MQGACF_COMMAND_CONTEXT"
    members = {m["parameter"]: m for m in context["members"]}
    assert members["MQCACF_EVENT_USER_ID"]["value"] == "PAYOPS"
    assert members["MQIACF_EVENT_ORIGIN"]["constant"] == "MQEVO_MSG"
    assert members["MQCACF_EVENT_APPL_NAME"]["value"] == "MQSCRUN"
    data = found[1]["parameters"][1]["members"][0]
    assert data == {
        "parameter": "MQCACF_COMMAND_MQSC",
        "value": "DEFINE QLOCAL(PAY.EV) MAXDEPTH(10) QDPHIEV(ENABLED)",
    }


def test_browse_leaves_the_messages(tmp_path, capsys) -> None:
    assert main(["run", deck(tmp_path, "ALTER QMGR CMDEV(ENABLED)\n")]) == 0
    capsys.readouterr()
    for _ in range(2):
        assert main(["events", "--browse", "--hex"]) == 0
        out = capsys.readouterr().out
        assert out.count("Event message 1 on SYSTEM.ADMIN.COMMAND.EVENT") == 1
        assert "00000000  00000007 00000024 00000003 00000063" in out


def test_a_corrupt_file_is_one_line_and_exit_2(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.bin"
    for data, why in (
        (b"\x00\x00\x00\x07\x00\x00\x00\x24", "shorter than an MQCFH"),
        (
            bytes.fromhex(
                "00000007 00000024 00000001 0000002D 00000001 00000001 00000001"
                " 000008B0 00000001 00000003 00000010 000007DF"
            ),
            "does not fit",
        ),
        (bytes.fromhex("0000007B" + "00" * 32), "no PCF structure type"),
    ):
        bad.write_bytes(data)
        assert main(["events", "--file", str(bad)]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert len(captured.err.strip().splitlines()) == 1 and why in captured.err
        assert "Traceback" not in captured.err
    assert main(["events", "--file", str(tmp_path / "missing.bin")]) == 2
    assert "missing.bin" in capsys.readouterr().err


def test_a_good_file_decodes(tmp_path, capsys) -> None:
    from tests.engine.test_events import system_qm

    qm = system_qm()
    qm.execute("ALTER QMGR CMDEV(ENABLED)")
    data = qm.get_message("SYSTEM.ADMIN.COMMAND.EVENT").delivered[0].data
    path = tmp_path / "event.bin"
    path.write_bytes(data)
    assert main(["events", "--file", str(path)]) == 0
    assert "Command (MQRC_COMMAND_MQSC 2412)" in capsys.readouterr().out


def test_a_message_that_is_no_event_on_an_event_queue(tmp_path, capsys) -> None:
    # It is shown in hexadecimal and left where it is; the event messages around it are got.
    assert main(["run", deck(tmp_path, "ALTER QMGR CMDEV(ENABLED)\n")]) == 0
    assert main(["put", "SYSTEM.ADMIN.COMMAND.EVENT", "--data", "hello"]) == 0
    assert main(["run", deck(tmp_path, "DISPLAY QMGR QMNAME\n")]) == 0
    capsys.readouterr()
    assert main(["events", "SYSTEM.ADMIN.COMMAND.EVENT"]) == 10
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        "mqsc events: message 2 on SYSTEM.ADMIN.COMMAND.EVENT is not an event message (left on"
        " the queue): message of 5 bytes is shorter than an MQCFH (36) at offset 0"
    ]
    assert captured.out.count("Command (MQRC_COMMAND_MQSC 2412)") == 2
    assert (
        "Message 2 on SYSTEM.ADMIN.COMMAND.EVENT: not an event message, left on the queue"
        in captured.out
    )
    assert "    00000000  68656C6C 6F " in captured.out
    # Only the undecodable message is left: a second read shows it again, alone.
    assert main(["events", "SYSTEM.ADMIN.COMMAND.EVENT", "--format", "json"]) == 10
    found = json.loads(capsys.readouterr().out)
    assert found == [
        {
            "queue": "SYSTEM.ADMIN.COMMAND.EVENT",
            "number": 1,
            "notEventMessage": "message of 5 bytes is shorter than an MQCFH (36) at offset 0",
            "length": 5,
            "data": "68656C6C6F",
        }
    ]
    assert main(["get", "SYSTEM.ADMIN.COMMAND.EVENT", "--show"]) == 0
    assert "hello" in capsys.readouterr().out


def test_an_unknown_queue_is_an_error_not_an_empty_queue(capsys) -> None:
    assert main(["events", "NO.SUCH.Q"]) == 20
    captured = capsys.readouterr()
    assert captured.out == ""  # never "No event messages." beside the error
    assert captured.err == "mqsc events: NO.SUCH.Q: MQRC_UNKNOWN_OBJECT_NAME (2085)\n"
    # The other queues named are still read.
    assert main(["events", "NO.SUCH.Q", "SYSTEM.ADMIN.QMGR.EVENT", "--format", "json"]) == 20
    captured = capsys.readouterr()
    assert json.loads(captured.out) == []
    assert "NO.SUCH.Q: MQRC_UNKNOWN_OBJECT_NAME (2085)" in captured.err


def test_negative_count_is_refused(capsys) -> None:
    assert main(["events", "--count", "-1"]) == 2
    assert "--count cannot be negative" in capsys.readouterr().err


def test_a_jobs_commands_are_command_events_of_its_owner_and_name(tmp_path, capsys) -> None:
    # CSQUTIL COMMAND in a job is a command message (MQEVO_MSG) put by the job (its name is
    # the EventApplName) for the user the job runs as.
    assert main(["run", deck(tmp_path, "ALTER QMGR CMDEV(ENABLED) CONFIGEV(DISABLED)\n")]) == 0
    assert main(["events", "SYSTEM.ADMIN.COMMAND.EVENT"]) == 0  # the ALTER's own event
    job = str(bundled("samples/jobs/ADDPSET.jcl"))
    assert main(["job", job, "--user", "PAYOPS"]) == 0
    capsys.readouterr()
    assert main(["events", "SYSTEM.ADMIN.COMMAND.EVENT", "--format", "json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found, "the job's commands made no command event"
    texts = []
    for event in found:
        assert event["reasonName"] == "MQRC_COMMAND_MQSC"
        context = {m["parameter"]: m for m in event["parameters"][0]["members"]}
        assert context["MQCACF_EVENT_USER_ID"]["value"] == "PAYOPS"
        assert context["MQIACF_EVENT_ORIGIN"]["constant"] == "MQEVO_MSG"
        assert context["MQCACF_EVENT_APPL_NAME"]["value"] == "USER1NP"
        texts.append(event["parameters"][1]["members"][0]["value"])
    assert texts[0].startswith("DEFINE PSID(05) BUFFPOOL(3)")
