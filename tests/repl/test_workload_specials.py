"""The console's \\put, \\get, \\stats and \\restart: the storage simulation and the queue
manager's life cycle from the console, with the same arguments as ``mqsc put/get/stats``."""

from __future__ import annotations


def lines(out) -> list[str]:
    return out.getvalue().splitlines()


def test_put_then_get_change_the_queue(console, qm) -> None:
    session, out, _ = console()
    session.submit("\\put USER1.ABAR.QUEUE --count 300 --size 4096")
    assert " Pages used          : 605" in lines(out)
    assert qm.state.tables["pageset"][11].nonpersistent == 605
    session.submit("\\get user1.abar.queue -n 100")
    assert " Messages got        : 100 (asked for 100)" in lines(out)
    assert qm.state.tables["messages"]["USER1.ABAR.QUEUE"].depth == 200
    assert session.failed == 0


def test_put_failure_counts_and_shows_the_reason(console) -> None:
    session, out, _ = console()
    session.submit("\\put NO.SUCH.QUEUE")
    assert " Completion          : MQRC_UNKNOWN_OBJECT_NAME (2085)" in lines(out)
    assert session.failed == 1


def test_misuse_gives_the_usage_and_changes_nothing(console, qm) -> None:
    session, out, _ = console()
    before = qm.digest()
    for text in ("\\put", "\\put Q --count -1", "\\get Q --bogus", "\\put 'unclosed"):
        session.submit(text)
    assert qm.digest() == before
    shown = lines(out)
    assert shown[0].startswith(
        "\\put: the following arguments are required: queue (usage: \\put QUEUE"
    )
    assert shown[1] == "\\put: --count cannot be negative"
    assert shown[2].startswith("\\get: unrecognized arguments: --bogus")
    assert shown[3].startswith("\\put: No closing quotation")


def test_stats_and_reset(console, qm) -> None:
    session, out, _ = console()
    session.submit("\\put USER1.BBAR.QUEUE -n 10 -s 4096")
    session.submit("\\stats reset")
    row = next(line for line in lines(out) if line.startswith("   10 "))
    assert row.split()[5] == "21"  # GETN: 20 data pages + 1 message-list page
    out.truncate(0), out.seek(0)
    session.submit("\\stats")
    row = next(line for line in lines(out) if line.startswith("   10 "))
    assert row.split()[5] == "0"


def test_stats_json(console) -> None:
    import json

    session, out, _ = console()
    session.submit("\\format json")
    session.submit("\\stats")
    data = json.loads(out.getvalue())
    assert data["qmgr"] == "QMZ1" and "11" in data["bufferPools"]


def test_restart_asks_then_keeps_persistent_messages_only(console, qm) -> None:
    session, out, answers = console(False, True)
    session.submit("\\put USER1.BBAR.QUEUE -n 3 --persistent")
    session.submit("\\put USER1.BBAR.QUEUE -n 4")
    session.submit("\\restart")  # answered no
    assert answers.asked == [
        "STOP QMGR stops the queue manager: 4 nonpersistent messages are "
        "lost at the next start. Run it?"
    ]
    assert "Not run." in lines(out)
    session.submit("\\restart")  # answered yes
    shown = lines(out)
    assert "CSQY002I QMZ1 QUEUE MANAGER STOPPING" in shown
    assert (
        "CSQP019I QMZ1 CSQPDWP2 CHECKPOINT COMPLETED FOR BUFFER POOL 10, 2 PAGES WRITTEN" in shown
    )
    assert qm.state.tables["messages"]["USER1.BBAR.QUEUE"].depth == 3


def test_the_console_closes_its_trigger_monitors_when_it_ends(qm) -> None:
    import io

    from mqsc.repl.app import run
    from mqsc.repl.config import Settings

    assert qm.execute("DEFINE QLOCAL(INITQ)").ok
    out = io.StringIO()
    assert run(qm, Settings(), stdin=io.StringIO("\\monitor start INITQ\n"), stdout=out) == 0
    # The console's connection ended with it: nothing holds the initiation queue open.
    assert qm.execute("DELETE QLOCAL(INITQ)").ok


def test_a_stopped_monitor_is_not_closed_twice(console, qm) -> None:
    assert qm.execute("DEFINE QLOCAL(INITQ)").ok
    session, out, _ = console()
    session.submit("\\monitor start INITQ")
    session.submit("\\monitor start INITQ")
    session.submit("\\monitor stop INITQ")
    assert session.monitors == ["INITQ"]
    session.close_monitors()
    assert session.monitors == [] and qm.execute("DELETE QLOCAL(INITQ)").ok
