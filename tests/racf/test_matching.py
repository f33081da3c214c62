"""RACF's generic matching and "most specific profile" against IBM's examples, and against
the reference model of tests/racf/reference.py for random profiles and requests."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mqsc.racf import matching
from mqsc.racf.access import decide
from mqsc.racf.database import Connect, Database, Options, Permit, Profile, User
from tests.racf import reference

# IBM, "Generic profile checking of general resources", Table 1 (most to least specific).
IBM_ORDER = [
    "COPY.PAPER.%",
    "COPY.PAPER.*",
    "COPY.PAPER.**",
    "COPY.PAPER%",
    "COPY.PAPER*",
    "COPY.PAPE%",
    "COPY.PAP*",
    "COPY.%APER",
]


def test_ibm_table_order_is_kept() -> None:
    shuffled = sorted(IBM_ORDER)
    assert sorted(shuffled, key=matching.specificity, reverse=True) == IBM_ORDER


def test_ibm_table_coverage() -> None:
    # The table's X marks: which resources each profile protects.
    assert matching.matches("COPY.WEB.*", "COPY.WEB.FINAL")
    assert matching.matches("COPY.PAPER.*", "COPY.PAPER.TEST")
    assert not matching.matches("COPY.PAPER.*", "COPY.PAPER")
    assert matching.matches("COPY.PAPER.**", "COPY.PAPER")
    assert matching.matches("COPY.PAPER.**", "COPY.PAPER.TEST")
    assert not matching.matches("COPY.PAPER%", "COPY.PAPER")
    assert matching.matches("COPY.PAPER*", "COPY.PAPER")
    assert matching.matches("COPY.PAPE%", "COPY.PAPER")
    assert matching.matches("COPY.PAP*", "COPY.PAPER.TEST")
    assert not matching.matches("COPY.PRINT.*", "COPY.PAPER")
    assert matching.matches("COPY.%APER", "COPY.PAPER")


def test_the_rules_of_profile_names_for_general_resources() -> None:
    assert matching.matches("**", "ANY.THING")
    assert matching.matches("**.ABC", "ABC") and matching.matches("**.ABC", "X.Y.ABC")
    assert matching.matches("ABC.**.DEF", "ABC.DEF") and matching.matches(
        "ABC.**.DEF", "ABC.X.Y.DEF"
    )
    assert matching.matches("*.ABC", "X.ABC") and not matching.matches("*.ABC", "X.Y.ABC")
    assert matching.matches("ABC.DEF*", "ABC.DEFG.H.I")
    assert matching.matches("ABC.DEF.*", "ABC.DEF.G.H") and not matching.matches(
        "ABC.DEF.*", "ABC.DEF"
    )
    assert matching.matches("ABC.*.DEF", "ABC.X.DEF") and not matching.matches(
        "ABC.*.DEF", "ABC.X.Y.DEF"
    )
    assert matching.matches("ABC.DE*.FGH", "ABC.DEXX.FGH")
    assert not matching.matches("ABC.DE*.FGH", "ABC.DEX.Y.FGH")
    assert matching.matches("A%C", "ABC") and not matching.matches("A%C", "A.C")


def test_invalid_names() -> None:
    assert matching.problem("A*B") is not None
    assert matching.problem("A.**.B.**") is not None
    assert matching.problem("AB**") is not None
    assert matching.problem("X" * 247) is not None
    assert matching.problem("QMZ1.**") is None
    assert matching.ends_percent_star("ABC%*")


_QUALIFIER = st.sampled_from(["A", "B", "AB", "BA", "%", "A%", "%B", "*", "A*", "**", "%%"])
_NAME = (
    st.lists(_QUALIFIER, min_size=1, max_size=4)
    .map(".".join)
    .filter(lambda n: matching.problem(n) is None and not matching.ends_percent_star(n))
)
_RESOURCE = st.lists(
    st.sampled_from(["A", "B", "AB", "BA", "AA", "ABB"]), min_size=1, max_size=5
).map(".".join)
_LEVEL = st.sampled_from(reference.LEVELS)
_IDS = ["U1", "U2", "G1", "G2", "*"]


@given(_NAME, _RESOURCE)
def test_matching_equals_the_reference(name: str, resource: str) -> None:
    assert matching.matches(name, resource) == reference.covers(name, resource)


@st.composite
def _profiles(draw) -> dict[str, dict]:
    names = draw(st.lists(_NAME, min_size=1, max_size=12, unique=True))
    return {
        n: {
            "generic": matching.is_generic(n) or draw(st.booleans()),
            "uacc": draw(_LEVEL),
            "warning": draw(st.booleans()),
            "permits": draw(st.dictionaries(st.sampled_from(_IDS), _LEVEL, max_size=4)),
        }
        for n in names
    }


def _database(profiles: dict[str, dict], user_groups: dict[str, set[str]]) -> Database:
    users = {
        u: User(u, "SYS1", connects=tuple(Connect(x) for x in sorted(g)))
        for u, g in user_groups.items()
    }
    records = {
        ("MQQUEUE", n): Profile(
            "MQQUEUE",
            n,
            p["generic"],
            uacc=p["uacc"],
            warning=p["warning"],
            permits=tuple(Permit(i, a) for i, a in p["permits"].items()),
        )
        for n, p in profiles.items()
    }
    return Database(
        users=users,
        profiles=records,
        options=Options(active=frozenset({"MQQUEUE"}), generic=frozenset({"MQQUEUE"})),
    )


@given(
    _profiles(),
    _RESOURCE,
    st.sampled_from(["U1", "U2", "NOSUCH"]),
    _LEVEL,
    st.sets(st.sampled_from(["G1", "G2"])),
)
def test_decision_equals_the_reference(profiles, resource, userid, intent, groups) -> None:
    # A fully qualified generic profile (GENERIC without generic characters) is looked
    # up as generic: the reference model sees it the same way.
    user_groups = {"U1": groups | {"SYS1"}, "U2": {"G2", "SYS1"}}
    db = _database(profiles, user_groups)
    expected = reference.decision(profiles, userid, user_groups.get(userid), resource, intent)
    got = decide(db, userid, "MQQUEUE", resource, intent)
    assert (got.outcome, got.allowed, got.profile) == expected
