"""bench/hostile.py works (tiny inputs, no timing asserted: the figures live in
docs/performance.md, "Hostile input")."""

from __future__ import annotations

import bench.hostile


def test_hostile_inputs_run_and_report(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(bench.hostile, "OUT", tmp_path)
    assert bench.hostile.main(["descr", "nul", "--mb", "0.05", "--commands", "check"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines] == [["descr", "check"], ["nul", "check"]]
    assert all(line.endswith("exit 1") for line in lines)  # refused with MQSC005E, not a crash
    assert {p.name for p in tmp_path.iterdir()} == {
        "hostile-descr-50000.mqsc",
        "hostile-nul-50000.mqsc",
    }


def test_the_long_deck_rows_run(tmp_path, monkeypatch, capsys) -> None:
    """The million row (here 2,000 lines), checked by syntax and in full and run: every
    command a new queue, nothing rejected."""
    monkeypatch.setattr(bench.hostile, "OUT", tmp_path)
    assert (
        bench.hostile.main(
            ["million", "--count", "2000", "--commands", "check", "check-all", "run"]
        )
        == 0
    )
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines] == [
        ["million", "check"],
        ["million", "check-all"],
        ["million", "run"],
    ]
    assert all(line.endswith("exit 0") and " MB " in line for line in lines)
    assert (tmp_path / "hostile-million-2000.mqsc").read_text().count("DEFINE QLOCAL") == 2000
