"""Command-server lines: remembered lines answer as freshly made ones."""

from __future__ import annotations

from mqsc.catalog import texts
from mqsc.engine.records import Message
from mqsc.render import commandserver


def test_a_remembered_message_line_is_the_line_of_that_record_and_prefix() -> None:
    done = Message("CSQ9022I", {"csect": "CSQMAQLC", "command": " DEFINE QLOCAL"})
    other = Message("CSQ9022I", {"csect": "CSQMAQLC", "command": " ALTER QLOCAL"})
    for _ in range(2):
        assert commandserver.message_line(done, "QMZ1") == texts.line(
            done.msg_id, done.inserts, "QMZ1"
        )
        assert commandserver.message_line(done, "-CSQ1").startswith("CSQ9022I -CSQ1 ")
        assert commandserver.message_line(other, "QMZ1").endswith(
            "' ALTER QLOCAL' NORMAL COMPLETION"
        )


def test_many_messages_each_get_their_own_line() -> None:
    records = [Message("CSQM297I", {"csect": "CSQMDRTS", "objtype": f"Q{i}"}) for i in range(600)]
    for _ in range(2):
        assert [commandserver.message_line(r, "QMZ1") for r in records] == [
            f"CSQM297I QMZ1 CSQMDRTS NO Q{i} FOUND MATCHING REQUEST CRITERIA" for i in range(600)
        ]
