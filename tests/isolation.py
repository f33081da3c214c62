"""Tests never see the home of the user who runs them (a pytest plug-in, loaded by conftest).

A suite that passes on one machine and fails on another reads something of its machine. The
per-test ``mqsc_home`` fixture sets MQSC_HOME and XDG_CONFIG_HOME, but a session-scoped fixture
(a lab queue manager built once, a server started once) is set up *before* any function-scoped
fixture, autouse or not, so it ran with the real environment: ``open_qmgr("QMZ1", memory=True)``
read ``~/.local/share/mqsc/qmgrs/QMZ1/mqsc.toml`` when a README run had left one there, with
the decks of the day it was made.

So, when this module is imported (before any fixture, before mqsc is imported):

* HOME, the XDG base directories and MQSC_HOME point into a fresh directory of this run, and
  MQSC_QMGR is dropped: whatever reads "the home" reads an empty one;
* an audit hook (:func:`sys.addaudithook`) sees every file and directory this process opens,
  lists or connects to, and a test that touched the real home fails with the path in its error.

Allowed under the real home: the checkout and the virtual environment (a clone may live there),
and the tests' own tool cache (``MQSC_TEST_CACHE``, default ``~/.cache/mqsc-tests``: the pinned
Zowe CLI, axe-core and pymqrest, installed once per machine by the tests themselves).
"""

from __future__ import annotations

import os
import pwd
import site
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Where the run's homes live (HOME, XDG_*, MQSC_HOME): removed by the OS's tmp cleaning.
SESSION = Path(tempfile.mkdtemp(prefix="mqsc-tests-home-"))


def _real_homes() -> tuple[str, ...]:
    homes = {os.environ.get("HOME", "")}
    try:
        homes.add(pwd.getpwuid(os.getuid()).pw_dir)
    except KeyError:  # an arbitrary uid without a passwd entry (containers)
        pass
    return tuple(sorted(os.path.realpath(h) for h in homes if h and os.path.realpath(h) != "/"))


def _tool_cache() -> str:
    """The tests' tool cache, chosen from the real environment before it is redirected."""
    explicit = os.environ.get("MQSC_TEST_CACHE")
    if explicit:
        return explicit
    xdg = os.environ.get("XDG_CACHE_HOME")
    return str((Path(xdg) if xdg else Path.home() / ".cache") / "mqsc-tests")


REAL_HOMES = _real_homes()
TOOL_CACHE = _tool_cache()
#: Places under a real home that the tests may open (a place that holds a whole home, such as
#: /tmp for a home made there, allows nothing of it).
ALLOWED = tuple(
    sorted(
        place
        for place in {
            os.path.realpath(p)
            for p in (
                str(ROOT),
                TOOL_CACHE,
                sys.prefix,
                sys.base_prefix,
                sys.exec_prefix,
                str(SESSION),
                tempfile.gettempdir(),
                *site.getsitepackages(),
                site.getusersitepackages(),
                *(p for p in sys.path if p and os.path.isdir(p)),
            )
        }
        if not any(home == place or home.startswith(place.rstrip("/") + "/") for home in REAL_HOMES)
    )
)


def redirect() -> dict[str, str]:
    """Point every home a program may look for into :data:`SESSION`; returns what was set."""
    home = SESSION / "home"
    values = {
        "HOME": home,
        "XDG_CONFIG_HOME": home / ".config",
        "XDG_DATA_HOME": home / ".local" / "share",
        "XDG_CACHE_HOME": home / ".cache",
        "XDG_STATE_HOME": home / ".local" / "state",
        "MQSC_HOME": SESSION / "mqsc-home",
    }
    for path in values.values():
        path.mkdir(parents=True, exist_ok=True)
    os.environ["MQSC_TEST_CACHE"] = TOOL_CACHE
    os.environ.pop("MQSC_QMGR", None)
    os.environ.update({name: str(path) for name, path in values.items()})
    return {name: str(path) for name, path in values.items()}


def under(path: str, roots: tuple[str, ...]) -> bool:
    """Whether ``path`` is one of ``roots`` or inside one.

    >>> under("/home/a/.config/mqsc/users.json", ("/home/a",))
    True
    >>> under("/home/ab", ("/home/a",))
    False
    """
    return any(path == root or path.startswith(root.rstrip("/") + "/") for root in roots)


def forbidden(path: object) -> str | None:
    """The absolute path when opening ``path`` reads the real home outside :data:`ALLOWED`."""
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    if not isinstance(path, str | os.PathLike):
        return None  # a file descriptor, or an in-memory database
    text = os.path.abspath(os.fspath(path))
    if not under(text, REAL_HOMES) or under(text, ALLOWED):
        return None
    real = os.path.realpath(text)
    return text if under(real, REAL_HOMES) and not under(real, ALLOWED) else None


#: Paths of the real home opened since the last check, in order.
SEEN: list[str] = []
#: The audit events that open, list or connect to a path, and the argument holding it.
EVENTS = {
    "open": 0,
    "os.listdir": 0,
    "os.scandir": 0,
    "sqlite3.connect": 0,
    "os.chdir": 0,
    "shutil.copyfile": 0,
    "os.mkdir": 0,
    "os.rename": 0,
    "os.remove": 0,
}


def _audit(event: str, args: tuple) -> None:
    at = EVENTS.get(event)
    if at is None or not REAL_HOMES or len(args) <= at:
        return
    try:
        path = forbidden(args[at])
    except (TypeError, ValueError):
        return
    if path is not None:
        SEEN.append(f"{event} {path}")


def install() -> None:
    redirect()
    # Made now, before the hook watches: creating it makes its parents (~/.cache) too.
    os.makedirs(TOOL_CACHE, exist_ok=True)
    sys.addaudithook(_audit)


def take() -> list[str]:
    """The real-home accesses recorded since the last call (and forget them)."""
    found = list(SEEN)
    del SEEN[: len(found)]
    return found


@pytest.fixture(autouse=True)
def _real_home_untouched():
    """Fail the test (its teardown) when it, or a fixture it set up, touched the real home."""
    take()  # what came before belongs to the previous test's report
    yield
    found = take()
    if found:
        pytest.fail(
            "the test read the real home (tests/isolation.py):\n  "
            + "\n  ".join(dict.fromkeys(found)),
            pytrace=False,
        )


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    found = take()  # session-scoped teardowns
    if found:
        session.config.get_terminal_writer().line(
            "the test session touched the real home:\n  " + "\n  ".join(dict.fromkeys(found)),
            red=True,
        )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


install()
