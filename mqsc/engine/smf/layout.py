"""The sections of SMF 115 and 116 records, as tables: each field's name, type and count.

Offsets and lengths follow from the tables (big-endian, no padding: z/OS lays the control
blocks out this way, and ``#pragma pack(1)`` readers such as IBM's mq-smf-csv read them so).
The layouts are those of CSQDSMFC version 943 (IBM MQ for z/OS 9.4.3); each names the IBM
page that documents it. docs/smf.md's offset tables are generated from these tables.

Field kinds: ``h``/``H`` 2-byte signed/unsigned, ``i``/``I`` 4-byte, ``q``/``Q`` 8-byte,
``B`` one byte, ``c`` EBCDIC text of ``count`` bytes, ``x`` raw bytes of ``count`` bytes,
``s`` an array of ``count`` sub-sections (``sub``). A numeric field with ``count`` > 1 is an
array (a tuple of values).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

#: CSQDSMFC version (SM115REL / SM116REL): IBM MQ for z/OS 9.4.3. From 946 on a record also
#: carries a QWHX header ("The SMF header", IBM MQ 10.0): mqsc writes the layout before it.
RELEASE = "943"
#: The flag byte of the SMF header: subtypes used (X'40') and the MVS version bits, as IBM's
#: "The SMF header" example shows it (X'5E').
HEADER_FLAG = 0x5E
#: Bytes of a numeric kind.
SIZES = {"h": 2, "H": 2, "i": 4, "I": 4, "q": 8, "Q": 8, "B": 1}

#: IBM pages seen (docs/smf.md cites them); a section whose own page was not seen cites the
#: index of its family, "Interpreting IBM MQ performance statistics" or "... accounting data".
_PAGES = {
    "statistics-smf-header": "https://www.ibm.com/docs/en/ibm-mq/latest?topic=statistics-smf-header",
    "statistics-self-defining-sections": "https://www.ibm.com/docs/en/ibm-mq/10.0.x?topic=statistics-self-defining-sections",
    "statistics-buffer-manager-data-records": "https://www.ibm.com/docs/en/SSFKSJ_9.2.0/com.ibm.mq.mon.doc/q038340_.html",
    "statistics-queue-data-records": "https://www.ibm.com/docs/SSFKSJ_9.3.0/monitor/queue_data_records_933.html",
    "statistics-layout-channel-initiator-smf-type-115-records": "https://www.ibm.com/docs/en/SSFKSJ_9.2.0/com.ibm.mq.mon.doc/q119670_.html",
    "initiator-planning-channel-smf-data": "https://www.ibm.com/docs/zh/ibm-mq/9.4.x?topic=initiator-planning-channel-smf-data",
}
_STATISTICS = "https://www.ibm.com/docs/ja/SSFKSJ_9.3.0/monitor/q038240_.html"
_ACCOUNTING = (
    "https://www.ibm.com/support/knowledgecenter/en/SSFKSJ_9.0.0/com.ibm.mq.mon.doc/q038410_.html"
)

#: The index pages, by address: a section citing one is documented on a page under it.
INDEX_PAGES = {
    _STATISTICS: "Interpreting IBM MQ performance statistics",
    _ACCOUNTING: "Interpreting IBM MQ accounting data",
}


def _url(topic: str) -> str:
    if topic in _PAGES:
        return _PAGES[topic]
    return _ACCOUNTING if "116" in topic else _STATISTICS


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a section."""

    name: str
    kind: str
    count: int = 1
    sub: Layout | None = None
    #: What the field holds, in words (docs); empty for fields mqsc leaves at zero.
    meaning: str = ""

    @property
    def size(self) -> int:
        if self.kind in ("c", "x"):
            return self.count
        if self.kind == "s":
            assert self.sub is not None
            return self.sub.size * self.count
        return SIZES[self.kind] * self.count


@dataclass(frozen=True)
class Layout:
    """A section (a control block) of an SMF record."""

    name: str
    fields: tuple[Field, ...]
    #: The control block identifier in its first field (None: the block has none).
    ident: int | None = None
    #: The eyecatcher in its third field ("" when it has none).
    eyecatcher: str = ""
    #: The IBM page that documents it (title, address).
    source: tuple[str, str] = ("", "")
    #: Names of the identifier, length and eyecatcher fields (filled by the codec).
    header: tuple[str, str, str] | None = field(default=None)

    @cached_property
    def size(self) -> int:
        return sum(f.size for f in self.fields)

    @cached_property
    def offsets(self) -> Mapping[str, int]:
        """Each field's offset from the start of the section."""
        out, at = {}, 0
        for f in self.fields:
            out[f.name] = at
            at += f.size
        return out

    @cached_property
    def by_name(self) -> Mapping[str, Field]:
        return {f.name: f for f in self.fields}


def _f(name: str, kind: str, count: int = 1, meaning: str = "") -> Field:
    return Field(name, kind, count, None, meaning)


def _many(kind: str, names: str, meanings: Mapping[str, str] | None = None) -> tuple[Field, ...]:
    """Fields of one kind, named in a blank-separated list."""
    meanings = meanings or {}
    return tuple(Field(n, kind, 1, None, meanings.get(n, "")) for n in names.split())


def _head(
    prefix: str, unsigned: bool = True, length: str = "ll", eye: str = "eyec"
) -> tuple[Field, ...]:
    # The identifier is a bit pattern (X'D30F'): unsigned, whatever C's header declares.
    kind = "H" if unsigned else "h"
    return (
        Field(f"{prefix}id", "H", meaning="control block identifier"),
        Field(f"{prefix}{length}", kind, meaning="length of the control block"),
        Field(f"{prefix}{eye}", "c", 4, meaning="eyecatcher"),
    )


