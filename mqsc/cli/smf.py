"""``mqsc smf``: the simulated system's SMF records (types 115 and 116) as a file, and read.

* ``mqsc smf dump OUT.bin`` copies the records of the home's SMF data set (SYS1.MAN1) to a
  file as IFASMFDP does (the dump header record, the records each behind its RDW, the dump
  trailer), ``--type 115,116`` (types, ranges ``n:m``, subtypes ``115(215,201)``) choosing
  which, ``--clear`` emptying the SMF data set afterwards; it prints IFASMFDP's summary
  activity report. The file is what a binary download of an IFASMFDP data set (with the RDW)
  gives: IBM's formatters (MP1B's MQSMF, mq-smf-csv) read it.
* ``mqsc smf print FILE`` decodes a file of records (``-`` or none: the SMF data set):
  one line per record and, for each section, its fields that are not zero; ``--format json``
  prints every field of every record.

Exit status: 0 done, 1 records that could not be read (what came before them is used),
2 bad arguments or a file that cannot be read or written.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from mqsc.batch import ifasmfdp
from mqsc.cli.options import fixed_clock
from mqsc.engine.smf import clock
from mqsc.engine.smf.build import SYSTEM_ID
from mqsc.engine.smf.record import (
    CHANNEL_SUBTYPE,
    DUMP_HEADER_TYPE,
    DUMP_TRAILER_TYPE,
    PlainRecord,
    RecordError,
    SmfRecord,
    decode,
    encode_plain,
    iter_records,
    record_type,
)
from mqsc.store.home import home_data_set


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "smf", help="dump and print the SMF 115/116 records", description=__doc__.split("\n\n")[0]
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    dump = actions.add_parser(
        "dump", help="copy the SMF data set's records to a file, as IFASMFDP does"
    )
    dump.add_argument("output", type=Path, metavar="OUT.bin")
    dump.add_argument(
        "--type",
        default="0:255",
        metavar="LIST",
        help="record types to copy: 115,116 or 115:116 or 115(215,201) (default all)",
    )
    dump.add_argument(
        "--clear",
        action="store_true",
        help="empty the SMF data set afterwards (IFASMFDP OPTIONS(ALL))",
    )
    dump.set_defaults(handler=run_dump)
    show = actions.add_parser("print", help="decode a file of SMF records")
    show.add_argument(
        "file",
        nargs="?",
        default="-",
        metavar="FILE",
        help="a file of RDW-prefixed records (default: the SMF data set)",
    )
    show.add_argument("--format", choices=("text", "json"), default="text")
    show.add_argument(
        "--hex", action="store_true", help="also dump each record in hex, with its EBCDIC text"
    )
    show.set_defaults(handler=run_print)


def _fail(message: str) -> int:
    print(f"mqsc smf: {message}", file=sys.stderr)
    return 2


def run_dump(args: argparse.Namespace) -> int:
    try:
        wanted = ifasmfdp.parse([f"OUTDD(DUMPOUT,TYPE({args.type}))"]).outputs[0]
    except ifasmfdp.StatementError as error:
        return _fail(f"--type: {error}")
    source = home_data_set()
    data = source.read()
    tally = ifasmfdp.Tally()
    now = clock.from_stck(clock.stck(_now()))
    chosen = [encode_plain(PlainRecord(DUMP_HEADER_TYPE, now, SYSTEM_ID))]
    try:
        for record in iter_records(data):
            tally.saw(record_type(record), record)
            if wanted.wants(record_type(record), ifasmfdp.subtype_of(record)):
                chosen.append(record)
    except RecordError as error:
        tally.errors += 1
        print(f"mqsc smf: {source.path}: {error}", file=sys.stderr)
    chosen.append(encode_plain(PlainRecord(DUMP_TRAILER_TYPE, now, SYSTEM_ID)))
    for record in chosen:
        tally.wrote(record_type(record))
    try:
        args.output.write_bytes(b"".join(chosen))
    except OSError as error:
        return _fail(f"{args.output}: {error.strerror}")
    if args.clear:
        source.clear()
    sys.stdout.write("".join(line + "\n" for line in ifasmfdp.report(tally)))
    return 1 if tally.errors else 0


def _now():
    fixed = fixed_clock()
    return fixed() if fixed is not None else dt.datetime.now()


def _read(name: str) -> bytes:
    if name == "-":
        return home_data_set().read()
    return Path(name).read_bytes()


def run_print(args: argparse.Namespace) -> int:
    try:
        data = _read(args.file)
    except OSError as error:
        return _fail(f"{args.file}: {error.strerror}")
    records: list[Any] = []
    problem = ""
    try:
        for raw in iter_records(data):
            records.append(decode(raw))
    except RecordError as error:
        problem = str(error)
    if args.format == "json":
        print(json.dumps([_json(r) for r in records], indent=1))
    else:
        raws = list(iter_records(data)) if args.hex else [b""] * len(records)
        for rec, raw in zip(records, raws, strict=False):
            lines = text_lines(rec) + (hex_lines(raw) if args.hex else [])
            sys.stdout.write("".join(line + "\n" for line in lines))
    if problem:
        print(f"mqsc smf: {args.file}: {problem}", file=sys.stderr)
        return 1
    return 0


def _plain(value: Any) -> Any:
    if isinstance(value, bytes):
        return value.hex().upper()
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, str):
        return value.rstrip()
    return value


def _json(record: SmfRecord | PlainRecord) -> dict[str, Any]:
    if isinstance(record, PlainRecord):
        return {
            "type": record.rtype,
            "time": record.moment.isoformat(),
            "system": record.sysid.strip(),
        }
    return {
        "type": record.rtype,
        "subtype": record.subtype,
        "time": record.moment.isoformat(),
        "system": record.sysid.strip(),
        "subsystem": record.ssid.strip(),
        "release": record.release,
        "product": _plain(record.product),
        "sections": [
            {"name": s.name, "entries": _plain(s.entries)} for s in record.sections if s.entries
        ],
    }


def _nonzero(entry: Mapping[str, Any], prefix: str = "") -> list[str]:
    out = []
    for name, value in entry.items():
        if isinstance(value, tuple) and value and isinstance(value[0], Mapping):
            for index, sub in enumerate(value):
                out += _nonzero(sub, f"{name}[{index}].")
        elif isinstance(value, tuple):
            if any(value):
                out.append(f"{prefix}{name}={','.join(str(v) for v in value)}")
        elif isinstance(value, bytes):
            if any(value):
                out.append(f"{prefix}{name}=X'{value.hex().upper()}'")
        elif isinstance(value, str):
            if value.strip():
                out.append(f"{prefix}{name}={value.rstrip()}")
        elif value:
            out.append(f"{prefix}{name}={value}")
    return out


def text_lines(record: SmfRecord | PlainRecord) -> list[str]:
    """A record in words: a title line, then each section's fields that are not zero."""
    when = (
        record.moment.strftime("%Y-%m-%d %H:%M:%S.") + f"{record.moment.microsecond // 10000:02d}"
    )
    if isinstance(record, PlainRecord):
        kind = {DUMP_HEADER_TYPE: "dump header", DUMP_TRAILER_TYPE: "dump trailer"}
        return [f"SMF {record.rtype} {kind.get(record.rtype, '')} {record.sysid} {when}"]
    lines = [
        f"SMF {record.rtype} subtype {record.subtype} {record.sysid}/{record.ssid} {when} "
        f"release {record.release}"
    ]
    start, duration = record.product.get("qwhstime"), record.product.get("qwhsdurn")
    if start and (record.rtype == 115 or record.subtype == CHANNEL_SUBTYPE):
        # The channel initiator's records (231, and its channel accounting) count the
        # duration in STCK units, the queue manager's in microseconds.
        stck = record.subtype in (231, CHANNEL_SUBTYPE)
        seconds = (duration or 0) / (clock.STCK_SECOND if stck else 1_000_000)
        lines.append(f"  interval {clock.from_stck(start):%Y-%m-%d %H:%M:%S} for {seconds:g} s")
    for section in record.sections:
        for index, entry in enumerate(section.entries):
            fields = [
                f
                for f in _nonzero(entry)
                if not f.split("=")[0].endswith(
                    ("id", "ll", "eyec", "len", "desc", "eid", "shex", "eye")
                )
            ]
            lines.append(f"  {section.name}[{index}] " + " ".join(fields))
    return lines


