"""The reference pages in docs/ are exactly what the catalogs generate."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Mapping

import mqsc
from mqsc.cli import docgen


def test_generated_docs_are_current() -> None:
    assert docgen.main(["--check"]) == 0, "run: python -m mqsc.cli.docgen"


_MESSAGE_FIELDS = {"msg_id", "template", "verified", "evidence"}


def _is_message(value: object) -> bool:
    return (
        dataclasses.is_dataclass(value)
        and not isinstance(value, type)
        and _MESSAGE_FIELDS <= {f.name for f in dataclasses.fields(value)}
    )


def message_catalogs() -> dict[str, set[str]]:
    """Every message catalog of the package, found by what it holds rather than by name: a
    module-level mapping whose values are message records (a dataclass with an id, a template,
    a verified flag and evidence), with the ids it holds, by module."""
    found: dict[str, set[str]] = {}
    for info in pkgutil.walk_packages(mqsc.__path__, "mqsc."):
        if info.name.endswith("__main__"):
            continue
        for value in vars(importlib.import_module(info.name)).values():
            if isinstance(value, Mapping) and value and all(map(_is_message, value.values())):
                found.setdefault(info.name, set()).update(m.msg_id for m in value.values())
    return found


def test_docs_messages_counts_every_message_catalog() -> None:
    """docs/messages.md's status table counts the ids of every catalog that holds messages: a
    new catalog module (as RACF's once was) cannot be left out of docgen unnoticed."""
    catalogs = message_catalogs()
    assert {"mqsc.catalog.texts", "mqsc.catalog.racf", "mqsc.batch.systemmsgs"} <= set(catalogs)
    counted = docgen.message_statuses()
    missing = {
        module: sorted(left)
        for module, ids in catalogs.items()
        if (left := {i for i in ids if i.lstrip("$") not in counted})
    }
    assert not missing, f"docgen does not read these catalogs' ids: {missing}"
    assert set(counted.values()) <= {"VERIFIED", "UNVERIFIED", "own"}


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
            if path.is_file() and path.suffix in (
                ".md",
                ".py",
                ".mqsc",
                ".jcl",
                ".sh",
                ".lark",
                ".toml",
                ".txt",
            ):
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
    assert not found, "cite IBM documentation (mqsc/catalog/sources.py) instead:\n" + "\n".join(
        found
    )


def test_every_evidence_key_is_a_listed_source() -> None:
    from mqsc.catalog import SPECS
    from mqsc.catalog.sources import SOURCES
    from mqsc.catalog.texts import CATALOG, REASONS

    cited = [s.verified for s in SPECS] + [k.verified for s in SPECS for k in s.keywords.values()]
    cited += [m.evidence for m in CATALOG.values()] + [r.evidence for r in REASONS.values()]
    unknown = {
        key
        for text in cited
        for key in re.findall(r"\[([A-Z][A-Z0-9-]*)\]", text)
        if key not in SOURCES
    }
    assert not unknown, f"evidence keys with no entry in mqsc/catalog/sources.py: {unknown}"


_WAS = re.compile(r"\bwas (\$?[A-Z][A-Z0-9]{5,8})\b")


def replaced_ids() -> set[str]:
    """Ids mqsc no longer prints: those an entry of a message catalog says it replaced ("was
    CSQM092I") and that no catalog holds any more."""
    from mqsc.batch.systemmsgs import MESSAGES as SYSTEM
    from mqsc.catalog.mqweb import WEB_MESSAGES
    from mqsc.catalog.racf import MESSAGES as RACF
    from mqsc.catalog.texts import CATALOG

    entries = [*CATALOG.values(), *WEB_MESSAGES.values(), *SYSTEM.values(), *RACF.values()]
    was = {i for m in entries for i in _WAS.findall(m.evidence)}
    return was - {m.msg_id for m in entries}


def stale_ids(page: str, replaced: set[str]) -> list[str]:
    r"""The lines of ``page`` that show a replaced id as current (a line that says "was X" is
    telling the reader about the replacement).

    >>> stale_ids("checked (`CSQM092I ... OUT OF RANGE`)\nMQSC592E (was CSQM092I)", {"CSQM092I"})
    ['1: checked (`CSQM092I ... OUT OF RANGE`)']
    """
    return [
        f"{number}: {line.strip()[:90]}"
        for number, line in enumerate(page.splitlines(), 1)
        for msg_id in sorted(replaced)
        if re.search(rf"(?<![\w$]){re.escape(msg_id)}\b", line) and f"was {msg_id}" not in line
    ]


def test_docs_promise_no_replaced_id() -> None:
    """A CSQ id that became mqsc's own MQSCnnnx one is not what mqsc prints: a page that still
    shows it sends the reader looking for a message that never comes."""
    replaced = replaced_ids()
    assert {"CSQM092I", "CSQ9010E"} <= replaced  # the scan sees the catalog's replacements
    found = [
        f"{page.relative_to(ROOT)}:{hit}"
        for page in PAGES
        for hit in stale_ids(page.read_text(encoding="utf-8"), replaced)
    ]
    assert not found, "ids replaced by mqsc's own (see docs/messages.md):\n" + "\n".join(found)


# ---- storage rules ---------------------------------------------------------------------------
_RULE_TEXTS = (".py", ".md", ".json", ".mqsc", ".jcl", ".txt", ".scn", ".toml", ".lark", ".sh")
STORAGE = ROOT / "docs" / "storage.md"


def _rule_citations():
    for base in ("mqsc", "docs", "tests", "samples", "grammar"):
        for path in sorted((ROOT / base).rglob("*")):
            if path.is_file() and path.suffix in _RULE_TEXTS and "__pycache__" not in path.parts:
                yield path, path.read_text(encoding="utf-8")
    yield ROOT / "README.md", (ROOT / "README.md").read_text(encoding="utf-8")


def test_storage_rules_table_states_each_rule_and_its_source() -> None:
    from mqsc.catalog.sources import SOURCES
    from mqsc.catalog.storagerules import RULES

    assert len(RULES) >= 50
    for rule, entry in RULES.items():
        assert entry.rule == rule and len(entry.statement.split()) >= 5, f"{rule}: say what"
        assert set(entry.sources) <= set(SOURCES), f"{rule}: unknown evidence key"
        assert any(SOURCES[k].url for k in entry.sources) or "UNVERIFIED" in entry.note, (
            f"{rule}: cite IBM documentation with its address, or say UNVERIFIED"
        )
    table = STORAGE.read_text(encoding="utf-8").split("\n## Storage rules\n", 1)[1]
    assert [
        row.split(" | ")[0]
        for row in table.splitlines()
        if row.startswith("| ") and row[2:4].isupper() and row[4] == "-"
    ] == [f"| {rule}" for rule in RULES]


def test_every_cited_storage_rule_is_in_the_table() -> None:
    from mqsc.catalog.storagerules import RULES, cited

    missing = [
        f"{path.relative_to(ROOT)}: {rule}"
        for path, text in _rule_citations()
        if path.name != "test_docs.py"
        for rule in cited(text)
        if rule not in RULES
    ]
    assert not missing, (
        "add these to mqsc/catalog/storagerules.py (docs/storage.md"
        "#storage-rules):\n" + "\n".join(missing)
    )


def test_a_rule_missing_from_the_table_is_found() -> None:
    from mqsc.catalog.storagerules import RULES, cited

    assert [r for r in cited("the two-checkpoint rule (storage rule ST-99)") if r not in RULES] == [
        "ST-99"
    ]


_CONSTANT_CALL = re.compile(r"\bConstant\((?:[^()]|\([^()]*\))*\)")


def test_storage_rule_citations_point_at_the_table() -> None:
    """A cited rule says where to look it up: "storage rule ST-4 (docs/storage.md#storage-rules)"
    or a link to that anchor; only the constants table (whose column header links there), the
    rule table and docs/storage.md itself cite bare ids."""
    from mqsc.catalog.storagerules import cited

    exempt = {
        ROOT / "docs" / "constants.md",
        STORAGE,
        ROOT / "tests" / "test_docs.py",
        ROOT / "mqsc" / "catalog" / "storagerules.py",
    }
    bare = []
    for path, text in _rule_citations():
        if path in exempt:
            continue
        # The constants table's entries (Constant(...), however the formatter lays them out)
        # cite bare ids: its column header links to the rule table. Blanked, lines kept.
        text = _CONSTANT_CALL.sub(lambda m: "\n" * m.group(0).count("\n"), text)
        for number, line in enumerate(text.splitlines(), 1):
            if "storage-model" in line or (
                cited(line)
                and "storage rule" not in line
                and "storage-rules" not in line
                and not line.lstrip().startswith("Constant(")
            ):
                bare.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:90]}")
    assert not bare, "cite as 'storage rule ST-4 (docs/storage.md#storage-rules)':\n" + "\n".join(
        bare
    )


_BINARY = {".png", ".db", ".pyc"}
_ISSUE_REFERENCE = re.compile(r"\b[Ii]ssues?[ -][0-9]+")


def test_no_text_cites_an_issue_number() -> None:
    """Readers of the repository cannot open our issue tracker: a comment or page says why
    (which IBM behaviour, which benchmark, which finding), never "issue N"."""
    found = []
    for base in ("mqsc", "tests", "docs", "bench", "samples", "grammar"):
        for path in sorted((ROOT / base).rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts or path.suffix in _BINARY:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if _ISSUE_REFERENCE.search(line) and path.name != "test_docs.py":
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}")
    assert not found, "\n".join(found)
