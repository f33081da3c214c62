"""Completion: the pure ``context``/``suggest`` pair, table-tested, and the never-crash sweep."""

from __future__ import annotations

from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from mqsc import catalog
from mqsc.repl.complete import completer, rank, suggest
from mqsc.repl.cursor import context, logical_tail

ROOT = Path(__file__).resolve().parents[2]
DECKS = sorted((ROOT / "samples").glob("**/*.mqsc"))


def texts(text: str, names) -> list[str]:
    return [s.text for s in suggest(text, catalog, names)]


@pytest.mark.parametrize(
    ("text", "slot", "partial"),
    [
        ("", "verb", ""),
        ("DE", "verb", "DE"),
        ("DEF ", "objtype", ""),
        ("DEF QL(A) ", "keyword", ""),
        ("DEF QL(A) MAXD", "keyword", "MAXD"),
        ("DEF QL(A) STGCLASS(", "value", ""),
        ("DEF QL(A) STGCLASS(SY", "value", "SY"),
        ("DIS QL(SYS", "name", "SYS"),
        ("DIS Q(*) WHERE(", "where-keyword", ""),
        ("DIS Q(*) WHERE(CURDEPTH ", "operator", ""),
        ("DIS Q(*) WHERE(CURDEPTH GT ", "value", ""),
        ("/", "cpf", "/"),
        ("/QMZ1 DIS ", "objtype", ""),
        ("QMZ1 DIS US", "objtype", "US"),
        ("QMZ9 DIS US", "objtype", "US"),  # another prefix: still completes (MQSC007E on Enter)
        ("\\fo", "special", "\\fo"),
        ("\\format ", "special-arg", ""),
        ("DEF QL(A) DESCR('pay", "value", "'pay"),
        ("DEF QL(A) DESCR('pay'", "none", ""),
        ("HELP DEF ", "objtype", ""),
        ("FOO ", "none", ""),
    ],
)
def test_context_slot(text: str, slot: str, partial: str) -> None:
    found = context(text, "QMZ1")
    assert (found.slot, found.partial) == (slot, partial)


def test_continued_lines_are_one_command() -> None:
    assert logical_tail("DEF QL(A) +\n   MAXD") == "DEF QL(A) MAXD"
    assert logical_tail("DEF QL(A) -\n   MAXD") == "DEF QL(A)    MAXD"
    assert logical_tail("DIS QMGR\nDEF Q") == "DEF Q"
    assert context("DEFINE QLOCAL(A) +\n  MAXDEPTH(5) +\n  MAXM", "QMZ1").used == {"MAXDEPTH"}


def test_verbs_then_object_types(names) -> None:
    assert texts("DEF", names) == ["DEFINE"]
    offered = texts("def ", names)
    assert offered[0] == "QLOCAL("
    assert set(offered) >= {
        "QALIAS(",
        "QREMOTE(",
        "QMODEL(",
        "PROCESS(",
        "NAMELIST(",
        "CHANNEL(",
        "TOPIC(",
        "SUB(",
        "AUTHINFO(",
        "STGCLASS(",
        "BUFFPOOL(",
        "PSID(",
        "CFSTRUCT(",
    }
    assert "USAGE" in texts("DIS US", names) and "QMGR" in texts("DIS ", names)
    assert "DELETE" in texts("D", names) and "DISPLAY" in texts("D", names)


def test_names_of_every_queue_type(qm, names) -> None:
    for command in (
        "DEFINE QLOCAL(PAY.IN)",
        "DEFINE QALIAS(PAY.ALIAS) TARGET(PAY.IN)",
        "DEFINE QREMOTE(PAY.REMOTE) RQMNAME(QMB)",
        "DEFINE QMODEL(PAY.MODEL)",
    ):
        assert qm.execute(command).ok
    every = ["PAY.ALIAS", "PAY.IN", "PAY.MODEL", "PAY.REMOTE"]
    assert [t for t in texts("DIS Q(PAY", names) if t.startswith("PAY")] == every
    assert [t for t in texts("DIS QA(PAY", names) if t.startswith("PAY")] == ["PAY.ALIAS"]
    assert [t for t in texts("ALTER QR(PAY", names) if t.startswith("PAY")] == ["PAY.REMOTE"]
    assert [t for t in texts("DIS QS(PAY", names) if t.startswith("PAY")] == ["PAY.IN"]
    assert [t for t in texts("DEF QA(X) TARGET(PAY", names) if t.startswith("PAY")] == every
    alias = next(s for s in suggest("DIS QA(PAY", catalog, names) if s.text == "PAY.ALIAS")
    assert "target PAY.IN" in alias.meta


