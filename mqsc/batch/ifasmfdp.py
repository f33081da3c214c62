"""IFASMFDP, the SMF data set dump program: copy SMF records to sequential data sets.

As z/OS MVS System Management Facilities (SMF) documents it ("Specifying parameters for the
SMF data set dump program"): SYSIN statements in columns 1-71, comments between ``/*`` and
``*/`` (left out of the SYSPRINT listing), and

* ``INDD(ddname,OPTIONS(DUMP|CLEAR|ALL))``, one per input data set (default
  ``INDD(DUMPIN,OPTIONS(ALL))``): DUMP copies, CLEAR resets the SMF data set (SYS1.MANx),
  ALL does both;
* ``OUTDD(ddname,TYPE(list))`` or ``OUTDD(ddname,NOTYPE(list))``, one per output data set
  (default ``OUTDD(DUMPOUT,TYPE(0:255))``): record types ``n``, ranges ``n:m`` and subtypes
  ``n(s,...)`` (``115(1,2,215)``);
* ``DATE(yyyyddd,yyyyddd)``, ``START(hhmm)``, ``END(hhmm)``: the records of those dates
  between those times of day (defaults 1900000-2099366, 0000-2400).

Each output data set gets the dump header record (type 2), the selected records, each behind
its RDW, and the dump trailer (type 3), written as RECFM=VBS records (here: the bytes of the
records one after the other, what a binary download with the RDW gives). SYSPRINT lists the
statements, then the SUMMARY ACTIVITY REPORT laid out as IBM's example shows it ("Summary
activity report"), when at least one record was read or written.

mqsc's own messages (IBM's IFA messages of this program are not public): MQSC291E a statement
it cannot read, MQSC292E a DD the statements name that the step lacks, MQSC293E CLEAR of a data
set that is not an SMF data set, MQSC294E records it cannot read (they count as records in
error). Return codes (UNVERIFIED, emulator's): 0 done; 4 records in error; 8 statement or DD
errors, nothing copied or cleared.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from mqsc.batch.steps import StepContext, StepOutcome
from mqsc.batch.systemmsgs import emulator_line
from mqsc.engine.smf import clock
from mqsc.engine.smf.build import SYSTEM_ID
from mqsc.engine.smf.record import (
    DUMP_HEADER_TYPE,
    DUMP_TRAILER_TYPE,
    PlainRecord,
    RecordError,
    encode_plain,
    iter_records,
    record_type,
)
from mqsc.store.smfdata import in_catalog, is_smf_data_set

RC_OK, RC_ERRORS_IN_RECORDS, RC_BAD_INPUT = 0, 4, 8
_TOKEN = re.compile(r"\s*(?:([A-Za-z0-9#@$.:]+)|([(),]))")


class StatementError(ValueError):
    """SYSIN the program cannot use (the message quotes it)."""


@dataclass(frozen=True, slots=True)
class Node:
    """A keyword and what its parentheses hold."""

    name: str
    items: tuple[Node, ...] = ()


@dataclass(frozen=True, slots=True)
class Input:
    ddname: str
    dump: bool = True
    clear: bool = True


@dataclass(frozen=True, slots=True)
class Output:
    ddname: str
    #: (type, subtype or None) pairs; empty with ``exclude`` False: every type.
    types: frozenset[tuple[int, int | None]] = frozenset()
    exclude: bool = False

    def wants(self, rtype: int, subtype: int | None) -> bool:
        hit = (rtype, None) in self.types or (rtype, subtype) in self.types
        return hit != self.exclude if self.types else not self.exclude


@dataclass(frozen=True, slots=True)
class Parameters:
    inputs: tuple[Input, ...]
    outputs: tuple[Output, ...]
    dates: tuple[int, int] = (1900000, 2099366)
    start: int = 0
    end: int = 2400
    listing: tuple[str, ...] = ()


# ---- statements --------------------------------------------------------------------------------
def _strip_comments(records: Sequence[str]) -> list[str]:
    text = "\n".join(r[:71] for r in records)
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return [line.rstrip() for line in text.upper().splitlines() if line.strip()]


def _tokens(text: str) -> Iterator[str]:
    at = 0
    text = text.rstrip()
    while at < len(text):
        match = _TOKEN.match(text, at)
        if match is None or match.end() == at:
            raise StatementError(f"character {text[at:].strip()[:1]!r} in {text.strip()}")
        at = match.end()
        yield match.group(1) or match.group(2)


def parse_nodes(text: str) -> tuple[Node, ...]:
    """Keyword(...) statements as nodes.

    >>> parse_nodes("INDD(DUMPIN,OPTIONS(DUMP)) DATE(2026001,2026365)")[0]
    Node(name='INDD', items=(Node(name='DUMPIN', items=()), Node(name='OPTIONS', \
items=(Node(name='DUMP', items=()),))))
    """
    tokens = list(_tokens(text))
    nodes, at = [], 0
    while at < len(tokens):
        node, at = _node(tokens, at)
        if not node.items:
            raise StatementError(f"{node.name} without a value")
        nodes.append(node)
    return tuple(nodes)


def _node(tokens: list[str], at: int) -> tuple[Node, int]:
    name = tokens[at]
    if name in "(),":
        raise StatementError(f"'{name}' where a keyword belongs")
    at += 1
    if at >= len(tokens) or tokens[at] != "(":
        return Node(name), at
    items: list[Node] = []
    at += 1
    while True:
        if at >= len(tokens):
            raise StatementError(f"{name}( without its closing parenthesis")
        if tokens[at] == ")":
            return Node(name, tuple(items)), at + 1
        item, at = _node(tokens, at)
        items.append(item)
        if at < len(tokens) and tokens[at] == ",":
            at += 1


def _number(text: str, low: int, high: int, what: str) -> int:
    if not text.isdigit() or not low <= int(text) <= high:
        raise StatementError(f"{what}({text}): {low}-{high} expected")
    return int(text)


def _range(text: str, high: int, what: str) -> range:
    first, _, last = text.partition(":")
    low = _number(first, 0, high, what)
    return range(low, _number(last, low, high, what) + 1) if last else range(low, low + 1)


def _types(items: tuple[Node, ...]) -> frozenset[tuple[int, int | None]]:
    out: set[tuple[int, int | None]] = set()
    for item in items:
        for rtype in _range(item.name, 255, "TYPE"):
            if not item.items:
                out.add((rtype, None))
            for sub in item.items:
                out.update((rtype, s) for s in _range(sub.name, 65535, "subtype"))
    return frozenset(out)


def parse(records: Sequence[str]) -> Parameters:
    """The program's parameters from its SYSIN records."""
    listing = _strip_comments(records)
    inputs: list[Input] = []
    outputs: list[Output] = []
    values: dict[str, Any] = {}
    for node in parse_nodes(" ".join(listing)):
        if node.name == "INDD":
            options = {o.name for n in node.items[1:] if n.name == "OPTIONS" for o in n.items}
            if len(node.items) != 2 or not options <= {"DUMP", "CLEAR", "ALL"} or len(options) != 1:
                raise StatementError("INDD(ddname,OPTIONS(DUMP|CLEAR|ALL))")
            option = options.pop()
            inputs.append(Input(node.items[0].name, option != "CLEAR", option != "DUMP"))
        elif node.name == "OUTDD":
            kinds = [n for n in node.items[1:] if n.name in ("TYPE", "NOTYPE")]
            if len(node.items) != 2 or len(kinds) != 1:
                raise StatementError("OUTDD(ddname,TYPE(list)) or OUTDD(ddname,NOTYPE(list))")
            outputs.append(
                Output(node.items[0].name, _types(kinds[0].items), kinds[0].name == "NOTYPE")
            )
        elif node.name == "DATE" and len(node.items) == 2:
            values["dates"] = tuple(_number(n.name, 1900000, 2099366, "DATE") for n in node.items)
        elif node.name in ("START", "END") and len(node.items) == 1:
            values[node.name.lower()] = _number(node.items[0].name, 0, 2400, node.name)
        else:
            raise StatementError(f"{node.name} is not an IFASMFDP parameter")
    return Parameters(
        tuple(inputs) or (Input("DUMPIN"),),
        tuple(outputs) or (Output("DUMPOUT"),),
        listing=tuple(listing),
        **values,
    )


