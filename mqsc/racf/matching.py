"""Which profile protects a resource: RACF's generic names and "the most specific profile".

The rules, from IBM's documentation ("Profile names for general resources", z/OS Security
Server RACF Command Language Reference; "Generic profile checking of general resources",
RACF Security Administrator's Guide):

* a discrete profile (no generic character) protects the resource of exactly its name, and is
  used before any generic profile;
* ``%`` matches one character (not a period);
* ``*`` as a whole qualifier matches one qualifier, except as the last qualifier of a name of
  several (``ABC.DEF.*``), where it matches one or more qualifiers to the end;
* ``*`` ending a qualifier matches zero or more characters to the end of that qualifier,
  except at the end of the name (``ABC.DEF*``), where it matches zero or more characters and
  qualifiers to the end (so ``*`` alone matches every name);
* ``**`` (once in a name) matches zero or more qualifiers; alone, every name;
* of several generic profiles that match, the most specific wins: compare the names left to
  right; at the first difference a real character beats ``%``, ``%`` beats ``*``, ``*`` beats
  ``**`` (IBM's Table 1 lists ``COPY.PAPER.%``, ``COPY.PAPER.*``, ``COPY.PAPER.**``,
  ``COPY.PAPER%``, ``COPY.PAPER*``, ``COPY.PAPE%``, ``COPY.PAP*`` in that order).

Two cases IBM does not spell out, decided here and documented in docs/security.md: a name
that ends where the other goes on is the more specific (``A.%`` before ``A.%.**``), and two
different real characters (possible only after ``**`` or ``*``) rank by their EBCDIC code.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from mqsc.catalog import racf
from mqsc.racf.database import Database, Profile, upper_if

_REAL, _PERCENT, _STAR, _DOUBLE, _END = 3, 2, 1, 0, 4


def is_generic(name: str) -> bool:
    """Whether a profile name has a generic character."""
    return "%" in name or "*" in name


def problem(name: str) -> str | None:
    """Why ``name`` cannot be a general resource profile name (None when it can).

    ``%*`` at the end has its own message (ICH10313I): see :func:`ends_percent_star`.
    """
    if not name:
        return "the name is empty"
    if len(name) > racf.PROFILE_NAME_MAX:
        return f"longer than {racf.PROFILE_NAME_MAX} characters"
    if any(c in name for c in " ,()'"):
        return "blanks, commas, parentheses and apostrophes cannot be part of a name"
    qualifiers = name.split(".")
    doubles = 0
    for q in qualifiers:
        if "**" in q:
            if q != "**":
                return "** must be a whole qualifier"
            doubles += 1
        elif "*" in q.rstrip("*") or q.count("*") > 1:
            return "* can only end a qualifier or be a whole qualifier"
    if doubles > 1:
        return "** can appear only once in a name"
    return None


def ends_percent_star(name: str) -> bool:
    return name.endswith("%*")


@lru_cache(maxsize=65536)
def pattern(name: str) -> re.Pattern[str]:
    """The regular expression of the resource names a (valid) generic name matches."""
    if name in ("**", "*"):
        return re.compile(r".*", re.DOTALL)
    parts = name.split(".")
    last = len(parts) - 1
    regex = ""
    glue = ""  # what goes before the next qualifier
    for i, q in enumerate(parts):
        if q == "**":
            if i == 0:
                regex += r"(?:[^.]+\.)*"
                glue = ""
            else:
                regex += r"(?:\.[^.]+)*"
                glue = r"\."
            continue
        if q == "*":
            regex += glue + (r"[^.]+(?:\.[^.]+)*" if i == last else r"[^.]+")
        else:
            star = q.endswith("*")
            body = "".join("[^.]" if ch == "%" else re.escape(ch) for ch in (q[:-1] if star else q))
            tail = (".*" if i == last else "[^.]*") if star else ""
            regex += glue + body + tail
        glue = r"\."
    return re.compile(regex, re.DOTALL)


def matches(name: str, resource: str) -> bool:
    """Whether profile ``name`` covers ``resource`` (a discrete name: exactly it)."""
    if not is_generic(name):
        return name == resource
    return pattern(name).fullmatch(resource) is not None


def _code(ch: str) -> int:
    try:
        return ch.encode("cp037")[0]
    except UnicodeEncodeError:
        return 0x100 + ord(ch)


@lru_cache(maxsize=65536)
def specificity(name: str) -> tuple[tuple[int, int], ...]:
    """A sort key: the more specific of two names that match one resource is the greater."""
    key: list[tuple[int, int]] = []
    i = 0
    while i < len(name):
        ch = name[i]
        if name.startswith("**", i):
            key.append((_DOUBLE, 0))
            i += 2
            continue
        if ch == "*":
            key.append((_STAR, 0))
        elif ch == "%":
            key.append((_PERCENT, 0))
        else:
            key.append((_REAL, _code(ch)))
        i += 1
    key.append((_END, 0))
    return tuple(key)


@dataclass(frozen=True, slots=True)
class ClassView:
    """The profiles of one class as an authorization check sees them: discrete ones by name,
    generic ones most specific first (used only while the class has generic checking)."""

    cls: str
    discrete: Mapping[str, Profile]
    generic: tuple[Profile, ...]

    def covering(self, resource: str) -> Profile | None:
        """The profile that protects ``resource`` (already in the class's case), or None."""
        found = self.discrete.get(resource)
        if found is not None:
            return found
        for profile in self.generic:
            if pattern(profile.name).fullmatch(resource) is not None:
                return profile
        return None

    def matching(self, resource: str) -> list[Profile]:
        """Every profile that covers ``resource``, the one used first."""
        found = [self.discrete[resource]] if resource in self.discrete else []
        return found + [p for p in self.generic if matches(p.name, resource)]


def build_view(cls: str, profiles: Iterable[Profile], generics: bool) -> ClassView:
    discrete: dict[str, Profile] = {}
    generic: list[Profile] = []
    for profile in profiles:
        if profile.generic:
            generic.append(profile)
        else:
            discrete[profile.name] = profile
    if not generics:
        generic = []
    generic.sort(key=lambda p: specificity(p.name), reverse=True)
    return ClassView(cls, discrete, tuple(generic))


def view(db: Database, cls: str, *, checking: bool = True) -> ClassView:
    """The view of a class: for an authorization check (``checking``) of a RACLISTed class,
    its in-storage copy; otherwise the database's profiles. Built once per database."""
    instorage = checking and cls in db.options.raclisted
    cached = db.views.get((cls, instorage))
    if cached is None:
        profiles = db.instorage.get(cls, ()) if instorage else db.profiles_of(cls)
        cached = build_view(cls, profiles, cls in db.options.generic)
        db.views[(cls, instorage)] = cached
    return cached


def covering(db: Database, cls: str, resource: str, *, checking: bool = True) -> Profile | None:
    """The profile that protects ``resource`` in ``cls`` (the name is put in the class's case
    first)."""
    return view(db, cls, checking=checking).covering(upper_if(cls, resource))
