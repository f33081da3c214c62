"""``mqsc stats``: buffer pool and page set statistics of the current interval, with the SMF
115 field names (QPST for buffer pools, QIS1 for page sets). ``--reset`` starts a new interval
after showing them, as each SMF interval does.
"""

from __future__ import annotations

import argparse
import json
import sys

from mqsc.cli.options import add_qmgr_options, open_from

POOL_FIELDS = (("NBUF", "buffers"), ("CBSL", "low"), ("CBS", "stealable"), ("GETP", "getp"),
               ("GETN", "getn"), ("RIO", "rio"), ("STW", "stw"), ("TPW", "tpw"), ("WIO", "wio"),
               ("IMW", "imw"), ("DWT", "dwt"), ("DMC", "dmc"), ("STL", "stl"), ("SOS", "sos"))
PAGESET_FIELDS = (("TOPG", "total"), ("UNPG", "unused"), ("PPG", "persistent"),
                  ("NPPG", "nonpersistent"), ("EXPN", "expansions"), ("FULL", "full"),
                  ("DWPN", "dw_ios"), ("DWPP", "dw_pages"), ("IMWN", "imw_ios"),
                  ("IMWP", "imw_pages"), ("GETN", "read_ios"), ("GETP", "read_pages"),
                  ("CKPP", "ckpt_pages"))


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("stats", help="buffer pool and page set statistics",
                            description=__doc__.split("\n\n")[0])
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--reset", action="store_true", help="start a new interval after")
    add_qmgr_options(parser)
    parser.set_defaults(handler=run)


def collect(qm) -> dict:
    """The statistics as plain data."""
    tables = qm.state.tables
    used = {ps.pool for ps in tables["pageset"].values()}
    pools = {}
    for key in sorted(used):
        pool = tables["pool"][key]
        values = {**pool.stats.as_dict(), "buffers": pool.buffers, "stealable": pool.stealable}
        if values["low"] < 0:
            values["low"] = pool.stealable
        pools[key] = {label: values[name] for label, name in POOL_FIELDS}
    pagesets = {}
    for key, ps in sorted(tables["pageset"].items()):
        io = tables["pool"][ps.pool].io.get(key)
        values = {"total": ps.total, "unused": ps.unused, "persistent": ps.persistent,
                  "nonpersistent": ps.nonpersistent, "expansions": ps.expansions,
                  "full": ps.stats.full, **(io.as_dict() if io else {})}
        pagesets[key] = {label: values.get(name, 0) for label, name in PAGESET_FIELDS}
    return {"bufferPools": pools, "pageSets": pagesets}


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


def text_lines(qmgr: str, data: dict) -> list[str]:
    """The statistics as two tables (also the console's ``\\stats``)."""
    lines = [f"Buffer pool statistics for {qmgr} (QPST)",
             " Pool" + "".join(f"{label:>9}" for label, _ in POOL_FIELDS)]
    for key, row in data["bufferPools"].items():
        lines.append(f" {key:>4}" + "".join(f"{row[label]:>9}" for label, _ in POOL_FIELDS))
    lines += [f"Page set statistics for {qmgr} (QIS1)",
              " PSID" + "".join(f"{label:>9}" for label, _ in PAGESET_FIELDS)]
    for key, row in data["pageSets"].items():
        lines.append(f" {key:>4}" + "".join(f"{row[label]:>9}" for label, _ in PAGESET_FIELDS))
    return lines
