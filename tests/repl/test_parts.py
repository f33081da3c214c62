"""The pure parts: validation, the multi-line rule, HELP, the toolbar, config, names, \\save."""

from __future__ import annotations

import pytest

from mqsc import catalog
from mqsc.engine.mqobjects import MQObject
from mqsc.repl import config
from mqsc.repl import help as helptext
from mqsc.repl.complete import NAME_LIMIT, suggest
from mqsc.repl.dump import deck
from mqsc.repl.nameindex import lowest_stealable
from mqsc.repl.toolbar import toolbar
from mqsc.repl.validate import continues, problem, question


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("DEF QL(A) MAXDEPTHS(5)", ("CSQ9001E", 10, 19, False)),
        ("DEF QL(A) MAXDEPTH(x)", ("MQSC011E", 10, 21, False)),
        ("DEF QL(A", ("CSQ9002E", 7, 8, True)),
        ("DIS", ("MQSC010E", 0, 3, True)),
        ("DEF QL(A) MAXD", ("CSQ9001E", 10, 14, True)),
        ("QMZ2 DIS USAGE", ("MQSC007E", 0, 4, False)),
        ("DEF QL(A) +\n  FOO(1)", ("CSQ9001E", 14, 17, False)),
    ],
)
def test_problem(text, expected) -> None:
    found = problem(text, "QMZ1")
    assert (found.msg_id, found.start, found.end, found.incomplete) == expected


@pytest.mark.parametrize(
    "text",
    ["", "DIS QMGR", "/QMZ1 DIS QMGR", "DEF QL(A) +", "HELP FOO", "\\format xml", "DEF QL ?"],
)
def test_no_problem(text) -> None:
    assert problem(text, "QMZ1") is None


def test_continuation_rule_is_the_readers() -> None:
    assert continues("DEF QL(A) +") and continues("DEF QL(A) DESCR('x -")
    assert continues("DEF QL(A) +\n\n")  # blank lines are skipped inside a command
    assert not continues("DEF QL(A)") and not continues("* comment +")
    assert question("DIS Q(*) ?") and not question("DEF QL(A) DESCR('?')")


@pytest.mark.parametrize("spec", catalog.SPECS, ids=lambda s: s.title)
def test_help_for_every_command_and_keyword(spec) -> None:
    lines = helptext.help_lines(spec.title.split())
    assert lines[0].startswith(spec.title) and any(spec.objtype in line for line in lines)
    for keyword in spec.keywords.values():
        assert helptext.help_lines([*spec.title.split(), keyword.name])[0].startswith(keyword.name)


def test_help_pages() -> None:
    assert "Verbs:" in helptext.help_lines([])
    assert helptext.help_lines(["DEF"])[1].strip().startswith("DEFINE BUFFPOOL")
    assert helptext.help_lines(["FOO"]) == [
        "No help for 'FOO': it is not an MQSC verb. HELP lists them."
    ]
    lines = helptext.help_lines(["DEF", "QL", "MAXDEPTH"])
    assert "  value:   integer 0-999,999,999" in lines
    assert "  default: 999,999,999" in lines
    page = "\n".join(helptext.help_lines(["ALTER", "BP"]))
    assert "BUFFERS(100-999999999)" in page and "LOCATION | LOC" in page


def test_question_help_fits_the_cursor() -> None:
    assert helptext.question_lines("DEF QL(A) MAXDEPTH(")[0].startswith("MAXDEPTH")
    assert helptext.question_lines("DEF QL(A) ")[0] == "DEFINE QLOCAL: define a local queue"
    assert helptext.question_lines("DEF ")[0].startswith("DEFINE commands")
    assert helptext.question_lines("")[0].startswith("MQSC commands")


def test_toolbar_lines(names) -> None:
    view = type("View", (), {"format": "text", "style": "console"})()
    [(style, first), _, (_, second)] = toolbar("ALTER PSID(3) ", "ALTER PSID(3) ", names, view)
    assert first == "ALTER PSID(0-99) EXPAND(USER|SYSTEM|NONE)"
    assert second.startswith("QMZ1 · CPF QMZ1 · lowest stealable 99% (buffer pool 0)")
    [(style, first), _, _] = toolbar("DEF QL(A) FOO", "DEF QL(A) FOO", names, view, 30)
    assert style == "class:mqsc.toolbar.problem" and len(first) == 30
    [(_, first), _, _] = toolbar("DEF QL(A) MAXDEPTH(", "DEF QL(A) MAXDEPTH(", names, view)
    assert first.startswith("MAXDEPTH(0-999999999)  most messages")


