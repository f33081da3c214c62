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

COLOURS = ("#1192e8", "#8a3ffc", "#009d9a", "#fa4d56", "#198038", "#b28600", "#ee538b", "#002d9c")
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
    pages = _collect(
        samples,
        lambda s: (
            (f"PS{int(k):02d}", r["TOPG"] - r["UNPG"]) for k, r in s.stats["pageSets"].items()
        ),
    )
    pools = _collect(
        samples,
        lambda s: (
            (f"BP{k}", 100 * r["CBS"] // r["NBUF"] if r["NBUF"] else 0)
            for k, r in s.stats["bufferPools"].items()
        ),
    )

    def writes(s: Sample):
        for k, r in s.stats["bufferPools"].items():
            for field in WRITE_FIELDS:
                yield f"BP{k} {field}", r[field]
        for k, r in s.stats["pageSets"].items():
            yield f"PS{int(k):02d} EXPN", r["EXPN"]

    last = samples[-1]
    holding = {
        str(last.pools_of.get(str(k)))
        for k, r in last.stats["pageSets"].items()
        if r["UNPG"] < r["TOPG"]
    }
    return {
        "pages": [Series(n, tuple(p)) for n, p in pages.items() if p[-1][1] > 0 or _moving(p)],
        "pools": [Series(n, tuple(p)) for n, p in pools.items() if n[2:] in holding or _moving(p)],
        "writes": [
            Series(n, tuple(p))
            for n, p in _collect(samples, writes).items()
            if any(v for _, v in p)
        ],
    }


def _clock(t: float) -> str:
    return time.strftime("%H:%M:%S", time.localtime(t))


class Line(NamedTuple):
    x1: float
    y1: float
    x2: float
    y2: float
    colour: str = "#999"


class Label(NamedTuple):
    """Text whose baseline starts at (x, y)."""

    x: float
    y: float
    text: str
    colour: str = ""
    bold: bool = False


class Trace(NamedTuple):
    """One series drawn: its points on the chart, and the figures they stand for."""

    points: tuple[tuple[float, float], ...]
    colour: str
    name: str
    values: tuple[int, ...]


class Dot(NamedTuple):
    x: float
    y: float
    colour: str


Shape = Line | Label | Trace | Dot


def chart_shapes(title: str, series: Sequence[Series], unit: str) -> list[Shape]:
    """One chart as shapes in its own box (WIDTH x HEIGHT): what the SVG and the PNG both
    draw, so the two files show the same lines."""
    out: list[Shape] = [Label(4, 14, title, bold=True)]
    pts = [p for s in series for p in s.points]
    if not pts:
        return out + [Label(PAD_L, HEIGHT // 2, "nothing in use or moving")]
    t0, t1 = min(t for t, _ in pts), max(t for t, _ in pts)
    v0, v1 = min(v for _, v in pts), max(v for _, v in pts)
    if v0 == v1:
        v0, v1 = max(0, v0 - 1), v1 + 1

    def x(t: float) -> float:
        return PAD_L + (0 if t1 == t0 else (t - t0) / (t1 - t0)) * (WIDTH - PAD_L - PAD_R)

    def y(v: int) -> float:
        return PAD_T + (1 - (v - v0) / (v1 - v0)) * (HEIGHT - PAD_T - PAD_B)

    bottom = HEIGHT - PAD_B
    out += [
        Line(PAD_L, PAD_T, PAD_L, bottom),
        Line(PAD_L, bottom, WIDTH - PAD_R, bottom),
        Label(4, PAD_T + 10, f"{v1}{unit}"),
        Label(4, bottom, f"{v0}{unit}"),
        Label(PAD_L, HEIGHT - 6, _clock(t0)),
        Label(WIDTH - PAD_R - 60, HEIGHT - 6, _clock(t1)),
    ]
    for i, s in enumerate(series):
        colour = COLOURS[i % len(COLOURS)]
        out.append(
            Trace(
                tuple((x(t), y(v)) for t, v in s.points),
                colour,
                s.name,
                tuple(v for _, v in s.points),
            )
        )
        # A single sample draws no line: its point is marked.
        out += [Dot(x(t), y(v), colour) for t, v in s.points[-1:]]
        out.append(
            Label(
                WIDTH - PAD_R + 6, PAD_T + 4 + i * 14, f"{s.name}: {s.points[-1][1]}{unit}", colour
            )
        )
    return out


def _svg_shape(shape: Shape) -> str:
    if isinstance(shape, Line):
        return (
            f'<line x1="{shape.x1}" y1="{shape.y1}" x2="{shape.x2}" y2="{shape.y2}" '
            f'stroke="{shape.colour}"/>'
        )
    if isinstance(shape, Label):
        extra = (' font-weight="bold"' if shape.bold else "") + (
            f' fill="{shape.colour}"' if shape.colour else ""
        )
        return f'<text x="{shape.x}" y="{shape.y}"{extra}>{escape(shape.text)}</text>'
    if isinstance(shape, Trace):
        line = " ".join(f"{x:.1f},{y:.1f}" for x, y in shape.points)
        values = " ".join(str(v) for v in shape.values)
        return (
            f'<polyline points="{line}" fill="none" stroke="{shape.colour}" '
            f'stroke-width="2" data-series={quoteattr(shape.name)} '
            f'data-values="{values}"/>'
        )
    return f'<circle cx="{shape.x:.1f}" cy="{shape.y:.1f}" r="2.5" fill="{shape.colour}"/>'


def _chart(title: str, series: Sequence[Series], unit: str, top: int) -> list[str]:
    return [
        f'<g class="chart" transform="translate(0,{top})" data-chart={quoteattr(title)}>',
        *map(_svg_shape, chart_shapes(title, series, unit)),
        "</g>",
    ]


#: The three charts: title, series key, unit.
CHARTS = (
    ("Page set used pages", "pages", ""),
    ("Stealable buffers %", "pools", "%"),
    ("Writes and expansions (interval)", "writes", ""),
)


def _heading(qmgr: str, samples: Sequence[Sample]) -> str:
    when = (
        f"{_clock(samples[0].t)} to {_clock(samples[-1].t)}, {len(samples)} samples"
        if samples
        else "no samples"
    )
    return f"{qmgr}: {when}"


def svg(qmgr: str, samples: Sequence[Sample]) -> str:
    """The charts as one SVG document (a string, ready to write to a file)."""
    charts = chart_series(samples)
    height = 24 + 3 * HEIGHT
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="11" '
        f'role="img">',
        f"<title>{escape(qmgr)} page sets and buffer pools</title>",
        f'<text x="4" y="16" font-size="13">{escape(_heading(qmgr, samples))}</text>',
    ]
    for i, (title, key, unit) in enumerate(CHARTS):
        out += _chart(title, charts[key], unit, 24 + i * HEIGHT)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def png(qmgr: str, samples: Sequence[Sample], scale: int = 2) -> bytes:
    """The same charts as a PNG image (``mqsc stats --plot FILE.png``): the shapes of the
    SVG drawn by :mod:`mqsc.render.raster` (zlib and struct, no imaging library), text in
    its small capitals font."""
    from mqsc.render.raster import Canvas  # noqa: PLC0415 - start-up: the raster font only when a chart is drawn

    charts = chart_series(samples)
    canvas = Canvas(WIDTH, 24 + 3 * HEIGHT, scale)
    canvas.text(4, 16, _heading(qmgr, samples), "#161616")
    for i, (title, key, unit) in enumerate(CHARTS):
        top = 24 + i * HEIGHT
        for shape in chart_shapes(title, charts[key], unit):
            if isinstance(shape, Line):
                canvas.line(shape.x1, top + shape.y1, shape.x2, top + shape.y2, shape.colour, 1)
            elif isinstance(shape, Label):
                canvas.text(
                    shape.x, top + shape.y, shape.text, shape.colour or "#161616", bold=shape.bold
                )
            elif isinstance(shape, Trace):
                for (xa, ya), (xb, yb) in zip(shape.points, shape.points[1:]):
                    canvas.line(xa, top + ya, xb, top + yb, shape.colour, 2)
            else:
                canvas.dot(shape.x, top + shape.y, 2.5, shape.colour)
    return canvas.png()
