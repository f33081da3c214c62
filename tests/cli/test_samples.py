"""``mqsc samples``: the bundled samples listed and copied out, never over existing files."""

from __future__ import annotations

from pathlib import Path

from mqsc.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_lists_every_set_and_file(capsys) -> None:
    assert main(["samples"]) == 0
    out = capsys.readouterr().out
    for name in ("decks/", "l02/", "qsg/", "qmz1/", "system/"):
        assert f"\n{name}" in out
    assert "  l02/V8NOIO11.jcl" in out and "  qsg/rehearse.sh" in out


def test_copy_everything_gives_the_readme_layout(tmp_path, capsys) -> None:
    assert main(["samples", "copy", str(tmp_path / "samples")]) == 0
    copied = sorted(
        p.relative_to(tmp_path / "samples")
        for p in (tmp_path / "samples").rglob("*")
        if p.is_file()
    )
    shipped = sorted(
        p.relative_to(ROOT / "samples")
        for p in (ROOT / "samples").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    )
    assert copied == shipped
    assert (tmp_path / "samples" / "l02" / "V8NOIO11.jcl").read_bytes() == (
        ROOT / "samples" / "l02" / "V8NOIO11.jcl"
    ).read_bytes()


def test_copy_one_set_and_one_file(tmp_path, capsys) -> None:
    assert main(["samples", "copy", "l02", str(tmp_path / "a")]) == 0
    assert sorted(p.name for p in (tmp_path / "a" / "l02").iterdir()) == sorted(
        p.name for p in (ROOT / "samples" / "l02").iterdir()
    )
    assert main(["samples", "copy", "decks/first-steps.mqsc", str(tmp_path / "b")]) == 0
    assert [p.name for p in (tmp_path / "b").rglob("*") if p.is_file()] == ["first-steps.mqsc"]


def test_never_overwrites_and_copies_nothing_then(tmp_path, capsys) -> None:
    target = tmp_path / "s"
    (target / "decks").mkdir(parents=True)
    (target / "decks" / "mistakes.mqsc").write_text("mine")
    assert main(["samples", "copy", "decks", str(target)]) == 2
    assert "already exists; nothing copied" in capsys.readouterr().err
    assert (target / "decks" / "mistakes.mqsc").read_text() == "mine"
    assert not (target / "decks" / "first-steps.mqsc").exists()


def test_unknown_sample_suggests_the_close_one(tmp_path, capsys) -> None:
    assert main(["samples", "copy", "lo2", str(tmp_path)]) == 2
    assert "did you mean 'l02'?" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_bundled_decks_fit_in_72_columns() -> None:
    # CSQINP1/CSQINP2 and CSQUTIL read columns 1-72 (MQSC202W): a sample line past column 72
    # would silently lose its end, as a definition of the system deck once did.
    long = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "samples").rglob("CSQINP*.mqsc"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if len(line) > 72
    ]
    assert not long, long