def test_lowest_stealable_counts_only_pools_with_page_sets(qm, names) -> None:
    pool = qm.state.tables["pool"][11]
    pool.changed = pool.buffers // 2  # as if half its buffers held changed pages
    assert lowest_stealable(names) == (50, 11)
    qm.state.tables["pool"][99] = type(pool)(pool=99, buffers=100)
    qm.state.tables["pool"][99].changed = 100  # no page set uses pool 99: ignored
    assert lowest_stealable(names) == (50, 11)


def test_config_round_trip(tmp_path) -> None:
    settings, problems = config.from_mapping(
        {
            "console": {"prompt": "/{cpf} ", "key_bindings": "vi", "timing": True},
            "colors": {"mqsc.verb": "bold green"},
        }
    )
    assert problems == [] and settings.key_bindings == "vi"
    path = config.write(settings, tmp_path / "c.toml")
    again, problems = config.load(path)
    assert problems == [] and again == settings
    assert config.load(tmp_path / "missing.toml") == (config.Settings(), [])
    (tmp_path / "bad.toml").write_text("[console\n")
    assert config.load(tmp_path / "bad.toml")[1]
    _, problems = config.from_mapping({"console": {"nope": 1}, "other": {}})
    assert problems == ["config: unknown setting console.nope", "config: unknown table [other]"]


def test_config_path_honours_xdg(mqsc_home) -> None:
    assert config.config_path() == mqsc_home / "config" / "mqsc" / "config.toml"


def test_save_deck_lists_csqinp1_objects_as_comments(qm) -> None:
    text = deck(qm.state.tables, qm.info, "now")
    assert text.startswith("* Definitions of queue manager QMZ1 (command prefix QMZ1), saved now.")
    assert "*   DEFINE BUFFPOOL(11) BUFFERS(1000) LOCATION(ABOVE) PAGECLAS(FIXED4KB)" in text
    assert "\nDEFINE STGCLASS(SYSTEM) " in text and "\nDEFINE QLOCAL(SYSTEM.DEFAULT" in text


def test_completion_with_50000_queues_sorts_once_and_offers_a_bounded_list(qm, names) -> None:
    """What keeps completion fast at 50,000 queues (its speed is measured by
    `bench/run.py console`, docs/performance.md S5, not here): the names are sorted once and
    kept sorted through DEFINE and DELETE, and no completion offers more than NAME_LIMIT names."""
    template = qm.state.tables["qlocal"]["SYSTEM.DEFAULT.LOCAL.QUEUE"]
    table = qm.state.tables["qlocal"]
    for i in range(50_000):
        name = f"APP{i % 50:02d}.QUEUE.{i:06d}"
        table[name] = MQObject("QLOCAL", name, template.attrs)
    suggest("DIS QL(APP", catalog, names)  # sorts the names once
    sorted_names = names.names("qlocal")
    for prefix in ("DIS QL(APP1", "DIS QL(APP07.QUEUE.0", "DIS QL(", "DEF QL(X) LIKE(APP3"):
        found = suggest(prefix, catalog, names)
        assert 0 < len(found) <= NAME_LIMIT + 1  # and the generic name '*' where it fits
    assert names.names("qlocal") is sorted_names
    qm.execute("DEFINE QLOCAL(APP07.NEW)")  # the listener inserts it: no re-sort
    assert names.names("qlocal") is sorted_names
    assert suggest("DIS QL(APP07.N", catalog, names)[0].text == "APP07.NEW"
    qm.execute("DELETE QLOCAL(APP07.NEW)")
    assert names.names("qlocal") is sorted_names
    assert suggest("DIS QL(APP07.N", catalog, names) == []


def test_keyword_help_cites_ibm_documentation_by_title_and_address() -> None:
    from mqsc.repl.help import help_lines

    lines = help_lines(["DEF", "QL", "MAXDEPTH"])
    text = "\n".join(lines)
    assert "§" not in text and "reference" not in text and "research" not in text
    assert (
        "[DOC-MAXQDEPTH]: DEFINE queues: MAXDEPTH, https://www.ibm.com/docs/en/SSFKSJ_9.2.0/"
        "com.ibm.mq.ref.adm.doc/q085690_.html"
    ) in text


def test_keyword_help_spells_out_the_storage_rules_it_cites() -> None:
    """A pip-installed console has no docs/: HELP says what a cited storage rule is."""
    from mqsc.repl.help import help_lines

    text = " ".join(" ".join(help_lines(["DEF", "CFSTRUCT", "CFLEVEL"])).split())
    assert "storage rule CF-7 (docs/storage.md#storage-rules)" in text
    assert "storage rule CF-7: A CF structure name is 1-12 characters and not CSQ_ADMIN" in text
    assert "storage-" + "model" not in text
