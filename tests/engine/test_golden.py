"""Golden output of the engine in both framings and as JSON (tests/golden/engine).

Each deck runs on a fresh QMZ1 at a fixed time; its command-server output (as ``mqsc run``
prints it), its console output and its JSON lines are compared with the files beside it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mqsc.cli.run import render
from mqsc.language.source import Source
from tests.engine.conftest import fresh_qmz1

CASES = Path(__file__).resolve().parents[1] / "golden" / "engine"


@pytest.mark.parametrize("path", sorted(CASES.glob("*.mqsc")), ids=lambda p: p.stem)
def test_engine_golden(path: Path, golden) -> None:
    outputs = {"server": [], "console": [], "json": []}
    for style in ("server", "console", "json"):
        qm = fresh_qmz1()
        source = Source(path.read_text(), path.name)
        for result in qm.iter_run(source):
            fmt = "json" if style == "json" else "text"
            outputs[style].append(
                render(result, fmt, "console" if style == "console" else "server")
            )
    golden(path.with_suffix(".server.txt"), "".join(outputs["server"]))
    golden(path.with_suffix(".console.txt"), "".join(outputs["console"]))
    pretty = "".join(
        json.dumps(json.loads(line), indent=1) + "\n"
        for line in "".join(outputs["json"]).splitlines()
    )
    golden(path.with_suffix(".json"), pretty)