def test_first_word_offers_the_prefix(names) -> None:
    assert "QMZ1" in texts("QM", names)
    assert texts("/", names) == ["/QMZ1"]
    assert texts("/QMZ1 DEF", names) == ["DEFINE"]


def test_keywords_of_this_command_not_used_yet(names) -> None:
    found = texts("DEF QL(PAY) MAXDEPTH(5) ", names)
    assert "MAXMSGL(" in found and "MAXDEPTH(" not in found
    assert "SHARE" in found and "NOSHARE" in found
    used = texts("DEF QL(PAY) NOSHARE ", names)
    assert "SHARE" not in used and "NOSHARE" not in used
    assert "NPMCLASS(" not in texts("DEF QL(PAY) NPM", names)  # not a z/OS keyword
    assert texts("ALTER PSID(3) ", names) == ["EXPAND("]


def test_display_offers_attributes_and_where(names) -> None:
    found = texts("DIS QL(*) ", names)
    assert {"CURDEPTH", "MAXDEPTH", "WHERE(", "ALL"} <= set(found)
    assert "WHERE(" not in texts("DIS QL(*) WHERE(CURDEPTH GT 0) ", names)


def test_meta_shows_meaning_range_and_default(names) -> None:
    [maxdepth] = suggest("DEF QL(A) MAXDEP", catalog, names)
    assert maxdepth.display == "MAXDEPTH"
    assert "0-999,999,999" in maxdepth.meta and "default 999,999,999" in maxdepth.meta
    assert maxdepth.start == -len("MAXDEP")


def test_enumerated_values(names) -> None:
    assert texts("DEF QL(A) DEFPSIST(", names) == ["NO", "YES"]
    assert texts("DEF QL(A) DEFPSIST(Y", names) == ["YES"]
    assert texts("ALTER BP(0) LOC(", names) == ["BELOW", "ABOVE"]


def test_object_names_that_exist(names, qm) -> None:
    assert "STGCLS11" in texts("DEF QL(A) STGCLASS(", names)
    assert texts("DIS QL(SYSTEM.DEFAULT.L", names) == ["SYSTEM.DEFAULT.LOCAL.QUEUE"]
    assert texts("DIS QL(", names)[0] == "*"
    assert texts("DEF QL(", names) == []  # a new name: nothing to offer
    assert texts("ALTER BP(1", names)[:3] == ["1", "10", "11"]
    assert "3" in texts("DIS USAGE PSID(", names)
    pools = suggest("ALTER BUFFPOOL(11", catalog, names)
    assert pools[0].text == "11" and "stealable" in pools[0].meta
    assert texts("DEF QL(A) LIKE(SYSTEM.DEAD", names) == ["SYSTEM.DEAD.LETTER.QUEUE"]


def test_like_offers_objects_of_the_commands_own_type(names, qm) -> None:
    # DEFINE ... LIKE copies an object of the same type (the engine looks in that type's
    # table): a model queue is never offered to a QLOCAL, nor a local queue to a QMODEL.
    qm.execute("DEFINE QMODEL(PAY.MODEL)")
    qm.execute("DEFINE QLOCAL(PAY.LOCAL)")
    assert texts("DEF QL(A) LIKE(PAY", names) == ["PAY.LOCAL"]
    assert texts("DEF QMODEL(A) LIKE(PAY", names) == ["PAY.MODEL"]
    models = texts("DEF QMODEL(A) LIKE(", names)
    assert "SYSTEM.DEFAULT.MODEL.QUEUE" in models and "SYSTEM.DEAD.LETTER.QUEUE" not in models
    assert texts("DEF QA(A) TARGET(PAY", names) == ["PAY.LOCAL", "PAY.MODEL"]  # any queue


def test_names_follow_the_state(names, qm) -> None:
    assert texts("DIS QL(PAY", names) == []
    qm.execute("DEFINE QLOCAL(PAY.IN)")
    assert texts("DIS QL(PAY", names) == ["PAY.IN"]
    qm.execute("DELETE QLOCAL(PAY.IN)")
    assert texts("DIS QL(PAY", names) == []


