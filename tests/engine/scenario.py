"""Play a golden scenario (``*.scn``) on one or more queue managers, in one output style.

A scenario is a list of lines:

* ``QMGR> command`` runs an MQSC command from the console of queue manager ``QMGR``;
* ``QMGR> %put QUEUE COUNT SIZE [persistent]`` and ``QMGR> %get QUEUE [COUNT]`` move messages
  (as ``mqsc put`` / ``mqsc get``, with their summaries); ``QMGR> %monitor start|stop QUEUE``
  starts or stops a trigger monitor on an initiation queue (``QueueManager.trigger_monitor``);
* ``% time +SECONDS`` moves every queue manager's clock on;
* ``% WORD ARGS...`` calls the hook ``WORD`` the caller gave (``hooks``), which returns the
  lines to show (tests/network/test_indoubt.py kills a real child process this way);
* with a network (mqsc/network/transport.py), the console messages its channels give while
  moving messages follow the line that made them move, as ``* QMGR`` lines;
* blank lines and lines starting with ``#`` are skipped.

The styles are ``server`` and ``console`` framing, and ``json`` (pretty-printed).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from mqsc.catalog import CommandSource, texts
from mqsc.cli.run import render
from mqsc.engine.manager import QueueManager
from mqsc.render.workload import summary_lines
from tests.engine.conftest import NOW

STYLES = (("server", ".server.txt"), ("console", ".console.txt"), ("json", ".json"))


def play(
    scenario: Path,
    qmgrs: Mapping[str, QueueManager],
    style: str,
    network: Any = None,
    hooks: Mapping[str, Any] | None = None,
) -> str:
    """The scenario's output in one style."""
    moment = [NOW]
    for qm in qmgrs.values():
        qm.clock = lambda: moment[0]
    out = []
    for line in scenario.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("% time +"):
            moment[0] += dt.timedelta(seconds=int(line.split("+")[1]))
            out.append(f"* clock {moment[0]:%Y-%m-%d %H.%M.%S}\n")
            if network is not None:
                network.settle()  # the channel retries that fall due as time passes
                out.extend(_channel_lines(network, qmgrs))
            continue
        if line.startswith("% "):
            words = line[2:].split()
            out.extend(f"* {said}\n" for said in (hooks or {})[words[0]](*words[1:]))
            out.extend(_channel_lines(network, qmgrs))
            continue
        who, text = (part.strip() for part in line.split(">", 1))
        qm = qmgrs[who]
        if text.startswith("%"):
            words = text[1:].split()
            if words[0] == "monitor":
                outcome = qm.trigger_monitor(words[2], start=words[1] == "start")
            elif words[0] == "put":
                outcome = qm.put(
                    words[1], int(words[2]), int(words[3]), persistent="persistent" in words
                )
            else:
                outcome = qm.get(words[1], int(words[2]) if len(words) > 2 else None)
            out.append(
                f"* {who} {text}\n" + "\n".join(summary_lines(outcome, qm.name, qm.cpf)) + "\n"
            )
            out.extend(_channel_lines(network, qmgrs))
            continue
        result = qm.execute(text, source=CommandSource.CONSOLE)
        fmt = "json" if style == "json" else "text"
        rendered = render(result, fmt, "console" if style == "console" else "server")
        if style == "json":
            rendered = json.dumps(json.loads(rendered), indent=1) + "\n"
        out.append(f"* {who}\n{rendered}" if style != "console" else rendered)
        out.extend(_channel_lines(network, qmgrs))
    return "".join(out)


def _channel_lines(network: Any, qmgrs: Mapping[str, QueueManager]) -> list[str]:
    """What the network's channels said on each queue manager's console."""
    if network is None:
        return []
    return [
        f"* {who} channel: {texts.line(m.msg_id, m.inserts, qmgrs[who].cpf)}\n"
        for who, m in network.take_console()
    ]
