"""``mqsc advise``: capacity advice from the current state (mqsc/capacity.py)."""

from __future__ import annotations

import argparse
import dataclasses
import json

from mqsc.capacity import advise
from mqsc.cli.options import add_qmgr_options, open_from


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("advise", help="capacity advice for buffer pools and page sets",
                            description="Capacity advice: pools that crossed their thresholds, "
                            "page sets near full, the MEMLIMIT above-the-bar pools need.")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    add_qmgr_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    qm = open_from(args, "advise")
    if qm is None:
        return 2
    try:
        with qm.session():
            advice = advise(qm)
    finally:
        qm.close()
    if args.format == "json":
        print(json.dumps(dataclasses.asdict(advice), indent=2, default=str))
        return 0
    print("\n".join(text_lines(advice)))
    return 0


def text_lines(advice) -> list[str]:
    lines = [f"Capacity advice for {advice.qmgr}", "", "Buffer pools (lowest stealable in the "
             "statistics interval; IBM advises more than 15%):"]
    for p in advice.pools:
        lines.append(f" {p.pool:>3} {p.location:<5} {p.buffers:>10,} buffers  now "
                     f"{p.percent:>3}%  lowest {p.lowest_percent:>3}%  deferred writes "
                     f"{p.deferred_writes}  synchronous {p.synchronous}")
        lines.extend(f"       - {f}" for f in p.findings)
    lines += ["", "Page sets:"]
    for ps in advice.pagesets:
        if ps.findings:
            lines.append(f" {ps.psid:>3} {ps.used:,} of {ps.total:,} pages, {ps.expansions} "
                         f"expansions, {ps.extents} extents, EXPAND({ps.expand})")
            lines.extend(f"       - {f}" for f in ps.findings)
    if all(not ps.findings for ps in advice.pagesets):
        lines.append("  no page set near full")
    gb = advice.memlimit_gb
    lines += ["", f"MEMLIMIT: at least {gb}G (2 GB + {advice.above_bar_buffers:,} above-the-bar "
              f"buffers x 4 KB + 200 bytes x {advice.messages_held:,} messages held)"]
    lines.extend(str(e) for e in advice.extra)
    return lines
