"""Instructions a Python program executes, counted by valgrind's callgrind tool: the one runner
of the A/B benchmarks that count instead of time (bench/instructions.py, traces_instructions.py,
secured_instructions.py, channel_instructions.py, events.py).

Counts do not depend on the machine's load the way seconds do. Each benchmark runs a program at
two sizes; the difference divided by the difference in size is the cost of one unit (a command,
a put and get pair, a call), the rest the fixed cost of a run (:func:`slope`). Needs valgrind
(``apt-get install valgrind``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

_COLLECTED = re.compile(r"Collected : (\d+)")


def environment(pythonpath: Path, home: str | None = None) -> dict[str, str]:
    """The program's environment: the checkout to import, a fixed hash seed, a fresh MQSC_HOME;
    bytecode caches written (a first, unmeasured run writes them: compiling is not measured)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(
        PYTHONPATH=str(pythonpath),
        PYTHONHASHSEED="0",
        MQSC_HOME=home if home is not None else tempfile.mkdtemp(prefix="mqsc-ir-"),
    )
    return env


def count(args: Sequence[str], env: dict[str, str], cwd: Path | str) -> int:
    """Instructions executed by ``python args...`` under callgrind."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, *args],
        env=env,
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=True,
    )
    found = _COLLECTED.search(done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count from valgrind:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def warm(args: Sequence[str], env: dict[str, str], cwd: Path | str) -> None:
    """Run the program once, unmeasured, so that its bytecode caches exist."""
    subprocess.run([sys.executable, *args], env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL)


def slope(counted: Callable[[int], int], small: int, large: int) -> tuple[float, float]:
    """(cost of one unit, fixed cost) from the counts at two sizes."""
    low, high = counted(small), counted(large)
    per_unit = (high - low) / (large - small)
    return per_unit, low - per_unit * small
