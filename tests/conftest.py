"""Shared fixtures: golden-file comparison and a fixed clock.

Golden files are plain text next to their inputs; ``pytest --update-goldens`` rewrites them
from the current output (review the diff before committing).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# First of all, before any fixture and before mqsc is imported: HOME, XDG_* and MQSC_HOME point
# into this run's own directory, and a test that touches the real home fails.
from tests.isolation import _real_home_untouched, pytest_sessionfinish  # noqa: F401, I001

# Example counts live in profiles, not in tests: MQSC_HYPOTHESIS=stress for a deep run.
settings.register_profile(
    "default", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "stress", max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("MQSC_HYPOTHESIS", "default"))

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).resolve().parent / "golden"

os.environ["NO_COLOR"] = "1"
# Engine bugs raise instead of answering MQSC017E: the environment for the front ends and
# stores the tests run (child processes too), the class default for queue managers the tests
# build themselves (the engine reads no environment).
os.environ["MQSC_STRICT"] = "1"

from mqsc.engine.manager import QueueManager  # noqa: E402 - after the home is isolated

QueueManager.strict = True


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens", action="store_true", help="rewrite golden files from the current output"
    )


@pytest.fixture(autouse=True)
def mqsc_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own MQSC_HOME: tests never touch the user's real state or config."""
    home = tmp_path_factory.mktemp("mqsc-home")
    monkeypatch.setenv("MQSC_HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    return home


@pytest.fixture
def golden(request: pytest.FixtureRequest):
    """``golden(path, actual)``: compare with, or with --update-goldens rewrite, a golden file."""
    update = request.config.getoption("--update-goldens")

    def check(path: Path, actual: str) -> None:
        if update or not path.exists():
            if not update:
                pytest.fail(f"golden file {path} is missing; run pytest --update-goldens")
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="") as handle:
                handle.write(actual)
            return
        with open(path, encoding="utf-8", newline="") as handle:
            expected = handle.read()
        assert actual == expected, f"output differs from {path.relative_to(ROOT)}"

    return check