def _section(
    name: str, fields: tuple[Field, ...], ident: int | None, eyecatcher: str, title: str, topic: str
) -> Layout:
    header = (fields[0].name, fields[1].name, fields[2].name) if ident is not None else None
    return Layout(name, fields, ident, eyecatcher, (title, _url(topic)), header)


# ---- the SMF header and the product section ----------------------------------------------
#: The standard SMF header of an MQ record with subtypes (IBM MQ "The SMF header"); the RDW
#: (length and segment descriptor) is its first four bytes.
SMF_HEADER = Layout(
    "SM115",
    (
        _f("len", "H", meaning="record length, RDW included"),
        _f("seg", "H", meaning="segment descriptor (0: not spanned)"),
        _f("flg", "B", meaning="system indicator (X'5E')"),
        _f("rty", "B", meaning="record type (115 or 116)"),
        _f("tme", "I", meaning="time the record was written, 1/100 s since midnight"),
        _f("dte", "x", 4, meaning="date the record was written, 0cyydddF"),
        _f("sid", "c", 4, meaning="z/OS system id"),
        _f("ssi", "c", 4, meaning="IBM MQ subsystem id (the queue manager)"),
        _f("stf", "H", meaning="record subtype"),
        _f("rel", "c", 3, meaning="CSQDSMFC version (943)"),
        _f("reserved", "x", 1),
    ),
    source=("The SMF header", _url("statistics-smf-header")),
)
#: The header of the dump header and trailer records (types 2 and 3) IFASMFDP writes: the
#: standard SMF header without subtypes (z/OS MVS SMF, "Record type 3 (03) — Dump trailer").
DUMP_HEADER = Layout(
    "SMFHDR",
    (
        _f("len", "H"),
        _f("seg", "H"),
        _f("flg", "B"),
        _f("rty", "B"),
        _f("tme", "I"),
        _f("dte", "x", 4),
        _f("sid", "c", 4),
    ),
    source=(
        "Record type 3 (03) — Dump trailer",
        "https://www.ibm.com/docs/en/zos/3.1.0?topic=records-record-type-3-03-dump-trailer",
    ),
)
#: One self-defining section entry (a triplet): offset from the start of the record (RDW
#: included), length of one entry, number of entries.
TRIPLET = Layout("TRIPLET", (_f("offset", "I"), _f("length", "H"), _f("number", "H")))

_QWHS_FIELDS = (
    _f("qwhslen", "h", meaning="length of the QWHS"),
    _f("qwhstyp", "B"),
    _f("qwhsrmid", "B", meaning="resource manager id"),
    _f("qwhsiid", "h", meaning="IFCID"),
    _f("qwhsnsda", "B", meaning="number of self-defining sections (triplets)"),
    _f("qwhsrn", "B"),
    _f("qwhsace", "I"),
    _f("qwhsssid", "c", 4, meaning="subsystem id"),
    _f("qwhsstck", "Q", meaning="STCK when the record was made"),
    _f("qwhsiseq", "x", 4),
    _f("qwhswseq", "x", 4),
    _f("qwhsflag1", "B"),
    _f("qwhsflag2", "B"),
    _f("qwhsflag3", "B"),
    _f("qwhsflag4", "B"),
)
_QWHS_TOPIC = "statistics-self-defining-sections"
#: The instrumentation standard header of a 115 record (52 bytes: with the interval).
QWHS = Layout(
    "QWHS",
    (
        *_QWHS_FIELDS,
        _f("qwhstime", "Q", meaning="interval start (STCK)"),
        _f("qwhsdurn", "Q", meaning="interval duration"),
    ),
    source=("Self-defining sections", _url(_QWHS_TOPIC)),
)
#: The correlation header of a 116 record, after the 36-byte QWHS in the product section.
QWHC = Layout(
    "QWHC",
    (
        _f("qwhclen", "h", meaning="length of the QWHC"),
        _f("qwhctyp", "B", meaning="connection type"),
        _f("filler1", "x", 1),
        _f("qwhcaid", "c", 8, meaning="authorization id"),
        _f("qwhccv", "c", 12, meaning="correlation id (job name)"),
        _f("qwhccn", "c", 8, meaning="connection name"),
        _f("filler2", "x", 8),
        _f("qwhcopid", "c", 8, meaning="operator id"),
        _f("qwhcatyp", "I", meaning="connection type"),
        _f("qwhctokn", "c", 22, meaning="accounting token"),
        _f("qwhcnid", "c", 16, meaning="network id"),
        _f("filler3", "x", 2),
    ),
    source=("Layout of the SMF type 116 records", _url("data-layout-smf-type-116-records")),
)
#: The product section of a 116 record: the 36-byte QWHS and the QWHC.
QWHS116 = Layout(
    "QWHS116",
    (*_QWHS_FIELDS, *QWHC.fields),
    source=("Layout of the SMF type 116 records", _url("data-layout-smf-type-116-records")),
)

# ---- SMF 115 data sections -----------------------------------------------------------------
QSST = _section(
    "QSST",
    (
        *_head("qsst", False, "len", "desc"),
        *_many(
            "I",
            "qsstgplf qsstfplf qsstfref qsstexpf qsstconf qsstgplv qsstfplv qsstfrev "
            "qsstexpv qsstconv qsstgetm qsstfrem qsstrcnz qsstcont qsstcrit qsstabnd",
        ),
    ),
    0x003C,
    "QSST",
    "Storage manager data records",
    "statistics-storage-manager-data-records",
)

