"""``mqsc advise``: capacity advice from the current state (mqsc/engine/capacity.py)."""

from __future__ import annotations

import argparse
import dataclasses
import json

from mqsc.cli.options import add_qmgr_options, open_from
from mqsc.engine.capacity import advise


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "advise",
        help="capacity advice for buffer pools and page sets",
        description="Capacity advice: pools that crossed their thresholds, "
        "page sets near full, the MEMLIMIT above-the-bar pools need.",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument(
        "--target",
        type=float,
        default=30,
        metavar="MINUTES",
        help="recovery time a CF structure must recover within (default 30)",
    )
    parser.add_argument(
        "--backup-interval",
        type=int,
        nargs="+",
        default=[],
        metavar="MSGS_PER_SECOND",
        help="how often to back up CF structures when the busiest log takes "
        "this many persistent messages a second (the seed's table: 400 1200 "
        "2200)",
    )
    parser.add_argument(
        "--message-size",
        type=int,
        default=1024,
        metavar="BYTES",
        help="message length for --backup-interval (default 1024)",
    )
    parser.add_argument(
        "--read-rate",
        type=float,
        default=3.0,
        metavar="MB_PER_SECOND",
        help="log read-back rate for --backup-interval (default 3, the seed's "
        "2003 DASD; 110 z14, 38 z14 zEDC)",
    )
    add_qmgr_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    qm = open_from(args, "advise")
    if qm is None:
        return 2
    try:
        with qm.session():
            advice = advise(
                qm,
                target_minutes=args.target,
                interval_rates=tuple(args.backup_interval),
                message_bytes=args.message_size,
                read_rate=args.read_rate,
            )
    finally:
        qm.close()
    if args.format == "json":
        print(json.dumps(dataclasses.asdict(advice), indent=2, default=str))
        return 0
    lines = text_lines(advice)
    if args.backup_interval and not advice.qsg:
        lines += ["", *not_in_qsg(advice.qmgr)]
    print("\n".join(lines))
    return 0


def not_in_qsg(qmgr: str) -> list[str]:
    """What ``--backup-interval`` says for a queue manager outside a queue sharing group."""
    return [
        f"Backup interval: {qmgr} is not a member of a queue sharing group, so it has no "
        "CF structures to back up",
        "  (BACKUP CFSTRUCT applies to the structures of a QSG; see docs/qsg.md). For a "
        "member: mqsc create QSA1 --qsg QSG1,",
        "  then mqsc advise -m QSA1 --backup-interval 400 1200 2200",
    ]


def text_lines(advice) -> list[str]:
    lines = [
        f"Capacity advice for {advice.qmgr}",
        "",
        "Buffer pools (lowest stealable in the statistics interval; IBM advises more than 15%):",
    ]
    for p in advice.pools:
        lines.append(
            f" {p.pool:>3} {p.location:<5} {p.buffers:>10,} buffers  now "
            f"{p.percent:>3}%  lowest {p.lowest_percent:>3}%  deferred writes "
            f"{p.deferred_writes}  synchronous {p.synchronous}"
        )
        lines.extend(f"       - {f}" for f in p.findings)
    lines += ["", "Page sets:"]
    for ps in advice.pagesets:
        if ps.findings:
            lines.append(
                f" {ps.psid:>3} {ps.used:,} of {ps.total:,} pages, {ps.expansions} "
                f"expansions, {ps.extents} extents, EXPAND({ps.expand})"
            )
            lines.extend(f"       - {f}" for f in ps.findings)
    if all(not ps.findings for ps in advice.pagesets):
        lines.append("  no page set near full")
    gb = advice.memlimit_gb
    lines += [
        "",
        f"MEMLIMIT: at least {gb}G (2 GB + {advice.above_bar_buffers:,} above-the-bar "
        f"buffers x 4 KB + 200 bytes x {advice.messages_held:,} messages held)",
    ]
    if advice.structures:
        lines += [
            "",
            "CF structures (RECOVER(YES); recovery = restore the backup + read back "
            "the longest member's log since it):",
        ]
    for st in advice.structures:
        backup = (
            f"backup by {st.backup_qmgr}, {st.backup_mb:.1f} MB" if st.backup_qmgr else "no backup"
        )
        logs = ", ".join(f"{q} {mb:.1f} MB" for q, mb in st.log_mb.items()) or "none"
        lines.append(f" {st.structure:<12} {st.status:<8} {backup}; log since: {logs}")
        lines.append(
            "       recovery: "
            + ", ".join(
                f"{label} {seconds:,.0f} s" for label, seconds in st.recovery_seconds.items()
            )
        )
        lines.extend(f"       - {f}" for f in st.findings)
    if advice.intervals:
        first = advice.intervals[0]
        lines += [
            "",
            f"Backup interval for a {first.target_minutes:g}-minute recovery "
            f"({first.message_bytes}-byte persistent messages, log read back at "
            f"{first.read_rate:g} MB/s, {first.restore_seconds:g} s to restore):",
            "  msgs/s on the busiest log   log MB/s   back up every",
        ]
        for row in advice.intervals:
            lines.append(
                f"  {row.messages_per_second:>20,}   {row.log_mb_per_second:>8.2f}   "
                f"{row.minutes:>6} minutes"
            )
    return lines
