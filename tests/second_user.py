"""Real second users for the tests of files another user can plant or own.

Run as root, a test gets two numeric users that exist nowhere else (no names: ``setpriv``
switches to bare uids and gids, ``--clear-groups`` drops root's groups), a *victim* who runs
mqsc and an *attacker* who plants files, both in one group, so that a directory of that group
with mode 0770 is the "shared or group-writable directory" of a real site. Run as anybody
else the tests that need them are skipped: only root can become another user.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SETPRIV = shutil.which("setpriv")
#: Numeric ids no account on a test machine uses.
GROUP, VICTIM, ATTACKER = 47100, 47101, 47102

needs_root = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0 or SETPRIV is None,
    reason="another user's files need root and setpriv to make",
)


@dataclass(frozen=True)
class Users:
    """The scene: a directory every user may pass through, holding the victim's home and a
    directory victim and attacker share."""

    base: Path
    victim_home: Path
    shared: Path

    def run(
        self,
        uid: int,
        argv: list[str],
        *,
        env: dict[str, str] | None = None,
        stdin: str = "",
        cwd: Path | None = None,
    ) -> subprocess.CompletedProcess[str]:
        """``argv`` as user ``uid`` of group GROUP (no other groups), umask 022."""
        command = [SETPRIV, f"--reuid={uid}", f"--regid={GROUP}", "--clear-groups", "--", *argv]
        base_env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "LANG": "C.UTF-8",
            "HOME": str(self.victim_home if uid == VICTIM else self.base),
            "NO_COLOR": "1",
            "MQSC_NO_CACHE": "1",
        }
        return subprocess.run(
            command,
            input=stdin,
            capture_output=True,
            text=True,
            env={**base_env, **(env or {})},
            cwd=cwd or self.base,
            timeout=120,
            check=False,
            preexec_fn=lambda: os.umask(0o022),
        )

    def mqsc(
        self, uid: int, *args: str, stdin: str = "", env: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        """``python -m mqsc ARGS`` as ``uid``, with the victim's mqsc home and config."""
        mine = {
            "MQSC_HOME": str(self.victim_home / "mqsc"),
            "XDG_CONFIG_HOME": str(self.victim_home / "config"),
            "PYTHONPATH": str(ROOT),
        }
        return self.run(
            uid, [sys.executable, "-m", "mqsc", *args], stdin=stdin, env={**mine, **(env or {})}
        )

    def as_attacker(self, code: str) -> None:
        """Python ``code`` run by the attacker (planting links and files); it must succeed."""
        done = self.run(ATTACKER, [sys.executable, "-c", code])
        assert done.returncode == 0, done.stderr


@functools.cache
def _unreachable() -> str:
    """Why another user cannot run this checkout's Python and import mqsc ('' when it can): a
    clone inside a directory only its owner may enter (``mktemp -d``) is out of their reach."""
    done = subprocess.run(
        [SETPRIV, f"--reuid={VICTIM}", f"--regid={GROUP}", "--clear-groups", "--"]
        + [sys.executable, "-c", "import mqsc"],
        capture_output=True,
        text=True,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT)},
        cwd="/",
        timeout=120,
        check=False,
    )
    if done.returncode == 0:
        return ""
    lines = (done.stderr or done.stdout).strip().splitlines()
    return lines[-1] if lines else f"exit {done.returncode}"


@pytest.fixture
def users() -> Iterator[Users]:
    """The victim's home (0755, the victim's) and a directory shared by the group (0770)."""
    why = _unreachable()
    if why:
        pytest.skip(
            f"a second user cannot run this checkout ({why}): a directory above it is closed"
        )
    base = Path(tempfile.mkdtemp(prefix="mqsc-users-"))
    try:
        os.chmod(base, 0o755)
        victim_home = base / "victim"
        victim_home.mkdir()
        os.chown(victim_home, VICTIM, GROUP)
        os.chmod(victim_home, 0o755)  # as many homes are: others may pass through
        shared = base / "shared"
        shared.mkdir()
        os.chown(shared, 0, GROUP)
        os.chmod(shared, 0o770)
        yield Users(base, victim_home, shared)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def one_line(text: str) -> str:
    """The only line of ``text`` (a refusal is one line, never a traceback)."""
    lines = text.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in text, text
    return lines[0]
