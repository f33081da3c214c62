"""The reference pages in docs/ are exactly what the catalogs generate."""

from __future__ import annotations

from mqsc.cli import docgen


def test_generated_docs_are_current() -> None:
    assert docgen.main(["--check"]) == 0, "run: python -m mqsc.cli.docgen"


# ---- links and citations ---------------------------------------------------------------------
import re  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", *ROOT.glob("docs/*.md"), *ROOT.glob("samples/**/*.md")])
_LINK = re.compile(r"(?<!\!)\[[^\]\n]*\]\(([^)\s]+)\)")
_HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.M)
_FENCE = re.compile(r"^```.*?^```", re.M | re.S)
#: Citations of files users do not have: the project's private notes and their section tags.
_PRIVATE = re.compile(r"§|\.\./shared|reference/[\w.-]+\.md|\bresearch\b", re.I)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, blanks to hyphens.

    >>> slug("Console (S5)"), slug("`mqsc samples`"), slug("Adding an object type")
    ('console-s5', 'mqsc-samples', 'adding-an-object-type')
    """
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    return {slug(h) for h in _HEADING.findall(text)}


def links(page: Path) -> list[str]:
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    text = re.sub(r"`[^`\n]*`", "", text)
    return _LINK.findall(text)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_point_at_files_and_headings_in_the_repository(page: Path) -> None:
    broken = []
    for target in links(page):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:: outside the repository
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists() or ROOT not in file.parents:
            broken.append(f"{target}: no such file in the repository")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{target}: no heading #{anchor} in {file.relative_to(ROOT)}")
    assert not broken, f"{page.relative_to(ROOT)}: " + "; ".join(broken)


def _texts():
    for base in ("docs", "mqsc", "samples", "grammar"):
        for path in sorted((ROOT / base).rglob("*")):
            if path.is_file() and path.suffix in (".md", ".py", ".mqsc", ".jcl", ".sh",
                                                   ".lark", ".toml", ".txt"):
                yield path
    yield ROOT / "README.md"


def test_no_citation_of_files_users_do_not_have() -> None:
    found = []
    for path in _texts():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if path.name == "test_docs.py":
                continue
            if _PRIVATE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert not found, "cite IBM documentation (mqsc/catalog/sources.py) instead:\n" + \
        "\n".join(found)


def test_every_evidence_key_is_a_listed_source() -> None:
    from mqsc.catalog import SPECS
    from mqsc.catalog.messages import CATALOG, REASONS
    from mqsc.catalog.sources import SOURCES

    cited = [s.verified for s in SPECS] + [k.verified for s in SPECS for k in s.keywords.values()]
    cited += [m.evidence for m in CATALOG.values()] + [r.evidence for r in REASONS.values()]
    unknown = {key for text in cited for key in re.findall(r"\[([A-Z][A-Z0-9-]*)\]", text)
               if key not in SOURCES}
    assert not unknown, f"evidence keys with no entry in mqsc/catalog/sources.py: {unknown}"


# ---- storage rules ---------------------------------------------------------------------------
#: A storage rule id (ST-4), or a range of them (SC-1..SC-5, ST-4..7).
_RULE = re.compile(r"\b([A-Z]{2})-(\d+)\b(?:\.\.(?:\1-)?(\d+)\b)?")
_RULE_ROW = re.compile(r"^\| ([A-Z]{2}-\d+) \| ([^|]+?) \| ([^|]+?) \|$", re.M)
_RULE_TEXTS = (".py", ".md", ".json", ".mqsc", ".jcl", ".txt", ".scn", ".toml", ".lark", ".sh")
STORAGE = ROOT / "docs" / "storage.md"


def rule_ids(text: str) -> set[str]:
    """The storage rule ids a text cites, ranges spelled out.

    >>> sorted(rule_ids("rules ST-4..ST-6 and (BN-1, BN-5); SC-1..3"))
    ['BN-1', 'BN-5', 'SC-1', 'SC-2', 'SC-3', 'ST-4', 'ST-5', 'ST-6']
    """
    found = set()
    for family, first, last in _RULE.findall(text):
        for number in range(int(first), int(last or first) + 1):
            found.add(f"{family}-{number}")
    return found


def storage_rules() -> dict[str, tuple[str, str]]:
    """The table "Storage rules" of docs/storage.md: statement and sources by rule id."""
    text = STORAGE.read_text(encoding="utf-8")
    section = text.split("\n## Storage rules\n", 1)[1].split("\n## ", 1)[0]
    rows = _RULE_ROW.findall(section)
    assert len(rows) == len({rule for rule, _, _ in rows}), "a rule id is listed twice"
    return {rule: (statement, sources) for rule, statement, sources in rows}


def _rule_citations():
    for base in ("mqsc", "docs", "tests", "samples", "grammar"):
        for path in sorted((ROOT / base).rglob("*")):
            if path.is_file() and path.suffix in _RULE_TEXTS and "__pycache__" not in path.parts:
                yield path, path.read_text(encoding="utf-8")
    yield ROOT / "README.md", (ROOT / "README.md").read_text(encoding="utf-8")


def test_storage_rules_table_states_each_rule_and_its_source() -> None:
    rules = storage_rules()
    assert len(rules) >= 50
    for rule, (statement, sources) in rules.items():
        assert len(statement.split()) >= 5, f"{rule}: say what mqsc does"
        assert "](https://" in sources or "UNVERIFIED" in sources or "not recorded" in sources, \
            f"{rule}: cite IBM documentation by title and URL, or say UNVERIFIED"


def test_every_cited_storage_rule_is_in_the_table() -> None:
    rules = storage_rules()
    missing = [f"{path.relative_to(ROOT)}: {rule}" for path, text in _rule_citations()
               if path.name != "test_docs.py" for rule in sorted(rule_ids(text) - set(rules))]
    assert not missing, "add these to the table in docs/storage.md#storage-rules:\n" + \
        "\n".join(missing)


def test_a_rule_missing_from_the_table_is_found() -> None:
    assert rule_ids("the two-checkpoint rule (storage rule ST-99)") - set(storage_rules()) == \
        {"ST-99"}


def test_storage_rule_citations_point_at_the_table() -> None:
    """A cited rule says where to look it up: "storage rule ST-4 (docs/storage.md#storage-rules)"
    or a link to that anchor; only the constants table (whose column header links there) and
    docs/storage.md itself cite bare ids."""
    exempt = {ROOT / "docs" / "constants.md", STORAGE, ROOT / "tests" / "test_docs.py"}
    bare = []
    for path, text in _rule_citations():
        if path in exempt:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if "storage-model" in line or (rule_ids(line) and "storage rule" not in line
                                           and "storage-rules" not in line
                                           and not line.lstrip().startswith("Constant(")):
                bare.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:90]}")
    assert not bare, "cite as 'storage rule ST-4 (docs/storage.md#storage-rules)':\n" + \
        "\n".join(bare)
