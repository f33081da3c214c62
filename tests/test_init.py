"""The public Python API: ``mqsc.__all__``, visible to ``dir`` and ``help`` while imported
lazily."""

from __future__ import annotations

import pydoc
import subprocess
import sys

import mqsc


def test_all_names_resolve_and_dir_lists_them() -> None:
    assert {"parse", "QueueManager", "open_qmgr", "format_command"} <= set(mqsc.__all__)
    assert set(mqsc.__all__) <= set(dir(mqsc))
    for name in mqsc.__all__:
        assert getattr(mqsc, name) is not None


def test_help_shows_the_api() -> None:
    text = pydoc.render_doc(mqsc, renderer=pydoc.plaintext)
    assert "class QueueManager" in text and "open_qmgr(" in text and "parse(" in text


def test_dir_does_not_import_the_engine() -> None:
    probe = (
        "import sys, mqsc; names = dir(mqsc); "
        "assert 'QueueManager' in names, names; "
        "assert 'mqsc.engine.manager' not in sys.modules"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
