""" "Did you mean": the nearest valid word for a word z/OS rejected as invalid (CSQ9001E).

z/OS itself only says ``CSQ9001E 'MAXDEPHT' is invalid``; the front ends show this suggestion
next to that reply (never inside its framing), so the reply stays exactly as z/OS gives it.
The candidates are the catalog's words for the place the word is in: a verb, an object type
the verb takes, or a keyword (or DISPLAY attribute) of the command.
"""

from __future__ import annotations

import difflib
import re

from mqsc import catalog
from mqsc.catalog.describe import kind_text

#: The words before the first parenthesis or blank: verb, object type, keywords.
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")


def did_you_mean(command: str, word: str) -> str | None:
    """The valid word nearest ``word`` where it stands in ``command``, or None.

    >>> did_you_mean("DEFINE QLOCAL(A) MAXDEPHT(5)", "MAXDEPHT")
    'MAXDEPTH'
    >>> did_you_mean("DEFNE QLOCAL(A)", "DEFNE")
    'DEFINE'
    >>> did_you_mean("DIS QLOCL(*)", "QLOCL")
    'QLOCAL'
    >>> did_you_mean("DEFINE QLOCAL(A) ZZZZZZ", "ZZZZZZ") is None
    True
    """
    word = word.upper()
    words = [w.upper() for w in _WORD.findall(command.lstrip())]
    if not words or not word:
        return None
    verb = catalog.VERB_WORDS.get(words[0])
    if verb is None or words[0] == word:
        candidates = {v.name for v in catalog.VERBS}
    elif len(words) < 2 or words[1] == word:
        candidates = {
            w
            for w, o in catalog.OBJECT_WORDS.items()
            if catalog.command_spec(verb.name, o.name) is not None
        }
    else:
        objtype = catalog.OBJECT_WORDS.get(words[1])
        spec = catalog.command_spec(verb.name, objtype.name) if objtype else None
        if spec is None:
            return None
        candidates = {s for k in spec.keywords.values() if k.zos for s in k.spellings}
        candidates |= set(spec.requestable) | set(spec.where)
    candidates.discard(word)
    close = difflib.get_close_matches(word, sorted(candidates), n=1, cutoff=0.75)
    return close[0] if close else None


def hint_text(word: str, suggestion: str) -> str:
    """How every front end words a suggestion, e.g. ``'MAXDEPHT': did you mean MAXDEPTH?``."""
    return f"'{word.upper()}': did you mean {suggestion}?"


def valid_values(command: str, keyword: str) -> str | None:
    """What ``keyword`` of ``command`` accepts, from the catalog, for a value refused with
    MQSC011E; None when the command or the keyword is not known.

    >>> valid_values("DEFINE QLOCAL(A) DEFPSIST(MAYBE)", "DEFPSIST")
    "'DEFPSIST' takes NO|YES"
    >>> valid_values("ALTER QLOCAL(A) MAXDEPTH(-1)", "MAXDEPTH")
    "'MAXDEPTH' takes integer 0-999,999,999"
    """
    words = [w.upper() for w in _WORD.findall(command.lstrip())]
    verb = catalog.VERB_WORDS.get(words[0]) if words else None
    objtype = catalog.OBJECT_WORDS.get(words[1]) if verb is not None and len(words) > 1 else None
    spec = (
        catalog.command_spec(verb.name, objtype.name)
        if verb is not None and objtype is not None
        else None
    )
    if spec is None:
        return None
    wanted = keyword.upper()
    for k in spec.keywords.values():
        if wanted in k.spellings:
            if isinstance(k.kind, catalog.Flag):
                either = f"{k.name} or {k.negation}" if k.negation else k.name
                return f"'{k.name}' takes no value: write {either}"
            return f"'{k.name}' takes {kind_text(k.kind)}"
    return None
