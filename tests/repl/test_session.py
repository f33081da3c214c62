"""A console session: buffers in, the engine's console text out; special commands,
confirmations, the command prefix."""

from __future__ import annotations

from pathlib import Path

from mqsc.catalog import CommandSource
from mqsc.render.consoletext import console_lines
from mqsc.store.home import open_qmgr


def lines(out) -> list[str]:
    return out.getvalue().splitlines()


def test_output_is_exactly_the_engine_console_text(console, qm) -> None:
    session, out, _ = console()
    session.submit("DIS USAGE PSID(11)")
    expected = console_lines(qm.copy().execute("DIS USAGE PSID(11)"))
    assert lines(out) == expected


def test_command_prefix_forms(console) -> None:
    session, out, _ = console()
    for text in ("/QMZ1 DIS QMGR", "QMZ1 DIS QMGR", "DIS QMGR", "/qmz1 dis qmgr"):
        out.truncate(0), out.seek(0)
        session.submit(text)
        assert lines(out)[-1] == "CSQ9022I QMZ1 CSQMDRTS ' DISPLAY QMGR' NORMAL COMPLETION"


def test_another_prefix_gets_the_mvs_answer(console) -> None:
    session, out, _ = console()
    session.submit("/QMZ2 DIS USAGE")
    session.submit("CSQ1 DEF QL(A)")
    assert lines(out) == ["MQSC007E QMZ2 COMMAND INVALID", "MQSC007E CSQ1 COMMAND INVALID"]
    assert session.failed == 2


def test_invalid_command_gets_the_csq_error(console) -> None:
    session, out, _ = console()
    session.submit("DEF QL(A) MAXDEPTHS(5)")
    assert lines(out) == [
        "CSQ9001E QMZ1 'MAXDEPTHS' is invalid",
        "CSQ9023E QMZ1 CSQ9SCND 'DEF QL' ABNORMAL COMPLETION",
        "'MAXDEPTHS': did you mean MAXDEPTH?",
    ]  # a note after the reply


def test_continued_command_is_one_command(console, qm) -> None:
    session, out, _ = console()
    session.submit("DEFINE QLOCAL(PAY.IN) +\n       DESCR('Pay-\nroll') MAXDEPTH(7)")
    assert qm.execute("DIS QL(PAY.IN) DESCR").objects[0].get("DESCR") == "Payroll"
    assert lines(out) == ["CSQ9022I QMZ1 CSQMAQLC ' DEFINE QLOCAL' NORMAL COMPLETION"]


def test_several_commands_in_one_buffer_run_in_order(console) -> None:
    session, out, _ = console()
    session.submit("DEF QL(A)\nDEF QL(B)")
    assert [line.split()[0] for line in lines(out)] == ["CSQ9022I", "CSQ9022I"]


def test_help_and_question_mark(console) -> None:
    session, out, _ = console()
    session.submit("HELP DEF QL")
    assert lines(out)[0] == "DEFINE QLOCAL: define a local queue"
    out.truncate(0), out.seek(0)
    session.submit("DEF QL(A) MAXDEPTH(?")
    assert lines(out)[0].startswith("MAXDEPTH (DEFINE QLOCAL)")
    assert session.next_text == "DEF QL(A) MAXDEPTH("  # back in the buffer, ready to go on
    out.truncate(0), out.seek(0)
    session.submit("DEF QL(A) DESCR('why?')")
    assert lines(out)[-1].startswith("CSQ9022I")


def test_destructive_commands_ask_first(console, qm) -> None:
    qm.execute("DEFINE QLOCAL(PAY.IN)")
    session, out, ask = console(False)
    session.submit("DELETE QLOCAL(PAY.IN)")
    assert ask.asked == ["DELETE QLOCAL(PAY.IN) removes the object. Run it?"]
    assert lines(out) == ["Not run."]
    assert qm.execute("DIS QL(PAY.IN)").objects
    session, out, ask = console(True)
    session.submit("DELETE QLOCAL(PAY.IN)")
    assert lines(out) == ["CSQ9022I QMZ1 CSQMUQLC ' DELETE QLOCAL' NORMAL COMPLETION"]


