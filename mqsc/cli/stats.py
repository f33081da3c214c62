"""``mqsc stats``: buffer pool and page set statistics of the current interval, with the SMF
115 field names (QPST for buffer pools, QIS1 for page sets). ``--reset`` starts a new interval
after showing them, as each SMF interval does.
"""

from __future__ import annotations

import argparse
import json
import sys

from mqsc.cli.options import add_qmgr_options, open_from
from mqsc.engine.statistics import collect
from mqsc.render.statistics import text_lines


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("stats", help="buffer pool and page set statistics",
                            description=__doc__.split("\n\n")[0])
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--reset", action="store_true", help="start a new interval after")
    add_qmgr_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    qm = open_from(args, "stats")
    if qm is None:
        return 2
    try:
        with qm.session():
            data = collect(qm)
        if args.reset:
            qm.reset_statistics()
    finally:
        qm.close()
    if args.format == "json":
        print(json.dumps({"qmgr": qm.name, **{k: {str(i): v for i, v in t.items()}
                                              for k, t in data.items()}}, indent=2))
        return 0
    sys.stdout.write("".join(line + "\n" for line in text_lines(qm.name, data)))
    return 0
