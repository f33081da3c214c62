"""The storage rules: every rule of the page set, buffer pool and CF structure simulation, by id.

Code, catalog evidence, HELP and the docs cite a rule as "storage rule ST-4
(docs/storage.md#storage-rules)"; this table says what mqsc does for each and the IBM
documentation it rests on (evidence keys of :mod:`mqsc.catalog.sources`), or why it is
UNVERIFIED. docs/storage.md's table "Storage rules" is generated from it (mqsc.cli.docgen), the
console's HELP of a keyword prints the rules its evidence cites, and tests/test_docs.py fails
when the repository cites a rule that is not here. The figures themselves are
``mqsc/engine/storage/constants.py``.

Families: PS page sets, DU DISPLAY USAGE, EX expansion, BP buffer pools, ST buffer pool
thresholds, SC storage classes, RC reason codes, CF coupling facility structures, BR structure
backup and recovery, BN recovery figures.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple


class StorageRule(NamedTuple):
    """One rule: what mqsc does, the evidence keys it rests on, and what is UNVERIFIED."""

    rule: str
    statement: str
    sources: tuple[str, ...] = ()
    note: str = ""


_UNVERIFIED = "emulator inference (UNVERIFIED)"

RULES: Mapping[str, StorageRule] = MappingProxyType(
    {
        r.rule: r
        for r in (
            StorageRule(
                "PS-3",
                "A page set holds at most 16,777,216 pages (64 GB); no expansion goes beyond that.",
                ("DOC-PAGESETS",),
            ),
            StorageRule(
                "PS-5",
                "Page set 0 holds the queue manager's object definitions; messages should not go "
                "there (lint MQSC207W).",
                ("DOC-PAGESETS",),
            ),
            StorageRule(
                "PS-6",
                "Each private definition (QSGDISP QMGR or COPY) takes bytes on page set 0, as "
                "persistent pages rounded up to whole pages: 1,010 per local queue (permanent "
                "dynamic queues included), 746 per model queue, 338 per alias queue, 434 per "
                "remote queue, 674 per process, 12,320 per namelist, 266 per storage class and "
                "1,010 per authentication information object, 2,026 per message or "
                "server-connection channel and 5,170 per client-connection channel; topics, "
                "subscriptions and channel authentication records have no figure in the formula "
                "and take none.",
                ("DOC-PSZERO",),
                "IBM's page set zero formula, one figure per object type (the 'Page set zero' "
                "topic of the WebSphere MQ for z/OS System Setup Guide; its ibm.com address is "
                "not recorded, so UNVERIFIED)",
            ),
            StorageRule(
                "PS-7",
                "A page is 4,096 bytes, of which 4,057 hold message records.",
                ("MP16",),
                "a DOC figure (constants.md); its page's address not recorded (UNVERIFIED)",
            ),
            StorageRule(
                "PS-8",
                "Each stored message carries its 352-byte MQMD; with 109 bytes of control data a "
                "record has 461 header bytes.",
                ("MP16",),
                "a DOC figure (constants.md); its page's address not recorded (UNVERIFIED)",
            ),
            StorageRule(
                "PS-9",
                "A message of up to 3,596 data bytes is short (one record); a longer one takes "
                "ceil((data + 461) / 4,047) pages, and above 4 MB 1,037 pages per 4 MB chunk plus "
                "the remainder.",
                (),
                "seed figures fitted to the lab (UNVERIFIED, constants.md tags SHORT_MAX, "
                "CHUNK_BYTES, CHUNK_PAGES)",
            ),
            StorageRule(
                "PS-10",
                "Records of short messages put in a run share pages (1 KB messages two to a page); "
                "a page is freed when its last record is got.",
                (),
                _UNVERIFIED,
            ),
            StorageRule(
                "DU-3",
                "DISPLAY USAGE shows Unused = Total - Persistent - NonPersist pages, never "
                "negative.",
                ("DOC-DISUSAGE",),
            ),
            StorageRule(
                "DU-4",
                "A page set of P allocated pages has P minus one header page minus one space-map "
                "page per 16,384 pages usable (1,080 allocated show 1,078).",
                (),
                "fitted to the lab's DISPLAY USAGE (UNVERIFIED)",
            ),
            StorageRule(
                "EX-1",
                "A page set has at most 119 extents: an expansion beyond that fails (MQSC616E) and "
                "the page set is marked for no further expansion.",
                ("DOC-PSEXPAND",),
            ),
            StorageRule(
                "EX-2",
                "A page set expands when more than 90% of its pages are in use and its EXPAND is "
                "not NONE and it is not marked for no further expansion.",
                ("DOC-PSEXPAND",),
            ),
            StorageRule(
                "EX-3",
                "EXPAND(USER) adds the secondary allocation; a page set with no secondary cannot "
                "expand.",
                ("DOC-ALTPSID",),
            ),
            StorageRule(
                "EX-4",
                "EXPAND(SYSTEM) adds about 10% of the current size, rounded up to whole cylinders "
                "(180 pages).",
                ("DOC-ALTPSID",),
            ),
            StorageRule(
                "EX-6",
                "Each expansion is reported on the console: MQSC613I (new extent), MQSC731I (new "
                "extent formatted), CSQP014E (expansion failed) and MQSC616E (maximum extents).",
                ("DOC-MSGS",),
                "(message texts partly recalled: UNVERIFIED in docs/messages.md)",
            ),
            StorageRule(
                "EX-7",
                "A page set's primary and secondary allocations default to the lab's 1,080 and 540 "
                "pages (6 and 3 cylinders), overridable in mqsc.toml.",
                (),
                "the lab's data sets, emulator inference (UNVERIFIED)",
            ),
            StorageRule(
                "EX-8",
                "A 3390 cylinder holds 180 pages (12 per track x 15 tracks).",
                (),
                _UNVERIFIED,
            ),
            StorageRule("BP-1", "A buffer holds one 4 KB page.", ("DOC-DEFBP",)),
            StorageRule(
                "BP-4",
                "All BELOW pools together get at most 400,000 buffers (about 70% of a 2 GB region);"
                " an ALTER BUFFPOOL beyond that adds as many as fit.",
                ("DOC-DEFBP",),
                "the 400,000 figure: emulator inference (UNVERIFIED)",
            ),
            StorageRule(
                "BP-5",
                "PAGECLAS(FIXED4KB) is accepted only with LOCATION(ABOVE) (MQSC636E).",
                ("DOC-DEFBP",),
                "emulator choice following the lab (UNVERIFIED)",
            ),
            StorageRule(
                "BP-6",
                "ALTER BUFFPOOL PAGECLAS without a change of LOCATION waits for the next restart; "
                "with a location switch it applies at once.",
                ("DOC-ALTBP",),
            ),
            StorageRule(
                "BP-7",
                "At restart a pool keeps its logged attributes (an ALTER BUFFPOOL survives) unless "
                "its CSQINP1 DEFINE BUFFPOOL says REPLACE; the last definition of a pool in CSQINP1"
                " counts.",
                ("DOC-DEFBP", "DOC-MANAGEBP"),
            ),
            StorageRule(
                "BP-10",
                "IBM's storage classes map to page sets and pools after the V6 advice: SYSTEM on "
                "page set 1 (pool 0), SYSLNGLV on 2 (pool 1), SYSVOLAT on 3 (pool 2), the rest on 4"
                " (pool 3); see docs/qmz1.md.",
                ("D-V6BP",),
                "the mapping itself: emulator inference (UNVERIFIED)",
            ),
            StorageRule(
                "BP-11",
                "The MEMLIMIT ABOVE pools need is 2 GB + ABOVE buffers x 4,096 + 200 bytes per "
                "message held, rounded up to whole gigabytes (mqsc advise).",
                (),
                "seed figures, emulator inference (UNVERIFIED)",
            ),
            StorageRule(
                "ST-3",
                "Stealable = Available - changed buffers; Stealable % = floor(100 x Stealable / "
                "Available), truncated, not rounded.",
                ("DOC-DISUSAGE",),
                "truncation fitted to the lab (UNVERIFIED)",
            ),
            StorageRule(
                "ST-4",
                "When more than 85% of a pool's buffers are changed (DWT) the deferred writer "
                "writes the oldest changed pages; at each checkpoint persistent pages changed "
                "before the previous checkpoint are written (the two-checkpoint rule).",
                ("DOC-QPST",),
            ),
            StorageRule(
                "ST-5",
                "A pool below 15% stealable does page set I/O: mqsc advise and lint MQSC208W flag "
                "it.",
                ("D-V6BP",),
                "address not recorded (UNVERIFIED)",
            ),
            StorageRule(
                "ST-6",
                "While more than 95% of a pool's buffers are changed (SPT) every update writes its "
                "page synchronously (QPSTDMC, QPSTIMW).",
                ("DOC-QPST",),
            ),
            StorageRule(
                "ST-7",
                "The deferred writer drops freed and formatted pages without I/O, then writes "
                "changed pages in batches of 32 until 80% remain changed; written pages stay in the"
                " pool as clean, stealable buffers.",
                (),
                "batch size and the 80% target: emulator inference fitted to the lab (UNVERIFIED)",
            ),
            StorageRule(
                "ST-8",
                "Pool statistics use the SMF 115 CSQDQPST names and counters (QPSTNBUF ... "
                "QPSTSOS), with QPSTCBSL the lowest stealable count in the interval.",
                ("DOC-QPST",),
            ),
            StorageRule(
                "SC-1",
                "A queue's messages go to the page set its storage class maps to; a new storage "
                "class takes its PSID from SYSTEMST unless given one.",
                ("DOC-STGCLASSES", "DOC-DEFSTC"),
            ),
            StorageRule(
                "SC-2",
                "DEFINE STGCLASS does not check that its page set exists: the first put to a queue "
                "using it fails with MQRC 2193 (lint MQSC102W).",
                ("DOC-DEFSTC", "DOC-RC2193"),
            ),
            StorageRule(
                "SC-3",
                "A queue may name a storage class that does not exist: z/OS accepts the definition "
                "and the first put fails with MQRC 2105 (lint MQSC101W).",
                ("DOC-RC2105",),
                "address not recorded (UNVERIFIED)",
            ),
            StorageRule(
                "SC-4",
                "A queue's STGCLASS (or CFSTRUCT) cannot change while it holds messages: MQSC507E, "
                "PCF reason 3207.",
                ("DOC-RC3207",),
                "address not recorded (UNVERIFIED)",
            ),
            StorageRule(
                "SC-5",
                "A storage class cannot change its PSID or be deleted while a queue using it holds "
                "messages.",
                ("DOC-DEFSTC", "DOC-RC3207"),
            ),
            StorageRule(
                "SC-9",
                "The DEFAULT storage class maps to page set 4, as the lab's sample output shows.",
                (),
                "the lab's output, emulator inference (UNVERIFIED)",
            ),
            StorageRule(
                "RC-3",
                "A put or get whose page set is not defined or not available fails with MQRC 2193, "
                "and CSQI041I goes to the console.",
                ("DOC-RC2193",),
            ),
            StorageRule(
                "CF-1",
                "A queue sharing group has at most 63 application structures and a structure at "
                "most 512 shared queues (MQSC307E, MQSC308E); a structure itself holds messages of "
                "up to 63 KB (64,512 bytes).",
                ("DOC-CFPLAN", "DOC-DEFCFS"),
                "the 63 and 512 limits: UNVERIFIED",
            ),
            StorageRule(
                "CF-2",
                "The queue manager's MAXMSGL is 100 MB (104,857,600) on z/OS.",
                (),
                _UNVERIFIED,
            ),
            StorageRule(
                "CF-3",
                "CSQ_ADMIN holds no messages: DISPLAY CFSTATUS shows it with ENTSMAX(9362) and "
                "about six entries per member.",
                (),
                "seed figures (UNVERIFIED)",
            ),
            StorageRule(
                "CF-4",
                "A shared-queue message takes one list entry and max(1,536, roundup(length + 324, "
                "256)) bytes; a structure holds that in 80% of its size (a 25% overhead), and "
                "SIZEUSED counts it so; a structure the CFRM policy does not size gets 64 MB.",
                ("DOC-CFPLAN",),
                "the sizing formula: seed figures (UNVERIFIED)",
            ),
            StorageRule(
                "CF-5",
                "A put that does not fit in its structure fails with MQRC 2192; a message over 63 "
                "KB needs CFLEVEL(4) or more (MQRC 2030) and leaves a 1,536-byte entry in the "
                "structure.",
                ("DOC-CFPLAN", "DOC-DEFCFS"),
            ),
            StorageRule(
                "CF-7",
                "A CF structure name is 1-12 characters and not CSQ_ADMIN; CFLEVEL 1-5 (default 3; "
                "3 for persistent messages, 4 for messages over 63 KB), RECOVER (default NO), "
                "RECAUTO (default YES), CFCONLOS (default ASQMGR).",
                ("DOC-DEFCFS",),
            ),
            StorageRule(
                "BR-1",
                "A structure that fails (RESET CFSTRUCT ACTION(FAIL)) loses every message in it; "
                "persistent ones come back only through RECOVER CFSTRUCT.",
                ("DOC-RESETCF", "DOC-RECOVER"),
            ),
            StorageRule(
                "BR-3",
                "BACKUP CFSTRUCT writes the backup to the log of the queue manager that runs it; "
                "DISPLAY CFSTATUS TYPE(BACKUP) and DISPLAY USAGE TYPE(DATASET) report where it is.",
                ("DOC-BACKUP", "DOC-QSGPLAN"),
            ),
            StorageRule(
                "BR-4",
                "A backup with EXCLINT(n) leaves out the changes of the last n seconds (default "
                "30): its content is as at the last LRSN logged before then.",
                ("DOC-BACKUP",),
            ),
            StorageRule(
                "BR-6",
                "RECOVER CFSTRUCT restores the last backup and replays every member's logged "
                "changes after its LRSN, in LRSN order; members' logs are read in parallel, so the "
                "longest one sets the recovery time.",
                ("DOC-RECOVER",),
            ),
            StorageRule(
                "BR-8",
                "RESET CFSTRUCT ACTION(FAIL) fails a structure on purpose (CFLEVEL(5) needed), to "
                "rehearse recovery.",
                ("DOC-RESETCF",),
            ),
            StorageRule(
                "BN-1",
                "Restoring a backup takes 20 s per 100,000 1 KB messages, and taking one about 2 "
                "CPU seconds per 100,000 1 KB messages (at least a second).",
                ("MP16",),
                "figures as the seed gives them (UNVERIFIED)",
            ),
            StorageRule(
                "BN-2",
                "Logs are read back at 3 MB/s on the 2003 report's ESS 2105-E20 DASD, and a backup "
                "interval is sized allowing about a minute for the restore.",
                ("MP16",),
                "figures as the seed gives them (UNVERIFIED)",
            ),
            StorageRule(
                "BN-3",
                "The backup interval keeping recovery within 30 minutes is 90, 30 and 16 minutes "
                "for 400, 1,200 and 2,200 persistent 1 KB messages a second.",
                ("MP16",),
                "figures as the seed gives them (UNVERIFIED)",
            ),
            StorageRule(
                "BN-4",
                "A persistent message logs its length + 1.25 KB on a private queue, and its length "
                "+ 1.5 KB on a shared queue.",
                ("MP16",),
                "figures as the seed gives them (UNVERIFIED)",
            ),
            StorageRule(
                "BN-5",
                "On a z14 logs are read back at 110 MB/s from active or uncompressed archive logs "
                "and 38 MB/s from zEDC-compressed archives.",
                ("MP16",),
                "figures as the seed gives them (UNVERIFIED)",
            ),
        )
    }
)

#: A rule id (ST-4), or a range of them (SC-1..SC-5, ST-4..7).
_RULE = re.compile(r"\b([A-Z]{2})-(\d+)\b(?:\.\.(?:\1-)?(\d+)\b)?")


def cited(text: str) -> list[str]:
    """The rule ids ``text`` cites, ranges spelled out, in order, each once (known or not).

    >>> cited("storage rules ST-4..ST-6 and BN-1 (docs/storage.md#storage-rules); ST-4")
    ['ST-4', 'ST-5', 'ST-6', 'BN-1']
    """
    found: list[str] = []
    for family, first, last in _RULE.findall(text):
        for number in range(int(first), int(last or first) + 1):
            rule = f"{family}-{number}"
            if rule not in found:
                found.append(rule)
    return found


def explain(rule: str) -> str:
    """One rule as a line for HELP: its id and what mqsc does.

    >>> explain("ST-3").split(": ")[0]
    'storage rule ST-3'
    """
    return f"storage rule {rule}: {RULES[rule].statement}"
