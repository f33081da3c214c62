"""samples/qsg/rehearse.sh runs from a clean MQSC_HOME and proves its own result (it checks
that exactly the 570 persistent requests come back)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs a POSIX shell")
def test_rehearsal_script(tmp_path: Path) -> None:
    mqsc = f"{sys.executable} -m mqsc"
    env = {**os.environ, "MQSC_HOME": str(tmp_path), "MQSC": mqsc}
    env.pop("MQSC_CLOCK", None)
    done = subprocess.run(
        ["sh", str(ROOT / "samples" / "qsg" / "rehearse.sh")],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Recovered exactly the persistent messages committed before the failure." in done.stdout
    assert "MQRC_CF_STRUC_FAILED (2373)" in done.stdout
