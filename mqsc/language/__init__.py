"""The language stage: MQSC text to typed commands, with z/OS's own diagnostics.

The pipeline inside it runs one way::

    source (text, spans) -> reader (z/OS deck rules: comments, continuation, card columns, CPF)
      -> lexer (one regex pass) -> parser (Lark LALR, shape-cached) -> syntax (the tree)
      -> binder (checked against the catalog) -> commands (typed, frozen)

``formatter`` turns a typed command back into canonical MQSC; ``diagnostics`` holds the
message-with-span records every stage reports; ``roles`` says what each piece of text is (for
highlighting). The one public entry is :func:`parse` (re-exported as ``mqsc.parse``); it is
imported lazily so that ``import mqsc.language.source`` stays cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS = {
    "parse": "mqsc.language.pipeline",
    "parse_one": "mqsc.language.pipeline",
    "iter_parse": "mqsc.language.pipeline",
    "Parsed": "mqsc.language.pipeline",
    "Rejected": "mqsc.language.pipeline",
}

__all__ = sorted(_EXPORTS)

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.language.pipeline import Parsed, Rejected, iter_parse, parse, parse_one


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'mqsc.language' has no attribute {name!r}")

    return getattr(importlib.import_module(module), name)
