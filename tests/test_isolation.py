"""The suite reads nothing of the machine it runs on (tests/isolation.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from mqsc.store.home import bundled_definition, write_definition
from tests import isolation
from tests.conftest import ROOT


def test_every_home_points_into_the_run(mqsc_home: Path) -> None:
    for name in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "MQSC_HOME"):
        value = os.path.realpath(os.environ[name])
        assert not isolation.under(value, isolation.REAL_HOMES) or isolation.under(
            value, (os.path.realpath(isolation.SESSION), os.path.realpath(str(mqsc_home.parent)))
        ), name
    assert not isolation.under(str(Path.home().resolve()), isolation.REAL_HOMES) or isolation.under(
        str(Path.home().resolve()), (str(isolation.SESSION.resolve()),)
    )
    assert "MQSC_QMGR" not in os.environ


def test_opening_a_file_of_the_real_home_is_caught() -> None:
    for home in isolation.REAL_HOMES:
        assert isolation.forbidden(os.path.join(home, ".config", "mqsc", "config.toml"))
        assert isolation.forbidden(os.path.join(home, ".local", "share", "mqsc")) is not None
    assert isolation.forbidden(str(ROOT / "README.md")) is None
    assert isolation.forbidden(os.path.join(isolation.TOOL_CACHE, "node")) is None
    assert isolation.forbidden(3) is None and isolation.forbidden(":memory:") is None


def _pytest(args: list[str], home: Path, cwd: Path) -> subprocess.CompletedProcess:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "PYTHONPATH": str(ROOT),
        "MQSC_TEST_CACHE": isolation.TOOL_CACHE,
    }
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def _stale_lab(home: Path) -> None:
    """A QMZ1 left in the user's home by an older mqsc: its decks lack the system model
    queue that today's bundled decks define."""
    directory = home / ".local" / "share" / "mqsc" / "qmgrs" / "QMZ1"
    definition = bundled_definition()
    write_definition(definition, directory)
    for deck in directory.glob("*.mqsc"):
        text = deck.read_text(encoding="utf-8")
        deck.write_text(
            text.replace(
                "DEFINE QMODEL(SYSTEM.DEFAULT.MODEL.QUEUE)", "DEFINE QLOCAL(OLD.LEFTOVER)"
            ),
            encoding="utf-8",
        )


def test_a_stale_queue_manager_in_the_users_home_is_not_read(tmp_path: Path) -> None:
    # The console tests' lab (tests/repl/conftest.py, session scope) is built before the
    # per-test MQSC_HOME exists; with a QMZ1 of an older mqsc in the user's home it used to be
    # that one, and the completion test passed or failed by machine.
    home = tmp_path / "user"
    _stale_lab(home)
    done = _pytest([str(ROOT / "tests/repl/test_complete.py"), "-k", "own_type"], home, ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout


def test_a_test_that_reads_the_real_home_fails(tmp_path: Path) -> None:
    home = tmp_path / "user"
    (home / ".config" / "mqsc").mkdir(parents=True)
    secret = home / ".config" / "mqsc" / "users.json"
    secret.write_text("{}")
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "conftest.py").write_text(
        "from tests.isolation import _real_home_untouched, pytest_sessionfinish  # noqa\n"
    )
    (suite / "test_peek.py").write_text(
        textwrap.dedent(f"""\
        def test_peek():
            open({str(secret)!r}).read()

        def test_clean(tmp_path):
            (tmp_path / "x").write_text("y")
        """)
    )
    done = _pytest([str(suite)], home, suite)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "the test read the real home" in done.stdout and str(secret) in done.stdout
    assert "2 passed, 1 error" in done.stdout  # test_peek passed, then failed its teardown
