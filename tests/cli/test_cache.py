"""The parser's recipes kept between runs (mqsc/cli/cache.py): a later run of known shapes
starts without Lark, and no state of the cache file can change or fail a run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mqsc.cli import cache
from mqsc.language import parser

ROOT = Path(__file__).resolve().parents[2]
DECK = (
    "DEFINE QLOCAL(A) MAXDEPTH(10) SHARE\nDISPLAY QLOCAL(A) MAXDEPTH\n"
    "DIS Q(*) WHERE(CURDEPTH GT 0)\n"
)
PROBE = (
    "import sys; from mqsc.cli import main; status = main(sys.argv[1:]); sys.stdout.flush(); "
    "print('LARK' if 'lark' in sys.modules else 'NO LARK', status)"
)


def run(deck: Path, home: Path, **env: str) -> tuple[str, str]:
    """Output of ``mqsc run --memory deck`` in a new process, and whether it imported Lark."""
    result = subprocess.run(
        [sys.executable, "-c", PROBE, "run", "--memory", str(deck)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "MQSC_HOME": str(home), **env},
        check=False,
    )
    *out, last = result.stdout.splitlines()
    return "\n".join(out), last


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    path = tmp_path / "deck.mqsc"
    path.write_text(DECK)
    return path


def test_a_second_run_of_known_shapes_needs_no_lark(deck: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    first, status = run(deck, home)
    assert status == "LARK 0"
    assert (home / "cache" / cache.FILE).is_file()
    again, status = run(deck, home)
    assert status == "NO LARK 0"
    assert again == first


@pytest.mark.parametrize(
    "damage",
    [
        "not json",
        '{"key": "another grammar", "shapes": []}',
        "[1, 2]",
        "TAMPERED",  # the right key, shapes the grammar does not parse
    ],
)
def test_a_damaged_cache_changes_nothing(deck: Path, tmp_path: Path, damage: str) -> None:
    home = tmp_path / "home"
    expected, _ = run(deck, home)
    path = home / "cache" / cache.FILE
    if damage == "TAMPERED":
        saved = json.loads(path.read_text())
        saved["shapes"] = [shape + "(" for shape in saved["shapes"]] + [7, None, "WO"]
        damage = json.dumps(saved)
    path.write_text(damage)
    out, status = run(deck, home)
    assert (out, status) == (expected, "LARK 0")
    assert run(deck, home) == (expected, "NO LARK 0")  # the file was written again, whole


def test_no_cache_when_asked(deck: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run(deck, home, MQSC_NO_CACHE="1")[1] == "LARK 0"
    assert not (home / "cache").exists()


def test_an_unwritable_cache_directory_fails_nothing(deck: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "cache").write_text("a file where the directory should be")
    out, status = run(deck, home)
    assert status == "LARK 0" and "CSQ9022I" in out


def test_adopt_takes_only_shapes_this_grammar_parses() -> None:
    good = {"key": parser.shapes_key(), "shapes": ["WW(W)", "WW(W)H(WOS)", "W(", "", 3]}
    assert parser.adopt_shapes(good) == 2
    assert parser._recipes["WW(W)H(WOS)"] == ((0, 1, 1), (1, 5, 0))
    assert parser.adopt_shapes({**good, "key": "old"}) == 0
    assert parser.adopt_shapes({**good, "shapes": "WW(W)"}) == 0
    assert parser.adopt_shapes(None) == 0


def test_deeply_nested_garbage_is_ignored(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "cache").mkdir(parents=True)
    (tmp_path / "cache" / cache.FILE).write_text("[" * 200_000)  # RecursionError to decode
    monkeypatch.setenv("MQSC_HOME", str(tmp_path))
    assert cache.load() == 0


def test_no_home_directory_fails_nothing(monkeypatch, tmp_path: Path, capsys) -> None:
    # Path.home() raises RuntimeError when the user has no home (containers with an arbitrary
    # user id and no HOME): the run goes on without a cache.
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(cache, "path", no_home)
    monkeypatch.setattr(parser, "_learned", {"WW(W)"})
    from mqsc.cli import main

    deck = tmp_path / "d.mqsc"
    deck.write_text("DISPLAY QMGR QMNAME\n")
    assert main(["run", "--memory", str(deck)]) == 0
    assert "CSQ9022I" in capsys.readouterr().out
    assert cache.save() is False


def test_a_save_leaves_nothing_new_to_save(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("MQSC_HOME", str(tmp_path))
    monkeypatch.setattr(parser, "_learned", {"WW(W)"})
    assert cache.save() is True
    assert not parser.learned_shapes()
    assert cache.save() is False  # the file is not written again


# ---- bounds: one hostile deck cannot poison the cache ---------------------
def _check(tmp_path: Path, monkeypatch, text: str) -> Path:
    # A process of its own, as far as the parser's cache goes: what earlier tests taught it
    # would otherwise be saved too.
    monkeypatch.setattr(parser, "_recipes", {})
    monkeypatch.setattr(parser, "_learned", set())
    monkeypatch.setenv("MQSC_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("MQSC_NO_CACHE", raising=False)
    deck = tmp_path / "hostile.mqsc"
    deck.write_text(text)
    from mqsc.cli import main

    main(["check", "--syntax-only", str(deck)])
    return tmp_path / "home" / "cache" / cache.FILE


def test_a_five_million_token_command_leaves_the_cache_small(tmp_path, monkeypatch) -> None:
    path = _check(tmp_path, monkeypatch, "DISPLAY QMGR\nDIS " + "A " * 5_000_000 + "\n")
    assert path.stat().st_size < 4096
    assert all(len(s) <= parser.SHAPE_LIMIT for s in json.loads(path.read_text())["shapes"])


def test_long_shapes_are_parsed_but_never_cached(tmp_path, monkeypatch) -> None:
    # Commands within z/OS's 32,762 characters, each of a new shape of some 10,000 terminals.
    deck = "".join("DIS " + "A " * (10_000 + i) + "\n" for i in range(40))
    path = _check(tmp_path, monkeypatch, "DISPLAY QMGR\n" + deck)
    assert path.stat().st_size < 4096
    assert list(parser._recipes) == ["WW"]  # DISPLAY QMGR's; none of the long ones
    from mqsc.language.parser import parse_logical
    from mqsc.language.reader import LogicalCommand

    tree = parse_logical(LogicalCommand.of("DIS " + "A " * 10_000))
    assert len(tree.params) == parser.PARAM_LIMIT  # a long shape parses; its first params built


def test_a_long_shape_that_does_not_parse_gets_larks_error() -> None:
    from mqsc.language.diagnostics import MqscError
    from mqsc.language.parser import parse_logical
    from mqsc.language.reader import LogicalCommand

    with pytest.raises(MqscError) as error:
        parse_logical(LogicalCommand.of("DIS " + "A(B) " * 1_000 + "C(("))
    assert error.value.diagnostics[0].msg_id == "CSQ9002E"


def test_an_oversized_or_overlong_saved_file_is_not_adopted(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MQSC_HOME", str(tmp_path))
    monkeypatch.delenv("MQSC_NO_CACHE", raising=False)
    cache.path().parent.mkdir(parents=True)
    cache.path().write_text(
        json.dumps({"key": parser.shapes_key(), "shapes": ["W" * n for n in range(1, 2000)]})
    )
    assert cache.path().stat().st_size > cache.MAX_BYTES
    assert cache.load() == 0
    cache.path().write_text(
        json.dumps({"key": parser.shapes_key(), "shapes": ["W" * 300, "WW(W)"]})
    )
    assert cache.load() == 1  # the shape longer than any saved one is left out