_IOTYPE = Layout(
    "QJSTIOTYPE",
    (
        *_many("I", "qjstiocount qjstioci"),
        *_many("Q", "qjstiototio qjstiototsus qjstiomaxio qjstiomaxiot"),
        _f("qjstiomaxiol", "x", 8),
        *_many("Q", "qjstiomaxsus qjstiomaxsust"),
        _f("qjstiomaxsusl", "x", 8),
    ),
)
_COMPR = Layout(
    "QJSTCOMPR",
    (
        *_many("i", "qjstcmpreq qjstcmpfail"),
        *_many("q", "qjstcmpuncmp qjstcmpcomp"),
        *_many("i", "qjstdecreq qjstdecfail"),
        *_many("q", "qjstdecuncmp qjstdeccomp"),
    ),
)
QJST = _section(
    "QJST",
    (
        _f("qjstid", "H", meaning="control block identifier"),
        _f("qjstll", "h", meaning="length of the control block"),
        _f("qjsteid", "c", 4, meaning="eyecatcher"),
        *_many(
            "i",
            "qjstwrw qjstwrnw qjstwrf qjstwtb qjstrbuf qjstract qjstrarh qjsttvc qjstbsds "
            "qjstbffl qjstbfwr qjstalr qjstalw qjstciof qjstllcp qjstwur qjstlama qjstlams "
            "qjstlsus qjstlogw qjstciwr qjstserw qjstthrw qjstbpag",
            {
                "qjstwrw": "log writes that waited",
                "qjstwrnw": "log writes without wait",
                "qjstbfwr": "log buffer writes",
                "qjstalw": "archive log writes (offloads)",
                "qjstllcp": "checkpoints",
                "qjstciwr": "control intervals written",
            },
        ),
        _f("filler1", "x", 16),
        Field("qjstcompr", "s", 1, _COMPR),
        _f("filler2", "x", 96),
        Field("qjstio", "s", 4, _IOTYPE),
        _f("qjstslptu", "Q"),
        _f("qjstiosqu", "Q", 2),
        *_many("i", "qjstcp1n qjstcp2n qjsthwc qjsthwe qjstencr"),
        _f("filler3", "x", 4),
        *_many(
            "I",
            "qjsthlsciw qjsthlmciw qjsthlcicntw qjsthlscis qjsthlmcis qjsthlcicnts "
            "qjsthlscif qjsthlmcif qjsthlcicntf qjsthlscicon qjsthlmcicon qjsthlconcicnt",
        ),
        *_many(
            "Q",
            "qjsthlsciwtmax qjsthlsciwtmin qjsthlsciwttot qjsthlmciwtmax qjsthlmciwtmin "
            "qjsthlmciwttot",
        ),
        _f("qjsthliosqu", "Q", 2),
        *_many("I", "qjsthlc qjsthle"),
    ),
    0x0093,
    "QJST",
    "Log manager data records",
    "statistics-log-manager-data-records",
)

QLST = _section(
    "QLST",
    (
        *_head("qlst", False),
        *_many(
            "I",
            "qlstgetl qlsthldl qlstrell",
            {"qlstgetl": "lock requests", "qlstrell": "lock releases"},
        ),
        _f("filler1", "x", 12),
    ),
    0xD30F,
    "QLST",
    "Lock manager data records",
    "statistics-lock-manager-data-records",
)

QMST = _section(
    "QMST",
    (
        *_head("qmst"),
        *_many(
            "i",
            "qmstopen qmstclos qmstget qmstput qmstput1 qmstinq qmstinql qmstset qmstendw "
            "qmstcalh qmstsub qmstsubr qmstcb qmstctl qmststus qmstpubs",
            {
                "qmstopen": "MQOPEN requests",
                "qmstclos": "MQCLOSE requests",
                "qmstget": "MQGET requests",
                "qmstput": "MQPUT requests",
                "qmstput1": "MQPUT1 requests",
                "qmstinq": "MQINQ requests",
                "qmstset": "MQSET requests",
            },
        ),
        *_many(
            "q",
            "qmstspp qmstsnp qmstpbp qmstnbp",
            {
                "qmstspp": "persistent messages put",
                "qmstsnp": "nonpersistent messages put",
                "qmstpbp": "bytes of persistent messages put",
                "qmstnbp": "bytes of nonpersistent messages put",
            },
        ),
        *_many(
            "Q",
            "qmstocpa qmstocga qmstoahc qmstocpd qmstocmp qmstocgd qmstocps qmstocgs "
            "qmstoscs qmstosps qmstosns qmstocda qmstospl qmstoscl qmstosfs qmstosok "
            "qmstosfr qmstosfc qmstotso qmstotsr qmstotsc qmstotpu qmstotpw qmstotpd",
        ),
        _f("qmstotsk", "i"),
    ),
    0xD40F,
    "QMST",
    "Message manager data records",
    "statistics-message-manager-data-records",
)

QIST = _section(
    "QIST",
    (
        *_head("qist", False),
        *_many(
            "I",
            "qistmget qistmput qistmblr qistdcre qistdput qistddel qistdget qistdloc "
            "qistmcnt qistalst qistlomm qistdlmm qistenum qistraio qistrabp qistgetd "
            "qistgetb",
            {
                "qistdcre": "object creates",
                "qistdput": "object puts (alters)",
                "qistddel": "object deletes",
                "qistdget": "object gets",
                "qistdloc": "object locates",
            },
        ),
        _f("filler1", "x", 4),
    ),
    0xC90F,
    "QIST",
    "Data manager data records",
    "statistics-data-manager-data-records",
)

