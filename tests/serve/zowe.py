"""The Node tools the tests use, installed from the npm registry at pinned versions into a
cache directory the first time a test needs them (later runs reuse it): the Zowe CLI and its
IBM MQ plug-in (with ZOWE_CLI_HOME inside that cache so nothing touches the user's ~/.zowe),
and axe-core, the accessibility engine the web console's browser tests run in the page."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ZOWE_CLI = "@zowe/cli@8.37.1"
MQ_PLUGIN = "@zowe/mq-for-zowe-cli@4.0.1"
AXE_CORE = "axe-core@4.10.3"


def cache_root() -> Path:
    base = os.environ.get("MQSC_TEST_CACHE")
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "mqsc-tests"


def zowe() -> tuple[Path, dict[str, str]]:
    """The zowe executable and the environment to run it with (installing on first use)."""
    if shutil.which("npm") is None or shutil.which("node") is None:
        pytest.skip("Node.js and npm are not installed")
    root = cache_root() / "node"
    root.mkdir(parents=True, exist_ok=True)
    home = root / "zowe-home"
    env = {
        **os.environ,
        "ZOWE_CLI_HOME": str(home),
        "FORCE_COLOR": "0",
        "ZOWE_SHOW_DEPRECATED_WARNINGS": "false",
    }
    marker = root / f"installed-{ZOWE_CLI}-{MQ_PLUGIN}".replace("/", "_")
    with open(root / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # parallel test runs install once
        if not marker.exists():
            subprocess.run(
                [
                    "npm",
                    "install",
                    "--no-audit",
                    "--no-fund",
                    "--prefix",
                    str(root),
                    ZOWE_CLI,
                    MQ_PLUGIN,
                ],
                check=True,
                capture_output=True,
                timeout=900,
            )
            home.mkdir(exist_ok=True)
            subprocess.run(
                [
                    str(root / "node_modules" / ".bin" / "zowe"),
                    "plugins",
                    "install",
                    str(root / "node_modules" / "@zowe" / "mq-for-zowe-cli"),
                ],
                check=True,
                capture_output=True,
                env=env,
                timeout=900,
            )
            marker.write_text("ok\n")
    return root / "node_modules" / ".bin" / "zowe", env


def axe_core() -> str:
    """axe-core's browser build (axe.min.js), as text to inject into a page (installing on
    first use, into a directory of its own: never fetched from a CDN by the page)."""
    if shutil.which("npm") is None:
        pytest.skip("npm is not installed")
    root = cache_root() / "axe"
    root.mkdir(parents=True, exist_ok=True)
    script = root / "node_modules" / "axe-core" / "axe.min.js"
    marker = root / f"installed-{AXE_CORE}"
    with open(root / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not marker.exists() or not script.exists():
            subprocess.run(
                ["npm", "install", "--no-audit", "--no-fund", "--prefix", str(root), AXE_CORE],
                check=True,
                capture_output=True,
                timeout=900,
            )
            marker.write_text("ok\n")
    return script.read_text(encoding="utf-8")
