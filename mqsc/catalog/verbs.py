"""Command verbs and their fixed synonyms (synonyms are not abbreviations: DEF, never DEFI).

The csect (module) names in CSQ9022I/CSQ9023E are VERIFIED only for DEFINE QLOCAL (CSQMAQLC),
DELETE QLOCAL (CSQMUQLC), DISPLAY (CSQMDRTS), START/STOP QMGR (CSQYASCP) and the preprocessor
(CSQ9SCND); the rest follow the same naming pattern and are UNVERIFIED.
"""

from __future__ import annotations

from mqsc.catalog.model import Verb

VERBS: tuple[Verb, ...] = (
    Verb("DEFINE", ("DEF",), "create an object"),
    Verb("ALTER", ("ALT",), "change an object"),
    Verb("DELETE", (), "delete an object (DELETE has no synonym)"),
    Verb("DISPLAY", ("DIS",), "show objects, status or usage"),
    Verb("BACKUP", (), "back up a CF structure (no synonym, [DOC-BACKUP])"),
    Verb("RECOVER", ("REC",), "recover a CF structure"),
    Verb("RESET", (), "reset a CF structure (ACTION(FAIL) simulates a failure)"),
    Verb("START", ("STA",), "start the queue manager"),
    Verb("STOP", (), "stop the queue manager"),
)

#: Csect of the command preprocessor, used when a command fails its syntax checks.
PREPROCESSOR_CSECT = "CSQ9SCND"
