"""Every constant of the storage simulation, with where it comes from.

Provenance tags (docs/storage.md): DOC (IBM documentation), SEED (a seed
document), ARITH (follows arithmetically), INFERENCE, FITTED (chosen so the model reproduces the
lab), UNVERIFIED (recalled, no retrievable source). Change a value here and every rule, report
and test follows; docs/constants.md is generated from this table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Constant:
    """A named value with its provenance: ``tag`` as above, ``ref`` the storage rules that use
    it (ids of the table in docs/storage.md#storage-rules) or another doc of the repository."""

    name: str
    value: int | float
    tag: str
    ref: str
    meaning: str
    #: For a FITTED constant: the values that would reproduce the same captured figures, and
    #: what (if anything) pins it further.
    fits: str = ""


_TABLE = (
    Constant("PAGE_SIZE", 4096, "DOC", "BP-1, PS-7", "bytes in a page and in a buffer"),
    Constant("PAGE_USABLE", 4057, "DOC", "PS-7", "bytes of a page usable for message records"),
    Constant("MQMD_BYTES", 352, "DOC", "PS-8", "message descriptor stored with each message"),
    Constant("SHORT_MAX", 3596, "UNVERIFIED", "PS-9", "largest message data of a short message"),
    Constant(
        "MSG_HDR",
        461,
        "INFERENCE",
        "",
        "header bytes per message record (352 MQMD + 109 control) = PAGE_USABLE - SHORT_MAX",
    ),
    Constant(
        "LONG_BYTES_PER_PAGE",
        4047,
        "FITTED",
        "PS-9",
        "message bytes per page of a long message (4096 B -> 2 pages, 4 MB -> 1037 pages)",
        fits="any value 2,279-4,556 gives the lab's 2 pages per 4096-byte message, "
        "ceil(4,557 / value) = 2; 4,046-4,048 if the UNVERIFIED 1,037 pages per 4 MB "
        "holds, the only figure that pins it further",
    ),
    Constant(
        "CHUNK_BYTES",
        4 * 1024 * 1024,
        "UNVERIFIED",
        "PS-9",
        "messages above this are stored in chunks",
    ),
    Constant("CHUNK_PAGES", 1037, "UNVERIFIED", "PS-9", "pages per full 4 MB chunk"),
    Constant(
        "IDX_MSGS_PER_PAGE",
        64,
        "FITTED",
        "",
        "messages per message-list page (300 msgs -> 5 pages, lab 605)",
        fits="any value 60-74 gives the lab's captured 605 pages for 300 x 4096-byte "
        "messages: 600 data pages + ceil(300 / value) = 5 list pages; no second capture "
        "pins it: the "
        "lab shows no DISPLAY USAGE after its 1200-message jobs, and its page set 4 figures "
        "(3238 pages after 4 expansions) only bound it at 109 or less under an assumed "
        "earlier 1200-message load; 64 is the power of two in the range",
    ),
    Constant(
        "SPACEMAP_SPAN",
        16384,
        "FITTED",
        "DU-4",
        "pages covered by one space-map page",
        fits="any span 10,080-20,159 gives the lab's 1078 of 1080, 20157 of 20160 and "
        "3238 of 3240 usable pages; 16,384 is the power of two in the range",
    ),
    Constant(
        "HEADER_PAGES",
        1,
        "FITTED",
        "DU-4",
        "page-set header pages",
        fits="1 with one space-map page per span: the lab's 1080 -> 1078 leaves room for "
        "exactly two overhead pages",
    ),
    Constant("EXPAND_AT", 0.90, "DOC", "EX-2", "expansion starts when this share is in use"),
    Constant(
        "DWT", 0.85, "DOC", "ST-4, ST-7", "deferred write threshold: share of buffers changed"
    ),
    Constant("DWT_TARGET", 0.80, "UNVERIFIED", "", "deferred write drains down to this share"),
    Constant("SPT", 0.95, "DOC", "ST-6, ST-7", "synchronous page write threshold"),
    Constant("WRITE_BATCH", 32, "UNVERIFIED", "", "pages per write I/O"),
    Constant("MAX_EXTENTS", 119, "DOC", "EX-1", "extents a page set may have"),
    Constant("MAX_PAGES", 16_777_216, "DOC", "PS-3", "pages in 64 GB, the page-set limit"),
    Constant("CYL_PAGES", 180, "INFERENCE", "EX-8", "pages per 3390 cylinder (12 x 15)"),
    Constant(
        "DEFAULT_PRIMARY",
        1080,
        "SEED",
        "EX-7, docs/qmz1.md",
        "default primary allocation (6 cylinders: 1078 usable pages)",
    ),
    Constant(
        "DEFAULT_SECONDARY",
        540,
        "SEED",
        "EX-7",
        "default secondary allocation (3 cylinders, PS4: 1078 -> 3238 in 4 expansions)",
    ),
    Constant(
        "NEW_POOL_BUFFERS",
        1000,
        "DOC",
        "[DOC-DEFPSID]",
        "buffers for a pool a dynamic DEFINE PSID creates",
    ),
    Constant("NEW_POOL_FALLBACK", 100, "DOC", "[DOC-DEFPSID]", "buffers when 1000 cannot be had"),
    Constant(
        "BELOW_BAR_BUFFERS",
        400_000,
        "INFERENCE",
        "BP-4",
        "31-bit buffers available to all BELOW pools (about 70% of a 2 GB region)",
    ),
    Constant("MEMLIMIT_BASE", 2 * 1024**3, "SEED", "BP-11", "MEMLIMIT before ABOVE buffers"),
    Constant("MSG_CONTROL_BYTES", 200, "SEED", "BP-11", "64-bit storage per message held"),
    Constant("OBJ_BYTES_QLOCAL", 1010, "DOC", "PS-6", "page set 0 bytes per local queue"),
    Constant("OBJ_BYTES_STGCLASS", 266, "DOC", "PS-6", "page set 0 bytes per storage class"),
    Constant("OBJ_BYTES_QALIAS", 338, "DOC", "PS-6", "page set 0 bytes per alias queue"),
    Constant("OBJ_BYTES_QREMOTE", 434, "DOC", "PS-6", "page set 0 bytes per remote queue"),
    Constant("OBJ_BYTES_QMODEL", 746, "DOC", "PS-6", "page set 0 bytes per model queue"),
    Constant("OBJ_BYTES_PROCESS", 674, "DOC", "PS-6", "page set 0 bytes per process"),
    Constant("OBJ_BYTES_NAMELIST", 12320, "DOC", "PS-6", "page set 0 bytes per namelist"),
    Constant(
        "OBJ_BYTES_CHANNEL",
        2026,
        "DOC",
        "PS-6",
        "page set 0 bytes per message channel (and server-connection channel)",
    ),
    Constant(
        "OBJ_BYTES_CLNTCONN", 5170, "DOC", "PS-6", "page set 0 bytes per client-connection channel"
    ),
    Constant(
        "OBJ_BYTES_AUTHINFO",
        1010,
        "DOC",
        "PS-6",
        "page set 0 bytes per authentication information object",
    ),
    Constant(
        "LOG_PER_MSG",
        1280,
        "SEED",
        "BN-4",
        "log bytes per persistent message besides its length (1.25 KB)",
    ),
    Constant("LOG_PER_MSG_QSG", 1536, "SEED", "BN-4", "the same for shared queues (1.5 KB)"),
    Constant(
        "CF_MIN_ENTRY",
        1536,
        "SEED",
        "CF-4",
        "smallest CF list entry and elements one "
        "message takes (the MQMD and up to 1212 data bytes)",
    ),
    Constant("CF_ELEMENT", 256, "SEED", "CF-4", "CF list element size: entries grow by it"),
    Constant("CF_MQMD", 324, "ARITH", "CF-4", "bytes of the MQMD in a CF entry: 1536 - 1212"),
    Constant(
        "CF_MAX_MESSAGE",
        64_512,
        "DOC",
        "CF-1",
        "largest message a structure holds "
        "itself (63 KB including headers but the MQMD); larger ones are offloaded",
    ),
    Constant(
        "CF_USABLE",
        0.8,
        "SEED",
        "CF-4",
        "share of a structure usable for messages (structures sized at data x 1.25)",
    ),
    Constant(
        "CF_MAX_STRUCTURES", 63, "DOC", "CF-1", "application structures per queue sharing group"
    ),
    Constant("CF_MAX_QUEUES", 512, "DOC", "CF-1", "shared queues per structure"),
    Constant(
        "CF_RESTORE_SECONDS",
        20,
        "SEED",
        "BN-1",
        "seconds to restore a fuzzy backup of 100,000 x 1 KB messages",
    ),
    Constant(
        "CF_SIZING_RESTORE_SECONDS",
        60,
        "SEED",
        "BN-2",
        "about a minute for the restore when sizing backup intervals",
    ),
    Constant("LOG_READ_2003_DASD", 3.0, "SEED", "BN-2", "MB/s of log read back on 2003 DASD"),
    Constant(
        "LOG_READ_Z14", 110.0, "SEED", "BN-5", "MB/s of uncompressed archive log read back on a z14"
    ),
    Constant(
        "LOG_READ_Z14_ZEDC",
        38.0,
        "SEED",
        "BN-5",
        "MB/s of zEDC-compressed archive log read back on a z14",
    ),
    Constant("LOGLOAD", 500_000, "UNVERIFIED", "", "log records between checkpoints"),
    Constant(
        "LOG_RECORD_BYTES",
        256,
        "UNVERIFIED",
        "emulator choice",
        "bytes of a log record besides its data (unit of recovery header and commit)",
    ),
    Constant(
        "LOG_DATASET_BYTES",
        2 * 1024**3,
        "UNVERIFIED",
        "emulator choice",
        "size of one active log data set (logs switch when it fills)",
    ),
    Constant("LOG_DATASETS", 3, "UNVERIFIED", "emulator choice", "active log data sets"),
    Constant(
        "RBA_DIGITS",
        12,
        "DOC",
        "6-byte RBAs as the lab shows them (V8+ extended RBAs have 16 digits)",
        "hex digits of an RBA as messages show it",
    ),
)

#: The constants by name.
CONSTANTS: Mapping[str, Constant] = {c.name: c for c in _TABLE}

PAGE_SIZE = int(CONSTANTS["PAGE_SIZE"].value)
PAGE_USABLE = int(CONSTANTS["PAGE_USABLE"].value)
SHORT_MAX = int(CONSTANTS["SHORT_MAX"].value)
MSG_HDR = int(CONSTANTS["MSG_HDR"].value)
LONG_BYTES_PER_PAGE = int(CONSTANTS["LONG_BYTES_PER_PAGE"].value)
CHUNK_BYTES = int(CONSTANTS["CHUNK_BYTES"].value)
CHUNK_PAGES = int(CONSTANTS["CHUNK_PAGES"].value)
IDX_MSGS_PER_PAGE = int(CONSTANTS["IDX_MSGS_PER_PAGE"].value)
SPACEMAP_SPAN = int(CONSTANTS["SPACEMAP_SPAN"].value)
HEADER_PAGES = int(CONSTANTS["HEADER_PAGES"].value)
EXPAND_AT = float(CONSTANTS["EXPAND_AT"].value)
DWT = float(CONSTANTS["DWT"].value)
DWT_TARGET = float(CONSTANTS["DWT_TARGET"].value)
SPT = float(CONSTANTS["SPT"].value)
WRITE_BATCH = int(CONSTANTS["WRITE_BATCH"].value)
MAX_EXTENTS = int(CONSTANTS["MAX_EXTENTS"].value)
MAX_PAGES = int(CONSTANTS["MAX_PAGES"].value)
CYL_PAGES = int(CONSTANTS["CYL_PAGES"].value)
DEFAULT_PRIMARY = int(CONSTANTS["DEFAULT_PRIMARY"].value)
DEFAULT_SECONDARY = int(CONSTANTS["DEFAULT_SECONDARY"].value)
NEW_POOL_BUFFERS = int(CONSTANTS["NEW_POOL_BUFFERS"].value)
NEW_POOL_FALLBACK = int(CONSTANTS["NEW_POOL_FALLBACK"].value)
BELOW_BAR_BUFFERS = int(CONSTANTS["BELOW_BAR_BUFFERS"].value)
MEMLIMIT_BASE = int(CONSTANTS["MEMLIMIT_BASE"].value)
MSG_CONTROL_BYTES = int(CONSTANTS["MSG_CONTROL_BYTES"].value)
OBJ_BYTES_QLOCAL = int(CONSTANTS["OBJ_BYTES_QLOCAL"].value)
OBJ_BYTES_STGCLASS = int(CONSTANTS["OBJ_BYTES_STGCLASS"].value)
#: Page set 0 bytes of one definition, by state table (storage rule PS-6
#: (docs/storage.md#storage-rules): IBM's page set zero formula gives a size per object type;
#: permanent dynamic queues are local queues; a channel is a message channel's size here, a
#: client-connection channel's is CLNTCONN_BYTES: mqsc/engine/space.py definition_bytes).
#: Topics, subscriptions and channel authentication records have no figure in the formula and
#: take none here.
OBJECT_BYTES = {
    "qlocal": OBJ_BYTES_QLOCAL,
    "qalias": int(CONSTANTS["OBJ_BYTES_QALIAS"].value),
    "qremote": int(CONSTANTS["OBJ_BYTES_QREMOTE"].value),
    "qmodel": int(CONSTANTS["OBJ_BYTES_QMODEL"].value),
    "stgclass": OBJ_BYTES_STGCLASS,
    "process": int(CONSTANTS["OBJ_BYTES_PROCESS"].value),
    "namelist": int(CONSTANTS["OBJ_BYTES_NAMELIST"].value),
    "authinfo": int(CONSTANTS["OBJ_BYTES_AUTHINFO"].value),
    "channel": int(CONSTANTS["OBJ_BYTES_CHANNEL"].value),
}
CLNTCONN_BYTES = int(CONSTANTS["OBJ_BYTES_CLNTCONN"].value)
LOG_PER_MSG = int(CONSTANTS["LOG_PER_MSG"].value)
LOG_PER_MSG_QSG = int(CONSTANTS["LOG_PER_MSG_QSG"].value)
CF_MIN_ENTRY = int(CONSTANTS["CF_MIN_ENTRY"].value)
CF_ELEMENT = int(CONSTANTS["CF_ELEMENT"].value)
CF_MQMD = int(CONSTANTS["CF_MQMD"].value)
CF_MAX_MESSAGE = int(CONSTANTS["CF_MAX_MESSAGE"].value)
CF_USABLE = float(CONSTANTS["CF_USABLE"].value)
CF_MAX_STRUCTURES = int(CONSTANTS["CF_MAX_STRUCTURES"].value)
CF_MAX_QUEUES = int(CONSTANTS["CF_MAX_QUEUES"].value)
#: Seconds per MB restored from a fuzzy backup: 20 s for 100,000 x 1 KB messages.
RESTORE_SECONDS_PER_MB = CONSTANTS["CF_RESTORE_SECONDS"].value / (100_000 * 1024 / 2**20)
CF_SIZING_RESTORE_SECONDS = int(CONSTANTS["CF_SIZING_RESTORE_SECONDS"].value)
#: Log read-back rates, MB/s: 2003 DASD, a z14 uncompressed, a z14 zEDC-compressed.
LOG_READ_RATES = (
    ("2003 DASD", float(CONSTANTS["LOG_READ_2003_DASD"].value)),
    ("z14 uncompressed", float(CONSTANTS["LOG_READ_Z14"].value)),
    ("z14 zEDC", float(CONSTANTS["LOG_READ_Z14_ZEDC"].value)),
)
LOGLOAD = int(CONSTANTS["LOGLOAD"].value)
LOG_RECORD_BYTES = int(CONSTANTS["LOG_RECORD_BYTES"].value)
LOG_DATASET_BYTES = int(CONSTANTS["LOG_DATASET_BYTES"].value)
LOG_DATASETS = int(CONSTANTS["LOG_DATASETS"].value)
RBA_DIGITS = int(CONSTANTS["RBA_DIGITS"].value)