def test_lower_case_names_are_offered_quoted(names, qm) -> None:
    qm.execute("DEFINE QLOCAL('pay.in')")
    assert "'pay.in'" in texts("DIS QL(pay", names)


def test_where_operators_and_values(names) -> None:
    assert texts("DIS Q(*) WHERE(CURD", names) == ["CURDEPTH"]
    assert texts("DIS Q(*) WHERE(CURDEPTH G", names)[:2] == ["GT", "GE"]
    assert texts("DIS Q(*) WHERE(DEFPSIST EQ ", names) == ["NO", "YES"]


def test_special_commands(names) -> None:
    assert texts("\\ti", names) == ["\\timing"]
    assert texts("\\format t", names) == ["text", "table"]
    assert "\\quit" in texts("\\", names) and "\\q" in texts("\\", names)


def test_fuzzy_matching_after_prefix_matches() -> None:
    items = [("MAXDEPTH", "", "k"), ("MAXMSGL", "", "k"), ("QDEPTHHI", "", "k")]
    assert [s.text for s in rank("DEPTH", items)] == ["QDEPTHHI", "MAXDEPTH"]  # earlier first
    assert [s.text for s in rank("MAX", items)] == ["MAXDEPTH", "MAXMSGL"]
    assert [s.text for s in rank("mxml", items)] == ["MAXMSGL"]
    assert rank("zzz", items) == []


def test_help_mode_completes_without_parentheses(names) -> None:
    assert texts("HELP DEF ", names)[0] == "QLOCAL"
    assert "HELP" not in texts("HELP ", names)


def test_adapter_yields_prompt_toolkit_completions(names) -> None:
    adapter = completer(names)
    found = list(adapter.get_completions(Document("DEF QL(A) MAXD"), CompleteEvent()))
    assert [(c.text, c.start_position, c.display_text) for c in found] == [
        ("MAXDEPTH(", -4, "MAXDEPTH")
    ]
    assert "stealable" not in found[0].display_meta_text


def test_adapter_completes_file_names_for_read(names, tmp_path, monkeypatch) -> None:
    (tmp_path / "deck.mqsc").write_text("DIS QMGR\n")
    monkeypatch.chdir(tmp_path)
    found = list(completer(names).get_completions(Document("\\read de"), CompleteEvent()))
    assert [c.text for c in found] == ["ck.mqsc"]


def _prefixes(text: str):
    for end in range(len(text) + 1):
        yield text[:end]


@pytest.mark.parametrize("deck", DECKS, ids=[str(p.relative_to(ROOT)) for p in DECKS])
def test_never_crashes_on_any_prefix_of_a_sample_deck(deck: Path, names) -> None:
    """pgcli's sweep: completion of every prefix of every deck returns a list, never raises."""
    text = deck.read_text(encoding="utf-8")
    for prefix in _prefixes(text):
        found = suggest(prefix, catalog, names)
        assert isinstance(found, list)
        assert all(-s.start <= len(prefix) for s in found)


def _commands(text: str):
    """Each command of a deck as typed (its physical lines, continuations included)."""
    from mqsc.language.reader import read
    from mqsc.language.source import Source

    source = Source(text)
    for logical in read(source, columns="all"):
        first, last = logical.lines[0], logical.lines[-1]
        yield "\n".join(source.line_text(n) for n in range(first, last + 1))


@pytest.mark.parametrize("deck", DECKS, ids=[str(p.relative_to(ROOT)) for p in DECKS])
def test_every_part_survives_every_prefix_of_every_command(deck: Path, names) -> None:
    """Validation, colours, the toolbar and ? help see every prefix of every command too."""
    from mqsc.repl.help import question_lines
    from mqsc.repl.lexer import fragments
    from mqsc.repl.toolbar import toolbar
    from mqsc.repl.validate import problem

    view = type("View", (), {"format": "text", "style": "console"})()
    for command in _commands(deck.read_text(encoding="utf-8")):
        for prefix in _prefixes(command):
            found = problem(prefix, "QMZ1")
            assert found is None or 0 <= found.start <= len(prefix)
            assert len(fragments(prefix, "QMZ1")) == prefix.count("\n") + 1
            assert toolbar(prefix, prefix, names, view)[0][1]
            assert question_lines(prefix, "QMZ1")