# ---- selecting and summarising -----------------------------------------------------------------
def _when(data: bytes) -> tuple[int, int]:
    """A record's date (yyyyddd) and time (hhmm) from its SMF header."""
    time = int.from_bytes(data[6:10], "big") // 100
    digits = data[10:14].hex()
    year = (19 + int(digits[1])) * 100 + int(digits[2:4])
    return year * 1000 + int(digits[4:7]), (time // 3600) * 100 + time // 60 % 60


def selected(data: bytes, params: Parameters) -> bool:
    """Whether a record falls in the DATE window, between START and END on its day."""
    try:
        date, hhmm = _when(data)
    except ValueError:
        return False
    return params.dates[0] <= date <= params.dates[1] and params.start <= hhmm < params.end


@dataclass
class Tally:
    """Records read and written, by type: the summary activity report's rows."""

    read: dict[int, list[int]] = field(default_factory=dict)
    written: dict[int, int] = field(default_factory=dict)
    errors: int = 0
    first: dt.datetime | None = None
    last: dt.datetime | None = None

    def saw(self, rtype: int, data: bytes) -> None:
        self.read.setdefault(rtype, []).append(len(data))
        try:
            moment = clock.from_smf(int.from_bytes(data[6:10], "big"), data[10:14])
        except ValueError:
            return
        self.first = moment if self.first is None else min(self.first, moment)
        self.last = moment if self.last is None else max(self.last, moment)

    def wrote(self, rtype: int) -> None:
        self.written[rtype] = self.written.get(rtype, 0) + 1


def _decimal(value: float) -> str:
    """Two decimals, thousands separated, no zero before the point (".16", "1,148.20")."""
    text = f"{value:,.2f}"
    return text[1:] if text.startswith("0.") else text


def _pct(part: int, whole: int) -> str:
    return _decimal(100 * part / whole if whole else 0.0)


def report(tally: Tally) -> list[str]:
    """The SUMMARY ACTIVITY REPORT (z/OS MVS SMF, "Summary activity report", Figure 1)."""
    total = sum(len(v) for v in tally.read.values())
    stamp = "%m/%d/%Y-%H:%M:%S"
    first = tally.first.strftime(stamp) if tally.first else ""
    last = tally.last.strftime(stamp) if tally.last else ""
    lines = [
        f"{'':43}SUMMARY ACTIVITY REPORT",
        f"{'':6}START DATE-TIME  {first:<19}{'':25}END DATE-TIME  {last}",
        f"{'':6}RECORD       RECORDS         PERCENT      AVG. RECORD   MIN. RECORD   "
        "MAX. RECORD       RECORDS",
        f"{'':8}TYPE          READ        OF TOTAL           LENGTH        LENGTH        "
        "LENGTH       WRITTEN",
    ]
    lengths = [n for v in tally.read.values() for n in v]
    for rtype in sorted(set(tally.read) | set(tally.written)):
        sizes = tally.read.get(rtype, [])
        avg = sum(sizes) / len(sizes) if sizes else 0.0
        lines.append(
            f"{rtype:>12}{len(sizes):>14,}{_pct(len(sizes), total) + ' %':>16}"
            f"{_decimal(avg):>17}{min(sizes, default=0):>14,}{max(sizes, default=0):>14,}"
            f"{tally.written.get(rtype, 0):>14,}"
        )
    avg = sum(lengths) / len(lengths) if lengths else 0.0
    lines.append(
        f"{'':6}TOTAL{total:>15,}{'100 %':>16}{_decimal(avg):>17}"
        f"{min(lengths, default=0):>14,}{max(lengths, default=0):>14,}"
        f"{sum(tally.written.values()):>14,}"
    )
    lines.append(f"{'':6}NUMBER OF RECORDS IN ERROR{tally.errors:>16,}")
    return lines


# ---- the program -------------------------------------------------------------------------------
def subtype_of(data: bytes) -> int | None:
    """A record's subtype, when its header says it has one (flag X'40')."""
    return int.from_bytes(data[22:24], "big") if len(data) >= 24 and data[4] & 0x40 else None


def run_ifasmfdp(ctx: StepContext) -> StepOutcome:
    """``EXEC PGM=IFASMFDP``."""
    sysin = ctx.read("SYSIN").text.splitlines() if ctx.has("SYSIN") else []
    try:
        params = parse(sysin)
    except StatementError as error:
        ctx.print(
            "SYSPRINT", [*_strip_comments(sysin), emulator_line("MQSC291E", problem=str(error))]
        )
        return StepOutcome(cc=RC_BAD_INPUT)
    listing = list(params.listing)
    problem = _check_dds(ctx, params)
    if problem:
        ctx.print("SYSPRINT", [*listing, problem])
        return StepOutcome(cc=RC_BAD_INPUT)
    tally = Tally()
    chosen: dict[str, list[bytes]] = {o.ddname: [] for o in params.outputs}
    for source in params.inputs:
        if not source.dump:
            continue
        for data in _records(ctx, source.ddname, tally, listing):
            rtype = record_type(data)
            tally.saw(rtype, data)
            if not selected(data, params):
                continue
            for out in params.outputs:
                if out.wants(rtype, subtype_of(data)):
                    chosen[out.ddname].append(data)
    now = ctx.clock()
    for out in params.outputs:
        records = [
            encode_plain(PlainRecord(DUMP_HEADER_TYPE, now, SYSTEM_ID)),
            *chosen[out.ddname],
            encode_plain(PlainRecord(DUMP_TRAILER_TYPE, now, SYSTEM_ID)),
        ]
        for data in records:
            tally.wrote(record_type(data))
        ctx.write_bytes(out.ddname, b"".join(records))
    for source in params.inputs:
        if source.clear:
            in_catalog(ctx.catalog.root, str(ctx.dsn_of(source.ddname))).clear()
    if any(s.dump for s in params.inputs) and (tally.read or tally.written):
        listing += ["", *report(tally)]
    ctx.print("SYSPRINT", listing)
    return StepOutcome(cc=RC_ERRORS_IN_RECORDS if tally.errors else RC_OK)


def _check_dds(ctx: StepContext, params: Parameters) -> str:
    """What is wrong with the step's DD statements for these parameters ("" when nothing)."""
    for source in params.inputs:
        if not ctx.has(source.ddname):
            return emulator_line("MQSC292E", ddname=source.ddname, role="input (INDD)")
        if source.clear and not is_smf_data_set(ctx.dsn_of(source.ddname) or ""):
            return emulator_line(
                "MQSC293E", ddname=source.ddname, dsn=ctx.dsn_of(source.ddname) or "in-stream data"
            )
    for out in params.outputs:
        if not ctx.has(out.ddname, output=True):
            return emulator_line("MQSC292E", ddname=out.ddname, role="output (OUTDD)")
    return ""


def _records(ctx: StepContext, ddname: str, tally: Tally, listing: list[str]) -> Iterator[bytes]:
    data = ctx.read_bytes(ddname)
    try:
        yield from iter_records(data)
    except RecordError as error:
        tally.errors += 1
        listing.append(emulator_line("MQSC294E", ddname=ddname, problem=str(error)))
