"""``mqsc stats``: buffer pool and page set statistics of the current interval, with the SMF
115 field names (QPST for buffer pools, QIS1 for page sets). ``--reset`` starts a new interval
after showing them, as each SMF interval does. ``--plot FILE.svg`` (or ``FILE.png``) writes the
web console's storage charts (page set used pages, stealable buffers %, write counts and
expansions) over ``--samples`` looks taken ``--every`` seconds apart, as one SVG, or the same
lines as a PNG drawn by mqsc.render.raster (no imaging library).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from mqsc.cli.options import add_qmgr_options, open_from
from mqsc.engine.smf.build import pool_and_pageset_figures
from mqsc.engine.smf.record import RecordError, read_records
from mqsc.engine.statistics import collect
from mqsc.render.plot import Sample, png, svg
from mqsc.render.statistics import text_lines
from mqsc.support.files import FileError, write_output


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "stats", help="buffer pool and page set statistics", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--reset", action="store_true", help="start a new interval after")
    parser.add_argument(
        "--smf",
        metavar="FILE",
        type=Path,
        help="read the figures from a file of SMF 115 records (an IFASMFDP "
        "dump, or mqsc smf dump): the last interval it holds",
    )
    parser.add_argument(
        "--plot",
        metavar="FILE.svg|FILE.png",
        type=Path,
        help="also write the storage charts to this SVG or PNG file",
    )
    parser.add_argument(
        "--samples",
        type=int,
        default=1,
        metavar="N",
        help="with --plot: how many looks to chart (default 1)",
    )
    parser.add_argument(
        "--every",
        type=float,
        default=2.0,
        metavar="SECONDS",
        help="with --plot: seconds between looks (default 2)",
    )
    add_qmgr_options(parser)
    parser.set_defaults(handler=run)


def _refusal(args: argparse.Namespace) -> str | None:
    if args.plot is None:
        return None
    if args.plot.suffix.lower() not in (".svg", ".png"):
        return "--plot writes SVG or PNG: name the file FILE.svg or FILE.png"
    if not args.plot.parent.is_dir():
        return f"--plot: no directory {args.plot.parent}"
    if not 1 <= args.samples <= 100_000:
        return "--samples must be 1 to 100000"
    if not 0 <= args.every <= 86_400:
        return "--every must be 0 to 86400 seconds"
    return None


def _look(qm) -> Sample:
    with qm.session():
        data = collect(qm)
        pools_of = {str(k): str(ps.pool) for k, ps in qm.state.tables["pageset"].items()}
    return Sample(time.time(), data, pools_of)


def run_smf(args: argparse.Namespace) -> int:
    """The buffer pool and page set figures of the last interval a file of records holds."""
    try:
        records = read_records(args.smf.read_bytes())
    except OSError as error:
        print(f"mqsc stats: {args.smf}: {error.strerror}", file=sys.stderr)
        return 2
    except RecordError as error:
        print(f"mqsc stats: {args.smf}: {error}", file=sys.stderr)
        return 2
    data = pool_and_pageset_figures(records, args.qmgr)
    interval = data.pop("interval")
    if interval is None:
        print(
            f"mqsc stats: {args.smf}: no SMF 115 subtype 201 or 215 records"
            + (f" of {args.qmgr}" if args.qmgr else ""),
            file=sys.stderr,
        )
        return 2
    if args.format == "json":
        print(
            json.dumps(
                {
                    "qmgr": interval["qmgr"],
                    "interval": {
                        "start": interval["start"].isoformat(),
                        "seconds": interval["seconds"],
                    },
                    **{k: {str(i): v for i, v in t.items()} for k, t in data.items()},
                },
                indent=2,
            )
        )
        return 0
    sys.stdout.write(
        f"Interval {interval['start']:%Y-%m-%d %H:%M:%S}, {interval['seconds']:g} s (SMF)\n"
    )
    sys.stdout.write("".join(line + "\n" for line in text_lines(interval["qmgr"], data)))
    return 0


def run(args: argparse.Namespace) -> int:
    if args.smf is not None:
        if args.reset or args.plot is not None:
            print(
                "mqsc stats: --smf reads a file: --reset and --plot do not apply", file=sys.stderr
            )
            return 2
        return run_smf(args)
    refusal = _refusal(args)
    if refusal is not None:
        print(f"mqsc stats: {refusal}", file=sys.stderr)
        return 2
    qm = open_from(args, "stats")
    if qm is None:
        return 2
    try:
        samples = [_look(qm)]
        if args.plot is not None:
            # Each look enters the state store afresh, so a workload run by another mqsc
            # process meanwhile (put, get, a job) shows in the next one.
            for _ in range(args.samples - 1):
                time.sleep(args.every)
                samples.append(_look(qm))
            try:
                picture = (
                    png(qm.name, samples)
                    if args.plot.suffix.lower() == ".png"
                    else svg(qm.name, samples)
                )
                write_output(args.plot, picture, "plot")
            except FileError as error:
                print(f"mqsc stats: --plot: {error}", file=sys.stderr)
                return 2
        data = samples[-1].stats
        if args.reset:
            qm.reset_statistics()
    finally:
        qm.close()
    if args.format == "json":
        print(
            json.dumps(
                {
                    "qmgr": qm.name,
                    **{k: {str(i): v for i, v in t.items()} for k, t in data.items()},
                },
                indent=2,
            )
        )
        return 0
    sys.stdout.write("".join(line + "\n" for line in text_lines(qm.name, data)))
    return 0
