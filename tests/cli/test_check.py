"""``mqsc check``: semantic errors against a scratch queue manager, warnings, exit statuses."""

from __future__ import annotations

import json
from pathlib import Path

from mqsc.cli import main

ROOT = Path(__file__).resolve().parents[2]


def check(tmp_path: Path, text: str, *args: str, capsys) -> tuple[int, str]:
    deck = tmp_path / "deck.mqsc"
    deck.write_text(text)
    status = main(["check", *args, str(deck)])
    return status, capsys.readouterr().out


def test_clean_deck(tmp_path, capsys) -> None:
    assert check(tmp_path, "DEFINE QLOCAL(NEW.Q)\n", capsys=capsys)[0] == 0


def test_semantic_error_points_at_the_line(tmp_path, capsys) -> None:
    status, out = check(tmp_path, "DISPLAY QMGR\nDEFINE QLOCAL(USER1.ABAR.QUEUE)\n", capsys=capsys)
    assert status == 1
    assert "deck.mqsc:2:8: MQSC595E CSQMAQLC QLOCAL(USER1.ABAR.QUEUE) ALREADY EXISTS" in out


def test_like_object_missing_points_at_like(tmp_path, capsys) -> None:
    _, out = check(tmp_path, "DEFINE QLOCAL(A) LIKE(NOPE)\n", capsys=capsys)
    assert "deck.mqsc:1:18: CSQM125I" in out


def test_objects_defined_earlier_in_the_deck_count(tmp_path, capsys) -> None:
    status, _ = check(tmp_path, "DEFINE QLOCAL(M)\nDEFINE QLOCAL(C) LIKE(M)\n", capsys=capsys)
    assert status == 0


def test_later_failures_are_warnings(tmp_path, capsys) -> None:
    text = (
        "DEFINE QLOCAL(A) STGCLASS(NOPE)\nDEFINE STGCLASS(ODD) PSID(77)\n"
        "DEFINE QLOCAL(B) STGCLASS(ODD)\n"
    )
    status, out = check(tmp_path, text, capsys=capsys)
    assert status == 0
    assert "deck.mqsc:1:18: MQSC101W" in out and "deck.mqsc:3:18: MQSC102W" in out
    assert check(tmp_path, text, "--fail-level", "warning", capsys=capsys)[0] == 1


def test_storage_class_defined_later_in_the_deck_is_fine(tmp_path, capsys) -> None:
    text = "DEFINE QLOCAL(A) STGCLASS(LATER)\nDEFINE STGCLASS(LATER) PSID(4)\n"
    status, out = check(tmp_path, text, capsys=capsys)
    assert status == 0 and "MQSC10" not in out


def test_check_never_touches_the_real_state(tmp_path, capsys) -> None:
    check(tmp_path, "DEFINE QLOCAL(ONLY.IN.CHECK)\n", capsys=capsys)
    deck = tmp_path / "probe.mqsc"
    deck.write_text("DISPLAY QLOCAL(ONLY.IN.CHECK)\n")
    main(["run", str(deck)])
    assert "CSQM297I" in capsys.readouterr().out


def test_json_format(tmp_path, capsys) -> None:
    _, out = check(tmp_path, "DEFINE QLOCAL(A) FOO(1)\n", "--format", "json", capsys=capsys)
    data = json.loads(out)
    (diagnostic,) = data["files"][0]["diagnostics"]
    assert diagnostic == {
        "id": "CSQ9001E",
        "severity": "error",
        "message": "'FOO' is invalid",
        "file": str(tmp_path / "deck.mqsc"),
        "line": 1,
        "column": 18,
        "end_line": 1,
        "end_column": 21,
    }


def test_samples_are_clean(capsys) -> None:
    decks = [
        str(p)
        for p in sorted((ROOT / "samples").glob("*/*.mqsc"))
        if p.name != "mistakes.mqsc" and "CSQINP" not in p.name and p.parent.name != "qsg"
    ]
    assert main(["check", *decks]) == 0, capsys.readouterr().out


def test_qsg_samples_are_clean_on_a_group_member(capsys) -> None:
    # In the order the rehearsal runs them, on a scratch copy of a member of QSG1.
    assert main(["create", "QSA1", "--qsg", "QSG1"]) == 0
    decks = [
        str(ROOT / "samples" / "qsg" / f"{n}.mqsc") for n in ("define", "backup", "fail", "recover")
    ]
    assert main(["check", "--qmgr", "QSA1", *decks]) == 0, capsys.readouterr().out


def test_csqinp_samples_pass_syntax(capsys) -> None:
    decks = [str(p) for p in sorted((ROOT / "samples").glob("*/CSQINP*.mqsc"))]
    assert main(["check", "--syntax-only", *decks]) == 0, capsys.readouterr().out


def test_missing_file_exits_2(tmp_path, capsys) -> None:
    assert main(["check", str(tmp_path / "nope.mqsc")]) == 2
