"""The REST API benchmark works (tiny sizes, no timing asserted: figures live in
docs/performance.md, measured with ``python bench/serve.py``)."""

from __future__ import annotations

import json

import bench.decks
import bench.serve


def test_serve_benchmark_runs_and_writes_its_results(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(bench.decks, "OUT", tmp_path)
    monkeypatch.setattr(bench.serve, "OUT", tmp_path)
    assert bench.serve.main(["--queues", "50", "--clients", "3", "--requests", "4"]) == 0
    results = json.loads((tmp_path / "serve.json").read_text())
    for label in ("default", "all"):
        assert results["display"][label]["objects"] >= 50
        assert results["display"][label]["server_s"] > 0
    assert results["concurrent"]["requests"] == 12 and results["concurrent"]["errors"] == 0
    assert "p99" in capsys.readouterr().out
