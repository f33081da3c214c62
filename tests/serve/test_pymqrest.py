"""pymqrest (the Python wrapper of the MQ REST API, 1.2.2 from PyPI) unchanged against the test
server, with basic and LTPA-token authentication. It needs Python 3.12 or later: the test
runs where such an interpreter exists, in a virtual environment kept in the test cache."""

from __future__ import annotations

import fcntl
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.serve.conftest import USERS, Server
from tests.serve.zowe import cache_root

PYMQREST = "pymqrest==1.2.2"
CANDIDATES = ("python3.13", "python3.12", "/root/.pyenv/versions/3.12.1/bin/python3.12")
SCRIPT = """
import sys
from pymqrest import BasicAuth, LTPAAuth, MQRESTCommandError, MQRESTSession
url, user, password = sys.argv[1:4]
basic = MQRESTSession(url, "QMZ1", credentials=BasicAuth(user, password))
basic.define_qlocal("PYMQ.Q1", request_parameters={"max_queue_depth": 700,
                                                    "description": "from pymqrest"})
[queue] = basic.display_queue("PYMQ.*")
print(queue["queue_name"], queue["max_queue_depth"], queue["description"])
# pymqrest 1.2.2's attribute map lacks some z/OS queue-manager attributes DISPLAY QMGR shows
# (IGQ, DNSGROUP, DNSWLM): its documented non-strict mapping passes them through by name.
token = MQRESTSession(url, "QMZ1", credentials=LTPAAuth(user, password), mapping_strict=False)
print(token.display_qmgr()["queue_manager_name"])
token.delete_qlocal("PYMQ.Q1")
try:
    token.display_queue("PYMQ.*")
except MQRESTCommandError as error:  # nothing matches: MQRC_UNKNOWN_OBJECT_NAME
    print("reasonCode=2085" in str(error))
"""


def python312() -> Path:
    for candidate in CANDIDATES:
        found = shutil.which(candidate) or (candidate if Path(candidate).exists() else None)
        if (
            found
            and subprocess.run(  # a pyenv shim may name a version that is not installed
                [found, "-c", "import sys; assert sys.version_info >= (3, 12)"],
                capture_output=True,
                timeout=60,
            ).returncode
            == 0
        ):
            return Path(found)
    pytest.skip("no Python 3.12 or later on this machine (pymqrest needs it)")


@pytest.fixture(scope="session")
def pymqrest_python() -> Path:
    root = cache_root() / "py312"
    python = root / "bin" / "python"
    root.parent.mkdir(parents=True, exist_ok=True)
    with open(root.parent / ".py312.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        marker = root / f"installed-{PYMQREST}"
        if not marker.exists():
            subprocess.run([str(python312()), "-m", "venv", str(root)], check=True, timeout=300)
            subprocess.run(
                [str(python), "-m", "pip", "install", "-q", PYMQREST], check=True, timeout=600
            )
            marker.write_text("ok\n")
    return python


def test_pymqrest_defines_displays_and_deletes(pymqrest_python: Path, server: Server) -> None:
    done = subprocess.run(
        [
            str(pymqrest_python),
            "-c",
            SCRIPT,
            f"{server.url}/ibmmq/rest/v2",
            "admin",
            USERS["admin"][0],
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["PYMQ.Q1 700 from pymqrest", "QMZ1", "True"]
