"""The files service benchmark works (tiny size, no timing asserted: the figure lives in
docs/performance.md, measured with ``python bench/zosfiles.py``)."""

from __future__ import annotations

import json

import bench.decks
import bench.zosfiles


def test_zosfiles_benchmark_runs_and_writes_its_results(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(bench.zosfiles, "OUT", tmp_path)
    monkeypatch.setattr(bench.decks, "OUT", tmp_path)
    assert bench.zosfiles.main(["--data-sets", "25"]) == 0
    results = json.loads((tmp_path / "zosfiles.json").read_text())
    assert results["names"]["returned"] == results["attributes"]["returned"] == 25
    assert results["attributes"]["server_s"] > 0
    assert "list 25 data sets" in capsys.readouterr().out