QPST = _section(
    "QPST",
    (
        *_head("qpst"),
        *_many(
            "i",
            "qpstpool qpstnbuf qpstcbsl qpstcbs qpstgetp qpstgetn qpstrio qpststw "
            "qpsttpw qpstwio qpstimw qpstdwt qpstdmc qpststl qpststla qpstsos",
            {
                "qpstpool": "buffer pool id",
                "qpstnbuf": "buffers",
                "qpstcbsl": "lowest stealable buffers in the interval",
                "qpstcbs": "stealable buffers now",
                "qpstgetp": "get-page requests, existing pages",
                "qpstgetn": "get-page requests, new pages",
                "qpstrio": "page read I/Os",
                "qpststw": "set-write intents",
                "qpsttpw": "pages written",
                "qpstwio": "write I/Os",
                "qpstimw": "synchronous writes",
                "qpstdwt": "deferred write threshold reached",
                "qpstdmc": "synchronous write threshold reached",
                "qpststl": "buffers stolen",
                "qpstsos": "no buffer available",
            },
        ),
        _f("qpstflag", "I", meaning="X'80000000' above the bar, X'40000000' page class FIXED4KB"),
        _f("filler1", "x", 28),
    ),
    0xD30F,
    "QPST",
    "Buffer manager data records",
    "statistics-buffer-manager-data-records",
)

QIS1 = _section(
    "QIS1",
    (
        *_head("qis1"),
        *_many(
            "I",
            "qis1psno qis1bpno qis1topg qis1unpg qis1ppg qis1nppg qis1full qis1pchi "
            "qis1dwpn qis1dwpp",
            {
                "qis1psno": "page set id",
                "qis1bpno": "buffer pool id",
                "qis1topg": "total pages",
                "qis1unpg": "unused pages",
                "qis1ppg": "persistent data pages",
                "qis1nppg": "nonpersistent data pages",
                "qis1full": "times the page set was full",
                "qis1dwpn": "deferred write I/Os",
                "qis1dwpp": "pages written by deferred writes",
            },
        ),
        _f("qis1dwpt", "Q"),
        *_many(
            "I",
            "qis1imwn qis1imwp",
            {"qis1imwn": "immediate write I/Os", "qis1imwp": "pages written by immediate writes"},
        ),
        _f("qis1imwt", "Q"),
        *_many("I", "qis1getn qis1getp", {"qis1getn": "read I/Os", "qis1getp": "pages read"}),
        _f("qis1gett", "Q"),
        _f("qis1ckpp", "I", meaning="pages written at checkpoints"),
        _f("qis1expn", "H", meaning="expansions"),
        _f("qis1strn", "B"),
        _f("qis1expm", "B", meaning="EXPAND: 1 USER, 2 SYSTEM, 3 NONE"),
        _f("qis1stat", "B"),
        _f("reserved", "x", 3),
        _f("qis1flag", "I"),
    ),
    0xD90F,
    "QIS1",
    "Page set data records",
    "statistics-page-set-data-records",
)

_QESTSTUC = Layout(
    "QESTSTUC",
    (
        _f("qeststr", "c", 12, meaning="structure name"),
        *_many(
            "I",
            "qeststrn qestcsec qestcmec",
            {"qestcsec": "single-entry requests", "qestcmec": "multiple-entry requests"},
        ),
        *_many("Q", "qestsstc qestmstc"),
        *_many("I", "qestrsec qestrmec qestsful qestmnus qestmlus"),
        _f("filler1", "x", 4),
    ),
)
QEST = _section(
    "QEST",
    (
        *_head("qest"),
        Field("qeststuc", "s", 64, _QESTSTUC, "one entry per CF structure (64)"),
    ),
    0xC513,
    "QEST",
    "Coupling facility manager data records",
    "statistics-coupling-facility-manager-data-records",
)

QESD = _section(
    "QESD",
    (
        *_head("qesd"),
        _f("qesdstr", "c", 12),
        *_many(
            "I",
            "qesdstrn qesdsmbt qesdsmbs qesdsmbd qesdsmbu qesdsmbf qesdsmmc qesdsmar "
            "qesdsmfr qesdsmrr qesdsmcr qesdsmap qesdsmfp qesdsmrp qesdsmcp qesdsmfl "
            "qesdsmmm qesdsmmu qesdsmmf qesdbfsz qesdbfto qesdbfus qesdbfup qesdbffs "
            "qesdbffe qesdbfpw qesdbfbw qesdbfgb qesdbfgv qesdbfgm qesdbfgf qesdbfgl "
            "qesdbfgn qesdbfrr qesdbfrs qesdbfrp qesdbfwr qesdbffb qesdbfdb qesdbfwp "
            "qesdbfwb",
        ),
        *_many("Q", "qesdbfpt qesdbfbt"),
        *_many(
            "I",
            "qesdbfmu qesdbfmf qesdbfmp qesdbfmb qesdioha qesdiohu qesdioci qesdioca "
            "qesdiofr qesdiofp",
        ),
        *_many("Q", "qesdioft qesdiofw"),
        *_many("I", "qesdiowr qesdiowp"),
        *_many("Q", "qesdiowt qesdioww"),
        *_many("I", "qesdiorr qesdiorp"),
        *_many("Q", "qesdiort qesdiorw"),
        *_many("I", "qesdioor qesdioop"),
        *_many("Q", "qesdioot qesdioow"),
        _f("qesdflag", "I"),
        _f("spare", "x", 4),
    ),
    0xC523,
    "QESD",
    "Shared message data set data records",
    "statistics-shared-message-data-set-data-records",
)

QTST = _section(
    "QTST",
    (
        *_head("qtst", False, eye="desc"),
        *_many(
            "I",
            "qtststot qtstsdur",
            {"qtststot": "subscriptions (total)", "qtstsdur": "durable subscriptions"},
        ),
        _f("qtstshig", "I", 3, meaning="subscriptions high water mark (API, ADMIN, PROXY)"),
        _f("qtstslow", "I", 3, meaning="subscriptions low water mark (API, ADMIN, PROXY)"),
        *_many("I", "qtstsexp qtsttmsg qtstsphw", {"qtsttmsg": "topic tree messages put"}),
        _f("qtstptot", "I", 3, meaning="publications (total, ...)"),
        *_many("I", "qtstphig qtstplow qtstpnos"),
        _f("filler1", "x", 4),
        *_many("Q", "qtstethw qtstetto"),
    ),
    0xA302,
    "QTST",
    "Topic manager data records",
    "statistics-topic-manager-data-records",
)