def test_alter_buffpool_asks_only_when_it_removes_buffers(console) -> None:
    session, out, ask = console()
    session.submit("ALTER BUFFPOOL(11) BUFFERS(2000)")
    session.submit("ALTER BUFFPOOL(11) BUFFERS(500)")
    assert ask.asked == ["ALTER BUFFPOOL(11) removes 1,500 of its 2,000 buffers. Run it?"]


def test_confirmation_levels(console) -> None:
    session, out, ask = console(confirm="none")
    session.submit("DEF QL(A)")
    session.submit("DELETE QLOCAL(A)")
    assert ask.asked == []
    session, out, ask = console(confirm="all")
    session.submit("DEF QL(B)")
    session.submit("DIS QL(B)")
    assert ask.asked == ["DEFINE QLOCAL changes the queue manager. Run it?"]


def test_yes_turns_confirmation_off(qm) -> None:
    import io

    from mqsc.repl.config import Settings
    from mqsc.repl.output import Output
    from mqsc.repl.session import ConsoleSession

    asked = []
    session = ConsoleSession(
        qm, Settings(confirm="all"), Output(io.StringIO()), ask=asked.append, yes=True
    )
    session.submit("RESET CFSTRUCT(APPL1) ACTION(FAIL)")
    assert asked == []


def test_special_commands(console) -> None:
    session, out, _ = console()
    session.submit("\\?")
    listing = out.getvalue()
    for name in ("\\help", "\\quit", "\\read", "\\format", "\\style", "\\save", "\\timing"):
        assert name in listing
    out.truncate(0), out.seek(0)
    session.submit("\\format xml")
    assert lines(out) == ["Usage: \\format text|json|table"]
    session.submit("\\nope")
    assert lines(out)[-1] == "Unknown console command \\nope; \\? lists them."
    session.submit("\\quit")
    assert session.done


def test_format_json_and_style_server(console) -> None:
    import json

    session, out, _ = console()
    session.submit("\\format json")
    session.submit("DIS QMGR")
    document = json.loads(out.getvalue())
    assert document["ok"] and document["title"] == "DISPLAY QMGR"
    session.submit("\\format text")
    session.submit("\\style server")
    out.truncate(0), out.seek(0)
    session.submit("DIS QMGR")
    assert lines(out)[0].startswith("CSQN205I   COUNT=       3")


def test_format_table_draws_display_and_usage(console) -> None:
    session, out, _ = console()
    session.submit("\\format table")
    session.submit("DIS USAGE PSID(11)")
    session.submit("DIS QL(SYSTEM.DEFAULT.LOCAL.QUEUE) MAXDEPTH DESCR")
    text = out.getvalue()
    assert "Buffer pools (CSQI065I)" in text and "FIXED4KB" in text
    assert "1 QLOCAL found" in text and "999999999" in text
    assert "\x1b" not in text  # not a terminal: no colour


def test_timing(console) -> None:
    session, out, _ = console()
    session.submit("\\timing on")
    session.submit("DIS QMGR")
    assert lines(out)[-1].startswith("Time: ") and lines(out)[-1].endswith(" ms")
    session.submit("\\timing")
    assert lines(out)[-1] == "\\timing is on (on|off)"


def test_read_runs_a_deck(console, tmp_path: Path) -> None:
    deck = tmp_path / "deck.mqsc"
    deck.write_text("* a deck\nDEFINE QLOCAL(PAY.IN) +\n  MAXDEPTH(5)\nQMZ2 DIS QMGR\n")
    session, out, _ = console()
    session.submit(f"\\read {deck}")
    assert lines(out) == [
        "QMZ1 DEFINE QLOCAL(PAY.IN) +",
        "QMZ1   MAXDEPTH(5)",
        "CSQ9022I QMZ1 CSQMAQLC ' DEFINE QLOCAL' NORMAL COMPLETION",
        "QMZ1 QMZ2 DIS QMGR",
        "MQSC007E QMZ2 COMMAND INVALID",
        f"2 commands read from {deck}.",
    ]
    session.submit(f"\\read {tmp_path / 'missing.mqsc'}")
    assert "No such file" in lines(out)[-1]


