"""A small reference model of RACF's decision, written from IBM's documentation alone and
independently of mqsc.racf: qualifier-by-qualifier matching instead of regular expressions,
"most specific" by pairwise comparison instead of a sort key.

IBM's rules ("Profile names for general resources", "Generic profile checking of general
resources"): % one character; * a whole qualifier = one qualifier (the last qualifier of
several: one or more); * ending a qualifier = zero or more characters of that qualifier (at
the end of the name: zero or more characters and qualifiers); ** = zero or more qualifiers;
a discrete profile first; of matching generics the most specific (at the first difference:
real character > % > * > **); the user's own entry, else its groups' highest, else *, else
UACC; WARNING lets a refusal through.
"""

from __future__ import annotations

LEVELS = ["NONE", "EXECUTE", "READ", "UPDATE", "CONTROL", "ALTER"]


def _char_ok(p: str, c: str) -> bool:
    return c != "." if p == "%" else p == c


def _same(p: str, q: str) -> bool:
    return len(p) == len(q) and all(_char_ok(a, b) for a, b in zip(p, q))


def _prefix(stem: str, text: str) -> bool:
    return len(text) >= len(stem) and all(_char_ok(a, b) for a, b in zip(stem, text))


def covers(profile: str, resource: str) -> bool:
    if "%" not in profile and "*" not in profile:
        return profile == resource
    if profile in ("*", "**"):
        return True
    parts, quals = profile.split("."), resource.split(".")

    def walk(i: int, j: int) -> bool:
        if i == len(parts):
            return j == len(quals)
        p, last = parts[i], i == len(parts) - 1
        if p == "**":
            return any(walk(i + 1, k) for k in range(j, len(quals) + 1))
        if j >= len(quals):
            return False
        if p == "*":
            return len(quals) - j >= 1 if last else walk(i + 1, j + 1)
        if p.endswith("*"):
            if last:
                return _prefix(p[:-1], ".".join(quals[j:]))
            return _prefix(p[:-1], quals[j]) and walk(i + 1, j + 1)
        return _same(p, quals[j]) and walk(i + 1, j + 1)

    return walk(0, 0)


def _tokens(name: str) -> list[str]:
    out, i = [], 0
    while i < len(name):
        if name.startswith("**", i):
            out.append("**")
            i += 2
        else:
            out.append(name[i])
            i += 1
    return out


def _rank(token: str | None) -> tuple[int, int]:
    if token is None:
        return (4, 0)  # the name ended: mqsc's documented choice
    if token == "**":
        return (0, 0)
    if token == "*":
        return (1, 0)
    if token == "%":
        return (2, 0)
    return (3, token.encode("cp037")[0])


def more_specific(a: str, b: str) -> bool:
    """Whether a is at least as specific as b."""
    ta, tb = _tokens(a), _tokens(b)
    for i in range(max(len(ta), len(tb))):
        x = ta[i] if i < len(ta) else None
        y = tb[i] if i < len(tb) else None
        if x != y:
            return _rank(x) > _rank(y)
    return True


def protecting(profiles: dict[str, dict], resource: str, generics: bool = True) -> str | None:
    if resource in profiles and not profiles[resource]["generic"]:
        return resource
    if not generics:
        return None
    candidates = [n for n, p in profiles.items() if p["generic"] and covers(n, resource)]
    for name in candidates:
        if all(more_specific(name, other) for other in candidates):
            return name
    return None


def access(profile: dict, userid: str, groups: set[str] | None) -> str:
    permits = dict(profile["permits"])
    if groups is not None:
        if userid in permits:
            return permits[userid]
        found = [permits[g] for g in groups if g in permits]
        if found:
            return max(found, key=LEVELS.index)
        if "*" in permits:
            return permits["*"]
    return profile["uacc"]


def decision(
    profiles: dict[str, dict], userid: str, groups: set[str] | None, resource: str, intent: str
) -> tuple[str, str, str | None]:
    """(outcome, allowed access, profile) as mqsc.racf.access names outcomes."""
    name = protecting(profiles, resource)
    if name is None:
        return ("not-found", "NONE", None)
    profile = profiles[name]
    allowed = access(profile, userid, groups)
    if LEVELS.index(allowed) >= LEVELS.index(intent):
        return ("allowed", allowed, name)
    return ("warning" if profile["warning"] else "insufficient", allowed, name)