def hex_lines(data: bytes) -> list[str]:
    """A record in hex, 16 bytes a line: offset, the bytes in groups of four, and the EBCDIC
    text (a dot for what does not print), as z/OS dump formatters show storage; lines equal to
    the one before are counted, not repeated.

    >>> hex_lines(bytes.fromhex("001C0000") + "QMZ1".encode("cp037"))
    ['  000000  001C0000 D8D4E9F1                    *....QMZ1        *']
    >>> hex_lines(bytes(64))[1:]
    ['  000010  3 lines same as above']
    """
    out: list[str] = []
    same, previous = 0, b""
    for at in range(0, len(data), 16):
        chunk = data[at : at + 16]
        if chunk == previous and len(chunk) == 16:
            same += 1
            continue
        if same:
            out.append(
                f"  {at - 16 * same:06X}  {same} line{'s' if same > 1 else ''} same as above"
            )
            same = 0
        previous = chunk
        words = " ".join(chunk[i : i + 4].hex().upper() for i in range(0, len(chunk), 4))
        text = "".join(c if c.isprintable() and c.isascii() else "." for c in chunk.decode("cp037"))
        out.append(f"  {at:06X}  {words:<35}  *{text:<16}*")
    if same:
        out.append(
            f"  {len(data) - 16 * same:06X}  {same} line{'s' if same > 1 else ''} same as above"
        )
    return out
