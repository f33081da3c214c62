"""The benchmark runner works (tiny sizes, no timing asserted: figures live in
docs/performance.md, measured with ``python bench/run.py``)."""

from __future__ import annotations

import json

import pytest

import bench.decks
import bench.run


@pytest.fixture
def out(tmp_path, monkeypatch):
    monkeypatch.setattr(bench.decks, "OUT", tmp_path)
    monkeypatch.setattr(bench.run, "OUT", tmp_path)
    return tmp_path


def test_scenarios_run_and_write_their_results(out, capsys) -> None:
    assert (
        bench.run.main(
            ["parse", "deck", "mixed", "durable", "display", "putget", "deep", "--sizes", "300"]
        )
        == 0
    )
    results = json.loads((out / "results.json").read_text())
    rows = {name: rows[0] for name, rows in results["scenarios"].items()}
    assert rows["parse"]["commands"] == 300 and rows["parse"]["rate"] > 0
    assert rows["deck"]["floor_seconds"] > 0 and rows["mixed"]["floor_seconds"] > 0
    mixed = (out / "define-mixed-300.mqsc").read_text()
    assert all(
        f"DEFINE {t}(" in mixed
        for t in ("QLOCAL", "QALIAS", "QREMOTE", "QMODEL", "PROCESS", "NAMELIST", "STGCLASS")
    )
    assert rows["putget"]["messages"] == 300
    assert rows["deep"]["peak_kib"] >= 0
    assert rows["durable"]["floor_seconds"] > 0
    assert rows["display"]["star_lines_console"] > 300 * 3
    assert rows["display"]["star_json_together_s"] > 0 and rows["display"]["all_json_s"] > 0
    assert all(row["loop10m_s"] > 0 for row in rows.values())  # the machine's pace, per row
    assert (out / "define-qlocal-300.mqsc").read_text().count("DEFINE QLOCAL") == 300
    assert "parse      n=      300" in capsys.readouterr().out


def test_an_unknown_scenario_is_a_usage_error(out) -> None:
    with pytest.raises(SystemExit) as stop:
        bench.run.main(["nosuch"])
    assert stop.value.code == 2