def test_save_writes_a_deck_that_recreates_the_definitions(console, qm, tmp_path) -> None:
    session, out, _ = console()
    session.submit("DEFINE STGCLASS(PAYSC) PSID(3) DESCR('Pay [x]')")
    session.submit("DEFINE QLOCAL(PAY.IN) STGCLASS(PAYSC) MAXDEPTH(5) NOSHARE DESCR('it''s')")
    target = tmp_path / "saved.mqsc"
    session.submit(f"\\save {target}")
    assert lines(out)[-1].startswith("Saved ") and target.exists()
    fresh = open_qmgr("QMZ1", memory=True)
    fresh.execute("DELETE QLOCAL(SYSTEM.DEFAULT.LOCAL.QUEUE)")
    results = fresh.run(target.read_text(), source=CommandSource.CONSOLE)
    assert all(r.ok for r in results), [r.message_ids for r in results if not r.ok]

    def shown(manager, command):
        [obj] = manager.execute(command).objects
        return {k: v for k, v in obj.attrs if k not in ("ALTDATE", "ALTTIME", "CRDATE", "CRTIME")}

    for command in (
        "DIS QL(PAY.IN) ALL",
        "DIS STC(PAYSC) ALL",
        "DIS QL(SYSTEM.DEFAULT.LOCAL.QUEUE) ALL",
    ):
        assert shown(fresh, command) == shown(qm, command)


def test_save_asks_before_replacing_a_file(console, tmp_path) -> None:
    target = tmp_path / "saved.mqsc"
    target.write_text("keep me")
    session, out, ask = console(False)
    session.submit(f"\\save {target}")
    assert target.read_text() == "keep me" and lines(out) == ["Not saved."]


def test_console_notes_did_you_mean_after_the_reply(console) -> None:
    session, out, _ = console()
    session.submit("DEFINE QLOCAL(A) MAXDEPHT(5)")
    lines = out.getvalue().splitlines()
    assert lines[-3:] == [
        "CSQ9001E QMZ1 'MAXDEPHT' is invalid",
        "CSQ9023E QMZ1 CSQ9SCND 'DEFINE QLOCAL' ABNORMAL COMPLETION",
        "'MAXDEPHT': did you mean MAXDEPTH?",
    ]


def test_the_channels_messages_follow_the_reply(console, qm) -> None:
    """docs/channels.md: a second queue manager in the network; the console shows what the
    channels said on each console after the command that let them move."""
    from mqsc.engine.manager import QueueManager
    from mqsc.network.transport import Network

    qmz2 = QueueManager.create("QMZ2", csqinp1=qm.csqinp1, csqinp2=qm.csqinp2)
    Network([qm, qmz2])
    for text in (
        "START CHINIT",
        "START LISTENER PORT(1415)",
        "DEFINE QLOCAL(PAY.IN)",
        "DEFINE CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(RCVR) TRPTYPE(TCP)",
    ):
        assert qmz2.execute(text, source=CommandSource.CONSOLE).ok
    session, out, _ = console()
    for text in (
        "START CHINIT",
        "DEFINE QLOCAL(QMZ2) USAGE(XMITQ)",
        "DEFINE QREMOTE(PAY.OUT) RNAME(PAY.IN) RQMNAME(QMZ2) XMITQ(QMZ2)",
        "DEFINE CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(SDR) TRPTYPE(TCP) CONNAME('zos2(1415)') XMITQ(QMZ2)",
    ):
        session.submit(text)
    qm.put("PAY.OUT", 4, 100)
    out.truncate(0), out.seek(0)
    session.submit("START CHANNEL(QMZ1.TO.QMZ2)")
    shown = lines(out)
    assert shown[-1] == "MQSC347I QMZ2 CSQXRESP Channel QMZ1.TO.QMZ2 started"
    assert "MQSC347I QMZ1 CSQXRESP Channel QMZ1.TO.QMZ2 started" in shown[:-1]
    assert qmz2.queued("PAY.IN")[0].count == 4


