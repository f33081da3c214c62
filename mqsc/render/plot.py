"""The web console's storage charts as one standalone SVG (``mqsc stats --plot FILE``): page
set used pages, stealable buffers %, and the write counts and expansions of the statistics
interval, over the samples taken. The same choices as the console's ``chart.js``: only the page
sets and pools in use or moving are drawn, and only the write counts that are not zero.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import NamedTuple
from xml.sax.saxutils import escape, quoteattr

COLOURS = ("#1192e8", "#8a3ffc", "#009d9a", "#fa4d56", "#198038", "#b28600", "#ee538b",
           "#002d9c")
#: The statistics interval's buffer manager counts the console charts (IBM MQ, "Buffer
#: manager data records"): DWT, deferred write processor starts; IMW, synchronous writes;
#: DMC, updates made synchronously because the pool was over 95% full of changed pages.
WRITE_FIELDS = ("DWT", "IMW", "DMC")
WIDTH, HEIGHT = 600, 220
PAD_L, PAD_R, PAD_T, PAD_B = 52, 130, 28, 22


class Sample(NamedTuple):
    """One look at the statistics: when (seconds since the epoch), the figures of
    :func:`mqsc.engine.statistics.collect`, and each page set's buffer pool."""

    t: float
    stats: Mapping
    pools_of: Mapping[str, str]


class Series(NamedTuple):
    name: str
    points: tuple[tuple[float, int], ...]


def _moving(points: Sequence[tuple[float, int]]) -> bool:
    return any(v != points[0][1] for _, v in points)


def _collect(samples: Sequence[Sample], pick) -> dict[str, list[tuple[float, int]]]:
    out: dict[str, list[tuple[float, int]]] = {}
    for sample in samples:
        for name, value in pick(sample):
            out.setdefault(name, []).append((sample.t, value))
    return out


def chart_series(samples: Sequence[Sample]) -> dict[str, list[Series]]:
    """The three charts' series, by chart: ``pages``, ``pools`` and ``writes``."""
    if not samples:
        return {"pages": [], "pools": [], "writes": []}
    pages = _collect(samples, lambda s: ((f"PS{int(k):02d}", r["TOPG"] - r["UNPG"])
                                         for k, r in s.stats["pageSets"].items()))
    pools = _collect(samples, lambda s: ((f"BP{k}", 100 * r["CBS"] // r["NBUF"] if r["NBUF"]
                                          else 0)
                                         for k, r in s.stats["bufferPools"].items()))

    def writes(s: Sample):
        for k, r in s.stats["bufferPools"].items():
            for field in WRITE_FIELDS:
                yield f"BP{k} {field}", r[field]
        for k, r in s.stats["pageSets"].items():
            yield f"PS{int(k):02d} EXPN", r["EXPN"]

    last = samples[-1]
    holding = {str(last.pools_of.get(str(k))) for k, r in last.stats["pageSets"].items()
               if r["UNPG"] < r["TOPG"]}
    return {
        "pages": [Series(n, tuple(p)) for n, p in pages.items() if p[-1][1] > 0 or _moving(p)],
        "pools": [Series(n, tuple(p)) for n, p in pools.items()
                  if n[2:] in holding or _moving(p)],
        "writes": [Series(n, tuple(p)) for n, p in _collect(samples, writes).items()
                   if any(v for _, v in p)],
    }


def _clock(t: float) -> str:
    return time.strftime("%H:%M:%S", time.localtime(t))


def _chart(title: str, series: Sequence[Series], unit: str, top: int) -> list[str]:
    out = [f'<g class="chart" transform="translate(0,{top})" data-chart={quoteattr(title)}>',
           f'<text x="4" y="14" font-weight="bold">{escape(title)}</text>']
    pts = [p for s in series for p in s.points]
    if not pts:
        out += [f'<text x="{PAD_L}" y="{HEIGHT // 2}">nothing in use or moving</text>', "</g>"]
        return out
    t0, t1 = min(t for t, _ in pts), max(t for t, _ in pts)
    v0, v1 = min(v for _, v in pts), max(v for _, v in pts)
    if v0 == v1:
        v0, v1 = max(0, v0 - 1), v1 + 1

    def x(t: float) -> float:
        return PAD_L + (0 if t1 == t0 else (t - t0) / (t1 - t0)) * (WIDTH - PAD_L - PAD_R)

    def y(v: int) -> float:
        return PAD_T + (1 - (v - v0) / (v1 - v0)) * (HEIGHT - PAD_T - PAD_B)

    bottom = HEIGHT - PAD_B
    out += [f'<line x1="{PAD_L}" y1="{PAD_T}" x2="{PAD_L}" y2="{bottom}" stroke="#999"/>',
            f'<line x1="{PAD_L}" y1="{bottom}" x2="{WIDTH - PAD_R}" y2="{bottom}" '
            f'stroke="#999"/>',
            f'<text x="4" y="{PAD_T + 10}">{v1}{escape(unit)}</text>',
            f'<text x="4" y="{bottom}">{v0}{escape(unit)}</text>',
            f'<text x="{PAD_L}" y="{HEIGHT - 6}">{_clock(t0)}</text>',
            f'<text x="{WIDTH - PAD_R - 60}" y="{HEIGHT - 6}">{_clock(t1)}</text>']
    for i, s in enumerate(series):
        colour = COLOURS[i % len(COLOURS)]
        line = " ".join(f"{x(t):.1f},{y(v):.1f}" for t, v in s.points)
        values = " ".join(str(v) for _, v in s.points)
        out.append(f'<polyline points="{line}" fill="none" stroke="{colour}" '
                   f'stroke-width="2" data-series={quoteattr(s.name)} '
                   f'data-values="{values}"/>')
        # A single sample draws no line: its point is marked.
        out += [f'<circle cx="{x(t):.1f}" cy="{y(v):.1f}" r="2.5" fill="{colour}"/>'
                for t, v in s.points[-1:]]
        out.append(f'<text x="{WIDTH - PAD_R + 6}" y="{PAD_T + 4 + i * 14}" fill="{colour}">'
                   f'{escape(s.name)}: {s.points[-1][1]}{escape(unit)}</text>')
    out.append("</g>")
    return out


def svg(qmgr: str, samples: Sequence[Sample]) -> str:
    """The charts as one SVG document (a string, ready to write to a file)."""
    charts = chart_series(samples)
    height = 24 + 3 * HEIGHT
    when = (f"{_clock(samples[0].t)} to {_clock(samples[-1].t)}, {len(samples)} samples"
            if samples else "no samples")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
           f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="11" '
           f'role="img">',
           f"<title>{escape(qmgr)} page sets and buffer pools</title>",
           f'<text x="4" y="16" font-size="13">{escape(qmgr)}: {escape(when)}</text>']
    for i, (title, key, unit) in enumerate((("Page set used pages", "pages", ""),
                                            ("Stealable buffers %", "pools", "%"),
                                            ("Writes and expansions (interval)", "writes", ""))):
        out += _chart(title, charts[key], unit, 24 + i * HEIGHT)
    out.append("</svg>")
    return "\n".join(out) + "\n"
