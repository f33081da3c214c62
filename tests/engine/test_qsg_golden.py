"""Golden output of a queue sharing group rehearsal (tests/golden/qsg/rehearsal.scn): every
CSQE/CSQN message and DISPLAY CFSTATUS in command-server and console framing, and as JSON."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from mqsc.catalog import Source
from mqsc.cli.run import render
from mqsc.render.workload import summary_lines
from tests.engine.conftest import NOW, fresh_group

SCENARIO = Path(__file__).resolve().parents[1] / "golden" / "qsg" / "rehearsal.scn"


def play(style: str) -> str:
    group = fresh_group()
    moment = [NOW]
    for member in group.members.values():
        member.clock = lambda: moment[0]
    out = []
    for line in SCENARIO.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("% time +"):
            moment[0] += dt.timedelta(seconds=int(line.split("+")[1]))
            out.append(f"* clock {moment[0]:%Y-%m-%d %H.%M.%S}\n")
            continue
        who, text = (part.strip() for part in line.split(">", 1))
        qm = group.members[who]
        if text.startswith("%"):
            words = text[1:].split()
            if words[0] == "put":
                outcome = qm.put(words[1], int(words[2]), int(words[3]),
                                 persistent="persistent" in words)
            else:
                outcome = qm.get(words[1], int(words[2]) if len(words) > 2 else None)
            out.append(f"* {who} {text}\n" + "\n".join(summary_lines(outcome, qm.name, qm.cpf))
                       + "\n")
            continue
        result = qm.execute(text, source=Source.CONSOLE)
        fmt = "json" if style == "json" else "text"
        rendered = render(result, fmt, "console" if style == "console" else "server")
        if style == "json":
            rendered = json.dumps(json.loads(rendered), indent=1) + "\n"
        out.append(f"* {who}\n{rendered}" if style != "console" else rendered)
    return "".join(out)


def test_rehearsal_golden(golden) -> None:
    for style, suffix in (("server", ".server.txt"), ("console", ".console.txt"),
                          ("json", ".json")):
        golden(SCENARIO.with_suffix(suffix), play(style))