def test_connect_switches_to_another_queue_manager_of_the_home(tmp_path) -> None:
    """\\connect QMZ2: the console works on another queue manager of the mqsc
    home, with its prefix and prompt; its channels' messages still show."""
    import io

    from mqsc.cli import main
    from mqsc.network.homenetwork import join_home
    from mqsc.repl.config import Settings
    from mqsc.repl.output import Output
    from mqsc.repl.session import ConsoleSession

    assert main(["create", "QMZ2"]) == 0
    qm = open_qmgr("QMZ1")
    join_home(qm)
    out = io.StringIO()
    session = ConsoleSession(qm, Settings(), Output(out), ask=lambda _: False)
    try:
        session.submit("\\connect")
        assert lines(out)[-1] == "Connected to QMZ1; the others of this mqsc home: QMZ2."
        session.submit("\\connect qmz2")
        assert lines(out)[-1] == "Connected to QMZ2 (command prefix QMZ2)."
        assert "QMZ2" in session.prompt() and session.qm.name == "QMZ2"
        session.submit("DEFINE QLOCAL(ONLY.ON.QMZ2)")
        assert lines(out)[-1] == "CSQ9022I QMZ2 CSQMAQLC ' DEFINE QLOCAL' NORMAL COMPLETION"
        session.submit("\\connect NOSUCH")
        assert lines(out)[-1].startswith("\\connect: no queue manager NOSUCH can be opened")
        session.submit("\\connect QMZ1")
        # A command with QMZ2's prefix typed on QMZ1's console goes to QMZ2.
        session.submit("/QMZ2 DISPLAY QLOCAL(ONLY.ON.QMZ2)")
        assert lines(out)[-1] == "CSQ9022I QMZ2 CSQMDRTS ' DISPLAY QLOCAL' NORMAL COMPLETION"
        session.submit("/QMZ9 DISPLAY QMGR")
        assert lines(out)[-1] == "MQSC007E QMZ9 COMMAND INVALID"
        session.submit("DISPLAY QLOCAL(ONLY.ON.QMZ2)")
        assert lines(out)[-2].startswith("CSQM297I QMZ1 CSQMDRTS NO QLOCAL FOUND")
    finally:
        qm.close()
    qmz2 = open_qmgr("QMZ2")
    try:
        assert qmz2.queued("ONLY.ON.QMZ2") == ()
    finally:
        qmz2.close()


def test_connect_needs_a_home(console) -> None:
    session, out, _ = console()
    session.submit("\\connect QMZ2")
    assert lines(out) == [
        "\\connect: this console works on one queue manager alone "
        "(--memory or --state): there is no other to connect to"
    ]
    assert session.qm.name == "QMZ1"


def test_connect_closes_the_monitors_of_the_queue_manager_left(tmp_path) -> None:
    """A \\monitor started on QMZ1 ends with the console's connection to QMZ1 (IBM "MQDISC"
    closes the connection's handles): after \\connect QMZ2, QMZ1's initiation queue is free."""
    import io

    from mqsc.cli import main
    from mqsc.network.homenetwork import join_home
    from mqsc.repl.config import Settings
    from mqsc.repl.output import Output
    from mqsc.repl.session import ConsoleSession

    assert main(["create", "QMZ2"]) == 0
    qm = open_qmgr("QMZ1")
    join_home(qm)
    out = io.StringIO()
    session = ConsoleSession(qm, Settings(), Output(out), ask=lambda _: False)
    try:
        session.submit("DEFINE QLOCAL(MON.INITQ)")
        session.submit("\\monitor start MON.INITQ")
        assert not qm.execute("DELETE QLOCAL(MON.INITQ)").ok  # held while connected
        session.submit("\\connect QMZ2")
        assert session.monitors == []
        assert qm.execute("DELETE QLOCAL(MON.INITQ)").ok
    finally:
        qm.close()


def test_the_console_command_list_fits_the_terminal_width() -> None:
    # \? at a narrow terminal: every line within its width, the descriptions under their own
    # column (the terminal never breaks a line at its edge).
    import mqsc.repl.specials  # noqa: F401  (registers the console commands)
    from mqsc.repl.meta import help_lines

    for columns in (60, 80, 100):
        lines = help_lines(columns)
        assert all(len(line) <= columns for line in lines), columns
    wide = help_lines(200)
    assert any("\\read" in line for line in wide)
    assert len(help_lines(60)) > len(wide)  # wrapped, nothing cut
