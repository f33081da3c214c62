"""The reader: golden cases for every z/OS deck rule, plus the position-mapping invariant."""

from __future__ import annotations

from pathlib import Path

import pytest

from mqsc import catalog
from mqsc.language.reader import LogicalCommand, card_width, decode, read
from mqsc.language.source import Source

CASES = Path(__file__).resolve().parents[1] / "golden" / "reader"


def describe(commands: list[LogicalCommand]) -> str:
    """A readable dump of logical commands for golden comparison."""
    out = []
    for c in commands:
        out.append(f"lines {','.join(map(str, c.lines))}  cpf={c.cpf!r}")
        out.append(f"  text |{c.text}|")
        out.append(f"  at   {c.location(0)}")
        for line in c.echo:
            out.append(f"  echo |{line}|")
        if c.problem is not None:
            out.append(f"  problem {c.problem}")
    return "\n".join(out) + "\n"


def load(path: Path) -> Source:
    return Source(decode(path.read_bytes()), path.name)


@pytest.mark.parametrize("path", sorted(CASES.glob("*.mqsc")), ids=lambda p: p.stem)
def test_reader_golden(path: Path, golden) -> None:
    commands = list(read(load(path), is_verb=catalog.is_verb))
    golden(path.with_suffix(".logical.txt"), describe(commands))


@pytest.mark.parametrize("path", sorted(CASES.glob("*.mqsc")), ids=lambda p: p.stem)
def test_every_logical_character_maps_to_the_same_original_character(path: Path) -> None:
    source = load(path)
    for command in read(source, is_verb=catalog.is_verb):
        for i, char in enumerate(command.text):
            assert source.text[command.original_offset(i)] == char


def test_card_images_are_detected_only_when_every_line_is_80_columns() -> None:
    cards = "".join(f"{'DISPLAY QMGR':<72}{i:08d}\n" for i in range(3))
    assert card_width(Source(cards)) == 72
    assert card_width(Source(cards + "DISPLAY QMGR\n")) is None
    assert card_width(Source("DISPLAY QMGR\n"), "72") == 72
    assert card_width(Source(cards), "all") is None
    texts = [c.text for c in read(Source(cards))]
    assert texts == ["DISPLAY QMGR"] * 3


def test_sequence_numbers_are_text_when_columns_all() -> None:
    cards = f"{'DISPLAY QMGR':<72}00000100\n"
    (command,) = read(Source(cards), columns="all")
    assert command.text.endswith("00000100")


def test_known_prefix_is_matched_as_a_prefix_like_the_console() -> None:
    # IBM's example [DOC-CPF]: with CPFs !B and !B1, '!B1  START  QMGR' goes to !B as
    # '1  START  QMGR'.
    (command,) = read(Source("!B1  START  QMGR"), prefixes=["!B"])
    assert command.cpf == "!B"
    assert command.text == "1  START  QMGR"


def test_unknown_prefix_is_reported_when_the_next_word_is_a_verb() -> None:
    (command,) = read(Source("%CSQ9 DISPLAY QMGR"), is_verb=catalog.is_verb)
    assert command.cpf == "%CSQ9"
    assert command.text.strip() == "DISPLAY QMGR"


def test_no_prefix_is_guessed_without_a_verb_test() -> None:
    (command,) = read(Source("QMZ1 DISPLAY QMGR"))
    assert command.cpf is None


@pytest.mark.parametrize("codec", ["cp037", "cp1047", "cp500"])
def test_ebcdic_decks_with_newline_characters(codec: str) -> None:
    data = "DISPLAY QMGR\nDEFINE QLOCAL(A) +\n  MAXDEPTH(1)\n".encode(codec)
    texts = [c.text for c in read(Source(decode(data, codec)))]
    assert texts == ["DISPLAY QMGR", "DEFINE QLOCAL(A) MAXDEPTH(1)"]


def test_ebcdic_fixed_80_byte_records_without_separators() -> None:
    records = b"".join(
        f"{t:<72}{n:08d}".encode("cp037") for n, t in enumerate(["DISPLAY QMGR", "DISPLAY USAGE"])
    )
    assert [c.text for c in read(Source(decode(records, "cp037")))] == [
        "DISPLAY QMGR",
        "DISPLAY USAGE",
    ]


def test_unknown_encoding_is_a_lookup_error() -> None:
    with pytest.raises(LookupError):
        decode(b"x", "no-such-codec")


def test_utf8_byte_order_mark_is_dropped() -> None:
    assert decode("\ufeffDISPLAY QMGR".encode()) == "DISPLAY QMGR"


def test_span_across_a_continuation_runs_from_first_to_last_character() -> None:
    source = Source("DEFINE QLOCAL(A) +\n   MAXDEPTH(5)\n")
    (command,) = read(source)
    start = command.text.index("QLOCAL")
    span = command.original_span(start, len(command.text))
    assert source.text[span.start : span.end] == "QLOCAL(A) +\n   MAXDEPTH(5)"


def test_logical_commands_compare_by_what_they_say() -> None:
    """Equality and hashing ignore where a command came from (as the frozen record did)."""
    from mqsc.language.diagnostics import Diagnostic

    a, b = LogicalCommand.of("DIS QMGR", "a.mqsc"), LogicalCommand.of("DIS QMGR", "b.mqsc")
    assert a == b and not a != b and hash(a) == hash(b)
    troubled = a._replace(problem=Diagnostic("MQSC001E", {"character": "+"}, a.source, None))
    assert troubled == a and hash(troubled) == hash(a)
    assert a != LogicalCommand.of("DIS QMGR ALL") and a != tuple(a)


def test_syntax_trees_compare_without_their_origin() -> None:
    import mqsc

    x = mqsc.parse("DEF QL(A)")[0].syntax
    y = mqsc.parse("DEF QL(A)", name="other.mqsc")[0].syntax
    assert x == y and hash(x) == hash(y) and x != mqsc.parse("DEF QL(B)")[0].syntax
