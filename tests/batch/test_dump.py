"""``mqsc dump``: a replayable deck; dump, replay into a fresh queue manager, dump: identical."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from mqsc.batch import cards, dump
from mqsc.cli import main
from mqsc.engine.manager import QueueManager
from mqsc.language.pipeline import parse
from tests.batch.conftest import clock
from tests.engine.conftest import fresh_qmz1

CHANGES = [
    "DEFINE QLOCAL(PAY.IN) MAXDEPTH(5000) NOSHARE TRIGGER TRIGTYPE(EVERY) "
    "DESCR('It''s a * long description, with +plus+ and -minus- signs, to end')",
    "DEFINE QLOCAL(PAY.OUT) LIKE(PAY.IN) STGCLASS(STGCLS10)",
    "ALTER STGCLASS(STGCLS10) DESCR('changed by the test')",
    "DEFINE STGCLASS(ODD) PSID(77) XCFGNAME(GRP) XCFMNAME(MEMBER)",
    "ALTER QMGR DEADQ(PAY.IN) CCSID(1047) DESCR('dumped')",
    "ALTER BUFFPOOL(3) LOCATION(ABOVE) PAGECLAS(FIXED4KB)",
    "ALTER BUFFPOOL(11) PAGECLAS(4KB)",
    "DEFINE QALIAS(PAY.ALIAS) TARGET(PAY.IN) PUT(DISABLED) DESCR('alias of PAY.IN')",
    "DEFINE QALIAS(PAY.LATER) TARGET(NOT.YET.DEFINED)",
    "DEFINE QLOCAL(QMB) USAGE(XMITQ)",
    "DEFINE QREMOTE(PAY.REMOTE) RNAME(PAY.IN) RQMNAME(QMB) XMITQ(QMB) DEFPSIST(YES)",
    "DEFINE QMODEL(PAY.MODEL) DEFTYPE(PERMDYN) MAXDEPTH(100) STGCLASS(STGCLS10)",
]


def changed_qmz1() -> QueueManager:
    qm = fresh_qmz1()
    for command in CHANGES:
        assert qm.execute(command).ok, command
    return qm


def test_every_line_fits_a_card() -> None:
    text = dump.csqinp2_deck(changed_qmz1())
    assert all(len(line) <= cards.WIDTH for line in text.splitlines())


def test_dump_replays_into_a_queue_manager_built_from_it() -> None:
    qm = changed_qmz1()
    csqinp1, csqinp2 = dump.csqinp1_deck(qm), dump.csqinp2_deck(qm)
    rebuilt = QueueManager.create("QMZ1", csqinp1=csqinp1, csqinp2=csqinp2, clock=clock)
    assert all(r.ok for r in rebuilt.start_results)
    assert dump.csqinp2_deck(rebuilt) == csqinp2
    assert dump.csqinp1_deck(rebuilt) == csqinp1
    assert dump.to_json(rebuilt) == dump.to_json(qm)


def commands_of(deck: str) -> list[str]:
    return [line for line in deck.splitlines() if not line.startswith("*")]


def test_dump_replays_over_a_fresh_qmz1() -> None:
    # Pools are CSQINP1 matters (comments here): the object definitions must come back.
    qm = changed_qmz1()
    text = dump.csqinp2_deck(qm)
    fresh = fresh_qmz1()
    assert all(r.ok for r in fresh.run(text))
    assert commands_of(dump.csqinp2_deck(fresh)) == commands_of(text)


def test_buffer_pools_are_comments_in_the_csqinp2_deck() -> None:
    text = dump.csqinp2_deck(changed_qmz1())
    assert "*DEFINE BUFFPOOL(3) BUFFERS(20000) LOCATION(ABOVE) PAGECLAS(FIXED4KB)" in text
    # A PAGECLAS change waiting for a restart is what the next start defines (storage rule BP-6).
    assert "*DEFINE BUFFPOOL(11) BUFFERS(1000) LOCATION(ABOVE) PAGECLAS(4KB)" in text
    assert not [c for c in parse(text) if c.objtype in ("BUFFPOOL", "PSID")]


def test_every_attribute_is_explicit() -> None:
    text = dump.csqinp2_deck(fresh_qmz1())
    [queue] = [c for c in parse(text) if c.name == "USER1.BBAR.QUEUE"]
    assert queue.attrs["REPLACE"] is True and queue.attrs["MAXDEPTH"] == 999_999_999
    assert queue.attrs["STGCLASS"] == "STGCLS10" and queue.attrs["SHARE"] is True


def test_json_dump() -> None:
    data = dump.to_json(changed_qmz1())
    assert data["qmgr"]["deadq"] == "PAY.IN" and data["qmgr"]["ccsid"] == 1047
    [queue] = [q for q in data["queues"] if q["queue"] == "PAY.IN"]
    assert queue["maxdepth"] == 5000 and queue["share"] is False
    assert {"buffpool": 51, "buffers": 50000, "location": "ABOVE", "pageclas": "FIXED4KB"} in data[
        "bufferPools"
    ]
    json.dumps(data)


def test_cli_dump(tmp_path, capsys) -> None:
    assert main(["dump", "--memory"]) == 0
    text = capsys.readouterr().out
    assert "DEFINE QLOCAL(USER1.ABAR.QUEUE) REPLACE" in text
    assert main(["dump", "--memory", "--csqinp1", "-o", str(tmp_path / "inp1")]) == 0
    assert (tmp_path / "inp1").read_text().count("DEFINE PSID(") == 15
    assert main(["dump", "--memory", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["qmgr"]["name"] == "QMZ1"


def test_cli_dump_unwritable_output(tmp_path, capsys) -> None:
    assert main(["dump", "--memory", "-o", str(tmp_path / "no" / "such" / "dir")]) == 2
    assert "mqsc dump:" in capsys.readouterr().err


QUEUE_ATTRIBUTES = st.fixed_dictionaries(
    {},
    optional={
        "MAXDEPTH": st.integers(0, 999_999_999),
        "DESCR": st.text(alphabet="abc XYZ'*+-,.()", max_size=64).map(str.rstrip),
        "SHARE": st.booleans(),
        "DEFPSIST": st.sampled_from(["YES", "NO"]),
        "TRIGDATA": st.text(alphabet="tr ig*", max_size=64).map(str.rstrip),
    },
)


@settings(max_examples=40)
@given(st.lists(QUEUE_ATTRIBUTES, min_size=1, max_size=4))
def test_round_trip_property(queues) -> None:
    from mqsc.language.formatter import format_value

    qm = fresh_qmz1()
    for i, attrs in enumerate(queues):
        words = []
        for name, value in attrs.items():
            if name == "SHARE":
                words.append("SHARE" if value else "NOSHARE")
            elif isinstance(value, str):
                words.append(f"{name}({format_value(value, text=True)})")
            else:
                words.append(f"{name}({value})")
        assert qm.execute(f"DEFINE QLOCAL(GEN.Q{i}) " + " ".join(words)).ok
    text = dump.csqinp2_deck(qm)
    replayed = fresh_qmz1()
    assert all(r.ok for r in replayed.run(text))
    assert dump.csqinp2_deck(replayed) == text


def test_group_member_dump_replays_on_a_fresh_group() -> None:
    from mqsc.batch import dump
    from tests.engine.conftest import fresh_group

    group = fresh_group()
    a = group.members["QSA1"]
    assert a.execute("DEFINE QLOCAL(G.Q) QSGDISP(GROUP) DESCR('g')").ok
    text = dump.csqinp2_deck(a)
    assert "QSGDISP(SHARED)" in text and "QSGDISP(GROUP)" in text
    assert "QSGDISP(COPY)" not in text
    other = fresh_group().members["QSA2"]
    results = other.run(text)
    assert all(all(r.ok for r in one.all_sets()) for one in results)
    assert other.state.tables["qlocal"]["G.Q"].get("QSGDISP") == "COPY"
    assert (
        dump.csqinp2_deck(other.group.members["QSA1"]).split("\n", 4)[4] == text.split("\n", 4)[4]
    )