QQST = _section(
    "QQST",
    (
        *_head("qqst"),
        _f("qqstqnam", "c", 48, meaning="queue name"),
        _f("qqstflag", "I", meaning="X'80000000' shared, X'40000000' partial record"),
        _f("qqstpsid", "h", meaning="page set id (-1: shared or not allocated)"),
        _f("qqstbpid", "h", meaning="buffer pool id (-1: shared or not allocated)"),
        _f("qqstqsgn", "c", 4, meaning="queue sharing group (shared queues)"),
        _f("qqstcfst", "c", 12, meaning="CF structure (shared queues)"),
        _f("qqstdpth", "i", meaning="current depth"),
        *_many(
            "I",
            "qqstopct qqstipct qqstmage qqstqtst qqstqtlt",
            {"qqstopct": "handles open for output", "qqstipct": "handles open for input"},
        ),
        *_many(
            "Q", "qqstlput qqstlget", {"qqstlput": "last put (STCK)", "qqstlget": "last get (STCK)"}
        ),
        *_many(
            "I",
            "qqstdphi qqstdplo",
            {
                "qqstdphi": "highest depth in the interval",
                "qqstdplo": "lowest depth in the interval",
            },
        ),
        *_many(
            "Q",
            "qqstputs qqstput1 qqstnppt qqstppt qqstnpp1 qqstpp1 qqstputb qqstpt1b "
            "qqstnppb qqstppb qqstnp1b qqstp1b qqstflpt qqstflp1 qqstfptc qqstfptb "
            "qqststrm qqstmsmi qqstmsma qqstmsav qqstgets qqstnpdg qqstpdg qqstgetb "
            "qqstnpdb qqstpdb qqstbrws qqstnpbr qqstpbr qqstbrwb qqstnpbb qqstpbb "
            "qqstflgt qqstnmag qqsttmfg qqstflbr qqstnmab qqsttmfb qqstflgw qqstrdgw "
            "qqstflbw qqstrdbw qqstsagt qqstsabr",
            {
                "qqstputs": "MQPUTs",
                "qqstput1": "MQPUT1s",
                "qqstnppt": "nonpersistent MQPUTs",
                "qqstppt": "persistent MQPUTs",
                "qqstputb": "bytes put",
                "qqstnppb": "nonpersistent bytes put",
                "qqstppb": "persistent bytes put",
                "qqstmsmi": "smallest message put",
                "qqstmsma": "largest message put",
                "qqstmsav": "average message size put",
                "qqstgets": "destructive MQGETs",
                "qqstnpdg": "nonpersistent MQGETs",
                "qqstpdg": "persistent MQGETs",
                "qqstgetb": "bytes got",
                "qqstnpdb": "nonpersistent bytes got",
                "qqstpdb": "persistent bytes got",
                "qqstbrws": "browses",
                "qqstflgt": "failed MQGETs",
            },
        ),
        *_many("I", "qqstiphi qqstiplo qqstophi qqstoplo"),
        *_many(
            "Q",
            "qqstopen qqstclos qqstinqr qqstset qqstexpr qqstrbpt qqstrbgt",
            {"qqstopen": "MQOPENs", "qqstclos": "MQCLOSEs", "qqstexpr": "messages expired"},
        ),
        *_many(
            "Q",
            "qqstocpa qqstocga qqstoahc qqstocpd qqstocmp qqstocgd qqstocps qqstocgs "
            "qqstoscs qqstosps qqstosns qqstocda qqstospl qqstoscl qqstosfs",
        ),
    ),
    0xD80F,
    "QQST",
    "Queue data records",
    "statistics-queue-data-records",
)

QCCT = _section(
    "QCCT",
    (
        *_head("qcct"),
        _f("qcctjobn", "c", 8, meaning="channel initiator job name"),
        _f("qcctqsgn", "c", 4, meaning="queue sharing group"),
        *_many(
            "I",
            "qcctnocc qcctmxcc qcctnoac qcctmxac qcctmxtp qcctmxlu qcctstus",
            {
                "qcctnocc": "current channels",
                "qcctmxcc": "MAXCHL",
                "qcctnoac": "active channels",
                "qcctmxac": "ACTCHL",
                "qcctmxtp": "TCP channels allowed",
                "qcctmxlu": "LU 6.2 channels allowed",
            },
        ),
        *_many("Q", "qcctstab qcctslim"),
    ),
    0xE741,
    "QCCT",
    "Layout of channel initiator SMF type 115 records",
    "statistics-layout-channel-initiator-smf-type-115-records",
)

#: A channel initiator task block (dispatcher, adapter, SSL, DNS): no identifier or eyecatcher.
_QCT_COMMON = (
    _f("qcttskn", "I", meaning="task number"),
    _f("qctreqn", "I", meaning="requests processed"),
    *_many("Q", "qctcptm qcteltm qctwttm"),
)
QCT_DSP = Layout(
    "QCT_DSP",
    (*_QCT_COMMON, _f("qctchln", "I", meaning="channels on the task")),
    source=(
        "Layout of channel initiator SMF type 115 records",
        _url("statistics-layout-channel-initiator-smf-type-115-records"),
    ),
)
QCT_ADP = Layout("QCT_ADP", _QCT_COMMON, source=QCT_DSP.source)

