"""The evidence rule of mqsc/catalog/texts.py: every id mqsc can print is catalogued with a
status, and an id in IBM's namespace (CSQ..., reason codes, MQWB...) appears only where a cited
source of mqsc/catalog/sources.py shows or names it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from mqsc.batch.systemmsgs import MESSAGES as SYSTEM
from mqsc.catalog.mqweb import WEB_MESSAGES
from mqsc.catalog.racf import MESSAGES as RACF
from mqsc.catalog.sources import SOURCES, keys_in
from mqsc.catalog.texts import CATALOG, REASONS, evidence_problems

ROOT = Path(__file__).resolve().parents[2]
#: What an id looks like: IBM MQ's (CSQ + component + 3 digits + type), mqsc's own, mqweb's,
#: and z/OS's (JES2, allocation, IDCAMS, RACF's ICHxxnnnI and TSO's IKJnnnnnI...), HLASM's
#: (ASMAnnns) and the binder's (IEWnnnns).
ID = re.compile(
    r"\b(?:CSQ[0-9A-Z]\d{3}[IEWAD]|MQSC\d{3}[IEW]|MQWB\d{4}[IEW]|\$?HASP\d{3}"
    r"|ASMA\d{3}[INWESU]"
    r"|(?:IEFC|IEF|IEW|IDC|IEB|IEC|IEE|IEA|ICH|IRR|IKJ|IFA|CSV)\d{3,5}[IEWAD]?)\b"
)


def catalogued() -> set[str]:
    """Every id a catalog holds with a status, and every id a source records (a command's
    evidence text may name an id IBM documents, such as the CSQN011I-CSQN017I range)."""
    system = {m.msg_id.lstrip("$") for m in SYSTEM.values()}
    recorded = {i for s in SOURCES.values() for i in s.shows | s.names}
    racf = {m.msg_id for m in RACF.values()}
    return set(CATALOG) | set(WEB_MESSAGES) | system | racf | recorded


def printable_ids() -> dict[str, set[str]]:
    """Ids written in string literals of the package (its Python and the web console's
    JavaScript), with the files that write them; the catalogs themselves excepted."""
    found: dict[str, set[str]] = {}
    skip = {ROOT / "mqsc" / "catalog" / "texts.py", ROOT / "mqsc" / "catalog" / "sources.py"}
    for path in (ROOT / "mqsc").rglob("*.py"):
        if path in skip:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for msg_id in ID.findall(node.value):
                    found.setdefault(msg_id, set()).add(str(path.relative_to(ROOT)))
    console = ROOT / "mqsc" / "serve" / "webconsole"
    scripts = sorted(console.rglob("*.js"))
    # The web console's own directory: a move would otherwise leave its ids unchecked.
    assert console / "app.js" in scripts, console
    for path in scripts:
        for msg_id in ID.findall(path.read_text()):
            found.setdefault(msg_id, set()).add(str(path.relative_to(ROOT)))
    return found


def test_every_id_mqsc_can_print_is_catalogued_with_a_status() -> None:
    known = catalogued()
    # Ids that docstrings and comments-in-strings mention as IBM's, to say what mqsc does
    # instead, are not printed; each must still be catalogued or be a named exception here.
    missing = {i: sorted(f) for i, f in printable_ids().items() if i not in known}
    assert not missing, f"ids in the code that no catalog holds: {missing}"


def test_every_catalogued_message_has_a_status() -> None:
    for m in CATALOG.values():
        assert m.status in ("VERIFIED", "UNVERIFIED", "own"), m.msg_id
        assert m.evidence.strip(), f"{m.msg_id} says nothing about where it comes from"


def test_every_ibm_id_of_the_message_catalog_has_a_source() -> None:
    problems = evidence_problems((m.msg_id, m.verified, m.evidence) for m in CATALOG.values())
    assert problems == []


def test_every_cited_key_is_a_source() -> None:
    for m in CATALOG.values():
        for key in re.findall(r"\[([A-Z0-9][A-Z0-9-]*)\]", m.evidence):
            assert key in SOURCES, f"{m.msg_id} cites [{key}], which sources.py does not hold"


def test_every_ibm_id_of_the_racf_catalog_has_a_source() -> None:
    """RACF's and TSO's messages (mqsc/catalog/racf.py) follow the same rule."""
    problems = evidence_problems((m.msg_id, m.verified, m.evidence) for m in RACF.values())
    assert problems == []


def test_every_ibm_id_of_the_rest_api_has_a_source() -> None:
    problems = evidence_problems((w.msg_id, w.verified, w.evidence) for w in WEB_MESSAGES.values())
    assert problems == []


def test_every_printed_reason_code_has_a_source() -> None:
    for kind, reason in REASONS.items():
        if not reason.code:
            continue  # no code found: CSQM090E is not printed for this failure
        shown = [SOURCES[k] for k in keys_in(reason.evidence)]
        assert any(reason.code in s.shows for s in shown), f"{kind}: X'{reason.code}' unsourced"


@pytest.mark.parametrize(
    "entry",
    [
        ("CSQM999I", False, "recollection"),
        ("CSQM999I", False, "[DOC-EXAMPLES]"),
        ("CSQM999I", True, "[DOC-EXAMPLES]"),
        ("CSQX022I", True, "[DOC-CSQX]"),  # named there, but its text was not seen
        ("MQWB0999E", True, "IBM MQ REST API messages"),
    ],
)
def test_a_made_up_or_overclaimed_ibm_id_fails(entry) -> None:
    assert evidence_problems([entry])


def test_own_ids_and_sourced_ids_pass() -> None:
    assert (
        evidence_problems(
            [
                ("MQSC999E", False, "ours"),
                ("CSQX022I", False, "[DOC-CSQX]"),
                ("CSQM125I", True, "[DOC-EXAMPLES]"),
            ]
        )
        == []
    )


def test_fewer_than_20_csq_ids_are_unverified() -> None:
    unverified = sorted(m for m, d in CATALOG.items() if m.startswith("CSQ") and not d.verified)
    assert len(unverified) < 20, unverified


def test_sources_record_what_they_show_only_for_ids_of_their_kind() -> None:
    """A source's shows/names are message ids or codes, never free text."""
    code = re.compile(r"[0-9A-F]{8}")
    for key, source in SOURCES.items():
        for item in source.shows | source.names:
            assert ID.fullmatch(item) or code.fullmatch(item), f"[{key}] records {item!r}"
