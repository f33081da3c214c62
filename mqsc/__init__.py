"""mqsc: an offline, faithful emulator of the IBM MQ for z/OS MQSC command processor.

The public API is small and lazily imported, so ``import mqsc`` stays cheap:

* :func:`parse` / :func:`parse_one` - MQSC text to typed commands (errors as data);
* :func:`format_command` - a typed command back to canonical MQSC;
* :class:`QueueManager` - the simulated queue manager (``execute`` returns structured results;
  its ``source`` is a :class:`CommandSource`: console, command server, CSQINP1, CSQINP2);
* :func:`open_qmgr` - a queue manager by name (QMZ1, the lab's, by default).

The pipeline, one direction: text -> reader -> parser -> binder -> engine -> renderers.
See docs/architecture.md.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS = {
    "parse": "mqsc.language.pipeline",
    "parse_one": "mqsc.language.pipeline",
    "Rejected": "mqsc.language.pipeline",
    "format_command": "mqsc.language.formatter",
    "MqscError": "mqsc.language.diagnostics",
    "Diagnostic": "mqsc.language.diagnostics",
    "Source": "mqsc.language.source",
    "CommandSource": "mqsc.catalog.model",
    "Span": "mqsc.language.source",
    "QueueManager": "mqsc.engine.manager",
    "Result": "mqsc.engine.records",
    "open_qmgr": "mqsc.store.home",
}

__all__ = sorted([*_EXPORTS, "__version__"])

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.catalog.model import CommandSource
    from mqsc.engine.manager import QueueManager
    from mqsc.engine.records import Result
    from mqsc.language.diagnostics import Diagnostic, MqscError
    from mqsc.language.formatter import format_command
    from mqsc.language.pipeline import Rejected, parse, parse_one
    from mqsc.language.source import Source, Span
    from mqsc.store.home import open_qmgr


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'mqsc' has no attribute {name!r}")

    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    # The lazily imported names are not module globals until first use: list them, so
    # dir(mqsc), help(mqsc) and completion in an interactive interpreter show the public API.
    return sorted({*globals(), *__all__})