#: Channel accounting (SMF 116 subtype 10): one entry per channel instance, the figures
#: DISPLAY CHSTATUS shows for it over the accounting interval. Offsets as in CSQDSMFC 943's
#: qcst (324 bytes, the size IBM's mq-smf-csv lists for 943); the IBM pages "Layout of channel
#: initiator SMF type 116 records" and "Channel accounting data" were not found in the
#: documentation mqsc could search, so the section cites the page that says what subtype 10
#: holds ("Planning for channel initiator SMF data").
QCST = _section(
    "QCST",
    (
        *_head("qcst"),
        _f("qcstcltm", "Q", meaning="collection time (STCK)"),
        _f("qcstchnm", "c", 20, meaning="channel name"),
        _f("qcstchdp", "B", meaning="channel disposition (MQCHLD_PRIVATE 4)"),
        _f("qcstchty", "B", meaning="channel type (MQCHT_*)"),
        _f("qcstchst", "B", meaning="channel status (MQCHS_*)"),
        _f("qcststcl", "B", meaning="STATCHL in effect (MQMON_LOW 17, MEDIUM 33, HIGH 65)"),
        _f("qcstcnnm", "c", 48, meaning="connection name"),
        _f("qcststrt", "Q", meaning="channel start (STCK, its MCA's connection)"),
        _f("qcstludt", "Q", meaning="when a channel instance that ended inactive stopped (STCK)"),
        _f("qcstlmst", "Q", meaning="last message (STCK)"),
        _f("qcstcbsz", "I", meaning="batch size (BATCHSZ)"),
        _f("qcstnmsg", "I", meaning="messages of the interval (MSGS)"),
        _f("qcstnpmg", "I"),
        _f("qcstbatc", "I", meaning="batches of the interval (BATCHES)"),
        _f("qcstfuba", "I", meaning="full batches of the interval"),
        *_many("I", "qcstbfst qcstbfrc qcstcscv"),
        *_many("Q", "qcstnbyt qcstnpby qcstbyst qcstbyrc"),
        *_many("I", "qcstcpra qcstetav qcstetmn qcstetmx"),
        _f("qcstetdt", "Q"),
        *_many("I", "qcstdnrt qcstntav qcstntmn qcstntmx"),
        _f("qcstntdt", "Q"),
        _f("qcstrqmn", "c", 48, meaning="remote queue manager (RQMNAME)"),
        _f("qcstslsn", "x", 8),
        _f("qcstslcn", "c", 16),
        *_many("I", "qcstslcs qcstptrc qcstqetc qcstcbit qcstcbdl"),
        _f("qcstdspn", "H"),
        _f("qcstrsv1", "x", 6),
    ),
    0xE74A,
    "QCST",
    "Planning for channel initiator SMF data",
    "initiator-planning-channel-smf-data",
)

# ---- SMF 116 data sections ------------------------------------------------------------------
_TOPIC_116 = "data-layout-smf-type-116-records"
WTID = _section(
    "WTID",
    (
        _f("wtidshex", "H", meaning="control block identifier"),
        _f("wtidlen", "h", meaning="length of the control block"),
        _f("wtideyec", "c", 4, meaning="eyecatcher"),
        _f("wtidatyp", "i", meaning="connection type"),
        _f("wtidccn", "c", 8, meaning="connection name (job name)"),
        _f("wtidopid", "c", 8, meaning="operator id (user id)"),
        _f("wtidnid", "c", 16),
        _f("wtidcori", "c", 12, meaning="correlator (job name, step)"),
        _f("wtiduowi", "x", 24),
        _f("wtidacct", "c", 22),
        _f("wtidchl", "c", 20, meaning="channel name"),
        _f("wtidchlc", "c", 48, meaning="channel connection name"),
        _f("wtidctxt", "c", 16),
        _f("wtidtran", "c", 8),
        _f("filler1", "x", 2),
        *_many("I", "wtidcfwd wtidcbwd wtidwtas"),
    ),
    0x0000,
    "WTID",
    "Layout of the SMF type 116 records",
    _TOPIC_116,
)

_CFSTAT = Layout(
    "CFSTAT",
    (
        Field(
            "type",
            "s",
            20,
            Layout("CFSTATTYPE", _many("I", "cfcount cfsyncn cfsyncet cfasyncn cfasyncet")),
        ),
    ),
)

WTAS = _section(
    "WTAS",
    (
        _f("wtasshex", "H", meaning="control block identifier"),
        _f("wtaslen", "h", meaning="length of the control block"),
        _f("wtaseyec", "c", 4, meaning="eyecatcher"),
        _f("wtasstrt", "Q", meaning="task start (STCK)"),
        *_many("i", "wtasmthr wtaswtas"),
        _f("wtaslatc", "Q"),
        _f("wtashshi", "i"),
        *_many("I", "wtasnext wtasflag wtaswqct", {"wtaswqct": "queue records (WQ) for the task"}),
        _f("wtaslwet", "Q", 32),
        _f("wtaslwn", "i", 32),
        *_many("Q", "wtasotet wtasotct"),
        _f("wtasotn", "i"),
        _f("wtasmlw", "Q"),
        _f("wtasmlwn", "i"),
        _f("wtaslown", "c", 8),
        *_many("Q", "wtascmet wtascmct"),
        _f("wtascmn", "i", meaning="commits"),
        *_many("Q", "wtasbaet wtasbact"),
        _f("wtasban", "i", meaning="backouts"),
        _f("filler7", "x", 4),
        _f("wtasjwet", "Q"),
        *_many("I", "wtasjwn wtasjwb", {"wtasjwn": "log writes", "wtasjwb": "bytes logged"}),
        _f("wtasjcet", "Q"),
        *_many("I", "wtasjcn wtassusn"),
        *_many("Q", "wtassuse wtaspse0"),
        _f("wtaspsn0", "I"),
        *_many("Q", "wtasdbet wtasdbes wtasdbmt wtasdbms"),
        *_many("I", "wtasdbct wtascsec wtascmec wtasrsec wtasrmec"),
        *_many("Q", "wtassstc wtasmstc"),
        *_many("I", "wtassmrs wtassmrb wtassmwb wtassmrp wtassmwp"),
        _f("wtassmwt", "Q"),
        *_many(
            "Q",
            "wtasints wtasinte",
            {"wtasints": "interval start (STCK)", "wtasinte": "interval end (STCK)"},
        ),
        *_many("i", "wtasgpo wtasgpn"),
        *_many("I", "wtascqf wtascqb"),
        _f("wtasver", "I", meaning="version of the WTAS (8)"),
        _f("filler2", "x", 4),
        *_many("Q", "wtasdbpt wtasdbgt wtaspbhw wtaspbtt wtastpet wtastpct"),
        _f("wtastpn", "I"),
        *_many("Q", "wtassuet wtassuct"),
        *_many("I", "wtassun wtassusc wtassusl"),
        *_many("Q", "wtassqet wtassqct"),
        _f("wtassqn", "I"),
        *_many("Q", "wtasctet wtasctct"),
        _f("wtasctn", "I"),
        *_many("Q", "wtasstet wtasstct"),
        _f("wtasstn", "I"),
        _f("filler9", "x", 4),
        _f("wtasctsr", "Q"),
        _f("filler10", "x", 8),
        Field("commitcf", "s", 1, _CFSTAT),
        Field("prepcf", "s", 1, _CFSTAT),
        _f("filler12", "x", 400),
        *_many("Q", "wtaspret wtasprct"),
        _f("wtasprn", "I"),
        _f("filler13", "x", 4),
        _f("wtaslmax", "Q", 32),
    ),
    0x0000,
    "WTAS",
    "Layout of the SMF type 116 records",
    _TOPIC_116,
)

