"""Console commands that take a file or an encoding validate it in one place
(mqsc.repl.specials.file_argument and encoding_argument): a NUL, an unknown or non-text
encoding, a home that does not exist, a link or a directory is a one-line note, and the
session, with its in-memory work, goes on."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mqsc.repl import meta, specials


def _after(session, out, line: str) -> str:
    start = out.tell()
    session.submit(line)
    return out.getvalue()[start:]


@pytest.mark.parametrize(
    "line, said",
    [
        ("\\save a\0b.mqsc", "\\save: a file name cannot contain a NUL character"),
        ("\\read a\0b.mqsc", "\\read: a file name cannot contain a NUL character"),
        ("\\read deck.mqsc cp0\x0037", "\\read: an encoding name cannot contain a NUL"),
        ("\\read deck.mqsc no-such-codec", "\\read: unknown encoding 'no-such-codec'"),
        ("\\read deck.mqsc base64", "\\read: 'base64' is not a text encoding"),
        ("\\read deck.mqsc rot13", "\\read: 'rot13' is not a text encoding"),
        ("\\save ~no-such-user-of-this-machine/x.mqsc", "\\save: ~no-such-user"),
    ],
)
def test_bad_file_arguments_are_one_note_and_the_session_goes_on(
    line: str, said: str, console, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deck.mqsc").write_text("DISPLAY QMGR\n")
    session, out, _ = console()
    session.submit("DEFINE QLOCAL(WORK.IN.MEMORY)")
    shown = _after(session, out, line)
    assert said in shown and "Traceback" not in shown
    assert len([x for x in shown.splitlines() if x.strip()]) == 1, shown
    assert not session.done
    assert "WORK.IN.MEMORY" in session.qm.state.tables["qlocal"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.mqsc"]  # nothing written


def test_save_never_writes_through_a_link(console, tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_text("keep")
    link = tmp_path / "saved.mqsc"
    link.symlink_to(target)
    session, out, ask = console(True)  # "exists. Replace it?" yes
    shown = _after(session, out, f"\\save {link}")
    assert "is a symbolic link to" in shown and "refused" in shown
    assert target.read_text() == "keep"
    shown = _after(session, out, f"\\save {tmp_path}")
    assert "is a directory" in shown


def test_save_writes_a_new_file_owner_only(console, tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        session, out, _ = console()
        session.submit(f"\\save {tmp_path / 'defs.mqsc'}")
    finally:
        os.umask(old)
    assert (tmp_path / "defs.mqsc").stat().st_mode & 0o777 == 0o600
    assert "DEFINE" in (tmp_path / "defs.mqsc").read_text()


def test_every_special_taking_a_file_goes_through_one_check() -> None:
    """The registry marks the commands whose argument is a file; each rejects a NUL through
    file_argument, so a new one cannot forget it."""
    takes_files = [s for s in meta.listing() if s.argument == "file"]
    assert {s.name for s in takes_files} >= {"\\read", "\\save"}
    for entry in takes_files:
        with pytest.raises(meta.SpecialError, match="cannot contain a NUL"):
            entry.handler(None, "x\0y")
    assert specials.encoding_argument("\\read", "CP037") == "cp037"
    assert specials.encoding_argument("\\read", "cp1047") == "cp1047"
