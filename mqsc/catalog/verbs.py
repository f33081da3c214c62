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
    Verb("RESET", (), "reset a CF structure, a channel, cluster or statistics"),
    Verb("START", ("STA",), "start the queue manager, the channel initiator, a channel..."),
    Verb("STOP", (), "stop the queue manager, the channel initiator, a channel..."),
    # Verbs of the channel, system and security commands (IBM MQ 9.4 for z/OS, MQSC
    # reference; synonyms as each command's page gives them, UNVERIFIED where marked).
    Verb("PING", (), "test a channel (needs the channel initiator)"),
    Verb("RESOLVE", (), "resolve an in-doubt channel or unit of recovery"),
    Verb(
        "REFRESH",
        ("REF",),
        "refresh the queue manager, a cluster or security (REF: "
        '"Synonym: REF SEC", REFRESH SECURITY)',
    ),
    Verb(
        "RVERIFY",
        ("REV", "REVERIFY"),
        'reverify security for users ("Synonym: REV SEC; '
        'REVERIFY SECURITY is another synonym", RVERIFY SECURITY on z/OS)',
    ),
    Verb("SUSPEND", (), "suspend the queue manager's membership of a cluster or Db2/IMS use"),
    Verb("RESUME", (), "resume what SUSPEND QMGR suspended"),
    Verb("SET", (), "set channel authentication records, log, archive or system parameters"),
    Verb("ARCHIVE", ("ARC",), "switch the active log and archive it"),
    Verb("CLEAR", (), "remove every message from a local queue, or retained publications"),
    Verb("MOVE", (), "move every message of a local queue to another"),
)

#: Csect of the command preprocessor, used when a command fails its syntax checks.
PREPROCESSOR_CSECT = "CSQ9SCND"