#: WQ version mqsc writes (CSQDSMFC 943: WQ_VER 9).
WQ_VERSION = 9
#: WTAS version mqsc writes (CSQDSMFC 943: WTAS_VER 8).
WTAS_VERSION = 8
WQ = _section(
    "WQ",
    (
        _f("wqid", "H", meaning="control block identifier (X'F702')"),
        _f("wqll", "h", meaning="length of the control block"),
        _f("wqeye", "c", 4, meaning="eyecatcher (WQST)"),
        _f("wqver", "i", meaning="version (9)"),
        _f("wqnext", "I"),
        _f("correl", "x", 16, meaning="correlator: the task's WTASSTRT and more"),
        _f("objname", "c", 48, meaning="name the queue was opened by"),
        _f("basename", "c", 48, meaning="base queue name"),
        *_many(
            "Q",
            "opentime clostime",
            {"opentime": "MQOPEN time (STCK)", "clostime": "MQCLOSE time (STCK)"},
        ),
        *_many(
            "i",
            "qtype indxtype qsgdisp",
            {"qtype": "queue type (MQQT_*)", "qsgdisp": "QSGDISP (MQQSGD_*)"},
        ),
        _f("openeye", "c", 4),
        *_many("Q", "openet openct"),
        _f("openn", "I", meaning="MQOPENs"),
        _f("closeeye", "c", 4),
        *_many("Q", "closeet closect"),
        _f("closen", "I", meaning="MQCLOSEs"),
        _f("geteye", "c", 4),
        *_many("Q", "getet getct"),
        *_many(
            "I",
            "getn getbrwa getbrws geta gets geterr",
            {
                "getn": "MQGETs",
                "getbrwa": "browse-any MQGETs",
                "geta": "destructive get-any MQGETs",
                "geterr": "MQGETs that failed",
            },
        ),
        _f("getjwet", "Q"),
        _f("getjwn", "I"),
        _f("getpset", "Q"),
        _f("getpsn", "I"),
        _f("getsuset", "Q"),
        _f("getsusn", "I"),
        *_many("I", "getepage getsmsg getexmsg", {"getexmsg": "expired messages skipped"}),
        _f("puteye", "c", 4),
        *_many("Q", "putet putct"),
        _f("putn", "I", meaning="MQPUTs"),
        _f("putjwet", "Q"),
        _f("putjwn", "I"),
        _f("putsuset", "Q"),
        _f("putsusn", "I"),
        _f("putpset", "Q"),
        _f("putpsn", "i"),
        _f("put1eye", "c", 4),
        *_many("Q", "put1et put1ct"),
        _f("put1n", "I", meaning="MQPUT1s"),
        _f("put1jwet", "Q"),
        _f("put1jwn", "I"),
        _f("put1suset", "Q"),
        _f("put1susn", "I"),
        _f("put1pset", "Q"),
        _f("put1psn", "i"),
        _f("inqeye", "c", 4),
        *_many("Q", "inqet inqct"),
        _f("inqn", "I"),
        _f("seteye", "c", 4),
        *_many("Q", "setet setct"),
        _f("setn", "I"),
        _f("setjwet", "Q"),
        _f("setjwn", "I"),
        _f("nps", "I", meaning="page set id"),
        _f("cfstrucname", "c", 12, meaning="CF structure (shared queues)"),
        _f("nbuffpool", "I", meaning="buffer pool id"),
        *_many("Q", "putbytes getbytes", {"putbytes": "bytes put", "getbytes": "bytes got"}),
        *_many(
            "I",
            "validput validget ngen",
            {"validput": "successful MQPUTs", "validget": "successful MQGETs"},
        ),
        *_many(
            "i",
            "getmaxms getminms putmaxms putminms",
            {
                "getmaxms": "largest message got",
                "getminms": "smallest message got",
                "putmaxms": "largest message put",
                "putminms": "smallest message put",
            },
        ),
        *_many("Q", "maxlatnt minlatnt totlatnt"),
        _f("wqback", "I"),
        *_many(
            "i",
            "use_count total_use getpmsg putpmsg put1pmsg maxqdpth",
            {
                "getpmsg": "persistent messages got",
                "putpmsg": "persistent messages put",
                "maxqdpth": "highest depth while open",
            },
        ),
        _f("flags", "H", meaning="X'8000' no accounting, X'4000' topic"),
        _f("z001", "h"),
        _f("getdval", "I"),
        _f("getjcet", "Q"),
        *_many("I", "getjcn putpwg"),
        _f("putjcet", "Q"),
        *_many("I", "putjcn put1pwg"),
        _f("put1jcet", "Q"),
        _f("put1jcn", "I"),
        _f("setjcet", "Q"),
        _f("setjcn", "I"),
        *_many("I", "putdsq putigq put1igq"),
        _f("z002", "x", 4),
        *_many("I", "selcount selmaxln"),
        _f("cbeye", "c", 4),
        *_many("Q", "cbet cbct"),
        _f("cbn", "I"),
        _f("opensuet", "Q"),
        _f("opensun", "I"),
        _f("closesuet", "Q"),
        _f("closesun", "I"),
        *_many("I", "opencf0 closecf0"),
        Field("mqcfreq", "s", 5, _CFSTAT),
        _f("publishedn", "I"),
        _f("z003", "x", 12),
        *_many("Q", "topicopensrb topicputsrb topicput1srb topicclosesrb"),
        _f("putddly", "I"),
        _f("z004", "x", 4),
        _f("streamedn", "I"),
        _f("z005", "x", 4),
    ),
    0xF702,
    "WQST",
    "Layout of the SMF type 116 records",
    _TOPIC_116,
)

