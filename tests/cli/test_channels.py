"""Channels between the queue managers of one mqsc home, through the command line
(docs/channels.md): each command is its own process-like run with its own state database;
persistent messages a channel moved survive a restart of the queue manager that holds them."""

from __future__ import annotations

import json
from pathlib import Path

from mqsc.cli import main

QMZ2_DECK = """START CHINIT
START LISTENER TRPTYPE(TCP) PORT(1415)
DEFINE QLOCAL(PAY.IN)
DEFINE CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(RCVR) TRPTYPE(TCP)
"""
QMZ1_DECK = """START CHINIT
DEFINE QLOCAL(QMZ2) USAGE(XMITQ)
DEFINE QREMOTE(PAY.OUT) RNAME(PAY.IN) RQMNAME(QMZ2) XMITQ(QMZ2)
DEFINE CHANNEL(QMZ1.TO.QMZ2) CHLTYPE(SDR) TRPTYPE(TCP) CONNAME('zos2(1415)') XMITQ(QMZ2)
START CHANNEL(QMZ1.TO.QMZ2)
"""


def depth(capsys, queue: str, *qmgr: str) -> int:
    capsys.readouterr()
    assert main(["run", *qmgr, "--format", "json", _deck(f"DISPLAY QSTATUS({queue})")]) == 0
    out = capsys.readouterr().out
    return json.loads(out.splitlines()[0])["commandResponse"][0]["parameters"]["curdepth"]


_decks: list[Path] = []


def _deck(text: str) -> str:
    path = _decks[0] / f"deck{len(list(_decks[0].iterdir()))}.mqsc"
    path.write_text(text + "\n")
    return str(path)


def test_a_sender_moves_persistent_messages_to_another_queue_manager(tmp_path, capsys) -> None:
    _decks[:] = [tmp_path]
    assert main(["create", "QMZ2"]) == 0
    assert main(["run", "-m", "QMZ2", _deck(QMZ2_DECK)]) == 0
    assert main(["run", _deck(QMZ1_DECK)]) == 0
    capsys.readouterr()
    assert main(["put", "PAY.OUT", "--count", "100", "--size", "1024", "--persistent"]) == 0
    out = capsys.readouterr().out
    assert "MQSC347I QMZ2 CSQXRESP Channel QMZ1.TO.QMZ2 started" in out
    assert depth(capsys, "QMZ2") == 0
    assert depth(capsys, "PAY.IN", "-m", "QMZ2") == 100
    # The receiver stops: the transmission queue fills and the sender retries.
    assert main(["run", "-m", "QMZ2", _deck("STOP CHANNEL(QMZ1.TO.QMZ2)")]) == 0
    assert main(["put", "PAY.OUT", "--count", "7", "--size", "1024", "--persistent"]) == 0
    assert depth(capsys, "QMZ2") == 7
    # Both queue managers restart: every persistent message is still where it was.
    assert main(["restart"]) == 0
    assert main(["restart", "-m", "QMZ2"]) == 0
    assert depth(capsys, "QMZ2") == 7
    assert depth(capsys, "PAY.IN", "-m", "QMZ2") == 100
    # The channel initiators stopped with their queue managers: start them again, recover.
    assert (
        main(
            [
                "run",
                "-m",
                "QMZ2",
                _deck("START CHINIT\nSTART LISTENER PORT(1415)\nSTART CHANNEL(QMZ1.TO.QMZ2)"),
            ]
        )
        == 0
    )
    assert main(["run", _deck("START CHINIT\nSTART CHANNEL(QMZ1.TO.QMZ2)")]) == 0
    assert depth(capsys, "QMZ2") == 0
    capsys.readouterr()
    assert main(["get", "PAY.IN", "-m", "QMZ2", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["done"] == 107


def test_mqsc_run_shows_what_the_channels_said(tmp_path, capsys) -> None:
    _decks[:] = [tmp_path]
    assert main(["create", "QMZ2"]) == 0
    assert main(["run", "-m", "QMZ2", _deck(QMZ2_DECK)]) == 0
    capsys.readouterr()
    assert main(["run", "--style", "console", _deck(QMZ1_DECK)]) == 0
    out = capsys.readouterr().out
    # QMZ1's own console line, then QMZ2's receiver starting when the sender binds.
    assert "MQSC347I QMZ1 CSQXRESP Channel QMZ1.TO.QMZ2 started" in out
    assert "MQSC347I QMZ2 CSQXRESP Channel QMZ1.TO.QMZ2 started" not in out  # nothing moved
    assert main(["put", "PAY.OUT", "--count", "3"]) == 0
    capsys.readouterr()
    assert main(["run", "-m", "QMZ2", _deck("STOP CHANNEL(QMZ1.TO.QMZ2)")]) == 0
    assert main(["put", "PAY.OUT", "--count", "3"]) == 0  # the sender finds it stopped
    assert (
        "MQSC348I QMZ1 CSQXRESP Channel QMZ1.TO.QMZ2 is no longer active" in capsys.readouterr().out
    )
    assert main(["run", "--style", "console", _deck("START CHANNEL(QMZ1.TO.QMZ2)")]) == 0
    out = capsys.readouterr().out
    assert (
        "MQSC330I QMZ1 Channel QMZ1.TO.QMZ2 retrying: the partner's receiver channel is "
        "stopped" in out
    )


def test_create_with_a_listener(tmp_path, capsys) -> None:
    _decks[:] = [tmp_path]
    assert main(["create", "QMZ3", "--listener", "70000"]) == 2
    assert "a TCP/IP port is 0-65535" in capsys.readouterr().err
    assert main(["create", "QMZ2", "--listener", "1415"]) == 0
    assert "listening on port 1415" in capsys.readouterr().out
    assert main(["run", "-m", "QMZ2", "--style", "console", _deck("DISPLAY CHINIT")]) == 0
    assert (
        "MQSC365I QMZ2 CSQXDISP TCP/IP listener INDISP=QMGR started, for port 1415"
        in capsys.readouterr().out
    )


def test_the_default_run_output_says_why_a_sender_is_retrying(tmp_path: Path, capsys) -> None:
    # No receiver defined on QMZ2: the sender goes RETRYING. The command server's replies do
    # not carry the console's reason, so `mqsc run` shows it after them in every style.
    _decks[:] = [tmp_path]
    assert main(["create", "QMZ2", "--listener", "1415"]) == 0
    capsys.readouterr()
    assert main(["run", _deck(QMZ1_DECK)]) == 0
    out = capsys.readouterr().out
    reply = out.index("CSQ9022I QMZ1 CSQXSTRT ' START CHANNEL' NORMAL COMPLETION")
    said = out.index("MQSC330I QMZ1 Channel QMZ1.TO.QMZ2 retrying: no receiver channel")
    assert said > reply