QWAC = _section(
    "QWAC",
    (
        *_many(
            "Q",
            "qwacbsc qwacesc qwacbjst qwacejst qwacbsrb qwacesrb",
            {"qwacbsc": "class 1 start (STCK)", "qwacesc": "class 1 end (STCK)"},
        ),
        _f("qwacrinv", "I"),
        _f("qwacnid", "c", 16),
        *_many("I", "qwaccomm qwacback", {"qwaccomm": "commits", "qwacback": "backouts"}),
        *_many("Q", "qwacasc qwacajst qwacasrb qwacawti qwacawtl"),
        *_many("I", "qwacarna qwacarne"),
        *_many("Q", "qwacawtr qwacawtw qwacawte qwacalog"),
        *_many("I", "qwacarnl qwacarnr qwacarnw qwacarns qwacalct"),
    ),
    None,
    "",
    "Layout of the SMF type 116 records",
    _TOPIC_116,
)

QMAC = _section(
    "QMAC",
    (
        *_head("qmac", False),
        _f("qmaccput", "Q", meaning="CPU time in MQ calls (STCK)"),
        *_many(
            "I",
            "qmacputa qmacputb qmacputc qmacputd",
            {
                "qmacputa": "MQPUTs of 0-99 bytes",
                "qmacputb": "MQPUTs of 100-999 bytes",
                "qmacputc": "MQPUTs of 1,000-9,999 bytes",
                "qmacputd": "MQPUTs of 10,000 bytes or more",
            },
        ),
        *_many(
            "I",
            "qmacgeta qmacgetb qmacgetc qmacgetd",
            {
                "qmacgeta": "MQGETs of 0-99 bytes",
                "qmacgetb": "MQGETs of 100-999 bytes",
                "qmacgetc": "MQGETs of 1,000-9,999 bytes",
                "qmacgetd": "MQGETs of 10,000 bytes or more",
            },
        ),
    ),
    0xD414,
    "QMAC",
    "Layout of the SMF type 116 records",
    _TOPIC_116,
)

#: Every data section by name.
SECTIONS: Mapping[str, Layout] = {
    s.name: s
    for s in (
        QSST,
        QJST,
        QLST,
        QMST,
        QIST,
        QPST,
        QIS1,
        QEST,
        QESD,
        QTST,
        QQST,
        QCCT,
        QCT_DSP,
        QCT_ADP,
        WTID,
        WTAS,
        WQ,
        QWAC,
        QMAC,
        QCST,
    )
}

#: What each triplet after the product section holds, by (record type, subtype), in order; None
#: for a triplet IBM uses for internal data (written as zeros: no entries). IBM MQ "Self-defining
#: sections" (115), "Layout of channel initiator SMF type 115 records" (231), "Layout of the
#: SMF type 116 records" (116).
TRIPLETS: Mapping[tuple[int, int], tuple[str | None, ...]] = {
    (115, 1): (None,) * 8 + ("QSST", None, "QJST"),
    (115, 2): ("QMST", "QIST", None, "QLST", "Q5ST", "QEST", "QTST", "QESD"),
    (115, 201): ("QIS1",),
    (115, 215): ("QPST",),
    (115, 216): ("QQST",),
    (115, 231): ("QCCT", "QCT_DSP", "QCT_ADP", "QCT_SSL", "QCT_DNS"),
    (116, 0): ("QWAC", "QMAC", None, None, None, None),
    (116, 1): ("WTID", "WTAS", "WQ", None, None, None),
    (116, 2): ("WTID", "WQ", None, None, None, None),
    (116, 10): ("QCST",),
}
#: IFCIDs in the QWHS of each record (IBM MQ START TRACE: statistics 0001 subsystem, 0002
#: queue manager; accounting 0003 class 1, 0025 class 3). The subtypes added later (201, 215,
#: 216, 231) carry the queue manager statistics IFCID in mqsc, and channel accounting (116
#: subtype 10) the class 1 accounting IFCID (UNVERIFIED: IBM's values are not documented).
IFCIDS: Mapping[tuple[int, int], int] = {
    (115, 1): 1,
    (115, 2): 2,
    (115, 201): 2,
    (115, 215): 2,
    (115, 216): 2,
    (115, 231): 2,
    (116, 0): 3,
    (116, 1): 25,
    (116, 2): 25,
    (116, 10): 3,
}
